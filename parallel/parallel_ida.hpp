// parallel/parallel_ida.hpp — parallel IDA* on the threads of one process: every iteration's
// frontier (parallel/ida_frontier.hpp) shared out as TBB tasks (parallel/ida_subtrees.hpp).
//
// Each iteration with cost bound b builds the frontier (subtrees_per_thread() x threads nodes),
// then `threads` worker tasks (in a TaskGroup on the search's arena) take frontier nodes in order
// from a shared counter and run BoundedDfs below each: the subtrees are searched in nearly the
// sequential order (little extra work in the last iteration), and a worker that draws small
// subtrees simply takes more of them (dynamic balancing). The first solution found is optimal and
// cancels the iteration. The MPI driver (parallel/mpi_pida.hpp) shares the same pieces.
//
// The node counts equal sequential IDA*'s for every iteration but the last: the frontier levels are
// expanded once by the breadth-first pass and the frontier nodes by the tasks. In the last
// iteration the tasks reach the solution in another order than the sequential search, so that
// iteration's count differs (in either direction).
#pragma once

#include <algorithm>
#include <atomic>
#include <climits>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/goal.hpp"
#include "core/search_types.hpp"
#include "parallel/concurrency.hpp"
#include "parallel/ida_frontier.hpp"
#include "parallel/ida_subtrees.hpp"

namespace npuzzle {

template <class B, Heuristic H>
class ParallelIda {
 public:
  using Frontier = IdaFrontier<B, H>;

  ParallelIda(const H& heuristic, const Goal<B>& goal, const Limits& limits, int threads)
      : h_(heuristic),
        goal_(goal.state),
        clock_(limits),
        budget_(threads),
        frontier_(heuristic, goal.state),
        subtrees_(heuristic, goal.state, limits, clock_, budget_.threads()) {}

  SearchResult run(const State<B>& start, const ProgressFn& progress) {
    SearchResult result;
    const auto root_value = h_.init(start);
    int bound = h_.estimate(root_value);
    std::uint64_t previous_iteration = 0;
    for (;;) {
      const std::uint64_t before = expanded();
      int next_bound = INT_MAX;
      const bool done = iteration(start, root_value, bound, previous_iteration, result, next_bound);
      ++result.stats.iterations;
      result.stats.expanded = expanded();
      previous_iteration = result.stats.expanded - before;
      result.stats.generated = frontier_.generated() + subtrees_.generated();
      result.stats.seconds = clock_.elapsed();
      // The most nodes held at once: the largest frontier, and a path of at most bound + 1 nodes
      // below it per thread.
      result.stats.stored = std::max<std::uint64_t>(
          result.stats.stored,
          peak_frontier_ + subtrees_.workers() * (static_cast<std::uint64_t>(bound) + 1));
      if (progress) {
        progress({bound, result.stats.expanded, result.stats.generated, result.stats.seconds});
      }
      if (done) break;
      if (next_bound == INT_MAX) {
        result.status = Status::Unsolvable;
        break;
      }
      bound = next_bound;
    }
    for (std::size_t w = 0; w < subtrees_.workers(); ++w) {
      // The frontier is built by the calling thread, counted with worker 0.
      result.stats.expanded_per_worker.push_back(subtrees_.expanded_by(w) +
                                                 (w == 0 ? frontier_.expanded() : 0));
    }
    return result;
  }

 private:
  std::uint64_t expanded() const { return frontier_.expanded() + subtrees_.expanded(); }

  // One iteration: true when it ends the search (result is Solved with its path, or Limit);
  // otherwise sets next_bound (INT_MAX: nothing is left within any bound).
  bool iteration(const State<B>& start, const typename H::Value& root_value, int bound,
                 std::uint64_t previous_iteration, SearchResult& result, int& next_bound) {
    const auto solved = [&](std::vector<Move> path) {
      result.status = Status::Solved;
      result.optimal = H::kAdmissible;
      result.bound = static_cast<int>(path.size());
      result.path = std::move(path);
    };
    const auto limited = [&](StopReason reason) {
      result.status = Status::Limit;
      result.reason = reason;
      result.bound = bound;
    };
    if (start == goal_) {
      solved({});
      return true;
    }
    if (const StopReason reason = clock_.check(expanded()); reason != StopReason::None) {
      limited(reason);
      return true;
    }
    const std::size_t target = subtrees_per_thread(previous_iteration) * subtrees_.workers();
    switch (frontier_.build(start, root_value, bound, target)) {
      case Frontier::Outcome::Found:
        solved(frontier_.path());
        return true;
      case Frontier::Outcome::Exhausted:
        next_bound = frontier_.next_bound();
        return false;
      case Frontier::Outcome::Ready:
        break;
    }
    peak_frontier_ = std::max<std::uint64_t>(peak_frontier_, frontier_.stored());
    subtrees_.begin(frontier_, bound, expanded());
    subtrees_.lower_next_bound(frontier_.next_bound());
    const std::size_t count = frontier_.nodes().size();
    std::atomic<std::size_t> next{0};
    const auto draw = [&]() -> std::optional<std::size_t> {
      const std::size_t i = next.fetch_add(1);
      return i < count ? std::optional<std::size_t>(i) : std::nullopt;
    };
    budget_.execute([&] {
      TaskGroup group;
      for (std::size_t w = 0; w < subtrees_.workers(); ++w) {
        group.run([&, w] { subtrees_.work(w, draw); });
      }
      group.wait();
    });
    if (subtrees_.found_index() >= 0) {
      std::vector<Move> path = frontier_.prefix(static_cast<std::size_t>(subtrees_.found_index()));
      path.insert(path.end(), subtrees_.found_suffix().begin(), subtrees_.found_suffix().end());
      solved(std::move(path));
      return true;
    }
    if (subtrees_.stop_reason() != StopReason::None) {
      limited(subtrees_.stop_reason());
      return true;
    }
    next_bound = subtrees_.next_bound();
    return false;
  }

  const H& h_;
  const State<B> goal_;
  const LimitClock clock_;
  std::uint64_t peak_frontier_ = 0;  // the most frontier nodes held in one iteration
  ThreadBudget budget_;
  Frontier frontier_;
  IdaSubtrees<B, H> subtrees_;
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
