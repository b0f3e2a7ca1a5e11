// parallel/ida_subtrees.hpp — the subtrees of one parallel IDA* iteration, searched by workers that
// draw them from a source: core/search/bounded_dfs.hpp's BoundedDfs below each frontier node.
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
// their counts are kept apart ("committed"); a subtree cut short (by a limit, an interrupt, or
// another worker's stop) keeps the path to where it stopped, and its count up to there is
// committed, so committed() is a consistent position to go on from. A subtree the position says
// was cut short goes on from its path (BoundedDfs::resume).
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
#include "core/search/ida_star.hpp"
#include "parallel/ida_frontier.hpp"
#include "parallel/ida_position.hpp"

namespace npuzzle {

template <class B, Heuristic H>
class IdaSubtrees {
 public:
  using Dfs = BoundedDfs<B, H>;
  using Frontier = IdaFrontier<B, H>;

  IdaSubtrees(const H& heuristic, const Goal<B>& goal, const Limits& limits,
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
  // `resumed` (if any) is an earlier run's position in this iteration (its frontier is `frontier`,
  // its partial paths fit): the source must not hand out its done subtrees again, and its partial
  // ones go on from where they stopped.
  void begin(const Frontier& frontier, int bound, std::uint64_t done_before,
             const IdaPosition* resumed = nullptr, const Reporting& reporting = {}) {
    frontier_ = &frontier;
    reporting_ = reporting;
    {
      std::lock_guard lock(mutex_);
      done_ = resumed ? resumed->done : std::vector<bool>(frontier.nodes().size(), false);
      partial_ = resumed ? resumed->partial : std::vector<PartialSubtree>{};
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
  std::size_t done_count() const { return done_count_.load(); }  // this iteration's, any thread
  std::uint64_t expanded_by(std::size_t worker) const { return per_worker_[worker].load(); }
  std::size_t workers() const { return per_worker_.size(); }

  // The finished part of the search (any thread, while the workers run): the current iteration's
  // done subtrees and where its cut-short ones stopped, the counts of every subtree that ended
  // exhausted (every iteration) and of the cut-short ones up to their stop, and the least f above
  // the bound they saw.
  struct Committed {
    std::vector<bool> done;
    std::vector<PartialSubtree> partial;
    std::uint64_t expanded = 0, generated = 0;
    int next_bound = INT_MAX;
  };
  Committed committed() {
    std::lock_guard lock(mutex_);
    return {done_, partial_, committed_expanded_, committed_generated_, next_bound_.load()};
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
    std::optional<std::vector<Move>> stopped_at;
    {
      std::lock_guard lock(mutex_);
      if (const auto it = find_partial(index); it != partial_.end()) stopped_at = it->path;
    }
    const auto outcome =
        stopped_at
            ? dfs.resume(node.state, node.value, node.g, node.parent_blank(), bound_, node.pruning,
                         *stopped_at)
            : dfs.run(node.state, node.value, node.g, node.parent_blank(), bound_, node.pruning);
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
      case Dfs::Outcome::Stopped: {
        {
          // The node it stopped at is counted but not expanded: a resume expands it again.
          std::lock_guard lock(mutex_);
          lower_next_bound(dfs.next_bound());
          committed_expanded_ += dfs.expanded() - 1;
          committed_generated_ += dfs.generated();
          keep_partial(index, dfs.path());
        }
        if (dfs.stop_reason() != StopReason::Cancelled) stop(dfs.stop_reason());
        break;
      }
      case Dfs::Outcome::Exhausted: {
        {
          std::lock_guard lock(mutex_);
          lower_next_bound(dfs.next_bound());
          if (const auto it = find_partial(index); it != partial_.end()) partial_.erase(it);
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

  // Under the lock: subtree `index` stopped at the end of `path` (nothing to keep when it stopped
  // at its frontier node). Out of line: GCC 12 inlining it warns falsely (-Wfree-nonheap-object).
  [[gnu::noinline]] void keep_partial(std::size_t index, std::vector<Move> path) {
    if (path.empty()) return;
    const auto at = std::lower_bound(
        partial_.begin(), partial_.end(), index,
        [](const PartialSubtree& partial, std::size_t i) { return partial.index < i; });
    if (at != partial_.end() && at->index == index) {
      at->path = std::move(path);
    } else {
      partial_.insert(at, PartialSubtree{index, std::move(path)});
    }
  }

  // partial_'s entry for subtree `index`, or its end (under the lock).
  std::vector<PartialSubtree>::iterator find_partial(std::size_t index) {
    return std::find_if(partial_.begin(), partial_.end(),
                        [index](const PartialSubtree& p) { return p.index == index; });
  }

  const H& h_;
  const Goal<B> goal_;
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
  std::vector<PartialSubtree> partial_;  // the iteration's subtrees cut short, by index
  std::atomic<std::size_t> done_count_{0};
  // Exhausted subtrees, and cut-short ones up to their stop.
  std::uint64_t committed_expanded_ = 0, committed_generated_ = 0;
  int found_index_ = -1;
  std::vector<Move> found_suffix_;
  StopReason stop_reason_ = StopReason::None;  // set once per iteration, by stop()
};

}  // namespace npuzzle
