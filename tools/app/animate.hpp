// tools/app/animate.hpp — `npuzzle solve --animate FILE.html`: one self-contained web page (no
// network: styles, script and data inline) that plays the solutions found.
//
// The page draws the board as numbered SVG squares and has play/pause, step back and forward, jump
// to start or end, a speed control, and the list of moves with the current one marked. With several
// instances a selector picks one. The URL fragment drives it too (used by the tests and handy for
// links): `#instance=2&step=end`, `#step=5`, `#press=next,next,prev` (clicks those buttons in
// order). The board shown is always in the DOM: `#board` carries `data-board` (tiles row by row, 0
// the blank), `data-step`, `data-goal` and `data-instance`.
//
// The page replays the moves itself from the start board; the solver replayed them before too.
#pragma once

#include <string>
#include <vector>

#include "core/board.hpp"

namespace npuzzle {

struct AnimatedSolution {
  std::string title;  // "instance 3 (line 3, 4x4): 52 moves, ida + pdb:7-8"
  int rows = 0;
  int cols = 0;
  std::vector<int> start;  // row-major, 0 the blank
  std::vector<int> goal;
  std::string goal_name;  // "blank-first"
  std::vector<Move> path;
};

// The page's HTML for these solutions (an empty list gives a page that says there is none).
std::string animation_page(const std::vector<AnimatedSolution>& solutions);

}  // namespace npuzzle
