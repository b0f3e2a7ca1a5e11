// parallel/aida.hpp — A*+IDA* (Bu and Korf, "A*+IDA*: A Simple Hybrid Search Algorithm", IJCAI
// 2019) on the threads of one process: `aida` in the registry.
//
// Phase 1 (parallel/aida_frontier.hpp): A* with duplicate detection from the start until the memory
// budget is full. A goal expanded there is the answer. Otherwise its open nodes are the frontier:
// 12 bytes each (the A* node's index, g, h, the parent's blank cell, the nodes its subtree took
// last time), in one vector; the A* nodes are kept for the paths (the set and the open list are
// freed first).
//
// Phase 2: IDA* below the frontier. The threshold T starts at the least f on the frontier; for each
// T every frontier node with f <= T is searched by core/search/bounded_dfs.hpp's BoundedDfs (the
// node loop of `ida`: board geometry fixed at compile time, incremental heuristic, moves in place,
// the move-pruning automaton), and the least f above T seen anywhere (in a subtree, or a frontier
// node with f > T) is the next T. A frontier node's own level is expanded by the thread that takes
// it, the automaton going on from the state the node's path left it in (phase 1 carries it), so
// each frontier node is a node of IDA*'s tree with the same subtree (parallel/aida_schedule.hpp).
//
// Invariant (optimality): T never passes the optimal cost C*: while T < C*, the least optimal path
// (the automaton never refuses it, core/move_pruning.hpp) holds a frontier node with its optimal g
// and the automaton's state after that path's prefix (aida_frontier.hpp), so its subtree follows
// the rest of that path, meets a node of f in (T, C*] and the next T is at most C*. So any solution
// found with T costs at most T <= C*: it is optimal, the first one found cancels the rest. Under
// threads every frontier node of a threshold is searched to the end (or the threshold is cancelled
// by a solution or a limit) before the next threshold starts: the workers of one threshold are
// joined before the next is begun.
//
// Counts: the A* phase's expansions and generations, then the frontier nodes' own levels and their
// subtrees. With one thread the counts are deterministic; with more, the last threshold's count
// depends on which thread reaches what first (the others are the same: every node of a finished
// threshold is searched once).
//
// The parts, each in the header of its concern (parallel/aida_class.hpp declares them): phase 1
// and its memory budget, the default budget and its growth (parallel/aida_budget.hpp; A* itself:
// parallel/aida_frontier.hpp); one threshold on every thread, the frontier's order and a frontier
// node's own level (parallel/aida_schedule.hpp); checkpoints (parallel/aida_checkpoint.hpp). Here:
// run() and the threshold loop (search()), which the optimality invariant above is about. Across
// MPI ranks (parallel/mpi_aida.hpp) the same loop runs on every rank, the thresholds shared out
// through parallel/aida_ranks.hpp's AidaRanks (ranks_; nullptr in one process).
#pragma once

#include <algorithm>
#include <climits>
#include <cstdint>
#include <memory>
#include <new>
#include <string>
#include <utility>
#include <vector>

#include "core/goal.hpp"
#include "core/input_error.hpp"
#include "core/search/ida_star.hpp"
#include "core/search/search_types.hpp"
#include "parallel/aida_budget.hpp"
#include "parallel/aida_checkpoint.hpp"
#include "parallel/aida_class.hpp"
#include "parallel/aida_options.hpp"
#include "parallel/aida_schedule.hpp"
#include "parallel/ida_position.hpp"

