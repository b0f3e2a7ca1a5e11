// parallel/ida_subtrees.hpp — the subtrees of one parallel IDA* iteration, searched by workers that
// draw them from a source: core/ida_star.hpp's BoundedDfs below each frontier node.
//
// `work(w, next)` is the body of worker w: it calls next() for the index of a frontier node
// (std::nullopt: no more work) and searches below it with the iteration's bound, until the source
// is empty or the iteration is cancelled. The source is the transport's business: an atomic counter
// in one process (parallel/parallel_ida.hpp), chunks granted by rank 0 across processes
// (parallel/mpi_pida.hpp). Workers share nothing else but the cancel flag and the counters they add
// into when a subtree ends.
//
// A solution found in the iteration with bound b costs exactly b (the earlier iterations proved
// none costs less), so the first one found is optimal; it cancels the iteration. Limits: time and
// interrupt are polled inside every subtree; the node limit is checked against `done_before` plus
// this iteration's expansions when a subtree ends, and inside a subtree against what was left when
// it began (so the total may exceed the limit by at most one subtree's worth per thread).
//
// For checkpoints (parallel/ida_position.hpp) the subtrees that end exhausted are marked done, and
// their counts are kept apart ("committed"): a subtree cut short by a limit is not done and its
// partial count is not committed, so committed() is a consistent position to go on from.
#pragma once

#include <algorithm>
#include <atomic>
#include <climits>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "core/atomic_extremum.hpp"
#include "core/ida_star.hpp"
#include "parallel/ida_frontier.hpp"

namespace npuzzle {

template <class B, Heuristic H>
class IdaSubtrees {
 public:
  using Dfs = BoundedDfs<B, H>;
  using Frontier = IdaFrontier<B, H>;

  IdaSubtrees(const H& heuristic, const State<B>& goal, const Limits& limits,
              const LimitClock& clock, int workers)
      : h_(heuristic),
        goal_(goal),
        limits_(limits),
        clock_(clock),
        per_worker_(static_cast<std::size_t>(workers)) {}

  // What the heartbeat adds to this process's counts (a resumed search's earlier runs), and the
  // iteration's nodes before this process's work and the nodes it is expected to take (0: unknown).
  struct Reporting {
    std::uint64_t expanded = 0, generated = 0;
    double seconds = 0;
    std::uint64_t iteration_before = 0, iteration_estimate = 0;
  };

  // Starts an iteration over `frontier` with `bound`; `done_before` nodes were expanded before it.
  // `done` (if any, one flag per frontier node) marks the subtrees already finished by an earlier
  // run: the source must not hand them out again.
  void begin(const Frontier& frontier, int bound, std::uint64_t done_before,
             const std::vector<bool>* done = nullptr, const Reporting& reporting = {}) {
    frontier_ = &frontier;
    reporting_ = reporting;
    {
      std::lock_guard lock(mutex_);
      done_ = done ? *done : std::vector<bool>(frontier.nodes().size(), false);
      done_count_.store(static_cast<std::size_t>(std::count(done_.begin(), done_.end(), true)));
    }
    bound_ = bound;
    done_before_ = done_before;
    iteration_expanded_.store(0);
    next_bound_.store(INT_MAX);
    cancel_.store(false);
    found_index_ = -1;
    found_suffix_.clear();
    stop_reason_ = StopReason::None;
  }

  // `on_poll` (if any) is called at this worker's limit polls inside its subtrees (every
  // LimitClock::kPollInterval expansions), on this worker's thread.
  template <class Next>
  void work(std::size_t worker, Next&& next, const HeartbeatFn* on_poll = nullptr) {
    while (!cancel_.load()) {
      const std::optional<std::size_t> i = next();
      if (!i) return;
      subtree(worker, *i, on_poll);
    }
  }

  // Cancels the iteration (another process found a solution or hit a limit).
  void cancel() { cancel_.store(true); }
  void stop(StopReason reason) {
    {
      std::lock_guard lock(mutex_);
      if (stop_reason_ == StopReason::None) stop_reason_ = reason;
    }
    cancel_.store(true);
  }
  bool cancelled() const { return cancel_.load(); }

  // While the workers run (another thread): what ended the iteration so far, under the lock.
  struct Snapshot {
    int found_index = -1;
    std::vector<Move> found_suffix;
    StopReason stop_reason = StopReason::None;
  };
  Snapshot snapshot() {
    std::lock_guard lock(mutex_);
    return {found_index_, found_suffix_, stop_reason_};
  }

  // After the workers ended: what the iteration found. The moves from the start are
  // frontier.prefix(found_index()) followed by found_suffix().
  int found_index() const { return found_index_; }
  const std::vector<Move>& found_suffix() const { return found_suffix_; }
  StopReason stop_reason() const { return stop_reason_; }
  int next_bound() const { return next_bound_.load(); }
  void lower_next_bound(int f) { lower_to(next_bound_, f); }
  std::uint64_t iteration_expanded() const { return iteration_expanded_.load(); }
  std::uint64_t expanded() const { return expanded_.load(); }  // over every iteration
  std::uint64_t generated() const { return generated_.load(); }
  std::uint64_t expanded_by(std::size_t worker) const { return per_worker_[worker].load(); }
  std::size_t workers() const { return per_worker_.size(); }

