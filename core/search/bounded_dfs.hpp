// core/search/bounded_dfs.hpp — one depth-first pass of IDA* under a cost bound from a given node
// (`BoundedDfs`). core/search/ida_star.hpp runs passes with rising bounds until the goal is
// reached; parallel IDA* and A*+IDA* (parallel/) run one per worker and frontier node.
//
// PERFORMANCE: the node loop passes the packed word down the recursion (a register: the undo is
// free) and is instantiated per (blank cell, parent's blank cell) (on the 15- and 24-puzzle with
// the benchmarks' heuristics; per blank cell elsewhere, kParentSpecialized); the heuristic value of
// each child is computed from its parent's with `H::update` (a table look-up for Manhattan) BEFORE
// the move is made, so a child whose f exceeds the bound costs a load, an add and a compare: it is
// counted as generated but never applied. The move back to the parent is never generated, nor is
// any move that core/move_pruning.hpp's automaton refuses (a path ending with a duplicate move
// string: its state has a shorter or earlier path); the automaton's state travels down the
// recursion with the word. No allocation, virtual call or std::function per node; the limits and
// the heartbeat are looked at every LimitClock::kPollInterval expansions (and exactly at a node
// limit).
//
// A pass stopped by a limit (or a cancel) unwinds like one that found the goal, recording the moves
// down to the node where it stopped (counted as expanded, but its children not generated), so it
// can go on from there later (`resume`, checkpoints): nothing searched before the stop is searched
// again. The node loop pays nothing for that; the descent along a saved path is cold code.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <climits>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/goal.hpp"
#include "core/move_pruning.hpp"
#include "core/search/search_run.hpp"
#include "core/search/search_types.hpp"

namespace npuzzle {

// The node loops also instantiated per parent's blank cell, so the move back is dropped at compile
// time: on the 15- and 24-puzzle (the boards of the benchmark sets), with the heuristics of their
// benchmarks (8.9 % fewer instructions per node with Manhattan on 4x4, 8.6 % with 7-8 pattern
// databases, bench/RESULTS.md). Elsewhere one instantiation per blank cell (Parent == kNoCell)
// takes a quarter of the code to compile, and the move back is refused by the move-pruning
// automaton like any duplicate string (core/CMakeLists.txt keeps the strings of two moves in it):
// - on the other boards, and on the frames that hold them (core/frame.hpp);
// - with a heuristic that says `kPerParentLoops = false`, as those no benchmark set runs do: the
//   erased heuristic (an indirect call per child), pattern databases looked up one way only (on a
//   square board, a goal off the diagonal) or two sets reflected on 4x4;
// - in the sanitizer builds (NPUZZLE_SANITIZED): the same code with the parent left to the
//   automaton, a quarter of the code to instrument (their suites run the search logic, not the
//   instruction count; the Release suites run the specialised loops).
#if defined(NPUZZLE_SANITIZED)
inline constexpr bool kSanitizedBuild = true;
#else
inline constexpr bool kSanitizedBuild = false;
#endif
template <class B, class H>
inline constexpr bool kParentSpecialized =
    !kSanitizedBuild && !B::kFrame && (B::kRows == B::kCols) && (B::kCells >= 16) && !requires {
  requires !H::kPerParentLoops;
};

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
  // `goal` outlives the search (its geometry is read, not copied).
  BoundedDfs(const H& heuristic, const Goal<B>& goal, const LimitClock& clock,
             const std::atomic<bool>* cancel = nullptr)
      : h_(heuristic),
        goal_(goal.state),
        geometry_(&goal.geometry),
        open_cells_(goal.geometry.open_cells()),
        clock_(clock),
        cancel_(cancel) {}

  // Searches below `start` (reached at cost `g`, its parent's blank on `parent_blank` or kNoCell,
  // the move-pruning automaton in `pruning` after the moves that reached it) for a goal with
  // f <= bound. On Found, path() holds the moves from `start` to the goal; on Stopped, the moves
  // to the node where the pass stopped, which expanded() counts but whose children were not
  // generated. Counters accumulate across calls; next_bound() is the least f seen above the bound
  // (on Stopped: in the part searched).
  Outcome run(const State<B>& start, const Value& value, int g, int parent_blank, int bound,
              std::int32_t pruning = MovePruning::kRoot) {
    begin_pass(g, bound);
    const int h = h_.estimate(value);
    if (g + h > bound) {
      next_bound_ = std::min(next_bound_, g + h);
      return Outcome::Exhausted;
    }
    if (start == goal_) return Outcome::Found;
    return outcome(dfs_from_root(start, value, g, parent_blank, pruning));
  }

