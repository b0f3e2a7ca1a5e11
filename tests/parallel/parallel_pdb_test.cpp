// Parallel searches with pattern databases (whose entries can drop by more than one per move: an
// inconsistent heuristic) against Korf's published lengths; every path is replayed. In its own
// file so that the suite's two largest units compile side by side.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "heuristics/pdb/build.hpp"
#include "heuristics/pdb/pattern_databases.hpp"
#include "parallel/aida.hpp"
#include "tests/parallel/parallel_checks.hpp"

namespace npuzzle {
namespace {

using namespace parallel_checks;

// 5-5-5 with reflection for the blank-first 4x4 goal, built in memory once. One build thread: the
// parallel build is the heuristics suite's subject; here the threads (and, under ThreadSanitizer,
// the checks) belong to the searches.
const pdb::PdbSet& pdb_555(const std::vector<int>& goal_tiles) {
  static const pdb::PdbSet set = [&goal_tiles] {
    pdb::PdbSet built_set{4, 4, goal_tiles, pdb::parse_partition("5-5-5", 4, 4, goal_tiles), {}};
    pdb::BuildOptions one_thread;
    one_thread.threads = 1;
    for (const auto& tiles : built_set.partition.groups) {
      pdb::BuildResult built = pdb::build_table({4, 4, goal_tiles, tiles}, one_thread);
      built_set.tables.push_back(pdb::PdbTable::from_memory(built.meta, std::move(built.payload)));
    }
    return built_set;
  }();
  return set;
}

std::vector<int> goal_tiles_of(const Goal<Board<4, 4>>& goal) {
  std::vector<int> tiles(16);
  for (int c = 0; c < 16; ++c) tiles[static_cast<std::size_t>(c)] = goal.state.tile_at(c);
  return tiles;
}

// 5-5-5 + reflection: HDA* (a state may be reached again with a lower g and is reopened) and
// parallel IDA* find Korf's lengths with 1 to 8 threads.
TEST(ParallelSearch, PatternDatabasesKeepParallelSearchesOptimal) {
  using B = Board<4, 4>;
  const auto goal = Goal<B>::from_spec(GoalSpec::blank_first());
  const pdb::PdbSet& set = pdb_555(goal_tiles_of(goal));
  const bool slow = std::getenv("NPUZZLE_SLOW_TESTS") != nullptr;
  const auto instances = korf_instances(slow ? 56 : 50);
  ASSERT_GE(instances.size(), 15u);
  // The heuristic with_pdb_heuristic gives the solver for one partition and a symmetric goal, built
  // directly so that the unit compiles the searches for it alone.
  const PatternDatabases<B, 2> h(goal, set, false);
  ASSERT_TRUE(h.reflected());
  for (std::size_t i = 0; i < instances.size(); ++i) {
    if (!testing::sanitized_takes(i)) continue;
    const auto& k = instances[i];
    SCOPED_TRACE("korf #" + std::to_string(k.id));
    for (Algo algo : kAlgos) {
      expect_optimal(algo, h, goal, k.state, kThreadCounts[i % std::size(kThreadCounts)], k.length);
    }
  }
}

// A*+IDA* takes its last threshold by the closest approach of each frontier node's subtree in the
// threshold before (the default, parallel/aida_schedule.hpp) and meets a solution sooner than
// least h first, with a fixed phase 1 and with the growing one (whose new frontiers inherit the
// approaches of the ones before): on Korf's instances of up to 50 moves with 5-5-5 and reflection,
// the last thresholds' nodes up to the solution, in all (1,000-1,300 K nodes in all least h first,
// 0.76-0.80x the closest approach first, measured with the command line). The earlier thresholds
// are the same in both orders (aida_test.cpp: EveryFrontierOrderIsOptimal).
TEST(ParallelSearch, AidaMeetsTheLastThresholdsSolutionSoonerByTheClosestApproach) {
  using B = Board<4, 4>;
  const auto goal = Goal<B>::from_spec(GoalSpec::blank_first());
  const PatternDatabases<B, 2> h(goal, pdb_555(goal_tiles_of(goal)), false);
  const auto instances = korf_instances(50);
  for (const std::uint64_t fixed : {std::uint64_t{5000}, std::uint64_t{0}}) {
    std::uint64_t closest = 0, least_h = 0;
    std::size_t searched = 0;
    for (std::size_t i = 0; i < instances.size(); ++i) {
      if (!testing::sanitized_takes(i)) continue;
      ++searched;
      for (const AidaOrder order : {AidaOrder::Closest, AidaOrder::LeastH}) {
        AidaOptions o;
        o.memory_bytes = 64 << 20;
        o.max_stored = fixed;
        o.grow = fixed == 0;
        o.min_frontier = 0;
        o.order = order;
        const AidaReport report = aida_search(h, goal, instances[i].state, Limits{}, o);
        ASSERT_EQ(report.result.status, Status::Solved);
        ASSERT_EQ(static_cast<int>(report.result.path.size()), instances[i].length);
        (order == AidaOrder::Closest ? closest : least_h) += report.last_iteration;
      }
    }
    SCOPED_TRACE(::testing::Message() << (fixed ? "a fixed" : "the growing") << " phase 1, "
                                      << searched << " instances");
    EXPECT_GE(searched, 8u);
    EXPECT_LT(closest, least_h);
  }
}

}  // namespace
}  // namespace npuzzle
