// parallel/aida_budget.hpp — phase 1 of A*+IDA* (parallel/aida.hpp) and its memory budget: the
// memory available, the default budget, phase 1 run (again) within it, and the growing budget
// (the growth step itself is in the threshold loop, parallel/aida.hpp's search()).
// Invariants: phase 1 never holds more than its bytes and its node cap (aida_frontier.hpp checks
// both before each expansion); a run again replaces the frontier, keeping the counts of the runs
// before it (astar_done_*); memory_full_ is set when the bytes filled before the cap.
//
// The default budget (AidaOptions::grow, the command line's): phase 1 pays only when the IDA* work
// it saves is larger than its own cost, and an A* node costs several IDA* nodes (a hash look-up,
// an open-list entry, the node's value rebuilt or cached: about 1,600 instructions an expansion
// on 4x4 with the 6-6-3 tables against about 420 for IDA*, and more cache misses), while what it
// saves grows with the IDA* work left: the duplicates above the frontier in every threshold, and
// the last threshold taken in a better order (finer with more frontier nodes). Phase 1 runs on one
// thread while IDA* runs on all of them, so its share is divided by the threads too. So the budget
// follows the work instead of the memory: phase 1 first holds at most kFirstNodes (4096) nodes;
// after each threshold, when the IDA* nodes that threshold took divided by growth_divisor (512) x
// threads are at least 4x the A* nodes held, phase 1 is run again from the start for that share
// (the frontier replaced; the next threshold is the larger of the next IDA* bound and the new
// frontier's least f, both at most C*), within memory_bytes; once the bytes fill first it grows no
// more. The runs together cost under 1.4x the last, which costs a fraction of the threshold before
// it, while the next threshold takes 6-10x that one. The divisor was 8 first: on the 24-puzzle
// (6-6-6-6, two threads) a re-run then held up to 34 M nodes, a 5x5 A* expansion took about 8 IDA*
// expansions of wall time (one thread against two), and on Korf and Felner's #37, #30, #22, #38 and
// #32 the search took 1.99, 0.99, 0.47, 0.98 and 0.64x parallel IDA*'s time; with 16 x threads (32
// on two) 1.23, 0.77, 0.48, 0.72, 0.63x; with 64 x threads 1.06, 0.67, 0.23, 0.87, 0.45x
// (bench/RESULTS.md, "A*+IDA*: the automaton across the frontier, and the budget's share"). With
// 64 the frontier of a long search held millions of nodes, and their subtrees' IDA* took 1.16-1.36x
// parallel IDA*'s time per node (Korf and Felner's #46: 2.36 M frontier nodes, a few hundred to a
// few thousand nodes below each); with 512, 0.30 M and 1.05x, and the last threshold is still taken
// by the closest approach (bench/RESULTS.md, "A*+IDA*: a smaller frontier").
// Measured (bench/RESULTS.md, "A*+IDA* (issue 44)"): on Korf's 100 (6-6-3, one thread) a fixed
// phase 1 of 300,000 nodes saved 2.2 IDA* nodes per A* node and lost to `ida`, the growing budget
// took 0.85x ida's nodes (0.22x in the last thresholds) but still 1.2-1.5x its instructions
// (divisors 8, 32, 128): 4x4 searches are too small for it, `ida` stays their default. On the
// 24-puzzle (6-6-6-6, two threads) it took 0.64-0.81x parallel IDA*'s nodes and about its time;
// phase 1 over the whole memory budget took 0.34-0.45x the nodes and 3-5x the time.
//
// Memory: the budget is AidaOptions::memory_bytes (the engine's --mem-limit share: engine/
// search_dispatch.hpp; by default a sixth of the memory available once the tables are loaded). The
// A* phase never holds more (aida_frontier.hpp counts capacities and the moments a table holds
// two); phase 2 holds the A* nodes, the frontier and a path per thread. A budget that cannot hold
// `min_frontier` nodes skips phase 1: plain IDA* through phase 2 from a frontier of the start alone
// (with a note). An allocation that fails ends the search with Status::OutOfMemory and its counts.
#pragma once

