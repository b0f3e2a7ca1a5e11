// parallel/batch.hpp: every index is worked once and emitted once, in order, never two emits at a
// time, with any thread count; the work of later indices may finish first. In the parallel suite,
// so that the address and thread sanitizer runs (tests/sanitize.sh) see the batch's hand-offs.
#include "parallel/batch.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace npuzzle {
namespace {

// Work whose cost varies a lot between indices, so later ones often finish before earlier ones.
std::uint64_t uneven_work(std::size_t i) {
  std::uint64_t x = i + 1;
  const std::size_t rounds = (i % 7 == 0) ? 200000 : 1000;
  for (std::size_t r = 0; r < rounds; ++r) x = x * 6364136223846793005ULL + 1442695040888963407ULL;
  return x;
}

TEST(RunInOrder, EmitsEveryIndexOnceInOrder) {
  for (int threads : {1, 2, 3, 4, 8}) {
    SCOPED_TRACE(threads);
    const std::size_t count = 200;
    std::vector<std::atomic<int>> worked(count);
    std::vector<std::size_t> emitted;
    std::vector<std::uint64_t> values;
    std::atomic<bool> in_emit{false};
    bool overlapped = false;
    run_in_order(
        count, threads,
        [&](std::size_t i) {
          ++worked[i];
          return uneven_work(i);
        },
        [&](std::size_t i, std::uint64_t value) {
          if (in_emit.exchange(true)) overlapped = true;
          emitted.push_back(i);
          values.push_back(value);
          in_emit.store(false);
        });
    EXPECT_FALSE(overlapped);
    ASSERT_EQ(emitted.size(), count);
    for (std::size_t i = 0; i < count; ++i) {
      EXPECT_EQ(emitted[i], i);
      EXPECT_EQ(values[i], uneven_work(i));
      EXPECT_EQ(worked[i].load(), 1);
    }
  }
}

// One budget for many batches, as a long input is solved a piece at a time; results that own
// memory are moved to the emit, each exactly once.
TEST(RunInOrder, OneBudgetForManyBatches) {
  ThreadBudget budget(3);
  std::vector<std::string> seen;
  for (std::size_t batch = 0; batch < 20; ++batch) {
    run_in_order(
        budget, 16,
        [&](std::size_t i) {
          return std::make_unique<std::string>(std::to_string(batch * 16 + i) + ":" +
                                               std::to_string(uneven_work(i) % 10));
        },
        [&](std::size_t, std::unique_ptr<std::string> text) { seen.push_back(std::move(*text)); });
  }
  ASSERT_EQ(seen.size(), 320u);
  for (std::size_t k = 0; k < seen.size(); ++k) {
    EXPECT_EQ(seen[k], std::to_string(k) + ":" + std::to_string(uneven_work(k % 16) % 10));
  }
}

TEST(RunInOrder, NothingToDo) {
  int calls = 0;
  run_in_order(
      0, 4, [&](std::size_t) { return ++calls; }, [&](std::size_t, int) { ++calls; });
  EXPECT_EQ(calls, 0);
}

TEST(RunInOrder, AnExceptionReachesTheCaller) {
  EXPECT_THROW(run_in_order(
                   50, 2,
                   [](std::size_t i) {
                     if (i == 17) throw std::runtime_error("bad instance");
                     return i;
                   },
                   [](std::size_t, std::size_t) {}),
               std::runtime_error);
}

TEST(RunInOrder, AnExceptionFromEmitReachesTheCaller) {
  std::size_t emitted = 0;
  EXPECT_THROW(run_in_order(
                   50, 3, [](std::size_t i) { return uneven_work(i); },
                   [&](std::size_t i, std::uint64_t) {
                     if (i == 9) throw std::runtime_error("cannot write");
                     ++emitted;
                   }),
               std::runtime_error);
  EXPECT_EQ(emitted, 9u);
}

}  // namespace
}  // namespace npuzzle