namespace npuzzle {

template <class B, Heuristic H>
inline AidaReport Aida<B, H>::run(const State<B>& start, const ProgressFn& progress) {
  AidaReport report;
  try {
    search(start, progress, report);
  } catch (const std::bad_alloc&) {
    // Across ranks it failed on this rank alone (phase 1's is agreed on): mpi_aida.hpp ends it.
    if (ranks_) throw;
    report.result = SearchResult{};
    report.result.status = Status::OutOfMemory;
    report.result.reason = StopReason::AllocationFailed;
    report.result.bound = bound_;
  }
  SearchStats& stats = report.result.stats;
  stats.expanded = total_expanded();
  stats.generated = total_generated();
  stats.seconds = seconds();
  stats.iterations = iterations_;
  stats.stored = astar_ ? astar_->stored() : 0;
  stats.reexpanded = astar_ ? astar_->reopened() : 0;
  stats.expanded_per_worker.clear();
  if (ranks_) {  // per rank
    stats.expanded_per_worker = ranks_->expanded_per_rank();
    if (!stats.expanded_per_worker.empty()) stats.expanded_per_worker[0] += astar_expanded();
  }
  for (std::size_t w = 0; !ranks_ && w < workers_.size(); ++w) {
    stats.expanded_per_worker.push_back(workers_[w]->expanded() + (w == 0 ? astar_expanded() : 0));
  }
  report.last_iteration = last_iteration_;
  // A stopped search leaves its position (unless the stop was a failed write of it).
  if (report.result.status == Status::Limit && report.result.reason != StopReason::Abandoned) {
    saves_.at_stop([this] { return position(); });
  }
  return report;
}

template <class B, Heuristic H>
inline void Aida<B, H>::search(const State<B>& start, const ProgressFn& progress,
                               AidaReport& report) {
  SearchResult& result = report.result;
  const auto solved = [&](std::vector<Move> path, AidaFound where) {
    // The checkpoint gone on from said no path is shorter than its threshold.
    if (static_cast<int>(path.size()) < resumed_bound_) {
      throw InputError("the checkpoint's bound " + std::to_string(resumed_bound_) +
                       " is wrong: this board has a solution of " + std::to_string(path.size()) +
                       " moves");
    }
    result.status = Status::Solved;
    result.optimal = path.empty() || (H::kAdmissible && resumed_trusted_);
    result.bound = static_cast<int>(path.size());
    result.path = std::move(path);
    report.found = where;
  };
  const auto limited = [&](StopReason reason) {
    result.status = reason == StopReason::MemoryLimit || reason == StopReason::AllocationFailed
                        ? Status::OutOfMemory
                        : Status::Limit;
    result.reason = reason;
    result.bound = bound_;
  };
  // Every threshold is at least the start's estimate (at most C* when H is admissible).
  const int estimate = h_.estimate(h_.init(start));
  threshold_ = estimate;
  if (resume_) take_resumed_counts(estimate);
  // Phase 1, unless the budget is too small for a useful frontier: then a frontier of the start
  // alone (one node, outside the budget).
  const std::uint64_t useful =
      std::max<std::uint64_t>(std::max<std::uint64_t>(options_.min_frontier, 1) *
                                  static_cast<std::uint64_t>(AStar::kBytesPerNode),
                              kLeastBudget);
  const bool too_small = options_.memory_bytes < useful ||
                         (options_.max_stored != 0 && options_.max_stored < options_.min_frontier);
  if (too_small) {
    report.fell_back = true;
    if (options_.note) {
      options_.note(
          "aida: a memory budget of " + std::to_string(options_.memory_bytes) +
          " bytes holds fewer than " + std::to_string(options_.min_frontier) +
          " frontier nodes; searching with plain IDA* from the start (a larger memory limit gives "
          "phase 1 room)");
    }
  }
  std::uint64_t cap = too_small ? 1 : options_.max_stored;
  if (!too_small && options_.grow) cap = capped(kFirstNodes);
  if (resume_) cap = resume_->target;  // the frontier of the saved position, built again
  stopped_before_resuming_ = resume_;  // a stop in the rebuild leaves the saved position
  if (phase1(start, too_small ? kLeastBudget : options_.memory_bytes, cap, report, solved,
             limited)) {
    return;
  }
  stopped_before_resuming_ = nullptr;
  if (frontier_.empty()) {  // cannot happen: Full leaves the start at least
    result.status = Status::Unsolvable;
    return;
  }
  int threshold = std::max(least_frontier_f(), estimate);
  report.first_threshold = threshold;
  if (resume_) threshold = go_on_from(*resume_, threshold);
  threshold_ = threshold;
  // The workers' clocks: the time left, the interrupt flags, and their heartbeat; the node limit
  // is the search's (checked between frontier nodes and at the heartbeats).
  Limits worker_limits = limits_;
  worker_limits.nodes = 0;
  if (limits_.time_seconds > 0) {
    worker_limits.time_seconds = limits_.time_seconds - clock_.elapsed();
    if (worker_limits.time_seconds <= 0) {
      // Across ranks the stop must come through the threshold, which every rank runs.
      if (!ranks_) return limited(StopReason::TimeLimit);
      worker_limits.time_seconds = 1e-9;
    }
  }
  for (int w = 0; w < budget_.threads(); ++w) {
    workers_.push_back(std::make_unique<Worker>(*this, worker_limits));
  }
  std::uint64_t previous = history_.empty() ? 0 : history_.back();
  for (;;) {
    bound_ = threshold;
    const std::uint64_t before = total_expanded();
    const double began = clock_.elapsed();
    const bool ended = run_threshold(threshold);
    ++iterations_;
    // The threshold's nodes over every run of the search (a resumed one began in an earlier run)
    // and every rank.
    last_iteration_ = ranks_ ? ranks_->threshold_expanded() : ida_expanded() - history_total_;
    if (progress) {
      // The rate of this run's part of the threshold.
      const double span = clock_.elapsed() - began;
      progress(
          {threshold, total_expanded(), total_generated(), seconds(), last_iteration_, previous,
           span > 0 ? static_cast<double>(total_expanded() - before) / span : 0.0,
           found_index_ < 0 && stop_reason_ != StopReason::None ? stop_reason_ : StopReason::None});
    }
    if (ended) {
      if (found_index_ >= 0) {
        std::vector<Move> path =
            astar_->path_to(frontier_[static_cast<std::size_t>(found_index_)].node);
        path.insert(path.end(), found_suffix_.begin(), found_suffix_.end());
        return solved(std::move(path),
                      found_suffix_.empty() ? AidaFound::AtFrontier : AidaFound::BelowFrontier);
      }
      return limited(stop_reason_);
    }
    history_.push_back(last_iteration_);
    history_total_ += last_iteration_;
    const int next = ranks_ ? ranks_->next_bound() : local_next_bound(threshold);
    if (next == INT_MAX) {
      // The caller decided the start solvable: only a position no search wrote ends here.
      if (resume_) {
        throw InputError("the checkpoint's position leaves nothing above threshold " +
                         std::to_string(threshold) + " to search: it is wrong");
      }
      result.status = Status::Unsolvable;
      result.bound = threshold;
      return;
    }
    threshold = next;
    previous = last_iteration_;
    begin_next_threshold(threshold);
    // The budget grows with the work: phase 1 again, from the start, with more nodes. Every
    // threshold up to the one just exhausted was searched below a frontier, so C* >= next; the
    // new frontier's least f is at most C* too, so the larger of the two keeps T <= C*.
    if (options_.grow && !too_small) {
      const std::uint64_t held = astar_->stored();
      const std::uint64_t share = std::max<std::uint64_t>(options_.growth_divisor, 1) *
                                  static_cast<std::uint64_t>(all_workers());
      const std::uint64_t want = capped(last_iteration_ / share);
      if (!memory_full_ && want >= kGrowthStep * held) {
        if (phase1(start, options_.memory_bytes, want, report, solved, limited)) return;
        threshold = std::max(next, least_frontier_f());
        threshold_ = threshold;
        previous = 0;
      }
    }
  }
}

// A*+IDA* (see above) with the details of where its answer was found (tests, measurements).
// With `checkpointing`, keeps checkpoints and may go on from a saved position (see above).
template <class B, Heuristic H>
AidaReport aida_search(const H& h, const Goal<B>& goal, const State<B>& start, const Limits& limits,
                       const AidaOptions& options, const ProgressFn& progress = {},
                       const IdaCheckpointing* checkpointing = nullptr) {
  Aida<B, H> search(h, goal, limits, options, checkpointing);
  return search.run(start, progress);
}

// A*+IDA* on options.threads threads; optimal for admissible heuristics. The caller decides
// solvability first.
template <class B, Heuristic H>
SearchResult aida_star(const H& h, const Goal<B>& goal, const State<B>& start, const Limits& limits,
                       const AidaOptions& options, const ProgressFn& progress = {},
                       const IdaCheckpointing* checkpointing = nullptr) {
  return aida_search(h, goal, start, limits, options, progress, checkpointing).result;
}

}  // namespace npuzzle
