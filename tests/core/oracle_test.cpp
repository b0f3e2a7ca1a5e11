// The ground truth the other tests lean on, checked against the tests' own model of the puzzle
// (tests/support/oracle.hpp: its own move function, ranking and breadth-first search, no code of
// core/): core's all_distances gives every state of 2x2, 2x3, 3x2, 3x3, 2x4 and 4x2 the distance
// the oracle gives it, for blank-first, blank-last and the spiral goal; the oracle itself has the
// 8-puzzle's published figures (181,440 reachable states, two of them 31 moves away); and the
// oracle's replay refuses moves off the board.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "core/rank.hpp"
#include "core/search/bfs.hpp"
#include "tests/core/test_support.hpp"
#include "tests/support/oracle.hpp"

namespace npuzzle {
namespace {

template <class B>
void expect_same_distances() {
  for (const auto& named : testing::test_goals(B::kRows, B::kCols)) {
    SCOPED_TRACE(B::name() + " " + named.name);
    const Goal<B> goal = Goal<B>::from_spec(named.spec);
    const std::vector<std::uint8_t> core = all_distances(goal);
    const std::vector<std::uint8_t> own =
        oracle::full_distances(testing::tiles_of(goal.state), B::kRows, B::kCols);
    ASSERT_EQ(core.size(), own.size());
    std::uint64_t reachable = 0, differ = 0;
    for (std::uint64_t r = 0; r < own.size(); ++r) {
      const State<B> s = testing::state_from<B>(oracle::lehmer_unrank(r, B::kCells));
      const int expected = own[r] == oracle::kFar ? kUnreachable : own[r];
      const int got = core[rank_permutation(s)];
      if (got != expected && differ++ < 3) {
        ADD_FAILURE() << "state of rank " << r << ": all_distances " << got << ", oracle "
                      << expected;
      }
      reachable += own[r] != oracle::kFar;
    }
    EXPECT_EQ(differ, 0u);
    EXPECT_EQ(reachable * 2, own.size());
  }
}

TEST(Oracle, AllDistancesAgreesOn2x2) { expect_same_distances<Board<2, 2>>(); }
TEST(Oracle, AllDistancesAgreesOn2x3And3x2) {
  expect_same_distances<Board<2, 3>>();
  expect_same_distances<Board<3, 2>>();
}
TEST(Oracle, AllDistancesAgreesOn3x3) { expect_same_distances<Board<3, 3>>(); }
TEST(Oracle, AllDistancesAgreesOn2x4And4x2) {
  expect_same_distances<Board<2, 4>>();
  expect_same_distances<Board<4, 2>>();
}

TEST(Oracle, EightPuzzleFigures) {
  const std::vector<std::uint8_t> d = oracle::full_distances(oracle::blank_first(9), 3, 3);
  std::uint64_t reachable = 0, deepest = 0;
  int max = 0;
  for (std::uint8_t x : d) {
    if (x == oracle::kFar) continue;
    ++reachable;
    if (x > max) max = x, deepest = 0;
    deepest += x == max;
  }
  EXPECT_EQ(reachable, 181440u);
  EXPECT_EQ(max, 31);
  EXPECT_EQ(deepest, 2u);
}

TEST(Oracle, ReplayRefusesMovesOffTheBoard) {
  const oracle::Tiles goal = oracle::blank_first(6);  // blank top left of 2x3
  EXPECT_FALSE(oracle::replay(goal, 2, 3, "U"));
  EXPECT_FALSE(oracle::replay(goal, 2, 3, "L"));
  EXPECT_FALSE(oracle::replay(goal, 2, 3, "RRR"));
  EXPECT_FALSE(oracle::replay(goal, 2, 3, "X"));
  EXPECT_EQ(*oracle::replay(goal, 2, 3, "RD"), (oracle::Tiles{1, 4, 2, 3, 0, 5}));
  EXPECT_TRUE(oracle::replay_reaches(goal, 2, 3, "RDLU", oracle::Tiles{0, 4, 2, 1, 3, 5}));
  EXPECT_EQ(oracle::proven_distance(oracle::Tiles{1, 4, 2, 3, 0, 5}, goal, 2, 3, 10), 2);
  EXPECT_EQ(oracle::proven_distance(oracle::Tiles{1, 4, 2, 3, 0, 5}, goal, 2, 3, 1), std::nullopt);
}

}  // namespace
}  // namespace npuzzle
