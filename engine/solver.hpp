// engine/solver.hpp — solving one board: the outcome, and the entry that the front ends call.
//
// `solve_instance` (solver.cpp) checks the board against the goal (size, solvability: an unsolvable
// board is never searched) and calls `solve_on_board<F, R, C>` for the board's size and the family
// F of the request's algorithm. That template is where the run-time choices of a request (board
// size, algorithm, heuristic) become compile-time types: it is defined in board_dispatch.hpp and
// explicitly instantiated in generated translation units (engine/solve_board.cpp.in,
// configured by engine/CMakeLists.txt) for every size of core/board_sizes.hpp and every family
// (4x4 and 5x5 on their own board types, the other sizes in the frame that holds them,
// core/frame.hpp), so they compile in parallel and every other file sees only the declarations
// below, without the searches. The algorithms and heuristics come from their registries
// (algorithm_registry.hpp, heuristic_registry.hpp).
//
// Invariant of every SolveOutcome with status Solved: its path was replayed from the start and ends
// on the goal (a failed replay becomes an internal error, never printed as a solution).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/goal.hpp"
#include "core/run_board.hpp"
#include "core/search/search_types.hpp"
#include "engine/algorithm_registry.hpp"
#include "engine/heuristic_registry.hpp"
#include "engine/request.hpp"
#include "engine/solve_session.hpp"
#include "text/request_error.hpp"

namespace npuzzle {

struct SolveOutcome {
  SearchResult result;
  HeuristicUsed heuristic;  // as used (the partition in use, the reflection); none for BFS
  int threads = 1;          // threads the search ran on (per rank)
  int ranks = 1;            // MPI ranks it ran on (pida, hda under mpirun)
  // Set when the instance could not be searched: what went wrong (a usage error in the library's
  // words: front ends word `usage` themselves, error_message).
  std::string error;
  SolveError error_kind = SolveError::Input;  // with `error`: an option or the input
  RequestError usage;                         // with error_kind Usage: the error as a value
  std::string unsolvable_note;                // Unsolvable found before the search: why
  std::string solvable_for;  // then, the other standard goal the board can reach ("blank-last")

  bool failed() const { return !error.empty(); }
  bool solved() const { return !failed() && result.status == Status::Solved; }
  std::string status_name() const;  // "solved", "unsolvable", "limit", "out-of-memory", "error"
  // What went wrong, its options named by `words`.
  std::string error_message(const OptionWords& words) const;
  // Why there is no solution: the note (and "; it is solvable for " the goal option with
  // `solvable_for`, named by `words`, when it names a goal) or the stop reason.
  std::string reason(const OptionWords& words) const;
};

// Solves one board (already a valid permutation of its cells) with the databases of `session`.
SolveOutcome solve_instance(SolveSession& session, const SolveRequest& request,
                            const RunBoard& board);

// Searches from `tiles` (solvable relative to request.goal, checked by the caller) with the
// request's algorithm, of family F, and `heuristic`, and replays the path it returns. Defined in
// board_dispatch.hpp; instantiated for each size of NPUZZLE_BOARD_SIZES and each family.
template <SearchFamily F, int R, int C>
SolveOutcome solve_on_board(const SolveRequest& request, const HeuristicChoice& heuristic,
                            const std::vector<int>& tiles);

}  // namespace npuzzle
