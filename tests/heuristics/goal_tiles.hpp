// tests/heuristics/goal_tiles.hpp — goals as tile lists (tile on each cell) for the database tests.
#pragma once

#include <numeric>
#include <vector>

namespace npuzzle::testing {

// The goal with the blank on cell 0 and tile t on cell t.
inline std::vector<int> blank_first(int cells) {
  std::vector<int> goal(static_cast<std::size_t>(cells));
  std::iota(goal.begin(), goal.end(), 0);
  return goal;
}

}  // namespace npuzzle::testing
