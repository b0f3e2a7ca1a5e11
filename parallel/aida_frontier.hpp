// parallel/aida_frontier.hpp — the first phase of A*+IDA* (parallel/aida.hpp; Bu and Korf, IJCAI
// 2019): A* with duplicate detection from the start until a memory budget is full. Its open nodes
// are then the frontier below which the second phase runs IDA*.
//
// What it holds (no allocation per node; every byte is counted against the budget, by capacity):
// - the nodes: one vector of `Node` PODs, the packed word as 32-bit words, the parent's index, the
//   automaton's state, the blank's cell, g, h and a closed flag: 20 bytes a node on boards of up
//   to 16 cells, 28 on 5x5. It is reserved once, for as many nodes as the budget could hold
//   (at most the board's states), so it never moves; the paths are read back along the parents.
// - the states stored: an absl::flat_hash_set of node indices (4 bytes a slot and a control byte),
//   hashing and comparing the nodes' words through the vector (or a child's word before it is
//   appended: the set is transparent).
// - the open list: a stack of node indices per (f, g), each a chain of 1 KiB blocks from one pool
//   (growing by a block, never by doubling), the least f first, the largest g among equal f, the
//   newest among equal g (A*'s `larger-g` tie-break); per f the largest g that may hold nodes, so a
//   pop does not scan the f's buckets from the top (that scan was a fifth of the phase's
//   instructions).
// - the heuristic values of the nodes generated last: a direct-mapped cache of up to 1024 H::Value
//   by node index (at most a sixteenth of the budget). With the larger-g tie-break most expanded
//   nodes are children of the last expansions (80 % on Korf's 100 with 6-6-3), whose values are
//   there: the rest are rebuilt with H::init (a pattern database's ranks and a table read per
//   pattern and view).
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
// list may take four blocks), and that the frontier it would leave (12 bytes an open
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
#include <memory>
#include <new>
#include <stdexcept>
#include <utility>
#include <vector>

#include <absl/container/flat_hash_set.h>
#include <absl/hash/hash.h>

#include "core/board.hpp"
#include "core/move_pruning.hpp"
#include "core/search/node_store.hpp"  // move_between
#include "core/search/search_types.hpp"

namespace npuzzle {

// A frontier node: the A* node it is, its g and h, and the move-pruning automaton's state after
// the node's path (core/move_pruning.hpp; the search below it goes on from there, so the strings
// that cross the frontier are pruned as plain IDA* prunes them). `searched` counts the nodes its
// subtree expanded the last time it was searched (saturated), by which the next threshold's work
// is shared out.
struct AidaFrontierNode {
  std::uint32_t node = 0;
  std::uint8_t g = 0, h = 0;
  std::uint16_t pruning = 0;
  std::uint32_t searched = 0;
  int f() const { return g + h; }
};
static_assert(sizeof(AidaFrontierNode) == 12, "the frontier's 12 bytes a node");

template <class B, Heuristic H>
class AidaAStar {
 public:
  using Word = typename B::Word;
  static constexpr std::size_t kWords = (sizeof(Word) + 3) / 4;
  using Words = std::array<std::uint32_t, kWords>;
  struct Node {
    Words word;
    std::uint32_t parent;   // kNoParent at the start
    std::uint16_t pruning;  // the automaton's state after the path through `parent`
    std::uint8_t blank, g, h, closed;
  };
  static_assert(sizeof(Node) == 4 * kWords + 12, "20 bytes a node up to 16 cells, 28 on 5x5");
  // Solved: the goal was expanded (path()). Full: the budget is full, the open nodes are the
  // frontier. Exhausted: nothing is left open (no path). Stopped: a limit (stop_reason()).
  enum class Outcome { Solved, Full, Exhausted, Stopped };

  // The bytes of a node's share: its entry in the vector, about two slots of the set and one
  // open-list entry; what the budget must hold per frontier node to be worth a phase.
  static constexpr std::uint64_t kBytesPerNode = sizeof(Node) + 2 * (sizeof(std::uint32_t) + 1) +
                                                 sizeof(std::uint32_t) + sizeof(AidaFrontierNode);

  // `budget`: the bytes the phase may hold; `max_stored` (0: none): at most this many nodes (tests,
  // tuning). `clock` polls the limits (time, nodes, interrupt) and the heartbeat.
  AidaAStar(const H& h, const State<B>& goal, const LimitClock& clock, std::uint64_t budget,
            std::uint64_t max_stored)
      : h_(h),
        goal_(goal),
        clock_(clock),
        budget_(budget),
        max_stored_(max_stored),
        carry_pruning_(pruning_.states() <= kPruningStates),
        set_(0, IndexHash{&pool_}, IndexEq{&pool_}) {}

