// core/search_common.hpp — pieces shared by the storing searches (A*, BFS, greedy) and DFBnB.
//
// - TieBreak and BucketQueue: the open list over small integer priorities (f for A*, h for greedy).
//   One level per priority; inside a level, one bucket per g when larger g is preferred, else a
//   single bucket read as a stack (LIFO) or a queue (FIFO). Push and pop are O(1) amortised.
//   Entries carry the g they were pushed with, so a search can skip an entry made stale by a
//   cheaper path found later (lazy deletion).
// - move_between: the move that takes the blank from one cell to a neighbouring one, so nodes keep
//   only a parent index and the path is read back from the blanks along the parent chain.
// - poll_limits: the node limit checked on every expansion, the clock and the interrupt every
//   LimitClock::kPollInterval expansions.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/board.hpp"
#include "core/search_types.hpp"

namespace npuzzle {

enum class TieBreak { Lifo, Fifo, LargerG };  // among equal f

const char* tie_break_name(TieBreak t);                          // "lifo", "fifo", "larger-g"
std::optional<TieBreak> parse_tie_break(std::string_view text);  // nullopt for another name

namespace detail {

inline constexpr std::uint32_t kNoParent = 0xFFFFFFFFu;

class BucketQueue {
 public:
  struct Entry {
    std::uint32_t node;
    std::int32_t g;  // the node's g when pushed
  };

  explicit BucketQueue(TieBreak tie_break) : tie_break_(tie_break) {}

  void push(int priority, int g, std::uint32_t node) {
    const auto p = static_cast<std::size_t>(priority);
    if (p >= levels_.size()) levels_.resize(p + 1);
    Level& level = levels_[p];
    const std::size_t sub = tie_break_ == TieBreak::LargerG ? static_cast<std::size_t>(g) : 0;
    if (sub >= level.buckets.size()) level.buckets.resize(sub + 1);
    level.buckets[sub].items.push_back({node, g});
    level.top = std::max(level.top, static_cast<int>(sub));
    ++level.count;
    ++size_;
    if (priority < min_priority_) min_priority_ = priority;
  }

  bool empty() const { return size_ == 0; }
  std::size_t size() const { return size_; }

  // The least priority held. Precondition: !empty().
  int min_priority() {
    while (levels_[static_cast<std::size_t>(min_priority_)].count == 0) ++min_priority_;
    return min_priority_;
  }

  // Removes an entry of the least priority, chosen by the tie-break. Precondition: !empty().
  Entry pop() {
    Level& level = levels_[static_cast<std::size_t>(min_priority())];
    while (level.buckets[static_cast<std::size_t>(level.top)].items.size() ==
           level.buckets[static_cast<std::size_t>(level.top)].head) {
      --level.top;
    }
    Bucket& bucket = level.buckets[static_cast<std::size_t>(level.top)];
    Entry e;
    if (tie_break_ == TieBreak::Fifo) {
      e = bucket.items[bucket.head++];
      if (bucket.head == bucket.items.size()) {
        bucket.items.clear();
        bucket.head = 0;
      }
    } else {
      e = bucket.items.back();
      bucket.items.pop_back();
    }
    --level.count;
    --size_;
    return e;
  }

 private:
  struct Bucket {
    std::vector<Entry> items;
    std::size_t head = 0;  // FIFO: items before head are taken
  };
  struct Level {
    std::vector<Bucket> buckets;  // by g (LargerG) or a single one
    int top = 0;                  // no bucket above holds an entry
    std::size_t count = 0;        // entries in this level
  };

  TieBreak tie_break_;
  std::vector<Level> levels_;
  std::size_t size_ = 0;
  int min_priority_ = 0;  // no level below holds an entry
};

// The move that takes the blank from `from` to the neighbouring cell `to`.
template <class B>
constexpr Move move_between(int from, int to) {
  if (to == from - B::kCols) return Move::Up;
  if (to == from + B::kCols) return Move::Down;
  return to == from - 1 ? Move::Left : Move::Right;
}

// The moves from the root to `node`, read back along parent links. `Pool` holds nodes with
// `state` and `parent` fields.
template <class B, class Pool>
std::vector<Move> trace_path(const Pool& pool, std::uint32_t node) {
  std::vector<Move> path;
  while (pool[node].parent != kNoParent) {
    const std::uint32_t parent = pool[node].parent;
    path.push_back(move_between<B>(pool[parent].state.blank, pool[node].state.blank));
    node = parent;
  }
  std::reverse(path.begin(), path.end());
  return path;
}

// Bytes held by an absl::flat_hash_map/set of `capacity` slots of `slot_bytes` each (one control
// byte a slot).
constexpr std::uint64_t hash_table_bytes(std::size_t capacity, std::size_t slot_bytes) {
  return static_cast<std::uint64_t>(capacity) * (slot_bytes + 1);
}

inline StopReason poll_limits(const LimitClock& clock, std::uint64_t expanded) {
  const std::uint64_t node_limit = clock.limits().nodes;
  if ((expanded & (LimitClock::kPollInterval - 1)) == 0 || (node_limit && expanded >= node_limit)) {
    return clock.check(expanded);
  }
  return StopReason::None;
}

// The result of a search that ends on a limit.
inline SearchResult stopped(Status status, StopReason reason, int bound) {
  SearchResult r;
  r.status = status;
  r.reason = reason;
  r.bound = bound;
  return r;
}

}  // namespace detail
}  // namespace npuzzle
