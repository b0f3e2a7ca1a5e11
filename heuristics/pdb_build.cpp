#include "heuristics/pdb_build.hpp"

#include <tbb/blocked_range.h>
#include <tbb/combinable.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <sys/mman.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <mutex>
#include <new>
#include <stdexcept>

#include "heuristics/pdb_index.hpp"

namespace npuzzle::pdb {
namespace {

constexpr std::uint64_t kGrain = std::uint64_t{1} << 14;

// Board geometry at run time: cells as bits of a 32-bit mask.
struct Geometry {
  int rows = 0, cols = 0, n = 0;
  std::uint32_t all = 0;
  std::uint32_t not_left = 0;   // cells not in the first column
  std::uint32_t not_right = 0;  // cells not in the last column
  std::uint32_t neighbours[kMaxCells] = {};

  Geometry(int r, int c) : rows(r), cols(c), n(r * c) {
    all = (std::uint32_t{1} << n) - 1;
    for (int cell = 0; cell < n; ++cell) {
      const int row = cell / c, col = cell % c;
      if (col > 0) not_left |= std::uint32_t{1} << cell;
      if (col + 1 < c) not_right |= std::uint32_t{1} << cell;
      std::uint32_t m = 0;
      if (row > 0) m |= std::uint32_t{1} << (cell - c);
      if (row + 1 < r) m |= std::uint32_t{1} << (cell + c);
      if (col > 0) m |= std::uint32_t{1} << (cell - 1);
      if (col + 1 < c) m |= std::uint32_t{1} << (cell + 1);
      neighbours[cell] = m;
    }
  }
  // The connected region of `free` cells holding the cells of `seed` (a subset of `free`).
  std::uint32_t region(std::uint32_t seed, std::uint32_t free) const {
    std::uint32_t x = seed, previous;
    do {
      previous = x;
      x |= ((x & not_right) << 1) | ((x & not_left) >> 1) | (x << cols) | (x >> cols);
      x &= free;
    } while (x != previous);
    return x;
  }
};

// The pattern's Manhattan distance table: md[i][cell] for the i-th pattern tile.
struct PatternMd {
  int k = 0;
  std::uint8_t md[kMaxCells][kMaxCells] = {};
  std::uint8_t goal_cell[kMaxCells] = {};

  PatternMd(const Geometry& g, const std::vector<int>& goal, const std::vector<int>& tiles)
      : k(static_cast<int>(tiles.size())) {
    for (int i = 0; i < k; ++i) {
      const int home =
          static_cast<int>(std::find(goal.begin(), goal.end(), tiles[i]) - goal.begin());
      goal_cell[i] = static_cast<std::uint8_t>(home);
      for (int c = 0; c < g.n; ++c) {
        md[i][c] = static_cast<std::uint8_t>(std::abs(c / g.cols - home / g.cols) +
                                             std::abs(c % g.cols - home % g.cols));
      }
    }
  }
  int distance(const std::uint8_t* cells) const {
    int sum = 0;
    for (int i = 0; i < k; ++i) sum += md[i][cells[i]];
    return sum;
  }
};

int free_lane_bits(const BuildSpec& spec) {
  const int free = spec.rows * spec.cols - static_cast<int>(spec.tiles.size());
  return free <= 8 ? 8 : free <= 16 ? 16 : 32;
}

// Per placement during the build: bit sets over its free cells (in cell order), and 1 + the stored
// value (half the excess of the distance over the pattern's Manhattan distance), 0 until reached.
template <class L>
struct Slot {
  L seen;
  L frontier[2];
  L stored_plus_one;
};

template <class L>
BuildResult build_with(const BuildSpec& spec, const BuildOptions& options) {
  const auto start_time = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_time).count();
  };
  const Geometry geo(spec.rows, spec.cols);
  const PatternMd pmd(geo, spec.goal, spec.tiles);
  const int k = pmd.k, n = geo.n;
  const std::uint64_t count = placement_count(n, k);

