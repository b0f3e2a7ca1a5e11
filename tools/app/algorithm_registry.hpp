// tools/app/algorithm_registry.hpp — the algorithm registry: every search the front end offers,
// once.
//
// `AlgorithmRegistry::kInfo` (also `kAlgorithmInfo`) is the table: per algorithm its name, help
// text, which options it takes and whether it proves optimality. The name parser, the help and
// error texts and the option checks of the front end read it (registry.cpp); `run` is the dispatch,
// one case per algorithm (a switch, resolved once per search). Adding an algorithm: a value of
// `Algorithm` (request.hpp), its row in the table and its case in run (the compiler warns about a
// missing case; registry.cpp checks that every value has a row).
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "core/astar.hpp"
#include "core/bfs.hpp"
#include "core/dfbnb.hpp"
#include "core/greedy.hpp"
#include "core/ida_star.hpp"
#include "parallel/hda_star.hpp"
#if NPUZZLE_MPI
#include "core/parse.hpp"  // InputError
#include "parallel/mpi_hda.hpp"
#include "parallel/mpi_pida.hpp"
#endif
#include "parallel/parallel_ida.hpp"
#include "tools/app/request.hpp"

namespace npuzzle {

struct AlgorithmInfo {
  Algorithm id;
  const char* name;   // on the command line: --algo NAME
  const char* help;   // what it is, for --help
  bool heuristic;     // searches with a heuristic (--heuristic applies)
  bool threads;       // --threads are threads inside one search (else instances solved at once)
  bool tie_break;     // --tie-break applies (the best-first searches)
  bool owner_hash;    // --owner-hash applies
  bool progress;      // reports a progress row per iteration (--verbose)
  bool optimal;       // proves its answer shortest (with an admissible heuristic)
  bool memory_limit;  // stores nodes, so --mem-limit applies
  bool checkpoint;    // keeps checkpoints (--checkpoint, --checkpoint-every, --resume)
};

struct AlgorithmRegistry {
  // In the order the help lists the algorithms.
  // clang-format off
  static constexpr std::array<AlgorithmInfo, 7> kInfo{{
    // id                name      help                              heur.  threads tie-b. owner  progr. optimal memory checkpoint
    {Algorithm::Ida,    "ida",    "IDA*, default",                   true,  false,  false, false, true,  true,   false, true},
    {Algorithm::AStar,  "astar",  "A*",                              true,  false,  true,  false, false, true,   true,  false},
    {Algorithm::Hda,    "hda",    "hash-distributed A*",             true,  true,   false, true,  false, true,   true,  false},
    {Algorithm::Pida,   "pida",   "parallel IDA*",                   true,  true,   false, false, true,  true,   false, true},
    {Algorithm::Bfs,    "bfs",    "breadth-first",                   false, false,  false, false, false, true,   true,  false},
    {Algorithm::DfBnb,  "dfbnb",  "depth-first branch and bound",    true,  false,  false, false, false, true,   false, false},
    {Algorithm::Greedy, "greedy", "greedy best-first, not optimal",  true,  false,  true,  false, false, false,  true,  false},
  }};
  // clang-format on

  // Runs request.algorithm with heuristic `h` (ignored by the algorithms that take none).
  template <class B, Heuristic H>
  static SearchResult run(const SolveRequest& r, const H& h, const Goal<B>& goal,
                          const State<B>& start) {
    switch (r.algorithm) {
      case Algorithm::Ida:
        if (r.checkpointing) {  // split into the subtrees a checkpoint names, on one thread
          SearchResult result =
              parallel_ida_star(h, goal, start, r.limits, 1, r.progress, r.checkpointing);
          result.stats.expanded_per_worker.clear();
          return result;
        }
        return ida_star(h, goal, start, r.limits, r.progress);
      case Algorithm::AStar:
        return astar(h, goal, start, r.limits, with_tie_break<AStarOptions>(r));
      case Algorithm::Hda:
#if NPUZZLE_MPI
        if (distributed()) return mpi_hda_star(h, goal, start, r.limits, r.owner_hash);
#endif
        return hda_star(h, goal, start, r.limits, HdaOptions{r.threads, r.owner_hash});
      case Algorithm::Pida:
#if NPUZZLE_MPI
        if (distributed()) {
          if (r.checkpointing)
            throw UsageError("--checkpoint and --resume do not work under mpirun");
          return mpi_parallel_ida_star(h, goal, start, r.limits, r.threads, r.progress);
        }
#endif
        return parallel_ida_star(h, goal, start, r.limits, r.threads, r.progress, r.checkpointing);
      case Algorithm::Bfs:
        return bfs(goal, start, r.limits);
      case Algorithm::DfBnb:
        return dfbnb(h, goal, start, r.limits);
      case Algorithm::Greedy:
        return greedy(h, goal, start, r.limits, with_tie_break<GreedyOptions>(r));
    }
    throw UsageError("--algo: no such algorithm");
  }

  // Runs request.algorithm, one that takes no heuristic (AlgorithmInfo::heuristic false).
  template <class B>
  static SearchResult run_without_heuristic(const SolveRequest& r, const Goal<B>& goal,
                                            const State<B>& start) {
    if (r.algorithm == Algorithm::Bfs) return bfs(goal, start, r.limits);
    throw UsageError("--algo: this algorithm needs a heuristic");
  }

 private:
#if NPUZZLE_MPI
  // True when this search is a distributed job (tools/app/distributed.hpp) that every rank joins.
  static bool distributed() {
    if (!mpi::join_pending()) return false;
    if (!mpi::join(true)) throw InputError("another MPI rank could not start the search");
    return true;
  }
#endif

  // The search's options with --tie-break if given (else the search's own default).
  template <class Options>
  static Options with_tie_break(const SolveRequest& r) {
    Options options;
    if (r.tie_break) options.tie_break = *r.tie_break;
    return options;
  }
};
inline constexpr const auto& kAlgorithmInfo = AlgorithmRegistry::kInfo;

const AlgorithmInfo& algorithm_info(Algorithm a);
const char* algorithm_name(Algorithm a);  // "ida", "astar", …
std::optional<Algorithm> parse_algorithm(std::string_view text);
// True for the algorithms that use --threads inside one search (instances then run one at a time).
bool is_parallel(Algorithm a);
std::string algorithm_names();  // "ida, astar, hda, pida, bfs, dfbnb, greedy"
std::string algorithm_help();   // "ida (IDA*, default), astar (A*), …"
// The names of the algorithms with `flag` set, e.g. algorithms_with(&AlgorithmInfo::tie_break).
std::string algorithms_with(bool AlgorithmInfo::*flag);

// Runs request.algorithm with heuristic `h` (ignored by the algorithms without one).
template <class B, Heuristic H>
SearchResult run_algorithm(const SolveRequest& request, const H& h, const Goal<B>& goal,
                           const State<B>& start) {
  return AlgorithmRegistry::run(request, h, goal, start);
}

}  // namespace npuzzle
