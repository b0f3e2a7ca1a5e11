#include "parallel/concurrency.hpp"

#include <algorithm>

#include <tbb/info.h>

namespace npuzzle {

ThreadBudget::ThreadBudget(int threads)
    : threads_(std::max(threads, 1)),
      raise_(
          threads_ > tbb::info::default_concurrency()
              ? std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism,
                                                      static_cast<std::size_t>(threads_))
              : nullptr),
      arena_(threads_) {}

ThreadBudget::~ThreadBudget() = default;

}  // namespace npuzzle