  Outcome run(const State<B>& start) {
    walls_ = start;
    const std::uint64_t slots = std::max<std::uint64_t>(1, budget_ / 16 / sizeof(CachedValue));
    cache_.assign(std::bit_floor(std::min<std::uint64_t>(slots, kCacheSlots)), CachedValue{});
    cache_mask_ = cache_.size() - 1;
    int cells = B::kCells;
    if constexpr (B::kFrame) cells -= std::popcount(start.walls);
    // At most the states (+ 4: the room fits_one_more asks for; saturated: 21! / 2 and more are
    // past 64 bits, and a wrapped sum would leave room for 3 nodes).
    const std::uint64_t reachable = reachable_states(cells);
    const std::uint64_t states =
        reachable > std::numeric_limits<std::uint64_t>::max() - 4 ? reachable : reachable + 4;
    std::uint64_t room = budget_ / kBytesPerNode + 1;
    if (max_stored_) room = std::min(room, max_stored_);
    pool_.reserve(static_cast<std::size_t>(
        std::min<std::uint64_t>({room, states, std::numeric_limits<std::uint32_t>::max() - 8})));
    if (!fits_one_more(1)) return Outcome::Full;
    const auto start_value = h_.init(start);
    add(start, kNoParent, MovePruning::kRoot, 0, h_.estimate(start_value));
    remember(0, start_value);
    for (;;) {
      if (open_entries_ == 0) return Outcome::Exhausted;
      least_f_ = least_open_f();
      // Full before the next node is looked at, the goal too: a goal generated by the last
      // expansion the budget allowed is a frontier node.
      if (!fits_one_more(4)) return Outcome::Full;
      const std::uint32_t index = peek();
      Node& node = pool_[index];
      if (node.closed) {  // stale
        pop();
        continue;
      }
      if (same(node.word, goal_)) {
        solved_ = index;
        return Outcome::Solved;
      }
      if (const StopReason reason = poll(); reason != StopReason::None) {
        stop_reason_ = reason;
        return Outcome::Stopped;
      }
      pop();
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
    decltype(set_)(0, IndexHash{&pool_}, IndexEq{&pool_}).swap(set_);
    std::vector<std::vector<Bucket>>().swap(open_);
    std::vector<std::uint64_t>().swap(level_count_);
    std::vector<std::uint16_t>().swap(level_top_);
    std::vector<std::unique_ptr<Block>>().swap(blocks_);
    std::vector<std::uint32_t>().swap(free_blocks_);
    std::vector<CachedValue>().swap(cache_);
    buckets_bytes_ = 0;
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
      frontier.push_back(f);
    }
    return frontier;
  }

  State<B> state(std::uint32_t index) const {
    State<B> s = walls_;
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
    return pool_bytes() + cache_bytes() + set_bytes(set_.capacity()) + open_bytes();
  }
  std::uint64_t pool_bytes() const {
    return static_cast<std::uint64_t>(pool_.capacity()) * sizeof(Node);
  }

 private:
  // The set holds node indices, one per (state, automaton state): two paths to a state that end in
  // different automaton states may prune different continuations, so both are kept (as IDA* keeps
  // both paths); the same pair reached again with a g no smaller is a duplicate. It also looks a
  // pair up by its key (a WordKey), so a child is looked up (and its slot prefetched) before it is
  // appended to the vector, and appended only when it is new.
  struct WordKey {
    Words word;
    std::uint16_t pruning;
    friend bool operator==(const WordKey&, const WordKey&) = default;
  };
  static WordKey key_of(const Node& n) { return {n.word, n.pruning}; }
  struct IndexHash {
    using is_transparent = void;
    const std::vector<Node>* pool;
    std::size_t operator()(std::uint32_t i) const { return (*this)(key_of((*pool)[i])); }
    std::size_t operator()(const WordKey& k) const { return absl::HashOf(k.word, k.pruning); }
  };
  struct IndexEq {
    using is_transparent = void;
    const std::vector<Node>* pool;
    bool operator()(std::uint32_t a, std::uint32_t b) const {
      return key_of((*pool)[a]) == key_of((*pool)[b]);
    }
    bool operator()(const WordKey& k, std::uint32_t b) const { return k == key_of((*pool)[b]); }
    bool operator()(std::uint32_t a, const WordKey& k) const { return key_of((*pool)[a]) == k; }
  };

  static constexpr std::size_t kMaxCost = 255;  // g and h are stored in a byte
  // The automaton's states a node can carry (16 bits). An automaton with more (a build with longer
  // duplicate strings) is carried as kRoot: the nodes are then one per state, and the search below
  // the frontier prunes from its first move on (complete, and weaker across the frontier).
  static constexpr std::size_t kPruningStates = 65536;
  std::uint16_t carried(std::int32_t pruning) const {
    return carry_pruning_ ? static_cast<std::uint16_t>(pruning) : std::uint16_t{0};
  }

