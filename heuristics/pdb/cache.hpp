// heuristics/pdb/cache.hpp — a cache of pattern database sets for front ends that solve many
// boards: the sets loaded for one owner (a front end's session, engine/pdb_watch.hpp), which
// constructs it with how many processes of its host load the same tables (LoadPolicy).
//
// The first call of cached_set for a (directory, size, goal, partition) loads or builds the set
// through find_or_build (messages go to `log`), later calls on the same cache return the same set;
// `partition` is resolved for the board by the caller (nullptr: the best present), and partitions
// of the same groups share one set whatever their spelling ("6-6-3" or its tile lists: the set's
// partition is the first one asked for). `first` (optional) says whether this call loaded it.
// Another cache loads its own. An empty `dir` means default_directory(). Thread-safe. Watching the
// files for changes on disk is the front end's (engine/pdb_watch.hpp). A build stopped by `limits`
// leaves no file and throws PdbError(Interrupted) with the message "interrupted" or "time limit"
// (nothing is cached: a later call builds again). `minimised_only`: the best set present passes
// over zero-aware ones (for the dual lookups, which need minimised tables).
//
// Invariant: a set once cached stays in the cache, unchanged, for the life of the cache.
#pragma once

#include <atomic>
#include <compare>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
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

class PdbCache {
 public:
  // `copies_per_host`: the processes of this host that load the same tables at the same time
  // (LoadPolicy::copies_per_host; 1 but for the ranks of an MPI run).
  explicit PdbCache(int copies_per_host = 1);
  PdbCache(const PdbCache&) = delete;
  PdbCache& operator=(const PdbCache&) = delete;

  std::shared_ptr<const PdbSet> cached_set(const std::string& dir, int rows, int cols,
                                           const std::vector<int>& goal, const Partition* partition,
                                           const std::function<void(const std::string&)>& log,
                                           bool* first = nullptr,
                                           const AutoBuildLimits& limits = {},
                                           bool minimised_only = false);

 private:
  // What tells one cached set from another: the partition by its groups, so that every spelling
  // of it shares one set.
  struct SetKey {
    std::string dir;
    int rows = 0, cols = 0;
    std::vector<int> goal;
    bool named = false;  // false: the best present
    std::vector<std::vector<int>> groups;
    std::vector<std::size_t> set_sizes;
    std::vector<bool> zero_aware;
    bool minimised_only = false;
    auto operator<=>(const SetKey&) const = default;
  };
  LoadPolicy load_policy_;
  std::mutex mutex_;
  std::map<SetKey, std::shared_ptr<const PdbSet>> sets_;
};

}  // namespace npuzzle::pdb