  // Goes on with a pass that stopped: `stopped_at` is the path() of a run() or resume() with the
  // same arguments that returned Stopped (fits() says whether a path can be one). The nodes along
  // it were expanded and, at each, the children before the path's move searched; so this searches
  // the node at its end (which the stopped pass counted but did not expand) and then each path
  // node's later children, deepest first: the rest of the uninterrupted pass, whose counts it adds
  // (less the one node counted twice). It gets further than the stopped pass when its node limit
  // lets it expand two nodes.
  Outcome resume(const State<B>& start, const Value& value, int g, int parent_blank, int bound,
                 std::int32_t pruning, const std::vector<Move>& stopped_at) {
    begin_pass(g, bound);
    return outcome(resume_along(start, value, g, parent_blank, pruning, stopped_at, 0));
  }

  // True when `path` leads from `start` (as in run()) through children a pass with `bound`
  // generates (on the board, not refused by the move-pruning automaton) that are within the bound.
  bool fits(const State<B>& start, const Value& value, int g, int parent_blank, int bound,
            std::int32_t pruning, const std::vector<Move>& path) const;

  std::vector<Move> path() const { return {path_.begin(), path_.begin() + path_length_}; }
  std::uint64_t expanded() const { return expanded_; }
  std::uint64_t generated() const { return generated_; }
  int next_bound() const { return next_bound_; }
  void reset_next_bound() { next_bound_ = INT_MAX; }
  // The least h of the nodes searched (expanded, or the goal) since reset_closest(), INT_MAX when
  // none: how near the goal a subtree came. A*+IDA* takes its last threshold's frontier nodes in
  // the order of the previous threshold's closest approach (parallel/aida_schedule.hpp); `saw`
  // counts a node searched outside the passes.
  int closest() const { return closest_; }
  void reset_closest() { closest_ = INT_MAX; }
  void saw(int h) { closest_ = std::min(closest_, h); }
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

  void begin_pass(int g, int bound) {
    bound_ = bound;
    base_g_ = g;
    path_.assign(static_cast<std::size_t>(std::max(bound - g, 0) + 1), Move::Up);
    path_length_ = 0;
    stopped_ = false;
  }

  // What a pass's descent returned (true: found or stopped) as its outcome.
  Outcome outcome(bool ended) const {
    if (!ended) return Outcome::Exhausted;
    return stopped_ ? Outcome::Stopped : Outcome::Found;
  }

  // The Parent argument of dfs() for a node whose parent's blank is on `parent`.
  static constexpr int parent_argument(int parent) {
    return kParentSpecialized<B, H> ? parent : kNoCell;
  }

  // One instantiation per (blank cell, parent's blank cell): the neighbours, the shifts of the
  // packed word and the offsets into the heuristic's tables are constants, and the children's loop
  // is unrolled. Parent == kNoCell at the root of a pass, and on every node of the loops that are
  // not kParentSpecialized (the automaton in `pruning` refuses the move back there).
  template <int Blank, int Parent>
  bool dfs(Word word, ValueArg value, int g, std::int32_t pruning) {
    ++expanded_;
    if (expanded_ >= next_poll_ && poll()) {
      // Stop here, unwinding as a found goal does: the callers record the path to this node.
      stopped_ = true;
      return true;
    }
    return visit_children<Blank, Parent>(word, value, g, pruning,
                                         std::make_index_sequence<B::kMoveTable[Blank].count>{});
  }

  // The automaton's state after child I's move (kPruned for the move back to the parent).
  // On a frame, a move off the held board is refused like a pruned one: never generated.
  template <int Blank, int Parent, std::size_t I>
  NPUZZLE_ALWAYS_INLINE std::int32_t child_pruning(std::int32_t pruning) const {
    if constexpr (B::kMoveTable[Blank].targets[I] == Parent) {
      return MovePruning::kPruned;
    } else {
      if constexpr (B::kFrame) {
        if (((open_cells_ >> B::kMoveTable[Blank].targets[I]) & 1u) == 0)
          return MovePruning::kPruned;
      }
      constexpr auto kMove = static_cast<std::size_t>(B::kMoveTable[Blank].moves[I]);
      return pruning_[static_cast<std::size_t>(pruning) * 4 + kMove];
    }
  }

  // Heuristics whose look-ups mostly miss the caches (pattern databases) say kBatchChildren: every
  // child's value is then computed before the first child is searched, so the children's table
  // reads wait on memory together instead of one after another's subtree. With the values known,
  // the child with the smallest h is searched first, then the others in the move table's order:
  // only the last iteration's count depends on the order, and a child nearer the goal by h is more
  // often on an optimal path (0.91x the nodes on the 17 hardest 4x4 positions, bench/RESULTS.md).
  static constexpr bool kBatchChildren = requires { requires H::kBatchChildren; };

