// A*+IDA* (parallel/aida.hpp): optimal on every board size the engine compiles, against the tests'
// own breadth-first oracle (tests/support/oracle.hpp) where a board's whole space is small enough
// (up to 10 cells, searched in their frames as the engine does) and its bidirectional proof
// elsewhere; the answer found in each of its places (inside the A* phase, at the frontier, below
// it), with the start as the goal, a budget of a few nodes and of none (the fall back to IDA*); the
// same answers on 1, 2 and 4 threads; shallow instances of Korf's 100; limits and the budget;
// checkpoints: stopped and resumed in chains to the uninterrupted answer and counts, a frontier
// that is not the saved one searched from the threshold's start, unvouched and impossible
// positions.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <climits>
#include <cstdint>
#include <map>
#include <numeric>
#include <string>
#include <vector>

#include "core/frame.hpp"
#include "core/goal.hpp"
#include "core/search/ida_star.hpp"
#include "heuristics/linear_conflict.hpp"
#include "heuristics/manhattan.hpp"
#include "parallel/aida.hpp"
#include "tests/core/test_support.hpp"
#include "tests/support/korf.hpp"
#include "tests/support/oracle.hpp"
#include "text/parse.hpp"

namespace npuzzle {
namespace {

std::string letters(const std::vector<Move>& path) {
  std::string s;
  for (const Move m : path) s += "UDLR"[static_cast<int>(m)];
  return s;
}

// Budgets of the sweeps: the fall back (no budget), a few nodes, more, and no cap.
struct Budget {
  const char* name;
  std::uint64_t bytes;
  std::uint64_t max_stored;
};
constexpr Budget kBudgets[] = {{"none", 0, 0},
                               {"1 node", 1 << 20, 1},
                               {"3 nodes", 1 << 20, 3},
                               {"20 nodes", 1 << 20, 20},
                               {"300 nodes", 1 << 20, 300},
                               {"4000 nodes", 1 << 22, 4000},
                               {"16 MiB", 1 << 24, 0}};

AidaOptions options_for(const Budget& budget, int threads = 1) {
  AidaOptions o;
  o.threads = threads;
  o.memory_bytes = budget.bytes;
  o.max_stored = budget.max_stored;
  o.min_frontier = budget.bytes == 0 ? 256 : 0;
  return o;
}

// Every reachable state's distance of an R x C board (oracle), a sample of them (the deepest
// first) solved in the board's frame with Manhattan distance under every budget: each answer the
// oracle's distance and a path the oracle replays. Counts in `seen` each place the answer was
// found.
template <int R, int C>
void expect_optimal_in_frame(std::size_t sample, std::map<AidaFound, int>& seen) {
  using F = FrameOf<R, C>;
  SCOPED_TRACE(::testing::Message() << R << "x" << C);
  const oracle::Tiles goal_tiles = oracle::blank_first(R * C);
  const std::vector<std::uint8_t> distance = oracle::full_distances(goal_tiles, R, C);
  const Goal<F> goal = framed_goal<F>(GoalSpec::blank_first(), R, C);
  const Manhattan<F> md(goal);
  for (const std::uint64_t rank : testing::sample_ranks(distance, sample, 0xa1da)) {
    const oracle::Tiles tiles = oracle::lehmer_unrank(rank, R * C);
    const State<F> start = framed_state<F>(tiles, R, C);
    for (const Budget& budget : kBudgets) {
      const AidaReport report = aida_search(md, goal, start, Limits{}, options_for(budget));
      const SearchResult& r = report.result;
      ASSERT_EQ(r.status, Status::Solved) << "rank " << rank << ", " << budget.name;
      ASSERT_EQ(static_cast<int>(r.path.size()), distance[rank])
          << "rank " << rank << ", " << budget.name;
      ASSERT_TRUE(r.optimal);
      ASSERT_TRUE(oracle::replay_reaches(tiles, R, C, letters(r.path), goal_tiles))
          << "rank " << rank << ", " << budget.name;
      ASSERT_EQ(report.fell_back, budget.bytes == 0);
      if (budget.max_stored) {
        ASSERT_LE(report.astar_stored, budget.max_stored);
      }
      ++seen[report.found];
    }
  }
}

TEST(Aida, OptimalOnEveryBoardOfUpToTenCellsAgainstTheOracle) {
  std::map<AidaFound, int> seen;
  expect_optimal_in_frame<2, 2>(0, seen);
  expect_optimal_in_frame<2, 3>(0, seen);
  expect_optimal_in_frame<3, 2>(0, seen);
  expect_optimal_in_frame<2, 4>(testing::sanitized_share(150), seen);
  expect_optimal_in_frame<4, 2>(testing::sanitized_share(150), seen);
  expect_optimal_in_frame<3, 3>(testing::sanitized_share(150), seen);
  expect_optimal_in_frame<2, 5>(testing::sanitized_share(40), seen);
  expect_optimal_in_frame<5, 2>(testing::sanitized_share(40), seen);
  EXPECT_GT(seen[AidaFound::InAStar], 0);
  EXPECT_GT(seen[AidaFound::BelowFrontier], 0);
  EXPECT_EQ(seen[AidaFound::None], 0);
}

// The 3x3 board on its own type (not a frame), every goal of the tests, blank-first's deepest.
TEST(Aida, OptimalOnTheEightPuzzleForEveryTestGoal) {
  using B = Board<3, 3>;
  for (const auto& named : testing::test_goals(3, 3)) {
    SCOPED_TRACE(named.name);
    const Goal<B> goal = Goal<B>::from_spec(named.spec);
    const LinearConflict<B> lc(goal);
    const std::vector<int> goal_tiles = named.spec.tiles_for(9);
    const std::vector<std::uint8_t> distance = oracle::full_distances(goal_tiles, 3, 3);
    for (const std::uint64_t rank :
         testing::sample_ranks(distance, testing::sanitized_share(60), 8)) {
      const oracle::Tiles tiles = oracle::lehmer_unrank(rank, 9);
      const State<B> start = testing::state_from<B>(tiles);
      for (const Budget& budget : kBudgets) {
        const SearchResult r = aida_star(lc, goal, start, Limits{}, options_for(budget));
        ASSERT_EQ(r.status, Status::Solved);
        ASSERT_EQ(static_cast<int>(r.path.size()), distance[rank]) << budget.name;
        ASSERT_TRUE(testing::replays_to(start, r.path, goal.state));
      }
    }
  }
}

// Every frontier order is optimal (the default, the closest approach first, was measured best:
// parallel/aida_schedule.hpp); only the last threshold's nodes differ between them.
TEST(Aida, EveryFrontierOrderIsOptimal) {
  using F = FrameOf<3, 3>;
  const oracle::Tiles goal_tiles = oracle::blank_first(9);
  const std::vector<std::uint8_t> distance = oracle::full_distances(goal_tiles, 3, 3);
  const Goal<F> goal = framed_goal<F>(GoalSpec::blank_first(), 3, 3);
  const Manhattan<F> md(goal);
  for (const std::uint64_t rank :
       testing::sample_ranks(distance, testing::sanitized_share(60), 3)) {
    const oracle::Tiles tiles = oracle::lehmer_unrank(rank, 9);
    const State<F> start = framed_state<F>(tiles, 3, 3);
    std::uint64_t earlier = 0;
    for (const AidaOrder order : {AidaOrder::Closest, AidaOrder::ClosestOfParent, AidaOrder::LeastH,
                                  AidaOrder::FThenH, AidaOrder::FThenG}) {
      AidaOptions o = options_for(kBudgets[3]);
      o.order = order;
      const AidaReport report = aida_search(md, goal, start, Limits{}, o);
      ASSERT_EQ(report.result.status, Status::Solved);
      ASSERT_EQ(static_cast<int>(report.result.path.size()), distance[rank]);
      ASSERT_TRUE(oracle::replay_reaches(tiles, 3, 3, letters(report.result.path), goal_tiles));
      const std::uint64_t before_last = report.result.stats.expanded - report.last_iteration;
      if (order == AidaOrder::Closest) earlier = before_last;
      EXPECT_EQ(before_last, earlier) << "rank " << rank;
    }
  }
}

// The same with a phase 1 that grows between thresholds, whose new frontiers inherit the closest
// approaches of the old frontier nodes' children (Closest) or of the old nodes (ClosestOfParent):
// Korf's instances of up to 50 moves on 4x4 with Manhattan distance, optimal in every order, the
// thresholds before the last the same nodes in all.
TEST(Aida, EveryFrontierOrderIsOptimalWithAGrowingPhase1) {
  using B = Board<4, 4>;
  const Goal<B> goal = Goal<B>::from_spec(GoalSpec::blank_first());
  const Manhattan<B> md(goal);
  int grown = 0, searched = 0;
  for (const auto& k : korf_data::all()) {
    if (k.length > 50 || !testing::sanitized_takes(static_cast<std::size_t>(searched++))) continue;
    SCOPED_TRACE("korf #" + std::to_string(k.id));
    const State<B> start = testing::state_from<B>(k.tiles);
    std::uint64_t earlier = 0;
    for (const AidaOrder order : {AidaOrder::Closest, AidaOrder::ClosestOfParent, AidaOrder::LeastH,
                                  AidaOrder::FThenH, AidaOrder::FThenG}) {
      AidaOptions o;
      o.memory_bytes = 64 << 20;
      o.grow = true;
      o.growth_divisor = 64;
      o.order = order;
      const AidaReport report = aida_search(md, goal, start, Limits{}, o);
      ASSERT_EQ(report.result.status, Status::Solved);
      ASSERT_EQ(static_cast<int>(report.result.path.size()), k.length);
      ASSERT_TRUE(testing::replays_to(start, report.result.path, goal.state));
      if (report.astar_runs > 1) ++grown;
      const std::uint64_t before_last = report.result.stats.expanded - report.last_iteration;
      if (order == AidaOrder::Closest) earlier = before_last;
      EXPECT_EQ(before_last, earlier);
    }
  }
  EXPECT_GT(grown, 0);  // phase 1 grew
}

// Boards too large for the oracle's whole space: random walks whose distance the oracle proves
// from both ends, solved in their frames (and 4x4, 5x5 on their own type).
template <class B>
void expect_proven(const State<B>& start, const Goal<B>& goal, const oracle::Tiles& tiles,
                   const oracle::Tiles& goal_tiles, int rows, int cols, int proven) {
  const Manhattan<B> md(goal);
  for (const Budget& budget : {kBudgets[0], kBudgets[3], kBudgets[5], kBudgets[6]}) {
    const SearchResult r = aida_star(md, goal, start, Limits{}, options_for(budget, 2));
    ASSERT_EQ(r.status, Status::Solved) << budget.name;
    EXPECT_EQ(static_cast<int>(r.path.size()), proven) << budget.name;
    EXPECT_TRUE(oracle::replay_reaches(tiles, rows, cols, letters(r.path), goal_tiles))
        << budget.name;
  }
}

template <int R, int C>
void expect_optimal_on_walks(int boards) {
  SCOPED_TRACE(::testing::Message() << R << "x" << C);
  const oracle::Tiles goal_tiles = oracle::blank_first(R * C);
  oracle::Rng rng(20260044 + R * 10 + C);
  for (int i = 0; i < boards; ++i) {
    const oracle::Tiles tiles = oracle::random_walk(goal_tiles, R, C, 30, rng);
    const std::optional<int> proven = oracle::proven_distance(tiles, goal_tiles, R, C, 30);
    ASSERT_TRUE(proven.has_value());
    if constexpr (is_frame_size(R, C)) {
      using B = Board<R, C>;
      expect_proven(testing::state_from<B>(tiles), Goal<B>::from_spec(GoalSpec::blank_first()),
                    tiles, goal_tiles, R, C, *proven);
    } else {
      using F = FrameOf<R, C>;
      expect_proven(framed_state<F>(tiles, R, C), framed_goal<F>(GoalSpec::blank_first(), R, C),
                    tiles, goal_tiles, R, C, *proven);
    }
  }
}

TEST(Aida, OptimalOnTheLargerBoardsAgainstTheOraclesProof) {
  const int n = testing::sanitized_share(2) > 0 ? 2 : 1;
  expect_optimal_on_walks<3, 4>(n);
  expect_optimal_on_walks<4, 3>(n);
  expect_optimal_on_walks<3, 5>(n);
  expect_optimal_on_walks<5, 3>(n);
  expect_optimal_on_walks<4, 5>(n);
  expect_optimal_on_walks<5, 4>(n);
  expect_optimal_on_walks<4, 4>(n);
  expect_optimal_on_walks<5, 5>(n);
}

// One 3x3 board with every cap on the A* nodes from 1 to what A* alone needs: the answer is found
// inside the A* phase (large caps), at a frontier node (the goal generated, not yet expanded) and
// below the frontier (small caps), always of the oracle's length.
TEST(Aida, TheAnswerIsFoundInEachPlaceAndAlwaysOptimal) {
  using F = FrameOf<3, 3>;
  const oracle::Tiles goal_tiles = oracle::blank_first(9);
  const std::vector<std::uint8_t> distance = oracle::full_distances(goal_tiles, 3, 3);
  const Goal<F> goal = framed_goal<F>(GoalSpec::blank_first(), 3, 3);
  const Manhattan<F> md(goal);
  std::map<AidaFound, int> seen;
  oracle::Rng rng(44);
  for (int board = 0; board < 4; ++board) {
    const oracle::Tiles tiles = oracle::random_walk(goal_tiles, 3, 3, 40, rng);
    const int exact = distance[oracle::lehmer_rank(tiles)];
    const State<F> start = framed_state<F>(tiles, 3, 3);
    const AidaReport whole = aida_search(md, goal, start, Limits{}, options_for(kBudgets[6]));
    ASSERT_EQ(whole.found, AidaFound::InAStar);
    const std::uint64_t needed = whole.astar_stored;
    for (std::uint64_t cap = 1; cap <= needed + 4; ++cap) {
      const AidaReport report =
          aida_search(md, goal, start, Limits{}, options_for({"cap", 1 << 22, cap}));
      ASSERT_EQ(report.result.status, Status::Solved) << "cap " << cap;
      ASSERT_EQ(static_cast<int>(report.result.path.size()), exact) << "cap " << cap;
      ASSERT_TRUE(oracle::replay_reaches(tiles, 3, 3, letters(report.result.path), goal_tiles));
      if (report.found != AidaFound::InAStar) {
        EXPECT_GT(report.frontier, 0u);
        EXPECT_GE(report.first_threshold, 0);
        EXPECT_LE(report.first_threshold, exact);
      }
      ++seen[report.found];
    }
  }
  EXPECT_GT(seen[AidaFound::InAStar], 0);
  EXPECT_GT(seen[AidaFound::AtFrontier], 0);
  EXPECT_GT(seen[AidaFound::BelowFrontier], 0);
}

TEST(Aida, TheStartIsTheGoal) {
  using B = Board<4, 4>;
  const Goal<B> goal = Goal<B>::from_spec(GoalSpec::blank_first());
  const Manhattan<B> md(goal);
  for (const Budget& budget : kBudgets) {
    const AidaReport report = aida_search(md, goal, goal.state, Limits{}, options_for(budget, 2));
    EXPECT_EQ(report.result.status, Status::Solved) << budget.name;
    EXPECT_TRUE(report.result.path.empty()) << budget.name;
    EXPECT_TRUE(report.result.optimal);
    EXPECT_NE(report.found, AidaFound::BelowFrontier);
  }
}

// A budget of a few nodes: a frontier of the start's first children; of none: plain IDA* from the
// start (one frontier node), with a note, and the same nodes as `ida`.
TEST(Aida, ABudgetOfAFewNodesOrNone) {
  using B = Board<4, 4>;
  const Goal<B> goal = Goal<B>::from_spec(GoalSpec::blank_first());
  const Manhattan<B> md(goal);
  oracle::Rng rng(7);
  const oracle::Tiles tiles = oracle::random_walk(oracle::blank_first(16), 4, 4, 50, rng);
  const State<B> start = testing::state_from<B>(tiles);
  const SearchResult ida = ida_star(md, goal, start, Limits{});
  ASSERT_EQ(ida.status, Status::Solved);
  for (std::uint64_t few = 1; few <= 8; ++few) {
    const AidaReport report =
        aida_search(md, goal, start, Limits{}, options_for({"few", 1 << 20, few}));
    EXPECT_FALSE(report.fell_back);
    EXPECT_LE(report.astar_stored, few);
    EXPECT_GE(report.frontier, 1u);
    EXPECT_LE(report.frontier, few);
    EXPECT_EQ(report.found, AidaFound::BelowFrontier);
    EXPECT_EQ(report.result.path.size(), ida.path.size()) << "cap " << few;
    EXPECT_TRUE(testing::replays_to(start, report.result.path, goal.state));
  }
  for (const std::uint64_t bytes : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{4096}}) {
    std::vector<std::string> notes;
    AidaOptions o;
    o.memory_bytes = bytes;
    o.note = [&](const std::string& line) { notes.push_back(line); };
    const AidaReport report = aida_search(md, goal, start, Limits{}, o);
    EXPECT_TRUE(report.fell_back);
    EXPECT_EQ(report.frontier, 1u);
    EXPECT_EQ(report.astar_expanded, 0u);
    ASSERT_EQ(notes.size(), 1u);
    EXPECT_NE(notes[0].find("plain IDA*"), std::string::npos) << notes[0];
    EXPECT_EQ(report.result.path.size(), ida.path.size());
    EXPECT_EQ(report.result.stats.iterations, ida.stats.iterations);
    // The same tree in the same order as IDA*'s: the start's own level is expanded by aida, the
    // rest by BoundedDfs, with the same move-pruning states.
    EXPECT_EQ(report.result.stats.expanded, ida.stats.expanded) << "bytes " << bytes;
    EXPECT_EQ(report.result.stats.generated, ida.stats.generated) << "bytes " << bytes;
  }
}

// The same answers on 1, 2 and 4 threads; every threshold but the last expands the same nodes.
TEST(Aida, TheSameAnswersOnOneTwoAndFourThreads) {
  using B = Board<4, 4>;
  const Goal<B> goal = Goal<B>::from_spec(GoalSpec::blank_first());
  const Manhattan<B> md(goal);
  oracle::Rng rng(2019);
  for (int i = 0; i < 4; ++i) {
    const oracle::Tiles tiles = oracle::random_walk(oracle::blank_first(16), 4, 4, 70, rng);
    const State<B> start = testing::state_from<B>(tiles);
    const SearchResult ida = ida_star(md, goal, start, Limits{});
    ASSERT_EQ(ida.status, Status::Solved);
    for (const Budget& budget : {kBudgets[0], kBudgets[4], kBudgets[5]}) {
      std::uint64_t before_last = 0;
      for (const int threads : {1, 2, 4}) {
        SCOPED_TRACE(::testing::Message() << budget.name << ", " << threads << " threads");
        const AidaReport report =
            aida_search(md, goal, start, Limits{}, options_for(budget, threads));
        ASSERT_EQ(report.result.status, Status::Solved);
        EXPECT_EQ(report.result.path.size(), ida.path.size());
        EXPECT_TRUE(testing::replays_to(start, report.result.path, goal.state));
        EXPECT_EQ(report.result.stats.expanded_per_worker.size(),
                  static_cast<std::size_t>(threads));
        const std::uint64_t earlier = report.result.stats.expanded - report.last_iteration;
        if (threads == 1) before_last = earlier;
        EXPECT_EQ(earlier, before_last);
      }
    }
  }
}

TEST(Aida, ShallowInstancesOfKorfsHundred) {
  using B = Board<4, 4>;
  const Goal<B> goal = Goal<B>::from_spec(GoalSpec::blank_first());
  const LinearConflict<B> lc(goal);
  int solved = 0, below = 0;
  for (const korf_data::Instance& inst : korf_data::all()) {
    if (inst.length > 45) continue;
    const State<B> start = testing::state_from<B>(inst.tiles);
    AidaOptions o;
    o.threads = 2;
    o.memory_bytes = 256 << 10;
    const AidaReport report = aida_search(lc, goal, start, Limits{}, o);
    ASSERT_EQ(report.result.status, Status::Solved) << "instance " << inst.id;
    EXPECT_EQ(static_cast<int>(report.result.path.size()), inst.length) << "instance " << inst.id;
    EXPECT_TRUE(testing::replays_to(start, report.result.path, goal.state));
    EXPECT_FALSE(report.fell_back);
    if (report.found == AidaFound::BelowFrontier) {
      EXPECT_GT(report.frontier, 1000u) << "instance " << inst.id;
      ++below;
    }
    ++solved;
  }
  EXPECT_GE(solved, 3);
  EXPECT_GE(below, 3);
}

// Below the frontier the search prunes as IDA* does, its move-pruning automaton going on from the
// frontier node's path: every threshold searched to the end takes at most the nodes IDA*'s
// iteration at that threshold takes (each frontier node is a node of IDA*'s tree with the same
// subtree, and phase 1 keeps one per state and automaton state). Restarting the automaton at each
// frontier node took 16-28 % more than IDA* on a 24-puzzle (bench/RESULTS.md).
TEST(Aida, NoThresholdTakesMoreNodesThanIdaStarsIteration) {
  using B = Board<4, 4>;
  const Goal<B> goal = Goal<B>::from_spec(GoalSpec::blank_first());
  const Manhattan<B> md(goal);
  const auto per_threshold = [](std::map<int, std::uint64_t>& into) {
    return [&into](const Progress& p) {
      if (p.cut_short == StopReason::None) into[p.bound] = p.iteration_expanded;
    };
  };
  int compared = 0;
  for (const korf_data::Instance& inst : korf_data::all()) {
    if (inst.length > 44) continue;
    const State<B> start = testing::state_from<B>(inst.tiles);
    std::map<int, std::uint64_t> ida;
    ASSERT_EQ(ida_star(md, goal, start, Limits{}, per_threshold(ida)).status, Status::Solved);
    for (const std::uint64_t cap : {300u, 5000u, 50000u}) {
      SCOPED_TRACE(::testing::Message() << "instance " << inst.id << ", " << cap << " nodes");
      AidaOptions o;
      o.memory_bytes = 64 << 20;
      o.max_stored = cap;
      o.min_frontier = 0;
      std::map<int, std::uint64_t> aida;
      const AidaReport report = aida_search(md, goal, start, Limits{}, o, per_threshold(aida));
      ASSERT_EQ(report.result.status, Status::Solved);
      ASSERT_EQ(static_cast<int>(report.result.path.size()), inst.length);
      aida.erase(inst.length);  // the last threshold ends at the first solution, in its own order
      ASSERT_FALSE(aida.empty());
      for (const auto& [bound, nodes] : aida) {
        ASSERT_TRUE(ida.contains(bound)) << "threshold " << bound;
        EXPECT_LE(nodes, ida.at(bound)) << "threshold " << bound;
        ++compared;
      }
    }
  }
  EXPECT_GE(compared, 20);
}

// The growing budget (the command line's default): phase 1 starts small and is run again with more
// nodes as the thresholds' work grows, always optimal; a search that ends early never takes a
// large phase 1; a budget whose bytes fill first is not run again; max_stored still caps it.
TEST(Aida, TheBudgetGrowsWithTheWork) {
  using B = Board<4, 4>;
  const Goal<B> goal = Goal<B>::from_spec(GoalSpec::blank_first());
  const Manhattan<B> md(goal);
  int grew = 0;
  for (const int id : {2, 5, 6, 8}) {
    const korf_data::Instance& inst = korf_data::find_id(korf_data::all(), id, "korf100.txt");
    const State<B> start = testing::state_from<B>(inst.tiles);
    AidaOptions o;
    o.grow = true;
    o.growth_divisor = 64;  // smaller than the default: these searches of millions of nodes grow
    o.memory_bytes = 64 << 20;
    for (const int threads : {1, 2}) {
      o.threads = threads;
      const AidaReport report = aida_search(md, goal, start, Limits{}, o);
      SCOPED_TRACE(::testing::Message() << "instance " << id << ", " << threads << " threads");
      ASSERT_EQ(report.result.status, Status::Solved);
      EXPECT_EQ(static_cast<int>(report.result.path.size()), inst.length);
      EXPECT_TRUE(report.result.optimal);
      EXPECT_TRUE(testing::replays_to(start, report.result.path, goal.state));
      EXPECT_GE(report.astar_runs, 1);
      // Each run holds at most the work of the threshold before it divided by the growth divisor
      // x threads (phase 1 runs on one thread while IDA* runs on all), the first at most 4096
      // nodes.
      const std::uint64_t share = o.growth_divisor * static_cast<std::uint64_t>(threads);
      EXPECT_LE(report.astar_stored * share,
                std::max<std::uint64_t>(report.result.stats.expanded, share * 4096));
      if (report.astar_runs > 1) ++grew;
    }
  }
  EXPECT_GE(grew, 4) << "Manhattan on these takes millions of nodes: the budget grew";

  const State<B> start = testing::state_from<B>(korf_data::all().front().tiles);
  AidaOptions o;
  o.grow = true;
  o.growth_divisor = 64;
  o.memory_bytes = 1 << 20;  // about 20,000 nodes: it grows once or twice, then the bytes fill
  AidaReport report = aida_search(md, goal, start, Limits{}, o);
  ASSERT_EQ(report.result.status, Status::Solved);
  EXPECT_EQ(report.result.path.size(), 57u);
  EXPECT_LE(report.astar_runs, 3);  // 4096 nodes, then at least 4x that, then full
  EXPECT_LE(report.astar_bytes, o.memory_bytes);
  o.memory_bytes = 64 << 20;
  o.max_stored = 5000;  // the cap holds: one more run at most, never above it
  report = aida_search(md, goal, start, Limits{}, o);
  ASSERT_EQ(report.result.status, Status::Solved);
  EXPECT_EQ(report.result.path.size(), 57u);
  EXPECT_LE(report.astar_stored, 5000u);
  EXPECT_LE(report.astar_runs, 2);

  // An easy instance is solved inside the first, small run.
  oracle::Rng rng(7);
  const oracle::Tiles tiles = oracle::random_walk(oracle::blank_first(16), 4, 4, 20, rng);
  const State<B> easy = testing::state_from<B>(tiles);
  o.max_stored = 0;
  report = aida_search(md, goal, easy, Limits{}, o);
  ASSERT_EQ(report.result.status, Status::Solved);
  EXPECT_EQ(report.found, AidaFound::InAStar);
  EXPECT_EQ(report.astar_runs, 1);
  EXPECT_LE(report.astar_stored, 4096u);
  EXPECT_EQ(report.result.path.size(), ida_star(md, goal, easy, Limits{}).path.size());
}

// On boards of 21 cells and more the count of states is past 64 bits: phase 1 still fills its
// budget (it once reserved room for 3 nodes there, and every 5x5 search was plain IDA*).
TEST(Aida, PhaseOneRunsOnTheLargeBoards) {
  using B = Board<5, 5>;
  const Goal<B> goal = Goal<B>::from_spec(GoalSpec::blank_first());
  const Manhattan<B> md(goal);
  oracle::Rng rng(24);
  const oracle::Tiles tiles = oracle::random_walk(oracle::blank_first(25), 5, 5, 60, rng);
  const State<B> start = testing::state_from<B>(tiles);
  AidaOptions o;
  o.memory_bytes = 1 << 20;
  o.max_stored = 2000;
  const AidaReport report = aida_search(md, goal, start, Limits{}, o);
  ASSERT_EQ(report.result.status, Status::Solved);
  EXPECT_TRUE(testing::replays_to(start, report.result.path, goal.state));
  EXPECT_EQ(report.result.path.size(), ida_star(md, goal, start, Limits{}).path.size());
  if (report.found != AidaFound::InAStar) {
    EXPECT_GT(report.astar_stored, 1000u);
  }
  EXPECT_GT(report.astar_expanded, 100u);
}

// The A* phase never holds more than its budget, counted by capacity; the frontier it leaves fits.
TEST(Aida, ThePhaseOneNeverHoldsMoreThanItsBudget) {
  using B = Board<4, 4>;
  const Goal<B> goal = Goal<B>::from_spec(GoalSpec::blank_first());
  const Manhattan<B> md(goal);
  const State<B> start = testing::state_from<B>(korf_data::all().front().tiles);
  for (const std::uint64_t budget :
       {std::uint64_t{100} << 10, std::uint64_t{1} << 20, std::uint64_t{6} << 20}) {
    AidaOptions o;
    o.memory_bytes = budget;
    Limits limits;
    limits.nodes = 3'000'000;  // Korf's #1 with Manhattan: the phase is what is looked at here
    const AidaReport report = aida_search(md, goal, start, limits, o);
    EXPECT_EQ(report.result.status, Status::Limit);
    EXPECT_EQ(report.result.reason, StopReason::NodeLimit);
    EXPECT_FALSE(report.fell_back);
    EXPECT_LE(report.astar_bytes, budget);
    EXPECT_GT(report.astar_bytes, budget / 4) << "the budget is used";
    EXPECT_LE(report.astar_stored * sizeof(AidaAStar<B, Manhattan<B>>::Node) +
                  report.frontier * sizeof(AidaFrontierNode),
              budget);
    EXPECT_GE(report.result.stats.expanded, limits.nodes);
    EXPECT_LT(report.result.stats.expanded, limits.nodes + 4 * LimitClock::kPollInterval);
  }
}

// A node limit stops the A* phase exactly, and phase 2 within a poll interval per thread.
TEST(Aida, LimitsStopEitherPhase) {
  using B = Board<4, 4>;
  const Goal<B> goal = Goal<B>::from_spec(GoalSpec::blank_first());
  const Manhattan<B> md(goal);
  const State<B> start = testing::state_from<B>(korf_data::all().front().tiles);
  AidaOptions o;
  o.memory_bytes = 64 << 20;
  Limits limits;
  limits.nodes = 1000;
  AidaReport report = aida_search(md, goal, start, limits, o);
  EXPECT_EQ(report.result.status, Status::Limit);
  EXPECT_EQ(report.result.reason, StopReason::NodeLimit);
  EXPECT_EQ(report.result.stats.expanded, 1000u);
  EXPECT_EQ(report.frontier, 0u);
  const std::atomic<bool> interrupt{true};
  limits = Limits{};
  limits.interrupt = &interrupt;
  report = aida_search(md, goal, start, limits, o);
  EXPECT_EQ(report.result.status, Status::Limit);
  EXPECT_EQ(report.result.reason, StopReason::Interrupted);
  EXPECT_GT(report.result.bound, 0);
}

// Checkpoints (parallel/ida_position.hpp): every position A*+IDA* saves keeps the position's
// invariants for it (no cut-short subtrees, the frontier within phase 1's cap, phase 1's count
// within the total).
void expect_aida_position(const IdaPosition& p) {
  EXPECT_EQ(p.done.size(), p.subtrees);
  EXPECT_TRUE(p.partial.empty());
  EXPECT_EQ(static_cast<std::size_t>(p.iterations), p.iteration_expanded.size());
  std::uint64_t finished = 0;
  for (const std::uint64_t e : p.iteration_expanded) finished += e;
  EXPECT_LE(p.astar_expanded + finished, p.expanded);
  EXPECT_GT(p.next_bound, p.bound);
  if (p.target > 0) {
    EXPECT_LE(p.subtrees, p.target);
  }
}

class AidaCheckpoint : public ::testing::Test {
 protected:
  using B = Board<4, 4>;
  const Goal<B> goal = Goal<B>::from_spec(GoalSpec::blank_first());
  const Manhattan<B> md{goal};

