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
// T every frontier node with f <= T is searched by core/search/ida_star.hpp's BoundedDfs (the node
// loop of `ida`: board geometry fixed at compile time, incremental heuristic, moves in place, the
// move-pruning automaton), and the least f above T seen anywhere (in a subtree, or a frontier node
// with f > T) is the next T. A frontier node's own level is expanded here (cold code, once per
// node and threshold), the automaton going on from the state the node's path left it in (phase 1
// carries it), so a duplicate string that crosses the frontier is refused as IDA* refuses it.
// Restarting the automaton at each frontier node instead (a first version) took 16-28 % more nodes
// per threshold than IDA* on Korf and Felner's #25 with 6-6-6-6: what phase 1's duplicate detection
// saves above the frontier is less than what the automaton saves across it. Now each frontier node
// is a node of IDA*'s tree with the same subtree, one per state and automaton state, so no
// threshold takes more nodes than IDA*'s iteration (tested). Duplicates between the subtrees of
// different frontier nodes that the automaton does not see are searched again, as in the paper.
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
// Order within a threshold: the frontier is sorted once, least h first (then least f, then the
// newest A* node), and a node with f > T is skipped. In the last threshold the nodes nearest the
// goal by h are searched first, and one of them is most often on an optimal path: on Korf's 100
// with the 6-6-3 databases (reflected) and a 100M limit, the last thresholds took 0.78 M nodes in
// all against 7.36 M in A*'s own order (least f, then least h) and 25.0 M least f then least g;
// the earlier thresholds took the same 15.4 M in every order (kDefaultAidaOrder). Threads take
// runs of frontier nodes in that order from a shared counter (each run about 1/64 of a thread's
// share of the threshold's work, judged by the nodes each frontier node's subtree took the last
// time it was searched), so the solution's neighbourhood is reached early and a thread that draws
// small subtrees takes more.
//
// Counts: the A* phase's expansions and generations, then the frontier nodes' own levels and their
// subtrees. With one thread the counts are deterministic; with more, the last threshold's count
// depends on which thread reaches what first (the others are the same: every node of a finished
// threshold is searched once).
//
// The default budget (AidaOptions::grow, the command line's): phase 1 pays only when the IDA* work
// it saves is larger than its own cost, and an A* node costs several IDA* nodes (a hash look-up,
// an open-list entry, the node's value rebuilt or cached: about 1,600 instructions an expansion
// on 4x4 with the 6-6-3 tables against about 420 for IDA*, and more cache misses), while what it
// saves grows with the IDA* work left: the duplicates above the frontier in every threshold, and
// the last threshold taken least h first. Phase 1 runs on one thread while IDA* runs on all of
// them, so its share is divided by the threads too. So the budget follows the work instead of the
// memory: phase 1 first holds at most kFirstNodes (4096) nodes; after each threshold, when the
// IDA* nodes that threshold took divided by growth_divisor (64) x threads are at least 4x the A*
// nodes held, phase 1 is run again from the start for that share (the frontier replaced; the next
// threshold is the larger of the next IDA* bound and the new frontier's least f, both at most C*),
// within memory_bytes; once the bytes fill first it grows no more. The runs together cost under
// 1.4x the last, which costs a fraction of the threshold before it, while the next threshold
// takes 6-10x that one. The divisor was 8 first: on the 24-puzzle (6-6-6-6, two threads) a
// re-run then held up to 34 M nodes, a 5x5 A* expansion took about 8 IDA* expansions of wall time
// (one thread against two), and on Korf and Felner's #37, #30, #22, #38 and #32 the search took
// 1.99, 0.99, 0.47, 0.98 and 0.64x parallel IDA*'s time; with 16 x threads (32 on two) 1.23,
// 0.77, 0.48, 0.72, 0.63x; with 64 x threads 1.06, 0.67, 0.23, 0.87, 0.45x (bench/RESULTS.md,
// "A*+IDA*: the automaton across the frontier, and the budget's share"). Measured
// (bench/RESULTS.md, "A*+IDA* (issue 44)"): on Korf's 100 (6-6-3, one thread) a fixed phase 1 of
// 300,000 nodes saved 2.2 IDA* nodes per A* node and lost to `ida`, the growing budget took 0.85x
// ida's nodes (0.22x in the last thresholds) but still 1.2-1.5x its instructions (divisors 8, 32,
// 128): 4x4 searches are too small for it, `ida` stays their default. On the 24-puzzle (6-6-6-6,
// two threads) it took 0.64-0.81x parallel IDA*'s nodes and about its time; phase 1 over the whole
// memory budget took 0.34-0.45x the nodes and 3-5x the time.
//
// Memory: the budget is AidaOptions::memory_bytes (the engine's --mem-limit share: engine/
// search_dispatch.hpp; by default a sixth of the memory available once the tables are loaded). The
// A* phase never holds more (aida_frontier.hpp counts capacities and the moments a table holds
// two); phase 2 holds the A* nodes, the frontier and a path per thread. A budget that cannot hold
// `min_frontier` nodes skips phase 1: plain IDA* through phase 2 from a frontier of the start alone
// (with a note). An allocation that fails ends the search with Status::OutOfMemory and its counts.
//
// Checkpoints (parallel/ida_position.hpp, with an IdaCheckpointing): the position is the threshold,
// phase 1's node cap of the frontier in use (`target`), the frontier's size and a checksum of it
// (each node's board, g, h and automaton state, in the sorted order), which frontier nodes are done
// in this threshold (one byte a node while checkpoints are kept or resumed), and the counts of
// what is finished: the runs of phase 1 whose frontier was used, and the frontier nodes searched to
// the end. A frontier node cut short by a stop is not done and its nodes are not counted (the
// resume searches it again), so there are no partial subtrees, and a run gets further only when
// its node limit leaves room for phase 1 built again and at least one frontier node's subtree.
// Workers save between frontier nodes at most every `every_seconds` (one at a time), and the
// search saves once more when a limit or an interrupt stops it (never when solved); a stop while
// phase 1 is built again leaves the position it went on from; a stop in a grown run of phase 1
// leaves the next threshold with its cap and no frontier yet (`subtrees` 0). Resuming runs phase 1
// from the start with the saved cap (deterministic when the bytes do not fill first) and sorts it:
// when the checksum matches, the done nodes are skipped and the rebuilt phase 1 is not counted
// twice, so on one thread a chain of resumed runs ends with the counts of one uninterrupted run;
// when it does not (another memory budget, another build), the saved threshold is searched from
// its start on the new frontier, with a note: every threshold below it was exhausted, so only time
// is lost (the threshold's done nodes are then counted twice). The threshold of a position must be
// at least the start's estimate, and a solution found from a position nothing vouches for
// (resume_trusted false) is not claimed optimal; one shorter than the saved threshold, or a
// position that leaves nothing to search, is refused (InputError).
#pragma once

