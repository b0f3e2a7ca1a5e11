// tests/support/independent_moves.hpp — the tests' own move function, written apart from core/ so
// that a bug in the solver's moves cannot hide itself: the replay of every solution and the
// tests' breadth-first searches (tests/support/oracle.hpp) go through `slide` and nothing else.
//
// A board is its tiles in row-major order, 0 the blank; a move names the direction the blank goes
// (U D L R).
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

namespace npuzzle::test_moves {

inline constexpr char kMoves[] = {'U', 'D', 'L', 'R'};

// Swaps the blank of `t` (a rows x cols board) with its neighbour in direction `move`; false, and
// `t` unchanged, when that neighbour is off the board, `move` is not one of U D L R, or there is no
// blank.
template <class Cells>
bool slide(Cells& t, int rows, int cols, char move) {
  const int n = rows * cols;
  int blank = 0;
  while (blank < n && t[static_cast<std::size_t>(blank)] != 0) ++blank;
  if (blank == n) return false;
  const int r = blank / cols, c = blank % cols;
  const int dr = move == 'U' ? -1 : move == 'D' ? 1 : 0;
  const int dc = move == 'L' ? -1 : move == 'R' ? 1 : 0;
  if (dr == dc || r + dr < 0 || r + dr >= rows || c + dc < 0 || c + dc >= cols) return false;
  std::swap(t[static_cast<std::size_t>(blank)],
            t[static_cast<std::size_t>((r + dr) * cols + c + dc)]);
  return true;
}

// The board after `moves` from `start`; nullopt when a move is illegal.
inline std::optional<std::vector<int>> replay(std::vector<int> t, int rows, int cols,
                                              std::string_view moves) {
  for (char m : moves) {
    if (!slide(t, rows, cols, m)) return std::nullopt;
  }
  return t;
}

// Whether `moves` lead from `start` to `goal`.
inline bool replay_reaches(const std::vector<int>& start, int rows, int cols,
                           std::string_view moves, const std::vector<int>& goal) {
  const std::optional<std::vector<int>> end = replay(start, rows, cols, moves);
  return end && *end == goal;
}

}  // namespace npuzzle::test_moves
