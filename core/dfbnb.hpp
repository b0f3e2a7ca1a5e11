// core/dfbnb.hpp — depth-first branch and bound.
//
// First greedy best-first search finds a path; its length is the first upper bound (the
// incumbent). Then a depth-first search from the start looks only for strictly shorter paths: a
// child with f = g + h >= the incumbent's length is pruned, children are tried in order of
// increasing h, the move back to the parent is never generated, and a child equal to a state on
// the current path is skipped (no cycles: in a grid only ancestors an even number of moves back can
// repeat, so only those are compared). Each goal reached becomes the new incumbent. When the
// depth-first search ends, the incumbent is optimal for an admissible heuristic.
//
// Memory: only the current path besides the greedy phase (whose peak is reported as stored).
// Moves are made in place on one state and undone; heuristic values are updated incrementally.
// Limits: the greedy phase and the depth-first phase share the node and time budget.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/goal.hpp"
#include "core/greedy.hpp"
#include "core/search_common.hpp"
#include "core/search_types.hpp"

namespace npuzzle {
namespace detail {

template <class B, Heuristic H>
class DepthFirstBnb {
 public:
  // `prior_expanded`: expansions already spent (the greedy phase) against the node limit.
  DepthFirstBnb(const H& h, const Goal<B>& goal, const LimitClock& clock,
                std::uint64_t prior_expanded)
      : h_(h), goal_(goal.state), clock_(clock), prior_expanded_(prior_expanded) {}

  // Searches for paths shorter than `incumbent`; returns false when a limit stopped it.
  bool run(const State<B>& start, std::vector<Move> incumbent) {
    best_path_ = std::move(incumbent);
    best_ = static_cast<int>(best_path_.size());
    state_ = start;
    ancestors_.assign(1, start.word);
    path_.clear();
    dfs(h_.init(start), 0, -1);
    return reason_ == StopReason::None;
  }

  const std::vector<Move>& best_path() const { return best_path_; }
  StopReason stop_reason() const { return reason_; }
  std::uint64_t expanded() const { return expanded_; }
  std::uint64_t generated() const { return generated_; }

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
    ++expanded_;
    reason_ = poll_limits(clock_, prior_expanded_ + expanded_);
    if (reason_ != StopReason::None) return;
    const int blank = state_.blank;
    const auto& moves = B::kMoveTable[blank];
    std::array<Child, 4> children;
    int count = 0;
    for (int i = 0; i < moves.count; ++i) {
      const int target = moves.targets[i];
      if (target == parent_blank) continue;
      ++generated_;
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
  const LimitClock& clock_;
  const std::uint64_t prior_expanded_;
  State<B> state_{};
  std::vector<typename B::Word> ancestors_;  // the states on the current path, by depth
  std::vector<Move> path_;                   // the moves to state_
  std::vector<Move> best_path_;              // the incumbent
  int best_ = 0;                             // its length
  StopReason reason_ = StopReason::None;     // why a limit stopped the search
  std::uint64_t expanded_ = 0;
  std::uint64_t generated_ = 0;
};

}  // namespace detail

// Depth-first branch and bound; optimal (result.optimal) when it finishes with an admissible
// heuristic. The caller decides solvability first; on an unsolvable start the greedy phase
// exhausts the reachable space and the result is Status::Unsolvable.
template <class B, Heuristic H>
SearchResult dfbnb(const H& h, const Goal<B>& goal, const State<B>& start, const Limits& limits) {
  static_assert(std::is_same_v<typename H::BoardType, B>, "heuristic for another board");
  const LimitClock clock(limits);
  SearchResult first = greedy(h, goal, start, limits);
  if (first.status != Status::Solved || first.path.empty()) {
    first.stats.seconds = clock.elapsed();
    return first;
  }
  detail::DepthFirstBnb<B, H> search(h, goal, clock, first.stats.expanded);
  const bool finished = search.run(start, std::move(first.path));
  SearchResult result;
  if (finished) {
    result.status = Status::Solved;
    result.path = search.best_path();
    result.optimal = H::kAdmissible;
    result.bound = static_cast<int>(result.path.size());
  } else {
    result.status = Status::Limit;
    result.reason = search.stop_reason();
    result.bound = h.estimate(h.init(start));
  }
  result.stats.expanded = first.stats.expanded + search.expanded();
  result.stats.generated = first.stats.generated + search.generated();
  result.stats.stored = first.stats.stored;
  result.stats.seconds = clock.elapsed();
  return result;
}

}  // namespace npuzzle
