// parallel/aida_nodes.hpp — the node storage of A*+IDA*'s first phase (parallel/aida_frontier.hpp):
// what a node is, how the set of stored nodes finds one, and what they take; and what a frontier
// node is when phase 2 searches below it.
//
// - the nodes: PODs in one vector (the phase's), the packed word as 32-bit words, the parent's
//   index, the automaton's state, the blank's cell, g, h and a closed flag: 20 bytes a node on
//   boards of up to 16 cells, 28 on 5x5. The paths are read back along the parents.
// - the states stored: an absl::flat_hash_set of node indices (4 bytes a slot and a control byte),
//   hashing and comparing the nodes' words through the vector (or a child's key before it is
//   appended: the set is transparent).
// Invariant: the set holds each (state, automaton state) pair once. It holds node indices, one per
// pair: two paths to a state that end in different automaton states may prune different
// continuations, so both are kept (as IDA* keeps both paths); the same pair reached again with a g
// no smaller is a duplicate. It also looks a pair up by its key (a WordKey), so a child is looked
// up (and its slot prefetched) before it is appended to the vector, and appended only when it is
// new. The byte counts below are Abseil's, by capacity, so the phase can keep within its budget.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include <absl/container/flat_hash_set.h>
#include <absl/hash/hash.h>

#include "core/board.hpp"

namespace npuzzle {

template <class B>
struct AidaNodes {
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

  // A (state, automaton state) pair: the set's key.
  struct WordKey {
    Words word;
    std::uint16_t pruning;
    friend bool operator==(const WordKey&, const WordKey&) = default;
  };
  static WordKey key_of(const Node& n) { return {n.word, n.pruning}; }
  static std::size_t hash_of(const WordKey& k) { return absl::HashOf(k.word, k.pruning); }
  struct IndexHash {
    using is_transparent = void;
    const std::vector<Node>* pool;
    std::size_t operator()(std::uint32_t i) const { return (*this)(key_of((*pool)[i])); }
    std::size_t operator()(const WordKey& k) const { return hash_of(k); }
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
  using Set = absl::flat_hash_set<std::uint32_t, IndexHash, IndexEq>;

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
};

// A frontier node: the A* node it is, its g and h, and the move-pruning automaton's state after
// the node's path (core/move_pruning.hpp; the search below it goes on from there, so the strings
// that cross the frontier are pruned as plain IDA* prunes them). `searched` counts the nodes its
// subtree expanded the last time it was searched (saturated at kSearchedMax), by which the next
// threshold's work is shared out; `closest` is the least h its subtree reached then (its own h
// before it was searched), by which the next threshold's frontier is ordered
// (parallel/aida_schedule.hpp).
struct AidaFrontierNode {
  static constexpr std::uint32_t kSearchedMax = (1u << 24) - 1;
  std::uint32_t node = 0;
  std::uint8_t g = 0, h = 0;
  std::uint16_t pruning = 0;
  std::uint32_t searched : 24 = 0;
  std::uint32_t closest : 8 = 0;
  int f() const { return g + h; }
};
static_assert(sizeof(AidaFrontierNode) == 12, "the frontier's 12 bytes a node");
// The least h each child's subtree reached the last time it was searched, by move
// (AidaChildApproaches::kNone: not searched), for a grown frontier below the node
// (parallel/aida_budget.hpp, inherit_closest()).
struct AidaChildApproaches {
  static constexpr std::uint8_t kNone = 0xFF;
  std::array<std::uint8_t, 4> by_move{kNone, kNone, kNone, kNone};
};
// A frontier node's bytes in phase 2: the node, its children's closest approaches, and its place
// in a threshold's order.
inline constexpr std::uint64_t kFrontierNodeBytes =
    sizeof(AidaFrontierNode) + sizeof(AidaChildApproaches) + sizeof(std::uint32_t);

}  // namespace npuzzle
