// parallel/aida_class.hpp — the class of one A*+IDA* search (parallel/aida.hpp): its members, its
// threads (Worker) and the counts over them, and the declarations of its parts, each defined in
// the header of its concern:
//   parallel/aida.hpp             run() and the threshold loop (search())
//   parallel/aida_budget.hpp      phase 1 and its budget: phase1(), capped(), least_frontier_f()
//   parallel/aida_schedule.hpp    one threshold on every thread: the frontier's order, the runs of
//                                 frontier nodes the threads take, a frontier node's own level
//   parallel/aida_checkpoint.hpp  the position saved and gone on from, the done frontier nodes
//   parallel/mpi_aida.hpp         (MPI builds) the thresholds across ranks, through AidaRanks
// Those definitions are `inline`, as they were in the class: the compiler weighs them as before.
// Include parallel/aida.hpp, which brings them all.
// Invariants: workers_ holds one Worker per thread of the budget once phase 2 begins, and each
// Worker's counters only grow (over every threshold of this run); the counts of earlier runs of a
// resumed search are the offset_* members, never a worker's. The mutexes guard what their comments
// say; the atomics are read by any thread while the workers run.
#pragma once

#include <algorithm>
#include <atomic>
#include <climits>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

#include "core/goal.hpp"
#include "core/move_pruning.hpp"
#include "core/search/ida_star.hpp"
#include "core/search/search_types.hpp"
#include "parallel/aida_frontier.hpp"
#include "parallel/aida_options.hpp"
#include "parallel/aida_ranks.hpp"
#include "parallel/concurrency.hpp"
#include "parallel/ida_position.hpp"

namespace npuzzle {

template <class B, Heuristic H>
class MpiAida;

template <class B, Heuristic H>
class Aida {
 public:
  using Dfs = BoundedDfs<B, H>;
  using AStar = AidaAStar<B, H>;

  Aida(const H& heuristic, const Goal<B>& goal, const Limits& limits, const AidaOptions& options,
       const IdaCheckpointing* checkpointing = nullptr, AidaRanks* ranks = nullptr)
      : h_(heuristic),
        goal_(goal),
        limits_(limits),
        clock_(limits),
        options_(options),
        budget_(std::max(1, options.threads)),
        saves_(checkpointing),
        resume_(checkpointing ? checkpointing->resume : nullptr),
        resumed_trusted_(!resume_ || checkpointing->resume_trusted),
        ranks_(ranks) {}

  AidaReport run(const State<B>& start, const ProgressFn& progress);

 private:
  friend class MpiAida<B, H>;  // runs the thresholds across the ranks (parallel/mpi_aida.hpp)

  // One thread's search: its BoundedDfs (its counters over every threshold) and the counts of the
  // frontier nodes' own levels it expanded.
  struct Worker {
    Worker(Aida& aida, const Limits& limits)
        : beat([this, &aida](const Heartbeat& h) {
            seen_expanded.store(root_expanded + h.expanded, std::memory_order_relaxed);
            seen_generated.store(root_generated + h.generated, std::memory_order_relaxed);
            aida.on_poll();
          }),
          clock(with_heartbeat(limits, &beat)),
          dfs(aida.h_, aida.goal_, clock, &aida.cancel_) {}
    static Limits with_heartbeat(Limits limits, const HeartbeatFn* beat) {
      limits.heartbeat = beat;
      return limits;
    }
    HeartbeatFn beat;  // at the BoundedDfs's limit polls: publishes the counts, then on_poll()
    LimitClock clock;
    Dfs dfs;
    std::uint64_t root_expanded = 0, root_generated = 0;
    int next_bound = INT_MAX;  // the least f above T cut at the frontier nodes' own level
    // Across ranks: the frontier nodes it searched to the end in this threshold, packed, and their
    // children's closest approaches when the frontier keeps them (finish()).
    std::vector<std::uint64_t> finished, finished_children;
    std::atomic<std::uint64_t> seen_expanded{0}, seen_generated{0};  // for the other threads
    std::uint64_t expanded() const { return root_expanded + dfs.expanded(); }
    std::uint64_t generated() const { return root_generated + dfs.generated(); }
    void publish() {
      seen_expanded.store(expanded(), std::memory_order_relaxed);
      seen_generated.store(generated(), std::memory_order_relaxed);
    }
  };
  enum class Below { Exhausted, Found, Stopped };