  static State<B> korf(int id) {
    return testing::state_from<B>(korf_data::find_id(korf_data::all(), id, "korf100.txt").tiles);
  }
  static int korf_length(int id) {
    return korf_data::find_id(korf_data::all(), id, "korf100.txt").length;
  }
  // A fixed phase 1 of at most 2,000 nodes.
  static AidaOptions fixed(int threads) {
    AidaOptions o;
    o.threads = threads;
    o.memory_bytes = 1 << 22;
    o.max_stored = 2000;
    o.min_frontier = 0;
    return o;
  }

  struct Chain {
    AidaReport last;  // the run that solved it
    int runs = 0;
    std::vector<IdaPosition> saved;  // each stopped run's position
  };
  // Solves `start` in runs of at most `node_limit` expansions, each a new search going on from the
  // position the run before saved at its stop (as a process resumed from the file does). Every
  // stopped run must save once and get further (more nodes counted, or a later threshold).
  Chain in_pieces(const State<B>& start, const AidaOptions& o, std::uint64_t node_limit) const {
    Chain chain;
    for (chain.runs = 1; chain.runs < 300; ++chain.runs) {
      IdaCheckpointing keep;
      keep.resume = chain.saved.empty() ? nullptr : &chain.saved.back();
      std::vector<IdaPosition> written;
      keep.save = [&](const IdaPosition& p) {
        written.push_back(p);
        return true;
      };
      Limits limits;
      limits.nodes = node_limit;
      chain.last = aida_search(md, goal, start, limits, o, {}, &keep);
      if (chain.last.result.status != Status::Limit) break;
      EXPECT_EQ(written.size(), 1u) << "one save: the stop's (the period is 600 s)";
      if (written.empty()) break;
      const IdaPosition& p = written.back();
      expect_aida_position(p);
      // What a stopped run reports counts the frontier nodes it cut short; the position does not.
      EXPECT_GE(chain.last.result.stats.expanded, p.expanded);
      if (!chain.saved.empty()) {
        const IdaPosition& before = chain.saved.back();
        const bool further = p.expanded > before.expanded || p.bound > before.bound;
        EXPECT_TRUE(further) << "run " << chain.runs << " got no further";
        if (!further) break;
      }
      chain.saved.push_back(p);
    }
    return chain;
  }

