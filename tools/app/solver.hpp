// tools/app/solver.hpp — the one place where the run-time choices of a request (board size,
// algorithm, heuristic) become compile-time types.
//
// `solve_instance` (solver.cpp) checks the board against the goal (size, solvability: an unsolvable
// board is never searched) and calls `solve_on_board<R, C>` for the board's size. That template is
// defined here and explicitly instantiated once per size in a generated translation unit
// (tools/app/solve_board.cpp.in, configured by tools/CMakeLists.txt into the build directory) for
// every size of core/board_sizes.hpp, so the sizes compile in parallel and every other file only
// sees the declarations below. The algorithms and heuristics come from their registries
// (algorithm_registry.hpp, heuristic_registry.hpp).
//
// Invariant of every SolveOutcome with status Solved: its path was replayed from the start and ends
// on the goal (a failed replay becomes an internal error, never printed as a solution).
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <new>
#include <string>
#include <vector>

#include "core/board_sizes.hpp"
#include "core/exit_code.hpp"
#include "core/goal.hpp"
#include "core/search_types.hpp"
#include "tools/app/algorithm_registry.hpp"
#include "tools/app/heuristic_registry.hpp"
#include "tools/app/request.hpp"

namespace npuzzle {

struct SolveOutcome {
  SearchResult result;
  std::string heuristic;  // the heuristic's name as used ("none" for BFS)
  int threads = 1;        // threads the search ran on (per rank)
  int ranks = 1;          // MPI ranks it ran on (pida, hda under mpirun)
  std::string error;      // set when the instance could not be searched: what went wrong
  ExitCode error_exit_code = ExitCode::Input;  // with `error`: Usage or Input
  std::string unsolvable_note;                 // Unsolvable found before the search: why

  bool failed() const { return !error.empty(); }
  bool solved() const { return !failed() && result.status == Status::Solved; }
  std::string status_name() const;  // "solved", "unsolvable", "limit", "out-of-memory", "error"
  ExitCode exit_code() const;       // the error's, else the search status's
  std::string reason() const;       // why there is no solution: the note or the stop reason
};

// Solves one board (row-major tiles of a rows x cols board, already a valid permutation).
SolveOutcome solve_instance(const SolveRequest& request, int rows, int cols,
                            const std::vector<int>& tiles);

// ---- compile-time dispatch (instantiated per board size in the generated translation units) ----

// Runs the request's search (ida or pida) keeping checkpoints as request.checkpoint asks, going on
// from the one it read when resuming. `heuristic_name` is written for --resume to choose the same
// heuristic again. A checkpoint written with other pattern databases than `h`'s is refused
// (InputError); a checkpoint that could not be written stops the search and sets `write_error`.
template <class B, Heuristic H>
SearchResult run_with_checkpoints(SolveRequest request, const H& h, const Goal<B>& goal,
                                  const State<B>& start, const std::vector<int>& tiles,
                                  const std::string& heuristic_name, std::string& write_error) {
  const CheckpointRequest& asked = *request.checkpoint;
  CheckpointFile file;
  file.algorithm = algorithm_name(request.algorithm);
  file.heuristic = heuristic_name;
  file.rows = B::kRows;
  file.cols = B::kCols;
  file.tiles = tiles;
  for (int c = 0; c < B::kCells; ++c) file.goal.push_back(goal.state.tile_at(c));
  file.databases = database_identities<B>(h);
  if (asked.resume && asked.from.databases != file.databases) {
    const auto listed = [](const std::vector<std::string>& databases) {
      std::string text;
      for (const std::string& d : databases) {
        if (!text.empty()) text += "; ";
        text += d;
      }
      return text.empty() ? std::string("none") : text;
    };
    throw InputError("checkpoint '" + printable(asked.from_path) +
                     "' was written with other pattern databases (checksum and tiles: " +
                     listed(asked.from.databases) + ") than those in use (" +
                     listed(file.databases) + ")");
  }
  IdaCheckpointing checkpointing;
  checkpointing.resume = asked.resume ? &asked.from.position : nullptr;
  checkpointing.every_seconds = asked.every_seconds;
  if (!asked.path.empty()) {
    checkpointing.save = [&](const IdaPosition& position) {
      file.position = position;  // the search makes one call at a time
      try {
        write_checkpoint(asked.path, file);
        return true;
      } catch (const InputError& e) {
        write_error = e.what();
        return false;
      }
    };
  }
  request.checkpointing = &checkpointing;
  return run_algorithm(request, h, goal, start);
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
  const AlgorithmInfo& algorithm = algorithm_info(request.algorithm);
  out.heuristic = algorithm.heuristic ? heuristic.name() : "none";
  out.threads = algorithm.threads ? request.threads : 1;
  std::string checkpoint_error;  // a checkpoint that could not be written
  try {
    const auto began = std::chrono::steady_clock::now();
    // The limits left once the heuristic is ready (a database may have been built meanwhile).
    const auto budgeted = [&] {
      SolveRequest r = request;
      r.limits = memory_budget(request);
      if (r.limits.time_seconds > 0) {
        const std::chrono::duration<double> spent = std::chrono::steady_clock::now() - began;
        r.limits.time_seconds = std::max(1e-9, request.limits.time_seconds - spent.count());
      }
      return r;
    };
    if (!algorithm.heuristic) {
      out.result = AlgorithmRegistry::run_without_heuristic(budgeted(), goal, start);
    } else {
      out.result = HeuristicRegistry::with(
          request, heuristic, goal, [&](const auto& h, const std::atomic<bool>* abandon) {
            if (std::string exact = exact_heuristic_name<B>(h); !exact.empty()) {
              out.heuristic = std::move(exact);
            }
            SolveRequest watched = budgeted();
            if (abandon) watched.limits.abandon = abandon;
            if (!request.checkpoint) return run_algorithm(watched, h, goal, start);
            // The partition is enough: the reflection is used wherever the goal allows it.
            const std::string name = out.heuristic.substr(0, out.heuristic.find("+reflection"));
            return run_with_checkpoints(watched, h, goal, start, tiles, name, checkpoint_error);
          });
    }
  } catch (const std::bad_alloc&) {
    out.result = SearchResult{};
    out.result.status = Status::OutOfMemory;
    out.result.reason = StopReason::AllocationFailed;
  }
  if (!checkpoint_error.empty()) {
    out.error = checkpoint_error;
    out.error_exit_code = ExitCode::Input;
    return out;
  }
  if (out.result.status == Status::Solved && !replay_reaches(start, out.result.path, goal.state)) {
    out.error = "internal error: the solution found does not replay to the goal";
    out.error_exit_code = ExitCode::Input;
  }
  return out;
}

#define NPUZZLE_DECLARE_SOLVE_ON_BOARD(R, C)                                                     \
  extern template SolveOutcome solve_on_board<R, C>(const SolveRequest&, const HeuristicChoice&, \
                                                    const std::vector<int>&);
NPUZZLE_FOR_EACH_BOARD_SIZE(NPUZZLE_DECLARE_SOLVE_ON_BOARD)
#undef NPUZZLE_DECLARE_SOLVE_ON_BOARD

}  // namespace npuzzle
