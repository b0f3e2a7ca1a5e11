// engine/board_dispatch.hpp — solve_on_board<F, R, C>: where a request's board size, algorithm
// family and heuristic become compile-time types (declared in solver.hpp).
//
// Included only by the generated translation units (engine/solve_board.cpp.in, configured by
// engine/CMakeLists.txt). Two kinds of boards:
// - the 15- and 24-puzzle (4x4, 5x5: the frames) are searched on their own board type, one unit
//   per family of searches;
// - every other size is searched in the frame that holds it (core/frame.hpp): the searches are
//   compiled once per frame (`solve_in_frame`, one unit per frame and family), and the size's own
//   unit holds only what depends on its shape: its pattern databases, looked up through
//   FramedHeuristic (heuristics/framed.hpp). The walking distance, which fits only the
//   boards of the 4x4 frame, is the frame unit's own instead
//   (heuristics/held_walking_distance.hpp): one type for every board that frame holds.
// What is compiled per heuristic is chosen by where speed depends on it: the depth-first searches
// (IDA*, parallel IDA*) and HDA* take each heuristic's own type, inlined into their node loops,
// for Manhattan distance, linear conflicts and pattern databases on 4x4 and 5x5, and for Manhattan
// distance and linear conflicts on the frames, and in sequential IDA* the held board's walking
// distance on the 4x4 frame; everything else (the textbook searches BFS, A*, greedy and DFBnB,
// bound by their hash tables; misplaced tiles, for teaching; a held board's pattern databases;
// the held walking distance in the other searches) goes through ErasedHeuristic
// (heuristics/erased.hpp): one indirect call per node, the same estimates and node counts.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <new>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "core/board.hpp"
#include "core/frame.hpp"
#include "core/goal.hpp"
#include "engine/checkpoint.hpp"
#include "engine/heuristic_builders.hpp"
#include "engine/search_dispatch.hpp"
#include "engine/solver.hpp"
#include "heuristics/erased.hpp"
#include "heuristics/framed.hpp"
#include "heuristics/held_walking_distance.hpp"