  void expect_optimal(const SearchResult& r, const State<B>& start, int length) const {
    ASSERT_EQ(r.status, Status::Solved);
    EXPECT_EQ(static_cast<int>(r.path.size()), length);
    EXPECT_TRUE(r.optimal);
    EXPECT_TRUE(testing::replays_to(start, r.path, goal.state));
  }
};

// Stopped by a node limit inside its thresholds (a fixed phase 1), again and again: each resume
// reaches the optimum, and on one thread with exactly the counts of one uninterrupted run (phase 1
// built again is not counted twice, a frontier node cut short is counted only when searched to the
// end).
TEST_F(AidaCheckpoint, StoppedInsideThresholdsAndResumedInAChainReachesTheSameAnswerAndCounts) {
  for (const int id : {12, 55, 79}) {
    const State<B> start = korf(id);
    const AidaReport whole = aida_search(md, goal, start, Limits{}, fixed(1));
    expect_optimal(whole.result, start, korf_length(id));
    for (const int threads : {1, 2}) {
      SCOPED_TRACE(::testing::Message() << "instance " << id << ", " << threads << " threads");
      const Chain chain = in_pieces(start, fixed(threads), 8000);
      expect_optimal(chain.last.result, start, korf_length(id));
      EXPECT_GE(chain.runs, 3);
      const bool inside = std::any_of(chain.saved.begin(), chain.saved.end(), [](const auto& p) {
        return p.done_count() > 0 && p.done_count() < p.subtrees;
      });
      EXPECT_TRUE(inside) << "no stop came in the middle of a threshold";
      if (threads == 1) {
        EXPECT_EQ(chain.last.result.stats.expanded, whole.result.stats.expanded);
        EXPECT_EQ(chain.last.result.stats.generated, whole.result.stats.generated);
        EXPECT_EQ(chain.last.result.stats.iterations, whole.result.stats.iterations);
      }
    }
  }
}

// The growing budget (the command line's): phase 1 runs again between thresholds, and a stop may
// come in one of those runs; the chain still reaches the optimum with the uninterrupted counts.
TEST_F(AidaCheckpoint, TheGrowingBudgetResumesToTheSameAnswerAndCounts) {
  const State<B> start = korf(1);
  AidaOptions o;
  o.grow = true;
  o.growth_divisor = 64;  // so that phase 1 runs several times on this 4x4 search
  o.memory_bytes = 64 << 20;
  const AidaReport whole = aida_search(md, goal, start, Limits{}, o);
  expect_optimal(whole.result, start, korf_length(1));
  ASSERT_GT(whole.astar_runs, 1);
  const Chain chain = in_pieces(start, o, 4000000);
  expect_optimal(chain.last.result, start, korf_length(1));
  EXPECT_GT(chain.runs, 3);
  EXPECT_EQ(chain.last.result.stats.expanded, whole.result.stats.expanded);
  EXPECT_EQ(chain.last.result.stats.generated, whole.result.stats.generated);
}

// Positions saved between every two frontier nodes each resume to the same answer and counts; one
// of the last threshold marked all done goes past the optimum when its frontier is believed (the
// done list steers the search), but with a frontier checksum that does not match the rebuilt
// frontier it is searched from the threshold's start, to the optimum.
TEST_F(AidaCheckpoint, AFrontierThatIsNotTheSavedOneIsSearchedFromTheThresholdsStart) {
  const State<B> start = korf(12);
  const int length = korf_length(12);
  std::vector<IdaPosition> saved;
  IdaCheckpointing keep;
  keep.every_seconds = 1e-9;  // between every two frontier nodes
  keep.save = [&](const IdaPosition& p) {
    saved.push_back(p);
    return true;
  };
  const AidaReport whole = aida_search(md, goal, start, Limits{}, fixed(1), {}, &keep);
  expect_optimal(whole.result, start, length);
  ASSERT_GT(saved.size(), 100u);
  for (std::size_t i = 0; i < saved.size(); i += saved.size() / 8) {
    SCOPED_TRACE(::testing::Message() << "position " << i << ": bound " << saved[i].bound << ", "
                                      << saved[i].done_count() << " of " << saved[i].subtrees);
    expect_aida_position(saved[i]);
    IdaCheckpointing from;
    from.resume = &saved[i];
    const AidaReport resumed = aida_search(md, goal, start, Limits{}, fixed(1), {}, &from);
    expect_optimal(resumed.result, start, length);
    EXPECT_EQ(resumed.result.stats.expanded, whole.result.stats.expanded);
    EXPECT_EQ(resumed.result.stats.generated, whole.result.stats.generated);
  }
  IdaPosition all_done = saved.back();
  ASSERT_EQ(all_done.bound, length);
  all_done.done.assign(all_done.subtrees, true);
  all_done.next_bound = INT_MAX;
  IdaCheckpointing from;
  from.resume = &all_done;
  // Believed, the done list steers the search: past the optimum, or to nothing left to search.
  try {
    const SearchResult believed = aida_star(md, goal, start, Limits{}, fixed(1), {}, &from);
    EXPECT_FALSE(believed.status == Status::Solved &&
                 static_cast<int>(believed.path.size()) == length)
        << "the done list was not used";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("leaves nothing"), std::string::npos) << e.what();
  }

