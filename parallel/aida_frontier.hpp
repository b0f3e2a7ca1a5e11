// parallel/aida_frontier.hpp — the first phase of A*+IDA* (parallel/aida.hpp; Bu and Korf, IJCAI
// 2019): A* with duplicate detection from the start until a memory budget is full. Its open nodes
// are then the frontier below which the second phase runs IDA*.
//
// What it holds (no allocation per node; every byte is counted against the budget, by capacity):
// - the nodes (parallel/aida_nodes.hpp): one vector of `Node` PODs (20 bytes a node on boards of up
//   to 16 cells, 28 on 5x5), reserved once, for as many nodes as the budget could hold (at most the
//   board's states), so it never moves; the paths are read back along the parents.
// - the states stored: a set of node indices, one per (state, automaton state) (aida_nodes.hpp).
// - the open list (parallel/aida_open_list.hpp): a stack of node indices per (f, g), the least f
//   first, the largest g among equal f, the newest among equal g (A*'s `larger-g` tie-break).
// - the heuristic values of the nodes generated last (parallel/aida_value_cache.hpp): most
//   expanded nodes are children of the last expansions, whose values are there.
// An expansion computes every child's value from its parent's (H::update; the table reads wait on
// memory together), prefetches the children's slots in the set, then looks each up by its packed
// word and appends it to the vector only when it is new (no append and take back).
// Each node carries the move-pruning automaton's state after its path (core/move_pruning.hpp); a
// move the automaton refuses is not generated, as in IDA*.
// Invariants: every (state, automaton state) pair is in the set once; a node is open (closed == 0)
// exactly when it was generated with its current g and not expanded since (a closed node reached
// with a smaller g is reopened: the phase stays correct with an inconsistent heuristic); an
// open-list entry whose node is closed is stale and skipped when popped, so the open nodes are
// those of the vector with closed == 0, whatever entries the open list holds.
// Why its open nodes make a frontier (parallel/aida.hpp relies on it): while no goal has been
// expanded, the least optimal path from the start, which the automaton never refuses, holds an
// open node with its optimal g and the automaton's state after the path's prefix (the deepest
// node of the path closed with its optimal g generated its successor on the path, with that
// automaton state and its optimal g, and the successor is open).
//
// The budget: before each expansion the phase checks that what the expansion may allocate fits
// beside what it holds (a rehash of the set holds the old and new tables for a moment; the open
// list may take four blocks), and that the frontier it would leave (kFrontierNodeBytes, 20 an open
// node, allocated once the set and the open list are freed) fits beside the node vector. When it
// does not, the phase stops: the budget is full. That check comes before the next node is looked
// at, so a goal the last expansion generated stays open: the answer is then a frontier node.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <climits>
#include <cstdint>
#include <cstring>
#include <limits>
#include <new>
#include <stdexcept>
#include <utility>
#include <vector>

#include "core/board.hpp"
#include "core/move_pruning.hpp"
#include "core/search/node_store.hpp"  // move_between
#include "core/search/search_types.hpp"
#include "parallel/aida_nodes.hpp"
#include "parallel/aida_open_list.hpp"
#include "parallel/aida_value_cache.hpp"

namespace npuzzle {

template <class B, Heuristic H>
class AidaAStar {
 public:
  using Nodes = AidaNodes<B>;
  using Word = typename Nodes::Word;
  using Words = typename Nodes::Words;
  using Node = typename Nodes::Node;
  // Solved: the goal was expanded (path()). Full: the budget is full, the open nodes are the
  // frontier. Exhausted: nothing is left open (no path). Stopped: a limit (stop_reason()).
  enum class Outcome { Solved, Full, Exhausted, Stopped };

  // The bytes of a node's share: its entry in the vector, about two slots of the set and one
  // open-list entry; what the budget must hold per frontier node to be worth a phase.
  static constexpr std::uint64_t kBytesPerNode = sizeof(Node) + 2 * (sizeof(std::uint32_t) + 1) +
                                                 sizeof(std::uint32_t) + sizeof(AidaFrontierNode) +
                                                 sizeof(AidaChildApproaches);

