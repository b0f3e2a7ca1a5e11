// Random numbers and random instances: determinism, solvability for every size and both standard
// goals, uniformity over the 12 solvable 2x2 boards, and random walks no farther than their length.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <numeric>
#include <stdexcept>
#include <vector>

#include "core/goal.hpp"
#include "core/random.hpp"
#include "core/rank.hpp"
#include "core/search/bfs.hpp"
#include "tests/core/test_support.hpp"

namespace npuzzle {
namespace {

using testing::state_from;

TEST(Rng, MatchesReferenceXoshiro256StarStarSeededBySplitmix64) {
  // Computed independently from the published reference algorithms (splitmix64 filling the four
  // state words from seed 42, then xoshiro256**): pins the sequence across platforms and versions.
  Rng rng(42);
  EXPECT_EQ(rng.next(), 0x15780b2e0c2ec716ULL);
  EXPECT_EQ(rng.next(), 0x6104d9866d113a7eULL);
  EXPECT_EQ(rng.next(), 0xae17533239e499a1ULL);
}

TEST(Rng, SameSeedSameSequenceOtherSeedOther) {
  Rng a(1), b(1), c(2);
  bool differs = false;
  for (int i = 0; i < 1000; ++i) {
    const std::uint64_t x = a.next();
    ASSERT_EQ(x, b.next());
    differs |= x != c.next();
  }
  EXPECT_TRUE(differs);
}

TEST(Rng, BelowStaysInRangeAndCoversIt) {
  Rng rng(3);
  for (std::uint64_t n : {1ULL, 2ULL, 3ULL, 7ULL, 1000ULL, (1ULL << 63) + 5}) {
    for (int i = 0; i < 2000; ++i) ASSERT_LT(rng.below(n), n);
  }
  std::vector<int> seen(10, 0);
  for (int i = 0; i < 10000; ++i) ++seen[rng.below(10)];
  for (int count : seen) {
    EXPECT_GT(count, 850);
    EXPECT_LT(count, 1150);
  }
}

TEST(RandomSolvable, SameSeedGivesSameBoards) {
  const std::vector<int> goal = GoalSpec::blank_first().tiles_for(16);
  Rng a(99), b(99), c(100);
  bool differs = false;
  for (int i = 0; i < 100; ++i) {
    const auto x = random_solvable(4, 4, goal, a);
    ASSERT_EQ(x, random_solvable(4, 4, goal, b));
    differs |= x != random_solvable(4, 4, goal, c);
  }
  EXPECT_TRUE(differs);
}

TEST(RandomSolvable, AlwaysSolvableOnEverySizeForBothGoals) {
  Rng rng(2024);
  for (int rows = 2; rows <= 5; ++rows) {
    for (int cols = 2; cols <= 5; ++cols) {
      for (const auto& spec : {GoalSpec::blank_first(), GoalSpec::blank_last()}) {
        const std::vector<int> goal = spec.tiles_for(rows * cols);
        std::vector<int> sorted_goal = goal;
        std::sort(sorted_goal.begin(), sorted_goal.end());
        for (int i = 0; i < 300; ++i) {
          const std::vector<int> board = random_solvable(rows, cols, goal, rng);
          std::vector<int> sorted = board;
          std::sort(sorted.begin(), sorted.end());
          ASSERT_EQ(sorted, sorted_goal) << rows << "x" << cols;
          ASSERT_TRUE(solvable(rows, cols, board, goal)) << rows << "x" << cols;
        }
      }
    }
  }
}

TEST(RandomSolvable, RoughlyUniformOverTheTwelveSolvableTwoByTwoBoards) {
  for (const auto& spec : {GoalSpec::blank_first(), GoalSpec::blank_last()}) {
    const std::vector<int> goal = spec.tiles_for(4);
    Rng rng(12);
    constexpr int kDraws = 120000;
    std::map<std::vector<int>, int> counts;
    for (int i = 0; i < kDraws; ++i) ++counts[random_solvable(2, 2, goal, rng)];
    ASSERT_EQ(counts.size(), 12u);
    const double expected = kDraws / 12.0;
    double chi_square = 0;
    for (const auto& [board, count] : counts) {
      EXPECT_TRUE(solvable(2, 2, board, goal));
      chi_square += (count - expected) * (count - expected) / expected;
    }
    // 11 degrees of freedom: P(chi-square > 45) is about 5e-6.
    EXPECT_LT(chi_square, 45.0);
  }
}

TEST(RandomWalk, DistanceNeverExceedsLength) {
  using B = Board<3, 3>;
  for (const auto& named : testing::test_goals(3, 3)) {
    const auto goal = Goal<B>::from_spec(named.spec);
    const auto distance = all_distances(goal);
    const std::vector<int> goal_tiles = named.spec.tiles_for(9);
    Rng rng(5);
    for (int length = 0; length <= 40; ++length) {
      for (int i = 0; i < 50; ++i) {
        const auto board = random_walk(3, 3, goal_tiles, length, rng);
        const int d = distance[rank_permutation(state_from<B>(board))];
        ASSERT_NE(d, kUnreachable);
        ASSERT_LE(d, length);
        ASSERT_EQ(d % 2, length % 2);  // every move flips the blank's colour on the chessboard
      }
    }
    EXPECT_EQ(random_walk(3, 3, goal_tiles, 0, rng), goal_tiles);
    // Without undoing, a walk of one or two moves always ends that far away.
    EXPECT_EQ(distance[rank_permutation(state_from<B>(random_walk(3, 3, goal_tiles, 2, rng)))], 2);
  }
}

TEST(RandomInstances, RejectBadGoals) {
  Rng rng(1);
  EXPECT_THROW(random_solvable(3, 3, {0, 1, 2}, rng), std::invalid_argument);
  EXPECT_THROW(random_solvable(2, 2, {0, 1, 1, 3}, rng), std::invalid_argument);
  EXPECT_THROW(random_walk(6, 2, std::vector<int>(12, 0), 3, rng), std::invalid_argument);
  EXPECT_THROW(random_walk(2, 2, {0, 1, 2, 3}, -1, rng), std::invalid_argument);
}

}  // namespace
}  // namespace npuzzle
