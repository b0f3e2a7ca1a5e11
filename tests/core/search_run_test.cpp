// The search skeleton's hooks: the heartbeat every poll interval, the peak stored nodes of every
// algorithm, and the tie-break of greedy best-first search.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "core/search/astar.hpp"
#include "core/search/bfs.hpp"
#include "core/search/dfbnb.hpp"
#include "core/search/greedy.hpp"
#include "core/search/ida_star.hpp"
#include "heuristics/manhattan.hpp"
#include "tests/core/test_support.hpp"
#include "tests/support/korf.hpp"

namespace npuzzle {
namespace {

using B4 = Board<4, 4>;
using B3 = Board<3, 3>;

// Korf's instance 88 (optimal length 65, among the hardest of the 100).
State<B4> hard_four_by_four() { return testing::state_from<B4>(korf_data::by_id(88).tiles); }

struct Beats {
  std::vector<Heartbeat> seen;
  HeartbeatFn fn = [this](const Heartbeat& beat) { seen.push_back(beat); };
};

// Every search that runs past a few poll intervals beats at most once per interval, with
// counters that grow and the memory it holds.
TEST(Heartbeat, EverySequentialSearchBeatsOncePerPollInterval) {
  const auto goal = Goal<B4>::from_spec(GoalSpec::blank_first());
  const Manhattan<B4> md(goal);
  const std::uint64_t nodes = 5 * LimitClock::kPollInterval + 7;
  const auto run = [&](auto search) {
    Beats beats;
    Limits limits;
    limits.nodes = nodes;
    limits.heartbeat = &beats.fn;
    const SearchResult r = search(limits);
    EXPECT_EQ(r.status, Status::Limit);
    EXPECT_GE(beats.seen.size(), 4u);
    EXPECT_LE(beats.seen.size(), nodes / LimitClock::kPollInterval + 1);
    for (std::size_t i = 1; i < beats.seen.size(); ++i) {
      EXPECT_GE(beats.seen[i].expanded, beats.seen[i - 1].expanded + LimitClock::kPollInterval);
      EXPECT_GE(beats.seen[i].generated, beats.seen[i - 1].generated);
    }
    return beats.seen;
  };
  const auto a = run([&](const Limits& l) { return astar(md, goal, hard_four_by_four(), l); });
  EXPECT_GT(a.back().bytes, 0u);
  EXPECT_GE(a.back().bound, md.init(hard_four_by_four()));
  const auto b = run([&](const Limits& l) { return bfs(goal, hard_four_by_four(), l); });
  EXPECT_GT(b.back().bytes, 0u);
  EXPECT_GT(b.back().bound, 0);
  const auto i = run([&](const Limits& l) { return ida_star(md, goal, hard_four_by_four(), l); });
  EXPECT_GE(i.back().bound, md.init(hard_four_by_four()));
  run([&](const Limits& l) { return dfbnb(md, goal, hard_four_by_four(), l); });
}

// The hook only watches: with it and without it, every search expands and generates the same
// nodes and stops at the same bound.
TEST(Heartbeat, TheHookChangesNothing) {
  const auto goal = Goal<B4>::from_spec(GoalSpec::blank_first());
  const Manhattan<B4> md(goal);
  const auto same = [&](auto search) {
    Beats beats;
    Limits plain;
    plain.nodes = 3 * LimitClock::kPollInterval + 11;
    Limits watched = plain;
    watched.heartbeat = &beats.fn;
    const SearchResult a = search(plain), b = search(watched);
    EXPECT_EQ(a.status, Status::Limit);
    EXPECT_EQ(a.status, b.status);
    EXPECT_EQ(a.stats.expanded, b.stats.expanded);
    EXPECT_EQ(a.stats.generated, b.stats.generated);
    EXPECT_EQ(a.bound, b.bound);
    EXPECT_GE(beats.seen.size(), 2u) << "the watched run beat";
  };
  same([&](const Limits& l) { return astar(md, goal, hard_four_by_four(), l); });
  same([&](const Limits& l) { return ida_star(md, goal, hard_four_by_four(), l); });
  same([&](const Limits& l) { return bfs(goal, hard_four_by_four(), l); });
  same([&](const Limits& l) { return dfbnb(md, goal, hard_four_by_four(), l); });
}

TEST(StoredPeak, EveryAlgorithmReportsTheNodesItHeld) {
  const auto goal = Goal<B3>::from_spec(GoalSpec::blank_first());
  const Manhattan<B3> md(goal);
  const State<B3> start = testing::state_from<B3>({8, 7, 6, 5, 4, 3, 2, 1, 0});
  const SearchResult ida = ida_star(md, goal, start, Limits{});
  ASSERT_EQ(ida.status, Status::Solved);
  EXPECT_EQ(ida.stats.stored, ida.path.size() + 1) << "IDA*: the deepest path, start included";
  const SearchResult a = astar(md, goal, start, Limits{});
  EXPECT_GT(a.stats.stored, a.stats.expanded) << "A*: open and closed";
  const SearchResult g = greedy(md, goal, start, Limits{});
  EXPECT_GT(g.stats.stored, g.stats.expanded) << "greedy: open and closed";
  const SearchResult b = bfs(goal, start, Limits{});
  EXPECT_GT(b.stats.stored, b.stats.expanded) << "BFS: every node generated";
  const SearchResult d = dfbnb(md, goal, start, Limits{});
  EXPECT_GE(d.stats.stored, g.stats.stored) << "DFBnB: at least its greedy phase";
  EXPECT_GE(d.stats.stored, d.path.size() + 1);
}

TEST(GreedyTieBreak, EveryTieBreakFindsAValidPathAndTheyDiffer) {
  const auto goal = Goal<B4>::from_spec(GoalSpec::blank_first());
  const Manhattan<B4> md(goal);
  Rng rng(7);
  bool differ = false;
  for (int i = 0; i < 10; ++i) {
    const State<B4> start =
        testing::state_from<B4>(random_solvable(4, 4, testing::tiles_of(goal.state), rng));
    std::vector<std::uint64_t> expanded;
    for (TieBreak t : {TieBreak::Lifo, TieBreak::Fifo, TieBreak::LargerG}) {
      const SearchResult r = greedy(md, goal, start, Limits{}, GreedyOptions{t});
      ASSERT_EQ(r.status, Status::Solved) << tie_break_name(t);
      EXPECT_TRUE(testing::replays_to(start, r.path, goal.state)) << tie_break_name(t);
      expanded.push_back(r.stats.expanded);
    }
    differ |= expanded[0] != expanded[1] || expanded[0] != expanded[2];
  }
  EXPECT_TRUE(differ) << "the tie-break changes nothing on ten random boards";
}

}  // namespace
}  // namespace npuzzle