  // The finished part of the search (any thread, while the workers run): the current iteration's
  // done subtrees, the counts of every subtree that ended exhausted (every iteration) and the
  // least f above the bound they saw.
  struct Committed {
    std::vector<bool> done;
    std::uint64_t expanded = 0, generated = 0;
    int next_bound = INT_MAX;
  };
  Committed committed() {
    std::lock_guard lock(mutex_);
    return {done_, committed_expanded_, committed_generated_, next_bound_.load()};
  }

 private:
  void subtree(std::size_t worker, std::size_t index, const HeartbeatFn* on_poll) {
    const auto& node = frontier_->nodes()[index];
    Limits task_limits = limits_;
    // The task's heartbeat reports the whole search's progress, not the task's, then calls
    // `on_poll`; it lives as long as the task's search.
    HeartbeatFn task_heartbeat;
    task_limits.heartbeat = nullptr;
    const HeartbeatFn* heartbeat =
        limits_.heartbeat && *limits_.heartbeat ? limits_.heartbeat : nullptr;
    if (heartbeat || on_poll) {
      task_heartbeat = [this, heartbeat, on_poll](const Heartbeat& task) {
        if (heartbeat) {
          const std::uint64_t iteration = iteration_expanded_.load() + task.expanded;
          (*heartbeat)({reporting_.expanded + done_before_ + iteration,
                        reporting_.generated + generated_.load() + task.generated, task.bound, 0,
                        reporting_.seconds + clock_.elapsed(),
                        reporting_.iteration_before + iteration, reporting_.iteration_estimate,
                        frontier_->nodes().size(), done_count_.load()});
        }
        if (on_poll) (*on_poll)(task);
      };
      task_limits.heartbeat = &task_heartbeat;
    }
    if (limits_.time_seconds > 0) {
      task_limits.time_seconds = limits_.time_seconds - clock_.elapsed();
      if (task_limits.time_seconds <= 0) return stop(StopReason::TimeLimit);
    }
    if (limits_.nodes) {
      const std::uint64_t done = done_before_ + iteration_expanded_.load();
      if (done >= limits_.nodes) return stop(StopReason::NodeLimit);
      task_limits.nodes = limits_.nodes - done;
    }
    const LimitClock task_clock(task_limits);
    Dfs dfs(h_, goal_, task_clock, &cancel_);
    const auto outcome =
        dfs.run(node.state, node.value, node.g, node.parent_blank(), bound_, node.pruning);
    iteration_expanded_.fetch_add(dfs.expanded(), std::memory_order_relaxed);
    expanded_.fetch_add(dfs.expanded(), std::memory_order_relaxed);
    generated_.fetch_add(dfs.generated(), std::memory_order_relaxed);
    per_worker_[worker].fetch_add(dfs.expanded(), std::memory_order_relaxed);
    switch (outcome) {
      case Dfs::Outcome::Found: {
        std::lock_guard lock(mutex_);
        if (found_index_ < 0) {
          found_index_ = static_cast<int>(index);
          found_suffix_ = dfs.path();
        }
        cancel_.store(true);
        break;
      }
      case Dfs::Outcome::Stopped:
        if (dfs.stop_reason() != StopReason::Cancelled) stop(dfs.stop_reason());
        break;
      case Dfs::Outcome::Exhausted: {
        {
          std::lock_guard lock(mutex_);
          lower_next_bound(dfs.next_bound());
          done_[index] = true;
          done_count_.fetch_add(1, std::memory_order_relaxed);
          committed_expanded_ += dfs.expanded();
          committed_generated_ += dfs.generated();
        }
        if (limits_.nodes && done_before_ + iteration_expanded_.load() >= limits_.nodes) {
          stop(StopReason::NodeLimit);
        }
        break;
      }
    }
  }

  const H& h_;
  const State<B> goal_;
  const Limits limits_;
  const LimitClock& clock_;
  const Frontier* frontier_ = nullptr;
  int bound_ = 0;
  std::uint64_t done_before_ = 0;
  std::vector<std::atomic<std::uint64_t>> per_worker_;  // expansions by worker, every iteration
  std::atomic<std::uint64_t> iteration_expanded_{0}, expanded_{0}, generated_{0};
  std::atomic<int> next_bound_{INT_MAX};
  std::atomic<bool> cancel_{false};
  std::mutex mutex_;  // guards the found subtree, the stop reason and the committed part
  Reporting reporting_;
  std::vector<bool> done_;  // per subtree of the iteration: ended exhausted (or done before)
  std::atomic<std::size_t> done_count_{0};
  std::uint64_t committed_expanded_ = 0, committed_generated_ = 0;  // exhausted subtrees
  int found_index_ = -1;
  std::vector<Move> found_suffix_;
  StopReason stop_reason_ = StopReason::None;  // set once per iteration, by stop()
};

}  // namespace npuzzle
