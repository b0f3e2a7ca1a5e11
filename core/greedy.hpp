// core/greedy.hpp — greedy best-first search: always expand an open node of least h, ignoring g.
//
// Fast and not optimal (result.optimal is false unless the start is the goal). Nodes live in a pool
// with their state, heuristic value and parent index; an absl::flat_hash_set of the states
// seen (open or closed) keeps every state from being stored twice, so the search ends on every
// finite space. The open list is a bucket queue over h, last in first out among equal h (a
// depth-first flavour that reaches a goal soonest). The goal test is made at generation.
//
// Memory: nodes x sizeof(Node) + hash slots + open entries, checked against limits.memory_bytes on
// every expansion; std::bad_alloc is caught. Both end the search with Status::OutOfMemory.
#pragma once

#include <cstdint>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

#include <absl/container/flat_hash_set.h>

#include "core/goal.hpp"
#include "core/search_common.hpp"
#include "core/search_types.hpp"

namespace npuzzle {
namespace detail {

template <class B, Heuristic H>
class GreedySearch {
 public:
  GreedySearch(const H& h, const Goal<B>& goal, const Limits& limits)
      : h_(h), goal_(goal.state), clock_(limits), open_(TieBreak::Lifo) {}

  SearchResult run(const State<B>& start) {
    SearchResult result;
    try {
      result = search(start);
    } catch (const std::bad_alloc&) {
      result = stopped(Status::OutOfMemory, StopReason::AllocationFailed, 0);
    }
    result.stats.expanded = expanded_;
    result.stats.generated = generated_;
    result.stats.stored = pool_.size();
    result.stats.seconds = clock_.elapsed();
    return result;
  }

 private:
  using Value = typename H::Value;
  struct Node {
    State<B> state;
    Value value;
    std::uint32_t parent;
  };

  std::uint64_t memory_bytes() const {
    return static_cast<std::uint64_t>(pool_.capacity()) * sizeof(Node) +
           hash_table_bytes(seen_.capacity(), sizeof(State<B>)) +
           static_cast<std::uint64_t>(open_.size()) * sizeof(BucketQueue::Entry);
  }

  SearchResult solved(std::uint32_t node) const {
    SearchResult r;
    r.status = Status::Solved;
    r.path = trace_path<B>(pool_, node);
    r.optimal = r.path.empty();
    r.bound = 0;
    return r;
  }

  void add(const State<B>& s, const Value& v, std::uint32_t parent) {
    const auto index = static_cast<std::uint32_t>(pool_.size());
    pool_.push_back({s, v, parent});
    open_.push(h_.estimate(v), 0, index);
  }

  SearchResult search(const State<B>& start) {
    if (start == goal_) {
      pool_.push_back({start, h_.init(start), kNoParent});
      return solved(0);
    }
    add(start, h_.init(start), kNoParent);
    seen_.insert(start);
    while (!open_.empty()) {
      const std::uint32_t index = open_.pop().node;
      if (const StopReason reason = poll_limits(clock_, expanded_); reason != StopReason::None) {
        return stopped(Status::Limit, reason, 0);
      }
      if (clock_.over_memory(memory_bytes())) {
        return stopped(Status::OutOfMemory, StopReason::MemoryLimit, 0);
      }
      ++expanded_;
      const State<B> state = pool_[index].state;
      const Value value = pool_[index].value;
      const std::uint32_t parent = pool_[index].parent;
      const int parent_blank = parent == kNoParent ? -1 : pool_[parent].state.blank;
      const auto& moves = B::kMoveTable[state.blank];
      for (int i = 0; i < moves.count; ++i) {
        const int target = moves.targets[i];
        if (target == parent_blank) continue;
        ++generated_;
        State<B> child = state;
        child.move_blank_to(target);
        if (!seen_.insert(child).second) continue;
        add(child, h_.update(value, state.tile_at(target), target, state.blank), index);
        if (child == goal_) return solved(static_cast<std::uint32_t>(pool_.size() - 1));
      }
    }
    return stopped(Status::Unsolvable, StopReason::None, 0);
  }

  const H& h_;
  const State<B> goal_;
  LimitClock clock_;
  BucketQueue open_;
  std::vector<Node> pool_;
  absl::flat_hash_set<State<B>> seen_;
  std::uint64_t expanded_ = 0;
  std::uint64_t generated_ = 0;
};

}  // namespace detail

// Greedy best-first search on h alone: a valid path, not necessarily shortest. The caller decides
// solvability first; on an unsolvable start the search exhausts the reachable space and returns
// Status::Unsolvable.
template <class B, Heuristic H>
SearchResult greedy(const H& h, const Goal<B>& goal, const State<B>& start, const Limits& limits) {
  static_assert(std::is_same_v<typename H::BoardType, B>, "heuristic for another board");
  detail::GreedySearch<B, H> search(h, goal, limits);
  return search.run(start);
}

}  // namespace npuzzle
