// core/search/bfs.hpp — breadth-first search, and the exact distance of every state of a small
// board.
//
// bfs(): exact shortest paths without a heuristic, for small boards and for comparison. The node
// store's pool is itself the FIFO queue (nodes are appended in generation order and expanded in
// index order); its table is a set of the states seen, and the goal test is made when a node is
// generated, so a solution of depth d is found after expanding only the states of depth < d.
//
// all_distances(): breadth-first search backwards from the goal over the whole space, one byte per
// permutation indexed by rank_permutation (kUnreachable for the half of the permutations of the
// other parity class). Moves are reversible, so the distance from the goal is the distance to it.
// Fits boards of at most 12 cells (3x3: 362,880 bytes; 2x5: 3.6 MB; 3x4: 479 MB).
#pragma once

#include <cstdint>
#include <vector>

#include "core/goal.hpp"
#include "core/rank.hpp"
#include "core/search/node_store.hpp"
#include "core/search/search_types.hpp"

namespace npuzzle {

inline constexpr std::uint8_t kUnreachable = 0xFF;  // all_distances: not reachable from the goal

template <class B>
std::vector<std::uint8_t> all_distances(const Goal<B>& goal) {
  static_assert(B::kCells <= 12, "the full distance table fits boards of at most 12 cells");
  static_assert(!B::kFrame, "the full distance table is for ordinary boards");
  std::vector<std::uint8_t> distance(kPermutationCount<B>, kUnreachable);
  std::vector<std::uint32_t> frontier{static_cast<std::uint32_t>(rank_permutation(goal.state))};
  std::vector<std::uint32_t> next;
  distance[frontier.front()] = 0;
  for (int depth = 1; !frontier.empty(); ++depth) {
    next.clear();
    for (const std::uint32_t rank : frontier) {
      const State<B> state = unrank_permutation<B>(rank);
      const auto& moves = goal.geometry.moves(state.blank);
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
class BreadthFirstSearch
    : public StoringSearch<BreadthFirstSearch<B>, B, NoPayload, TableKind::Set> {
 public:
  BreadthFirstSearch(const Goal<B>& goal, const Limits& limits)
      : BreadthFirstSearch::StoringSearch(goal, limits) {}

  // run_.bound: one more than the depth being expanded (no goal above it).
  SearchResult search(const State<B>& start) {
    nodes_.add(start, kNoParent, {});
    if (start == goal_) return run_.solved({}, true);
    nodes_.insert(start);
    // Nodes [layer_end of the previous layer, layer_end) are at depth run_.bound - 1.
    std::size_t layer_end = 1;
    run_.bound = 1;
    for (std::size_t index = 0; index < nodes_.size(); ++index) {
      if (index == layer_end) {
        ++run_.bound;
        layer_end = nodes_.size();
      }
      const StopReason reason = run_.poll([&] { return nodes_.bytes(); });
      if (reason != StopReason::None) return run_.stopped(reason);
      ++run_.expanded;
      const auto node = static_cast<std::uint32_t>(index);
      const bool found =
          nodes_.for_each_child(geometry_, node, [&](const State<B>&, int, const State<B>& child) {
            ++run_.generated;
            if (!nodes_.insert(child).inserted) return false;
            nodes_.add(child, node, {});
            return child == goal_;
          });
      if (found) {
        return run_.solved(nodes_.path_to(static_cast<std::uint32_t>(nodes_.size() - 1)), true);
      }
    }
    --run_.bound;  // the deepest layer held no goal, and no state lies deeper
    return run_.exhausted();
  }

 private:
  using BreadthFirstSearch::StoringSearch::geometry_;
  using BreadthFirstSearch::StoringSearch::goal_;
  using BreadthFirstSearch::StoringSearch::nodes_;
  using BreadthFirstSearch::StoringSearch::run_;
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
