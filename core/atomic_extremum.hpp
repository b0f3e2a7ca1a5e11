// core/atomic_extremum.hpp — raising or lowering an atomic to a value with compare-and-swap: the
// shared maximum or minimum that parallel workers report into (the largest database entry, the
// next IDA* bound, the incumbent of HDA*).
#pragma once

#include <atomic>

namespace npuzzle {

// Sets `target` to max(target, value); returns true when this call raised it.
template <class T>
bool raise_to(std::atomic<T>& target, T value) {
  T current = target.load(std::memory_order_relaxed);
  while (value > current) {
    if (target.compare_exchange_weak(current, value)) return true;
  }
  return false;
}

// Sets `target` to min(target, value); returns true when this call lowered it.
template <class T>
bool lower_to(std::atomic<T>& target, T value) {
  T current = target.load(std::memory_order_relaxed);
  while (value < current) {
    if (target.compare_exchange_weak(current, value)) return true;
  }
  return false;
}

}  // namespace npuzzle
