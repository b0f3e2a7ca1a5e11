// core/astar.hpp — A* (least-cost branch and bound): always expand a live node of least f = g + h.
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
#include <type_traits>

#include "core/bucket_queue.hpp"
#include "core/goal.hpp"
#include "core/node_store.hpp"
#include "core/search_run.hpp"
#include "core/search_types.hpp"

namespace npuzzle {

struct AStarOptions {
  TieBreak tie_break = TieBreak::LargerG;
};

namespace detail {

template <class B, Heuristic H>
class AStarSearch {
 public:
  AStarSearch(const H& h, const Goal<B>& goal, const Limits& limits, const AStarOptions& options)
      : h_(h), goal_(goal.state), run_(limits), open_(options.tie_break) {}

  SearchResult run(const State<B>& start) {
    SearchResult result = run_.guard([&] { return search(start); });
    result.stats.stored = nodes_.size();
    return result;
  }

 private:
  using Value = typename H::Value;
  struct Payload {
    Value value;
    std::int32_t g;
    bool closed;
  };

  // Stores a new node (its state already entered by insert()) and opens it.
  void add(const State<B>& s, const Value& v, std::uint32_t parent, int g) {
    const std::uint32_t index = nodes_.add(s, parent, {v, g, false});
    open_.push(g + h_.estimate(v), g, index);
  }

  SearchResult search(const State<B>& start) {
    nodes_.insert(start);
    add(start, h_.init(start), kNoParent, 0);
    while (!open_.empty()) {
      run_.bound = open_.min_priority();
      const BucketQueue::Entry entry = open_.pop();
      const Payload& data = nodes_[entry.node].data;
      if (data.closed || data.g != entry.g) continue;  // stale
      if (nodes_[entry.node].state == goal_) {
        return run_.solved(nodes_.path_to(entry.node), H::kAdmissible);
      }
      const StopReason reason = run_.poll([&] { return nodes_.bytes() + open_.entry_bytes(); });
      if (reason != StopReason::None) return run_.stopped(reason);
      expand(entry.node);
    }
    return run_.exhausted();
  }

  void expand(std::uint32_t index) {
    ++run_.expanded;
    auto& node = nodes_[index];
    node.data.closed = true;
    const State<B> state = node.state;
    const Value value = node.data.value;
    const int g = node.data.g + 1;
    const int parent_blank = nodes_.parent_blank(node);
    const auto& moves = B::kMoveTable[state.blank];
    for (int i = 0; i < moves.count; ++i) {
      const int target = moves.targets[i];
      if (target == parent_blank) continue;
      ++run_.generated;
      const Value child_value = h_.update(value, state.tile_at(target), target, state.blank);
      State<B> child = state;
      child.move_blank_to(target);
      const auto found = nodes_.insert(child);
      if (found.inserted) {
        add(child, child_value, index, g);
        continue;
      }
      Payload& known = nodes_[found.index].data;
      if (g >= known.g) continue;
      known.g = g;
      known.closed = false;
      nodes_[found.index].parent = index;
      open_.push(g + h_.estimate(known.value), g, found.index);
    }
  }

  const H& h_;
  const State<B> goal_;
  SearchRun run_;  // run_.bound: the least f open, a lower bound on the solution length
  BucketQueue open_;
  NodeStore<B, Payload, TableKind::Indexed> nodes_;
};

}  // namespace detail

// A*; optimal when the heuristic is admissible. The caller decides solvability first; on an
// unsolvable start the search exhausts the reachable space and returns Status::Unsolvable.
template <class B, Heuristic H>
SearchResult astar(const H& h, const Goal<B>& goal, const State<B>& start, const Limits& limits,
                   const AStarOptions& options = {}) {
  static_assert(std::is_same_v<typename H::BoardType, B>, "heuristic for another board");
  detail::AStarSearch<B, H> search(h, goal, limits, options);
  return search.run(start);
}

}  // namespace npuzzle