  all_done.frontier_checksum ^= 1;
  std::string notes;
  AidaOptions o = fixed(1);
  o.note = [&](const std::string& line) { notes += line + "\n"; };
  const SearchResult restarted = aida_star(md, goal, start, Limits{}, o, {}, &from);
  expect_optimal(restarted, start, length);
  EXPECT_NE(notes.find("searched again from its start"), std::string::npos) << notes;
  // The frontier of another budget is another frontier too.
  IdaPosition other = saved[saved.size() / 2];
  other.done.assign(other.subtrees, true);
  o.max_stored = 1500;
  for (const int threads : {1, 2}) {
    o.threads = threads;
    from.resume = &other;
    expect_optimal(aida_star(md, goal, start, Limits{}, o, {}, &from), start, length);
  }
}

// From a position nothing vouches for, the answer is not claimed optimal; a threshold below the
// start's estimate was not written for this board; a bound above a shorter solution is refused.
TEST_F(AidaCheckpoint, AnUnvouchedPositionIsNotOptimalAndImpossibleBoundsAreRefused) {
  const State<B> start = korf(12);
  IdaPosition position;
  IdaCheckpointing keep;
  keep.save = [&](const IdaPosition& p) {
    position = p;
    return true;
  };
  Limits limits;
  limits.nodes = 20000;
  ASSERT_EQ(aida_star(md, goal, start, limits, fixed(1), {}, &keep).status, Status::Limit);
  IdaCheckpointing from;
  from.resume = &position;
  from.resume_trusted = false;
  const SearchResult doubted = aida_star(md, goal, start, Limits{}, fixed(2), {}, &from);
  ASSERT_EQ(doubted.status, Status::Solved);
  EXPECT_EQ(static_cast<int>(doubted.path.size()), korf_length(12));
  EXPECT_FALSE(doubted.optimal);

  from.resume_trusted = true;
  const int estimate = md.estimate(md.init(start));
  IdaPosition low = position;
  low.bound = estimate - 2;
  low.iterations = 0;
  low.iteration_expanded.clear();
  from.resume = &low;
  EXPECT_THROW(aida_star(md, goal, start, Limits{}, fixed(1), {}, &from), InputError);
  // One move from the goal: a position claiming no path below 3 moves is wrong.
  std::vector<int> one_move(16);
  std::iota(one_move.begin(), one_move.end(), 0);
  std::swap(one_move[0], one_move[1]);
  IdaPosition high;
  high.bound = 3;
  high.target = 2000;
  from.resume = &high;
  EXPECT_THROW(aida_star(md, goal, testing::state_from<B>(one_move), Limits{}, fixed(1), {}, &from),
               InputError);
}