namespace npuzzle {

template <class H>
inline constexpr bool kIsErased = false;
template <class B, bool kBatch, std::size_t kValueBytes>
inline constexpr bool kIsErased<ErasedHeuristic<B, kBatch, kValueBytes>> = true;

// On a frame, an erased heuristic keeps the wrapped heuristic's value and updates it move by move
// (heuristics/erased.hpp). Its size is fixed per frame: the largest value of a held board's
// heuristics (pattern databases with four views on 3x3: 236 bytes; with two on 4x5 and 5x4: 136),
// checked where each is wrapped. The unbatched depth-first searches (misplaced tiles, and the held
// walking distance outside sequential IDA*) keep a small one. So each family compiles its searches
// for as many erased types as before: the depth-first searches two (unbatched and batched), the
// others one.
template <class B>
inline constexpr std::size_t kLargeErasedValueBytes = B::kCells <= 16 ? 240 : 136;
inline constexpr std::size_t kSmallErasedValueBytes = 32;

// The erased heuristic family F runs on board B, for a heuristic that batches its children or not.
template <SearchFamily F, class B, bool kBatch>
using ErasedOn =
    ErasedHeuristic<B, F == SearchFamily::DepthFirst && kBatch,
                    !B::kFrame                                   ? 0
                    : (F == SearchFamily::DepthFirst && !kBatch) ? kSmallErasedValueBytes
                                                                 : kLargeErasedValueBytes<B>>;

template <class H>
inline constexpr bool kIsHeldWalkingDistance = false;
template <class Frame>
inline constexpr bool kIsHeldWalkingDistance<HeldWalkingDistanceLc<Frame>> = true;

// True when family F runs heuristic H on board B through ErasedHeuristic.
template <SearchFamily F, class B, class H>
inline constexpr bool kErasesHeuristic =
    F == SearchFamily::Textbook || std::is_same_v<H, MisplacedTiles<B>> ||
    kIsHeldWalkingDistance<H>;  // but in sequential IDA* (solve_searching)

namespace heuristic {

// The walking distance (with linear conflicts) of the board a frame of at most 4x4 holds, built
// on the frame by its own unit.
struct HeldWd {
  static constexpr const HeuristicInfo& kInfo = kWdInfo;
  template <class Frame>
  static constexpr bool fits() {
    return Frame::kFrame && Frame::kRows <= 4 && Frame::kCols <= 4;
  }
  template <class Frame, class F>
  static SearchResult with(const SolveRequest&, const HeuristicChoice&, const Goal<Frame>& goal,
                           F&& f) {
    return f(HeldWalkingDistanceLc<Frame>(goal), nullptr);
  }
};

}  // namespace heuristic

// Runs the request's search (ida, pida or aida) keeping checkpoints as request.checkpoint asks,
// going on from the one it read when resuming. `board` and `goal_tiles` are the board searched (the
// held board on a frame) and its goal, `heuristic` is written for --resume to choose the same
// heuristic again, `databases` are the identities of the pattern databases in use
// (database_identities). A checkpoint written with other pattern databases is refused (InputError);
// a checkpoint that could not be written stops the search and sets `write_error`. Gone on from a
// checkpoint not signed here, the search claims no optimal solution and writes its checkpoints
// unsigned.
template <class B, Heuristic H>
SearchResult run_with_checkpoints(SolveRequest request, const H& h, const Goal<B>& goal,
                                  const State<B>& start, const RunBoard& board,
                                  const std::vector<int>& goal_tiles,
                                  const HeuristicChoice& heuristic,
                                  std::vector<DatabaseIdentity> databases,
                                  std::string& write_error) {
  const CheckpointRequest& asked = *request.checkpoint;
  CheckpointFile file;
  file.algorithm = request.algorithm.value();
  file.heuristic = heuristic;
  file.board = board;
  file.goal = goal_tiles;
  file.databases = std::move(databases);
  file.instance = asked.instance;
  file.line = asked.line;
  file.signed_here = asked.vouched();  // a doubted position stays doubted in every later file
  if (asked.resume && asked.from.databases != file.databases) {
    const auto listed = [](const std::vector<DatabaseIdentity>& list) {
      std::string text;
      for (const DatabaseIdentity& d : list) {
        if (!text.empty()) text += "; ";
        text += database_identity_text(d);
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
  checkpointing.resume_trusted = asked.vouched();
  checkpointing.every_seconds = asked.every_seconds;
  if (!asked.path.empty()) {
    checkpointing.save = [&](const IdaPosition& position) {
      file.position = position;  // the search makes one call at a time
      try {
        write_checkpoint(asked.path, file, request.log);
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

// A search's heuristic as the outcome reports it, and the databases it looks up (checkpoints).
struct HeuristicInUse {
  HeuristicUsed used;
  std::vector<DatabaseIdentity> databases;
};

// Solves `start` on board B (a board's own type or a frame) with the request's algorithm, of
// family F, and replays the path. `board` is the board as given (on a frame, the held board) and
// `goal_tiles` its goal; `with_heuristic(search)` builds the request's heuristic and returns
// search(h, abandon, in_use) with it (h a heuristic of board B).
template <SearchFamily F, class B, class WithHeuristic>
SolveOutcome solve_searching(const SolveRequest& request, const HeuristicChoice& heuristic,
                             const Goal<B>& goal, const State<B>& start, const RunBoard& board,
                             const std::vector<int>& goal_tiles, WithHeuristic&& with_heuristic) {
  SolveOutcome out;
  const AlgorithmInfo& algorithm = algorithm_info(request.algorithm.value());
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
    const auto search = [&](const auto& h, const std::atomic<bool>* abandon,
                            HeuristicInUse in_use) {
      using H = std::remove_cvref_t<decltype(h)>;
      out.heuristic = std::move(in_use.used);
      SolveRequest watched = budgeted();
      if (abandon) watched.limits.abandon = abandon;
      const auto run = [&](const auto& searched) {
        if constexpr (F == SearchFamily::DepthFirst) {
          if (request.checkpoint) {
            // The partition is enough: the reflection is used wherever the goal allows it.
            return run_with_checkpoints(watched, searched, goal, start, board, goal_tiles,
                                        *out.heuristic.choice, std::move(in_use.databases),
                                        checkpoint_error);
          }
        }
        return run_family<F>(watched, searched, goal, start);
      };
      if constexpr (F == SearchFamily::DepthFirst && kIsHeldWalkingDistance<H>) {
        // IDA* inlines it; parallel IDA*, A*+IDA* and IDA* with checkpoints (parallel IDA* on one
        // thread) take it erased, compiled for misplaced tiles anyway.
        if (request.algorithm == Algorithm::Ida && !request.checkpoint) {
          return ida_star(h, goal, start, watched.limits, watched.progress);
        }
        return run(ErasedOn<F, B, false>(h));
      } else if constexpr (kIsErased<H> || !kErasesHeuristic<F, B, H>) {
        return run(h);
      } else {
        return run(ErasedOn<F, B, kBatchesChildren<H>>(h));
      }
    };
    if (F == SearchFamily::Textbook && !algorithm.heuristic) {
      if constexpr (F == SearchFamily::Textbook) {
        out.result = run_without_heuristic(budgeted(), goal, start);
      }
    } else {
      out.result = with_heuristic(search);
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
  if (out.result.status == Status::Solved &&
      !replay_reaches(goal.geometry, start, out.result.path, goal.state)) {
    out.error = "internal error: the solution found does not replay to the goal";
    out.error_kind = SolveError::Input;
  }
  return out;
}

// What a held board's unit gives its frame's search (of family F): runs it with the held board's
// pattern databases, built for the held board and looked up on the frame's states through
// FramedHeuristic and ErasedHeuristic, batched (IDA* orders their children by their estimates,
// kBatchesChildren). Called once per search.
template <SearchFamily F, class Frame>
class HeldHeuristicSearch {
 public:
  virtual SearchResult run(const ErasedOn<F, Frame, true>& h, const std::atomic<bool>* abandon,
                           HeuristicInUse in_use) = 0;

 protected:
  ~HeldHeuristicSearch() = default;
};
template <SearchFamily F, class Frame>
using HeldHeuristicFn = SearchResult (*)(const SolveRequest&, const HeuristicChoice&,
                                         HeldHeuristicSearch<F, Frame>&);

// Solves `tiles`, a board of rows x cols, in Frame with the request's algorithm, of family F. The
// frame's own Manhattan distance, linear conflicts and misplaced tiles are built here, and on a
// frame of at most 4x4 the held board's walking distance; the held board's pattern databases by
// `held` (defined in the board's unit: held_heuristic_search).
template <SearchFamily F, class Frame>
SolveOutcome solve_in_frame(const SolveRequest& request, const HeuristicChoice& heuristic,
                            const std::vector<int>& tiles, int rows, int cols,
                            HeldHeuristicFn<F, Frame> held) {
  const Goal<Frame> goal = framed_goal<Frame>(request.goal, rows, cols);
  const State<Frame> start = framed_state<Frame>(tiles, rows, cols);
  return solve_searching<F>(
      request, heuristic, goal, start, RunBoard{{rows, cols}, tiles},
      request.goal.tiles_for(rows * cols), [&](const auto& search) {
        const auto own_search = [&](const auto& h, const std::atomic<bool>* abandon) {
          return search(h, abandon, HeuristicInUse{heuristic_used<Frame>(h, heuristic), {}});
        };
        std::optional<SearchResult> own;
        if constexpr (heuristic::HeldWd::fits<Frame>()) {
          own = with_heuristic_of<heuristic::Misplaced, heuristic::Md, heuristic::Lc,
                                  heuristic::HeldWd>(request, heuristic, goal, own_search);
        } else {
          own = with_heuristic_of<heuristic::Misplaced, heuristic::Md, heuristic::Lc>(
              request, heuristic, goal, own_search);
        }
        if (own) return *own;
        struct Search final : HeldHeuristicSearch<F, Frame> {
          explicit Search(const decltype(search)& s) : search_(s) {}
          SearchResult run(const ErasedOn<F, Frame, true>& h, const std::atomic<bool>* abandon,
                           HeuristicInUse in_use) override {
            return search_(h, abandon, std::move(in_use));
          }
          const decltype(search)& search_;
        } framed_search(search);
        return held(request, heuristic, framed_search);
      });
}

// The frames' searches are compiled in the frames' own units (engine/CMakeLists.txt), whose
// explicit instantiations follow these declarations.
#define NPUZZLE_FRAME_SEARCH_(FAMILY, SIDE)                                                   \
  extern template SolveOutcome solve_in_frame<SearchFamily::FAMILY, Board<SIDE, SIDE, true>>( \
      const SolveRequest&, const HeuristicChoice&, const std::vector<int>&, int, int,         \
      HeldHeuristicFn<SearchFamily::FAMILY, Board<SIDE, SIDE, true>>);
NPUZZLE_FRAME_SEARCH_(DepthFirst, 4)
NPUZZLE_FRAME_SEARCH_(HashDistributed, 4)
NPUZZLE_FRAME_SEARCH_(Textbook, 4)
NPUZZLE_FRAME_SEARCH_(DepthFirst, 5)
NPUZZLE_FRAME_SEARCH_(HashDistributed, 5)
NPUZZLE_FRAME_SEARCH_(Textbook, 5)
#undef NPUZZLE_FRAME_SEARCH_

// Runs `search` (of a frame's unit) with the held board R x C's own heuristic `choice`: its
// pattern databases (the walking distance is the frame's where it fits, and refused here where it
// does not).
template <SearchFamily F, int R, int C>
SearchResult held_heuristic_search(const SolveRequest& request, const HeuristicChoice& choice,
                                   HeldHeuristicSearch<F, FrameOf<R, C>>& search) {
  using B = Board<R, C>;
  using Frame = FrameOf<R, C>;
  const Goal<B> goal = Goal<B>::from_spec(request.goal);
  const auto held_search = [&](const auto& h, const std::atomic<bool>* abandon) {
    using H = std::remove_cvref_t<decltype(h)>;
    static_assert(kBatchesChildren<H>, "the held heuristics batch their children");
    const FramedHeuristic<Frame, H> framed(h);
    return search.run(ErasedOn<F, Frame, true>(framed), abandon,
                      HeuristicInUse{heuristic_used<B>(h, choice), database_identities<B>(h)});
  };
  std::optional<SearchResult> result;
  if constexpr (heuristic::HeldWd::fits<Frame>()) {
    result =
        with_heuristic_of<heuristic::Pdb, heuristic::PdbDual>(request, choice, goal, held_search);
  } else {
    result = with_heuristic_of<heuristic::Wd, heuristic::Pdb, heuristic::PdbDual>(
        request, choice, goal, held_search);
  }
  if (!result)
    throw std::logic_error("internal error: a frame's own heuristic asked of " + B::name());
  return *result;
}

template <SearchFamily F, int R, int C>
SolveOutcome solve_on_board(const SolveRequest& request, const HeuristicChoice& heuristic,
                            const std::vector<int>& tiles) {
  if constexpr (is_frame_size(R, C)) {
    using B = Board<R, C>;
    const Goal<B> goal = Goal<B>::from_spec(request.goal);
    Tiles<B> cells{};
    for (int c = 0; c < B::kCells; ++c) cells[c] = static_cast<std::uint8_t>(tiles[c]);
    const State<B> start = State<B>::from_tiles(cells);
    return solve_searching<F>(
        request, heuristic, goal, start, RunBoard{{R, C}, tiles}, request.goal.tiles_for(R * C),
        [&](const auto& search) {
          return HeuristicRegistry::with(
              request, heuristic, goal, [&](const auto& h, const std::atomic<bool>* abandon) {
                return search(
                    h, abandon,
                    HeuristicInUse{heuristic_used<B>(h, heuristic), database_identities<B>(h)});
              });
        });
  } else {
    return solve_in_frame<F, FrameOf<R, C>>(request, heuristic, tiles, R, C,
                                            &held_heuristic_search<F, R, C>);
  }
}

}  // namespace npuzzle
