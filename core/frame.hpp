// core/frame.hpp — solving a board in a frame: a larger compile-time board whose extra cells are
// walls (core/board.hpp, Board<R, C, true>).
//
// The searches and their node loops are compiled once per frame instead of once per board size:
// every board of at most 4 rows and 4 columns is held by the 4x4 frame, every other board of at
// most 5 by 5 by the 5x5 frame (`FrameOf`). A held board of `rows` x `cols` keeps its cell (r, c)
// at the frame's (r, c); its tiles keep their numbers 0 .. rows*cols-1, and the wall cells hold
// the tiles rows*cols, rows*cols+1, … in row-major order, in the start as in the goal, so a wall
// tile always stands on its goal cell and adds nothing to the Manhattan distance, the linear
// conflicts or the misplaced tiles. The moves are named as on the held board (the frame's rows and
// columns are the board's). The held board's geometry (core/geometry.hpp, carried by its Goal) has
// only the board's own moves, so a search in the frame generates the held board's nodes in the
// same order and finds the same path; the states carry no walls and are the frame's own size.
#pragma once

#include <cstdint>
#include <span>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "core/board.hpp"
#include "core/goal.hpp"

namespace npuzzle {

// The frame that holds boards of `rows` x `cols`: 4x4 up to four a side, else 5x5.
template <int R, int C>
using FrameOf = std::conditional_t<(R <= 4 && C <= 4), Board<4, 4, true>, Board<5, 5, true>>;

// A frame's state is no larger than a board's of the same word: no walls ride along.
static_assert(sizeof(State<Board<4, 4, true>>) == sizeof(State<Board<4, 4>>));
static_assert(sizeof(State<Board<5, 5, true>>) == sizeof(State<Board<5, 5>>));

// The sizes that are frames themselves are solved on their own board type.
constexpr bool is_frame_size(int rows, int cols) {
  return (rows == 4 && cols == 4) || (rows == 5 && cols == 5);
}

// The held board's tiles (row-major, rows * cols of them) on frame F, wall tiles added.
template <class F>
State<F> framed_state(std::span<const int> tiles, int rows, int cols) {
  static_assert(F::kFrame, "a frame board");
  if (rows < kMinSupportedSide || cols < kMinSupportedSide || rows > F::kRows || cols > F::kCols ||
      tiles.size() != static_cast<std::size_t>(rows * cols)) {
    throw std::invalid_argument("framed_state: the board does not fit the frame");
  }
  Tiles<F> cells{};
  int wall_tile = rows * cols;
  for (int c = 0; c < F::kCells; ++c) {
    const int r = F::row(c), col = F::col(c);
    if (r < rows && col < cols) {
      cells[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(tiles[r * cols + col]);
    } else {
      cells[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(wall_tile++);
    }
  }
  return State<F>::from_tiles(cells);
}

// The goal `spec` of the held board, in frame F.
template <class F>
Goal<F> framed_goal(const GoalSpec& spec, int rows, int cols) {
  const std::vector<int> tiles = spec.tiles_for(rows * cols);
  Goal<F> g;
  g.state = framed_state<F>(tiles, rows, cols);
  g.cell_of = g.state.positions();
  g.geometry = Geometry<F>(rows, cols);
  return g;
}

// The held board B's state (B::kRows x B::kCols) of a state of frame F.
template <class B, class F>
State<B> unframed_state(const State<F>& s) {
  static_assert(F::kFrame && !B::kFrame && B::kRows <= F::kRows && B::kCols <= F::kCols);
  Tiles<B> cells{};
  for (int r = 0; r < B::kRows; ++r) {
    for (int c = 0; c < B::kCols; ++c) {
      cells[static_cast<std::size_t>(B::cell(r, c))] =
          static_cast<std::uint8_t>(s.tile_at(F::cell(r, c)));
    }
  }
  return State<B>::from_tiles(cells);
}

}  // namespace npuzzle
