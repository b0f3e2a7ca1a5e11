// parallel/ida_position.hpp — where a frontier-split IDA* search (parallel/parallel_ida.hpp, which
// `ida` uses too when it keeps checkpoints) stands: enough to go on from there in another process.
//
// An iteration with bound b is split into the subtrees of the frontier that IdaFrontier builds from
// the start with bound b and `target`; the construction is deterministic, so subtree i of one
// process is subtree i of another and a subtree is named by its index. A position holds the bound,
// the target, which subtrees of that iteration are finished (searched to the end without the goal),
// where the subtrees cut short stopped (BoundedDfs::resume goes on from there), and the counters of
// the work those represent.
//
// Invariants of a position written by a search: `done.size() == subtrees`; `partial` is in
// increasing order of index, each one not done and with a non-empty path; `expanded` and
// `generated` count every finished iteration, the current iteration's frontier, its done subtrees
// and its partial ones up to where they stopped (the node at the end of the path not expanded), so
// nothing counted is searched again after a resume; `next_bound` is the least f above `bound`
// seen in that counted work (INT_MAX: none yet); `iteration_expanded` holds one count per finished
// iteration, so `iterations == iteration_expanded.size()`.
//
// A*+IDA* (parallel/aida.hpp) keeps its position in the same record: `bound` is the threshold,
// `target` the node cap phase 1 built the frontier with (0: none), `subtrees` the frontier's size
// (0: phase 1 has not built it yet), `done` its nodes finished in this threshold (in the sorted
// order), `frontier_checksum` names that frontier (a resume checks the frontier it rebuilds
// against it), `astar_expanded` is phase 1's share of `expanded`, `closest` the frontier's closest
// approaches that order its thresholds, `children` those of its nodes' children that a grown
// frontier inherits, and `partial` is always empty (a frontier node cut short
// is not done, and its nodes are not counted in `expanded`).
#pragma once

#include <array>
#include <atomic>
#include <climits>
#include <cstdint>
#include <functional>
#include <mutex>
#include <vector>

#include "core/board.hpp"

namespace npuzzle {

// A subtree of the current iteration cut short by a stop: the moves from its frontier node to the
// node where its search stopped (BoundedDfs::run's path() on Stopped).
struct PartialSubtree {
  std::size_t index = 0;
  std::vector<Move> path;

  friend bool operator==(const PartialSubtree&, const PartialSubtree&) = default;
};

struct IdaPosition {
  int bound = 0;             // the current iteration's cost bound
  std::size_t target = 0;    // the frontier size asked for (IdaFrontier::build's `target`)
  std::size_t subtrees = 0;  // the frontier size built (0: the iteration had no frontier yet)
  std::vector<bool> done;    // per subtree: finished
  std::vector<PartialSubtree> partial;  // the subtrees cut short, by index
  std::uint64_t expanded = 0;           // over every run of the search so far (see the invariants)
  std::uint64_t generated = 0;
  int iterations = 0;                             // iterations finished
  double seconds = 0;                             // searching, over every run so far
  int next_bound = INT_MAX;                       // the least f above the bound seen so far
  std::vector<std::uint64_t> iteration_expanded;  // per finished iteration
  // A*+IDA* only (0 for the others): its frontier's checksum, and phase 1's expansions (the runs
  // whose frontier was used) counted in `expanded`.
  std::uint64_t frontier_checksum = 0;
  std::uint64_t astar_expanded = 0;
  // A*+IDA* only: the closest approaches (parallel/aida_schedule.hpp) of the frontier nodes whose
  // subtrees came nearer the goal than their own h, by index in increasing order, at most
  // kMaxClosestApproaches of them (the nearest); the others count their own h after a resume.
  struct ClosestApproach {
    std::uint32_t index = 0;
    std::uint8_t closest = 0;
    friend bool operator==(const ClosestApproach&, const ClosestApproach&) = default;
  };
  static constexpr std::size_t kMaxClosestApproaches = 65536;
  std::vector<ClosestApproach> closest;
  // A*+IDA* only: the closest approaches of frontier nodes' children (by move: Up, Down, Left,
  // Right; kNoApproach for a child not searched), which a grown frontier inherits, by index in
  // increasing order, at most kMaxClosestApproaches nodes (those with the nearest child); the
  // others inherit their node's own after a resume.
  struct ChildApproaches {
    static constexpr std::uint8_t kNoApproach = 0xFF;
    std::uint32_t index = 0;
    std::array<std::uint8_t, 4> by_move{kNoApproach, kNoApproach, kNoApproach, kNoApproach};
    friend bool operator==(const ChildApproaches&, const ChildApproaches&) = default;
  };
  std::vector<ChildApproaches> children;

  std::size_t done_count() const {
    std::size_t n = 0;
    for (bool d : done) n += d;
    return n;
  }
};

// How a search keeps checkpoints: the position to go on from (or none), and `save`, called with
// the position at most every `every_seconds` between subtrees (from any worker thread, one call at
// a time) and once more when a limit or an interrupt stops the search (never when it ends solved).
// `save` returns false when the position could not be written: the search then stops
// (StopReason::Abandoned) and the caller reports the failure it recorded.
struct IdaCheckpointing {
  const IdaPosition* resume = nullptr;
  // Whether `resume` is vouched for (a checkpoint signed by this user): when not, a solution
  // found from it is not claimed optimal, since its bound alone says no shorter path exists.
  bool resume_trusted = true;
  double every_seconds = 600;
  std::function<bool(const IdaPosition&)> save;
};

// The saves of a search that keeps checkpoints (parallel IDA* and A*+IDA*): one at a time, one due
// every `every_seconds` of the search's clock (when_due, between subtrees, from any worker thread),
// and a last one when a limit or an interrupt stops the search (at_stop). After a failed save no
// other is tried.
class CheckpointSaves {
 public:
  explicit CheckpointSaves(const IdaCheckpointing* checkpointing)
      : checkpointing_(checkpointing && checkpointing->save ? checkpointing : nullptr),
        next_(checkpointing_ ? checkpointing_->every_seconds : 0) {}

  bool active() const { return checkpointing_ != nullptr; }

  // Saves position() when a save is due at elapsed() and no other is under way. False only when
  // that save failed (the caller stops the search).
  template <class Position, class Elapsed>
  bool when_due(const Position& position, const Elapsed& elapsed) {
    if (!checkpointing_ || failed_.load(std::memory_order_relaxed) ||
        elapsed() < next_.load(std::memory_order_relaxed)) {
      return true;
    }
    std::unique_lock lock(mutex_, std::try_to_lock);
    if (!lock.owns_lock() || failed_.load() || elapsed() < next_.load()) return true;
    const bool saved = checkpointing_->save(position());
    if (!saved) failed_.store(true);
    next_.store(elapsed() + checkpointing_->every_seconds);
    return saved;
  }

  // The position of a search stopped by a limit or an interrupt (not by a failed save).
  template <class Position>
  void at_stop(const Position& position) {
    if (!checkpointing_ || failed_.load()) return;
    std::lock_guard lock(mutex_);
    if (!checkpointing_->save(position())) failed_.store(true);
  }

 private:
  const IdaCheckpointing* checkpointing_;  // nullptr: no checkpoints are kept
  std::mutex mutex_;                       // one save at a time
  std::atomic<double> next_;               // the elapsed seconds at which the next save is due
  std::atomic<bool> failed_{false};
};

}  // namespace npuzzle
