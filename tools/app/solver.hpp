// tools/app/solver.hpp — what the `npuzzle` front end asks a search to do, and the one place where
// the run-time choices (board size, algorithm, heuristic) become compile-time types.
//
// `solve_instance` (solver.cpp) checks the board against the goal (size, solvability: an unsolvable
// board is never searched) and calls `solve_on_board<R, C>` for the board's size. That template is
// defined here and explicitly instantiated once per size in a generated translation unit
// (tools/app/solve_board.cpp.in, configured by tools/CMakeLists.txt into the build directory), so
// the sixteen sizes compile in parallel and every other file only sees the declarations below.
//
// Adding an algorithm or a heuristic: add its case to `run_algorithm` or `run_heuristic` below and
// remove it from `unavailable_reason` (the enums and their names already hold every choice the
// command line offers). A choice without a case is refused as a usage error before any search.
//
// Invariant of every SolveOutcome with status Solved: its path was replayed from the start and ends
// on the goal (a failed replay becomes an internal error, never printed as a solution).
#pragma once

#include <cstdint>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/astar.hpp"
#include "core/bfs.hpp"
#include "core/dfbnb.hpp"
#include "core/goal.hpp"
#include "core/greedy.hpp"
#include "core/ida_star.hpp"
#include "core/parse.hpp"
#include "core/search_common.hpp"
#include "core/search_types.hpp"
#include "heuristics/linear_conflict.hpp"
#include "heuristics/manhattan.hpp"
#include "heuristics/misplaced.hpp"
#include "heuristics/pdb.hpp"
#include "heuristics/walking_distance.hpp"
#include "parallel/hda_star.hpp"
#include "parallel/parallel_ida.hpp"
#if NPUZZLE_MPI
#include "parallel/mpi_hda.hpp"
#include "parallel/mpi_pida.hpp"
#endif

