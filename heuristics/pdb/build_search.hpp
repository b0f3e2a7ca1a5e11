// heuristics/pdb/build_search.hpp — the breadth-first search of a pattern-database build over its
// working table (heuristics/pdb/build.hpp says how the search works), internal to build.cpp,
// which keeps the rest of the build: the rounds' counts, progress, interrupts, saving and
// resuming, and the check of a resumed build.
//
// Invariants: the working table is one Slot (four lanes of L) per placement, and when zero-aware
// one more lane per placement (the label bits of the regions reached at a distance d with
// floor(d / 2) odd); it lives on zeroed anonymous memory (transparent huge pages where allowed)
// from construction, so a fresh table is all zero until seed_goal() or a resume fills it. After
// expand_round(d) every placement expanded has its frontier bits of round d cleared and those of
// round d + 1 hold the regions first reached at d + 1; a placement first reached at distance d
// holds 1 + its stored value. A round stops between chunks once `stop` is set: the chunks not
// started keep their frontier bits, so running the round again finishes it.
#pragma once

#include <tbb/task_arena.h>

#include <atomic>
#include <bit>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <span>
#include <stdexcept>
#include <vector>

#include "heuristics/pdb/build_spec.hpp"
#include "heuristics/pdb/file.hpp"
#include "heuristics/pdb/geometry.hpp"
#include "heuristics/pdb/index.hpp"

namespace npuzzle::pdb {

// L: the lane type, 8, 16 or 32 bits (build_lane_bits).
template <class L>
class BuildSearch {
 public:
  struct Round {
    std::uint64_t states = 0, placements = 0;  // newly reached
  };

  // Allocates the zeroed working table for `spec` (which must outlive the search), expanding on
  // `threads` threads (0: all the machine's). Throws PdbError(Memory) when it cannot be had.
  BuildSearch(const BuildSpec& spec, int threads, const std::atomic<bool>* stop);

  std::uint64_t placements() const { return count_; }
  // The working table's bytes, as a resume file keeps them.
  std::span<std::uint8_t> working_table() const;
  // The largest stored value reached so far; set from a resumed build.
  int max_stored() const { return max_stored_.load(); }
  void set_max_stored(int value) { max_stored_.store(value); }
  // Zeroes the working table and the largest stored value: nothing reached.
  void clear();

  // The goal placement, the blank in the goal blank's region, is the first frontier.
  void seed_goal();
  // Expands every placement on the frontier of round `depth` in parallel chunks. Throws
  // std::logic_error when the working table is not one a breadth-first search makes.
  Round expand_round(int depth);
  // The entries in the file's encoding for `meta` (one byte each, or two to a byte, low nibble
  // first). Throws PdbError(Memory) when the payload cannot be allocated.
  std::vector<std::uint8_t> pack(const PdbMeta& meta);

 private:
  // Per placement: bit sets over the label cells of its free cells (in cell order; a region is all
  // the label cells it holds; `seen` gets the bits past the labels too, with the first region
  // seen), and 1 + the stored value (half the excess of the distance over the pattern's Manhattan
  // distance), 0 until reached.
  struct Slot {
    L seen;
    L frontier[2];
    L stored_plus_one;
  };

  std::uint64_t working_bytes() const;
  Round expand_range(int depth, std::uint64_t begin, std::uint64_t end);
  // The lane of `region` among the label cells `labels` of its placement: throws when the labels
  // are more than a lane holds (build_lane_bits chose the lanes wide enough for them all).
  static L lane(std::uint32_t region, std::uint32_t labels) {
    if (std::popcount(labels) > std::numeric_limits<L>::digits) {
      throw std::logic_error("pattern database region labels overflow the build lanes");
    }
    return static_cast<L>(extract(region, labels));
  }
  // The lane bits past the labels: set in `seen` with the first region seen, so that a placement
  // whose every region is seen has all bits set.
  static L past(std::uint32_t labels) { return static_cast<L>(~extract(labels, labels)); }

  const BuildSpec& spec_;
  const std::atomic<bool>* stop_;
  const Geometry geo_;
  const PatternMd pmd_;
  const std::uint64_t count_;
  tbb::task_arena arena_;
  std::unique_ptr<void, std::function<void(void*)>> owner_;  // the working table's memory
  Slot* slots_ = nullptr;
  L* odd_half_ = nullptr;  // zero-aware: per placement, the label bits of regions with d/2 odd
  std::atomic<int> max_stored_{0};
};

extern template class BuildSearch<std::uint8_t>;
extern template class BuildSearch<std::uint16_t>;
extern template class BuildSearch<std::uint32_t>;

}  // namespace npuzzle::pdb