#include <algorithm>
#include <atomic>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <mutex>
#include <new>
#include <optional>
#include <string>
#include <vector>

#include <sys/resource.h>

#include "core/goal.hpp"
#include "core/input_error.hpp"
#include "core/move_pruning.hpp"
#include "core/search/ida_star.hpp"
#include "core/search/search_types.hpp"
#include "parallel/aida_frontier.hpp"
#include "parallel/concurrency.hpp"
#include "parallel/ida_position.hpp"

namespace npuzzle {

// How the frontier nodes are taken within a threshold.
enum class AidaOrder : std::uint8_t {
  FThenH,  // least f first, then least h (A*'s open-list order with the larger-g tie-break)
  LeastH,  // least h first whatever the f, then least f
  FThenG,  // least f first, then least g (the shallow nodes of each f first)
};
// Measured on Korf's 100 (6-6-3 with reflection, --mem-limit 100M, one thread): nodes of the last
// thresholds in all, LeastH 0.78 M, FThenH 7.36 M, FThenG 24.99 M (IDA*'s last iterations: 14.74
// M).
inline constexpr AidaOrder kDefaultAidaOrder = AidaOrder::LeastH;

struct AidaOptions {
  int threads = 1;
  std::uint64_t memory_bytes = 0;  // the budget of phase 1, in bytes (0: no phase 1)
  std::uint64_t max_stored = 0;    // at most this many A* nodes (0: no such cap; tests, tuning)
  std::size_t min_frontier = 256;  // a budget for fewer nodes skips phase 1 (plain IDA*)
  // The budget grows with the search (the default of the command line; see "The default budget"
  // above): phase 1 starts with at most kFirstNodes nodes, and after each threshold whose IDA*
  // work exceeds growth_divisor x threads x kGrowthStep times the A* nodes held, phase 1 is run
  // again from the start for (that work) / (growth_divisor x threads) nodes, memory_bytes and
  // max_stored still the caps.
  bool grow = false;
  std::uint64_t growth_divisor = 64;
  AidaOrder order = kDefaultAidaOrder;
  std::function<void(const std::string&)>
      note;  // a line for the user (the fall back); may be empty
};

// Where the answer was found.
enum class AidaFound : std::uint8_t {
  None,           // not solved
  InAStar,        // the goal was expanded by phase 1
  AtFrontier,     // the goal is a frontier node
  BelowFrontier,  // in a frontier node's subtree
};

struct AidaReport {
  SearchResult result;
  AidaFound found = AidaFound::None;
  bool fell_back = false;              // phase 1 skipped: the budget is too small
  std::size_t frontier = 0;            // frontier nodes
  std::uint64_t astar_expanded = 0;    // phase 1's expansions (all its runs)
  int astar_runs = 0;                  // phase 1's runs (more than one when the budget grew)
  std::uint64_t astar_stored = 0;      // phase 1's nodes
  std::uint64_t astar_bytes = 0;       // phase 1's bytes at its end
  std::uint64_t astar_cache_hits = 0;  // phase 1's expansions whose value was cached
  int first_threshold = 0;             // the least f on the frontier
  std::uint64_t last_iteration = 0;    // expansions of the last threshold
};

// The bytes of memory available now (MemAvailable, or the address-space limit when lower; 0 when
// neither is known).
inline std::uint64_t aida_available_memory() {
  std::uint64_t available = 0;
  if (std::FILE* meminfo = std::fopen("/proc/meminfo", "r")) {
    char key[64];
    unsigned long long kib = 0;
    while (std::fscanf(meminfo, "%63s %llu kB", key, &kib) == 2) {
      if (std::string(key) == "MemAvailable:") {
        available = static_cast<std::uint64_t>(kib) * 1024;
        break;
      }
    }
    std::fclose(meminfo);
  }
  rlimit address_space{};
  if (::getrlimit(RLIMIT_AS, &address_space) == 0 && address_space.rlim_cur != RLIM_INFINITY) {
    const auto limit = static_cast<std::uint64_t>(address_space.rlim_cur);
    available = available == 0 ? limit : std::min(available, limit);
  }
  return available;
}
// The budget when none is given: a sixth of what is available (the command line's default limit is
// half of it, of which the storing searches get a third, engine/request.hpp's kMemoryGrowthFactor).
inline std::uint64_t aida_default_budget() { return aida_available_memory() / 6; }

template <class B, Heuristic H>
class Aida {
 public:
  using Dfs = BoundedDfs<B, H>;
  using AStar = AidaAStar<B, H>;

