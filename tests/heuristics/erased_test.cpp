// heuristics/erased.hpp: the erased heuristic gives the wrapped heuristic's estimates on every
// state and after every move, and a search through it counts the same nodes and finds a path of
// the same length as with the heuristic itself (the engine relies on both: it runs the textbook
// searches and the small boards through it).
#include <gtest/gtest.h>

#include <cstddef>
#include <vector>

#include "core/random.hpp"
#include "core/search/astar.hpp"
#include "core/search/dfbnb.hpp"
#include "core/search/ida_star.hpp"
#include "heuristics/erased.hpp"
#include "heuristics/linear_conflict.hpp"
#include "heuristics/manhattan.hpp"
#include "tests/core/test_support.hpp"

namespace npuzzle {
namespace {

// Along random walks from the goal: init and every update equal the wrapped heuristic's estimate
// of the state reached, the erased value holding the state (kValueBytes 0) or the wrapped
// heuristic's own value, updated move by move in kValueBytes bytes.
template <class B, std::size_t kValueBytes = 0, class H>
void expect_same_estimates(const H& h, const std::vector<int>& goal_tiles) {
  const ErasedHeuristic<B, false, kValueBytes> erased(h);
  Rng rng(7);
  int checked = 0;
  for (int walk = 0; walk < 50; ++walk) {
    State<B> state =
        testing::state_from<B>(random_walk(B::kRows, B::kCols, goal_tiles, 10 + walk, rng));
    auto value = erased.init(state);
    ASSERT_EQ(erased.estimate(value), h.estimate(h.init(state)));
    for (int step = 0; step < 20; ++step) {
      const auto& moves = B::kMoveTable[state.blank];
      const int target = moves.targets[rng.below(moves.count)];
      value = erased.update(value, state.tile_at(target), target, state.blank);
      state.move_blank_to(target);
      ASSERT_EQ(erased.estimate(value), h.estimate(h.init(state)));
      ++checked;
    }
  }
  EXPECT_EQ(checked, 50 * 20);
}

TEST(Erased, EstimatesEqualTheWrappedHeuristic) {
  using B3 = Board<3, 3>;
  const std::vector<int> goal3 = GoalSpec::blank_first().tiles_for(9);
  const auto g3 = Goal<B3>::from_spec(GoalSpec::blank_first());
  expect_same_estimates<B3>(LinearConflict<B3>(g3), goal3);
  using B4 = Board<4, 4>;
  const std::vector<int> goal4 = GoalSpec::blank_last().tiles_for(16);
  const auto g4 = Goal<B4>::from_spec(GoalSpec::blank_last());
  expect_same_estimates<B4>(Manhattan<B4>(g4), goal4);
}

TEST(Erased, KeptValuesGiveTheWrappedHeuristicsEstimates) {
  using B3 = Board<3, 3>;
  const auto g3 = Goal<B3>::from_spec(GoalSpec::blank_first());
  const LinearConflict<B3> lc(g3);
  expect_same_estimates<B3, sizeof(LinearConflict<B3>::Value)>(
      lc, GoalSpec::blank_first().tiles_for(9));
  using B4 = Board<4, 4>;
  const auto g4 = Goal<B4>::from_spec(GoalSpec::blank_last());
  expect_same_estimates<B4, 240>(LinearConflict<B4>(g4), GoalSpec::blank_last().tiles_for(16));
}

// The same search with the heuristic and through the erased one: the same length and the same
// node counts, on random 3x3 boards (IDA*, A*, DFBnB).
TEST(Erased, SearchesCountTheSameNodes) {
  using B = Board<3, 3>;
  const auto goal = Goal<B>::from_spec(GoalSpec::blank_first());
  const LinearConflict<B> lc(goal);
  const ErasedHeuristic<B> erased(lc);
  Rng rng(11);
  const std::vector<int> goal_tiles = GoalSpec::blank_first().tiles_for(9);
  for (int i = 0; i < 8; ++i) {
    const State<B> start = testing::state_from<B>(random_solvable(3, 3, goal_tiles, rng));
    const SearchResult direct = ida_star(lc, goal, start, Limits{});
    const SearchResult through = ida_star(erased, goal, start, Limits{});
    ASSERT_EQ(direct.status, Status::Solved);
    EXPECT_EQ(through.path.size(), direct.path.size());
    EXPECT_EQ(through.stats.expanded, direct.stats.expanded);
    EXPECT_EQ(through.stats.generated, direct.stats.generated);
    const SearchResult astar_direct = astar(lc, goal, start, Limits{});
    const SearchResult astar_through = astar(erased, goal, start, Limits{});
    EXPECT_EQ(astar_through.path.size(), direct.path.size());
    EXPECT_EQ(astar_through.stats.expanded, astar_direct.stats.expanded);
    EXPECT_EQ(astar_through.stats.generated, astar_direct.stats.generated);
    if (i < 2) {  // depth-first branch and bound is slow on 3x3: two boards
      const SearchResult dfbnb_direct = dfbnb(lc, goal, start, Limits{});
      const SearchResult dfbnb_through = dfbnb(erased, goal, start, Limits{});
      EXPECT_EQ(dfbnb_through.path.size(), direct.path.size());
      EXPECT_EQ(dfbnb_through.stats.expanded, dfbnb_direct.stats.expanded);
    }
  }
}

}  // namespace
}  // namespace npuzzle
