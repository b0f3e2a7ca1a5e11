// core/search/search_types.hpp — what every search takes and returns: limits, statistics and
// results (the heuristic contract they take is core/heuristic.hpp).
//
// Limits are polled inside the search loops (every `kPollInterval` expansions), so a limit or an
// interrupt ends a run within a fraction of a millisecond with the statistics so far. Counters are
// 64-bit: IDA* generates tens of billions of nodes.
#pragma once

#include <atomic>
#include <chrono>
#include <concepts>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/board.hpp"
#include "core/heuristic.hpp"

namespace npuzzle {

// A sign of life from a running search, at most once per LimitClock::kPollInterval expansions
// (never per node): the counters so far, the current f or bound, and the memory the search holds.
struct Heartbeat {
  std::uint64_t expanded = 0;
  std::uint64_t generated = 0;
  int bound = 0;            // IDA*: the iteration's bound; A*: the least f open; BFS: the depth
  std::uint64_t bytes = 0;  // memory held by the search's nodes (as counted for memory_bytes)
  double seconds = 0;
  // IDA* only (0: unknown): the nodes expanded in the current iteration so far and the number it
  // is expected to take (the previous iteration's times the last growth factor); frontier-split
  // IDA* (parallel/ida_subtrees.hpp) also: the iteration's subtrees and how many are finished.
  std::uint64_t iteration_expanded = 0;
  std::uint64_t iteration_estimate = 0;
  std::size_t subtrees = 0;
  std::size_t subtrees_done = 0;
};
using HeartbeatFn = std::function<void(const Heartbeat&)>;

struct Limits {
  double time_seconds = 0;                       // 0: none
  std::uint64_t nodes = 0;                       // expanded nodes; 0: none
  std::uint64_t memory_bytes = 0;                // for searches that store nodes; 0: none
  const std::atomic<bool>* interrupt = nullptr;  // set asynchronously (Ctrl-C) to stop
  const std::atomic<bool>* abandon = nullptr;    // set when the search's inputs became invalid
  // Called from the limit polls of the searches (search_run.hpp, ida_star.hpp; the parallel
  // searches from their workers' polls, so from several threads at once: it must be thread-safe).
  // The function must outlive the search.
  const HeartbeatFn* heartbeat = nullptr;
};

enum class Status {
  Solved,       // a path to the goal was found
  Unsolvable,   // the goal is not reachable (parity)
  Limit,        // time or node limit, or interrupted, before a proof
  OutOfMemory,  // memory limit or allocation failure
};

const char* status_name(Status s);  // "solved", "unsolvable", "limit", "out-of-memory"

// Why a search stopped before an answer (Status::Limit or Status::OutOfMemory). Control flow tests
// these values; stop_reason_name gives the text printed in reports.
enum class StopReason : std::uint8_t {
  None,              // not stopped (solved, or the space was exhausted)
  Interrupted,       // Limits::interrupt was set (Ctrl-C)
  Abandoned,         // Limits::abandon was set (the search's inputs became invalid)
  NodeLimit,         // Limits::nodes expansions reached
  TimeLimit,         // Limits::time_seconds elapsed
  MemoryLimit,       // the nodes held would exceed Limits::memory_bytes
  AllocationFailed,  // std::bad_alloc
  Cancelled,         // another worker of the same search asked this one to stop
};

// "", "interrupted", "abandoned", "node limit", "time limit", "memory limit", "allocation failed",
// "cancelled".
const char* stop_reason_name(StopReason r);

struct SearchStats {
  std::uint64_t expanded = 0;   // nodes whose successors were generated
  std::uint64_t generated = 0;  // successors produced (the move back to the parent not counted)
  // Peak nodes held: open + closed (A*, greedy, BFS, HDA*), the deepest path (IDA*: the last
  // bound's, bound + 1 nodes; DFBnB: at least the greedy phase's nodes).
  std::uint64_t stored = 0;
  int iterations = 0;  // IDA*: depth-first iterations run
  double seconds = 0;
  // Parallel searches only.
  std::vector<std::uint64_t> expanded_per_worker;  // load balance
  std::uint64_t sent = 0;                          // nodes sent to another worker (HDA*)
  std::uint64_t reexpanded = 0;                    // nodes expanded again with a lower g
};

struct SearchResult {
  Status status = Status::Limit;
  std::vector<Move> path;  // blank moves from the start to the goal (Solved only)
  bool optimal = false;    // the algorithm proves the path is shortest
  int bound = 0;           // the best lower bound proven when a limit stopped the search
  StopReason reason = StopReason::None;  // which limit, when status is Limit or OutOfMemory
  SearchStats stats;
};

// One row of progress: an IDA* iteration finished (or an equivalent milestone elsewhere).
struct Progress {
  int bound = 0;
  std::uint64_t expanded = 0;  // over the whole search so far
  std::uint64_t generated = 0;
  double seconds = 0;
  std::uint64_t iteration_expanded = 0;           // in this iteration
  std::uint64_t previous_iteration_expanded = 0;  // in the one before (0: none)
  double rate = 0;  // expansions per second in this iteration (in this run, when resumed)
  // What stopped the iteration before it was searched to the end (a limit, a signal); None when it
  // was searched to the end (or found the goal).
  StopReason cut_short = StopReason::None;
};
using ProgressFn = std::function<void(const Progress&)>;  // called per iteration, never per node

// The nodes IDA*'s next iteration is expected to expand, from the last two iterations' counts
// (`last` times the growth factor last / before_last); 0 when there is no growth to go by yet.
inline std::uint64_t next_iteration_estimate(std::uint64_t before_last, std::uint64_t last) {
  if (before_last == 0 || last == 0) return 0;
  return static_cast<std::uint64_t>(static_cast<double>(last) * static_cast<double>(last) /
                                    static_cast<double>(before_last));
}

// Wall-clock and limit bookkeeping for one search.
class LimitClock {
 public:
  static constexpr std::uint64_t kPollInterval = 1u << 14;

  explicit LimitClock(const Limits& limits)
      : limits_(limits), start_(std::chrono::steady_clock::now()) {}
  double elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }
  // The reason to stop when a time/node limit or an interrupt says so, else StopReason::None.
  StopReason check(std::uint64_t expanded) const {
    if (limits_.interrupt && limits_.interrupt->load(std::memory_order_relaxed))
      return StopReason::Interrupted;
    if (limits_.abandon && limits_.abandon->load(std::memory_order_relaxed))
      return StopReason::Abandoned;
    if (limits_.nodes && expanded >= limits_.nodes) return StopReason::NodeLimit;
    if (limits_.time_seconds > 0 && elapsed() >= limits_.time_seconds) return StopReason::TimeLimit;
    return StopReason::None;
  }
  bool over_memory(std::uint64_t bytes) const {
    return limits_.memory_bytes && bytes > limits_.memory_bytes;
  }
  const Limits& limits() const { return limits_; }

 private:
  Limits limits_;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace npuzzle
