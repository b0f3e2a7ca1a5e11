// core/handoff.hpp — the hand-offs inside oneTBB, made visible to ThreadSanitizer.
//
// Debian's libtbb is not built with ThreadSanitizer, so TSan does not see that spawning a task
// orders the spawner's writes before the task runs, nor that a join (task_group::wait, the end of
// a parallel_for) orders the tasks' writes before what follows it. In a TSan build these two calls
// mark those orderings on one process-wide token; in every other build they are empty.
//   handoff_publish(): before spawning tasks, and as the last thing a task body does;
//   handoff_receive(): as the first thing a task body does (before it reads what it captured),
//                      and after a join.
// The copy of a task's closure that TBB makes while spawning is still unseen: tests/tsan.supp
// covers exactly that constructor.
#pragma once

#include <utility>

#if defined(__SANITIZE_THREAD__)
#include <sanitizer/tsan_interface.h>
#endif

namespace npuzzle {

#if defined(__SANITIZE_THREAD__)
inline char handoff_token;
inline void handoff_publish() { __tsan_release(&handoff_token); }
inline void handoff_receive() { __tsan_acquire(&handoff_token); }
#else
inline void handoff_publish() {}
inline void handoff_receive() {}
#endif

// `body` wrapped for a TBB task: receives first, publishes last.
template <class F>
auto handed_off(F body) {
  return [body = std::move(body)](auto&&... args) {
    handoff_receive();
    body(static_cast<decltype(args)&&>(args)...);
    handoff_publish();
  };
}

}  // namespace npuzzle
