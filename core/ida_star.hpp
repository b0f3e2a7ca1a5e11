// core/ida_star.hpp — iterative-deepening A* (Korf 1985), the main optimal solver.
//
// `BoundedDfs` is one depth-first pass under a cost bound from a given node; `IdaStar` runs passes
// with rising bounds until the goal is reached. Parallel IDA* reuses `BoundedDfs`, one per worker.
//
// PERFORMANCE: the node loop passes the packed word down the recursion (a register: the undo is
// free) and is instantiated per (blank cell, parent's blank cell); the heuristic
// value of each child is computed from its parent's with `H::update` (a table look-up for
// Manhattan) BEFORE the move is made, so a child whose f exceeds the bound costs a load, an add and
// a compare: it is counted as generated but never applied. The move back to the parent is never
// generated, nor is any move that core/move_pruning.hpp's automaton refuses (a path ending with a
// duplicate move string: its state has a shorter or earlier path); the automaton's state travels
// down the recursion with the word. No allocation, virtual call or std::function per node; the
// limits and the heartbeat are looked at every LimitClock::kPollInterval expansions (and exactly at
// a node limit).
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <climits>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/goal.hpp"
#include "core/move_pruning.hpp"
#include "core/search_run.hpp"
#include "core/search_types.hpp"

namespace npuzzle {

template <class B, Heuristic H>
class BoundedDfs {
 public:
  using Value = typename H::Value;
  using Word = typename B::Word;
  // Small values travel in registers.
  using ValueArg = std::conditional_t<(sizeof(Value) <= 16), Value, const Value&>;
  enum class Outcome { Found, Exhausted, Stopped };
  static constexpr int kNoCell = -1;

  // `cancel` (optional) is polled with the limits; another worker sets it to stop this one.
  BoundedDfs(const H& heuristic, const State<B>& goal, const LimitClock& clock,
             const std::atomic<bool>* cancel = nullptr)
      : h_(heuristic), goal_(goal), clock_(clock), cancel_(cancel) {}

  // Searches below `start` (reached at cost `g`, its parent's blank on `parent_blank` or kNoCell,
  // the move-pruning automaton in `pruning` after the moves that reached it) for a goal with
  // f <= bound. On Found, path() holds the moves from `start` to the goal.
  // Counters accumulate across calls; next_bound() is the least f seen above the bound.
  Outcome run(const State<B>& start, const Value& value, int g, int parent_blank, int bound,
              std::int32_t pruning = MovePruning::kRoot) {
    bound_ = bound;
    base_g_ = g;
    path_.assign(static_cast<std::size_t>(std::max(bound - g, 0) + 1), Move::Up);
    path_length_ = 0;
    stopped_ = false;
    const int h = h_.estimate(value);
    if (g + h > bound) {
      next_bound_ = std::min(next_bound_, g + h);
      return Outcome::Exhausted;
    }
    if (start == goal_) return Outcome::Found;
    if (dfs_from_root(start, value, g, parent_blank, pruning)) return Outcome::Found;
    return stopped_ ? Outcome::Stopped : Outcome::Exhausted;
  }

  std::vector<Move> path() const { return {path_.begin(), path_.begin() + path_length_}; }
  std::uint64_t expanded() const { return expanded_; }
  std::uint64_t generated() const { return generated_; }
  int next_bound() const { return next_bound_; }
  void reset_next_bound() { next_bound_ = INT_MAX; }
  StopReason stop_reason() const { return stop_reason_; }

 private:
  // Polls the clock and the flags every kPollInterval expansions, and stops exactly at a node
  // limit. Out of line and cold: inlined into every instantiation of dfs(), its heartbeat call
  // cost the node loop about 3 instructions per generated node (callgrind, Korf #2 with md).
  [[gnu::noinline, gnu::cold]] bool poll() {
    next_poll_ = expanded_ + LimitClock::kPollInterval;
    const std::uint64_t node_limit = clock_.limits().nodes;
    if (node_limit && node_limit > expanded_ && node_limit < next_poll_) next_poll_ = node_limit;
    if (cancel_ && cancel_->load(std::memory_order_relaxed)) {
      stop_reason_ = StopReason::Cancelled;
      return true;
    }
    stop_reason_ = clock_.check(expanded_);
    if (stop_reason_ != StopReason::None) return true;
    if (const HeartbeatFn* heartbeat = clock_.limits().heartbeat; heartbeat && *heartbeat) {
      (*heartbeat)(
          {expanded_, generated_, bound_, path_.capacity() * sizeof(Move), clock_.elapsed()});
    }
    return false;
  }

