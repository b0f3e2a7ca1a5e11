// tests/heuristics/pdb_test_support.hpp — pattern database sets built in memory for the heuristic
// tests (no files, no cache).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/goal.hpp"
#include "heuristics/pdb.hpp"
#include "heuristics/pdb_build.hpp"
#include "tests/core/test_support.hpp"

namespace npuzzle::testing {

// The set of `partition_text` for board B and `goal`, every table built in memory.
template <class B>
pdb::PdbSet memory_set(const Goal<B>& goal, const std::string& partition_text) {
  const std::vector<int> goal_tiles = tiles_of(goal.state);
  pdb::PdbSet set{B::kRows,
                  B::kCols,
                  goal_tiles,
                  pdb::parse_partition(partition_text, B::kRows, B::kCols, goal_tiles),
                  {}};
  for (const auto& tiles : set.partition.groups) {
    pdb::BuildResult built = pdb::build_table({B::kRows, B::kCols, goal_tiles, tiles});
    set.tables.push_back(pdb::PdbTable::from_memory(built.meta, std::move(built.payload)));
  }
  return set;
}

}  // namespace npuzzle::testing