// An interrupt before any work (Ctrl-C pending): the position saved is the start's, with nothing
// counted, and going on from it is the whole search.
TEST_F(AidaCheckpoint, AnInterruptBeforeAnyWorkSavesThePositionOfTheStart) {
  const State<B> start = korf(12);
  std::atomic<bool> interrupt{true};
  Limits limits;
  limits.interrupt = &interrupt;
  std::vector<IdaPosition> saved;
  IdaCheckpointing keep;
  keep.save = [&](const IdaPosition& p) {
    saved.push_back(p);
    return true;
  };
  const SearchResult stopped = aida_star(md, goal, start, limits, fixed(1), {}, &keep);
  ASSERT_EQ(stopped.status, Status::Limit);
  EXPECT_EQ(stopped.reason, StopReason::Interrupted);
  ASSERT_EQ(saved.size(), 1u);
  EXPECT_EQ(saved[0].subtrees, 0u);
  EXPECT_EQ(saved[0].expanded, 0u);
  EXPECT_EQ(saved[0].bound, md.estimate(md.init(start)));
  IdaCheckpointing from;
  from.resume = &saved[0];
  const SearchResult resumed = aida_star(md, goal, start, Limits{}, fixed(1), {}, &from);
  expect_optimal(resumed, start, korf_length(12));
  EXPECT_EQ(resumed.stats.expanded, aida_star(md, goal, start, Limits{}, fixed(1)).stats.expanded);
}

}  // namespace
}  // namespace npuzzle
