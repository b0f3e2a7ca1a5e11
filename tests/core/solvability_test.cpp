// Solvability against full reachability: on 2x2, 2x3, 3x2, 2x4 and 3x3, for blank-first, blank-last
// and the spiral goal, solvable() says yes for exactly the permutations a breadth-first search from
// the goal reaches (half of them). Also the known shape of the 3x3 distance table.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/goal.hpp"
#include "core/rank.hpp"
#include "core/search/bfs.hpp"
#include "tests/core/test_support.hpp"

namespace npuzzle {
namespace {

using testing::test_goals;
using testing::tiles_of;

template <class B>
class Solvability : public ::testing::Test {};

using Boards = ::testing::Types<Board<2, 2>, Board<2, 3>, Board<3, 2>, Board<2, 4>, Board<3, 3>>;
TYPED_TEST_SUITE(Solvability, Boards);

TYPED_TEST(Solvability, MatchesBreadthFirstReachability) {
  using B = TypeParam;
  for (const auto& named : test_goals(B::kRows, B::kCols)) {
    SCOPED_TRACE(::testing::Message() << B::name() << " goal " << named.name);
    const auto goal = Goal<B>::from_spec(named.spec);
    const std::vector<int> goal_tiles = tiles_of(goal.state);
    const auto distance = all_distances(goal);
    std::uint64_t reached = 0;
    for (std::uint64_t rank = 0; rank < distance.size(); ++rank) {
      const std::vector<int> tiles = tiles_of(unrank_permutation<B>(rank));
      const bool reachable = distance[rank] != kUnreachable;
      reached += reachable;
      ASSERT_EQ(solvable(B::kRows, B::kCols, tiles, goal_tiles), reachable) << "rank " << rank;
      ASSERT_EQ(goal.reachable_from(unrank_permutation<B>(rank)), reachable) << "rank " << rank;
    }
    EXPECT_EQ(reached, kPermutationCount<B> / 2);
  }
}

TEST(DistanceTable, EightPuzzleHasTwoStatesAt31MovesForCornerBlankGoals) {
  using B = Board<3, 3>;
  for (const auto& spec : {GoalSpec::blank_first(), GoalSpec::blank_last()}) {
    const auto distance = all_distances(Goal<B>::from_spec(spec));
    const int deepest = *std::max_element(distance.begin(), distance.end(), [](auto a, auto b) {
      return (a == kUnreachable ? -1 : a) < (b == kUnreachable ? -1 : b);
    });
    EXPECT_EQ(deepest, 31);
    EXPECT_EQ(std::count(distance.begin(), distance.end(), 31), 2);
  }
}

TEST(DistanceTable, GoalIsAtZeroAndNeighboursAtOne) {
  using B = Board<3, 3>;
  const auto goal = Goal<B>::from_spec(GoalSpec::blank_first());
  const auto distance = all_distances(goal);
  EXPECT_EQ(distance[rank_permutation(goal.state)], 0);
  EXPECT_EQ(std::count(distance.begin(), distance.end(), 0), 1);
  EXPECT_EQ(std::count(distance.begin(), distance.end(), 1), 2);  // blank in a corner: two moves
}

}  // namespace
}  // namespace npuzzle
