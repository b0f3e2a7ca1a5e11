// parallel/aida_options.hpp — what a caller gives A*+IDA* (parallel/aida.hpp) and what it gets
// back: the options (threads, phase 1's memory budget and its growth, the frontier's order), where
// the answer was found, and the counts of each phase.
// Invariants: memory_bytes and max_stored bound what phase 1 holds (parallel/aida_frontier.hpp
// checks them before each expansion); a report's phase 1 counts (astar_*) are of this run, within
// its result's counts.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "core/search/search_types.hpp"

namespace npuzzle {

// How the frontier nodes are taken within a threshold.
// Closest: least closest approach first, the least h a node's subtree reached in the threshold
// before (its own h until it is searched; in a grown frontier, that of the subtree of the old
// frontier node's child it descends from), then as LeastH. ClosestOfParent: as Closest, but a
// grown frontier's node takes the old frontier node's own approach (the default until 2026-11-29;
// for measurements). LeastH: least h first whatever the f, then least f. FThenH: least f first,
// then least h (A*'s open-list order with the larger-g tie-break). FThenG: least f first, then
// least g (the shallow nodes of each f first).
enum class AidaOrder : std::uint8_t { Closest, ClosestOfParent, LeastH, FThenH, FThenG };
// Measured on Korf's 100 (6-6-3 with reflection, --mem-limit 100M, one thread): nodes of the last
// thresholds in all, LeastH 0.78 M, FThenH 7.36 M, FThenG 24.99 M (IDA*'s last iterations: 14.74
// M). On the 24-puzzle (6-6-6-6+7-7-7-3, a frontier of 65,536 nodes, every node of the last
// threshold searched to count) the frontier node over a solution came 2nd to 17th of 32-36 K in
// Closest order against 3,212th to 31,748th in LeastH order: the last threshold's nodes before the
// first solution fell from 0.5-24.6 M to 0.02-0.22 M on Korf and Felner's #22, #25, #32, #38, #40
// (bench/RESULTS.md, "A*+IDA*: the frontier by its closest approach").
inline constexpr AidaOrder kDefaultAidaOrder = AidaOrder::Closest;

// Whether a threshold takes the frontier by its closest approaches.
constexpr bool by_closest_approach(AidaOrder order) {
  return order == AidaOrder::Closest || order == AidaOrder::ClosestOfParent;
}

struct AidaOptions {
  int threads = 1;
  std::uint64_t memory_bytes = 0;  // the budget of phase 1, in bytes (0: no phase 1)
  std::uint64_t max_stored = 0;    // at most this many A* nodes (0: no such cap; tests, tuning)
  std::size_t min_frontier = 256;  // a budget for fewer nodes skips phase 1 (plain IDA*)
  // The budget grows with the search (the default of the command line; see "The default budget" in
  // parallel/aida_budget.hpp): phase 1 starts with at most kFirstNodes nodes, and after each
  // threshold whose IDA* work exceeds growth_divisor x threads x kGrowthStep times the A* nodes
  // held, phase 1 is run again from the start for (that work) / (growth_divisor x threads) nodes,
  // memory_bytes and max_stored still the caps. The divisor keeps the frontier's subtrees large:
  // with 64, Korf and Felner's #46 (6-6-6-6+7-7-7-3, one thread) held 2.36 M frontier nodes and
  // its IDA* took 1.36x parallel IDA*'s time per node; with 512, 0.30 M and 1.05x (the same 400 M
  // nodes; bench/RESULTS.md, "A*+IDA*: a smaller frontier").
  bool grow = false;
  std::uint64_t growth_divisor = 512;
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

}  // namespace npuzzle