  // One instantiation per (blank cell, parent's blank cell): the neighbours, the shifts of the
  // packed word and the offsets into the heuristic's tables are constants, and the children's loop
  // is unrolled. Parent == kNoCell at the root of a pass.
  template <int Blank, int Parent>
  bool dfs(Word word, ValueArg value, int g, std::int32_t pruning) {
    ++expanded_;
    if (expanded_ >= next_poll_ && poll()) {
      // Stop by making every child exceed the bound: the recursion unwinds with no extra test.
      stopped_ = true;
      bound_ = -1;
    }
    return visit_children<Blank, Parent>(word, value, g, pruning,
                                         std::make_index_sequence<B::kMoveTable[Blank].count>{});
  }

  // The automaton's state after child I's move (kPruned for the move back to the parent).
  template <int Blank, int Parent, std::size_t I>
  NPUZZLE_ALWAYS_INLINE std::int32_t child_pruning(std::int32_t pruning) const {
    if constexpr (B::kMoveTable[Blank].targets[I] == Parent) {
      return MovePruning::kPruned;
    } else {
      constexpr auto kMove = static_cast<std::size_t>(B::kMoveTable[Blank].moves[I]);
      return pruning_[static_cast<std::size_t>(pruning) * 4 + kMove];
    }
  }

  // Heuristics whose look-ups mostly miss the caches (pattern databases) say kBatchChildren: every
  // child's value is then computed before the first child is searched, so the children's table
  // reads wait on memory together instead of one after another's subtree.
  static constexpr bool kBatchChildren = requires { requires H::kBatchChildren; };

  template <int Blank, int Parent, std::size_t... I>
  NPUZZLE_ALWAYS_INLINE bool visit_children(Word word, ValueArg value, int g, std::int32_t pruning,
                                            std::index_sequence<I...>) {
    const std::array<std::int32_t, sizeof...(I)> states{
        child_pruning<Blank, Parent, I>(pruning)...};
    generated_ += static_cast<std::uint64_t>(((states[I] >= 0) + ...));
    if constexpr (kBatchChildren) {
      const std::array<Value, sizeof...(I)> children{
          (states[I] >= 0 ? child_value<Blank, Parent, I>(word, value) : value)...};
      // Bidirectional pathmax (Felner, Zahavi, Holte et al. 2011): the node is one move from each
      // child, so at least (the largest child's h) - 1 from the goal. With an inconsistent
      // heuristic that can exceed the bound when the node's own h did not: then no child is
      // searched, and the raised f is what the next bound may be.
      // A refused child is not looked up: it stands in with the node's own value, which raises
      // nothing.
      const int raised = g + std::max({child_estimate<Blank, Parent, I>(children[I])...}) - 1;
      if (raised > bound_) {
        if (raised < next_bound_) next_bound_ = raised;
        return false;
      }
      return ((states[I] >= 0 && visit_child<Blank, Parent, I>(word, children[I], g, states[I])) ||
              ...);
    } else {
      return (
          (states[I] >= 0 && visit_child<Blank, Parent, I>(
                                 word, child_value<Blank, Parent, I>(word, value), g, states[I])) ||
          ...);
    }
  }

  // The heuristic value after child I's move (the parent's own value for the move back, which is
  // never searched).
  template <int Blank, int Parent, std::size_t I>
  NPUZZLE_ALWAYS_INLINE Value child_value(Word word, ValueArg value) const {
    constexpr int kTarget = B::kMoveTable[Blank].targets[I];
    if constexpr (kTarget == Parent) {
      return value;
    } else {
      const Word tile = (word >> State<B>::shift(kTarget)) & B::kCellMask;
      return h_.update(value, static_cast<int>(tile), kTarget, Blank);
    }
  }

  // Child I's estimate (0 for the move back, which is never searched; a pruned child's value is
  // its parent's, a bound that holds one move away too).
  template <int Blank, int Parent, std::size_t I>
  NPUZZLE_ALWAYS_INLINE int child_estimate(ValueArg child) const {
    if constexpr (B::kMoveTable[Blank].targets[I] == Parent) {
      return 0;
    } else {
      return h_.estimate(child);
    }
  }

  // Returns true when the goal was found below child I, whose heuristic value is `child`.
  template <int Blank, int Parent, std::size_t I>
  NPUZZLE_ALWAYS_INLINE bool visit_child(Word word, ValueArg child, int g, std::int32_t pruning) {
    constexpr int kTarget = B::kMoveTable[Blank].targets[I];
    if constexpr (kTarget == Parent) {
      return false;
    } else {
      const int h = h_.estimate(child);
      const int f = g + 1 + h;
      if (f > bound_) {
        if (f < next_bound_) next_bound_ = f;
        return false;
      }
      const Word tile = (word >> State<B>::shift(kTarget)) & B::kCellMask;
      const Word moved =
          word + (tile << State<B>::shift(Blank)) - (tile << State<B>::shift(kTarget));
      if ((h == 0 && moved == goal_.word) || dfs<kTarget, Blank>(moved, child, g + 1, pruning)) {
        path_[static_cast<std::size_t>(g - base_g_)] = B::kMoveTable[Blank].moves[I];
        path_length_ = std::max(path_length_, g - base_g_ + 1);
        return true;
      }
      return false;
    }
  }

