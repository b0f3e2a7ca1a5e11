// heuristics/erased.hpp — any admissible heuristic of board B behind one type, so that a search is
// compiled once per board instead of once per heuristic.
//
// The engine runs the searches that are not bound by their heuristic through it: the storing
// textbook searches (BFS, A*, greedy best-first, DFBnB) on every board, misplaced tiles, and a
// frame's searches with the held board's own heuristics (heuristics/framed.hpp). Two ways to hold
// a value, chosen by kValueBytes:
//   * 0 (the boards' own types): the value is the state and its estimate; update() makes the move
//     on the state and asks the wrapped heuristic for the estimate of the whole new state (one
//     indirect call: init and estimate of the wrapped heuristic).
//   * N > 0 (the frames): the value holds the wrapped heuristic's own value in N bytes and its
//     estimate; update() is the wrapped heuristic's incremental update (one indirect call). The
//     wrapped value must fit (checked when the wrapper is made) and be trivially copyable.
// The estimates are the wrapped heuristic's own either way, so every search counts the same nodes
// as with the heuristic itself; kBatchChildren (IDA*'s child order, core/search/bounded_dfs.hpp) is
// a parameter so that a depth-first search orders children as it would with the heuristic itself.
//
// Invariant: the wrapped heuristic outlives the ErasedHeuristic (it keeps a pointer to it).
#pragma once

#include <array>
#include <concepts>
#include <cstddef>
#include <new>
#include <type_traits>

#include "core/board.hpp"
#include "core/heuristic.hpp"

namespace npuzzle {

// True when IDA* orders H's children by their estimates (H::kBatchChildren).
template <class H>
inline constexpr bool kBatchesChildren = requires {
  requires H::kBatchChildren;
};

namespace erased_detail {

// The value of an ErasedHeuristic: the state and its estimate, or the wrapped value's bytes.
template <class B, std::size_t kValueBytes>
struct Value {
  alignas(16) std::array<std::byte, kValueBytes> held;
  int h;
};
template <class B>
struct Value<B, 0> {
  State<B> state;
  int h;
};

}  // namespace erased_detail

template <class B, bool kBatch = false, std::size_t kValueBytes = 0>
class ErasedHeuristic {
 public:
  using BoardType = B;
  using Value = erased_detail::Value<B, kValueBytes>;
  static constexpr bool kAdmissible = true;
  static constexpr bool kBatchChildren = kBatch;
  static constexpr bool kPerParentLoops =
      false;  // an indirect call per child (core/search/ida_star.hpp)

  template <Heuristic H>
  requires std::same_as<typename H::BoardType, B>
  explicit ErasedHeuristic(const H& h)
      : heuristic_(&h), init_(&init_of<H>), update_(&update_of<H>) {
    static_assert(H::kAdmissible, "the erased heuristic claims admissibility");
    if constexpr (kValueBytes > 0) {
      static_assert(sizeof(typename H::Value) <= kValueBytes && alignof(typename H::Value) <= 16 &&
                        std::is_trivially_copyable_v<typename H::Value>,
                    "the wrapped heuristic's value fits the erased value");
    }
  }

  // The same heuristic, its children ordered as kOther says.
  template <bool kOther>
  requires(kOther !=
           kBatch) explicit ErasedHeuristic(const ErasedHeuristic<B, kOther, kValueBytes>& other)
      : heuristic_(other.heuristic_), init_(other.init_), update_(other.update_) {}

  Value init(const State<B>& s) const {
    Value v{};
    if constexpr (kValueBytes == 0) v.state = s;
    v.h = init_(heuristic_, s, &v);
    return v;
  }
  // `tile` slides from `from` to `to`: the blank, on `to`, goes to `from`.
  Value update(const Value& v, int tile, int from, int to) const {
    Value child;
    child.h = update_(heuristic_, v, child, tile, from, to);
    return child;
  }
  int estimate(const Value& v) const { return v.h; }

 private:
  // Sets what `v` holds besides h for state `s`; returns the estimate.
  template <class H>
  static int init_of(const void* heuristic, const State<B>& s, Value* v) {
    const H& h = *static_cast<const H*>(heuristic);
    if constexpr (kValueBytes > 0) {
      return h.estimate(*::new (v->held.data()) typename H::Value(h.init(s)));
    } else {
      return h.estimate(h.init(s));
    }
  }
  // Sets `child` to `parent` after a tile's move from `from` to `to`; returns its estimate. With
  // the state kept: the move made, the whole estimate recomputed.
  template <class H>
  requires(kValueBytes == 0) static int update_of(const void* heuristic, const Value& parent,
                                                  Value& child, int, int from, int) {
    const H& h = *static_cast<const H*>(heuristic);
    child.state = parent.state;
    child.state.move_blank_to(from);
    return h.estimate(h.init(child.state));
  }
  // With the wrapped value kept: its update, inlined whatever the unit's optimisation level
  // (flatten), builds the child's value in place (no copy but the one the update makes).
  template <class H>
  requires(kValueBytes > 0)
      [[gnu::flatten]] static int update_of(const void* heuristic, const Value& parent,
                                            Value& child, int tile, int from, int to) {
    const H& h = *static_cast<const H*>(heuristic);
    using HeldValue = typename H::Value;
    const HeldValue& held = *std::launder(reinterpret_cast<const HeldValue*>(parent.held.data()));
    return h.estimate(*::new (child.held.data()) HeldValue(h.update(held, tile, from, to)));
  }

  template <class, bool, std::size_t>
  friend class ErasedHeuristic;

  const void* heuristic_;
  int (*init_)(const void*, const State<B>&, Value*);
  int (*update_)(const void*, const Value&, Value&, int, int, int);
};

}  // namespace npuzzle
