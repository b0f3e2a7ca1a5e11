// tools/app/algorithm_registry.hpp — the algorithm registry: every search the front end offers,
// once.
//
// An entry is a struct with `kInfo` (name, help text, which options it takes, whether it proves
// optimality) and a static `run` that calls the search: `run(request, h, goal, start)` for the
// searches with a heuristic, `run(request, goal, start)` for those without. `AlgorithmRegistry`
// lists the entries; the name parser, the help and error texts, the option checks of the front end
// and the compile-time dispatch (`run_algorithm`) all read it. Adding an algorithm: a value of
// `Algorithm` (request.hpp), an entry below and its line in AlgorithmRegistry.
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
  const char* name;  // on the command line: --algo NAME
  const char* help;  // what it is, for --help
  bool heuristic;    // searches with a heuristic (--heuristic applies)
  bool threads;      // --threads are threads inside one search (else instances solved at once)
  bool tie_break;    // --tie-break applies (the best-first searches)
  bool owner_hash;   // --owner-hash applies
  bool progress;     // reports a progress row per iteration (--verbose)
  bool optimal;      // proves its answer shortest (with an admissible heuristic)
};

namespace algorithm {

struct Ida {
  static constexpr AlgorithmInfo kInfo{.id = Algorithm::Ida,
                                       .name = "ida",
                                       .help = "IDA*, default",
                                       .heuristic = true,
                                       .threads = false,
                                       .tie_break = false,
                                       .owner_hash = false,
                                       .progress = true,
                                       .optimal = true};
  template <class B, Heuristic H>
  static SearchResult run(const SolveRequest& r, const H& h, const Goal<B>& goal,
                          const State<B>& start) {
    return ida_star(h, goal, start, r.limits, r.progress);
  }
};

struct AStar {
  static constexpr AlgorithmInfo kInfo{.id = Algorithm::AStar,
                                       .name = "astar",
                                       .help = "A*",
                                       .heuristic = true,
                                       .threads = false,
                                       .tie_break = true,
                                       .owner_hash = false,
                                       .progress = false,
                                       .optimal = true};
  template <class B, Heuristic H>
  static SearchResult run(const SolveRequest& r, const H& h, const Goal<B>& goal,
                          const State<B>& start) {
    AStarOptions options;  // larger g first by default
    if (r.tie_break) options.tie_break = *r.tie_break;
    return astar(h, goal, start, r.limits, options);
  }
};

struct Hda {
  static constexpr AlgorithmInfo kInfo{.id = Algorithm::Hda,
                                       .name = "hda",
                                       .help = "hash-distributed A*",
                                       .heuristic = true,
                                       .threads = true,
                                       .tie_break = false,
                                       .owner_hash = true,
                                       .progress = false,
                                       .optimal = true};
  template <class B, Heuristic H>
  static SearchResult run(const SolveRequest& r, const H& h, const Goal<B>& goal,
                          const State<B>& start) {
#if NPUZZLE_MPI
    if (mpi::join_pending()) {  // a distributed job (tools/app/distributed.hpp)
      if (!mpi::join(true)) throw InputError("another MPI rank could not start the search");
      return mpi_hda_star(h, goal, start, r.limits, r.owner_hash);
    }
#endif
    return hda_star(h, goal, start, r.limits, HdaOptions{r.threads, r.owner_hash});
  }
};

struct Pida {
  static constexpr AlgorithmInfo kInfo{.id = Algorithm::Pida,
                                       .name = "pida",
                                       .help = "parallel IDA*",
                                       .heuristic = true,
                                       .threads = true,
                                       .tie_break = false,
                                       .owner_hash = false,
                                       .progress = true,
                                       .optimal = true};
  template <class B, Heuristic H>
  static SearchResult run(const SolveRequest& r, const H& h, const Goal<B>& goal,
                          const State<B>& start) {
#if NPUZZLE_MPI
    if (mpi::join_pending()) {
      if (!mpi::join(true)) throw InputError("another MPI rank could not start the search");
      return mpi_parallel_ida_star(h, goal, start, r.limits, r.threads, r.progress);
    }
#endif
    return parallel_ida_star(h, goal, start, r.limits, r.threads, r.progress);
  }
};

struct Bfs {
  static constexpr AlgorithmInfo kInfo{.id = Algorithm::Bfs,
                                       .name = "bfs",
                                       .help = "breadth-first",
                                       .heuristic = false,
                                       .threads = false,
                                       .tie_break = false,
                                       .owner_hash = false,
                                       .progress = false,
                                       .optimal = true};
  template <class B>
  static SearchResult run(const SolveRequest& r, const Goal<B>& goal, const State<B>& start) {
    return bfs(goal, start, r.limits);
  }
};

struct DfBnb {
  static constexpr AlgorithmInfo kInfo{.id = Algorithm::DfBnb,
                                       .name = "dfbnb",
                                       .help = "depth-first branch and bound",
                                       .heuristic = true,
                                       .threads = false,
                                       .tie_break = false,
                                       .owner_hash = false,
                                       .progress = false,
                                       .optimal = true};
  template <class B, Heuristic H>
  static SearchResult run(const SolveRequest& r, const H& h, const Goal<B>& goal,
                          const State<B>& start) {
    return dfbnb(h, goal, start, r.limits);
  }
};

struct Greedy {
  static constexpr AlgorithmInfo kInfo{.id = Algorithm::Greedy,
                                       .name = "greedy",
                                       .help = "greedy best-first, not optimal",
                                       .heuristic = true,
                                       .threads = false,
                                       .tie_break = true,
                                       .owner_hash = false,
                                       .progress = false,
                                       .optimal = false};
  template <class B, Heuristic H>
  static SearchResult run(const SolveRequest& r, const H& h, const Goal<B>& goal,
                          const State<B>& start) {
    GreedyOptions options;  // last in first out by default
    if (r.tie_break) options.tie_break = *r.tie_break;
    return greedy(h, goal, start, r.limits, options);
  }
};

}  // namespace algorithm

