// core/search/ida_resume.hpp — the cold half of IDA*'s bounded depth-first pass (BoundedDfs,
// core/search/bounded_dfs.hpp): going on from a pass that stopped, and checking that a saved path
// is one a pass generates. Run once per resumed subtree at run time, never per node; the compiled
// node loop stays in bounded_dfs.hpp.
//
// Invariant: the order here (child_of, search_order) is the compiled loop's order: the board's
// geometry's moves (on a frame, the held board's), the move back and the automaton's refusals left
// out, and with kBatchChildren the child of least h first. A resumed pass therefore searches
// exactly the nodes the uninterrupted pass would have searched after the stop.
#pragma once

#include <algorithm>
#include <climits>
#include <cstddef>
#include <optional>
#include <vector>

#include "core/search/bounded_dfs.hpp"

namespace npuzzle {

template <class B, Heuristic H>
bool BoundedDfs<B, H>::fits(const State<B>& start, const Value& value, int g, int parent_blank,
                            int bound, std::int32_t pruning, const std::vector<Move>& path) const {
  if (g + h_.estimate(value) > bound) return false;
  Child node{start, value, pruning};
  int parent = parent_blank;
  for (const Move move : path) {
    const auto& moves = geometry_->moves(node.state.blank);
    int i = 0;
    while (i < moves.count && moves.moves[i] != move) ++i;
    if (i == moves.count) return false;
    const std::optional<Child> child = child_of(node, parent, i);
    if (!child || ++g + h_.estimate(child->value) > bound) return false;
    parent = node.state.blank;
    node = *child;
  }
  return true;
}

template <class B, Heuristic H>
std::optional<typename BoundedDfs<B, H>::Child> BoundedDfs<B, H>::child_of(const Child& node,
                                                                           int parent,
                                                                           int i) const {
  const auto& moves = geometry_->moves(node.state.blank);
  const int target = moves.targets[static_cast<std::size_t>(i)];
  if (target == parent) return std::nullopt;
  const std::int32_t pruning =
      pruning_[static_cast<std::size_t>(node.pruning) * 4 +
               static_cast<std::size_t>(moves.moves[static_cast<std::size_t>(i)])];
  if (pruning < 0) return std::nullopt;
  Child child{node.state,
              h_.update(node.value, node.state.tile_at(target), target, node.state.blank), pruning};
  child.state.move_blank_to(target);
  return child;
}

template <class B, Heuristic H>
typename BoundedDfs<B, H>::SearchOrder BoundedDfs<B, H>::search_order(const Child& node,
                                                                      int parent) const {
  const auto count = static_cast<std::size_t>(geometry_->moves(node.state.blank).count);
  SearchOrder order;
  std::size_t first = 0;
  int least = INT_MAX;
  for (std::size_t i = 0; i < count && i < order.child.size(); ++i) {
    order.index[i] = static_cast<int>(i);
    order.child[i] = child_of(node, parent, static_cast<int>(i));
    if (kBatchChildren && order.child[i] && h_.estimate(order.child[i]->value) < least) {
      least = h_.estimate(order.child[i]->value);
      first = i;
    }
  }
  const auto at = static_cast<std::ptrdiff_t>(first);
  std::rotate(order.index.begin(), order.index.begin() + at, order.index.begin() + at + 1);
  std::rotate(order.child.begin(), order.child.begin() + at, order.child.begin() + at + 1);
  return order;
}

template <class B, Heuristic H>
bool BoundedDfs<B, H>::resume_along(const State<B>& state, const Value& value, int g, int parent,
                                    std::int32_t pruning, const std::vector<Move>& path,
                                    std::size_t depth) {
  const Child node{state, value, pruning};
  if (depth == path.size()) return enter(node, g, parent);
  const auto& moves = geometry_->moves(state.blank);
  const SearchOrder order = search_order(node, parent);
  int at = 0;
  while (moves.moves[static_cast<std::size_t>(order.index[at])] != path[depth]) ++at;
  const Child on_path = *order.child[at];
  if (resume_along(on_path.state, on_path.value, g + 1, state.blank, on_path.pruning, path,
                   depth + 1)) {
    record(g, path[depth]);
    return true;
  }
  for (++at; at < moves.count; ++at) {
    const std::optional<Child>& later = order.child[at];
    const int i = order.index[at];
    if (!later) continue;
    const int h = h_.estimate(later->value);
    if (g + 1 + h > bound_) {
      next_bound_ = std::min(next_bound_, g + 1 + h);
      continue;
    }
    if ((h == 0 && later->state == goal_) || enter(*later, g + 1, state.blank)) {
      record(g, moves.moves[static_cast<std::size_t>(i)]);
      return true;
    }
  }
  return false;
}

}  // namespace npuzzle
