// core/search/dfbnb.hpp — depth-first branch and bound.
//
// First greedy best-first search finds a path; its length is the first upper bound (the
// incumbent). Then a depth-first search from the start looks only for strictly shorter paths: a
// child with f = g + h >= the incumbent's length is pruned, children are tried in order of
// increasing h, the move back to the parent is never generated, and a child equal to a state on
// the current path is skipped (no cycles: in a grid only ancestors an even number of moves back can
// repeat, so only those are compared). Each goal reached becomes the new incumbent. When the
// depth-first search ends, the incumbent is optimal for an admissible heuristic.
//
// Memory: only the current path besides the greedy phase; the peak reported as stored is the
// larger of the greedy phase's nodes and the deepest path. Moves are made in place on one state
// and undone; heuristic values are updated incrementally. Limits: the greedy phase and the
// depth-first phase share the node and time budget (one SearchRun counts both).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/goal.hpp"
#include "core/search/greedy.hpp"
#include "core/search/search_run.hpp"
#include "core/search/search_types.hpp"

namespace npuzzle {
namespace detail {

template <class B, Heuristic H>
class DepthFirstBnb {
 public:
  // `run` already counts the greedy phase's expansions against the node limit.
  DepthFirstBnb(const H& h, const Goal<B>& goal, SearchRun& run)
      : h_(h), goal_(goal.state), geometry_(goal.geometry), run_(run) {}

  // Searches for paths shorter than `incumbent`: the best path found, or the reason it stopped.
  SearchResult run(const State<B>& start, std::vector<Move> incumbent) {
    best_path_ = std::move(incumbent);
    best_ = static_cast<int>(best_path_.size());
    state_ = start;
    ancestors_.assign(1, start.word);
    path_.clear();
    dfs(h_.init(start), 0, -1);
    if (reason_ != StopReason::None) return run_.stopped(reason_);
    return run_.solved(best_path_, H::kAdmissible);
  }

  // Nodes on the deepest path the search held.
  std::size_t deepest() const { return deepest_; }

 private:
  using Value = typename H::Value;
  struct Child {
    int target;
    Move move;
    int h;
    Value value;
  };

  bool on_path(const typename B::Word& word, int depth) const {
    for (int d = depth - 2; d >= 0; d -= 2) {
      if (ancestors_[static_cast<std::size_t>(d)] == word) return true;
    }
    return false;
  }

  void dfs(const Value& value, int g, int parent_blank) {
    ++run_.expanded;
    reason_ = run_.poll([] { return std::uint64_t{0}; });
    if (reason_ != StopReason::None) return;
    deepest_ = std::max(deepest_, ancestors_.size());
    const int blank = state_.blank;
    const auto& moves = geometry_.moves(blank);
    std::array<Child, 4> children;
    int count = 0;
    for (int i = 0; i < moves.count; ++i) {
      const int target = moves.targets[i];
      if (target == parent_blank) continue;
      ++run_.generated;
      const Value child_value = h_.update(value, state_.tile_at(target), target, blank);
      const int h = h_.estimate(child_value);
      if (g + 1 + h >= best_) continue;
      State<B> child = state_;
      child.move_blank_to(target);
      if (child == goal_) {
        // Every sibling has f >= g + 1, the new incumbent's length: nothing left to try here.
        best_path_ = path_;
        best_path_.push_back(moves.moves[i]);
        best_ = g + 1;
        return;
      }
      if (on_path(child.word, g + 1)) continue;
      int at = count++;
      for (; at > 0 && children[static_cast<std::size_t>(at - 1)].h > h; --at) {
        children[static_cast<std::size_t>(at)] = children[static_cast<std::size_t>(at - 1)];
      }
      children[static_cast<std::size_t>(at)] = {target, moves.moves[i], h, child_value};
    }
    for (int i = 0; i < count; ++i) {
      const Child& child = children[static_cast<std::size_t>(i)];
      if (g + 1 + child.h >= best_) break;  // sorted by h: the rest are pruned too
      state_.move_blank_to(child.target);
      ancestors_.push_back(state_.word);
      path_.push_back(child.move);
      dfs(child.value, g + 1, blank);
      path_.pop_back();
      ancestors_.pop_back();
      state_.move_blank_to(blank);
      if (reason_ != StopReason::None) return;
    }
  }

  const H& h_;
  const State<B> goal_;
  [[no_unique_address]] const Geometry<B> geometry_;
  SearchRun& run_;
  State<B> state_{};
  std::vector<typename B::Word> ancestors_;  // the states on the current path, by depth
  std::vector<Move> path_;                   // the moves to state_
  std::vector<Move> best_path_;              // the incumbent
  int best_ = 0;                             // its length
  std::size_t deepest_ = 0;                  // the most states ancestors_ held
  StopReason reason_ = StopReason::None;     // why a limit stopped the search
};

}  // namespace detail

// Depth-first branch and bound; optimal (result.optimal) when it finishes with an admissible
// heuristic. The caller decides solvability first; on an unsolvable start the greedy phase
// exhausts the reachable space and the result is Status::Unsolvable.
template <class B, Heuristic H>
SearchResult dfbnb(const H& h, const Goal<B>& goal, const State<B>& start, const Limits& limits) {
  static_assert(std::is_same_v<typename H::BoardType, B>, "heuristic for another board");
  SearchRun run(limits);
  SearchResult first = greedy(h, goal, start, limits);
  if (first.status != Status::Solved || first.path.empty()) {
    first.stats.seconds = run.clock().elapsed();
    return first;
  }
  run.expanded = first.stats.expanded;
  run.generated = first.stats.generated;
  run.bound = h.estimate(h.init(start));
  detail::DepthFirstBnb<B, H> search(h, goal, run);
  SearchResult result = run.guard([&] { return search.run(start, std::move(first.path)); });
  result.stats.stored = std::max<std::uint64_t>(first.stats.stored, search.deepest());
  return result;
}

}  // namespace npuzzle
