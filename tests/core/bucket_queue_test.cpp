// The open list of the best-first searches: least priority first, and the tie-break among equal
// priorities (newest, oldest, or largest g first).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <utility>
#include <vector>

#include "core/search/bucket_queue.hpp"

namespace npuzzle {
namespace {

std::vector<std::uint32_t> drain(BucketQueue& queue) {
  std::vector<std::uint32_t> order;
  while (!queue.empty()) order.push_back(queue.pop().node);
  return order;
}

TEST(BucketQueue, StartsEmpty) {
  BucketQueue queue(TieBreak::Lifo);
  EXPECT_TRUE(queue.empty());
  EXPECT_EQ(queue.size(), 0u);
  EXPECT_EQ(queue.entry_bytes(), 0u);
}

TEST(BucketQueue, PopsTheLeastPriorityFirst) {
  for (TieBreak tie_break : {TieBreak::Lifo, TieBreak::Fifo, TieBreak::LargerG}) {
    BucketQueue queue(tie_break);
    const std::vector<int> priorities = {7, 3, 9, 0, 3, 12, 5};
    for (std::size_t i = 0; i < priorities.size(); ++i) {
      queue.push(priorities[i], 1, static_cast<std::uint32_t>(i));
    }
    EXPECT_EQ(queue.size(), priorities.size());
    int last = -1;
    while (!queue.empty()) {
      const int least = queue.min_priority();
      EXPECT_GE(least, last) << tie_break_name(tie_break);
      const auto entry = queue.pop();
      EXPECT_EQ(priorities[entry.node], least) << tie_break_name(tie_break);
      last = least;
    }
  }
}

TEST(BucketQueue, LifoTakesTheNewestAmongEqualPriorities) {
  BucketQueue queue(TieBreak::Lifo);
  for (std::uint32_t node = 0; node < 4; ++node) queue.push(5, static_cast<int>(node % 2), node);
  EXPECT_EQ(drain(queue), (std::vector<std::uint32_t>{3, 2, 1, 0}));
}

TEST(BucketQueue, FifoTakesTheOldestAmongEqualPriorities) {
  BucketQueue queue(TieBreak::Fifo);
  for (std::uint32_t node = 0; node < 4; ++node) queue.push(5, static_cast<int>(node % 2), node);
  EXPECT_EQ(drain(queue), (std::vector<std::uint32_t>{0, 1, 2, 3}));
}

TEST(BucketQueue, LargerGTakesTheDeepestThenTheNewest) {
  BucketQueue queue(TieBreak::LargerG);
  queue.push(5, 1, 0);
  queue.push(5, 3, 1);
  queue.push(5, 2, 2);
  queue.push(5, 3, 3);
  queue.push(4, 0, 4);
  EXPECT_EQ(drain(queue), (std::vector<std::uint32_t>{4, 3, 1, 2, 0}));
}

TEST(BucketQueue, EntriesKeepTheirG) {
  BucketQueue queue(TieBreak::Fifo);
  queue.push(2, 17, 8);
  const auto entry = queue.pop();
  EXPECT_EQ(entry.node, 8u);
  EXPECT_EQ(entry.g, 17);
}

TEST(BucketQueue, PushesBelowTheLeastAfterPopsAreSeen) {
  BucketQueue queue(TieBreak::Lifo);
  queue.push(6, 0, 0);
  queue.push(8, 0, 1);
  EXPECT_EQ(queue.pop().node, 0u);
  queue.push(2, 0, 2);  // below the least popped so far (an inconsistent heuristic does this)
  EXPECT_EQ(queue.min_priority(), 2);
  EXPECT_EQ(drain(queue), (std::vector<std::uint32_t>{2, 1}));
}

// Against a reference: a sorted list of (priority, -g or order) under random pushes and pops.
TEST(BucketQueue, MatchesAReferenceUnderRandomUse) {
  for (TieBreak tie_break : {TieBreak::Lifo, TieBreak::Fifo, TieBreak::LargerG}) {
    std::mt19937 random(42);
    BucketQueue queue(tie_break);
    struct Item {
      int priority, g;
      std::uint32_t node;
    };
    std::vector<Item> reference;
    std::uint32_t next = 0;
    for (int step = 0; step < 5000; ++step) {
      if (reference.empty() || random() % 3 != 0) {
        const Item item{static_cast<int>(random() % 20), static_cast<int>(random() % 6), next++};
        queue.push(item.priority, item.g, item.node);
        reference.push_back(item);
        continue;
      }
      // The reference's choice: least priority, then the tie-break (node numbers rise with time).
      const auto better = [&](const Item& a, const Item& b) {
        if (a.priority != b.priority) return a.priority < b.priority;
        if (tie_break == TieBreak::LargerG && a.g != b.g) return a.g > b.g;
        return tie_break == TieBreak::Fifo ? a.node < b.node : a.node > b.node;
      };
      const auto best = std::min_element(reference.begin(), reference.end(), better);
      ASSERT_EQ(queue.min_priority(), best->priority);
      const auto entry = queue.pop();
      ASSERT_EQ(entry.node, best->node) << tie_break_name(tie_break) << " at step " << step;
      ASSERT_EQ(entry.g, best->g);
      reference.erase(best);
      ASSERT_EQ(queue.size(), reference.size());
    }
  }
}

TEST(TieBreak, NamesRoundTrip) {
  for (TieBreak t : {TieBreak::Lifo, TieBreak::Fifo, TieBreak::LargerG}) {
    EXPECT_EQ(parse_tie_break(tie_break_name(t)), t);
  }
  EXPECT_EQ(parse_tie_break("larger_g"), std::nullopt);
}

}  // namespace
}  // namespace npuzzle
