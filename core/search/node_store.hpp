// core/search/node_store.hpp — the nodes of a storing search (A*, BFS, greedy best-first): a pool
// that owns them, a hash table of the states stored, and the path read back along parent links.
//
// Nodes live in one vector and link to their parent by index (kNoParent at the root); each keeps
// its state and the search's `Payload` (heuristic value, g, closed flag … as the search needs).
// The table maps each stored state to its node (`Indexed`, for a search that finds a known node
// again to lower its g) or only records that it is stored (a set: fewer bytes per state).
// Invariant: every node's state is in the table, and with Indexed the table maps it to that node.
//
// bytes() is what the searches count against Limits::memory_bytes: the pool's capacity times the
// node size, plus the table's slots (one control byte each).
//
// StoringSearch is the base (CRTP, no virtual calls) of A*, BFS and greedy best-first search: it
// holds the goal, the SearchRun and the NodeStore, and run() wraps the search's loop in the run's
// out-of-memory guard; each search file then holds its loop and its payload only.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

#include <absl/container/flat_hash_map.h>
#include <absl/container/flat_hash_set.h>

#include "core/board.hpp"
#include "core/goal.hpp"
#include "core/search/search_run.hpp"
#include "core/search/search_types.hpp"

namespace npuzzle {

inline constexpr std::uint32_t kNoParent = 0xFFFFFFFFu;

// The move that takes the blank from `from` to the neighbouring cell `to`.
template <class B>
constexpr Move move_between(int from, int to) {
  if (to == from - B::kCols) return Move::Up;
  if (to == from + B::kCols) return Move::Down;
  return to == from - 1 ? Move::Left : Move::Right;
}

// Bytes held by an absl::flat_hash_map/set of `capacity` slots of `slot_bytes` each (one control
// byte a slot).
constexpr std::uint64_t hash_table_bytes(std::size_t capacity, std::size_t slot_bytes) {
  return static_cast<std::uint64_t>(capacity) * (slot_bytes + 1);
}

struct NoPayload {};

enum class TableKind { Set, Indexed };

template <class B, class Payload, TableKind kTable>
class NodeStore {
 public:
  struct Node {
    State<B> state;
    std::uint32_t parent;  // index of the parent node, kNoParent at the root
    [[no_unique_address]] Payload data;
  };
  // What insert() found: the node of the state, and whether it was new (then `index` is the
  // index the caller must give it by add() next; a Set store reports kNoParent for a known state).
  struct Inserted {
    std::uint32_t index;
    bool inserted;
  };

  // Enters `s` in the table; the caller adds its node next when it is new.
  Inserted insert(const State<B>& s) {
    const auto next = static_cast<std::uint32_t>(pool_.size());
    if constexpr (kTable == TableKind::Indexed) {
      const auto [found, inserted] = table_.try_emplace(s, next);
      return {found->second, inserted};
    } else {
      const bool inserted = table_.insert(s).second;
      return {inserted ? next : kNoParent, inserted};
    }
  }

  // Appends a node; returns its index.
  std::uint32_t add(const State<B>& s, std::uint32_t parent, const Payload& data) {
    pool_.push_back({s, parent, data});
    return static_cast<std::uint32_t>(pool_.size() - 1);
  }

  Node& operator[](std::uint32_t index) { return pool_[index]; }
  const Node& operator[](std::uint32_t index) const { return pool_[index]; }
  std::size_t size() const { return pool_.size(); }

  // The blank's cell in the parent of `node`, or -1 at the root: the move back is not generated.
  int parent_blank(const Node& node) const {
    return node.parent == kNoParent ? -1 : pool_[node.parent].state.blank;
  }

  // Calls visit(parent, target, child) for every state the blank of node `index` reaches on
  // `geometry` but its
  // parent's (the move back is not generated): `target` is the blank's new cell. Stops and returns
  // true as soon as visit does. Visit may add nodes.
  template <class Visit>
  bool for_each_child(const Geometry<B>& geometry, std::uint32_t index, Visit&& visit) const {
    const State<B> state = pool_[index].state;
    const int back = parent_blank(pool_[index]);
    const auto& moves = geometry.moves(state.blank);
    for (int i = 0; i < moves.count; ++i) {
      const int target = moves.targets[i];
      if (target == back) continue;
      State<B> child = state;
      child.move_blank_to(target);
      if (visit(state, target, child)) return true;
    }
    return false;
  }

  // The moves from the root to `node`, read back along parent links.
  std::vector<Move> path_to(std::uint32_t node) const {
    std::vector<Move> path;
    while (pool_[node].parent != kNoParent) {
      const std::uint32_t parent = pool_[node].parent;
      path.push_back(move_between<B>(pool_[parent].state.blank, pool_[node].state.blank));
      node = parent;
    }
    std::reverse(path.begin(), path.end());
    return path;
  }

  std::uint64_t bytes() const {
    return static_cast<std::uint64_t>(pool_.capacity()) * sizeof(Node) +
           hash_table_bytes(table_.capacity(), sizeof(typename Table::value_type));
  }

 private:
  using Table =
      std::conditional_t<kTable == TableKind::Indexed, absl::flat_hash_map<State<B>, std::uint32_t>,
                         absl::flat_hash_set<State<B>>>;
  std::vector<Node> pool_;
  Table table_;
};

// What A*, greedy best-first search and BFS share: the goal, the run (clock, counters, limits,
// results) and the node store; run() reports the nodes stored. `Search` (CRTP) provides
// `SearchResult search(const State<B>& start)`, its loop.
template <class Search, class B, class Payload, TableKind kTable>
class StoringSearch {
 public:
  SearchResult run(const State<B>& start) {
    SearchResult result = run_.guard([&] { return static_cast<Search*>(this)->search(start); });
    result.stats.stored = nodes_.size();
    return result;
  }

 protected:
  StoringSearch(const Goal<B>& goal, const Limits& limits)
      : goal_(goal.state), geometry_(goal.geometry), run_(limits) {}

  const State<B> goal_;
  [[no_unique_address]] const Geometry<B> geometry_;
  SearchRun run_;
  NodeStore<B, Payload, kTable> nodes_;
};

}  // namespace npuzzle
