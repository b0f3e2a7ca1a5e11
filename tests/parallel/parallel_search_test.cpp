// Parallel searches (HDA* with both owner hashes, parallel IDA*) against ground truth: exact
// distances from a breadth-first search of the whole space on 2x3 and 3x3, and sequential IDA* and
// Korf's published lengths on the shallow 15-puzzle instances (with pattern databases in
// parallel_pdb_test.cpp). Every path is replayed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "core/search/ida_star.hpp"
#include "heuristics/linear_conflict.hpp"
#include "heuristics/manhattan.hpp"
#include "heuristics/misplaced.hpp"
#include "parallel/hda_star.hpp"
#include "parallel/parallel_ida.hpp"
#include "tests/parallel/parallel_checks.hpp"

namespace npuzzle {
namespace {

using namespace parallel_checks;

TEST(ParallelSearch, EveryStateOf2x3) {
  using B = Board<2, 3>;
  const auto goal = Goal<B>::from_spec(GoalSpec::blank_first());
  const Manhattan<B> h(goal);
  const auto dist = distances_from(goal.state);
  ASSERT_EQ(dist.size(), 360u);
  std::vector<int> perm(B::kCells);
  std::iota(perm.begin(), perm.end(), 0);
  int solvable_count = 0;
  std::size_t index = 0;
  do {
    const State<B> s = testing::state_from<B>(perm);
    const auto it = dist.find(s.word);
    const bool taken = testing::sanitized_takes(index++);
    if (it == dist.end()) {
      // Unreachable: HDA* exhausts the reachable half and says so.
      if (taken) {
        const auto r = hda_star(h, goal, s, Limits{}, HdaOptions{2, OwnerHash::Zobrist, 0});
        EXPECT_EQ(r.status, Status::Unsolvable);
      }
      continue;
    }
    ++solvable_count;
    if (!taken) continue;
    for (int threads : kThreadCounts) {
      for (Algo algo : kAlgos) expect_optimal(algo, h, goal, s, threads, it->second);
    }
  } while (std::next_permutation(perm.begin(), perm.end()));
  EXPECT_EQ(solvable_count, 360);
}

TEST(ParallelSearch, RandomStatesOf3x3) {
  using B = Board<3, 3>;
  const auto goal = Goal<B>::from_spec(GoalSpec::blank_first());
  const Manhattan<B> manhattan(goal);
  const LinearConflict<B> conflict(goal);
  const MisplacedTiles<B> misplaced(goal);
  const auto dist = distances_from(goal.state);
  ASSERT_EQ(dist.size(), 181440u);
  std::vector<State<B>> states;
  for (const auto& [word, d] : dist) {
    State<B> s;
    s.word = word;
    states.push_back(s);
  }
  std::sort(states.begin(), states.end(), [](auto a, auto b) { return a.word < b.word; });
  std::mt19937_64 rng(20261122);
  std::shuffle(states.begin(), states.end(), rng);
  states.resize(testing::sanitized_share(std::getenv("NPUZZLE_SLOW_TESTS") ? 1000 : 240));
  for (std::size_t i = 0; i < states.size(); ++i) {
    const State<B> s = State<B>::from_tiles(states[i].tiles());  // sets the blank's cell
    const int expected = dist.at(s.word);
    const int threads = kThreadCounts[i % std::size(kThreadCounts)];
    for (Algo algo : kAlgos) {
      if (i % 2 == 0) {
        expect_optimal(algo, manhattan, goal, s, threads, expected);
      } else {
        expect_optimal(algo, conflict, goal, s, threads, expected);
      }
      if (i % 10 == 0) expect_optimal(algo, misplaced, goal, s, threads, expected);
    }
  }
}

TEST(ParallelSearch, OptimaOfZeroOneAndTwoMoves) {
  using B = Board<4, 4>;
  const auto goal = Goal<B>::from_spec(GoalSpec::blank_first());
  const LinearConflict<B> h(goal);
  State<B> one = goal.state, two = goal.state;
  ASSERT_TRUE(one.apply(Move::Right));
  ASSERT_TRUE(two.apply(Move::Down));
  ASSERT_TRUE(two.apply(Move::Right));
  for (int threads : kThreadCounts) {
    for (Algo algo : kAlgos) {
      expect_optimal(algo, h, goal, goal.state, threads, 0);
      expect_optimal(algo, h, goal, one, threads, 1);
      expect_optimal(algo, h, goal, two, threads, 2);
    }
  }
}

TEST(ParallelSearch, ShallowKorfInstancesMatchSequentialIda) {
  using B = Board<4, 4>;
  const auto goal = Goal<B>::from_spec(GoalSpec::blank_first());
  const LinearConflict<B> conflict(goal);
  const Manhattan<B> manhattan(goal);
  const bool slow = std::getenv("NPUZZLE_SLOW_TESTS") != nullptr;
  const auto instances = korf_instances(slow ? 48 : 44);
  ASSERT_GE(instances.size(), 7u);
  for (std::size_t i = 0; i < instances.size(); ++i) {
    if (!testing::sanitized_takes(i)) continue;
    const auto& k = instances[i];
    SCOPED_TRACE("korf #" + std::to_string(k.id));
    const auto sequential = ida_star(conflict, goal, k.state, Limits{});
    ASSERT_EQ(sequential.status, Status::Solved);
    ASSERT_EQ(static_cast<int>(sequential.path.size()), k.length);
    // Two thread counts per instance by default (all five with NPUZZLE_SLOW_TESTS=1).
    for (std::size_t t = 0; t < std::size(kThreadCounts); ++t) {
      if (!slow && t != i % std::size(kThreadCounts) && t != (i + 2) % std::size(kThreadCounts)) {
        continue;
      }
      for (Algo algo : kAlgos)
        expect_optimal(algo, conflict, goal, k.state, kThreadCounts[t], k.length);
    }
    if (k.length <= 42 || slow) {
      for (Algo algo : kAlgos) expect_optimal(algo, manhattan, goal, k.state, 2, k.length);
    }
  }
}

// A search larger than HDA*'s ramp-up (the start's owner alone for the first expansions) is then
// shared out: every worker expands nodes, and the answer is still the optimum.
TEST(ParallelSearch, HdaSharesOutASearchLargerThanItsRampUp) {
  using B = Board<4, 4>;
  const auto goal = Goal<B>::from_spec(GoalSpec::blank_first());
  const LinearConflict<B> conflict(goal);
  const KorfInstance k = korf_instance(6);  // 52 moves; A* with linear conflict expands ~160,000
  for (int threads : {2, 3}) {
    for (OwnerHash hash : {OwnerHash::Zobrist, OwnerHash::AbstractZobrist}) {
      const SearchResult r = hda_star(conflict, goal, k.state, Limits{}, HdaOptions{threads, hash});
      ASSERT_EQ(r.status, Status::Solved);
      EXPECT_EQ(static_cast<int>(r.path.size()), k.length);
      EXPECT_TRUE(testing::replays_to(k.state, r.path, goal.state));
      ASSERT_EQ(r.stats.expanded_per_worker.size(), static_cast<std::size_t>(threads));
      for (std::uint64_t n : r.stats.expanded_per_worker) EXPECT_GT(n, 0u);
      EXPECT_GT(r.stats.sent, 0u);
    }
  }
}

// Korf's #1 (57 moves, far beyond every limit below) with Manhattan distance: the searches that
// must stop before they solve it.
class ParallelSearchOnKorf1 : public ::testing::Test {
 protected:
  using B = Board<4, 4>;
  const Goal<B> goal = Goal<B>::from_spec(GoalSpec::blank_first());
  const Manhattan<B> h{goal};
  const KorfInstance hard = korf_instance(1);
};

TEST_F(ParallelSearchOnKorf1, NodeLimitEndsWithLimit) {
  Limits limits;
  limits.nodes = 20000;
  for (int threads : {1, 2, 4}) {
    for (Algo algo : kAlgos) {
      SCOPED_TRACE(algo_name(algo) + " threads " + std::to_string(threads));
      const auto r = solve(algo, h, goal, hard.state, threads, limits);
      EXPECT_EQ(r.status, Status::Limit);
      EXPECT_EQ(r.reason, StopReason::NodeLimit);
      EXPECT_GE(r.stats.expanded, limits.nodes);
      EXPECT_LT(r.stats.expanded, 100 * limits.nodes);
      EXPECT_GT(r.bound, 0);
      EXPECT_LE(r.bound, hard.length);
    }
  }
}

TEST_F(ParallelSearchOnKorf1, InterruptEndsWithLimit) {
  std::atomic<bool> interrupt{true};
  Limits limits;
  limits.interrupt = &interrupt;
  for (Algo algo : kAlgos) {
    SCOPED_TRACE(algo_name(algo));
    const auto r = solve(algo, h, goal, hard.state, 2, limits);
    EXPECT_EQ(r.status, Status::Limit);
    EXPECT_EQ(r.reason, StopReason::Interrupted);
  }
}

TEST_F(ParallelSearchOnKorf1, TinyMemoryLimitEndsHdaWithOutOfMemory) {
  Limits limits;
  limits.memory_bytes = 1 << 20;
  for (int threads : {1, 2, 4}) {
    for (OwnerHash hash : {OwnerHash::Zobrist, OwnerHash::AbstractZobrist}) {
      const auto r = hda_star(h, goal, hard.state, limits, HdaOptions{threads, hash});
      EXPECT_EQ(r.status, Status::OutOfMemory);
      EXPECT_NE(r.reason, StopReason::None);
      EXPECT_GT(r.stats.expanded, 0u);
      EXPECT_GT(r.stats.stored, 0u);
      EXPECT_LE(r.bound, hard.length);
    }
  }
}

TEST(ParallelSearch, HdaStatisticsAreConsistent) {
  using B = Board<4, 4>;
  const auto goal = Goal<B>::from_spec(GoalSpec::blank_first());
  const LinearConflict<B> h(goal);
  const auto k = korf_instances(42).front();
  const auto one = hda_star(h, goal, k.state, Limits{}, HdaOptions{1, OwnerHash::Zobrist});
  ASSERT_EQ(one.status, Status::Solved);
  EXPECT_EQ(one.stats.sent, 0u);  // a single worker owns every state
  for (OwnerHash hash : {OwnerHash::Zobrist, OwnerHash::AbstractZobrist}) {
    const auto four = hda_star(h, goal, k.state, Limits{}, HdaOptions{4, hash, 0});
    ASSERT_EQ(four.status, Status::Solved);
    EXPECT_GT(four.stats.sent, 0u);
    EXPECT_LE(four.stats.sent, four.stats.generated);
    EXPECT_GE(four.stats.stored, four.stats.expanded - four.stats.reexpanded);
    EXPECT_EQ(four.path.size(), one.path.size());
  }
}

TEST(ParallelSearch, ParallelIdaReportsEveryIteration) {
  using B = Board<4, 4>;
  const auto goal = Goal<B>::from_spec(GoalSpec::blank_first());
  const LinearConflict<B> h(goal);
  const auto k = korf_instances(42).front();
  std::vector<Progress> rows;
  const auto r = parallel_ida_star(h, goal, k.state, Limits{}, 2,
                                   [&](const Progress& p) { rows.push_back(p); });
  ASSERT_EQ(r.status, Status::Solved);
  ASSERT_EQ(static_cast<int>(rows.size()), r.stats.iterations);
  EXPECT_EQ(rows.back().bound, k.length);
  EXPECT_EQ(rows.back().expanded, r.stats.expanded);
  for (std::size_t i = 1; i < rows.size(); ++i) {
    EXPECT_GT(rows[i].bound, rows[i - 1].bound);
    EXPECT_GE(rows[i].expanded, rows[i - 1].expanded);
  }
  // Every iteration but the last expands exactly the nodes sequential IDA* expands.
  std::vector<Progress> sequential_rows;
  const auto s = ida_star(h, goal, k.state, Limits{},
                          [&](const Progress& p) { sequential_rows.push_back(p); });
  ASSERT_EQ(sequential_rows.size(), rows.size());
  for (std::size_t i = 0; i + 1 < rows.size(); ++i) {
    EXPECT_EQ(rows[i].expanded, sequential_rows[i].expanded) << "iteration " << i;
    EXPECT_EQ(rows[i].generated, sequential_rows[i].generated) << "iteration " << i;
  }
  EXPECT_EQ(s.path.size(), r.path.size());
}

TEST(OwnerHasher, UpdateMatchesFullHashAndAbstractMovesInsideABlockStayLocal) {
  using B = Board<4, 4>;
  const auto goal = Goal<B>::from_spec(GoalSpec::blank_first());
  for (OwnerHash kind : {OwnerHash::Zobrist, OwnerHash::AbstractZobrist}) {
    const OwnerHasher<B> hasher(kind);
    std::mt19937 rng(7);
    State<B> s = goal.state;
    std::uint64_t h = hasher.hash(s);
    int local = 0;
    for (int step = 0; step < 2000; ++step) {
      const auto& moves = B::kMoveTable[s.blank];
      const int i = static_cast<int>(rng() % moves.count);
      const int from = moves.targets[i], to = s.blank;
      const int tile = s.tile_at(from);
      const std::uint64_t next = hasher.update(h, tile, from, to);
      local += next == h;
      s.move_blank_to(from);
      h = next;
      ASSERT_EQ(h, hasher.hash(s));
    }
    if (kind == OwnerHash::Zobrist) {
      EXPECT_EQ(local, 0);
    } else {
      EXPECT_GT(local, 1000);  // two in three moves on 4x4 keep the tile in its block
    }
  }
  const OwnerHasher<B> a(OwnerHash::Zobrist), b(OwnerHash::Zobrist);
  EXPECT_EQ(a.hash(goal.state), b.hash(goal.state));  // fixed seed
  for (int workers : {1, 2, 3, 8}) {
    EXPECT_LT(OwnerHasher<B>::owner(~std::uint64_t{0}, workers), workers);
    EXPECT_EQ(OwnerHasher<B>::owner(0, workers), 0);
  }
}

}  // namespace
}  // namespace npuzzle
