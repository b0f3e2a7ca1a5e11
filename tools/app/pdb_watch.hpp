// tools/app/pdb_watch.hpp — the pattern database sets of the `npuzzle` front end: loaded or built
// once per process (heuristics/pdb_cache.hpp, messages on stderr with the tool's prefix), and
// watched on disk so that a search using a set that changed in place stops (PdbSet::stale).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "heuristics/pdb_cache.hpp"

namespace npuzzle {

// The set for this board, goal and partition ("" for the best present); `first` says whether this
// call loaded it (the first call also starts watching its files); `limits` may stop a build; with
// `quiet` a build says nothing on stderr. Throws pdb::PdbError.
std::shared_ptr<const pdb::PdbSet> tool_pdb_set(const std::string& dir, int rows, int cols,
                                                const std::vector<int>& goal,
                                                const std::string& partition, bool& first,
                                                const pdb::AutoBuildLimits& limits = {},
                                                bool quiet = false);

}  // namespace npuzzle
