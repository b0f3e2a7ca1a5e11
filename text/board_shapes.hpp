// text/board_shapes.hpp — which boards of the build a count of cells can be, for reading instances
// (internal to text/instance_reader.cpp and text/parse.cpp, which tell sizes apart by counts and
// name the candidates in their messages).
//
// Invariants: both read only kBoardSizes (core/board_sizes.hpp), so a reduced build never offers a
// size it does not have; the square boards' cell counts (4, 9, 16, 25) are distinct, so a count
// has at most one square board.
#pragma once

#include <string>

#include "core/board_sizes.hpp"

namespace npuzzle::shapes {

// The side of the square board of the build with `n` cells, or 0.
inline int square_side(int n) {
  for (const BoardShape& s : kBoardSizes) {
    if (s.rows == s.cols && s.cells() == n) return s.rows;
  }
  return 0;
}

// The board shapes of the build with `n` cells, as "2x3 or 3x2" ("" when none).
inline std::string shapes_with(int n) {
  std::string out;
  for (const BoardShape& s : kBoardSizes) {
    if (s.cells() != n) continue;
    if (!out.empty()) out += " or ";
    out += std::to_string(s.rows) + "x" + std::to_string(s.cols);
  }
  return out;
}

}  // namespace npuzzle::shapes
