// core/search/astar.hpp — A* (least-cost branch and bound): always expand a live node of least f =
// g + h.
//
// The nodes are in a NodeStore (pool, parent links, a table from state to node that finds
// duplicates among open and closed nodes alike); the open list is a BucketQueue over integer f
// with the chosen tie-break among equal f. A cheaper path to a known node updates that node in
// place and pushes it again; the older entry is skipped when popped (its g no longer matches). A
// closed node reached more cheaply is reopened, so the result stays optimal with an admissible but
// inconsistent heuristic; with a consistent one nothing is expanded twice. The goal test is made at
// expansion.
//
// Memory: the store's bytes plus the open entries, checked against limits.memory_bytes on every
// expansion; std::bad_alloc is caught (SearchRun). Both end the search with Status::OutOfMemory.
#pragma once

#include <cstdint>

#include "core/search/best_first.hpp"

namespace npuzzle {
namespace detail {

// A node's payload: its estimate (not the heuristic's whole Value: a node stores a few bytes
// whatever the heuristic), its cost so far and whether it was expanded.
struct AStarPayload {
  std::int32_t h;
  std::int32_t g;
  bool closed;
};

template <class B, Heuristic H>
class AStarSearch
    : public BestFirstSearch<AStarSearch<B, H>, B, H, AStarPayload, TableKind::Indexed> {
 public:
  using AStarSearch::BestFirstSearch::BestFirstSearch;

  SearchResult search(const State<B>& start) {
    nodes_.insert(start);
    add(start, this->estimate(start), kNoParent, 0);
    while (!open_.empty()) {
      run_.bound = open_.min_priority();  // the least f open: a lower bound on the solution
      const BucketQueue::Entry entry = open_.pop();
      const auto& data = nodes_[entry.node].data;
      if (data.closed || data.g != entry.g) continue;  // stale
      if (nodes_[entry.node].state == goal_) {
        return run_.solved(nodes_.path_to(entry.node), H::kAdmissible);
      }
      const StopReason reason = this->poll();
      if (reason != StopReason::None) return run_.stopped(reason);
      expand(entry.node);
    }
    return run_.exhausted();
  }

 private:
  using Base = typename AStarSearch::BestFirstSearch;
  using Base::goal_, Base::geometry_, Base::nodes_, Base::run_, Base::h_, Base::open_;

  // Stores a new node (its state already entered by insert()) and opens it.
  void add(const State<B>& s, int h, std::uint32_t parent, int g) {
    const std::uint32_t index = nodes_.add(s, parent, {h, g, false});
    open_.push(g + h, g, index);
  }

  void expand(std::uint32_t index) {
    ++run_.expanded;
    nodes_[index].data.closed = true;
    const int g = nodes_[index].data.g + 1;
    nodes_.for_each_child(geometry_, index, [&](const State<B>&, int, const State<B>& child) {
      ++run_.generated;
      const auto found = nodes_.insert(child);
      if (found.inserted) {
        add(child, this->estimate(child), index, g);
        return false;
      }
      auto& known = nodes_[found.index];
      if (g >= known.data.g) return false;
      known.data.g = g;
      known.data.closed = false;
      known.parent = index;
      open_.push(g + known.data.h, g, found.index);
      return false;
    });
  }
};

}  // namespace detail

// A*; optimal when the heuristic is admissible. The caller decides solvability first; on an
// unsolvable start the search exhausts the reachable space and returns Status::Unsolvable.
template <class B, Heuristic H>
SearchResult astar(const H& h, const Goal<B>& goal, const State<B>& start, const Limits& limits,
                   const AStarOptions& options = {}) {
  return detail::best_first<detail::AStarSearch>(h, goal, start, limits, options.tie_break);
}

}  // namespace npuzzle