  // Zeroed anonymous memory, on transparent huge pages where the kernel allows (the successors of a
  // placement are scattered over the whole table: 2 MiB pages spare most of the TLB misses).
  const std::size_t slot_bytes = count * sizeof(Slot<L>);
  void* memory =
      mmap(nullptr, slot_bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (memory == MAP_FAILED) {
    throw PdbError(ErrorKind::Memory, "out of memory: the build needs " +
                                          std::to_string(build_memory_bytes(spec) >> 20) + " MiB");
  }
  madvise(memory, slot_bytes, MADV_HUGEPAGE);
  const std::unique_ptr<void, std::function<void(void*)>> slots_owner(
      memory, [slot_bytes](void* m) { munmap(m, slot_bytes); });
  auto* slots = static_cast<Slot<L>*>(memory);

  // The goal placement, the blank in the goal blank's region.
  std::uint8_t goal_cells[kMaxCells];
  std::uint32_t goal_occupied = 0;
  for (int i = 0; i < k; ++i) {
    goal_cells[i] = pmd.goal_cell[i];
    goal_occupied |= std::uint32_t{1} << goal_cells[i];
  }
  const int goal_blank =
      static_cast<int>(std::find(spec.goal.begin(), spec.goal.end(), 0) - spec.goal.begin());
  const std::uint32_t goal_free = geo.all & ~goal_occupied;
  const std::uint32_t goal_region = geo.region(std::uint32_t{1} << goal_blank, goal_free);
  Slot<L>& goal_slot = slots[rank_placement(goal_cells, k, n)];
  goal_slot.seen = goal_slot.frontier[0] = static_cast<L>(extract(goal_region, goal_free));

  tbb::task_arena arena(options.threads > 0 ? options.threads : tbb::task_arena::automatic);
  std::uint64_t states = 1, placements = 0;
  std::atomic<int> max_stored{0};
  int max_distance = 0;
  int depth = 0;
  for (int cur = 0;; cur ^= 1, ++depth) {
    const int next = cur ^ 1;
    std::atomic<std::uint64_t> new_states{0}, new_placements{0};
    arena.execute([&] {
      tbb::parallel_for(
          tbb::blocked_range<std::uint64_t>(0, count, kGrain),
          [&](const tbb::blocked_range<std::uint64_t>& range) {
            if (options.stop && options.stop->load(std::memory_order_relaxed)) return;
            std::uint64_t local_states = 0, local_placements = 0;
            int local_max_stored = 0;
            std::uint8_t cells[kMaxCells];
            struct Successor {
              std::uint64_t rank;
              std::uint32_t free;  // free cells of the successor placement
              int from;            // the cell the moved tile left: the blank's cell now
            };
            Successor pending[4 * kMaxCells];
            for (std::uint64_t r = range.begin(); r != range.end(); ++r) {
              Slot<L>& slot = slots[r];
              const std::uint32_t frontier = slot.frontier[cur];
              if (frontier == 0) continue;
              slot.frontier[cur] = 0;
              const std::uint32_t occupied = unrank_placement(r, k, n, cells);
              if (slot.stored_plus_one == 0) {
                const int excess = depth - pmd.distance(cells);
                if (excess < 0 || excess % 2 != 0) {
                  throw std::logic_error(
                      "pattern database entry below or off the Manhattan parity");
                }
                slot.stored_plus_one = static_cast<L>(excess / 2 + 1);
                local_max_stored = std::max(local_max_stored, excess / 2);
                ++local_placements;
              }
              const std::uint32_t blank_cells = deposit(frontier, geo.all & ~occupied);
              // All successors first, their slots prefetched, so the cache misses overlap.
              int count_pending = 0;
              for (int i = 0; i < k; ++i) {
                const int from = cells[i];
                std::uint32_t targets = geo.neighbours[from] & blank_cells;
                while (targets) {
                  const int to = std::countr_zero(targets);
                  targets &= targets - 1;
                  cells[i] = static_cast<std::uint8_t>(to);
                  const std::uint64_t r2 = rank_placement(cells, k, n);
                  cells[i] = static_cast<std::uint8_t>(from);
                  __builtin_prefetch(&slots[r2], 1);
                  pending[count_pending++] = {
                      r2,
                      geo.all & ~(occupied ^ (std::uint32_t{1} << from) ^ (std::uint32_t{1} << to)),
                      from};
                }
              }
              for (int p = 0; p < count_pending; ++p) {
                const std::uint64_t r2 = pending[p].rank;
                const std::uint32_t free2 = pending[p].free;
                const int from = pending[p].from;
                const L bit =
                    static_cast<L>(L{1} << std::popcount(free2 & ((std::uint32_t{1} << from) - 1)));
                Slot<L>& target = slots[r2];
                std::atomic_ref<L> seen(target.seen);
                if (seen.load(std::memory_order_relaxed) & bit) continue;
                const auto region =
                    static_cast<L>(extract(geo.region(std::uint32_t{1} << from, free2), free2));
                if (seen.fetch_or(region, std::memory_order_relaxed) & bit) continue;
                std::atomic_ref<L>(target.frontier[next])
                    .fetch_or(region, std::memory_order_relaxed);
                ++local_states;
              }
            }
            new_states.fetch_add(local_states, std::memory_order_relaxed);
            new_placements.fetch_add(local_placements, std::memory_order_relaxed);
            int seen_max = max_stored.load(std::memory_order_relaxed);
            while (local_max_stored > seen_max &&
                   !max_stored.compare_exchange_weak(seen_max, local_max_stored)) {
            }
          });
    });
    if (options.stop && options.stop->load(std::memory_order_relaxed)) {
      throw PdbError(ErrorKind::Interrupted,
                     "build interrupted at distance " + std::to_string(depth));
    }
    states += new_states.load();
    placements += new_placements.load();
    if (new_placements.load() > 0) max_distance = depth;
    if (options.progress) options.progress({depth, states, placements, count, elapsed()});
    if (new_states.load() == 0) break;
    if (static_cast<std::uint64_t>(depth) + 2 >= std::numeric_limits<L>::max()) {
      throw std::logic_error("pattern database distances overflow the build lanes");
    }
  }

  BuildResult result;
  PdbMeta& meta = result.meta;
  meta.rows = spec.rows;
  meta.cols = spec.cols;
  meta.goal = spec.goal;
  meta.tiles = spec.tiles;
  meta.ranking = kRankingLexPartialPermutation;
  meta.encoding = kEncodingHalfExcess;
  meta.entry_bits = max_stored.load() < 15 ? 4 : 8;
  meta.entry_count = count;
  meta.max_stored = max_stored.load();
  meta.max_distance = max_distance;
  meta.generator = kGeneratorVersion;
  const int unreached = meta.unreached_value();
  try {
    result.payload.resize(meta.payload_bytes());
  } catch (const std::bad_alloc&) {
    throw PdbError(ErrorKind::Memory, "out of memory allocating the database payload");
  }
  std::uint8_t* out = result.payload.data();
  arena.execute([&] {
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, meta.payload_bytes(), kGrain),
                      [&](const tbb::blocked_range<std::uint64_t>& range) {
                        auto value = [&](std::uint64_t r) {
                          const L v = slots[r].stored_plus_one;
                          return v == 0 ? unreached : static_cast<int>(v) - 1;
                        };
                        for (std::uint64_t b = range.begin(); b != range.end(); ++b) {
                          if (meta.entry_bits == 8) {
                            out[b] = static_cast<std::uint8_t>(value(b));
                          } else {
                            const int low = value(2 * b);
                            const int high = 2 * b + 1 < count ? value(2 * b + 1) : 0;
                            out[b] = static_cast<std::uint8_t>(low | (high << 4));
                          }
                        }
                      });
  });
  meta.payload_checksum = checksum(result.payload);
  result.states = states;
  result.seconds = elapsed();
  return result;
}

}  // namespace

