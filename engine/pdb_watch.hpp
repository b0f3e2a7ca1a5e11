// engine/pdb_watch.hpp — the pattern database sets a session searches with (engine/
// solve_session.hpp): loaded or built once per session into the cache it owns
// (heuristics/pdb/cache.hpp, its notes to the request's log; another session loads its own), and
// watched on disk so that a search using a set that changed in place stops (PdbSet::stale).
//
// Invariant: every set handed out stays loaded (watched) for the life of the PdbWatch, so a set's
// address names one set as long as its lookups are told (first_lookups_of).
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <utility>

#include "core/run_board.hpp"
#include "engine/log.hpp"
#include "heuristics/pdb/cache.hpp"

namespace npuzzle {

class PdbWatch {
 public:
  // `copies_per_host`: the processes of this host that load the same tables (pdb::PdbCache).
  explicit PdbWatch(int copies_per_host = 1);
  ~PdbWatch();
  PdbWatch(const PdbWatch&) = delete;
  PdbWatch& operator=(const PdbWatch&) = delete;

  // The set for this goal (its size and tiles) and partition (resolved for this goal by the
  // caller; nullptr for the best present), loaded once per PdbWatch (its cache: one set for every
  // spelling of a partition); `first` says whether this call started watching its files here;
  // `limits` may stop a build, which tells `log` what it does. Throws pdb::PdbError.
  std::shared_ptr<const pdb::PdbSet> set(const std::string& dir, const RunBoard& goal,
                                         const pdb::Partition* partition, bool& first,
                                         const pdb::AutoBuildLimits& limits, const LogSink& log,
                                         bool minimised_only);

  // True the first time lookups of this kind (`dual` or direct) use `set` here: the search then
  // tells the log which lookups are in use (for pdb and pdb-dual of one set, each once).
  bool first_lookups_of(const pdb::PdbSet* set, bool dual);

 private:
  class DiskWatcher;
  pdb::PdbCache cache_;
  std::unique_ptr<DiskWatcher> watcher_;
  std::mutex told_mutex_;
  std::set<std::pair<const pdb::PdbSet*, bool>> told_;
  std::atomic<bool> told_shared_{false};  // the note that the tables are shared (distributed.hpp)
};

}  // namespace npuzzle
