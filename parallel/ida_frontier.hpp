// parallel/ida_frontier.hpp — the frontier of one parallel IDA* iteration: the tree below the start
// expanded breadth-first until a level is wide enough to share out.
//
// With cost bound b, the levels are expanded in order (the moves the move-pruning automaton
// refuses, the move back to the parent among them, pruned as in BoundedDfs, each node keeping its
// automaton state; children with f > b cut and their least f kept for the next bound) until a level
// holds at least `target` nodes or is empty. Every generated child is checked against the goal
// here, so a solution shallower than the split depth is found too (hog2's tracker shows the bug
// this avoids). The construction is deterministic: every process of a distributed search builds the
// same frontier and names subtrees by their index in the last level.
//
// The frontier's size per thread grows with the tree (the next iteration's is a few times the
// previous one's), between kMinSubtreesPerThread and kMaxSubtreesPerThread: small subtrees shorten
// the tail of an iteration where some threads are idle, few keep the frontier itself cheap.
#pragma once

#include <algorithm>
#include <climits>
#include <cstdint>
#include <vector>

#include "core/goal.hpp"
#include "core/move_pruning.hpp"
#include "core/search/search_types.hpp"

namespace npuzzle {

inline constexpr std::uint64_t kMinSubtreesPerThread = 16, kMaxSubtreesPerThread = 256;
inline constexpr std::uint64_t kNodesPerSubtree = 16384;  // in the previous iteration

// Subtrees per thread for an iteration after one that expanded `previous_expanded` nodes.
inline std::size_t subtrees_per_thread(std::uint64_t previous_expanded) {
  return static_cast<std::size_t>(std::clamp(previous_expanded / kNodesPerSubtree,
                                             kMinSubtreesPerThread, kMaxSubtreesPerThread));
}

template <class B, Heuristic H>
class IdaFrontier {
 public:
  using Value = typename H::Value;
  struct Node {
    State<B> state;
    Value value;
    int g = 0;
    int parent = -1;                            // index in the previous level
    Move move = Move::Up;                       // the blank move from the parent
    std::int32_t pruning = MovePruning::kRoot;  // the move-pruning automaton after the path here
    // The blank's cell before the move (BoundedDfs prunes the move back to it).
    int parent_blank() const { return B::neighbour(state.blank, inverse(move)); }
  };
  enum class Outcome { Found, Exhausted, Ready };

  IdaFrontier(const H& heuristic, const Goal<B>& goal)
      : h_(heuristic), goal_(goal.state), geometry_(goal.geometry) {}

  // Builds the frontier of the iteration with `bound` from `start`. Found: path() is a solution.
  // Exhausted: nothing is within the bound (next_bound() is the least f above it). Ready: nodes()
  // is the last level, each a subtree to search.
  Outcome build(const State<B>& start, const Value& root_value, int bound, std::size_t target) {
    levels_.assign(1, {});
    next_bound_ = INT_MAX;
    path_.clear();
    if (start == goal_) return Outcome::Found;
    levels_[0].push_back({start, root_value, 0, -1, Move::Up, MovePruning::kRoot});
    while (levels_.back().size() < target) {
      std::vector<Node> next;
      const std::vector<Node>& level = levels_.back();
      for (std::size_t i = 0; i < level.size(); ++i) {
        const Node& node = level[i];
        ++expanded_;
        const int blank = node.state.blank;
        const auto& moves = geometry_.moves(blank);
        for (int m = 0; m < moves.count; ++m) {
          const int to = moves.targets[static_cast<std::size_t>(m)];
          const Move move = moves.moves[static_cast<std::size_t>(m)];
          const std::int32_t pruning = pruning_.next(node.pruning, move);
          if (pruning == MovePruning::kPruned) continue;  // the move back to the parent too
          ++generated_;
          const int tile = node.state.tile_at(to);
          Node child{node.state, h_.update(node.value, tile, to, blank),
                     node.g + 1, static_cast<int>(i),
                     move,       pruning};
          const int h = h_.estimate(child.value);
          if (child.g + h > bound) {
            next_bound_ = std::min(next_bound_, child.g + h);
            continue;
          }
          child.state.move_blank_to(to);
          if (h == 0 && child.state == goal_) {
            levels_.push_back({child});
            path_ = prefix(0);
            return Outcome::Found;
          }
          next.push_back(child);
        }
      }
      if (next.empty()) return Outcome::Exhausted;
      levels_.push_back(std::move(next));
    }
    return Outcome::Ready;
  }

  const std::vector<Node>& nodes() const { return levels_.back(); }
  const std::vector<Move>& path() const { return path_; }
  int next_bound() const { return next_bound_; }
  std::uint64_t expanded() const { return expanded_; }  // over every build so far
  std::uint64_t generated() const { return generated_; }
  // The nodes held by the last build, every level.
  std::uint64_t stored() const {
    std::uint64_t n = 0;
    for (const auto& level : levels_) n += level.size();
    return n;
  }

  // The moves from the start to node `index` of the last level.
  std::vector<Move> prefix(std::size_t index) const {
    std::vector<Move> path;
    int i = static_cast<int>(index);
    for (std::size_t depth = levels_.size() - 1; depth > 0; --depth) {
      const Node& node = levels_[depth][static_cast<std::size_t>(i)];
      path.push_back(node.move);
      i = node.parent;
    }
    std::reverse(path.begin(), path.end());
    return path;
  }

 private:
  const H& h_;
  const State<B> goal_;
  [[no_unique_address]] const Geometry<B> geometry_;
  const MovePruning& pruning_ = MovePruning::standard();
  std::vector<std::vector<Node>> levels_;
  std::vector<Move> path_;
  int next_bound_ = INT_MAX;
  std::uint64_t expanded_ = 0, generated_ = 0;
};

}  // namespace npuzzle
