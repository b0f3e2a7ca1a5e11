// parallel/concurrency.hpp — run a parallel search on exactly the number of threads asked for.
//
// `ThreadBudget` owns a `tbb::task_arena` of `threads` slots. When more threads are asked than the
// machine has cores (oversubscription, e.g. 8 threads on 2 cores), it also raises TBB's
// process-wide limit with a `tbb::global_control` for its lifetime, so the arena can really get
// that many threads. Other code's global_control objects still apply (TBB takes the most
// restrictive), so searches built on it must stay correct with fewer threads than asked.
//
// `TaskGroup` is the task group the parallel searches spawn their workers in: a tbb::task_group,
// except in a ThreadSanitizer build, where each task runs on a std::thread of its own. Debian's
// libtbb is not built with TSan, which then cannot see how TBB hands a task (and its recycled
// memory) from the spawning thread to the one that runs it, and reports those hand-offs as races;
// thread creation and join it does see, so the searches' own synchronisation is what it checks.
#pragma once

#include <memory>
#include <utility>

#include <tbb/global_control.h>
#include <tbb/task_arena.h>
#include <tbb/task_group.h>

#if defined(__SANITIZE_THREAD__)
#include <atomic>
#include <mutex>
#include <thread>
#include <vector>
#endif

namespace npuzzle {

#if defined(__SANITIZE_THREAD__)
class TaskGroup {
 public:
  // Starts f on a new thread (threads of finished tasks are joined here, as they are found).
  template <class F>
  void run(F&& f) {
    auto done = std::make_shared<std::atomic<bool>>(false);
    std::lock_guard lock(mutex_);
    std::erase_if(tasks_, [](Task& t) {
      if (!t.done->load(std::memory_order_acquire)) return false;
      t.thread.join();
      return true;
    });
    tasks_.push_back({std::thread([f = std::forward<F>(f), done] {
                        f();
                        done->store(true, std::memory_order_release);
                      }),
                      done});
  }
  // Joins every task, including those started by tasks meanwhile.
  void wait() {
    for (;;) {
      std::vector<Task> batch;
      {
        std::lock_guard lock(mutex_);
        batch.swap(tasks_);
      }
      if (batch.empty()) return;
      for (Task& t : batch) t.thread.join();
    }
  }

 private:
  struct Task {
    std::thread thread;
    std::shared_ptr<std::atomic<bool>> done;
  };
  std::mutex mutex_;
  std::vector<Task> tasks_;
};
#else
class TaskGroup {
 public:
  template <class F>
  void run(F&& f) {
    group_.run(std::forward<F>(f));
  }
  void wait() { group_.wait(); }

 private:
  tbb::task_group group_;
};
#endif

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
