// parallel/concurrency.hpp — run a parallel search on exactly the number of threads asked for.
//
// `ThreadBudget` owns a `tbb::task_arena` of `threads` slots. When more threads are asked than the
// machine has cores (oversubscription, e.g. 8 threads on 2 cores), it also raises TBB's
// process-wide limit with a `tbb::global_control` for its lifetime, so the arena can really get
// that many threads. Other code's global_control objects still apply (TBB takes the most
// restrictive), so searches built on it must stay correct with fewer threads than asked.
#pragma once

#include <memory>
#include <utility>

#include <tbb/global_control.h>
#include <tbb/task_arena.h>

namespace npuzzle {

class ThreadBudget {
 public:
  explicit ThreadBudget(int threads);
  ~ThreadBudget();
  ThreadBudget(const ThreadBudget&) = delete;
  ThreadBudget& operator=(const ThreadBudget&) = delete;

  int threads() const { return threads_; }
  // Runs f inside the arena and returns its result.
  template <class F>
  auto execute(F&& f) {
    return arena_.execute(std::forward<F>(f));
  }

 private:
  int threads_;
  std::unique_ptr<tbb::global_control> raise_;  // only when threads exceed the default
  tbb::task_arena arena_;
};

}  // namespace npuzzle
