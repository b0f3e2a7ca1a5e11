// engine/solve_session.hpp — what the searches of one caller share for as long as it runs: the
// pattern database sets loaded and watched on disk, the lookups already told to the log, and
// whether the default databases could not be had (a solve that did not name its heuristic then
// goes on with linear conflict, said once, and the build is not tried again per board).
//
// The caller owns it and hands it to every solve_instance (engine/solver.hpp): the command line's
// main, the library (one per process, api/npuzzle.cpp) and the Python module each have one. It may
// be shared by searches on several threads at once. Invariant: it outlives every search that was
// given it.
#pragma once

#include <atomic>

#include "engine/pdb_watch.hpp"

namespace npuzzle {

class SolveSession {
 public:
  PdbWatch& databases() { return databases_; }
  // Set once the default databases could not be had; read before every solve that did not name
  // its heuristic.
  std::atomic<bool>& databases_unavailable() { return databases_unavailable_; }

 private:
  PdbWatch databases_;
  std::atomic<bool> databases_unavailable_{false};
};

}  // namespace npuzzle