  std::uint64_t cache_bytes() const {
    return static_cast<std::uint64_t>(cache_.capacity()) * sizeof(CachedValue);
  }
  static std::uint64_t set_bytes(std::size_t capacity) {
    return static_cast<std::uint64_t>(capacity) * (sizeof(std::uint32_t) + 1);
  }
  // Abseil's table: the capacity a reserve(n) gives (2^k - 1 slots, at most 7/8 of them full), and
  // the elements a capacity holds without growing (one fewer than Abseil's count: a margin).
  static std::size_t capacity_for(std::size_t n) {
    const std::size_t lower = n + (n > 0 ? (n - 1) / 7 : 0);
    return lower ? (~std::size_t{0} >> std::countl_zero(lower)) : 1;
  }
  static std::size_t growth_of(std::size_t capacity) {
    return capacity == 0 ? 0 : capacity - capacity / 8 - 1;
  }

  // The board's states reachable from the start (an upper bound on the nodes ever stored).
  static std::uint64_t reachable_states(int cells) {
    std::uint64_t n = 1;
    for (int i = 2; i <= cells; ++i) {
      if (n > std::numeric_limits<std::uint64_t>::max() / static_cast<std::uint64_t>(i)) {
        return std::numeric_limits<std::uint64_t>::max();
      }
      n *= static_cast<std::uint64_t>(i);
    }
    return n / 2;
  }

  static bool same(const Words& word, const State<B>& s) {
    Words w{};
    std::memcpy(w.data(), &s.word, sizeof(Word));
    return w == word;
  }

  // Room for `children` more nodes: grows the set first (its rehash holds the old and new table),
  // then checks the node vector, the open list (a new block for each child) and the frontier the
  // phase would leave (the set and the open list freed, the vector kept). False: the budget is
  // full.
  bool fits_one_more(std::size_t children) {
    const std::size_t size = pool_.size();
    if (max_stored_ && size + children > max_stored_) return false;
    if (size + children > pool_.capacity()) return false;
    const std::uint64_t open_after = open_bytes() + open_growth(children);
    if (set_.size() + children > growth_of(set_.capacity())) {
      const std::size_t grown = capacity_for(std::max<std::size_t>(2 * set_.size(), 16) + children);
      if (pool_bytes() + cache_bytes() + open_after + set_bytes(set_.capacity()) +
              set_bytes(grown) >
          budget_) {
        return false;
      }
      set_.reserve(grown - grown / 8 - 1);
    }
    if (pool_bytes() + cache_bytes() + set_bytes(set_.capacity()) + open_after > budget_) {
      return false;
    }
    const std::uint64_t frontier =
        (open_entries_ + children) * static_cast<std::uint64_t>(sizeof(AidaFrontierNode));
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
      (*heartbeat)({expanded_, generated_, least_f_, bytes(), clock_.elapsed()});
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
    push(index);
  }

  // The heuristic's value of a node about to be expanded: from the cache of the values of recently
  // generated nodes when it is there (most expansions: with the larger-g tie-break a node is most
  // often a child of one of the last expansions), else from the state (H::init).
  typename H::Value value_of(std::uint32_t index, const State<B>& s) {
    const CachedValue& cached = cache_[index & cache_mask_];
    if (cached.index == index) {
      ++cache_hits_;
      return cached.value;
    }
    return h_.init(s);
  }
  void remember(std::uint32_t index, const typename H::Value& value) {
    CachedValue& slot = cache_[index & cache_mask_];
    slot.index = index;
    slot.value = value;
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
    const auto& moves = B::kMoveTable[s.blank];
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
      if (target == back || !s.opens(target)) continue;
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
      remember(at_index, child.value);
      push(at_index);
    }
  }

