// engine/search_dispatch.hpp — runs a request's algorithm, one family of searches at a time.
//
// `run_family<F>(request, h, goal, start)` runs request.algorithm, which must belong to family F
// (kAlgorithmInfo), with heuristic h; `run_without_heuristic` runs BFS. Each solver unit of 4x4,
// 5x5 or a frame instantiates one family (engine/board_dispatch.hpp), so a unit compiles only that
// family's searches: the depth-first searches (IDA*, parallel IDA*, A*+IDA*), HDA*, or the textbook
// searches (BFS, A*, greedy, DFBnB). Included by the solver units only.
#pragma once

#include <cstdlib>
#include <stdexcept>
#include <string>

#include "core/search/astar.hpp"
#include "core/search/bfs.hpp"
#include "core/search/dfbnb.hpp"
#include "core/search/greedy.hpp"
#include "core/search/ida_star.hpp"
#include "parallel/hda_star.hpp"
#if NPUZZLE_MPI
#include "parallel/mpi_aida.hpp"
#include "parallel/mpi_hda.hpp"
#include "parallel/mpi_pida.hpp"
#include "text/parse.hpp"  // InputError
#endif
#include "engine/algorithm_registry.hpp"
#include "engine/request.hpp"
#include "parallel/aida.hpp"
#include "parallel/parallel_ida.hpp"

namespace npuzzle {
namespace dispatch {

#if NPUZZLE_MPI
// True when this search is a distributed job (engine/distributed.hpp) that every rank joins.
inline bool distributed() {
  if (!mpi::join_pending()) return false;
  if (!mpi::join(true)) throw InputError("another MPI rank could not start the search");
  return true;
}
#endif

// The search's options with --tie-break if given (else the search's own default).
template <class Options>
Options with_tie_break(const SolveRequest& r) {
  Options options;
  if (r.tie_break) options.tie_break = *r.tie_break;
  return options;
}

// A*+IDA*'s options: the threads, and the memory budget (the --mem-limit share memory_budget gave;
// none given: parallel/aida_budget.hpp's default share of what is available now, the tables
// loaded).
inline AidaOptions aida_options(const SolveRequest& r) {
  AidaOptions options;
  options.threads = r.threads;
  options.memory_bytes = r.limits.memory_bytes ? r.limits.memory_bytes : aida_default_budget();
  if (r.log) options.note = [log = r.log](const std::string& line) { log(LogLevel::Info, line); };
  // Phase 1's budget grows with the search (parallel/aida_budget.hpp, "The default budget"), within
  // the memory budget. For measurements only: NPUZZLE_AIDA_NODES=N fixes it at N nodes (0: the
  // whole memory budget from the start, no growth).
  options.grow = true;
  if (const char* divisor = std::getenv("NPUZZLE_AIDA_GROWTH")) {  // growth_divisor (tuning)
    options.growth_divisor = std::strtoull(divisor, nullptr, 10);
  }
  if (const char* nodes = std::getenv("NPUZZLE_AIDA_NODES")) {
    options.grow = false;
    options.max_stored = std::strtoull(nodes, nullptr, 10);
  }
  // The frontier order, for measurements only (parallel/aida_options.hpp: kDefaultAidaOrder).
  if (const char* order = std::getenv("NPUZZLE_AIDA_ORDER")) {
    const std::string o = order;
    if (o == "closest") options.order = AidaOrder::Closest;
    if (o == "closest-parent") options.order = AidaOrder::ClosestOfParent;
    if (o == "h") options.order = AidaOrder::LeastH;
    if (o == "f-h") options.order = AidaOrder::FThenH;
    if (o == "f-g") options.order = AidaOrder::FThenG;
  }
  return options;
}

[[noreturn]] inline void wrong_family(Algorithm a) {
  throw std::logic_error(std::string("internal error: ") + algorithm_name(a) +
                         " dispatched to another family's unit");
}

}  // namespace dispatch

template <SearchFamily F, class B, Heuristic H>
SearchResult run_family(const SolveRequest& r, const H& h, const Goal<B>& goal,
                        const State<B>& start) {
  if constexpr (F == SearchFamily::DepthFirst) {
    switch (r.algorithm.value()) {
      case Algorithm::Ida:
        if (r.checkpointing) {  // split into the subtrees a checkpoint names, on one thread
          SearchResult result =
              parallel_ida_star(h, goal, start, r.limits, 1, r.progress, r.checkpointing);
          result.stats.expanded_per_worker.clear();
          return result;
        }
        return ida_star(h, goal, start, r.limits, r.progress);
      case Algorithm::Pida:
#if NPUZZLE_MPI
        if (dispatch::distributed()) {
          return mpi_parallel_ida_star(h, goal, start, r.limits, r.threads, r.progress);
        }
#endif
        return parallel_ida_star(h, goal, start, r.limits, r.threads, r.progress, r.checkpointing);
      case Algorithm::Aida:
#if NPUZZLE_MPI
        if (dispatch::distributed()) {
          return mpi_aida_star(h, goal, start, r.limits, dispatch::aida_options(r), r.progress);
        }
#endif
        return aida_star(h, goal, start, r.limits, dispatch::aida_options(r), r.progress,
                         r.checkpointing);
      default:
        break;
    }
  } else if constexpr (F == SearchFamily::HashDistributed) {
    if (r.algorithm == Algorithm::Hda) {
#if NPUZZLE_MPI
      if (dispatch::distributed()) return mpi_hda_star(h, goal, start, r.limits, r.owner_hash);
#endif
      return hda_star(h, goal, start, r.limits, HdaOptions{r.threads, r.owner_hash});
    }
  } else {
    switch (r.algorithm.value()) {
      case Algorithm::AStar:
        return astar(h, goal, start, r.limits, dispatch::with_tie_break<AStarOptions>(r));
      case Algorithm::DfBnb:
        return dfbnb(h, goal, start, r.limits);
      case Algorithm::Greedy:
        return greedy(h, goal, start, r.limits, dispatch::with_tie_break<GreedyOptions>(r));
      default:
        break;
    }
  }
  dispatch::wrong_family(r.algorithm.value());
}

// Runs request.algorithm, one that takes no heuristic (AlgorithmInfo::heuristic false: the
// textbook family's BFS).
template <class B>
SearchResult run_without_heuristic(const SolveRequest& r, const Goal<B>& goal,
                                   const State<B>& start) {
  if (r.algorithm != Algorithm::Bfs) dispatch::wrong_family(r.algorithm.value());
  return bfs(goal, start, r.limits);
}

}  // namespace npuzzle