  // `budget`: the bytes the phase may hold; `max_stored` (0: none): at most this many nodes (tests,
  // tuning). `clock` polls the limits (time, nodes, interrupt) and the heartbeat, which counts
  // `before` (expanded, generated: the search's nodes before this run) with this run's.
  AidaAStar(const H& h, const Goal<B>& goal, const LimitClock& clock, std::uint64_t budget,
            std::uint64_t max_stored, std::array<std::uint64_t, 2> before = {0, 0})
      : h_(h),
        goal_(goal.state),
        geometry_(goal.geometry),
        clock_(clock),
        budget_(budget),
        max_stored_(max_stored),
        before_(before),
        carry_pruning_(pruning_.states() <= kPruningStates),
        set_(0, typename Nodes::IndexHash{&pool_}, typename Nodes::IndexEq{&pool_}) {}

  Outcome run(const State<B>& start) {
    cache_.size_for(budget_);
    const int cells = geometry_.cells();
    // At most the states (+ 4: the room fits_one_more asks for; saturated: 21! / 2 and more are
    // past 64 bits, and a wrapped sum would leave room for 3 nodes).
    const std::uint64_t reachable = Nodes::reachable_states(cells);
    const std::uint64_t states =
        reachable > std::numeric_limits<std::uint64_t>::max() - 4 ? reachable : reachable + 4;
    std::uint64_t room = budget_ / kBytesPerNode + 1;
    if (max_stored_) room = std::min(room, max_stored_);
    pool_.reserve(static_cast<std::size_t>(
        std::min<std::uint64_t>({room, states, std::numeric_limits<std::uint32_t>::max() - 8})));
    if (!fits_one_more(1)) return Outcome::Full;
    const auto start_value = h_.init(start);
    add(start, kNoParent, MovePruning::kRoot, 0, h_.estimate(start_value));
    cache_.remember(0, start_value);
    for (;;) {
      if (open_.entries() == 0) return Outcome::Exhausted;
      least_f_ = open_.least_f();
      // Full before the next node is looked at, the goal too: a goal generated by the last
      // expansion the budget allowed is a frontier node.
      if (!fits_one_more(4)) return Outcome::Full;
      const std::uint32_t index = open_.peek();
      Node& node = pool_[index];
      if (node.closed) {  // stale
        open_.pop();
        continue;
      }
      if (Nodes::same(node.word, goal_)) {
        solved_ = index;
        return Outcome::Solved;
      }
      if (const StopReason reason = poll(); reason != StopReason::None) {
        stop_reason_ = reason;
        return Outcome::Stopped;
      }
      open_.pop();
      expand(index);
    }
  }

  std::vector<Move> path() const { return path_to(solved_); }
  // The moves from the start to node `index`.
  std::vector<Move> path_to(std::uint32_t index) const {
    std::vector<Move> path;
    while (pool_[index].parent != kNoParent) {
      const std::uint32_t parent = pool_[index].parent;
      path.push_back(move_between<B>(pool_[parent].blank, pool_[index].blank));
      index = parent;
    }
    std::reverse(path.begin(), path.end());
    return path;
  }

  // After Full: frees the set and the open list, and returns the open nodes (the frontier), in
  // the order of the nodes' vector. Its bytes were within the budget's checks.
  std::vector<AidaFrontierNode> take_frontier() {
    decltype(set_)(0, typename Nodes::IndexHash{&pool_}, typename Nodes::IndexEq{&pool_})
        .swap(set_);
    open_.release();
    cache_.release();
    std::size_t count = 0;
    for (const Node& n : pool_) count += n.closed == 0;
    std::vector<AidaFrontierNode> frontier;
    frontier.reserve(count);
    for (std::uint32_t i = 0; i < pool_.size(); ++i) {
      const Node& n = pool_[i];
      if (n.closed) continue;
      AidaFrontierNode f;
      f.node = i;
      f.g = n.g;
      f.h = n.h;
      f.pruning = n.pruning;
      f.closest = n.h;
      frontier.push_back(f);
    }
    return frontier;
  }

  State<B> state(std::uint32_t index) const {
    State<B> s;
    std::memcpy(&s.word, pool_[index].word.data(), sizeof(Word));
    s.blank = pool_[index].blank;
    return s;
  }
  const Node& node(std::uint32_t index) const { return pool_[index]; }

