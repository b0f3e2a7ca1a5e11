// Limits and edge cases of the searches: node and memory limits end a run cleanly with its own
// status, an interrupt stops it, the start equal to the goal gives a 0-move solution, and an
// unsolvable start on a small board ends with Status::Unsolvable instead of running forever.
#include <gtest/gtest.h>

#include <atomic>
#include <vector>

#include "core/search/astar.hpp"
#include "core/search/bfs.hpp"
#include "core/search/dfbnb.hpp"
#include "core/search/greedy.hpp"
#include "core/search/ida_star.hpp"
#include "heuristics/linear_conflict.hpp"
#include "heuristics/manhattan.hpp"
#include "tests/core/test_support.hpp"
#include "tests/support/korf.hpp"

namespace npuzzle {
namespace {

using testing::state_from;
using B4 = Board<4, 4>;

// Korf's instance 88 (optimal length 65, among the hardest of the 100).
State<B4> hard_four_by_four() { return state_from<B4>(korf_data::by_id(88).tiles); }

TEST(Limits, NodeLimitStopsIdaStarAndAStar) {
  const auto goal = Goal<B4>::from_spec(GoalSpec::blank_first());
  const Manhattan<B4> md(goal);
  Limits limits;
  limits.nodes = 1000;
  const SearchResult ida = ida_star(md, goal, hard_four_by_four(), limits);
  EXPECT_EQ(ida.status, Status::Limit);
  EXPECT_EQ(ida.reason, StopReason::NodeLimit);
  EXPECT_TRUE(ida.path.empty());
  EXPECT_GT(ida.stats.expanded, 0u);
  EXPECT_GT(ida.bound, 0);
  const SearchResult a = astar(md, goal, hard_four_by_four(), limits);
  EXPECT_EQ(a.status, Status::Limit);
  EXPECT_EQ(a.reason, StopReason::NodeLimit);
  EXPECT_EQ(a.stats.expanded, 1000u);
  EXPECT_GE(a.bound, md.init(hard_four_by_four()));
  EXPECT_LE(a.bound, 65);
  EXPECT_GT(a.stats.stored, 1000u);
}

TEST(Limits, NodeLimitStopsBreadthFirstGreedyAndBranchAndBound) {
  const auto goal = Goal<B4>::from_spec(GoalSpec::blank_first());
  const Manhattan<B4> md(goal);
  Limits limits;
  limits.nodes = 1000;
  for (const SearchResult& r :
       {bfs(goal, hard_four_by_four(), limits), dfbnb(md, goal, hard_four_by_four(), limits)}) {
    EXPECT_EQ(r.status, Status::Limit);
    EXPECT_EQ(r.reason, StopReason::NodeLimit);
    EXPECT_EQ(r.stats.expanded, 1000u);
  }
  limits.nodes = 10;
  const SearchResult g = greedy(md, goal, hard_four_by_four(), limits);
  EXPECT_EQ(g.status, Status::Limit);
  EXPECT_EQ(g.stats.expanded, 10u);
}

TEST(Limits, TinyMemoryLimitStopsAStarBreadthFirstAndGreedy) {
  const auto goal = Goal<B4>::from_spec(GoalSpec::blank_first());
  const LinearConflict<B4> lc(goal);
  Limits limits;
  limits.memory_bytes = 64 * 1024;
  const SearchResult a = astar(lc, goal, hard_four_by_four(), limits);
  EXPECT_EQ(a.status, Status::OutOfMemory);
  EXPECT_EQ(a.reason, StopReason::MemoryLimit);
  EXPECT_GT(a.stats.expanded, 0u);
  const SearchResult b = bfs(goal, hard_four_by_four(), limits);
  EXPECT_EQ(b.status, Status::OutOfMemory);
  EXPECT_EQ(b.reason, StopReason::MemoryLimit);
  EXPECT_GT(b.stats.expanded, 0u);
  limits.memory_bytes = 1024;
  const SearchResult g = greedy(lc, goal, hard_four_by_four(), limits);
  EXPECT_EQ(g.status, Status::OutOfMemory);
}

TEST(Limits, InterruptStopsEverySearch) {
  const auto goal = Goal<B4>::from_spec(GoalSpec::blank_first());
  const Manhattan<B4> md(goal);
  const std::atomic<bool> interrupt{true};
  Limits limits;
  limits.interrupt = &interrupt;
  for (const SearchResult& r :
       {ida_star(md, goal, hard_four_by_four(), limits),
        astar(md, goal, hard_four_by_four(), limits), bfs(goal, hard_four_by_four(), limits),
        greedy(md, goal, hard_four_by_four(), limits),
        dfbnb(md, goal, hard_four_by_four(), limits)}) {
    EXPECT_EQ(r.status, Status::Limit);
    EXPECT_EQ(r.reason, StopReason::Interrupted);
  }
}

TEST(EdgeCases, StartAtGoalIsAZeroMoveSolution) {
  const auto goal = Goal<B4>::from_spec(GoalSpec::blank_last());
  const Manhattan<B4> md(goal);
  for (const SearchResult& r :
       {ida_star(md, goal, goal.state, Limits{}), astar(md, goal, goal.state, Limits{}),
        bfs(goal, goal.state, Limits{}), greedy(md, goal, goal.state, Limits{}),
        dfbnb(md, goal, goal.state, Limits{})}) {
    EXPECT_EQ(r.status, Status::Solved);
    EXPECT_TRUE(r.path.empty());
    EXPECT_TRUE(r.optimal);
    EXPECT_GE(r.stats.seconds, 0.0);
  }
}

TEST(EdgeCases, UnsolvableStartExhaustsASmallSpace) {
  using B = Board<2, 3>;
  const auto goal = Goal<B>::from_spec(GoalSpec::blank_first());
  const State<B> start = state_from<B>({0, 2, 1, 3, 4, 5});  // two tiles swapped
  ASSERT_FALSE(goal.reachable_from(start));
  const Manhattan<B> md(goal);
  for (const SearchResult& r :
       {astar(md, goal, start, Limits{}), bfs(goal, start, Limits{}),
        greedy(md, goal, start, Limits{}), dfbnb(md, goal, start, Limits{})}) {
    EXPECT_EQ(r.status, Status::Unsolvable);
    EXPECT_EQ(r.stats.stored, 360u);  // the whole other class
  }
}

TEST(EdgeCases, AStarStatsCountWhatItDid) {
  using B = Board<3, 3>;
  const auto goal = Goal<B>::from_spec(GoalSpec::blank_first());
  const Manhattan<B> md(goal);
  // One move from the goal: A* expands the start only, and finds the goal among its children.
  State<B> start = goal.state;
  ASSERT_TRUE(start.apply(Move::Right));
  const SearchResult r = astar(md, goal, start, Limits{});
  ASSERT_EQ(r.status, Status::Solved);
  EXPECT_EQ(r.path, std::vector<Move>{Move::Left});
  EXPECT_EQ(r.stats.expanded, 1u);
  EXPECT_EQ(r.stats.generated, 3u);  // the root has no parent move to skip
  EXPECT_EQ(r.stats.stored, 4u);
}

}  // namespace
}  // namespace npuzzle
