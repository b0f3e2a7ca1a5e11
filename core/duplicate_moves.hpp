// core/duplicate_moves.hpp — the move strings a depth-first search never needs to follow (Taylor
// and Korf, "Pruning duplicate nodes in depth-first search", 1993).
//
// A move string is the blank's moves (U D L R) read from where it stands. Its effect on a board
// (the blank's last cell and the tiles it displaced) depends only on the string, wherever the blank
// starts and whatever the tiles are, as long as the blank stays on the board. A string S is a
// duplicate when an earlier string S' (shorter, or as long and before it in U < D < L < R order)
// has the same effect and a blank path inside S's bounding box: then wherever S can be played, S'
// can be played too and reaches the same state.
//
// Invariants of duplicate_move_strings(): no returned string contains another returned string, or
// any duplicate, as a proper substring (the enumeration only extends strings free of them); each
// comes with a witness S' and both were played out on a grid. So replacing S by S' in a path gives
// a path to the same state that is shorter or before it in the same order; the least path to every
// state (an optimal one, hence every optimal solution's least form) contains no returned string.
#pragma once

#include <string>
#include <vector>

namespace npuzzle {

struct DuplicateMoves {
  std::string duplicate;  // in U D L R letters
  std::string witness;    // the earlier string with the same effect, inside its bounding box
};

// The duplicates up to `max_length` moves whose blank path fits a board of `max_side` x `max_side`
// (longer or wider strings are never played on the boards the solver supports), in the order found.
std::vector<DuplicateMoves> duplicate_move_strings(int max_length, int max_side);

}  // namespace npuzzle
