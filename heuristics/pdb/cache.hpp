// heuristics/pdb/cache.hpp — a process-wide cache of pattern database sets for front ends that
// solve many boards.
//
// The first call for a (directory, size, goal, partition) loads or builds the set through
// find_or_build (messages go to `log`), later calls return the same set; `first` (optional) says
// whether this call loaded it. An empty `dir` means default_directory(). Thread-safe. Watching the
// files for changes on disk is the front end's (engine/pdb_watch.hpp). A build stopped by
// `limits` leaves no file and throws PdbError(Interrupted) with the message "interrupted" or
// "time limit" (nothing is cached: a later call builds again). `minimised_only`: the best set
// present passes over zero-aware ones (for the dual lookups, which need minimised tables).
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "heuristics/pdb/catalogue.hpp"

namespace npuzzle::pdb {

// What may stop a build that cached_set starts: an interrupt flag (Ctrl-C, SIGTERM, SIGHUP) and a
// time limit in seconds (0: none).
struct AutoBuildLimits {
  const std::atomic<bool>* interrupt = nullptr;
  double seconds = 0;
};

std::shared_ptr<const PdbSet> cached_set(const std::string& dir, int rows, int cols,
                                         const std::vector<int>& goal, const std::string& partition,
                                         const std::function<void(const std::string&)>& log,
                                         bool* first = nullptr, const AutoBuildLimits& limits = {},
                                         bool minimised_only = false);

}  // namespace npuzzle::pdb
