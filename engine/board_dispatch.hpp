// engine/board_dispatch.hpp — solve_on_board<F, R, C>: where a request's board size, algorithm
// family and heuristic become compile-time types (declared in solver.hpp).
//
// Included only by the generated per-size translation units (engine/solve_board.cpp.in), each
// of which instantiates one family on one size, or all three families on a small board. What is
// compiled per heuristic is chosen by where speed depends on it:
// - the depth-first searches (IDA*, parallel IDA*) and HDA* on boards of more than
//   kErasedBoardCells cells get each heuristic's own type, inlined into their node loops;
// - the textbook searches (BFS, A*, greedy, DFBnB), bound by their hash tables, every search on the
//   small boards, solved in milliseconds, and every search with misplaced tiles (for teaching: too
//   weak for IDA* on large boards) get ErasedHeuristic<B> (heuristics/erased.hpp): one
//   instantiation per board, one indirect call per node, the same estimates and node counts.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <new>
#include <string>
#include <type_traits>
#include <vector>

#include "core/board.hpp"
#include "core/goal.hpp"
#include "engine/checkpoint.hpp"
#include "engine/heuristic_builders.hpp"
#include "engine/search_dispatch.hpp"
#include "engine/solver.hpp"
#include "heuristics/erased.hpp"

namespace npuzzle {

// True when family F runs heuristic H on board B through ErasedHeuristic.
template <SearchFamily F, class B, class H>
inline constexpr bool kErasesHeuristic =
    F == SearchFamily::Textbook || B::kCells <= kErasedBoardCells ||
    std::is_same_v<H, MisplacedTiles<B>>;

// Runs the request's search (ida or pida) keeping checkpoints as request.checkpoint asks, going on
// from the one it read when resuming. `heuristic` is written for --resume to choose the same
// heuristic again, `databases` are the identities of the pattern databases in use
// (database_identities). A checkpoint written with other pattern databases is refused
// (InputError); a checkpoint that could not be written stops the search and sets `write_error`.
template <class B, Heuristic H>
SearchResult run_with_checkpoints(SolveRequest request, const H& h, const Goal<B>& goal,
                                  const State<B>& start, const std::vector<int>& tiles,
                                  const HeuristicChoice& heuristic,
                                  std::vector<std::string> databases, std::string& write_error) {
  const CheckpointRequest& asked = *request.checkpoint;
  CheckpointFile file;
  file.algorithm = request.algorithm;
  file.heuristic = heuristic;
  file.board = RunBoard{{B::kRows, B::kCols}, tiles};
  for (int c = 0; c < B::kCells; ++c) file.goal.push_back(goal.state.tile_at(c));
  file.databases = std::move(databases);
  file.instance = asked.instance;
  file.line = asked.line;
  if (asked.resume && asked.from.databases != file.databases) {
    const auto listed = [](const std::vector<std::string>& list) {
      std::string text;
      for (const std::string& d : list) {
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
  checkpointing.resume_trusted = !asked.resume || asked.from.signed_here;
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
  return run_family<SearchFamily::DepthFirst>(request, h, goal, start);
}

template <SearchFamily F, int R, int C>
SolveOutcome solve_on_board(const SolveRequest& request, const HeuristicChoice& heuristic,
                            const std::vector<int>& tiles) {
  using B = Board<R, C>;
  const Goal<B> goal = Goal<B>::from_spec(request.goal);
  Tiles<B> cells{};
  for (int c = 0; c < B::kCells; ++c) cells[c] = static_cast<std::uint8_t>(tiles[c]);
  const State<B> start = State<B>::from_tiles(cells);
  SolveOutcome out;
  const AlgorithmInfo& algorithm = algorithm_info(request.algorithm);
  if (algorithm.heuristic) out.heuristic.choice = heuristic;
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
    const auto search = [&](const auto& h, const std::atomic<bool>* abandon) {
      using H = std::remove_cvref_t<decltype(h)>;
      out.heuristic = heuristic_used<B>(h, heuristic);
      SolveRequest watched = budgeted();
      if (abandon) watched.limits.abandon = abandon;
      const auto run = [&](const auto& searched) {
        if constexpr (F == SearchFamily::DepthFirst) {
          if (request.checkpoint) {
            // The partition is enough: the reflection is used wherever the goal allows it.
            return run_with_checkpoints(watched, searched, goal, start, tiles,
                                        *out.heuristic.choice, database_identities<B>(h),
                                        checkpoint_error);
          }
        }
        return run_family<F>(watched, searched, goal, start);
      };
      if constexpr (kErasesHeuristic<F, B, H>) {
        constexpr bool kBatch = F == SearchFamily::DepthFirst && kBatchesChildren<H>;
        return run(ErasedHeuristic<B, kBatch>(h));
      } else {
        return run(h);
      }
    };
    if constexpr (F == SearchFamily::Textbook) {
      if (!algorithm.heuristic) {
        out.result = run_without_heuristic(budgeted(), goal, start);
      } else {
        out.result = HeuristicRegistry::with(request, heuristic, goal, search);
      }
    } else {
      out.result = HeuristicRegistry::with(request, heuristic, goal, search);
    }
  } catch (const std::bad_alloc&) {
    out.result = SearchResult{};
    out.result.status = Status::OutOfMemory;
    out.result.reason = StopReason::AllocationFailed;
  }
  if (!checkpoint_error.empty()) {
    out.error = checkpoint_error;
    out.error_kind = SolveError::Input;
    return out;
  }
  if (out.result.status == Status::Solved && !replay_reaches(start, out.result.path, goal.state)) {
    out.error = "internal error: the solution found does not replay to the goal";
    out.error_kind = SolveError::Input;
  }
  return out;
}

}  // namespace npuzzle
