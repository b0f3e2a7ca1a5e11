// Manhattan, linear conflict and misplaced tiles: the incrementally updated value always equals a
// fresh init() of the same state (long random walks on 3x3, 2x4, 3x4, 4x4 and 5x5 for three goals);
// on every reachable 3x3 state each heuristic is admissible against the exact distance and
// consistent (changes by at most 1 per move), and linear conflict is never below Manhattan.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <vector>

#include "core/random.hpp"
#include "core/rank.hpp"
#include "core/search/bfs.hpp"
#include "heuristics/linear_conflict.hpp"
#include "heuristics/manhattan.hpp"
#include "heuristics/misplaced.hpp"
#include "tests/core/test_support.hpp"

namespace npuzzle {
namespace {

using testing::test_goals;

// Walks the blank `steps` random moves from a random solvable board, updating the value of `h`
// after every move and comparing its estimate with init() of the board reached.
template <class B, class H>
void check_incremental(const H& h, const Goal<B>& goal, int steps, std::uint64_t seed) {
  Rng rng(seed);
  const std::vector<int> goal_tiles = testing::tiles_of(goal.state);
  State<B> state = testing::state_from<B>(random_solvable(B::kRows, B::kCols, goal_tiles, rng));
  auto value = h.init(state);
  for (int step = 0; step < steps; ++step) {
    const auto& moves = B::kMoveTable[state.blank];
    const int i = static_cast<int>(rng.below(moves.count));
    const int target = moves.targets[i];
    value = h.update(value, state.tile_at(target), target, state.blank);
    state.move_blank_to(target);
    ASSERT_EQ(h.estimate(value), h.estimate(h.init(state))) << "step " << step;
  }
}

template <class B>
class Incremental : public ::testing::Test {};

using Boards = ::testing::Types<Board<3, 3>, Board<2, 4>, Board<3, 4>, Board<4, 4>, Board<5, 5>>;
TYPED_TEST_SUITE(Incremental, Boards);

// check_incremental with heuristic H on every test goal of board B.
template <class B, template <class> class H>
void check_incremental_on_every_goal(std::uint64_t seed) {
  for (const auto& named : test_goals(B::kRows, B::kCols)) {
    SCOPED_TRACE(named.name);
    const auto goal = Goal<B>::from_spec(named.spec);
    check_incremental<B>(H<B>(goal), goal, 5000, seed);
  }
}

TYPED_TEST(Incremental, ManhattanUpdateEqualsInit) {
  check_incremental_on_every_goal<TypeParam, Manhattan>(1);
}
TYPED_TEST(Incremental, LinearConflictUpdateEqualsInit) {
  check_incremental_on_every_goal<TypeParam, LinearConflict>(2);
}
TYPED_TEST(Incremental, MisplacedTilesUpdateEqualsInit) {
  check_incremental_on_every_goal<TypeParam, MisplacedTiles>(3);
}

// On every reachable 3x3 state: h <= exact distance, |h(s) - h(child)| <= 1, update == init.
template <class H>
void check_admissible_and_consistent(const H& h, const Goal<Board<3, 3>>& goal,
                                     const std::vector<std::uint8_t>& distance) {
  using B = Board<3, 3>;
  std::uint64_t checked = 0;
  for (std::uint64_t rank = 0; rank < distance.size(); ++rank) {
    if (distance[rank] == kUnreachable) continue;
    const State<B> state = unrank_permutation<B>(rank);
    const auto value = h.init(state);
    const int estimate = h.estimate(value);
    ASSERT_LE(estimate, distance[rank]) << "rank " << rank;
    if (state == goal.state) {
      ASSERT_EQ(estimate, 0);
    }
    const auto& moves = B::kMoveTable[state.blank];
    for (int i = 0; i < moves.count; ++i) {
      const int target = moves.targets[i];
      State<B> child = state;
      child.move_blank_to(target);
      const auto child_value = h.update(value, state.tile_at(target), target, state.blank);
      ASSERT_EQ(h.estimate(child_value), h.estimate(h.init(child))) << "rank " << rank;
      ASSERT_LE(std::abs(h.estimate(child_value) - estimate), 1) << "rank " << rank;
    }
    ++checked;
  }
  EXPECT_EQ(checked, kPermutationCount<B> / 2);
}

TEST(EightPuzzle, EveryHeuristicIsAdmissibleAndConsistentOnAllStates) {
  using B = Board<3, 3>;
  for (const auto& named : test_goals(3, 3)) {
    SCOPED_TRACE(named.name);
    const auto goal = Goal<B>::from_spec(named.spec);
    const auto distance = all_distances(goal);
    check_admissible_and_consistent(Manhattan<B>(goal), goal, distance);
    check_admissible_and_consistent(LinearConflict<B>(goal), goal, distance);
    check_admissible_and_consistent(MisplacedTiles<B>(goal), goal, distance);
  }
}

TEST(EightPuzzle, LinearConflictDominatesManhattanDominatesMisplaced) {
  using B = Board<3, 3>;
  for (const auto& named : test_goals(3, 3)) {
    SCOPED_TRACE(named.name);
    const auto goal = Goal<B>::from_spec(named.spec);
    const Manhattan<B> md(goal);
    const LinearConflict<B> lc(goal);
    const MisplacedTiles<B> misplaced(goal);
    std::uint64_t stronger = 0;
    for (std::uint64_t rank = 0; rank < kPermutationCount<B>; ++rank) {
      const State<B> s = unrank_permutation<B>(rank);
      const int m = md.estimate(md.init(s));
      const int l = lc.estimate(lc.init(s));
      ASSERT_GE(l, m) << "rank " << rank;
      ASSERT_GE(m, misplaced.estimate(misplaced.init(s))) << "rank " << rank;
      stronger += l > m;
    }
    EXPECT_GT(stronger, 0u);  // linear conflict adds something somewhere
  }
}

TEST(LinearConflict, KnownValuesOnAFourByFourBoard) {
  using B = Board<4, 4>;
  const auto goal = Goal<B>::from_spec(GoalSpec::blank_first());
  const LinearConflict<B> lc(goal);
  // Row 0 holds 3 2 1 (all of row 0's goal tiles, reversed): Manhattan 4 (3 and 1 are two cells
  // off), two tiles must leave the row: +4.
  const State<B> reversed_row =
      testing::state_from<B>({0, 3, 2, 1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15});
  EXPECT_EQ(Manhattan<B>(goal).init(reversed_row), 4);
  EXPECT_EQ(lc.estimate(lc.init(reversed_row)), 8);
}

}  // namespace
}  // namespace npuzzle