  std::uint64_t expanded() const { return expanded_; }
  std::uint64_t generated() const { return generated_; }
  std::uint64_t reopened() const { return reopened_; }
  // Expansions whose heuristic value came from the cache (not H::init).
  std::uint64_t cache_hits() const { return cache_hits_; }
  std::size_t stored() const { return pool_.size(); }
  int least_f() const { return least_f_; }
  StopReason stop_reason() const { return stop_reason_; }
  // The bytes held: the node vector's capacity, the set's slots and the open list's blocks.
  std::uint64_t bytes() const {
    return pool_bytes() + cache_.bytes() + Nodes::set_bytes(set_.capacity()) + open_.bytes();
  }
  std::uint64_t pool_bytes() const {
    return static_cast<std::uint64_t>(pool_.capacity()) * sizeof(Node);
  }

 private:
  using WordKey = typename Nodes::WordKey;
  static constexpr std::size_t kMaxCost = AidaOpenList::kMaxCost;  // g and h are stored in a byte
  // The automaton's states a node can carry (16 bits). An automaton with more (a build with longer
  // duplicate strings) is carried as kRoot: the nodes are then one per state, and the search below
  // the frontier prunes from its first move on (complete, and weaker across the frontier).
  static constexpr std::size_t kPruningStates = 65536;
  std::uint16_t carried(std::int32_t pruning) const {
    return carry_pruning_ ? static_cast<std::uint16_t>(pruning) : std::uint16_t{0};
  }

  // Room for `children` more nodes: grows the set first (its rehash holds the old and new table),
  // then checks the node vector, the open list (a new block for each child) and the frontier the
  // phase would leave (the set and the open list freed, the vector kept). False: the budget is
  // full.
  bool fits_one_more(std::size_t children) {
    const std::size_t size = pool_.size();
    if (max_stored_ && size + children > max_stored_) return false;
    if (size + children > pool_.capacity()) return false;
    const std::uint64_t open_after = open_.bytes() + open_.growth(children);
    if (set_.size() + children > Nodes::growth_of(set_.capacity())) {
      const std::size_t grown =
          Nodes::capacity_for(std::max<std::size_t>(2 * set_.size(), 16) + children);
      if (pool_bytes() + cache_.bytes() + open_after + Nodes::set_bytes(set_.capacity()) +
              Nodes::set_bytes(grown) >
          budget_) {
        return false;
      }
      set_.reserve(grown - grown / 8 - 1);
    }
    if (pool_bytes() + cache_.bytes() + Nodes::set_bytes(set_.capacity()) + open_after > budget_) {
      return false;
    }
    const std::uint64_t frontier = (open_.entries() + children) * kFrontierNodeBytes;
    return pool_bytes() + frontier <= budget_;
  }

  StopReason poll() {
    const std::uint64_t node_limit = clock_.limits().nodes;
    const bool look = (expanded_ & (LimitClock::kPollInterval - 1)) == 0 ||
                      (node_limit && expanded_ >= node_limit);
    if (!look) return StopReason::None;
    if (const StopReason reason = clock_.check(expanded_); reason != StopReason::None) {
      return reason;
    }
    if (const HeartbeatFn* heartbeat = clock_.limits().heartbeat; heartbeat && *heartbeat) {
      (*heartbeat)(
          {before_[0] + expanded_, before_[1] + generated_, least_f_, bytes(), clock_.elapsed()});
    }
    return StopReason::None;
  }

  void append(const State<B>& s, std::uint32_t parent, std::int32_t pruning, int g, int h) {
    if (g > static_cast<int>(kMaxCost) || h > static_cast<int>(kMaxCost)) {
      throw std::logic_error("A*+IDA*: a cost above 255");
    }
    Node n{};
    std::memcpy(n.word.data(), &s.word, sizeof(Word));
    n.parent = parent;
    n.pruning = static_cast<std::uint16_t>(pruning);
    n.blank = s.blank;
    n.g = static_cast<std::uint8_t>(g);
    n.h = static_cast<std::uint8_t>(h);
    n.closed = 0;
    pool_.push_back(n);
  }
  void add(const State<B>& s, std::uint32_t parent, std::int32_t pruning, int g, int h) {
    append(s, parent, pruning, g, h);
    const auto index = static_cast<std::uint32_t>(pool_.size() - 1);
    set_.insert(index);
    open_.push(index, pool_[index].g, pool_[index].h);
  }

  // The heuristic's value of a node about to be expanded: from the cache of the values of recently
  // generated nodes when it is there (most expansions: with the larger-g tie-break a node is most
  // often a child of one of the last expansions), else from the state (H::init).
  typename H::Value value_of(std::uint32_t index, const State<B>& s) {
    if (const typename H::Value* cached = cache_.find(index)) {
      ++cache_hits_;
      return *cached;
    }
    return h_.init(s);
  }

