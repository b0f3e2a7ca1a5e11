// core/astar.hpp — A* (least-cost branch and bound): always expand a live node of least f = g + h.
//
// Nodes live in one pool (a vector, indices as links); each keeps its state, its heuristic value
// (so children are evaluated incrementally), g and its parent's index, and the path is read back
// along the parents. An absl::flat_hash_map from state to pool index detects duplicates among open
// and closed nodes alike. The open list is a bucket queue over integer f with the chosen tie-break
// among equal f. A cheaper path to a known node updates that node in place and pushes it again;
// the older entry is skipped when popped (its g no longer matches). A closed node reached more
// cheaply is reopened, so the result stays optimal with an admissible but inconsistent heuristic;
// with a consistent one nothing is expanded twice. The goal test is made at expansion.
//
// Memory: nodes x sizeof(Node) + hash slots + open entries, checked against limits.memory_bytes on
// every expansion; std::bad_alloc is caught. Both end the search with Status::OutOfMemory.
#pragma once

#include <cstdint>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

#include <absl/container/flat_hash_map.h>

#include "core/goal.hpp"
#include "core/search_common.hpp"
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
      : h_(h), goal_(goal.state), clock_(limits), open_(options.tie_break) {}

  SearchResult run(const State<B>& start) {
    SearchResult result;
    try {
      result = search(start);
    } catch (const std::bad_alloc&) {
      result = stopped(Status::OutOfMemory, StopReason::AllocationFailed, bound_);
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
    std::int32_t g;
    bool closed;
  };
  using Table = absl::flat_hash_map<State<B>, std::uint32_t>;

  std::uint64_t memory_bytes() const {
    return static_cast<std::uint64_t>(pool_.capacity()) * sizeof(Node) +
           hash_table_bytes(table_.capacity(), sizeof(std::pair<State<B>, std::uint32_t>)) +
           static_cast<std::uint64_t>(open_.size()) * sizeof(BucketQueue::Entry);
  }

  // Stores a new node (its state already entered in the table with this index) and opens it.
  void add(const State<B>& s, const Value& v, std::uint32_t parent, int g) {
    const auto index = static_cast<std::uint32_t>(pool_.size());
    pool_.push_back({s, v, parent, g, false});
    open_.push(g + h_.estimate(v), g, index);
  }

  SearchResult search(const State<B>& start) {
    table_.emplace(start, 0);
    add(start, h_.init(start), kNoParent, 0);
    while (!open_.empty()) {
      bound_ = open_.min_priority();
      const BucketQueue::Entry entry = open_.pop();
      if (pool_[entry.node].closed || pool_[entry.node].g != entry.g) continue;  // stale
      if (pool_[entry.node].state == goal_) {
        SearchResult solved;
        solved.status = Status::Solved;
        solved.path = trace_path<B>(pool_, entry.node);
        solved.optimal = H::kAdmissible || solved.path.empty();
        solved.bound = static_cast<int>(solved.path.size());
        return solved;
      }
      if (const StopReason reason = poll_limits(clock_, expanded_); reason != StopReason::None) {
        return stopped(Status::Limit, reason, bound_);
      }
      if (clock_.over_memory(memory_bytes())) {
        return stopped(Status::OutOfMemory, StopReason::MemoryLimit, bound_);
      }
      expand(entry.node);
    }
    return stopped(Status::Unsolvable, StopReason::None, bound_);
  }

  void expand(std::uint32_t index) {
    ++expanded_;
    Node& node = pool_[index];
    node.closed = true;
    const State<B> state = node.state;
    const Value value = node.value;
    const int g = node.g + 1;
    const int parent_blank = node.parent == kNoParent ? -1 : pool_[node.parent].state.blank;
    const auto& moves = B::kMoveTable[state.blank];
    for (int i = 0; i < moves.count; ++i) {
      const int target = moves.targets[i];
      if (target == parent_blank) continue;
      ++generated_;
      const Value child_value = h_.update(value, state.tile_at(target), target, state.blank);
      State<B> child = state;
      child.move_blank_to(target);
      const auto [found, inserted] =
          table_.try_emplace(child, static_cast<std::uint32_t>(pool_.size()));
      if (inserted) {
        add(child, child_value, index, g);
        continue;
      }
      Node& known = pool_[found->second];
      if (g >= known.g) continue;
      known.g = g;
      known.parent = index;
      known.closed = false;
      open_.push(g + h_.estimate(known.value), g, found->second);
    }
  }

  const H& h_;
  const State<B> goal_;
  LimitClock clock_;
  BucketQueue open_;
  std::vector<Node> pool_;
  Table table_;
  int bound_ = 0;  // the least f open: a lower bound on the solution length
  std::uint64_t expanded_ = 0;
  std::uint64_t generated_ = 0;
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
