// parallel/aida_ranks.hpp — what A*+IDA* (parallel/aida.hpp) asks of the ranks of a distributed
// run when it runs on more than one (parallel/mpi_aida.hpp implements it over MPI; the search on
// one process has none). Kept free of MPI so that the search's headers build without it.
// Invariants: every rank calls agree_on_phase1() after each run of phase 1 and run_threshold()
// for each threshold, in the same order (the ranks run the same phase 1 and the same thresholds),
// and each returns the same answer on every rank.
#pragma once

#include <cstdint>
#include <vector>

#include "core/search/search_types.hpp"

namespace npuzzle {

class AidaRanks {
 public:
  virtual int ranks() const = 0;
  virtual int rank() const = 0;
  // After a run of phase 1: this rank's stop (StopReason::None when it was not stopped) in, a stop
  // of any rank out (StopReason::None when no rank was stopped).
  virtual StopReason agree_on_phase1(StopReason stopped) = 0;
  // One threshold across the ranks (the search's own frontier, ordered and cut into runs). True
  // when it ends the search on every rank: the search's found_index_ and found_suffix_ (a
  // solution) or stop_reason_ (a limit) are then set alike on every rank.
  virtual bool run_threshold() = 0;
  // At a worker's limit poll (any thread).
  virtual void poll() = 0;
  // After run_threshold(): the next threshold and the threshold's expansions, over every rank.
  virtual int next_bound() const = 0;
  virtual std::uint64_t threshold_expanded() const = 0;
  // Rank 0: phase 2's counts over every rank so far, and each rank's expansions.
  virtual std::uint64_t expanded() const = 0;
  virtual std::uint64_t generated() const = 0;
  virtual std::vector<std::uint64_t> expanded_per_rank() const = 0;

 protected:
  ~AidaRanks() = default;
};

}  // namespace npuzzle
