// The breadth-first search of a pattern-database build (heuristics/pdb/build_search.hpp): the
// working table's memory, the goal seed, the rounds' parallel expansion and the packing of the
// payload.
#include "heuristics/pdb/build_search.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <sys/mman.h>

#include <algorithm>
#include <cstring>
#include <limits>
#include <new>
#include <stdexcept>
#include <string>

#include "core/atomic_extremum.hpp"
#include "heuristics/pdb/index.hpp"

namespace npuzzle::pdb {

// Zeroed anonymous memory, on transparent huge pages where the kernel allows (the successors of a
// placement are scattered over the whole table: 2 MiB pages spare most of the TLB misses).
template <class L>
BuildSearch<L>::BuildSearch(const BuildSpec& spec, int threads, const std::atomic<bool>* stop)
    : spec_(spec),
      stop_(stop),
      geo_(spec.rows, spec.cols),
      pmd_(geo_, spec.goal, spec.tiles),
      count_(placement_count(geo_.n, pmd_.k)),
      arena_(threads > 0 ? threads : tbb::task_arena::automatic) {
  const std::size_t bytes = working_bytes();
  void* memory = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (memory == MAP_FAILED) {
    throw PdbError(ErrorKind::Memory, "out of memory: the build needs " +
                                          std::to_string(build_memory_bytes(spec_) >> 20) + " MiB");
  }
  madvise(memory, bytes, MADV_HUGEPAGE);
  owner_ = {memory, [bytes](void* m) { munmap(m, bytes); }};
  slots_ = static_cast<Slot*>(memory);
  if (spec_.zero_aware) odd_half_ = reinterpret_cast<L*>(slots_ + count_);
}

template <class L>
std::uint64_t BuildSearch<L>::working_bytes() const {
  return count_ * (sizeof(Slot) + (spec_.zero_aware ? sizeof(L) : 0));
}

template <class L>
std::span<std::uint8_t> BuildSearch<L>::working_table() const {
  return {reinterpret_cast<std::uint8_t*>(slots_), working_bytes()};
}

template <class L>
void BuildSearch<L>::clear() {
  std::memset(static_cast<void*>(slots_), 0, working_bytes());
  max_stored_.store(0);
}

template <class L>
void BuildSearch<L>::seed_goal() {
  std::uint8_t goal_cells[kMaxCells];
  std::uint32_t goal_occupied = 0;
  for (int i = 0; i < pmd_.k; ++i) {
    goal_cells[i] = pmd_.goal_cell[i];
    goal_occupied |= std::uint32_t{1} << goal_cells[i];
  }
  const int goal_blank =
      static_cast<int>(std::find(spec_.goal.begin(), spec_.goal.end(), 0) - spec_.goal.begin());
  const std::uint32_t goal_free = geo_.all & ~goal_occupied;
  const std::uint32_t goal_region = geo_.region(std::uint32_t{1} << goal_blank, goal_free);
  Slot& goal_slot = slots_[rank_placement(goal_cells, pmd_.k, geo_.n)];
  const std::uint32_t goal_labels = geo_.label_cells(goal_free);
  goal_slot.frontier[0] = lane(goal_region, goal_labels);
  goal_slot.seen = goal_slot.frontier[0] | past(goal_labels);
}

template <class L>
typename BuildSearch<L>::Round BuildSearch<L>::expand_round(int depth) {
  std::atomic<std::uint64_t> new_states{0}, new_placements{0};
  arena_.execute([&] {
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, count_, kScanGrain),
                      [&](const tbb::blocked_range<std::uint64_t>& range) {
                        if (stop_ && stop_->load(std::memory_order_relaxed)) {
                          return;
                        }
                        const Round local = expand_range(depth, range.begin(), range.end());
                        new_states.fetch_add(local.states, std::memory_order_relaxed);
                        new_placements.fetch_add(local.placements, std::memory_order_relaxed);
                      });
  });
  return {new_states.load(), new_placements.load()};
}

