// tools/app/animate.hpp — `npuzzle solve --animate FILE.html`: one self-contained web page (no
// network: styles, script and data inline) that plays the solutions found.
//
// The page draws the board as numbered SVG squares and has play/pause, step back and forward, jump
// to start or end (icons drawn in SVG, labelled for screen readers), a speed control, and the list
// of moves with the current one marked, laid out in as many columns as fit, each as wide as the
// widest entry in bold (the current one's weight), so that no entry wraps. Stepping scrolls the
// move list to the current move and never the page: on a phone, where the list is under the board,
// the board stays where it is and a link to `#step=N` opens with it at the top. Every input
// instance is on the page: a selector picks one, a second one picks among its runs (one per
// configuration solved), and an instance without a solution shows its board and why. The URL
// fragment drives it too (used by the tests and handy for links): `#instance=2&run=2&step=end` (the
// K-th input instance, its J-th run), `#step=5`, `#press=next,next,prev` (clicks those buttons in
// order). The board shown is always in the DOM: `#board` carries `data-board` (tiles row by row, 0
// the blank), `data-step`, `data-goal`, `data-instance` and `data-run` (0 when the instance has no
// solution).
//
// The page replays the moves itself from the start board; the solver replayed them before too.
#pragma once

#include <string>
#include <vector>

#include "core/board.hpp"

namespace npuzzle {

struct AnimatedRun {
  std::string label;  // "ida + pdb:7-8: 52 moves (optimal)"
  std::vector<Move> path;
};

struct AnimatedInstance {
  std::string title;  // "instance 3 (line 3, 4x4)"
  int rows = 0;       // 0 when the line could not be read (no board to show)
  int cols = 0;
  std::vector<int> start;  // row-major, 0 the blank
  std::vector<int> goal;
  std::string goal_name;              // "blank-first"
  std::vector<AnimatedRun> runs;      // the solutions found, one per configuration that found one
  std::vector<std::string> messages;  // why the other runs have none: "ida + md: unsolvable: …"
};

// The page's HTML for these instances, in input order (an empty list gives a page that says there
// is nothing to show).
std::string animation_page(const std::vector<AnimatedInstance>& instances);

}  // namespace npuzzle
