// parallel/aida_open_list.hpp — the open list of A*+IDA*'s first phase
// (parallel/aida_frontier.hpp).
//
// A stack of node indices per (f, g), each a chain of 1 KiB blocks from one pool (growing by a
// block, never by doubling), the least f first, the largest g among equal f, the newest among equal
// g (A*'s `larger-g` tie-break); per f the largest g that may hold nodes, so a pop does not scan
// the f's buckets from the top (that scan was a fifth of the phase's instructions). Invariants:
// entries() counts the entries pushed and not popped, level_count_[f] those of f; no entry has an f
// below min_f_ nor, at its f, a g of level_top_[f] or more; a block is in one bucket's chain or in
// free_blocks_. It holds indices only: whether an entry's node is still open is the phase's to
// judge (a stale entry is popped and skipped there). bytes() counts every allocation by capacity,
// and growth(n) bounds what n more pushes may add to it, for the phase's budget.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <memory>
#include <vector>

namespace npuzzle {

class AidaOpenList {
 public:
  static constexpr std::size_t kMaxCost = 255;  // g and h are stored in a byte

  std::uint64_t entries() const { return open_entries_; }
  std::uint64_t bytes() const {
    return blocks_.size() * sizeof(Block) + blocks_.capacity() * sizeof(void*) +
           free_blocks_.capacity() * sizeof(std::uint32_t) + buckets_bytes_;
  }
  // What `children` pushes may add: a block each, and the block lists doubling.
  std::uint64_t growth(std::size_t children) const {
    return children * sizeof(Block) +
           (blocks_.size() + children) * (2 * sizeof(void*) + 2 * sizeof(std::uint32_t)) +
           2 * (kMaxCost + 1) * sizeof(Bucket);
  }

  // Node `index`, whose g and h are `g` and `h`, on top of its (f, g) stack.
  void push(std::uint32_t index, std::uint8_t g, std::uint8_t h) {
    const std::size_t f = g + h;
    if (f >= levels_.size()) {
      buckets_bytes_ -= levels_.capacity() * sizeof(levels_[0]);
      levels_.resize(f + 1);
      level_count_.resize(f + 1, 0);
      level_top_.resize(f + 1, 0);
      buckets_bytes_ += levels_.capacity() *
                        (sizeof(levels_[0]) + sizeof(level_count_[0]) + sizeof(level_top_[0]));
    }
    ++level_count_[f];
    auto& level = levels_[f];
    if (g >= level.size()) {
      buckets_bytes_ -= level.capacity() * sizeof(Bucket);
      level.resize(g + 1u);
      buckets_bytes_ += level.capacity() * sizeof(Bucket);
    }
    Bucket& bucket = level[g];
    level_top_[f] = std::max<std::uint16_t>(level_top_[f], static_cast<std::uint16_t>(g + 1u));
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
  // The least f of an entry (there is one).
  int least_f() {
    while (level_count_[min_f_] == 0) ++min_f_;
    return static_cast<int>(min_f_);
  }
  // The entry a pop takes, after least_f().
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

  // Frees the levels and the blocks (the phase is over: its frontier was taken).
  void release() {
    std::vector<std::vector<Bucket>>().swap(levels_);
    std::vector<std::uint64_t>().swap(level_count_);
    std::vector<std::uint16_t>().swap(level_top_);
    std::vector<std::unique_ptr<Block>>().swap(blocks_);
    std::vector<std::uint32_t>().swap(free_blocks_);
    buckets_bytes_ = 0;
  }

 private:
  // Each stack is a chain of fixed blocks taken from (and given back to) one pool of blocks.
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
  // The bucket of the largest g among the least f. Each f keeps the largest g that may be
  // non-empty (pushes raise it; the scan down to a non-empty bucket is kept), so a pop does not
  // scan the level from its top each time.
  Bucket& top_bucket() {
    auto& level = levels_[min_f_];
    std::size_t g = level_top_[min_f_];
    while (level[g - 1].top == kNoBlock) --g;
    level_top_[min_f_] = static_cast<std::uint16_t>(g);
    return level[g - 1];
  }

  std::vector<std::vector<Bucket>> levels_;  // [f][g]
  std::vector<std::uint64_t> level_count_;   // entries per f
  std::vector<std::uint16_t> level_top_;     // per f: 1 + the largest g whose bucket may hold some
  std::vector<std::unique_ptr<Block>> blocks_;
  std::vector<std::uint32_t> free_blocks_;
  std::uint64_t buckets_bytes_ = 0, open_entries_ = 0;
  std::size_t min_f_ = std::numeric_limits<std::size_t>::max();
};

}  // namespace npuzzle