  Aida(const H& heuristic, const Goal<B>& goal, const Limits& limits, const AidaOptions& options,
       const IdaCheckpointing* checkpointing = nullptr)
      : h_(heuristic),
        goal_(goal.state),
        limits_(limits),
        clock_(limits),
        options_(options),
        budget_(std::max(1, options.threads)),
        saves_(checkpointing),
        resume_(checkpointing ? checkpointing->resume : nullptr),
        resumed_trusted_(!resume_ || checkpointing->resume_trusted) {}

  AidaReport run(const State<B>& start, const ProgressFn& progress) {
    AidaReport report;
    try {
      search(start, progress, report);
    } catch (const std::bad_alloc&) {
      report.result = SearchResult{};
      report.result.status = Status::OutOfMemory;
      report.result.reason = StopReason::AllocationFailed;
      report.result.bound = bound_;
    }
    SearchStats& stats = report.result.stats;
    stats.expanded = offset_expanded_ + expanded();
    stats.generated = offset_generated_ + generated();
    stats.seconds = seconds();
    stats.iterations = iterations_;
    stats.stored = astar_ ? astar_->stored() : 0;
    stats.reexpanded = astar_ ? astar_->reopened() : 0;
    stats.expanded_per_worker.clear();
    for (std::size_t w = 0; w < workers_.size(); ++w) {
      stats.expanded_per_worker.push_back(workers_[w]->expanded() +
                                          (w == 0 ? astar_expanded() : 0));
    }
    report.last_iteration = last_iteration_;
    // A stopped search leaves its position (unless the stop was a failed write of it).
    if (report.result.status == Status::Limit && report.result.reason != StopReason::Abandoned) {
      saves_.at_stop([this] { return position(); });
    }
    return report;
  }

