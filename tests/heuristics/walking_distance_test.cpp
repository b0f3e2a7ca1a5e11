// Walking distance: the 4x4 tables have Takahashi's 24,964 matrices per direction, the goal is 0,
// the vertical (horizontal) component is never below the row (column) part of Manhattan distance,
// so wd >= Manhattan on random states of every board it supports, and IDA* with max(wd, lc) returns
// the optimal length on the 3x3 states whose exact distance is known.
#include <gtest/gtest.h>

#include <vector>

#include "core/random.hpp"
#include "core/rank.hpp"
#include "core/search/bfs.hpp"
#include "core/search/ida_star.hpp"
#include "heuristics/manhattan.hpp"
#include "heuristics/walking_distance.hpp"
#include "tests/core/test_support.hpp"

namespace npuzzle {
namespace {

TEST(WalkingDistance, TakahashiMatrixCount4x4) {
  const auto goal = Goal<Board<4, 4>>::from_spec(GoalSpec::blank_first());
  const WalkingDistance<Board<4, 4>> wd(goal);
  EXPECT_EQ(wd.matrices(), 2u * 24964u);
  EXPECT_EQ(wd.estimate(wd.init(goal.state)), 0);
}

template <class B>
void check_dominates_manhattan() {
  for (const auto& named : testing::test_goals(B::kRows, B::kCols)) {
    SCOPED_TRACE(B::name() + " " + named.name);
    const auto goal = Goal<B>::from_spec(named.spec);
    const WalkingDistance<B> wd(goal);
    const Manhattan<B> md(goal);
    Rng rng(5);
    const std::vector<int> g = testing::tiles_of(goal.state);
    int strictly_above = 0;
    for (int i = 0; i < 2000; ++i) {
      const State<B> s = testing::state_from<B>(random_solvable(B::kRows, B::kCols, g, rng));
      const int w = wd.estimate(wd.init(s)), m = md.estimate(md.init(s));
      ASSERT_GE(w, m);
      strictly_above += w > m;
    }
    if (B::kCells >= 9) {
      EXPECT_GT(strictly_above, 0);  // it does see more than Manhattan
    }
  }
}

TEST(WalkingDistance, DominatesManhattan) {
  check_dominates_manhattan<Board<2, 2>>();
  check_dominates_manhattan<Board<2, 3>>();
  check_dominates_manhattan<Board<3, 3>>();
  check_dominates_manhattan<Board<3, 4>>();
  check_dominates_manhattan<Board<4, 3>>();
  check_dominates_manhattan<Board<4, 4>>();
}

TEST(WalkingDistance, IdaWithWdLcIsOptimalOn3x3) {
  const auto goal = Goal<Board<3, 3>>::from_spec(GoalSpec::blank_first());
  const auto h = make_wd_lc(goal);
  const std::vector<std::uint8_t> distance = all_distances(goal);
  for (std::uint64_t r : testing::sample_ranks(distance, 300, 3)) {
    const auto s = unrank_permutation<Board<3, 3>>(r);
    const SearchResult result = ida_star(h, goal, s, Limits{});
    ASSERT_EQ(result.status, Status::Solved);
    EXPECT_EQ(static_cast<int>(result.path.size()), distance[r]);
    EXPECT_TRUE(testing::replays_to(s, result.path, goal.state));
  }
}

}  // namespace
}  // namespace npuzzle