void validate_spec(const BuildSpec& spec) {
  auto bad = [](const std::string& what) { throw PdbError(ErrorKind::Usage, what); };
  if (spec.rows < 2 || spec.rows > 5 || spec.cols < 2 || spec.cols > 5)
    bad("board size must be 2x2 .. 5x5");
  const int n = spec.rows * spec.cols;
  if (static_cast<int>(spec.goal.size()) != n)
    bad("the goal must list " + std::to_string(n) + " tiles");
  std::vector<bool> present(static_cast<std::size_t>(n), false);
  for (int t : spec.goal) {
    if (t < 0 || t >= n || present[static_cast<std::size_t>(t)])
      bad("the goal is not a permutation of 0.." + std::to_string(n - 1));
    present[static_cast<std::size_t>(t)] = true;
  }
  if (spec.tiles.empty() || static_cast<int>(spec.tiles.size()) >= n) {
    bad("a pattern holds 1 .. " + std::to_string(n - 1) + " tiles");
  }
  std::vector<bool> used(static_cast<std::size_t>(n), false);
  for (int t : spec.tiles) {
    if (t <= 0 || t >= n) bad("pattern tile " + std::to_string(t) + " is not a tile of this board");
    if (used[static_cast<std::size_t>(t)])
      bad("pattern tile " + std::to_string(t) + " is listed twice");
    used[static_cast<std::size_t>(t)] = true;
  }
}

std::uint64_t build_memory_bytes(const BuildSpec& spec) {
  const std::uint64_t count =
      placement_count(spec.rows * spec.cols, static_cast<int>(spec.tiles.size()));
  const std::uint64_t slot = 4 * static_cast<std::uint64_t>(free_lane_bits(spec) / 8);
  return count * slot + count + (std::uint64_t{64} << 20);  // + payload (<= a byte each) + runtime
}

std::uint64_t available_memory_bytes() {
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  std::uint64_t value = 0;
  std::string unit;
  while (meminfo >> key >> value >> unit) {
    if (key == "MemAvailable:") return value * 1024;
  }
  return 0;
}

BuildResult build_table(const BuildSpec& spec, const BuildOptions& options) {
  validate_spec(spec);
  try {
    switch (free_lane_bits(spec)) {
      case 8:
        return build_with<std::uint8_t>(spec, options);
      case 16:
        return build_with<std::uint16_t>(spec, options);
      default:
        return build_with<std::uint32_t>(spec, options);
    }
  } catch (const std::bad_alloc&) {
    throw PdbError(ErrorKind::Memory, "out of memory during the database build");
  }
}