#include <algorithm>
#include <array>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <vector>

#include <sys/resource.h>

#include "parallel/aida_class.hpp"

namespace npuzzle {

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

// The A* nodes a grown budget may hold: `nodes`, within max_stored (0: none).
template <class B, Heuristic H>
inline std::uint64_t Aida<B, H>::capped(std::uint64_t nodes) const {
  return options_.max_stored ? std::min(nodes, options_.max_stored) : nodes;
}

template <class B, Heuristic H>
inline int Aida<B, H>::least_frontier_f() const {
  int least = INT_MAX;
  for (const AidaFrontierNode& n : frontier_) least = std::min(least, n.f());
  return least;
}

// The closest approaches of the frontier in use, to hand on to a grown one (inherit_closest()):
// per node, its (state, automaton state)'s hash with the low byte replaced by its closest, and the
// same for each child whose subtree was searched (child_closest_), sorted. 8 bytes a key. A hash
// shared by two keys can only misorder, never mislead the search.
template <class B, Heuristic H>
inline std::vector<std::uint64_t> Aida<B, H>::closest_by_key() const {
  std::vector<std::uint64_t> keyed;
  if (!astar_ || !by_closest_approach(options_.order)) return keyed;
  std::size_t keys = frontier_.size();
  for (const AidaChildApproaches& c : child_closest_) {
    keys += static_cast<std::size_t>(
        std::count_if(c.by_move.begin(), c.by_move.end(),
                      [](std::uint8_t v) { return v != AidaChildApproaches::kNone; }));
  }
  keyed.reserve(keys);
  for (std::size_t i = 0; i < frontier_.size(); ++i) {
    const AidaFrontierNode& n = frontier_[i];
    const auto hash = static_cast<std::uint64_t>(
        AidaNodes<B>::hash_of(AidaNodes<B>::key_of(astar_->node(n.node))));
    keyed.push_back((hash & ~std::uint64_t{0xFF}) | n.closest);
    if (i >= child_closest_.size()) continue;
    const State<B> s = astar_->state(n.node);
    const auto& moves = goal_.geometry.moves(s.blank);
    for (int k = 0; k < moves.count; ++k) {
      const Move move = moves.moves[static_cast<std::size_t>(k)];
      const std::uint8_t closest = child_closest_[i].by_move[static_cast<std::size_t>(move)];
      if (closest == AidaChildApproaches::kNone) continue;
      State<B> child = s;
      child.move_blank_to(moves.targets[static_cast<std::size_t>(k)]);
      typename AidaNodes<B>::WordKey key{};
      std::memcpy(key.word.data(), &child.word, sizeof(child.word));
      key.pruning = static_cast<std::uint16_t>(pruning_.next(n.pruning, move));
      const auto child_hash = static_cast<std::uint64_t>(AidaNodes<B>::hash_of(key));
      keyed.push_back((child_hash & ~std::uint64_t{0xFF}) | closest);
    }
  }
  std::sort(keyed.begin(), keyed.end());
  return keyed;
}

// A grown phase 1 went deeper than the frontier before it, whose closest approaches (keyed, from
// closest_by_key()) were measured: each new frontier node takes that of the nearest keyed node
// along its parents (the parents come first in the node vector, but a node reopened from a later
// parent inherits nothing), when it is below its own h: the old frontier node's child it descends
// from, whose own subtree reached that approach (AidaOrder::Closest), or the old frontier node,
// the least of its children's (a child never searched, or AidaOrder::ClosestOfParent). A grown
// run expands every node the run before it expanded, and more, so every new frontier node is an
// old one or below one. Why the child's: a frontier node's approach is reached below one child
// or two; the other children inherited it too, and ranked as near as the one that reached it. On
// Korf and Felner's #3, whose last threshold searches a frontier grown after the threshold before,
// the last threshold took 121.5 M nodes before the solution with the old node's approach and 49.8
// M with the child's (bench/RESULTS.md, "A*+IDA*: a grown frontier ordered by its children's
// approaches").
template <class B, Heuristic H>
inline void Aida<B, H>::inherit_closest(const std::vector<std::uint64_t>& keyed) {
  if (keyed.empty()) return;
  constexpr std::uint8_t kNone = 0xFF;
  std::vector<std::uint8_t> by_node(astar_->stored(), kNone);
  for (std::uint32_t i = 0; i < by_node.size(); ++i) {
    const auto& node = astar_->node(i);
    const auto hash =
        static_cast<std::uint64_t>(AidaNodes<B>::hash_of(AidaNodes<B>::key_of(node))) &
        ~std::uint64_t{0xFF};
    const auto found = std::lower_bound(keyed.begin(), keyed.end(), hash);
    if (found != keyed.end() && (*found & ~std::uint64_t{0xFF}) == hash) {
      by_node[i] = static_cast<std::uint8_t>(*found & 0xFF);
    } else if (node.parent < i) {
      by_node[i] = by_node[node.parent];
    }
  }
  for (AidaFrontierNode& n : frontier_) {
    n.closest = std::min<std::uint32_t>(n.closest, by_node[n.node]);
  }
}

// Runs phase 1 from the start (again, when the budget grew: the nodes of the previous run are
// freed first, their counts kept, and their frontier's closest approaches handed on,
// inherit_closest()) with `bytes` and at most `cap` nodes (0: none). True when that ends the
// search (solved, no path, stopped); false when the budget is full: frontier_ holds the frontier,
// sorted, and memory_full_ says whether the bytes (not `cap`) filled it.
template <class B, Heuristic H>
template <class Solved, class Limited>
inline bool Aida<B, H>::phase1(const State<B>& start, std::uint64_t bytes, std::uint64_t cap,
                               AidaReport& report, const Solved& solved, const Limited& limited) {
  // The closest approaches handed on take their bytes from this run's budget.
  std::vector<std::uint64_t> keyed = closest_by_key();
  std::vector<AidaChildApproaches>().swap(child_closest_);
  const std::uint64_t keyed_bytes = keyed.capacity() * sizeof(std::uint64_t);
  if (keyed_bytes > bytes / 8) {
    std::vector<std::uint64_t>().swap(keyed);
  } else {
    bytes -= keyed_bytes;
  }
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
  // Across ranks every rank runs the same phase 1: a stop on any of them (a limit, an interrupt,
  // an allocation that failed on one host) stops them all, with the counts.
  auto outcome = AStar::Outcome::Stopped;
  StopReason stopped = StopReason::None;
  try {
    astar_ = std::make_unique<AStar>(h_, goal_, clock_, bytes, cap,
                                     std::array<std::uint64_t, 2>{offset_expanded_ + expanded(),
                                                                  offset_generated_ + generated()});
    outcome = astar_->run(start);
    if (outcome == AStar::Outcome::Stopped) stopped = astar_->stop_reason();
  } catch (const std::bad_alloc&) {
    if (!ranks_) throw;  // run() reports it
    stopped = StopReason::AllocationFailed;
  }
  astar_complete_ = outcome != AStar::Outcome::Stopped;
  if (ranks_) stopped = ranks_->agree_on_phase1(stopped);
  if (stopped != StopReason::None) outcome = AStar::Outcome::Stopped;
  ++report.astar_runs;
  report.astar_expanded = astar_expanded();
  if (!astar_) {
    limited(stopped);
    return true;
  }
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
      limited(stopped);
      return true;
    case AStar::Outcome::Full:
      break;
  }
  // Full below its node cap (a child or four of room short of it): the bytes were the limit.
  memory_full_ = cap == 0 || astar_->stored() + 4 < cap;
  frontier_ = astar_->take_frontier();
  report.frontier = frontier_.size();
  inherit_closest(keyed);
  sort_frontier();
  if (options_.order == AidaOrder::Closest) child_closest_.assign(frontier_.size(), {});
  if (tracking_) {
    std::lock_guard lock(position_mutex_);
    frontier_checksum_ = frontier_checksum();
    std::vector<std::atomic<std::uint8_t>>(frontier_.size()).swap(done_flags_);
    frontier_ready_ = true;
  }
  return false;
}

}  // namespace npuzzle
