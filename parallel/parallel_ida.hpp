// parallel/parallel_ida.hpp — parallel IDA*: every iteration's tree shared out as TBB tasks.
//
// Each iteration with cost bound b:
//  1. Frontier: the tree below the start is expanded breadth-first (move back to the parent pruned,
//     children with f > b cut and their f kept for the next bound) until a level holds at least
//     subtrees_per_thread() x threads nodes or is empty: 16 per thread for small trees (where the
//     frontier itself and the work past the solution weigh most), up to 256 for large ones (the
//     smaller the subtrees, the shorter the tail of an iteration where some threads are idle).
//     Every generated child is checked against the goal here, so a solution shallower than the
//     split depth is found too.
//  2. Subtrees: `threads` worker tasks (in a TaskGroup on the search's arena) take frontier
//     nodes in order from a shared counter and run core/ida_star.hpp's BoundedDfs below each with
//     the same bound; a worker that draws small subtrees takes more of them (dynamic balancing).
//     Each subtree gets its own BoundedDfs (nothing shared but the cancel flag, the counter and
//     the statistics it adds into when it ends); worker w's expansions go to slot w.
// A solution found in the iteration with bound b costs exactly b: the previous iterations proved
// that none costs less (and the first bound is h(start), a lower bound). So the first solution
// found is optimal, and it cancels the other tasks of that iteration at once.
//
// The node counts equal sequential IDA*'s for every iteration but the last: the frontier levels are
// expanded once by the breadth-first pass and the frontier nodes by the tasks. In the last
// iteration the tasks reach the solution in another order than the sequential search, so that
// iteration's count differs (in either direction).
//
// Limits: time and interrupt are polled inside every task; the node limit is checked against the
// total whenever a task ends, and inside a task against what was left when it began (so the total
// may exceed the limit by at most one task's worth per thread).
#pragma once

#include <algorithm>
#include <atomic>
#include <climits>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

#include "core/atomic_extremum.hpp"
#include "core/goal.hpp"
#include "core/ida_star.hpp"
#include "core/search_types.hpp"
#include "parallel/concurrency.hpp"

namespace npuzzle {

template <class B, Heuristic H>
class ParallelIda {
 public:
  using Value = typename H::Value;
  using Dfs = BoundedDfs<B, H>;
  static constexpr std::uint64_t kMinSubtreesPerThread = 16, kMaxSubtreesPerThread = 256;
  static constexpr std::uint64_t kNodesPerSubtree = 16384;  // in the previous iteration

  ParallelIda(const H& heuristic, const Goal<B>& goal, const Limits& limits, int threads)
      : h_(heuristic),
        goal_(goal.state),
        limits_(limits),
        clock_(limits),
        budget_(threads),
        per_worker_(static_cast<std::size_t>(budget_.threads())) {}

  SearchResult run(const State<B>& start, const ProgressFn& progress) {
    SearchResult result;
    const Value root_value = h_.init(start);
    int bound = h_.estimate(root_value);
    for (;;) {
      const std::uint64_t expanded_before = frontier_expanded_ + tasks_expanded_.load();
      const Outcome outcome = iteration(start, root_value, bound, result);
      ++result.stats.iterations;
      result.stats.expanded = frontier_expanded_ + tasks_expanded_.load();
      previous_iteration_expanded_ = result.stats.expanded - expanded_before;
      result.stats.generated = frontier_generated_ + tasks_generated_.load();
      result.stats.seconds = clock_.elapsed();
      if (progress) {
        progress({bound, result.stats.expanded, result.stats.generated, result.stats.seconds});
      }
      if (outcome == Outcome::Found) {
        result.status = Status::Solved;
        result.optimal = H::kAdmissible;
        result.bound = static_cast<int>(result.path.size());
        break;
      }
      if (outcome == Outcome::Stopped) {
        result.status = Status::Limit;
        result.reason = stop_reason_;
        result.bound = bound;
        break;
      }
      if (next_bound_.load() == INT_MAX) {
        result.status = Status::Unsolvable;
        break;
      }
      bound = next_bound_.load();
    }
    result.stats.expanded_per_worker.clear();
    for (std::size_t w = 0; w < per_worker_.size(); ++w) {
      std::uint64_t n = per_worker_[w].load();
      if (w == 0) n += frontier_expanded_;  // the frontier is built by the calling thread
      result.stats.expanded_per_worker.push_back(n);
    }
    return result;
  }

