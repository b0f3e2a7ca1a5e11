// core/search/ida_star.hpp — iterative-deepening A* (Korf 1985), the main optimal solver: passes of
// BoundedDfs (core/search/bounded_dfs.hpp) with rising bounds until the goal is reached.
#pragma once

#include <cstdint>
#include <utility>

#include "core/goal.hpp"
#include "core/search/bounded_dfs.hpp"
#include "core/search/search_run.hpp"
#include "core/search/search_types.hpp"

namespace npuzzle {

// Sequential IDA*. Optimal for admissible heuristics. The caller decides solvability first.
// stats.stored is the nodes on the deepest path the last bound allows (bound + 1; when solved, the
// solution's path with the start).
template <class B, Heuristic H>
SearchResult ida_star(const H& heuristic, const Goal<B>& goal, const State<B>& start,
                      const Limits& limits, const ProgressFn& progress = {}) {
  // The heartbeat (called at the limit polls, never per node) also tells how far the iteration is
  // and how many nodes it is expected to take.
  std::uint64_t iteration_start = 0, estimate = 0;
  HeartbeatFn iteration_heartbeat;
  Limits with_iteration = limits;
  if (limits.heartbeat && *limits.heartbeat) {
    iteration_heartbeat = [&](const Heartbeat& h) {
      Heartbeat beat = h;
      beat.iteration_expanded = h.expanded - iteration_start;
      beat.iteration_estimate = estimate;
      (*limits.heartbeat)(beat);
    };
    with_iteration.heartbeat = &iteration_heartbeat;
  }
  SearchRun run(with_iteration);
  BoundedDfs<B, H> dfs(heuristic, goal, run.clock());
  const auto value = heuristic.init(start);
  run.bound = heuristic.estimate(value);
  int iterations = 0;
  std::uint64_t previous = 0;  // the previous iteration's expansions
  double iteration_began = 0;
  SearchResult result = run.guard([&] {
    for (;;) {
      dfs.reset_next_bound();
      const auto outcome = dfs.run(start, value, 0, BoundedDfs<B, H>::kNoCell, run.bound);
      ++iterations;
      run.expanded = dfs.expanded();
      run.generated = dfs.generated();
      const std::uint64_t this_iteration = run.expanded - iteration_start;
      const double now = run.clock().elapsed();
      if (progress) {
        const double span = now - iteration_began;
        const bool stopped = outcome == BoundedDfs<B, H>::Outcome::Stopped;
        progress({run.bound, run.expanded, run.generated, now, this_iteration, previous,
                  span > 0 ? static_cast<double>(this_iteration) / span : 0.0,
                  stopped ? dfs.stop_reason() : StopReason::None});
      }
      if (outcome == BoundedDfs<B, H>::Outcome::Found) {
        return run.solved(dfs.path(), H::kAdmissible);
      }
      if (outcome == BoundedDfs<B, H>::Outcome::Stopped) return run.stopped(dfs.stop_reason());
      if (dfs.next_bound() == INT_MAX) return run.exhausted();
      run.bound = dfs.next_bound();
      estimate = next_iteration_estimate(previous, this_iteration);
      previous = this_iteration;
      iteration_start = run.expanded;
      iteration_began = now;
    }
  });
  result.stats.iterations = iterations;
  result.stats.stored = static_cast<std::uint64_t>(run.bound) + 1;
  return result;
}

}  // namespace npuzzle