template <class... Entry>
struct AlgorithmList {
  static constexpr std::array<AlgorithmInfo, sizeof...(Entry)> kInfo{Entry::kInfo...};

  // Calls the entry of `request.algorithm` with a heuristic.
  template <class B, Heuristic H>
  static SearchResult run(const SolveRequest& request, const H& h, const Goal<B>& goal,
                          const State<B>& start) {
    SearchResult result;
    const bool found = ((Entry::kInfo.id == request.algorithm &&
                         (result = run_entry<Entry>(request, h, goal, start), true)) ||
                        ...);
    if (!found) throw UsageError("--algo: no such algorithm");
    return result;
  }

  // Calls the entry of `request.algorithm`, one without a heuristic.
  template <class B>
  static SearchResult run_without_heuristic(const SolveRequest& request, const Goal<B>& goal,
                                            const State<B>& start) {
    SearchResult result;
    const bool found = ((!Entry::kInfo.heuristic && Entry::kInfo.id == request.algorithm &&
                         (result = run_plain<Entry>(request, goal, start), true)) ||
                        ...);
    if (!found) throw UsageError("--algo: this algorithm needs a heuristic");
    return result;
  }

 private:
  template <class E, class B>
  static SearchResult run_plain(const SolveRequest& request, const Goal<B>& goal,
                                const State<B>& start) {
    if constexpr (E::kInfo.heuristic) {
      return {};
    } else {
      return E::run(request, goal, start);
    }
  }
  template <class E, class B, Heuristic H>
  static SearchResult run_entry(const SolveRequest& request, const H& h, const Goal<B>& goal,
                                const State<B>& start) {
    if constexpr (E::kInfo.heuristic) {
      return E::run(request, h, goal, start);
    } else {
      return E::run(request, goal, start);
    }
  }
};

// The registry, in the order the help lists the algorithms.
using AlgorithmRegistry =
    AlgorithmList<algorithm::Ida, algorithm::AStar, algorithm::Hda, algorithm::Pida, algorithm::Bfs,
                  algorithm::DfBnb, algorithm::Greedy>;
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
