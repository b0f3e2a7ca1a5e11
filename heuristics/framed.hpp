// heuristics/framed.hpp — a heuristic of a held board, looked up on the states of the frame that
// holds it (core/frame.hpp).
//
// The searches on a frame take the Manhattan distance, the linear conflicts and the misplaced tiles
// of the frame itself (the walls add nothing to them). The heuristics that depend on the board's
// own shape (walking distance, pattern databases built for that size) are built for the held board
// and looked up through this wrapper: each estimate takes the held board's state out of the frame's
// and asks the wrapped heuristic for its whole estimate, so the estimates, and the nodes of every
// search, are the held board's. It is meant to be wrapped in turn in ErasedHeuristic
// (heuristics/erased.hpp), whose searches are compiled once per frame.
//
// Invariant: the wrapped heuristic outlives the wrapper (it keeps a reference to it).
#pragma once

#include "core/frame.hpp"
#include "core/heuristic.hpp"

namespace npuzzle {

template <class Frame, Heuristic H>
class FramedHeuristic {
 public:
  using BoardType = Frame;
  using Held = typename H::BoardType;
  struct Value {
    State<Frame> state;
    int h;
  };
  static constexpr bool kAdmissible = H::kAdmissible;

  explicit FramedHeuristic(const H& h) : h_(h) {}

  Value init(const State<Frame>& s) const { return {s, held_estimate(s)}; }
  // `tile` slides from `from` to `to`: the blank, on `to`, goes to `from`.
  Value update(Value v, int /*tile*/, int from, int /*to*/) const {
    v.state.move_blank_to(from);
    v.h = held_estimate(v.state);
    return v;
  }
  int estimate(const Value& v) const { return v.h; }

 private:
  int held_estimate(const State<Frame>& s) const {
    return h_.estimate(h_.init(unframed_state<Held>(s)));
  }

  const H& h_;
};

}  // namespace npuzzle