VerifyReport verify_table(const PdbTable& table, int threads) {
  const PdbMeta& meta = table.meta();
  const Geometry geo(meta.rows, meta.cols);
  const PatternMd pmd(geo, meta.goal, meta.tiles);
  const int k = pmd.k, n = geo.n;
  const std::uint64_t count = meta.entry_count;
  const int unreached = meta.unreached_value();
  const bool exact = k == n - 1;
  const std::uint64_t goal_rank = rank_placement(pmd.goal_cell, k, n);
  const int histogram_size = meta.max_distance + 1;

  std::mutex fault_mutex;
  std::string fault;
  std::atomic<bool> failed{false};
  auto report = [&](const std::string& what) {
    std::lock_guard lock(fault_mutex);
    if (fault.empty()) fault = what;
    failed.store(true, std::memory_order_relaxed);
  };
  auto distance_of = [&](std::uint64_t r, const std::uint8_t* cells) {
    const int v = table.stored(r);
    return v == unreached ? -1 : pmd.distance(cells) + 2 * v;
  };
  tbb::combinable<std::vector<std::uint64_t>> histograms(
      [&] { return std::vector<std::uint64_t>(static_cast<std::size_t>(histogram_size) + 1, 0); });
  tbb::task_arena arena(threads > 0 ? threads : tbb::task_arena::automatic);
  arena.execute([&] {
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, count, kGrain), [&](const auto& range) {
      if (failed.load(std::memory_order_relaxed)) return;
      auto& hist = histograms.local();
      std::uint8_t cells[kMaxCells];
      for (std::uint64_t r = range.begin(); r != range.end(); ++r) {
        const std::uint32_t occupied = unrank_placement(r, k, n, cells);
        const int d = distance_of(r, cells);
        if (d < 0) {
          ++hist[static_cast<std::size_t>(histogram_size)];
          continue;
        }
        if (d > meta.max_distance)
          return report("entry " + std::to_string(r) + " exceeds the header's max distance");
        ++hist[static_cast<std::size_t>(d)];
        if ((d == 0) != (r == goal_rank)) {
          return report(d == 0 ? "placement " + std::to_string(r) +
                                     " other than the goal has distance 0"
                               : "the goal placement has distance " + std::to_string(d));
        }
        bool has_smaller = d == 0;
        for (int i = 0; i < k; ++i) {
          const int from = cells[i];
          std::uint32_t targets = geo.neighbours[from] & ~occupied;
          while (targets) {
            const int to = std::countr_zero(targets);
            targets &= targets - 1;
            cells[i] = static_cast<std::uint8_t>(to);
            const std::uint64_t r2 = rank_placement(cells, k, n);
            const int d2 = distance_of(r2, cells);
            cells[i] = static_cast<std::uint8_t>(from);
            if (d2 < 0 && !exact)
              return report("placement " + std::to_string(r2) + " was never reached");
            if (exact && d2 != d - 1 && d2 != d + 1) {
              return report("exact table: neighbours " + std::to_string(r) + " and " +
                            std::to_string(r2) + " differ by more than one");
            }
            if (d2 >= 0 && d2 < d) has_smaller = true;
          }
        }
        if (!has_smaller)
          return report("placement " + std::to_string(r) + " (distance " + std::to_string(d) +
                        ") has no neighbour closer to the goal");
      }
    });
  });
  VerifyReport out;
  out.histogram.assign(static_cast<std::size_t>(histogram_size), 0);
  histograms.combine_each([&](const std::vector<std::uint64_t>& h) {
    for (int d = 0; d < histogram_size; ++d)
      out.histogram[static_cast<std::size_t>(d)] += h[static_cast<std::size_t>(d)];
    out.unreached += h[static_cast<std::size_t>(histogram_size)];
  });
  for (auto c : out.histogram) out.reached += c;
  if (failed.load()) {
    out.ok = false;
    out.message = fault;
    return out;
  }
  const std::uint64_t expected_unreached = exact ? count / 2 : 0;
  if (out.unreached != expected_unreached) {
    out.ok = false;
    out.message = std::to_string(out.unreached) + " placements unreached, expected " +
                  std::to_string(expected_unreached);
    return out;
  }
  if (out.histogram.empty() || out.histogram.back() == 0) {
    out.ok = false;
    out.message = "no placement has the header's max distance";
    return out;
  }
  out.message = "ok: " + std::to_string(out.reached) + " placements reached, max distance " +
                std::to_string(meta.max_distance);
  return out;
}

}  // namespace npuzzle::pdb
