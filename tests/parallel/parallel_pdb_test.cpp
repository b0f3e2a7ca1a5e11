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
#include "tests/parallel/parallel_checks.hpp"

namespace npuzzle {
namespace {

using namespace parallel_checks;

// 5-5-5 + reflection, built in memory: HDA* (a state may be reached again with a lower g and is
// reopened) and parallel IDA* find Korf's lengths with 1 to 8 threads.
TEST(ParallelSearch, PatternDatabasesKeepParallelSearchesOptimal) {
  using B = Board<4, 4>;
  const auto goal = Goal<B>::from_spec(GoalSpec::blank_first());
  std::vector<int> goal_tiles(B::kCells);
  for (int c = 0; c < B::kCells; ++c)
    goal_tiles[static_cast<std::size_t>(c)] = goal.state.tile_at(c);
  pdb::PdbSet set{4, 4, goal_tiles, pdb::parse_partition("5-5-5", 4, 4, goal_tiles), {}};
  // One build thread: the parallel build is the heuristics suite's subject; here the threads (and,
  // under ThreadSanitizer, the checks) belong to the searches.
  pdb::BuildOptions one_thread;
  one_thread.threads = 1;
  for (const auto& tiles : set.partition.groups) {
    pdb::BuildResult built = pdb::build_table({4, 4, goal_tiles, tiles}, one_thread);
    set.tables.push_back(pdb::PdbTable::from_memory(built.meta, std::move(built.payload)));
  }
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

}  // namespace
}  // namespace npuzzle
