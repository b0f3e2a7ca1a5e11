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
#pragma once

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

  // Starts an iteration over `frontier` with `bound`; `done_before` nodes were expanded before it.
  void begin(const Frontier& frontier, int bound, std::uint64_t done_before) {
    frontier_ = &frontier;
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
          (*heartbeat)({done_before_ + iteration_expanded_.load() + task.expanded,
                        generated_.load() + task.generated, task.bound, 0, clock_.elapsed()});
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
    const auto outcome = dfs.run(node.state, node.value, node.g, node.parent_blank(), bound_);
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
      case Dfs::Outcome::Exhausted:
        lower_next_bound(dfs.next_bound());
        if (limits_.nodes && done_before_ + iteration_expanded_.load() >= limits_.nodes) {
          stop(StopReason::NodeLimit);
        }
        break;
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
  std::mutex mutex_;  // guards the found subtree and the stop reason
  int found_index_ = -1;
  std::vector<Move> found_suffix_;
  StopReason stop_reason_ = StopReason::None;  // set once per iteration, by stop()
};

}  // namespace npuzzle
