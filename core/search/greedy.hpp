// core/search/greedy.hpp — greedy best-first search: always expand an open node of least h,
// ignoring g.
//
// Fast and not optimal (result.optimal is false unless the start is the goal). The nodes are in a
// NodeStore whose table is a set of the states seen (open or closed), so no state is stored twice
// and the search ends on every finite space. The open list is a BucketQueue over h with the chosen
// tie-break among equal h: last in first out by default (a depth-first flavour that reaches a goal
// soonest), first in first out, or larger g (the deeper node; g travels in the queue's entries).
// The goal test is made at generation.
//
// Memory: the store's bytes plus the open entries, checked against limits.memory_bytes on every
// expansion; std::bad_alloc is caught (SearchRun). Both end the search with Status::OutOfMemory.
#pragma once

#include <cstdint>

#include "core/search/best_first.hpp"

namespace npuzzle {
namespace detail {

// A node's payload is its estimate.
template <class B, Heuristic H>
class GreedySearch
    : public BestFirstSearch<GreedySearch<B, H>, B, H, std::int32_t, TableKind::Set> {
  using Base = typename GreedySearch::BestFirstSearch;
  using Base::goal_, Base::geometry_, Base::nodes_, Base::run_, Base::open_;

  // Stores a new node (its state already entered by insert()) and opens it; g travels in the
  // queue's entry (the tie-break larger-g reads it).
  void add(const State<B>& s, int h, std::uint32_t parent, int g) {
    open_.push(h, g, nodes_.add(s, parent, h));
  }

 public:
  using GreedySearch::BestFirstSearch::BestFirstSearch;

  // run_.bound stays 0: greedy search proves no lower bound.
  SearchResult search(const State<B>& start) {
    if (start == goal_) {
      nodes_.add(start, kNoParent, this->estimate(start));
      return run_.solved({}, false);
    }
    add(start, this->estimate(start), kNoParent, 0);
    nodes_.insert(start);
    while (!open_.empty()) {
      const BucketQueue::Entry entry = open_.pop();
      const StopReason reason = this->poll();
      if (reason != StopReason::None) return run_.stopped(reason);
      ++run_.expanded;
      const bool found = nodes_.for_each_child(
          geometry_, entry.node, [&](const State<B>&, int, const State<B>& child) {
            ++run_.generated;
            if (!nodes_.insert(child).inserted) return false;
            add(child, this->estimate(child), entry.node, entry.g + 1);
            return child == goal_;
          });
      if (found) {
        return run_.solved(nodes_.path_to(static_cast<std::uint32_t>(nodes_.size() - 1)), false);
      }
    }
    return run_.exhausted();
  }
};

}  // namespace detail

// Greedy best-first search on h alone: a valid path, not necessarily shortest. The caller decides
// solvability first; on an unsolvable start the search exhausts the reachable space and returns
// Status::Unsolvable.
template <class B, Heuristic H>
SearchResult greedy(const H& h, const Goal<B>& goal, const State<B>& start, const Limits& limits,
                    const GreedyOptions& options = {}) {
  return detail::best_first<detail::GreedySearch>(h, goal, start, limits, options.tie_break);
}

}  // namespace npuzzle
