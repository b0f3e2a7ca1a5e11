// heuristics/framed.hpp — a heuristic of a held board, looked up on the states of the frame that
// holds it (core/frame.hpp).
//
// The searches on a frame take the Manhattan distance, the linear conflicts and the misplaced tiles
// of the frame itself (the walls add nothing to them), and on the 4x4 frame the held board's
// walking distance too (heuristics/held_walking_distance.hpp). The pattern databases, which depend
// on the board's own shape, are built for the held board and looked up through this wrapper: its
// value is the held heuristic's own, made from the held board's state taken out of the frame's, and
// a move updates it incrementally with the cells mapped from the frame's to the held board's (tile
// numbers are the same on both). So the estimates, and the nodes of every search, are the held
// board's. It is meant to be wrapped in turn in ErasedHeuristic (heuristics/erased.hpp), whose
// searches are compiled once per frame.
//
// Invariant: the wrapped heuristic outlives the wrapper (it keeps a reference to it); a move's
// cells are cells of the held board (the frame's geometry never moves the blank off it).
#pragma once

#include <array>
#include <cstddef>

#include "core/frame.hpp"
#include "core/heuristic.hpp"

namespace npuzzle {

template <class Frame, Heuristic H>
class FramedHeuristic {
 public:
  using BoardType = Frame;
  using Held = typename H::BoardType;
  using Value = typename H::Value;
  static constexpr bool kAdmissible = H::kAdmissible;

  explicit FramedHeuristic(const H& h) : h_(h) {}

  Value init(const State<Frame>& s) const { return h_.init(unframed_state<Held>(s)); }
  NPUZZLE_ALWAYS_INLINE Value update(const Value& v, int tile, int from, int to) const {
    return h_.update(v, tile, kHeldCell[static_cast<std::size_t>(from)],
                     kHeldCell[static_cast<std::size_t>(to)]);
  }
  NPUZZLE_ALWAYS_INLINE int estimate(const Value& v) const { return h_.estimate(v); }

 private:
  // The held board's cell of each frame cell (-1 off the held board).
  static constexpr std::array<int, Frame::kCells> kHeldCell = [] {
    std::array<int, Frame::kCells> cells{};
    for (int c = 0; c < Frame::kCells; ++c) {
      const int r = Frame::row(c), col = Frame::col(c);
      cells[static_cast<std::size_t>(c)] =
          r < Held::kRows && col < Held::kCols ? Held::cell(r, col) : -1;
    }
    return cells;
  }();

  const H& h_;
};

}  // namespace npuzzle