  using DfsEntry = bool (BoundedDfs::*)(Word, ValueArg, int, std::int32_t);
  // kDispatch[blank][parent + 1]: the pass's entry for a root with that blank and parent blank.
  using DispatchRow = std::array<DfsEntry, B::kCells + 1>;
  template <int Blank, std::size_t... I>
  static constexpr DispatchRow dispatch_row(std::index_sequence<I...>) {
    DispatchRow row{};
    row[0] = &BoundedDfs::dfs<Blank, kNoCell>;
    ((row[B::kMoveTable[Blank].targets[I] + 1] =
          &BoundedDfs::dfs<Blank, B::kMoveTable[Blank].targets[I]>),
     ...);
    return row;
  }
  template <std::size_t... Cell>
  static constexpr std::array<DispatchRow, B::kCells> dispatch_table(std::index_sequence<Cell...>) {
    return {dispatch_row<static_cast<int>(Cell)>(
        std::make_index_sequence<B::kMoveTable[Cell].count>{})...};
  }
  // kDispatch[blank][parent + 1]: the pass's entry for a root with that blank and parent blank.
  static constexpr std::array<DispatchRow, B::kCells> kDispatch =
      dispatch_table(std::make_index_sequence<B::kCells>{});

  bool dfs_from_root(const State<B>& start, const Value& value, int g, int parent_blank,
                     std::int32_t pruning) {
    const DfsEntry entry = kDispatch[start.blank][static_cast<std::size_t>(parent_blank + 1)];
    return (this->*entry)(start.word, value, g, pruning);
  }

  const H& h_;
  const State<B> goal_;
  const LimitClock& clock_;
  const std::atomic<bool>* cancel_;
  const std::int32_t* pruning_ = MovePruning::standard().table();
  int bound_ = 0;
  int base_g_ = 0;
  int next_bound_ = INT_MAX;
  bool stopped_ = false;
  std::vector<Move> path_;
  int path_length_ = 0;
  std::uint64_t expanded_ = 0;
  std::uint64_t next_poll_ = 0;  // expanded_ count at which poll() runs next
  std::uint64_t generated_ = 0;
  StopReason stop_reason_ = StopReason::None;
};

// Sequential IDA*. Optimal for admissible heuristics. The caller decides solvability first.
// stats.stored is the nodes on the deepest path the last bound allows (bound + 1; when solved, the
// solution's path with the start).
template <class B, Heuristic H>
SearchResult ida_star(const H& heuristic, const Goal<B>& goal, const State<B>& start,
                      const Limits& limits, const ProgressFn& progress = {}) {
  // The heartbeat (called at the limit polls, never per node) also tells how far the iteration is
  // and how many nodes it is expected to take.
  std::uint64_t iteration_start = 0, estimate = 0;
  HeartbeatFn iteration_heartbeat;
  Limits with_iteration = limits;
  if (limits.heartbeat && *limits.heartbeat) {
    iteration_heartbeat = [&](const Heartbeat& h) {
      Heartbeat beat = h;
      beat.iteration_expanded = h.expanded - iteration_start;
      beat.iteration_estimate = estimate;
      (*limits.heartbeat)(beat);
    };
    with_iteration.heartbeat = &iteration_heartbeat;
  }
  SearchRun run(with_iteration);
  BoundedDfs<B, H> dfs(heuristic, goal.state, run.clock());
  const auto value = heuristic.init(start);
  run.bound = heuristic.estimate(value);
  int iterations = 0;
  std::uint64_t previous = 0;  // the previous iteration's expansions
  double iteration_began = 0;
  SearchResult result = run.guard([&] {
    for (;;) {
      dfs.reset_next_bound();
      const auto outcome = dfs.run(start, value, 0, BoundedDfs<B, H>::kNoCell, run.bound);
      ++iterations;
      run.expanded = dfs.expanded();
      run.generated = dfs.generated();
      const std::uint64_t this_iteration = run.expanded - iteration_start;
      const double now = run.clock().elapsed();
      if (progress) {
        const double span = now - iteration_began;
        progress({run.bound, run.expanded, run.generated, now, this_iteration, previous,
                  span > 0 ? static_cast<double>(this_iteration) / span : 0.0});
      }
      if (outcome == BoundedDfs<B, H>::Outcome::Found) {
        return run.solved(dfs.path(), H::kAdmissible);
      }
      if (outcome == BoundedDfs<B, H>::Outcome::Stopped) return run.stopped(dfs.stop_reason());
      if (dfs.next_bound() == INT_MAX) return run.exhausted();
      run.bound = dfs.next_bound();
      estimate = next_iteration_estimate(previous, this_iteration);
      previous = this_iteration;
      iteration_start = run.expanded;
      iteration_began = now;
    }
  });
  result.stats.iterations = iterations;
  result.stats.stored = static_cast<std::uint64_t>(run.bound) + 1;
  return result;
}

}  // namespace npuzzle