 private:
  enum class Outcome { Found, Exhausted, Stopped };

  struct FrontierNode {
    State<B> state;
    Value value;
    int g = 0;
    int parent = -1;       // index in the previous level
    Move move = Move::Up;  // the blank move from the parent
  };
  using Level = std::vector<FrontierNode>;

  Outcome iteration(const State<B>& start, const Value& root_value, int bound,
                    SearchResult& result) {
    next_bound_.store(INT_MAX);
    cancel_.store(false);
    if (start == goal_) return Outcome::Found;
    const StopReason reason = clock_.check(frontier_expanded_ + tasks_expanded_.load());
    if (reason != StopReason::None) {
      stop_reason_ = reason;
      return Outcome::Stopped;
    }

    std::vector<Level> levels(1);
    levels[0].push_back({start, root_value, 0, -1, Move::Up});
    const std::size_t target = subtrees_per_thread() * per_worker_.size();
    while (levels.back().size() < target) {
      Level next;
      for (std::size_t i = 0; i < levels.back().size(); ++i) {
        // Copy: `levels` may grow below.
        const FrontierNode node = levels.back()[i];
        ++frontier_expanded_;
        const int blank = node.state.blank;
        const int parent_blank = node.parent < 0 ? -1 : B::neighbour(blank, inverse(node.move));
        const auto& moves = B::kMoveTable[static_cast<std::size_t>(blank)];
        for (int m = 0; m < moves.count; ++m) {
          const int to = moves.targets[static_cast<std::size_t>(m)];
          if (to == parent_blank) continue;
          ++frontier_generated_;
          const int tile = node.state.tile_at(to);
          FrontierNode child{node.state, h_.update(node.value, tile, to, blank), node.g + 1,
                             static_cast<int>(i), moves.moves[static_cast<std::size_t>(m)]};
          const int h = h_.estimate(child.value);
          if (child.g + h > bound) {
            lower_next_bound(child.g + h);
            continue;
          }
          child.state.move_blank_to(to);
          if (h == 0 && child.state == goal_) {
            levels.push_back({child});
            result.path = prefix(levels, 0);
            return Outcome::Found;
          }
          next.push_back(child);
        }
      }
      if (next.empty()) return Outcome::Exhausted;
      levels.push_back(std::move(next));
    }

    const Level& frontier = levels.back();
    int found_index = -1;
    std::vector<Move> found_suffix;
    std::mutex found_mutex;
    // One task per worker; each takes the next frontier node in order until none is left, so the
    // subtrees are searched in nearly the sequential order (little extra work in the last
    // iteration) and a worker that draws small subtrees simply takes more of them.
    std::atomic<std::size_t> next{0};
    budget_.execute([&] {
      TaskGroup group;
      for (std::size_t w = 0; w < per_worker_.size(); ++w) {
        group.run([&, w] {
          for (std::size_t i = next.fetch_add(1); i < frontier.size() && !cancel_.load();
               i = next.fetch_add(1)) {
            const FrontierNode& node = frontier[i];
            const int parent_blank = B::neighbour(node.state.blank, inverse(node.move));
            subtree(w, node, parent_blank, bound, [&](const Dfs& dfs) {
              std::lock_guard lock(found_mutex);
              if (found_index < 0) {
                found_index = static_cast<int>(i);
                found_suffix = dfs.path();
              }
            });
          }
        });
      }
      group.wait();
    });
    std::lock_guard found_lock(found_mutex);
    std::lock_guard stop_lock(stop_mutex_);
    if (found_index >= 0) {
      result.path = prefix(levels, static_cast<std::size_t>(found_index));
      result.path.insert(result.path.end(), found_suffix.begin(), found_suffix.end());
      return Outcome::Found;
    }
    if (stop_reason_ != StopReason::None) return Outcome::Stopped;
    return Outcome::Exhausted;
  }

