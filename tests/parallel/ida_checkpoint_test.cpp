// Parallel IDA*'s checkpoints in process (parallel/ida_position.hpp, parallel/parallel_ida.hpp):
// every position the search hands to `save` keeps the position's invariants and is one it can go
// on from to the same optimal answer, with exactly the counts of one uninterrupted run on one
// thread; a stop saves where the subtrees it cut short stopped, so a search stopped every few
// thousand nodes still gets there with those counts; a failed save stops the search.
#include <gtest/gtest.h>

#include <cstdint>
#include <numeric>
#include <vector>

#include "core/goal.hpp"
#include "heuristics/manhattan.hpp"
#include "parallel/parallel_ida.hpp"
#include "tests/core/test_support.hpp"
#include "tests/support/korf.hpp"

namespace npuzzle {
namespace {

using B = Board<4, 4>;

// Korf's #12: 45 moves, about 300,000 nodes with Manhattan distance.
State<B> korf12() { return testing::state_from<B>(korf_data::by_id(12).tiles); }
const std::size_t kKorf12Length = static_cast<std::size_t>(korf_data::by_id(12).length);

class IdaCheckpoint : public ::testing::Test {
 protected:
  const Goal<B> goal = Goal<B>::from_spec(GoalSpec::blank_first());
  const Manhattan<B> md{goal};
  const State<B> start = korf12();

  SearchResult search(int threads, const IdaCheckpointing* checkpointing,
                      const Limits& limits = {}) const {
    return parallel_ida_star(md, goal, start, limits, threads, {}, checkpointing);
  }

