// core/greedy.hpp — greedy best-first search: always expand an open node of least h, ignoring g.
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
#include <type_traits>

#include "core/bucket_queue.hpp"
#include "core/goal.hpp"
#include "core/node_store.hpp"
#include "core/search_run.hpp"
#include "core/search_types.hpp"

namespace npuzzle {

struct GreedyOptions {
  TieBreak tie_break = TieBreak::Lifo;
};

namespace detail {

template <class B, Heuristic H>
class GreedySearch {
 public:
  GreedySearch(const H& h, const Goal<B>& goal, const Limits& limits, const GreedyOptions& options)
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
  };

  void add(const State<B>& s, const Value& v, std::uint32_t parent, int g) {
    open_.push(h_.estimate(v), g, nodes_.add(s, parent, {v}));
  }

  SearchResult search(const State<B>& start) {
    if (start == goal_) {
      nodes_.add(start, kNoParent, {h_.init(start)});
      return run_.solved({}, false);
    }
    add(start, h_.init(start), kNoParent, 0);
    nodes_.insert(start);
    while (!open_.empty()) {
      const BucketQueue::Entry entry = open_.pop();
      const StopReason reason = run_.poll([&] { return nodes_.bytes() + open_.entry_bytes(); });
      if (reason != StopReason::None) return run_.stopped(reason);
      ++run_.expanded;
      const State<B> state = nodes_[entry.node].state;
      const Value value = nodes_[entry.node].data.value;
      const int parent_blank = nodes_.parent_blank(nodes_[entry.node]);
      const auto& moves = B::kMoveTable[state.blank];
      for (int i = 0; i < moves.count; ++i) {
        const int target = moves.targets[i];
        if (target == parent_blank) continue;
        ++run_.generated;
        State<B> child = state;
        child.move_blank_to(target);
        if (!nodes_.insert(child).inserted) continue;
        add(child, h_.update(value, state.tile_at(target), target, state.blank), entry.node,
            entry.g + 1);
        if (child == goal_) {
          return run_.solved(nodes_.path_to(static_cast<std::uint32_t>(nodes_.size() - 1)), false);
        }
      }
    }
    return run_.exhausted();
  }

  const H& h_;
  const State<B> goal_;
  SearchRun run_;  // run_.bound stays 0: greedy search proves no lower bound
  BucketQueue open_;
  NodeStore<B, Payload, TableKind::Set> nodes_;
};

}  // namespace detail

// Greedy best-first search on h alone: a valid path, not necessarily shortest. The caller decides
// solvability first; on an unsolvable start the search exhausts the reachable space and returns
// Status::Unsolvable.
template <class B, Heuristic H>
SearchResult greedy(const H& h, const Goal<B>& goal, const State<B>& start, const Limits& limits,
                    const GreedyOptions& options = {}) {
  static_assert(std::is_same_v<typename H::BoardType, B>, "heuristic for another board");
  detail::GreedySearch<B, H> search(h, goal, limits, options);
  return search.run(start);
}

}  // namespace npuzzle