 private:
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
  std::uint64_t held_bytes() const {
    return (astar_ ? astar_->pool_bytes() : 0) +
           static_cast<std::uint64_t>(frontier_.capacity()) *
               (sizeof(AidaFrontierNode) + (tracking_ ? 1 : 0)) +
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

  void search(const State<B>& start, const ProgressFn& progress, AidaReport& report) {
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
    const bool too_small =
        options_.memory_bytes < useful ||
        (options_.max_stored != 0 && options_.max_stored < options_.min_frontier);
    if (too_small) {
      report.fell_back = true;
      if (options_.note) {
        options_.note("aida: a memory budget of " + std::to_string(options_.memory_bytes) +
                      " bytes holds fewer than " + std::to_string(options_.min_frontier) +
                      " frontier nodes; searching with plain IDA* from the start (--mem-limit)");
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
      if (worker_limits.time_seconds <= 0) return limited(StopReason::TimeLimit);
    }
    for (int w = 0; w < budget_.threads(); ++w) {
      workers_.push_back(std::make_unique<Worker>(*this, worker_limits));
    }
    std::uint64_t previous = history_.empty() ? 0 : history_.back();
    for (;;) {
      bound_ = threshold;
      const std::uint64_t before = expanded();
      const double began = clock_.elapsed();
      const bool ended = run_threshold(threshold);
      ++iterations_;
      // The threshold's nodes over every run of the search (a resumed one began in an earlier run).
      last_iteration_ = ida_expanded() - history_total_;
      if (progress) {
        // The rate of this run's part of the threshold.
        const double span = clock_.elapsed() - began;
        progress({threshold, offset_expanded_ + expanded(), offset_generated_ + generated(),
                  seconds(), last_iteration_, previous,
                  span > 0 ? static_cast<double>(expanded() - before) / span : 0.0,
                  found_index_ < 0 && stop_reason_ != StopReason::None ? stop_reason_
                                                                       : StopReason::None});
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
      int next = carried_next_;
      for (const auto& w : workers_) next = std::min({next, w->next_bound, w->dfs.next_bound()});
      for (const AidaFrontierNode& n : frontier_) {
        if (n.f() > threshold) next = std::min(next, n.f());
      }
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
                                    static_cast<std::uint64_t>(workers_.size());
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

  // Checkpoints: a resumed search's counts, history and threshold from the saved position (its
  // frontier is built again by phase 1). A position whose threshold is below the start's estimate,
  // or with more thresholds than it rose by, was not written by this search on this board.
  void take_resumed_counts(int estimate) {
    const IdaPosition& p = *resume_;
    if (p.bound < estimate || p.iterations > p.bound - estimate) {
      throw InputError("the checkpoint's bound " + std::to_string(p.bound) + " after " +
                       std::to_string(p.iterations) +
                       " iterations does not fit this board, whose estimate is " +
                       std::to_string(estimate));
    }
    resumed_bound_ = p.bound;
    threshold_ = p.bound;
    offset_expanded_ = p.expanded;
    offset_generated_ = p.generated;
    offset_astar_ = std::min(p.astar_expanded, p.expanded);
    offset_ida_ = p.expanded - offset_astar_;
    offset_seconds_ = p.seconds;
    iterations_ = p.iterations;
    history_ = p.iteration_expanded;
    history_total_ = 0;
    for (const std::uint64_t e : history_) history_total_ += e;
  }

  // Checkpoints: after phase 1 built the resumed search's frontier again, the threshold to go on
  // with. When it is the saved frontier (the same nodes in the same order, by its checksum), the
  // saved threshold's done nodes are skipped and the rebuilt phase 1 is not counted twice; when
  // it is not (another memory budget or build), the saved threshold is searched from its start on
  // the new frontier: every threshold below it was exhausted, so only time is lost.
  int go_on_from(const IdaPosition& p, int least) {
    const int threshold = std::max(least, p.bound);
    if (p.subtrees == 0) return threshold;  // phase 1 had not built the frontier: built now
    const bool same = threshold == p.bound && frontier_.size() == p.subtrees &&
                      frontier_checksum_ == p.frontier_checksum && p.done.size() == p.subtrees;
    if (!same) {
      if (options_.note) {
        options_.note("aida: the checkpoint's frontier (" + std::to_string(p.subtrees) +
                      " nodes) is not the one phase 1 built now (" +
                      std::to_string(frontier_.size()) +
                      " nodes: another memory budget or build?); threshold " +
                      std::to_string(threshold) + " is searched again from its start");
      }
      return threshold;
    }
    const auto less_by = [](std::uint64_t& count, std::uint64_t rebuilt) {
      count -= std::min(count, rebuilt);
    };
    less_by(offset_expanded_, astar_->expanded());
    less_by(offset_generated_, astar_->generated());
    less_by(offset_astar_, astar_->expanded());
    for (std::size_t i = 0; i < p.subtrees; ++i) {
      if (p.done[i]) done_flags_[i].store(1, std::memory_order_relaxed);
    }
    carried_next_ = p.next_bound;
    committed_next_ = p.next_bound;
    return threshold;
  }

  // After a threshold was exhausted: no frontier node is done in the next one.
  void begin_next_threshold(int threshold) {
    threshold_ = threshold;
    carried_next_ = INT_MAX;
    if (!tracking_) return;
    std::lock_guard lock(position_mutex_);
    for (auto& flag : done_flags_) flag.store(0, std::memory_order_relaxed);
    committed_next_ = INT_MAX;
  }

  // The A* nodes a grown budget may hold: `nodes`, within max_stored (0: none).
  std::uint64_t capped(std::uint64_t nodes) const {
    return options_.max_stored ? std::min(nodes, options_.max_stored) : nodes;
  }

  int least_frontier_f() const {
    int least = INT_MAX;
    for (const AidaFrontierNode& n : frontier_) least = std::min(least, n.f());
    return least;
  }

  // Runs phase 1 from the start (again, when the budget grew: the nodes of the previous run are
  // freed first, their counts kept) with `bytes` and at most `cap` nodes (0: none). True when that
  // ends the search (solved, no path, stopped); false when the budget is full: frontier_ holds the
  // frontier, sorted, and memory_full_ says whether the bytes (not `cap`) filled it.
  template <class Solved, class Limited>
  bool phase1(const State<B>& start, std::uint64_t bytes, std::uint64_t cap, AidaReport& report,
              const Solved& solved, const Limited& limited) {
    if (astar_) {
      astar_done_expanded_ += astar_->expanded();
      astar_done_generated_ += astar_->generated();
      astar_.reset();
    }
    {
      std::lock_guard lock(position_mutex_);
      frontier_ready_ = false;
      frontier_cap_ = cap;
      std::vector<std::atomic<std::uint8_t>>().swap(done_flags_);
    }
    std::vector<AidaFrontierNode>().swap(frontier_);
    astar_complete_ = false;
    astar_ = std::make_unique<AStar>(h_, goal_, clock_, bytes, cap);
    const auto outcome = astar_->run(start);
    astar_complete_ = outcome != AStar::Outcome::Stopped;
    ++report.astar_runs;
    report.astar_expanded = astar_expanded();
    report.astar_stored = astar_->stored();
    report.astar_bytes = astar_->bytes();
    report.astar_cache_hits += astar_->cache_hits();
    bound_ = std::max(bound_, astar_->least_f());
    switch (outcome) {
      case AStar::Outcome::Solved:
        solved(astar_->path(), AidaFound::InAStar);
        return true;
      case AStar::Outcome::Exhausted:
        report.result.status = Status::Unsolvable;
        report.result.bound = bound_;
        return true;
      case AStar::Outcome::Stopped:
        limited(astar_->stop_reason());
        return true;
      case AStar::Outcome::Full:
        break;
    }
    // Full below its node cap (a child or four of room short of it): the bytes were the limit.
    memory_full_ = cap == 0 || astar_->stored() + 4 < cap;
    frontier_ = astar_->take_frontier();
    report.frontier = frontier_.size();
    sort_frontier();
    if (tracking_) {
      std::lock_guard lock(position_mutex_);
      frontier_checksum_ = frontier_checksum();
      std::vector<std::atomic<std::uint8_t>>(frontier_.size()).swap(done_flags_);
      frontier_ready_ = true;
    }
    return false;
  }

  // Names the sorted frontier for a checkpoint: every node's board (packed word and blank cell),
  // g, h and automaton state, in order. Another memory budget or build gives another checksum.
  std::uint64_t frontier_checksum() const {
    std::uint64_t sum = frontier_.size();
    const auto mix = [&sum](std::uint64_t value) {
      std::uint64_t z = (sum ^ value) + 0x9e3779b97f4a7c15ULL;  // splitmix64's finaliser
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
      sum = z ^ (z >> 31);
    };
    for (const AidaFrontierNode& n : frontier_) {
      const typename AStar::Node& node = astar_->node(n.node);
      for (const std::uint32_t word : node.word) mix(word);
      mix(static_cast<std::uint64_t>(node.blank) | static_cast<std::uint64_t>(n.g) << 8 |
          static_cast<std::uint64_t>(n.h) << 16 | static_cast<std::uint64_t>(n.pruning) << 24);
    }
    return sum;
  }

  void sort_frontier() {
    const auto key = [order = options_.order](const AidaFrontierNode& n) {
      // The newest A* node first among equals, as A*'s stacks would pop them.
      const std::uint64_t newest = ~static_cast<std::uint64_t>(n.node) & 0xFFFFFFFFu;
      switch (order) {
        case AidaOrder::LeastH:
          return (static_cast<std::uint64_t>(n.h) << 48) |
                 (static_cast<std::uint64_t>(n.f()) << 32) | newest;
        case AidaOrder::FThenG:
          return (static_cast<std::uint64_t>(n.f()) << 48) |
                 (static_cast<std::uint64_t>(n.g) << 32) | newest;
        case AidaOrder::FThenH:
          break;
      }
      return (static_cast<std::uint64_t>(n.f()) << 48) | (static_cast<std::uint64_t>(n.h) << 32) |
             newest;
    };
    std::sort(
        frontier_.begin(), frontier_.end(),
        [&](const AidaFrontierNode& a, const AidaFrontierNode& b) { return key(a) < key(b); });
  }

  // Cuts the frontier nodes with f <= threshold into runs of about equal work (by the nodes each
  // took last time, 1 for one never searched), kChunksPerThread per thread. Returns the nodes in.
  static constexpr std::uint64_t kChunksPerThread = 64;
  // The least budget phase 1 runs with: room for the start and its first children (the set's and
  // the open list's first allocations).
  static constexpr std::uint64_t kLeastBudget = 64 * 1024;
  // The growing budget (AidaOptions::grow): the first run's nodes and the least growth worth a new
  // run (parallel/aida.hpp's header).
  static constexpr std::uint64_t kFirstNodes = 4096;
  static constexpr std::uint64_t kGrowthStep = 4;
  std::size_t cut_chunks(int threshold) {
    std::uint64_t total = 0;
    std::size_t active = 0, finished = 0;
    for (std::size_t i = 0; i < frontier_.size(); ++i) {
      if (frontier_[i].f() > threshold) continue;
      ++active;
      if (is_done(i)) {
        ++finished;
        continue;
      }
      total += std::max<std::uint32_t>(frontier_[i].searched, 1);
    }
    done_.store(finished);
    const std::uint64_t share =
        std::max<std::uint64_t>(1, total / (kChunksPerThread * workers_.size()));
    chunks_.clear();
    chunks_.push_back(0);
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < frontier_.size(); ++i) {
      if (frontier_[i].f() > threshold || is_done(i)) continue;
      sum += std::max<std::uint32_t>(frontier_[i].searched, 1);
      if (sum >= share) {
        chunks_.push_back(i + 1);
        sum = 0;
      }
    }
    if (chunks_.back() != frontier_.size()) chunks_.push_back(frontier_.size());
    return active;
  }

  // One threshold on every thread. True when it ends the search (a solution, or a stop).
  bool run_threshold(int threshold) {
    threshold_ = threshold;
    active_ = cut_chunks(threshold);
    next_chunk_.store(0);
    cancel_.store(false);
    for (auto& w : workers_) {
      w->next_bound = INT_MAX;
      w->dfs.reset_next_bound();
    }
    iteration_estimate_ = history_.size() < 2 ? 0
                                              : next_iteration_estimate(
                                                    history_[history_.size() - 2], history_.back());
    budget_.execute([&] {
      TaskGroup group;
      for (std::size_t w = 0; w < workers_.size(); ++w) {
        group.run([this, w] { work(*workers_[w]); });
      }
      group.wait();
    });
    for (auto& w : workers_) w->publish();
    return found_index_ >= 0 || stop_reason_ != StopReason::None;
  }

  void work(Worker& w) {
    std::vector<Move> suffix;
    while (!cancel_.load(std::memory_order_relaxed)) {
      const std::size_t c = next_chunk_.fetch_add(1);
      if (c + 1 >= chunks_.size()) return;
      for (std::size_t i = chunks_[c]; i < chunks_[c + 1]; ++i) {
        AidaFrontierNode& node = frontier_[i];
        if (node.f() > threshold_ || is_done(i)) continue;
        if (cancel_.load(std::memory_order_relaxed)) return;
        save_when_due();
        if (limits_.nodes && seen_expanded() >= limits_.nodes) return stop(StopReason::NodeLimit);
        const std::uint64_t before = w.expanded(), generated_before = w.generated();
        const Below outcome = below(w, node, suffix);
        const std::uint64_t took = w.expanded() - before;
        w.publish();
        switch (outcome) {
          case Below::Found: {
            std::lock_guard lock(mutex_);
            if (found_index_ < 0) {
              found_index_ = static_cast<int>(i);
              found_suffix_ = suffix;
            }
            cancel_.store(true);
            return;
          }
          case Below::Stopped:
            if (w.dfs.stop_reason() != StopReason::Cancelled) stop(w.dfs.stop_reason());
            return;
          case Below::Exhausted:
            node.searched = static_cast<std::uint32_t>(std::min<std::uint64_t>(took, UINT32_MAX));
            if (tracking_) mark_done(w, i, took, w.generated() - generated_before);
            done_.fetch_add(1, std::memory_order_relaxed);
            break;
        }
      }
    }
  }

  bool is_done(std::size_t i) const {
    return tracking_ && done_flags_[i].load(std::memory_order_relaxed) != 0;
  }

  // Checkpoints: frontier node i was searched to the end in this threshold by `w`, taking
  // `expanded` and `generated` nodes; with them the least f above the threshold `w` has seen.
  void mark_done(const Worker& w, std::size_t i, std::uint64_t expanded, std::uint64_t generated) {
    std::lock_guard lock(position_mutex_);
    done_flags_[i].store(1, std::memory_order_relaxed);
    committed_expanded_ += expanded;
    committed_generated_ += generated;
    committed_next_ = std::min({committed_next_, w.next_bound, w.dfs.next_bound()});
  }

  // The position of the search (parallel/ida_position.hpp): the threshold, the frontier and its
  // nodes done in it, and the counts of what is finished: the phase 1 runs that completed and the
  // frontier nodes searched to the end (not those cut short). Any thread.
  IdaPosition position() {
    if (stopped_before_resuming_) {  // stopped while phase 1 was built again: the saved position
      IdaPosition p = *stopped_before_resuming_;
      p.seconds = seconds();
      return p;
    }
    const std::uint64_t astar_done_expanded =
        astar_done_expanded_ + (astar_ && astar_complete_ ? astar_->expanded() : 0);
    const std::uint64_t astar_done_generated =
        astar_done_generated_ + (astar_ && astar_complete_ ? astar_->generated() : 0);
    IdaPosition p;
    p.bound = threshold_;
    p.target = frontier_cap_;
    std::lock_guard lock(position_mutex_);
    if (frontier_ready_) {
      p.subtrees = frontier_.size();
      p.frontier_checksum = frontier_checksum_;
      p.done.resize(p.subtrees);
      for (std::size_t i = 0; i < p.subtrees; ++i) {
        p.done[i] = done_flags_[i].load(std::memory_order_relaxed) != 0;
      }
      p.next_bound = committed_next_;
    }
    p.astar_expanded = offset_astar_ + astar_done_expanded;
    p.expanded = offset_expanded_ + astar_done_expanded + committed_expanded_;
    p.generated = offset_generated_ + astar_done_generated + committed_generated_;
    p.iterations = static_cast<int>(history_.size());
    p.seconds = seconds();
    p.iteration_expanded = history_;
    return p;
  }

  // Between frontier nodes (on a worker's thread): saves the position when one is due, one at a
  // time. A failed save stops the search.
  void save_when_due() {
    if (!saves_.when_due([this] { return position(); }, [this] { return clock_.elapsed(); })) {
      stop(StopReason::Abandoned);
    }
  }

  // The subtree of frontier node `node` with the threshold: its own level here, the rest by the
  // worker's BoundedDfs. On Found, `suffix` holds the moves from the node to the goal.
  Below below(Worker& w, const AidaFrontierNode& node, std::vector<Move>& suffix) {
    const State<B> s = astar_->state(node.node);
    const int g = node.g;
    if (s == goal_) {
      suffix.clear();
      return Below::Found;
    }
    const auto value = h_.init(s);
    ++w.root_expanded;
    struct Child {
      State<B> state;
      typename H::Value value;
      int h;
      Move move;
      std::int32_t pruning;
    };
    std::array<std::optional<Child>, 4> children;
    std::size_t count = 0;
    int largest_h = 0;
    const auto& moves = B::kMoveTable[s.blank];
    for (int i = 0; i < moves.count; ++i) {
      const int target = moves.targets[static_cast<std::size_t>(i)];
      if (!s.opens(target)) continue;
      const Move move = moves.moves[static_cast<std::size_t>(i)];
      const std::int32_t pruning = pruning_.next(node.pruning, move);
      if (pruning == MovePruning::kPruned) continue;
      ++w.root_generated;
      Child child{s, h_.update(value, s.tile_at(target), target, s.blank), 0, move, pruning};
      child.h = h_.estimate(child.value);
      child.state.move_blank_to(target);
      largest_h = std::max(largest_h, child.h);
      children[count++] = child;
    }
    if constexpr (requires { requires H::kBatchChildren; }) {
      // As BoundedDfs does: bidirectional pathmax, then the child of least h first.
      if (count > 0 && g + largest_h - 1 > threshold_) {
        w.next_bound = std::min(w.next_bound, g + largest_h - 1);
        return Below::Exhausted;
      }
      std::size_t first = 0;
      for (std::size_t i = 1; i < count; ++i) {
        if (children[i]->h < children[first]->h) first = i;
      }
      std::rotate(children.begin(), children.begin() + static_cast<std::ptrdiff_t>(first),
                  children.begin() + static_cast<std::ptrdiff_t>(first) + 1);
    }
    for (std::size_t i = 0; i < count; ++i) {
      const Child& child = *children[i];
      const int f = g + 1 + child.h;
      if (f > threshold_) {
        w.next_bound = std::min(w.next_bound, f);
        continue;
      }
      if (child.h == 0 && child.state == goal_) {
        suffix.assign(1, child.move);
        return Below::Found;
      }
      switch (w.dfs.run(child.state, child.value, g + 1, s.blank, threshold_, child.pruning)) {
        case Dfs::Outcome::Found:
          suffix.assign(1, child.move);
          for (const Move m : w.dfs.path()) suffix.push_back(m);
          return Below::Found;
        case Dfs::Outcome::Stopped:
          return Below::Stopped;
        case Dfs::Outcome::Exhausted:
          break;
      }
    }
    return Below::Exhausted;
  }

  // At every worker's limit poll (every LimitClock::kPollInterval expansions of its BoundedDfs):
  // the node limit over all threads, and the heartbeat of the whole search.
  void on_poll() {
    const std::uint64_t expanded = seen_expanded();
    if (limits_.nodes && expanded >= limits_.nodes) stop(StopReason::NodeLimit);
    if (const HeartbeatFn* heartbeat = limits_.heartbeat; heartbeat && *heartbeat) {
      Heartbeat beat;
      beat.expanded = offset_expanded_ + expanded;
      beat.generated = offset_generated_ + seen_generated();
      beat.bound = threshold_;
      beat.bytes = held_bytes();
      beat.seconds = seconds();
      std::uint64_t ida = offset_ida_;
      for (const auto& w : workers_) ida += w->seen_expanded.load(std::memory_order_relaxed);
      beat.iteration_expanded = ida - std::min(ida, history_total_);
      beat.iteration_estimate = iteration_estimate_;
      beat.subtrees = active_;
      beat.subtrees_done = done_.load(std::memory_order_relaxed);
      (*heartbeat)(beat);
    }
  }

  const H& h_;
  const State<B> goal_;
  const Limits limits_;
  const LimitClock clock_;
  const AidaOptions options_;
  ThreadBudget budget_;
  const MovePruning& pruning_ = MovePruning::standard();
  std::unique_ptr<AStar> astar_;
  std::uint64_t astar_done_expanded_ = 0, astar_done_generated_ = 0;  // earlier runs of phase 1
  bool memory_full_ = false;  // the last run of phase 1 filled the bytes of its budget
  std::vector<AidaFrontierNode> frontier_;
  std::vector<std::size_t> chunks_;  // run c is frontier_[chunks_[c], chunks_[c + 1])
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
};

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