template <class L>
typename BuildSearch<L>::Round BuildSearch<L>::expand_range(int depth, std::uint64_t begin,
                                                            std::uint64_t end) {
  const int cur = depth & 1, next = cur ^ 1, k = pmd_.k, n = geo_.n;
  const bool odd_half_next = odd_half_ != nullptr && ((depth + 1) >> 1 & 1) != 0;
  constexpr L kAll = std::numeric_limits<L>::max();
  Round local;
  int local_max_stored = 0;
  std::uint8_t cells[kMaxCells];
  struct Successor {
    std::uint64_t rank;
    std::uint32_t free;  // free cells of the successor placement
    int from;            // the cell the moved tile left: the blank's cell now
  };
  Successor pending[4 * kMaxCells];
  for (std::uint64_t r = begin; r != end; ++r) {
    Slot& slot = slots_[r];
    const std::uint32_t frontier = slot.frontier[cur];
    if (frontier == 0) continue;
    slot.frontier[cur] = 0;
    const std::uint32_t occupied = unrank_placement(r, k, n, cells);
    const std::uint32_t free = geo_.all & ~occupied;
    if (slot.stored_plus_one == 0) {
      const int excess = depth - pmd_.distance(cells);
      if (excess < 0 || excess % 2 != 0) {
        throw std::logic_error("pattern database entry below or off the Manhattan parity");
      }
      if (excess / 2 + 1 > std::int64_t{std::numeric_limits<L>::max()}) {
        throw std::logic_error("pattern database distances overflow the build lanes");
      }
      slot.stored_plus_one = static_cast<L>(excess / 2 + 1);
      local_max_stored = std::max(local_max_stored, excess / 2);
      ++local.placements;
    }
    // The cells of the frontier's regions (all of `free` when every region is on it).
    const std::uint32_t labels = geo_.label_cells(free), seeds = deposit(frontier, labels);
    const std::uint32_t regions = seeds == labels ? free : geo_.region(seeds, free);
    // All successors first, their slots prefetched, so the cache misses overlap.
    int count_pending = 0;
    for_each_tile_move(geo_, cells, k, regions, [&](int from, int to, std::uint64_t r2) {
      __builtin_prefetch(&slots_[r2], 1);
      const std::uint32_t moved = occupied ^ (std::uint32_t{1} << from) ^ (std::uint32_t{1} << to);
      pending[count_pending++] = {r2, geo_.all & ~moved, from};
      return false;
    });
    for (int p = 0; p < count_pending; ++p) {
      Slot& target = slots_[pending[p].rank];
      std::atomic_ref<L> seen(target.seen);
      const L seen_before = seen.load(std::memory_order_relaxed);
      if (seen_before == kAll) continue;  // every region of the placement seen
      // A seen region has all its labels set: one label of the blank's region, found without a
      // flood fill, tells whether it is new. With one label, free2 is one region.
      const std::uint32_t free2 = pending[p].free;
      const int from = pending[p].from;
      const std::uint32_t labels2 = geo_.label_cells(free2);
      const bool one_region = (labels2 & (labels2 - 1)) == 0;
      const L bit = one_region
                        ? L{1}
                        : lane(std::uint32_t{1} << geo_.label_cell(from, free2, labels2), labels2);
      if (seen_before & bit) continue;
      const L region =
          one_region ? L{1} : lane(geo_.region(std::uint32_t{1} << from, free2), labels2);
      if (seen.fetch_or(region | past(labels2), std::memory_order_relaxed) & bit) continue;
      std::atomic_ref<L>(target.frontier[next]).fetch_or(region, std::memory_order_relaxed);
      if (odd_half_next) {
        std::atomic_ref<L>(odd_half_[pending[p].rank]).fetch_or(region, std::memory_order_relaxed);
      }
      ++local.states;
    }
  }
  raise_to(max_stored_, local_max_stored);
  return local;
}

template <class L>
std::vector<std::uint8_t> BuildSearch<L>::pack(const PdbMeta& meta) {
  std::vector<std::uint8_t> payload;
  try {
    payload.resize(meta.payload_bytes());
  } catch (const std::bad_alloc&) {
    throw PdbError(ErrorKind::Memory, "out of memory allocating the database payload");
  }
  const int unreached = meta.unreached_value();
  const auto value = [&](std::uint64_t r) {
    const L v = slots_[r].stored_plus_one;
    return v == 0 ? unreached : static_cast<int>(v) - 1;
  };
  std::uint8_t* out = payload.data();
  if (spec_.zero_aware) {
    for (std::uint64_t r = 0; r != count_; ++r) out[r] = static_cast<std::uint8_t>(odd_half_[r]);
    return payload;
  }
  arena_.execute([&] {
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, payload.size(), kScanGrain),
                      [&](const tbb::blocked_range<std::uint64_t>& range) {
                        for (std::uint64_t b = range.begin(); b != range.end(); ++b) {
                          if (meta.entry_bits == 8) {
                            out[b] = static_cast<std::uint8_t>(value(b));
                          } else {
                            const int low = value(2 * b);
                            const int high = 2 * b + 1 < count_ ? value(2 * b + 1) : 0;
                            out[b] = static_cast<std::uint8_t>(low | (high << 4));
                          }
                        }
                      });
  });
  return payload;
}

template class BuildSearch<std::uint8_t>;
template class BuildSearch<std::uint16_t>;
template class BuildSearch<std::uint32_t>;

}  // namespace npuzzle::pdb
