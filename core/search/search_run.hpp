// core/search/search_run.hpp — the bookkeeping of one sequential search: the clock and the limits,
// the counters, the out-of-memory guard and the results (solved, stopped, exhausted).
//
// A search creates one SearchRun, counts its expansions and generations in it, calls poll() once
// per expansion (the node limit and the memory limit are exact; the clock, the flags and the
// heartbeat are looked at every LimitClock::kPollInterval expansions and at the node limit) and
// ends with one of the result helpers. guard() runs the search body, turns std::bad_alloc into
// Status::OutOfMemory and fills the statistics, so every search reports them the same way.
#pragma once

#include <cstdint>
#include <new>
#include <utility>
#include <vector>

#include "core/search/search_types.hpp"

namespace npuzzle {

class SearchRun {
 public:
  explicit SearchRun(const Limits& limits) : clock_(limits) {}

  std::uint64_t expanded = 0;   // nodes whose successors were generated
  std::uint64_t generated = 0;  // successors produced
  int bound = 0;                // the best lower bound proven so far (reported when stopped)

  const LimitClock& clock() const { return clock_; }

  // The reason to stop now, or StopReason::None. `bytes`: the memory the search holds, as counted
  // against Limits::memory_bytes (a callable, evaluated only when the limits are looked at).
  template <class Bytes>
  StopReason poll(Bytes&& bytes) {
    const std::uint64_t node_limit = clock_.limits().nodes;
    const bool look =
        (expanded & (LimitClock::kPollInterval - 1)) == 0 || (node_limit && expanded >= node_limit);
    if (look) {
      if (const StopReason reason = clock_.check(expanded); reason != StopReason::None)
        return reason;
    }
    if (clock_.limits().memory_bytes && clock_.over_memory(bytes())) return StopReason::MemoryLimit;
    if (look) beat(bytes());
    return StopReason::None;
  }

  // Calls the heartbeat (if any) with the figures so far.
  void beat(std::uint64_t bytes) const {
    if (const HeartbeatFn* heartbeat = clock_.limits().heartbeat; heartbeat && *heartbeat) {
      (*heartbeat)({expanded, generated, bound, bytes, clock_.elapsed()});
    }
  }

  SearchResult solved(std::vector<Move> path, bool optimal) const {
    SearchResult r;
    r.status = Status::Solved;
    r.optimal = optimal || path.empty();
    r.bound = static_cast<int>(path.size());
    r.path = std::move(path);
    return r;
  }
  // A limit stopped the search: Status::OutOfMemory for the memory reasons, else Status::Limit.
  SearchResult stopped(StopReason reason) const {
    SearchResult r;
    r.status = reason == StopReason::MemoryLimit || reason == StopReason::AllocationFailed
                   ? Status::OutOfMemory
                   : Status::Limit;
    r.reason = reason;
    r.bound = bound;
    return r;
  }
  // The reachable space was searched without reaching the goal.
  SearchResult exhausted() const {
    SearchResult r;
    r.status = Status::Unsolvable;
    r.bound = bound;
    return r;
  }

  // Runs `search` (returning a SearchResult), catching std::bad_alloc, and fills the statistics
  // (but `stored`, which the search knows).
  template <class Search>
  SearchResult guard(Search&& search) {
    SearchResult result;
    try {
      result = search();
    } catch (const std::bad_alloc&) {
      result = stopped(StopReason::AllocationFailed);
    }
    result.stats.expanded = expanded;
    result.stats.generated = generated;
    result.stats.seconds = clock_.elapsed();
    return result;
  }

 private:
  LimitClock clock_;
};

}  // namespace npuzzle
