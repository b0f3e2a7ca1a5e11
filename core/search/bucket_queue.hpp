// core/search/bucket_queue.hpp — the open list of every best-first search: a bucket queue over
// small integer priorities (f for A*, h for greedy best-first), with a tie-break among equal
// priorities.
//
// One level per priority; inside a level, one bucket per g when larger g is preferred, else a
// single bucket read as a stack (LIFO) or a queue (FIFO). Push and pop are O(1) amortised. Entries
// carry the g they were pushed with, so a search can skip an entry made stale by a cheaper path
// found later (lazy deletion), and a search that never updates g reads a node's g back from its
// entry.
//
// Invariants: `size_` counts the entries held; no level below `min_priority_` holds an entry; in
// every level no bucket above `top` holds one.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace npuzzle {

// Which entry of the least priority is taken first: the newest (Lifo), the oldest (Fifo), or the
// one of largest g (LargerG, newest first among equal g).
enum class TieBreak { Lifo, Fifo, LargerG };

const char* tie_break_name(TieBreak t);                          // "lifo", "fifo", "larger-g"
std::optional<TieBreak> parse_tie_break(std::string_view text);  // nullopt for another name

class BucketQueue {
 public:
  struct Entry {
    std::uint32_t node;
    std::int32_t g;  // the node's g when pushed
  };

  explicit BucketQueue(TieBreak tie_break) : tie_break_(tie_break) {}

  // Precondition: 0 <= priority, 0 <= g.
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
  // Bytes of the entries held (what the searches count against their memory limit).
  std::uint64_t entry_bytes() const { return static_cast<std::uint64_t>(size_) * sizeof(Entry); }

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

}  // namespace npuzzle
