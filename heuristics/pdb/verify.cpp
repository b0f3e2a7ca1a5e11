// The breadth-first invariants of a built pattern database (pdb_build.hpp: verify_table).
#include <tbb/blocked_range.h>
#include <tbb/combinable.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <string>
#include <vector>

#include "heuristics/pdb/build.hpp"
#include "heuristics/pdb/geometry.hpp"
#include "heuristics/pdb/index.hpp"
#include "heuristics/pdb/zero_aware.hpp"

namespace npuzzle::pdb {
namespace {

// Runs `body` over the entries [0, count) in parallel (grain kScanGrain), slice by slice when
// options.progress is set, reporting after each slice from the calling thread; stops between
// slices once `failed` or options.stop is set. One slice is about 1/200 of the table, at least
// 64 grains: the threads meet once per slice, which costs nothing measurable.
template <class Body>
void scan_entries(std::uint64_t count, const VerifyOptions& options,
                  const std::atomic<bool>& failed, const Body& body) {
  const auto began = std::chrono::steady_clock::now();
  const std::uint64_t slice =
      options.progress ? std::max<std::uint64_t>(kScanGrain * 64, count / 200) : count;
  tbb::task_arena arena(options.threads > 0 ? options.threads : tbb::task_arena::automatic);
  arena.execute([&] {
    for (std::uint64_t begin = 0; begin < count;) {
      const std::uint64_t end = std::min(count, begin + std::max<std::uint64_t>(slice, 1));
      tbb::parallel_for(tbb::blocked_range<std::uint64_t>(begin, end, kScanGrain), body);
      begin = end;
      if (failed.load() || (options.stop && options.stop->load())) return;
      if (options.progress) {
        options.progress(
            {end, count,
             std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count()});
      }
    }
  });
}

// Placements apart of the walks a zero-aware check takes to the goal (with every region).
constexpr std::uint64_t kWalkEvery = 4093;

// The checks of a zero-aware table (encoding 2): in every placement, the label cells of one region
// carry one bit and the bits past the labels are clear; the goal state is 0 modulo 4 and every
// other state has a move to a state one nearer modulo 4; and from every kWalkEvery-th placement,
// each region walks down to the goal within the header's largest distance.
VerifyReport verify_zero_aware(const PdbTable& table, const VerifyOptions& options) {
  const std::atomic<bool>* stop = options.stop;
  const PdbMeta& meta = table.meta();
  const Geometry geo(meta.rows, meta.cols);
  const PatternMd pmd(geo, meta.goal, meta.tiles);
  const int k = pmd.k, n = geo.n;
  const std::uint8_t* entries = table.data();
  const int goal_blank =
      static_cast<int>(std::find(meta.goal.begin(), meta.goal.end(), 0) - meta.goal.begin());
  const std::uint64_t goal_rank = rank_placement(pmd.goal_cell, k, n);
  std::mutex fault_mutex;
  std::string fault;
  std::atomic<bool> failed{false};
  std::atomic<std::uint64_t> states{0};
  auto report = [&](const std::string& what) {
    std::lock_guard lock(fault_mutex);
    if (fault.empty()) fault = what;
    failed.store(true, std::memory_order_relaxed);
  };
  scan_entries(
      meta.entry_count, options, failed, [&](const tbb::blocked_range<std::uint64_t>& range) {
        if (failed.load(std::memory_order_relaxed)) return;
        if (stop && stop->load(std::memory_order_relaxed)) return;
        std::uint8_t cells[kMaxCells];
        std::uint64_t local_states = 0;
        for (std::uint64_t r = range.begin(); r != range.end(); ++r) {
          const std::uint32_t occupied = unrank_placement(r, k, n, cells);
          const std::uint32_t free = geo.all & ~occupied;
          const std::uint32_t labels = geo.label_cells(free);
          const std::uint8_t entry = entries[r];
          if (entry >> std::popcount(labels) != 0) {
            return report("placement " + std::to_string(r) + " has bits past its regions");
          }
          const int parity = pmd.distance(cells) & 1;
          for (std::uint32_t left = free; left != 0;) {
            const std::uint32_t region = geo.region(left & (~left + 1), free);
            left &= ~region;
            ++local_states;
            const std::uint32_t lanes = extract(region, labels);
            if ((entry & lanes) != 0 && (entry & lanes) != lanes) {
              return report("placement " + std::to_string(r) +
                            ": the label bits of one region disagree");
            }
            const int blank = std::countr_zero(region);
            const int here = 2 * zero_aware_bit(geo, entry, free, blank) + parity;
            if (r == goal_rank && (region >> goal_blank & 1)) {
              if (here != 0) return report("the goal state is not 0 modulo 4");
              continue;
            }
            const bool has_nearer =
                for_each_tile_move(geo, cells, k, region, [&](int from, int to, std::uint64_t r2) {
                  const std::uint32_t free2 =
                      free ^ (std::uint32_t{1} << to) ^ (std::uint32_t{1} << from);
                  const int there =
                      2 * zero_aware_bit(geo, entries[r2], free2, from) + (pmd.distance(cells) & 1);
                  return there == ((here + 3) & 3);
                });
            if (!has_nearer) {
              return report("placement " + std::to_string(r) +
                            ": a region with no move one nearer the goal");
            }
            if (r % kWalkEvery == 0) {
              try {
                const int d =
                    zero_aware_distance(geo, entries, k, cells, blank, pmd.goal_cell, goal_blank);
                if (d > meta.max_distance) {
                  return report("placement " + std::to_string(r) + " walks " + std::to_string(d) +
                                " moves, more than the header's largest");
                }
              } catch (const PdbError& e) {
                return report("placement " + std::to_string(r) + ": " + e.what());
              }
            }
          }
        }
        states.fetch_add(local_states, std::memory_order_relaxed);
      });
  VerifyReport out;
  out.reached = states.load();
  if (stop && stop->load()) {
    out.ok = false;
    out.interrupted = true;
    out.message = "interrupted";
  } else if (failed.load()) {
    out.ok = false;
    out.message = fault;
  } else {
    out.message = "ok (zero-aware): " + std::to_string(out.reached) +
                  " states (placement, blank's region), each with a move one nearer the goal";
  }
  return out;
}

}  // namespace

VerifyReport verify_table(const PdbTable& table, int threads, const std::atomic<bool>* stop) {
  VerifyOptions options;
  options.threads = threads;
  options.stop = stop;
  return verify_table(table, options);
}

VerifyReport verify_table(const PdbTable& table, const VerifyOptions& options) {
  if (table.meta().zero_aware()) return verify_zero_aware(table, options);
  const std::atomic<bool>* stop = options.stop;
  const PdbMeta& meta = table.meta();
  const Geometry geo(meta.rows, meta.cols);
  const PatternMd pmd(geo, meta.goal, meta.tiles);
  const int k = pmd.k, n = geo.n;
  const std::uint64_t count = meta.entry_count;
  const int unreached = meta.unreached_value();
  const bool exact = k == n - 1;
  const std::uint64_t goal_rank = rank_placement(pmd.goal_cell, k, n);
  const int histogram_size = meta.max_distance + 1;
  // The goal placement's region of free cells that holds the goal's blank: the goal placement is at
  // distance 0 with the blank there, whatever its other regions are at.
  std::uint32_t goal_region = 0;
  {
    std::uint32_t goal_free = geo.all;
    for (int i = 0; i < k; ++i) goal_free &= ~(std::uint32_t{1} << pmd.goal_cell[i]);
    const auto blank = std::find(meta.goal.begin(), meta.goal.end(), 0) - meta.goal.begin();
    if (blank < n && (goal_free >> blank & 1))
      goal_region = geo.region(std::uint32_t{1} << blank, goal_free);
  }

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
  scan_entries(count, options, failed, [&](const tbb::blocked_range<std::uint64_t>& range) {
    if (failed.load(std::memory_order_relaxed)) return;
    if (stop && stop->load(std::memory_order_relaxed)) return;
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
        return report(d == 0
                          ? "placement " + std::to_string(r) + " other than the goal has distance 0"
                          : "the goal placement has distance " + std::to_string(d));
      }
      bool has_smaller = d == 0;
      // Where the free cells form one region, the entry is the distance with the blank
      // anywhere in it; so a tile slid out of this placement can be slid back in one move:
      // every neighbour's distance is at most one more. (Where they form several regions,
      // the entry is the least over them, and a neighbour reached through another region
      // may be farther: no bound.) From the goal placement, that holds for the tiles slid
      // into the goal blank's region.
      const std::uint32_t free = geo.all & ~occupied;
      const bool connected = geo.region(free & (~free + 1), free) == free;
      std::string fault_here;
      for_each_tile_move(geo, cells, k, ~occupied, [&](int, int to, std::uint64_t r2) {
        const int d2 = distance_of(r2, cells);
        if (d2 < 0 && !exact) {
          fault_here = "placement " + std::to_string(r2) + " was never reached";
        } else if (exact && d2 != d - 1 && d2 != d + 1) {
          fault_here = "exact table: neighbours " + std::to_string(r) + " and " +
                       std::to_string(r2) + " differ by more than one";
        } else if (d2 > d + 1 && (connected || (r == goal_rank && (goal_region >> to & 1)))) {
          fault_here = "placements " + std::to_string(r) + " and " + std::to_string(r2) +
                       " are one move apart, yet their distances are " + std::to_string(d) +
                       " and " + std::to_string(d2);
        }
        if (d2 >= 0 && d2 < d) has_smaller = true;
        return !fault_here.empty();
      });
      if (!fault_here.empty()) return report(fault_here);
      if (!has_smaller)
        return report("placement " + std::to_string(r) + " (distance " + std::to_string(d) +
                      ") has no neighbour closer to the goal");
    }
  });
  VerifyReport out;
  out.histogram.assign(static_cast<std::size_t>(histogram_size), 0);
  histograms.combine_each([&](const std::vector<std::uint64_t>& h) {
    for (int d = 0; d < histogram_size; ++d)
      out.histogram[static_cast<std::size_t>(d)] += h[static_cast<std::size_t>(d)];
    out.unreached += h[static_cast<std::size_t>(histogram_size)];
  });
  for (auto c : out.histogram) out.reached += c;
  if (stop && stop->load()) {
    out.ok = false;
    out.interrupted = true;
    out.message = "interrupted";
    return out;
  }
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