  void expect_optimal(const SearchResult& r) const {
    ASSERT_EQ(r.status, Status::Solved);
    EXPECT_EQ(r.path.size(), kKorf12Length);
    EXPECT_TRUE(testing::replays_to(start, r.path, goal.state));
  }
};

void expect_consistent(const IdaPosition& p) {
  EXPECT_EQ(p.done.size(), p.subtrees);
  EXPECT_EQ(static_cast<std::size_t>(p.iterations), p.iteration_expanded.size());
  const std::uint64_t finished =
      std::accumulate(p.iteration_expanded.begin(), p.iteration_expanded.end(), std::uint64_t{0});
  EXPECT_LE(finished, p.expanded);
  EXPECT_GT(p.next_bound, p.bound);
  EXPECT_GT(p.target, 0u);
  for (std::size_t i = 0; i < p.partial.size(); ++i) {
    EXPECT_LT(p.partial[i].index, p.subtrees);
    EXPECT_FALSE(p.done[p.partial[i].index]) << "subtree " << p.partial[i].index;
    EXPECT_FALSE(p.partial[i].path.empty());
    if (i > 0) {
      EXPECT_LT(p.partial[i - 1].index, p.partial[i].index);
    }
  }
}

TEST_F(IdaCheckpoint, EverySavedPositionResumesToTheSameAnswerAndCounts) {
  std::vector<IdaPosition> saved;
  IdaCheckpointing keep;
  keep.every_seconds = 1e-9;  // between every two subtrees
  keep.save = [&](const IdaPosition& p) {
    saved.push_back(p);
    return true;
  };
  const SearchResult whole = search(1, &keep);
  expect_optimal(whole);
  ASSERT_GT(saved.size(), 50u);
  for (const IdaPosition& p : saved) expect_consistent(p);
  const std::size_t step = saved.size() / 12;
  for (std::size_t i = 0; i < saved.size(); i += step) {
    SCOPED_TRACE("position " + std::to_string(i) + ": bound " + std::to_string(saved[i].bound) +
                 ", " + std::to_string(saved[i].done_count()) + " of " +
                 std::to_string(saved[i].subtrees) + " subtrees done");
    IdaCheckpointing from;
    from.resume = &saved[i];
    const SearchResult resumed = search(1, &from);
    expect_optimal(resumed);
    EXPECT_EQ(resumed.stats.expanded, whole.stats.expanded);
    EXPECT_EQ(resumed.stats.generated, whole.stats.generated);
    EXPECT_EQ(resumed.stats.iterations, whole.stats.iterations);
    // Other threads: the same optimum.
    expect_optimal(search(3, &from));
  }
}

TEST_F(IdaCheckpoint, AStopSavesWhereTheSubtreesItCutShortStopped) {
  for (const int threads : {1, 2}) {
    SCOPED_TRACE(std::to_string(threads) + " threads");
    std::vector<IdaPosition> saved;
    IdaCheckpointing keep;
    keep.save = [&](const IdaPosition& p) {
      saved.push_back(p);
      return true;
    };
    Limits limits;
    limits.nodes = 150000;
    const SearchResult stopped = search(threads, &keep, limits);
    ASSERT_EQ(stopped.status, Status::Limit);
    ASSERT_EQ(saved.size(), 1u) << "one save: the stop's (the period is 600 s)";
    const IdaPosition& p = saved.front();
    expect_consistent(p);
    EXPECT_LT(p.done_count(), p.subtrees);
    // One thread meets the limit inside a subtree. With two, the limit may also be met when a
    // subtree ends, and the other worker may end its own before it sees the stop.
    if (threads == 1) {
      EXPECT_EQ(p.partial.size(), 1u);
    } else {
      EXPECT_LE(p.partial.size(), 2u);
    }
    // Each subtree stopped at a node counted as expanded, which the position leaves to the resume.
    EXPECT_GE(stopped.stats.expanded, p.expanded + p.partial.size());
    EXPECT_LE(stopped.stats.expanded, p.expanded + static_cast<std::uint64_t>(threads));
    EXPECT_EQ(p.bound, stopped.bound);
    IdaCheckpointing from;
    from.resume = &p;
    const SearchResult resumed = search(1, &from);
    expect_optimal(resumed);
    if (threads == 1) {
      EXPECT_EQ(resumed.stats.expanded, search(1, nullptr).stats.expanded);
    }
  }
}

// Stopped every 2,000 expansions, far fewer than a subtree's (each run a new search, as a process
// resumed from the file is), the search goes on from where it stopped every time.
TEST_F(IdaCheckpoint, StopsMoreOftenThanSubtreesEndStillGetThere) {
  const SearchResult whole = search(1, nullptr);
  for (const int threads : {1, 2}) {
    SCOPED_TRACE(std::to_string(threads) + " threads");
    IdaPosition position;
    IdaCheckpointing keep;
    keep.save = [&](const IdaPosition& p) {
      position = p;
      return true;
    };
    Limits limits;
    limits.nodes = 2000;
    SearchResult r = search(threads, &keep, limits);
    int runs = 1;
    std::uint64_t previous = 0;
    for (; r.status == Status::Limit && runs < 1000; ++runs) {
      expect_consistent(position);
      ASSERT_GT(position.expanded, previous) << "run " << runs << " got no further";
      previous = position.expanded;
      const IdaPosition from_here = position;
      keep.resume = &from_here;
      r = search(threads, &keep, limits);
    }
    expect_optimal(r);
    // Each worker of a run may expand up to the limit.
    EXPECT_GT(runs, 100 / threads);
    if (threads == 1) {
      EXPECT_EQ(r.stats.expanded, whole.stats.expanded);
      EXPECT_EQ(r.stats.generated, whole.stats.generated);
    }
  }
}

TEST_F(IdaCheckpoint, AFailedSaveStopsTheSearch) {
  int calls = 0;
  IdaCheckpointing keep;
  keep.every_seconds = 1e-9;
  keep.save = [&](const IdaPosition&) {
    ++calls;
    return false;
  };
  const SearchResult r = search(2, &keep);
  EXPECT_EQ(r.status, Status::Limit);
  EXPECT_EQ(r.reason, StopReason::Abandoned);
  EXPECT_EQ(calls, 1) << "no save after the failed one";
}

}  // namespace
}  // namespace npuzzle