  std::uint64_t astar_expanded() const {
    return astar_done_expanded_ + (astar_ ? astar_->expanded() : 0);
  }
  std::uint64_t astar_generated() const {
    return astar_done_generated_ + (astar_ ? astar_->generated() : 0);
  }
  std::uint64_t expanded() const {
    std::uint64_t n = astar_expanded();
    for (const auto& w : workers_) n += w->expanded();
    return n;
  }
  std::uint64_t generated() const {
    std::uint64_t n = astar_generated();
    for (const auto& w : workers_) n += w->generated();
    return n;
  }
  // While the workers run (any thread).
  std::uint64_t seen_expanded() const {
    std::uint64_t n = astar_expanded();
    for (const auto& w : workers_) n += w->seen_expanded.load(std::memory_order_relaxed);
    return n;
  }
  std::uint64_t seen_generated() const {
    std::uint64_t n = astar_generated();
    for (const auto& w : workers_) n += w->seen_generated.load(std::memory_order_relaxed);
    return n;
  }
  // The counts the search reports: this process's, or phase 1's (once) and phase 2's over every
  // rank (rank 0).
  std::uint64_t total_expanded() const {
    return ranks_ ? astar_expanded() + ranks_->expanded() : offset_expanded_ + expanded();
  }
  std::uint64_t total_generated() const {
    return ranks_ ? astar_generated() + ranks_->generated() : offset_generated_ + generated();
  }
  // The threads that search a threshold: this process's, or every rank's.
  std::size_t all_workers() const {
    return workers_.size() * static_cast<std::size_t>(ranks_ ? ranks_->ranks() : 1);
  }
  std::uint64_t held_bytes() const {
    return (astar_ ? astar_->pool_bytes() : 0) +
           static_cast<std::uint64_t>(frontier_.capacity()) *
               (sizeof(AidaFrontierNode) + (tracking_ ? 1 : 0)) +
           static_cast<std::uint64_t>(child_closest_.capacity()) * sizeof(AidaChildApproaches) +
           static_cast<std::uint64_t>(order_.capacity()) * sizeof(std::uint32_t) +
           static_cast<std::uint64_t>(chunks_.capacity()) * sizeof(std::size_t);
  }
  // The workers' expansions over every run of the search (phase 2's share of the counts).
  std::uint64_t ida_expanded() const {
    std::uint64_t n = offset_ida_;
    for (const auto& w : workers_) n += w->expanded();
    return n;
  }
  double seconds() const { return offset_seconds_ + clock_.elapsed(); }

  void stop(StopReason reason) {
    {
      std::lock_guard lock(mutex_);
      if (stop_reason_ == StopReason::None) stop_reason_ = reason;
    }
    cancel_.store(true);
  }

  // The threshold loop (parallel/aida.hpp).
  void search(const State<B>& start, const ProgressFn& progress, AidaReport& report);

  // Phase 1 and its budget (parallel/aida_budget.hpp).
  // The least budget phase 1 runs with: room for the start and its first children (the set's and
  // the open list's first allocations).
  static constexpr std::uint64_t kLeastBudget = 64 * 1024;
  // The growing budget (AidaOptions::grow): the first run's nodes and the least growth worth a new
  // run (parallel/aida_budget.hpp's header).
  static constexpr std::uint64_t kFirstNodes = 4096;
  static constexpr std::uint64_t kGrowthStep = 4;
  std::uint64_t capped(std::uint64_t nodes) const;
  std::vector<std::uint64_t> closest_by_key() const;
  void inherit_closest(const std::vector<std::uint64_t>& closest_by_key);
  int least_frontier_f() const;
  template <class Solved, class Limited>
  bool phase1(const State<B>& start, std::uint64_t bytes, std::uint64_t cap, AidaReport& report,
              const Solved& solved, const Limited& limited);

  // One threshold on every thread (parallel/aida_schedule.hpp).
  static constexpr std::uint64_t kChunksPerThread = 64;
  void sort_frontier();
  void order_threshold();
  std::size_t cut_chunks(int threshold);
  void prepare_threshold(int threshold);
  bool run_threshold(int threshold);
  int local_next_bound(int threshold) const;
  template <class NextChunk>
  void work(Worker& w, NextChunk&& next_chunk);
  Below below(Worker& w, const AidaFrontierNode& node, std::vector<Move>& suffix,
              AidaChildApproaches& approaches);
  void on_poll();

