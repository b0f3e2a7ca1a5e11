// engine/solve_session.hpp — what the searches of one caller share for as long as it runs: the
// pattern database sets it loaded and watches on disk (its own: nothing of them is kept in the
// process, another session loads its own), the lookups already told to the log, and whether the
// default databases could not be had (a solve that did not name its heuristic then goes on with
// linear conflict, said once, and the build is not tried again per board).
//
// The caller owns it and hands it to every solve_instance (engine/solver.hpp): the command line's
// main (and each serving rank of an MPI run, engine/distributed.hpp), the library (one per
// process, api/npuzzle.cpp) and the Python module each have one. It may be shared by searches on
// several threads at once. Invariant: it outlives every search that was given it.
#pragma once

#include <atomic>

#include "engine/pdb_watch.hpp"

namespace npuzzle {

class SolveSession {
 public:
  // `copies_per_host`: the processes of this host that load the same pattern databases at the same
  // time, each its own session (the ranks of an MPI run on the host, engine/distributed.hpp's
  // table_copies_per_host; 1 otherwise): a table is copied to huge pages only when that many
  // copies fit in half of the memory available (heuristics/pdb/file.hpp, LoadPolicy).
  explicit SolveSession(int copies_per_host = 1) : databases_(copies_per_host) {}

  PdbWatch& databases() { return databases_; }
  // Set once the default databases could not be had; read before every solve that did not name
  // its heuristic.
  std::atomic<bool>& databases_unavailable() { return databases_unavailable_; }

 private:
  PdbWatch databases_;
  std::atomic<bool> databases_unavailable_{false};
};

}  // namespace npuzzle