  // The frontier's size per thread: grows with the tree (the next iteration's is a few times the
  // previous one's), between kMinSubtreesPerThread and kMaxSubtreesPerThread.
  std::size_t subtrees_per_thread() const {
    return static_cast<std::size_t>(std::clamp(previous_iteration_expanded_ / kNodesPerSubtree,
                                               kMinSubtreesPerThread, kMaxSubtreesPerThread));
  }

  // Runs one task: BoundedDfs below `node`. Calls on_found(dfs) when it reaches the goal.
  template <class OnFound>
  void subtree(std::size_t worker, const FrontierNode& node, int parent_blank, int bound,
               OnFound on_found) {
    Limits task_limits = limits_;
    task_limits.heartbeat = nullptr;  // not from the workers
    if (limits_.time_seconds > 0) {
      task_limits.time_seconds = limits_.time_seconds - clock_.elapsed();
      if (task_limits.time_seconds <= 0) return stop(StopReason::TimeLimit);
    }
    if (limits_.nodes) {
      const std::uint64_t done = frontier_expanded_ + tasks_expanded_.load();
      if (done >= limits_.nodes) return stop(StopReason::NodeLimit);
      task_limits.nodes = limits_.nodes - done;
    }
    const LimitClock task_clock(task_limits);
    Dfs dfs(h_, goal_, task_clock, &cancel_);
    const auto outcome = dfs.run(node.state, node.value, node.g, parent_blank, bound);
    tasks_expanded_.fetch_add(dfs.expanded(), std::memory_order_relaxed);
    tasks_generated_.fetch_add(dfs.generated(), std::memory_order_relaxed);
    per_worker_[worker].fetch_add(dfs.expanded(), std::memory_order_relaxed);
    switch (outcome) {
      case Dfs::Outcome::Found:
        on_found(dfs);
        cancel_.store(true);
        break;
      case Dfs::Outcome::Stopped:
        if (dfs.stop_reason() != StopReason::Cancelled) stop(dfs.stop_reason());
        break;
      case Dfs::Outcome::Exhausted:
        lower_next_bound(dfs.next_bound());
        if (limits_.nodes && frontier_expanded_ + tasks_expanded_.load() >= limits_.nodes) {
          stop(StopReason::NodeLimit);
        }
        break;
    }
  }

  void stop(StopReason reason) {
    {
      std::lock_guard lock(stop_mutex_);
      if (stop_reason_ == StopReason::None) stop_reason_ = reason;
    }
    cancel_.store(true);
  }

  void lower_next_bound(int f) { lower_to(next_bound_, f); }

  // The moves from the start to node `index` of the last level.
  static std::vector<Move> prefix(const std::vector<Level>& levels, std::size_t index) {
    std::vector<Move> path;
    int i = static_cast<int>(index);
    for (std::size_t depth = levels.size() - 1; depth > 0; --depth) {
      const FrontierNode& node = levels[depth][static_cast<std::size_t>(i)];
      path.push_back(node.move);
      i = node.parent;
    }
    std::reverse(path.begin(), path.end());
    return path;
  }

  const H& h_;
  const State<B> goal_;
  const Limits limits_;
  const LimitClock clock_;
  ThreadBudget budget_;
  std::vector<std::atomic<std::uint64_t>> per_worker_;  // expansions by worker task
  std::uint64_t frontier_expanded_ = 0, frontier_generated_ = 0;
  std::uint64_t previous_iteration_expanded_ = 0;
  std::atomic<std::uint64_t> tasks_expanded_{0}, tasks_generated_{0};
  std::atomic<int> next_bound_{INT_MAX};
  std::atomic<bool> cancel_{false};
  std::mutex stop_mutex_;
  StopReason stop_reason_ = StopReason::None;  // set once, by stop(); read after the tasks ended
};

// Parallel IDA* on `threads` threads. Optimal for admissible heuristics. The caller decides
// solvability first (an unsolvable start on a finite board ends with Status::Unsolvable only when
// the whole space is cut, which for a tree search means never: decide parity first).
template <class B, Heuristic H>
SearchResult parallel_ida_star(const H& h, const Goal<B>& goal, const State<B>& start,
                               const Limits& limits, int threads, const ProgressFn& progress = {}) {
  ParallelIda<B, H> search(h, goal, limits, threads);
  return search.run(start, progress);
}

}  // namespace npuzzle
