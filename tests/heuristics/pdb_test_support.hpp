// tests/heuristics/pdb_test_support.hpp — pattern database sets built in memory for the heuristic
// tests (no files, no cache).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/goal.hpp"
#include "heuristics/pdb/build.hpp"
#include "heuristics/pdb/pattern_databases.hpp"
#include "tests/core/test_support.hpp"

namespace npuzzle::testing {

// The set of `partition_text` for board B and `goal`, every table built in memory, with the
// tables of the dual lookups' other regions (pdb::dual_goals) when `duals` (not for zero-aware
// groups).
template <class B>
pdb::PdbSet memory_set(const Goal<B>& goal, const std::string& partition_text, bool duals = true) {
  const std::vector<int> goal_tiles = tiles_of(goal.state);
  pdb::PdbSet set{B::kRows,
                  B::kCols,
                  goal_tiles,
                  pdb::parse_partition(partition_text, B::kRows, B::kCols, goal_tiles),
                  {}};
  for (std::size_t g = 0; g < set.partition.groups.size(); ++g) {
    const auto& tiles = set.partition.groups[g];
    const bool zero_aware = set.partition.is_zero_aware(g);
    pdb::BuildResult built = pdb::build_table({B::kRows, B::kCols, goal_tiles, tiles, zero_aware});
    set.tables.push_back(pdb::PdbTable::from_memory(built.meta, std::move(built.payload)));
    auto& dual_tables = set.dual_tables.emplace_back();
    if (!duals || zero_aware) continue;
    for (const auto& other : pdb::dual_goals(B::kRows, B::kCols, goal_tiles, tiles)) {
      pdb::BuildResult dual = pdb::build_table({B::kRows, B::kCols, other, tiles});
      dual_tables.push_back(pdb::PdbTable::from_memory(dual.meta, std::move(dual.payload)));
    }
  }
  return set;
}

}  // namespace npuzzle::testing
