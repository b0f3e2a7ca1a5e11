// engine/pdb_watch.hpp — the pattern database sets the engine searches with: loaded or built once
// per process (heuristics/pdb/cache.hpp, its notes to the request's log), and watched on disk so
// that a search using a set that changed in place stops (PdbSet::stale).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/run_board.hpp"
#include "engine/log.hpp"
#include "heuristics/pdb/cache.hpp"

namespace npuzzle {

// The set for this goal (its size and tiles) and partition ("" for the best present); `first` says
// whether this call loaded it (the first call also starts watching its files); `limits` may stop a
// build, which tells `log` what it does. Throws pdb::PdbError.
std::shared_ptr<const pdb::PdbSet> watched_pdb_set(const std::string& dir, const RunBoard& goal,
                                                   const std::string& partition, bool& first,
                                                   const pdb::AutoBuildLimits& limits,
                                                   const LogSink& log, bool minimised_only);

// True the first time lookups of this kind (`dual` or direct) use `set` in this process: the search
// then tells the log which lookups are in use (for pdb and pdb-dual of one set, each once). The
// sets stay loaded (watched) for the life of the process, so the address names one set.
bool first_lookups_of(const pdb::PdbSet* set, bool dual);

}  // namespace npuzzle
