// parallel/batch.hpp — solve many independent instances concurrently, report them in input order.
//
// `run_in_order(count, threads, work, emit)` calls `work(i)` for every i in [0, count) on `threads`
// TBB threads (an arena of its own and a TaskGroup, parallel/concurrency.hpp) and `emit(i, result)`
// for every i in increasing order, as soon as results 0 .. i are all done — so output streams while
// later instances are still being solved. Instances are handed out in input order (each thread
// takes the next index when it finishes one), which keeps the waiting prefix short.
//
// Guarantees: `emit` is never called concurrently with itself, and sees every index exactly once,
// in order; `work` may run concurrently with itself and with `emit`. With threads <= 1 everything
// runs on the calling thread, one instance after the other. An exception thrown by `work` or `emit`
// ends the batch and reaches the caller (results not yet emitted are dropped). At most `count`
// results are held: a caller bounds the memory by the size of the batches it hands in.
#pragma once

#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

#include "parallel/concurrency.hpp"

namespace npuzzle {

// On the threads of `budget`: a caller that runs many batches (a long input, a piece at a time)
// keeps one budget for all of them, since each arena TBB creates and destroys keeps some memory
// (about 7 KiB: a run of 200,000 boards 32 at a time grew by 45 MiB).
template <class Work, class Emit>
void run_in_order(ThreadBudget& budget, std::size_t count, Work&& work, Emit&& emit) {
  using Result = std::invoke_result_t<Work&, std::size_t>;
  const int threads = budget.threads();
  if (threads <= 1 || count <= 1) {
    for (std::size_t i = 0; i < count; ++i) emit(i, work(i));
    return;
  }
  std::vector<std::optional<Result>> finished(count);
  std::mutex emit_mutex;
  std::size_t next_to_emit = 0;  // guarded by emit_mutex
  std::exception_ptr failure;    // the first exception of work or emit; guarded by emit_mutex
  std::atomic<std::size_t> next_to_start{0};
  const auto worker = [&] {
    try {
      for (std::size_t i = next_to_start.fetch_add(1); i < count; i = next_to_start.fetch_add(1)) {
        Result result = work(i);
        std::lock_guard<std::mutex> lock(emit_mutex);
        finished[i] = std::move(result);
        while (next_to_emit < count && finished[next_to_emit]) {
          emit(next_to_emit, std::move(*finished[next_to_emit]));
          finished[next_to_emit].reset();
          ++next_to_emit;
        }
      }
    } catch (...) {
      // Ends the batch: no instance is started and nothing is emitted any more.
      next_to_start.store(count);
      std::lock_guard<std::mutex> lock(emit_mutex);
      if (!failure) failure = std::current_exception();
      next_to_emit = count;
    }
  };
  budget.execute([&] {
    // One task per thread (a TaskGroup, so that the thread sanitizer sees the hand-offs); each
    // takes instances until none is left.
    TaskGroup tasks;
    for (int s = 0; s < threads; ++s) tasks.run(worker);
    tasks.wait();
  });
  if (failure) std::rethrow_exception(failure);
}

template <class Work, class Emit>
void run_in_order(std::size_t count, int threads, Work&& work, Emit&& emit) {
  if (threads <= 1 || count <= 1) {
    for (std::size_t i = 0; i < count; ++i) emit(i, work(i));
    return;
  }
  ThreadBudget budget(threads);
  run_in_order(budget, count, std::forward<Work>(work), std::forward<Emit>(emit));
}

}  // namespace npuzzle
