// core/bfs.hpp — breadth-first search, and the exact distance of every state of a small board.
//
// bfs(): exact shortest paths without a heuristic, for small boards and for comparison. The pool of
// nodes is itself the FIFO queue (nodes are appended in generation order and expanded in index
// order); each node keeps its state and its parent's index. An absl::flat_hash_set of the states
// seen detects duplicates, and the goal test is made when a node is generated, so a solution of
// depth d is found after expanding only the states of depth < d.
//
// all_distances(): breadth-first search backwards from the goal over the whole space, one byte per
// permutation indexed by rank_permutation (kUnreachable for the half of the permutations of the
// other parity class). Moves are reversible, so the distance from the goal is the distance to it.
// Fits boards of at most 12 cells (3x3: 362,880 bytes; 2x5: 3.6 MB; 3x4: 479 MB).
#pragma once

#include <cstdint>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

#include <absl/container/flat_hash_set.h>

#include "core/goal.hpp"
#include "core/rank.hpp"
#include "core/search_common.hpp"
#include "core/search_types.hpp"

namespace npuzzle {

inline constexpr std::uint8_t kUnreachable = 0xFF;  // all_distances: not reachable from the goal

template <class B>
std::vector<std::uint8_t> all_distances(const Goal<B>& goal) {
  static_assert(B::kCells <= 12, "the full distance table fits boards of at most 12 cells");
  std::vector<std::uint8_t> distance(kPermutationCount<B>, kUnreachable);
  std::vector<std::uint32_t> frontier{static_cast<std::uint32_t>(rank_permutation(goal.state))};
  std::vector<std::uint32_t> next;
  distance[frontier.front()] = 0;
  for (int depth = 1; !frontier.empty(); ++depth) {
    next.clear();
    for (const std::uint32_t rank : frontier) {
      const State<B> state = unrank_permutation<B>(rank);
      const auto& moves = B::kMoveTable[state.blank];
      for (int i = 0; i < moves.count; ++i) {
        State<B> child = state;
        child.move_blank_to(moves.targets[i]);
        const auto child_rank = static_cast<std::uint32_t>(rank_permutation(child));
        if (distance[child_rank] != kUnreachable) continue;
        distance[child_rank] = static_cast<std::uint8_t>(depth);
        next.push_back(child_rank);
      }
    }
    frontier.swap(next);
  }
  return distance;
}

namespace detail {

template <class B>
class BreadthFirstSearch {
 public:
  BreadthFirstSearch(const Goal<B>& goal, const Limits& limits)
      : goal_(goal.state), clock_(limits) {}

  SearchResult run(const State<B>& start) {
    SearchResult result;
    try {
      result = search(start);
    } catch (const std::bad_alloc&) {
      result = stopped(Status::OutOfMemory, StopReason::AllocationFailed, depth_);
    }
    result.stats.expanded = expanded_;
    result.stats.generated = generated_;
    result.stats.stored = pool_.size();
    result.stats.seconds = clock_.elapsed();
    return result;
  }

 private:
  struct Node {
    State<B> state;
    std::uint32_t parent;
  };

  std::uint64_t memory_bytes() const {
    return static_cast<std::uint64_t>(pool_.capacity()) * sizeof(Node) +
           hash_table_bytes(seen_.capacity(), sizeof(State<B>));
  }

  SearchResult solved(std::uint32_t node) const {
    SearchResult r;
    r.status = Status::Solved;
    r.path = trace_path<B>(pool_, node);
    r.optimal = true;
    r.bound = static_cast<int>(r.path.size());
    return r;
  }

  SearchResult search(const State<B>& start) {
    pool_.push_back({start, kNoParent});
    if (start == goal_) return solved(0);
    seen_.insert(start);
    // Nodes [layer_end of the previous layer, layer_end) are at depth depth_.
    std::size_t layer_end = 1;
    for (std::size_t index = 0; index < pool_.size(); ++index) {
      if (index == layer_end) {
        ++depth_;
        layer_end = pool_.size();
      }
      if (const StopReason reason = poll_limits(clock_, expanded_); reason != StopReason::None) {
        return stopped(Status::Limit, reason, depth_ + 1);
      }
      if (clock_.over_memory(memory_bytes())) {
        return stopped(Status::OutOfMemory, StopReason::MemoryLimit, depth_ + 1);
      }
      ++expanded_;
      const State<B> state = pool_[index].state;
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
        pool_.push_back({child, static_cast<std::uint32_t>(index)});
        if (child == goal_) return solved(static_cast<std::uint32_t>(pool_.size() - 1));
      }
    }
    return stopped(Status::Unsolvable, StopReason::None, depth_);
  }

  const State<B> goal_;
  LimitClock clock_;
  std::vector<Node> pool_;
  absl::flat_hash_set<State<B>> seen_;
  int depth_ = 0;  // of the node being expanded: no goal at depth <= depth_
  std::uint64_t expanded_ = 0;
  std::uint64_t generated_ = 0;
};

}  // namespace detail

// Breadth-first search; optimal. On an unsolvable start it exhausts the reachable space and
// returns Status::Unsolvable (only practical on small boards).
template <class B>
SearchResult bfs(const Goal<B>& goal, const State<B>& start, const Limits& limits) {
  detail::BreadthFirstSearch<B> search(goal, limits);
  return search.run(start);
}

}  // namespace npuzzle