  // Expands node `index`: every child's value first (from the node's, H::update: the table reads
  // of a pattern database wait on memory together), their slots in the set prefetched, then each
  // looked up by its key and appended only when new (fits_one_more made room: the vector never
  // moves). A move the automaton refuses after the node's path is not generated (the move back to
  // the A* parent among them).
  void expand(std::uint32_t index) {
    ++expanded_;
    Node& node = pool_[index];
    node.closed = 1;
    const State<B> s = state(index);
    const int g = node.g + 1;
    const int back = node.parent == kNoParent ? -1 : static_cast<int>(pool_[node.parent].blank);
    const typename H::Value value = value_of(index, s);
    const auto& moves = geometry_.moves(s.blank);
    struct Child {
      WordKey key;
      typename H::Value value;
      int target;
      int h;
    };
    const std::int32_t* automaton = pruning_.table() + static_cast<std::size_t>(node.pruning) * 4;
    // Uninitialised slots (a Value's default initialisation zeroes it: a pattern database's holds
    // about 130 bytes), each constructed from the child's value.
    union Slot {
      Slot() {}
      Child child;
    };
    std::array<Slot, 4> children;
    std::size_t count = 0;
    for (int i = 0; i < moves.count; ++i) {
      const int target = moves.targets[static_cast<std::size_t>(i)];
      if (target == back) continue;
      const std::int32_t pruning =
          automaton[static_cast<std::size_t>(moves.moves[static_cast<std::size_t>(i)])];
      if (pruning == MovePruning::kPruned) continue;
      State<B> moved = s;
      moved.move_blank_to(target);
      Child* child = ::new (&children[count++].child)
          Child{WordKey{{}, carried(pruning)}, h_.update(value, s.tile_at(target), target, s.blank),
                target, 0};
      std::memcpy(child->key.word.data(), &moved.word, sizeof(Word));
    }
    for (std::size_t i = 0; i < count; ++i) set_.prefetch(children[i].child.key);
    generated_ += count;
    for (std::size_t i = 0; i < count; ++i) {
      Child& child = children[i].child;
      child.h = h_.estimate(child.value);
      if (g > static_cast<int>(kMaxCost) || child.h > static_cast<int>(kMaxCost)) {
        throw std::logic_error("A*+IDA*: a cost above 255");
      }
      bool fresh = false;
      const auto at = set_.lazy_emplace(child.key, [&](const auto& construct) {
        fresh = true;
        Node n;
        n.word = child.key.word;
        n.parent = index;
        n.pruning = child.key.pruning;
        n.blank = static_cast<std::uint8_t>(child.target);
        n.g = static_cast<std::uint8_t>(g);
        n.h = static_cast<std::uint8_t>(child.h);
        n.closed = 0;
        pool_.push_back(n);
        construct(static_cast<std::uint32_t>(pool_.size() - 1));
      });
      const std::uint32_t at_index = *at;
      if (!fresh) {
        Node& known = pool_[at_index];
        if (g >= known.g) continue;
        known.g = static_cast<std::uint8_t>(g);
        known.parent = index;
        if (known.closed) ++reopened_;
        known.closed = 0;
      }
      cache_.remember(at_index, child.value);
      open_.push(at_index, pool_[at_index].g, pool_[at_index].h);
    }
  }

  const H& h_;
  const State<B> goal_;
  [[no_unique_address]] const Geometry<B> geometry_;
  const LimitClock& clock_;
  const std::uint64_t budget_, max_stored_;
  const std::array<std::uint64_t, 2> before_;  // the heartbeat's counts before this run
  const MovePruning& pruning_ = MovePruning::standard();
  const bool carry_pruning_;
  std::vector<Node> pool_;
  AidaValueCache<H> cache_;  // the values of the nodes generated last
  std::uint64_t cache_hits_ = 0;
  typename Nodes::Set set_;
  AidaOpenList open_;
  int least_f_ = 0;
  std::uint32_t solved_ = kNoParent;
  std::uint64_t expanded_ = 0, generated_ = 0, reopened_ = 0;
  StopReason stop_reason_ = StopReason::None;
};

}  // namespace npuzzle