namespace npuzzle {

enum class Algorithm { Ida, AStar, Hda, Pida, Bfs, DfBnb, Greedy };
enum class HeuristicKind { Misplaced, Manhattan, LinearConflict, WalkingDistance, Pdb };

const char* algorithm_name(Algorithm a);  // "ida", "astar", "hda", "pida", "bfs", "dfbnb", "greedy"
const char* heuristic_name(HeuristicKind h);  // "misplaced", "md", "lc", "wd", "pdb"
std::optional<Algorithm> parse_algorithm(const std::string& text);
std::optional<TieBreak> parse_tie_break(const std::string& text);  // "lifo", "fifo", "larger-g"
// True for the algorithms that use --threads inside one search (instances then run one at a time).
bool is_parallel(Algorithm a);

// A heuristic named on the command line: "md", "pdb", "pdb:6-6-3", "pdb:1,2,3/4,5,6" …
struct HeuristicChoice {
  HeuristicKind kind = HeuristicKind::LinearConflict;
  // pdb only: the partition as given (a name such as "7-8" or "663", or tile lists "1,2,3/4,5,6"),
  // checked against the board when the search starts; empty for the best present.
  std::string variant;
  std::string name() const;  // "lc", "pdb:6-6-3"
};
// nullopt (with `error` set) for an unknown name, or an argument after ':' other than pdb's.
std::optional<HeuristicChoice> parse_heuristic(const std::string& text, std::string& error);

// Thrown when a combination has no implementation; the tool turns it into exit code 1.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Why a choice cannot run ("" when it can). Keep in step with the switches below.
inline std::string unavailable_reason(Algorithm /*a*/,
                                      const std::optional<HeuristicChoice>& /*h*/) {
  return {};
}

// The heuristic used when none is given, for a board of that size: pattern databases on 4x4.
inline HeuristicChoice default_heuristic(int rows, int cols) {
  if (rows == 4 && cols == 4) return {HeuristicKind::Pdb, {}};
  return {HeuristicKind::LinearConflict, {}};
}

struct SolveRequest {
  Algorithm algorithm = Algorithm::Ida;
  std::optional<HeuristicChoice> heuristic;  // nullopt: default_heuristic for the board's size
  TieBreak tie_break = TieBreak::LargerG;    // A* only
  OwnerHash owner_hash = OwnerHash::AbstractZobrist;  // HDA* only
  GoalSpec goal;
  int threads = 1;  // threads inside one search (parallel algorithms only)
  Limits limits;
  std::string pdb_dir;  // where pattern databases live ("" for the default)
  ProgressFn progress;  // one call per IDA* iteration (may be empty)
};

struct SolveOutcome {
  SearchResult result;
  std::string heuristic;            // the heuristic's name as used ("none" for BFS)
  int threads = 1;                  // threads the search ran on (per rank)
  int ranks = 1;                    // MPI ranks it ran on (pida, hda under mpirun)
  std::string error;                // set when status_name() is "error": what went wrong
  int error_exit_code = 0;          // 1 usage (unavailable choice), 2 input or internal error
  std::string status_name() const;  // "solved", "unsolvable", "limit", "out-of-memory", "error"
  int exit_code() const;            // 0 solved, 1/2 error, 3 unsolvable, 4 limit, 5 out of memory
};

// Solves one board (row-major tiles of a rows x cols board, already a valid permutation).
SolveOutcome solve_instance(const SolveRequest& request, int rows, int cols,
                            const std::vector<int>& tiles);

// ---- compile-time dispatch (instantiated per board size in the generated translation units) ----

template <class B, Heuristic H>
SearchResult run_algorithm(const SolveRequest& request, const H& h, const Goal<B>& goal,
                           const State<B>& start) {
  switch (request.algorithm) {
    case Algorithm::Ida:
      return ida_star(h, goal, start, request.limits, request.progress);
    case Algorithm::AStar:
      return astar(h, goal, start, request.limits, AStarOptions{request.tie_break});
    case Algorithm::DfBnb:
      return dfbnb(h, goal, start, request.limits);
    case Algorithm::Greedy:
      return greedy(h, goal, start, request.limits);
    case Algorithm::Hda:
#if NPUZZLE_MPI
      if (mpi::join_pending()) {  // a distributed job (tools/app/distributed.hpp)
        if (!mpi::join(true)) throw InputError("another MPI rank could not start the search");
        return mpi_hda_star(h, goal, start, request.limits, request.owner_hash);
      }
#endif
      return hda_star(h, goal, start, request.limits,
                      HdaOptions{request.threads, request.owner_hash});
    case Algorithm::Pida:
#if NPUZZLE_MPI
      if (mpi::join_pending()) {
        if (!mpi::join(true)) throw InputError("another MPI rank could not start the search");
        return mpi_parallel_ida_star(h, goal, start, request.limits, request.threads,
                                     request.progress);
      }
#endif
      return parallel_ida_star(h, goal, start, request.limits, request.threads, request.progress);
    case Algorithm::Bfs:
      break;
  }
  throw UsageError(std::string("--algo ") + algorithm_name(request.algorithm) +
                   " is not available with a heuristic in this build");
}

template <class B>
SearchResult run_heuristic(const SolveRequest& request, const HeuristicChoice& heuristic,
                           const Goal<B>& goal, const State<B>& start) {
  switch (heuristic.kind) {
    case HeuristicKind::Misplaced:
      return run_algorithm(request, MisplacedTiles<B>(goal), goal, start);
    case HeuristicKind::Manhattan:
      return run_algorithm(request, Manhattan<B>(goal), goal, start);
    case HeuristicKind::LinearConflict:
      return run_algorithm(request, LinearConflict<B>(goal), goal, start);
    case HeuristicKind::WalkingDistance:  // max(walking distance, linear conflict); up to 4x4
      if constexpr (B::kRows <= 4 && B::kCols <= 4) {
        return run_algorithm(request, make_wd_lc(goal), goal, start);
      }
      break;
    case HeuristicKind::Pdb:  // the best set in the database directory, reflected where it can be
      try {
        return with_cached_pdb(goal, request.pdb_dir, heuristic.variant,
                               [&](const auto& h, const std::atomic<bool>& stale) {
                                 SolveRequest watched = request;
                                 watched.limits.abandon = &stale;
                                 return run_algorithm(watched, h, goal, start);
                               });
      } catch (const pdb::PdbError& e) {
        if (e.kind() == pdb::ErrorKind::Usage) throw UsageError(e.what());
        if (e.kind() == pdb::ErrorKind::Memory) throw std::bad_alloc();
        throw InputError(e.what());
      }
  }
  throw UsageError("--heuristic " + heuristic.name() + " is not available for " + B::name());
}

// Searches from `tiles` (solvable relative to request.goal, checked by the caller) with the
// request's algorithm and `heuristic`, and replays the path it returns.
template <int R, int C>
SolveOutcome solve_on_board(const SolveRequest& request, const HeuristicChoice& heuristic,
                            const std::vector<int>& tiles) {
  using B = Board<R, C>;
  const Goal<B> goal = Goal<B>::from_spec(request.goal);
  Tiles<B> cells{};
  for (int c = 0; c < B::kCells; ++c) cells[c] = static_cast<std::uint8_t>(tiles[c]);
  const State<B> start = State<B>::from_tiles(cells);
  SolveOutcome out;
  out.heuristic = request.algorithm == Algorithm::Bfs ? "none" : heuristic.name();
  out.threads = is_parallel(request.algorithm) ? request.threads : 1;
  try {
    out.result = request.algorithm == Algorithm::Bfs
                     ? bfs(goal, start, request.limits)
                     : run_heuristic(request, heuristic, goal, start);
  } catch (const std::bad_alloc&) {
    out.result = SearchResult{};
    out.result.status = Status::OutOfMemory;
    out.result.reason = "out of memory";
  }
  if (out.result.status == Status::Solved && !replay_reaches(start, out.result.path, goal.state)) {
    out.error = "internal error: the solution found does not replay to the goal";
    out.error_exit_code = 2;
  }
  return out;
}

#define NPUZZLE_DECLARE_SOLVE_ON_BOARD(R, C)                                                     \
  extern template SolveOutcome solve_on_board<R, C>(const SolveRequest&, const HeuristicChoice&, \
                                                    const std::vector<int>&);
NPUZZLE_DECLARE_SOLVE_ON_BOARD(2, 2)
NPUZZLE_DECLARE_SOLVE_ON_BOARD(2, 3)
NPUZZLE_DECLARE_SOLVE_ON_BOARD(2, 4)
NPUZZLE_DECLARE_SOLVE_ON_BOARD(2, 5)
NPUZZLE_DECLARE_SOLVE_ON_BOARD(3, 2)
NPUZZLE_DECLARE_SOLVE_ON_BOARD(3, 3)
NPUZZLE_DECLARE_SOLVE_ON_BOARD(3, 4)
NPUZZLE_DECLARE_SOLVE_ON_BOARD(3, 5)
NPUZZLE_DECLARE_SOLVE_ON_BOARD(4, 2)
NPUZZLE_DECLARE_SOLVE_ON_BOARD(4, 3)
NPUZZLE_DECLARE_SOLVE_ON_BOARD(4, 4)
NPUZZLE_DECLARE_SOLVE_ON_BOARD(4, 5)
NPUZZLE_DECLARE_SOLVE_ON_BOARD(5, 2)
NPUZZLE_DECLARE_SOLVE_ON_BOARD(5, 3)
NPUZZLE_DECLARE_SOLVE_ON_BOARD(5, 4)
NPUZZLE_DECLARE_SOLVE_ON_BOARD(5, 5)
#undef NPUZZLE_DECLARE_SOLVE_ON_BOARD

}  // namespace npuzzle
