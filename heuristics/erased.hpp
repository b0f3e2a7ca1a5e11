// heuristics/erased.hpp — any admissible heuristic of board B behind one type, so that a search is
// compiled once per board instead of once per heuristic.
//
// The engine runs the searches that are not bound by their heuristic through it: the storing
// textbook searches (BFS, A*, greedy best-first, DFBnB) on every board, misplaced tiles, and a
// frame's searches with the held board's own heuristics (heuristics/framed.hpp). A value is the
// state and its estimate; update() makes the move on the state and asks the wrapped heuristic for
// the estimate of the whole new state (one indirect call: init and estimate of the wrapped
// heuristic). The estimates are the wrapped heuristic's own, so every search counts the same nodes
// as with the heuristic itself; kBatchChildren (IDA*'s child order, core/search/ida_star.hpp) is a
// parameter so that a depth-first search orders children as it would with the heuristic itself.
//
// Invariant: the wrapped heuristic outlives the ErasedHeuristic (it keeps a pointer to it).
#pragma once

#include <concepts>

#include "core/board.hpp"
#include "core/heuristic.hpp"

namespace npuzzle {

// True when IDA* orders H's children by their estimates (H::kBatchChildren).
template <class H>
inline constexpr bool kBatchesChildren = requires {
  requires H::kBatchChildren;
};

template <class B, bool kBatch = false>
class ErasedHeuristic {
 public:
  using BoardType = B;
  struct Value {
    State<B> state;
    int h;
  };
  static constexpr bool kAdmissible = true;
  static constexpr bool kBatchChildren = kBatch;
  static constexpr bool kPerParentLoops =
      false;  // an indirect call per child (core/search/ida_star.hpp)

  template <Heuristic H>
  requires std::same_as<typename H::BoardType, B>
  explicit ErasedHeuristic(const H& h) : heuristic_(&h), estimate_(&estimate_of<H>) {
    static_assert(H::kAdmissible, "the erased heuristic claims admissibility");
  }

  // The same heuristic, its children ordered as kOther says.
  template <bool kOther>
  requires(kOther != kBatch) explicit ErasedHeuristic(const ErasedHeuristic<B, kOther>& other)
      : heuristic_(other.heuristic_), estimate_(other.estimate_) {}

  Value init(const State<B>& s) const { return {s, estimate_(heuristic_, s)}; }
  // `tile` slides from `from` to `to`: the blank, on `to`, goes to `from`.
  Value update(Value v, int /*tile*/, int from, int /*to*/) const {
    v.state.move_blank_to(from);
    v.h = estimate_(heuristic_, v.state);
    return v;
  }
  int estimate(const Value& v) const { return v.h; }

 private:
  template <class H>
  static int estimate_of(const void* heuristic, const State<B>& s) {
    const H& h = *static_cast<const H*>(heuristic);
    return h.estimate(h.init(s));
  }

  template <class, bool>
  friend class ErasedHeuristic;

  const void* heuristic_;
  int (*estimate_)(const void*, const State<B>&);
};

}  // namespace npuzzle
