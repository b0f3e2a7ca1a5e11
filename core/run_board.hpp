// core/run_board.hpp — a board whose size is known at run time: the one value the engine, the
// library and the tools pass around for a board (its size and its tiles), and the goal of a size.
//
// The compile-time boards (core/board.hpp, Board<R, C>) are for the searches; this one is for
// everything around them: reading, checking, reporting and replaying moves. Invariant of a
// RunBoard made by this library's readers: tiles is a permutation of 0 .. size.cells()-1, 0 the
// blank, row by row.
#pragma once

#include <string>
#include <vector>

#include "core/board.hpp"
#include "core/board_sizes.hpp"
#include "core/goal.hpp"

namespace npuzzle {

struct RunBoard {
  BoardSize size;
  std::vector<int> tiles;  // row-major, 0 is the blank

  // The goal `goal` on a board of `size` (tiles empty when the goal has another number of cells).
  static RunBoard goal_of(BoardSize size, const GoalSpec& goal);

  int blank() const;  // the blank's cell
  // Slides the tile beside the blank into it (the blank goes `m`) and returns that tile, or returns
  // -1 and leaves the board as it was when the blank would leave the board.
  int apply(Move m);
  // The tile that slides at each move of `path` from this board (stops at an illegal move).
  std::vector<int> tiles_moved(const std::vector<Move>& path) const;

  friend bool operator==(const RunBoard&, const RunBoard&) = default;
};

}  // namespace npuzzle
