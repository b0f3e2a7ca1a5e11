// heuristics/pdb_cache.hpp — a process-wide cache of pattern database sets for front ends that
// solve many boards.
//
// The first call for a (directory, size, goal, partition) loads or builds the set through
// find_or_build (messages go to `log`), later calls return the same set; `first` (optional) says
// whether this call loaded it. An empty `dir` means default_directory(). Thread-safe. Watching the
// files for changes on disk is the front end's (tools/app/pdb_watch.hpp).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "heuristics/pdb_catalogue.hpp"

namespace npuzzle::pdb {

std::shared_ptr<const PdbSet> cached_set(const std::string& dir, int rows, int cols,
                                         const std::vector<int>& goal, const std::string& partition,
                                         const std::function<void(const std::string&)>& log,
                                         bool* first = nullptr);

}  // namespace npuzzle::pdb
