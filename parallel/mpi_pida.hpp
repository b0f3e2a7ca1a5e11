// parallel/mpi_pida.hpp — distributed parallel IDA*: every iteration's subtrees shared among the
// ranks of an MPI job by work requests, each rank searching its share on `threads` threads.
//
// Every rank builds the same frontier (parallel/ida_frontier.hpp) and searches the subtrees rank 0
// grants it (parallel/mpi_pida_exchange.hpp's WorkExchange) on its threads
// (parallel/mpi_pida_workers.hpp).
// Here: run(), the iteration loop, and the entry point.
// Invariant: every rank runs the same iterations with the same bounds, since at the end of each
// one every rank learns the outcome and the next bound rank 0 decided (mpi_pida_exchange.hpp).
#pragma once

#include <array>
#include <climits>
#include <cstdint>
#include <new>
#include <vector>

#include "parallel/mpi_pida_exchange.hpp"
#include "parallel/mpi_pida_workers.hpp"
#include "parallel/mpi_world.hpp"

namespace npuzzle {

template <class B, Heuristic H>
inline SearchResult MpiIda<B, H>::run(const State<B>& start, const ProgressFn& progress) {
  SearchResult result;
  const auto root_value = h_.init(start);
  int bound = h_.estimate(root_value);
  std::uint64_t previous = 0;  // expansions of the previous iteration, every rank
  std::uint64_t earlier = 0;   // and of the one before it
  for (;;) {
    const double began = clock_.elapsed();
    const Iteration it = iteration(start, root_value, bound, previous, earlier);
    ++result.stats.iterations;
    result.stats.expanded = expanded();
    result.stats.generated = generated();
    result.stats.seconds = clock_.elapsed();
    if (progress && rank_ == 0) {
      const double span = result.stats.seconds - began;
      progress({bound, result.stats.expanded, result.stats.generated, result.stats.seconds,
                it.expanded, previous, span > 0 ? static_cast<double>(it.expanded) / span : 0.0,
                it.outcome == Outcome::Stopped ? it.reason : StopReason::None});
    }
    if (it.outcome == Outcome::Found) {
      result.status = Status::Solved;
      result.optimal = H::kAdmissible;
      result.path = it.path;
      result.bound = bound;
      break;
    }
    if (it.outcome == Outcome::Stopped) {
      result.status = Status::Limit;
      result.reason = it.reason;
      result.bound = bound;
      break;
    }
    if (it.next_bound == INT_MAX) {
      result.status = Status::Unsolvable;
      break;
    }
    bound = it.next_bound;
    earlier = previous;
    previous = it.expanded;
  }
  const std::vector<ExchangeLocal::Live> counts = exchange_.counts();
  for (std::size_t r = 0; r < counts.size(); ++r) {
    result.stats.expanded_per_worker.push_back(counts[r].expanded +
                                               (r == 0 ? frontier_.expanded() : 0));
  }
  exchange_.report("pida", result.stats.expanded);
  return result;
}

// Distributed parallel IDA* over every rank of the MPI job, `threads` threads each. Called on every
// rank with the same arguments; rank 0's result holds the path.
template <class B, Heuristic H>
SearchResult mpi_parallel_ida_star(const H& h, const Goal<B>& goal, const State<B>& start,
                                   const Limits& limits, int threads,
                                   const ProgressFn& progress = {}) {
  try {
    MpiIda<B, H> search(h, goal, limits, threads);
    return search.run(start, progress);
  } catch (const std::bad_alloc&) {  // on this rank alone: the others would wait for it
    mpi::fail_job_out_of_memory("in parallel IDA*");
  }
}

}  // namespace npuzzle
