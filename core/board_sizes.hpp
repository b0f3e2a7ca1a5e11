// core/board_sizes.hpp — which board sizes exist: the one list every layer reads.
//
// The list is the CMake cache variable NPUZZLE_BOARD_SIZES (default: all sixteen sizes 2x2 .. 5x5);
// CMake writes it into the generated header core/board_size_list.hpp as the X-macro
// NPUZZLE_FOR_EACH_BOARD_SIZE. From it come `kBoardSizes` (the run-time list: parsing, random
// boards, database building, the front ends' dispatch) and the instantiations of the solver
// (engine/CMakeLists.txt). Adding or removing a size is a change of that one variable; the
// static_asserts below check that every listed size fits the packed state word and the database
// file's header.
//
// Board<R, C> itself accepts any geometry the packed word can hold (2 <= R, C and R*C <= 25), so a
// test may name a size that a reduced build leaves out; the tools only offer the listed sizes.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <string>

#include "core/board.hpp"
#include "core/board_size_list.hpp"

namespace npuzzle {

// A board size known at run time (0 x 0: not known yet).
struct BoardSize {
  int rows = 0;
  int cols = 0;
  int cells() const { return rows * cols; }
  bool known() const { return rows > 0 && cols > 0; }
  std::string name() const { return std::to_string(rows) + "x" + std::to_string(cols); }
  friend bool operator==(const BoardSize&, const BoardSize&) = default;
};

// A board size known at compile time (BoardSize above carries the same pair at run time).
struct BoardShape {
  int rows;
  int cols;
  constexpr int cells() const { return rows * cols; }
};

// The board sizes of this build, in the order of NPUZZLE_BOARD_SIZES.
#define NPUZZLE_BOARD_SHAPE_(R, C) BoardShape{R, C},
inline constexpr std::array kBoardSizes = {NPUZZLE_FOR_EACH_BOARD_SIZE(NPUZZLE_BOARD_SHAPE_)};
#undef NPUZZLE_BOARD_SHAPE_

constexpr bool is_board_size(int rows, int cols) {
  for (const BoardShape& s : kBoardSizes) {
    if (s.rows == rows && s.cols == cols) return true;
  }
  return false;
}

inline constexpr int kMaxBoardCells = [] {
  int most = 0;
  for (const BoardShape& s : kBoardSizes) most = std::max(most, s.cells());
  return most;
}();
inline constexpr int kMinBoardSide = [] {
  int least = kBoardSizes[0].rows;
  for (const BoardShape& s : kBoardSizes) least = std::min({least, s.rows, s.cols});
  return least;
}();
inline constexpr int kMaxBoardSide = [] {
  int most = 0;
  for (const BoardShape& s : kBoardSizes) most = std::max({most, s.rows, s.cols});
  return most;
}();

static_assert(kBoardSizes.size() > 0, "NPUZZLE_BOARD_SIZES lists no board size");
static_assert(kMinBoardSide >= kMinSupportedSide, "a listed board is narrower than 2");
static_assert(kMaxBoardCells <= kMaxSupportedCells,
              "a listed board has more cells than the packed state word holds");
static_assert(kMaxBoardSide <= 9, "sizes are written RxC with one digit a side");

}  // namespace npuzzle