  // The child searched first: the first in the move table's order with the smallest h among those
  // generated (sizeof...(I) when none is).
  template <int Blank, int Parent, std::size_t... I>
  NPUZZLE_ALWAYS_INLINE std::size_t least_child(
      const std::array<Value, sizeof...(I)>& children,
      const std::array<std::int32_t, sizeof...(I)>& states) const {
    std::size_t first = sizeof...(I);
    int least = INT_MAX;
    ((states[I] >= 0 && child_estimate<Blank, Parent, I>(children[I]) < least
          ? (least = child_estimate<Blank, Parent, I>(children[I]), first = I, 0)
          : 0),
     ...);
    return first;
  }

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
      const std::size_t first = least_child<Blank, Parent, I...>(children, states);
      if (((I == first && visit_child<Blank, Parent, I>(word, children[I], g, states[I])) || ...)) {
        return true;
      }
      return ((I != first && states[I] >= 0 &&
               visit_child<Blank, Parent, I>(word, children[I], g, states[I])) ||
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
      if (h < closest_) closest_ = h;
      const Word tile = (word >> State<B>::shift(kTarget)) & B::kCellMask;
      const Word moved =
          word + (tile << State<B>::shift(Blank)) - (tile << State<B>::shift(kTarget));
      if ((h == 0 && moved == goal_.word) ||
          dfs<kTarget, parent_argument(Blank)>(moved, child, g + 1, pruning)) {
        record(g, B::kMoveTable[Blank].moves[I]);
        return true;
      }
      return false;
    }
  }

  // The move made at cost g on the way to the goal or the stop.
  void record(int g, Move move) {
    path_[static_cast<std::size_t>(g - base_g_)] = move;
    path_length_ = std::max(path_length_, g - base_g_ + 1);
  }

  // The descent along a saved path and its check, at run time (cold: once per resumed subtree).
  struct Child {
    State<B> state;
    Value value;
    std::int32_t pruning;  // the automaton after the move
  };

  // Child i (in the move table's order) of `node`, whose parent's blank was on `parent`; none when
  // the pass does not generate it (the move back, or one the automaton refuses).
  std::optional<Child> child_of(const Child& node, int parent, int i) const;

  // `node`'s children (none for one the pass does not generate) in the order the node loop
  // searches them: the move table's, or with kBatchChildren the least h first (least_child()).
  struct SearchOrder {
    std::array<int, 4> index{};  // in the move table
    std::array<std::optional<Child>, 4> child{};
  };
  SearchOrder search_order(const Child& node, int parent) const;

  // resume() below `node` (reached at cost g), `depth` moves down `path`.
  bool resume_along(const State<B>& state, const Value& value, int g, int parent,
                    std::int32_t pruning, const std::vector<Move>& path, std::size_t depth);

  using DfsEntry = bool (BoundedDfs::*)(Word, ValueArg, int, std::int32_t);
  // kDispatch[blank][parent + 1]: the pass's entry for a root with that blank and parent blank.
  using DispatchRow = std::array<DfsEntry, B::kCells + 1>;
  template <int Blank, std::size_t... I>
  static constexpr DispatchRow dispatch_row(std::index_sequence<I...>) {
    DispatchRow row{};
    row[0] = &BoundedDfs::dfs<Blank, kNoCell>;
    ((row[B::kMoveTable[Blank].targets[I] + 1] =
          &BoundedDfs::dfs<Blank, parent_argument(B::kMoveTable[Blank].targets[I])>),
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
    return enter({start, value, pruning}, g, parent_blank);
  }
  // The node loop's instantiation for `node`'s blank and its parent's, on `node`.
  bool enter(const Child& node, int g, int parent_blank) {
    const DfsEntry entry = kDispatch[node.state.blank][static_cast<std::size_t>(parent_blank + 1)];
    return (this->*entry)(node.state.word, node.value, g, node.pruning);
  }

  const H& h_;
  const State<B> goal_;
  const Geometry<B>* geometry_;  // the board's moves (on a frame, the held board's)
  const std::uint32_t
      open_cells_;  // bit c: the blank may stand on cell c (the compiled loop's test)
  const LimitClock& clock_;
  const std::atomic<bool>* cancel_;
  const std::int32_t* pruning_ = MovePruning::standard().table();
  int bound_ = 0;
  int base_g_ = 0;
  int next_bound_ = INT_MAX;
  int closest_ = INT_MAX;
  bool stopped_ = false;
  std::vector<Move> path_;
  int path_length_ = 0;
  std::uint64_t expanded_ = 0;
  std::uint64_t next_poll_ = 0;  // expanded_ count at which poll() runs next
  std::uint64_t generated_ = 0;
  StopReason stop_reason_ = StopReason::None;
};

}  // namespace npuzzle

#include "core/search/ida_resume.hpp"  // BoundedDfs's resume path, out of line