  // Checkpoints (parallel/aida_checkpoint.hpp).
  void take_resumed_counts(int estimate);
  int go_on_from(const IdaPosition& p, int least);
  void begin_next_threshold(int threshold);
  bool is_done(std::size_t i) const;
  void finish(Worker& w, std::size_t i, std::uint64_t expanded, std::uint64_t generated,
              const AidaChildApproaches& approaches);
  IdaPosition position();
  std::vector<IdaPosition::ClosestApproach> saved_closest() const;
  std::vector<IdaPosition::ChildApproaches> saved_children() const;
  void save_when_due();
  std::uint64_t frontier_checksum() const;

  const H& h_;
  const Goal<B> goal_;
  const Limits limits_;
  const LimitClock clock_;
  const AidaOptions options_;
  ThreadBudget budget_;
  const MovePruning& pruning_ = MovePruning::standard();
  std::unique_ptr<AStar> astar_;
  std::uint64_t astar_done_expanded_ = 0, astar_done_generated_ = 0;  // earlier runs of phase 1
  bool memory_full_ = false;  // the last run of phase 1 filled the bytes of its budget
  std::vector<AidaFrontierNode> frontier_;
  // Beside frontier_ (same index) when the order is AidaOrder::Closest: its nodes' children's
  // closest approaches (finish() keeps them), handed on to a grown frontier (closest_by_key()).
  std::vector<AidaChildApproaches> child_closest_;
  // The threshold's order: frontier_[order_[k]] is taken k-th (a permutation of frontier_'s
  // indices; frontier_ itself stays in sort_frontier()'s order, which the checkpoints name).
  std::vector<std::uint32_t> order_;
  std::vector<std::size_t>
      chunks_;  // run c is frontier_[order_[k]] for k in [chunks_[c], chunks_[c + 1])
  std::vector<std::unique_ptr<Worker>> workers_;
  // The threshold being searched.
  int threshold_ = 0;
  std::size_t active_ = 0;  // its frontier nodes (f <= threshold)
  std::atomic<std::size_t> next_chunk_{0}, done_{0};
  std::atomic<bool> cancel_{false};
  std::mutex mutex_;  // the solution found and the stop reason
  int found_index_ = -1;
  std::vector<Move> found_suffix_;
  StopReason stop_reason_ = StopReason::None;
  int bound_ = 0;  // the best lower bound proven
  int iterations_ = 0;
  std::uint64_t last_iteration_ = 0;
  std::uint64_t iteration_estimate_ =
      0;                                // the nodes the threshold is expected to take (0: unknown)
  std::vector<std::uint64_t> history_;  // per exhausted threshold, its nodes (every run)
  std::uint64_t history_total_ = 0;
  std::uint64_t threshold_start_ida_ = 0;  // this process's phase 2 expansions when it began
  // Checkpoints (parallel/ida_position.hpp).
  CheckpointSaves saves_;
  const IdaPosition* resume_;   // the position gone on from (nullptr: none)
  const bool resumed_trusted_;  // false: gone on from a position nothing vouches for
  // Per frontier node, done in this threshold (when saving or resuming): one byte each.
  const bool tracking_ = saves_.active() || resume_ != nullptr;
  const IdaPosition* stopped_before_resuming_ = nullptr;  // a stop came in the rebuilt phase 1
  int resumed_bound_ = 0;  // the threshold of the position gone on from (0: none)
  // The counts of the earlier runs of a resumed search (less this run's phase 1 when it rebuilt
  // the saved frontier), phase 1's and phase 2's shares of them, and their seconds.
  std::uint64_t offset_expanded_ = 0, offset_generated_ = 0, offset_astar_ = 0, offset_ida_ = 0;
  double offset_seconds_ = 0;
  bool astar_complete_ = false;     // the last run of phase 1 ended (it was not stopped)
  std::uint64_t frontier_cap_ = 0;  // phase 1's node cap of the frontier in use or being built
  std::uint64_t frontier_checksum_ = 0;
  int carried_next_ = INT_MAX;   // the next threshold's bound from the position gone on from
  std::mutex position_mutex_;    // the done flags, the committed counts, frontier_ready_
  bool frontier_ready_ = false;  // frontier_ is phase 1's frontier for frontier_cap_
  std::vector<std::atomic<std::uint8_t>> done_flags_;
  // The frontier nodes searched to the end by this run's workers (every threshold), and the least
  // f above the threshold seen by them in this threshold.
  std::uint64_t committed_expanded_ = 0, committed_generated_ = 0;
  int committed_next_ = INT_MAX;
  AidaRanks* const ranks_;  // the ranks of a distributed run (nullptr: this process alone)
};

}  // namespace npuzzle