  // The open list: a stack of node indices per (f, g), each a chain of fixed blocks taken from
  // (and given back to) one pool of blocks, so it grows by a block, never by doubling.
  static constexpr std::uint32_t kNoBlock = 0xFFFFFFFFu;
  static constexpr std::uint32_t kBlockItems = 255;
  struct Block {
    std::uint32_t below;  // the block under this one in its stack, or kNoBlock
    std::uint32_t items[kBlockItems];
  };
  struct Bucket {
    std::uint32_t top = kNoBlock;  // its top block
    std::uint32_t fill = 0;        // items in the top block
  };
  std::uint32_t new_block() {
    if (!free_blocks_.empty()) {
      const std::uint32_t b = free_blocks_.back();
      free_blocks_.pop_back();
      return b;
    }
    blocks_.push_back(std::make_unique<Block>());
    return static_cast<std::uint32_t>(blocks_.size() - 1);
  }
  std::uint64_t open_bytes() const {
    return blocks_.size() * sizeof(Block) + blocks_.capacity() * sizeof(void*) +
           free_blocks_.capacity() * sizeof(std::uint32_t) + buckets_bytes_;
  }
  // What `children` pushes may add: a block each, and the block lists doubling.
  std::uint64_t open_growth(std::size_t children) const {
    return children * sizeof(Block) +
           (blocks_.size() + children) * (2 * sizeof(void*) + 2 * sizeof(std::uint32_t)) +
           2 * (kMaxCost + 1) * sizeof(Bucket);
  }
  void push(std::uint32_t index) {
    const Node& n = pool_[index];
    const std::size_t f = n.g + n.h;
    if (f >= open_.size()) {
      buckets_bytes_ -= open_.capacity() * sizeof(open_[0]);
      open_.resize(f + 1);
      level_count_.resize(f + 1, 0);
      level_top_.resize(f + 1, 0);
      buckets_bytes_ +=
          open_.capacity() * (sizeof(open_[0]) + sizeof(level_count_[0]) + sizeof(level_top_[0]));
    }
    ++level_count_[f];
    auto& level = open_[f];
    if (n.g >= level.size()) {
      buckets_bytes_ -= level.capacity() * sizeof(Bucket);
      level.resize(n.g + 1u);
      buckets_bytes_ += level.capacity() * sizeof(Bucket);
    }
    Bucket& bucket = level[n.g];
    level_top_[f] = std::max<std::uint16_t>(level_top_[f], static_cast<std::uint16_t>(n.g + 1u));
    if (bucket.top == kNoBlock || bucket.fill == kBlockItems) {
      const std::uint32_t b = new_block();
      blocks_[b]->below = bucket.top;
      bucket.top = b;
      bucket.fill = 0;
    }
    blocks_[bucket.top]->items[bucket.fill++] = index;
    ++open_entries_;
    min_f_ = std::min(min_f_, f);
  }
  int least_open_f() {
    while (level_count_[min_f_] == 0) ++min_f_;
    return static_cast<int>(min_f_);
  }
  // The bucket of the largest g among the least f. Each f keeps the largest g that may be
  // non-empty (pushes raise it; the scan down to a non-empty bucket is kept), so a pop does not
  // scan the level from its top each time.
  Bucket& top_bucket() {
    auto& level = open_[min_f_];
    std::size_t g = level_top_[min_f_];
    while (level[g - 1].top == kNoBlock) --g;
    level_top_[min_f_] = static_cast<std::uint16_t>(g);
    return level[g - 1];
  }
  std::uint32_t peek() {
    const Bucket& bucket = top_bucket();
    return blocks_[bucket.top]->items[bucket.fill - 1];
  }
  void pop() {
    Bucket& bucket = top_bucket();
    if (--bucket.fill == 0) {
      const std::uint32_t b = bucket.top;
      bucket.top = blocks_[b]->below;
      bucket.fill = bucket.top == kNoBlock ? 0 : kBlockItems;
      free_blocks_.push_back(b);
    }
    --level_count_[min_f_];
    --open_entries_;
  }

  const H& h_;
  const State<B> goal_;
  const LimitClock& clock_;
  const std::uint64_t budget_, max_stored_;
  const MovePruning& pruning_ = MovePruning::standard();
  const bool carry_pruning_;
  State<B> walls_{};  // the start: a frame's walls for the states read back
  std::vector<Node> pool_;
  // The values of the nodes generated last, by node index (direct-mapped; kNoParent: empty): at
  // most kCacheSlots, and at most a sixteenth of the budget.
  static constexpr std::size_t kCacheSlots = 1024;
  std::size_t cache_mask_ = 0;
  struct CachedValue {
    std::uint32_t index = kNoParent;
    typename H::Value value{};
  };
  std::vector<CachedValue> cache_;
  std::uint64_t cache_hits_ = 0;
  absl::flat_hash_set<std::uint32_t, IndexHash, IndexEq> set_;
  std::vector<std::vector<Bucket>> open_;   // [f][g]
  std::vector<std::uint64_t> level_count_;  // entries per f
  std::vector<std::uint16_t> level_top_;    // per f: 1 + the largest g whose bucket may hold some
  std::vector<std::unique_ptr<Block>> blocks_;
  std::vector<std::uint32_t> free_blocks_;
  std::uint64_t buckets_bytes_ = 0, open_entries_ = 0;
  std::size_t min_f_ = std::numeric_limits<std::size_t>::max();
  int least_f_ = 0;
  std::uint32_t solved_ = kNoParent;
  std::uint64_t expanded_ = 0, generated_ = 0, reopened_ = 0;
  StopReason stop_reason_ = StopReason::None;
};

}  // namespace npuzzle
