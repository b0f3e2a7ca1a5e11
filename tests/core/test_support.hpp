// tests/core/test_support.hpp — helpers shared by the core and heuristics test suites: the goals
// every size is tested with, conversions between tile lists and states, sampling of reachable
// states from a full distance table, and the replay of a solution with the tests' own move
// function (tests/support/oracle.hpp), not core's.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/board.hpp"
#include "core/goal.hpp"
#include "core/random.hpp"
#include "core/rank.hpp"
#include "core/search/bfs.hpp"
#include "tests/support/oracle.hpp"

namespace npuzzle::testing {

// How many of `n` sampled states a check takes: all of them in the Release suites; a quarter (at
// least one; 0, "every state", stays 0) in the sanitizer builds (NPUZZLE_SANITIZED), whose
// searches run several times slower and look for memory and thread faults, which a quarter of a
// sample drives through the same code. The samples start with the hardest states either way.
constexpr std::size_t sanitized_share(std::size_t n) {
#if defined(NPUZZLE_SANITIZED)
  return n == 0 ? 0 : std::max<std::size_t>(1, n / 4);
#else
  return n;
#endif
}

// Whether a check takes the `index`-th item of a list (Korf's instances, the states of a board in
// order): every item in the Release suites, every fourth (0, 4, 8, …) in the sanitizer builds, for
// the reason above. sanitized_count(n): how many of n items it takes.
inline constexpr std::size_t kSanitizedStride =
#if defined(NPUZZLE_SANITIZED)
    4;
#else
    1;
#endif
constexpr bool sanitized_takes(std::size_t index) { return index % kSanitizedStride == 0; }
constexpr std::size_t sanitized_count(std::size_t n) {
  return (n + kSanitizedStride - 1) / kSanitizedStride;
}

// Tiles 1, 2, … laid clockwise in a spiral from the top-left corner, the blank on the last cell of
// the spiral. On 3x3 this is the classic `1 2 3 8 0 4 7 6 5`.
inline std::vector<int> spiral_goal(int rows, int cols) {
  std::vector<int> tiles(static_cast<std::size_t>(rows * cols), -1);
  int top = 0, bottom = rows - 1, left = 0, right = cols - 1, next = 1;
  std::vector<int> order;
  while (top <= bottom && left <= right) {
    for (int c = left; c <= right; ++c) order.push_back(top * cols + c);
    for (int r = top + 1; r <= bottom; ++r) order.push_back(r * cols + right);
    if (top < bottom) {
      for (int c = right - 1; c >= left; --c) order.push_back(bottom * cols + c);
    }
    if (left < right) {
      for (int r = bottom - 1; r > top; --r) order.push_back(r * cols + left);
    }
    ++top, --bottom, ++left, --right;
  }
  for (std::size_t i = 0; i + 1 < order.size(); ++i)
    tiles[static_cast<std::size_t>(order[i])] = next++;
  tiles[static_cast<std::size_t>(order.back())] = 0;
  return tiles;
}

struct NamedGoal {
  std::string name;
  GoalSpec spec;
};

// Blank-first, blank-last and the spiral goal for a board of rows x cols.
inline std::vector<NamedGoal> test_goals(int rows, int cols) {
  return {{"blank-first", GoalSpec::blank_first()},
          {"blank-last", GoalSpec::blank_last()},
          {"spiral", GoalSpec{GoalSpec::Kind::Explicit, spiral_goal(rows, cols)}}};
}

template <class B>
State<B> state_from(const std::vector<int>& tiles) {
  Tiles<B> t{};
  for (int c = 0; c < B::kCells; ++c)
    t[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(tiles[static_cast<std::size_t>(c)]);
  return State<B>::from_tiles(t);
}

template <class B>
std::vector<int> tiles_of(const State<B>& s) {
  const Tiles<B> t = s.tiles();
  return {t.begin(), t.end()};
}

// Whether `path` leads from `start` to `goal`, replayed with the tests' own move function.
template <class B>
bool replays_to(const State<B>& start, const std::vector<Move>& path, const State<B>& goal) {
  std::string moves;
  for (Move m : path) {
    switch (m) {
      case Move::Up:
        moves += 'U';
        break;
      case Move::Down:
        moves += 'D';
        break;
      case Move::Left:
        moves += 'L';
        break;
      case Move::Right:
        moves += 'R';
        break;
    }
  }
  return oracle::replay_reaches(tiles_of(start), B::kRows, B::kCols, moves, tiles_of(goal));
}

// Ranks of reachable states to test: every reachable state when `sample` is 0; otherwise every
// state of the greatest distance first, then random reachable states (fixed seed) up to `sample`.
inline std::vector<std::uint64_t> sample_ranks(const std::vector<std::uint8_t>& distance,
                                               std::size_t sample, std::uint64_t seed) {
  std::vector<std::uint64_t> reachable;
  int deepest = 0;
  for (std::uint64_t r = 0; r < distance.size(); ++r) {
    if (distance[r] == kUnreachable) continue;
    reachable.push_back(r);
    deepest = std::max(deepest, static_cast<int>(distance[r]));
  }
  if (sample == 0 || sample >= reachable.size()) return reachable;
  std::vector<std::uint64_t> chosen;
  for (std::uint64_t r : reachable) {
    if (distance[r] == deepest) chosen.push_back(r);
  }
  Rng rng(seed);
  while (chosen.size() < sample) chosen.push_back(reachable[rng.below(reachable.size())]);
  return chosen;
}

}  // namespace npuzzle::testing
