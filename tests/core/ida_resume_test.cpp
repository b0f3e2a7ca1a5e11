// BoundedDfs stopped and resumed (core/search/bounded_dfs.hpp, ida_resume.hpp): a pass cut into
// pieces by node limits, each piece a fresh object going on from the path where the last one
// stopped, ends exactly as the uninterrupted pass does (the same outcome, path and least f above
// the bound) with the same node counts once the node counted twice at each stop is taken off; and
// fits() refuses paths that no pass could have stopped on. Pattern databases (children batched, the
// least h searched first) are cut too: a resume must follow the node loop's order of the children.
#include <gtest/gtest.h>

#include <climits>
#include <cstdint>
#include <string>
#include <vector>

#include "core/goal.hpp"
#include "core/random.hpp"
#include "core/search/ida_star.hpp"
#include "heuristics/linear_conflict.hpp"
#include "heuristics/manhattan.hpp"
#include "heuristics/pdb/pattern_databases.hpp"
#include "tests/core/test_support.hpp"
#include "tests/heuristics/pdb_test_support.hpp"
#include "tests/support/korf.hpp"

namespace npuzzle {
namespace {

using testing::state_from;

// One pass with `bound` from `start`, in pieces of at most `limit` expansions (0: whole).
template <class B, class H>
auto pass_in_pieces(const H& h, const Goal<B>& goal, const State<B>& start, int bound,
                    std::uint64_t limit) {
  using Dfs = BoundedDfs<B, H>;
  struct Result {
    typename Dfs::Outcome outcome{};
    std::vector<Move> path;
    std::uint64_t expanded = 0, generated = 0;
    int next_bound = INT_MAX;
    int pieces = 0;
  } result;
  const auto value = h.init(start);
  std::vector<Move> stopped_at;
  for (;;) {
    Limits limits;
    limits.nodes = limit;
    const LimitClock clock(limits);
    Dfs dfs(h, goal, clock);
    const auto outcome = result.pieces == 0 ? dfs.run(start, value, 0, Dfs::kNoCell, bound)
                                            : dfs.resume(start, value, 0, Dfs::kNoCell, bound,
                                                         MovePruning::kRoot, stopped_at);
    ++result.pieces;
    result.next_bound = std::min(result.next_bound, dfs.next_bound());
    result.generated += dfs.generated();
    if (outcome != Dfs::Outcome::Stopped) {
      result.outcome = outcome;
      result.path = dfs.path();
      result.expanded += dfs.expanded();
      return result;
    }
    // The node it stopped at is counted here and again by the resume that expands it.
    EXPECT_GE(dfs.expanded(), 1u);
    result.expanded += dfs.expanded() - 1;
    EXPECT_TRUE(dfs.fits(start, value, 0, Dfs::kNoCell, bound, MovePruning::kRoot, dfs.path()));
    stopped_at = dfs.path();
    if (result.pieces > 10000) {
      ADD_FAILURE() << "no end after 10000 pieces";
      return result;
    }
  }
}

template <class B, class H>
void expect_pieces_add_up(const H& h, const Goal<B>& goal, const State<B>& start, int bound,
                          const std::vector<std::uint64_t>& limits) {
  const auto whole = pass_in_pieces(h, goal, start, bound, 0);
  ASSERT_EQ(whole.pieces, 1);
  ASSERT_GT(whole.expanded, 100u) << "too small a pass to cut";
  for (const std::uint64_t limit : limits) {
    SCOPED_TRACE("pieces of " + std::to_string(limit) + " expansions, bound " +
                 std::to_string(bound));
    const auto pieces = pass_in_pieces(h, goal, start, bound, limit);
    EXPECT_GE(static_cast<std::uint64_t>(pieces.pieces), whole.expanded / limit);
    EXPECT_EQ(pieces.outcome, whole.outcome);
    EXPECT_EQ(pieces.path, whole.path);
    EXPECT_EQ(pieces.expanded, whole.expanded);
    EXPECT_EQ(pieces.generated, whole.generated);
    if (whole.outcome != decltype(whole.outcome)::Found) {
      EXPECT_EQ(pieces.next_bound, whole.next_bound);
    }
  }
}

// The last iteration (Found) and the one before it (Exhausted: the next bound matters) of Korf's
// #12 with Manhattan distance, cut at odd sizes, down to a few nodes a piece.
TEST(IdaResume, PiecesOfA4x4PassAddUpToTheWholePass) {
  using B = Board<4, 4>;
  const Goal<B> goal = Goal<B>::from_spec(GoalSpec::blank_first());
  const Manhattan<B> md(goal);
  const State<B> start = state_from<B>(korf_data::by_id(12).tiles);
  const int optimum = korf_data::by_id(12).length;
  expect_pieces_add_up(md, goal, start, optimum, {100003, 7919, 1237});
  expect_pieces_add_up(md, goal, start, optimum - 2, {50021, 3001});
}

TEST(IdaResume, PiecesOfSmallPassesAddUpOnOtherBoardsGoalsAndHeuristics) {
  {
    using B = Board<3, 3>;
    for (const auto& named : testing::test_goals(3, 3)) {
      SCOPED_TRACE("3x3 " + named.name);
      const Goal<B> goal = Goal<B>::from_spec(named.spec);
      const LinearConflict<B> lc(goal);
      Rng rng(7);
      const State<B> start =
          state_from<B>(random_walk(3, 3, named.spec.tiles_for(B::kCells), 200, rng));
      const int h0 = lc.estimate(lc.init(start));
      for (int bound = h0; bound <= h0 + 8; bound += 2) {
        const auto whole = pass_in_pieces(lc, goal, start, bound, 0);
        if (whole.expanded <= 100) continue;
        expect_pieces_add_up(lc, goal, start, bound, {97, 13, 2});
      }
    }
  }
  {
    using B = Board<5, 5>;  // a 128-bit word
    const Goal<B> goal = Goal<B>::from_spec(GoalSpec::blank_first());
    const Manhattan<B> md(goal);
    Rng rng(11);
    const State<B> start =
        state_from<B>(random_walk(5, 5, GoalSpec::blank_first().tiles_for(B::kCells), 60, rng));
    const int h0 = md.estimate(md.init(start));
    expect_pieces_add_up(md, goal, start, h0 + 6, {1009, 97});
  }
}

// With pattern databases the node loop searches the child with the least h first; the pieces
// add up only when each resume goes on in that order (Korf's #12 with 5-5-5 and its reflection,
// and 3x3 with two groups of four).
TEST(IdaResume, PiecesOfPassesWithPatternDatabasesFollowTheChildOrder) {
  {
    using B = Board<4, 4>;
    const Goal<B> goal = Goal<B>::from_spec(GoalSpec::blank_first());
    const pdb::PdbSet set = testing::memory_set(goal, "5-5-5", false);
    const PatternDatabases<B, 2> h(goal, set);
    const State<B> start = state_from<B>(korf_data::by_id(12).tiles);
    const int optimum = korf_data::by_id(12).length;
    expect_pieces_add_up(h, goal, start, optimum, {1009, 97, 2});
    expect_pieces_add_up(h, goal, start, optimum - 2, {501, 13});
  }
  {
    using B = Board<3, 3>;
    const Goal<B> goal = Goal<B>::from_spec(GoalSpec::blank_first());
    const pdb::PdbSet set = testing::memory_set(goal, "1,2,3,4/5,6,7,8", false);
    const PatternDatabases<B, 2> h(goal, set);
    Rng rng(5);
    const State<B> start =
        state_from<B>(random_walk(3, 3, GoalSpec::blank_first().tiles_for(B::kCells), 300, rng));
    const int h0 = h.estimate(h.init(start));
    for (int bound = h0; bound <= h0 + 10; bound += 2) {
      if (pass_in_pieces(h, goal, start, bound, 0).expanded <= 100) continue;
      expect_pieces_add_up(h, goal, start, bound, {31, 5});
    }
  }
}

TEST(IdaResume, FitsRefusesPathsNoPassStopsOn) {
  using B = Board<3, 3>;
  using Dfs = BoundedDfs<B, Manhattan<B>>;
  const Goal<B> goal = Goal<B>::from_spec(GoalSpec::blank_first());
  const Manhattan<B> md(goal);
  // The blank in the middle, two moves from the goal (h = 2: up, then left).
  const State<B> start = state_from<B>({1, 4, 2, 3, 0, 5, 6, 7, 8});
  const auto value = md.init(start);
  const auto fits = [&](std::vector<Move> path, int bound, int parent = Dfs::kNoCell) {
    Limits limits;
    const LimitClock clock(limits);
    return Dfs(md, goal, clock).fits(start, value, 0, parent, bound, MovePruning::kRoot, path);
  };
  EXPECT_TRUE(fits({}, 2));
  EXPECT_TRUE(fits({Move::Up}, 2));
  EXPECT_FALSE(fits({}, 1)) << "the start is beyond the bound";
  EXPECT_FALSE(fits({Move::Down}, 2)) << "a child beyond the bound";
  EXPECT_TRUE(fits({Move::Down}, 4));
  EXPECT_FALSE(fits({Move::Up, Move::Up}, 9)) << "off the board";
  EXPECT_FALSE(fits({Move::Up, Move::Down}, 9)) << "back to the parent";
  EXPECT_FALSE(fits({Move::Up}, 9, /*parent=*/1)) << "back to the parent of the start";
  // The first path on the board, without a move back, that the automaton refuses (depth first).
  std::vector<Move> refused;
  const auto find_refused = [&](auto&& self, State<B> at, int parent, std::size_t depth) -> bool {
    if (MovePruning::standard().after(refused) == MovePruning::kPruned) return true;
    if (depth == 0) return false;
    for (const Move m : kAllMoves) {
      const int target = B::neighbour(at.blank, m);
      if (target < 0 || target == parent) continue;
      State<B> next = at;
      next.move_blank_to(target);
      refused.push_back(m);
      if (self(self, next, at.blank, depth - 1)) return true;
      refused.pop_back();
    }
    return false;
  };
  ASSERT_TRUE(find_refused(find_refused, start, Dfs::kNoCell, 12));
  EXPECT_TRUE(fits({refused.begin(), refused.end() - 1}, 40));
  EXPECT_FALSE(fits(refused, 40)) << "a duplicate move string the automaton refuses";
}

}  // namespace
}  // namespace npuzzle
