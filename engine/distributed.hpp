// engine/distributed.hpp — npuzzle under mpirun (an MPI build, -DNPUZZLE_MPI=ON): rank 0 is the
// usual front end; every other rank serves the distributed searches rank 0 starts.
//
// For each instance solved with a parallel algorithm (pida, hda, aida) one at a time, rank 0's
// solve_instance sends the request and the board to every rank (`DistributedJob`); each rank then
// runs the same solve_instance, whose search joins the others (parallel/mpi_world.hpp's join) and
// runs across all ranks. Only rank 0 prints. In a build without MPI, or with one rank, everything
// here does nothing and npuzzle runs as usual. Ranks on one host share the pattern databases that
// do not fit once per rank: a rank copies a table to huge pages only when every rank of its host's
// copy of it fits in half the memory available, else it keeps the file's shared mapping, one copy
// in the page cache for the host (heuristics/pdb/file.hpp, LoadPolicy): each rank's SolveSession is
// constructed with table_copies_per_host().
#pragma once

#include <atomic>
#include <string>

#include "engine/solver.hpp"

namespace npuzzle {

// How the watchdog ends a rank, and a search that fails on one rank ends the job: the process exit
// codes (the front end's numbers) and where it says why.
struct WatchdogExits {
  int mpirun_gone;         // mpirun has ended
  int interrupt_unheeded;  // interrupted, but another rank does not answer
  int out_of_memory;       // an allocation failed on one rank in the middle of a search
  LogSink log;
};

// Called first in main(): starts MPI when started by mpirun (MPI builds), and a watchdog that ends
// this process when mpirun is gone, or when `interrupt` has been set for 10 s without ending it
// (another rank died and the search waits for it): no rank outlives its job. `transport_stats`
// takes rank 0's line of each distributed search's messages, bytes and waiting (empty: none).
void start_distributed(int* argc, char*** argv, const std::atomic<bool>* interrupt,
                       WatchdogExits exits, LogSink transport_stats = {});
// True on the ranks other than 0 of an MPI run.
bool serves_jobs();
// The ranks on this host, this one included, after start_distributed (1 without MPI or mpirun):
// the copies per host of a pattern database to construct a SolveSession with
// (engine/solve_session.hpp).
int table_copies_per_host();
// Rank 0 of an MPI run whose ranks share its host: the note that says how they hold the pattern
// databases (table_copies_per_host, heuristics/pdb/file.hpp); empty otherwise.
std::string shared_tables_note();
// Serves rank 0's jobs until it ends them (their searches stop on the interrupt given to
// start_distributed; `log` takes their notes and a job's failure before its search began).
void serve_jobs(const LogSink& log);
// Called last in main() on rank 0: ends the other ranks' service, then MPI.
void end_distributed();

// The number of ranks `request`'s search runs on: all of them for a parallel algorithm (pida, hda,
// aida) solving one instance at a time under mpirun, else 1 (the default algorithm while --threads
// solve boards side by side runs on rank 0 alone). Its algorithm is set (with_algorithm_for).
int ranks_for(const SolveRequest& request);

// Rank 0, in solve_instance: sends the job of a distributed search; on destruction, makes sure
// every rank's join of that search took place, also when it ended before its search began. A job
// that keeps or resumes a checkpoint is refused (UsageError) before it is sent.
class DistributedJob {
 public:
  DistributedJob(const SolveRequest& request, const RunBoard& board);
  ~DistributedJob();
  DistributedJob(const DistributedJob&) = delete;
  DistributedJob& operator=(const DistributedJob&) = delete;
};

}  // namespace npuzzle
