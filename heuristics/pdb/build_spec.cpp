#include "heuristics/pdb/build_spec.hpp"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <fstream>
#include <string>

#include <tbb/info.h>

#include "core/board_sizes.hpp"
#include "heuristics/pdb/file.hpp"
#include "heuristics/pdb/geometry.hpp"
#include "heuristics/pdb/index.hpp"

namespace npuzzle::pdb {
namespace {

// The most label cells (Geometry::label_cells) any placement of k tiles on the board has: every
// set of k occupied cells is tried (at most C(25, 12) = 5.2 million).
int max_labels(int rows, int cols, int k) {
  const Geometry geo(rows, cols);
  int most = 0;
  for (std::uint64_t occupied = (std::uint64_t{1} << k) - 1; occupied <= geo.all;) {
    most = std::max(
        most, std::popcount(geo.label_cells(geo.all & ~static_cast<std::uint32_t>(occupied))));
    const std::uint64_t low = occupied & -occupied, carry = occupied + low;
    occupied = (((carry ^ occupied) >> 2) / low) | carry;  // the next set of k cells
  }
  return most;
}

}  // namespace

int build_lane_bits(const BuildSpec& spec) {
  const int labels = max_labels(spec.rows, spec.cols, static_cast<int>(spec.tiles.size()));
  return labels <= 8 ? 8 : labels <= 16 ? 16 : 32;
}

void validate_spec(const BuildSpec& spec) {
  auto bad = [](const std::string& what) { throw PdbError(ErrorKind::Usage, what); };
  if (!is_board_size(spec.rows, spec.cols))
    bad("board size " + std::to_string(spec.rows) + "x" + std::to_string(spec.cols) +
        " is not one of this build's");
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
  if (spec.zero_aware) {
    if (static_cast<int>(spec.tiles.size()) + 2 > n) {
      bad("a zero-aware pattern leaves at least two cells free (at most " + std::to_string(n - 2) +
          " tiles)");
    }
    if (build_lane_bits(spec) != 8) {
      bad("a zero-aware pattern of " + std::to_string(spec.tiles.size()) + " tiles on " +
          std::to_string(spec.rows) + "x" + std::to_string(spec.cols) +
          " leaves more than 8 regions' label cells; use fewer tiles");
    }
  }
}

std::uint64_t build_memory_bytes(const BuildSpec& spec) {
  const std::uint64_t count =
      placement_count(spec.rows * spec.cols, static_cast<int>(spec.tiles.size()));
  const std::uint64_t slot =
      (spec.zero_aware ? 5 : 4) * static_cast<std::uint64_t>(build_lane_bits(spec) / 8);
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

int build_workers(int threads) {
  return threads > 0 ? threads : std::max(1, tbb::info::default_concurrency());
}

double build_seconds_estimate(std::uint64_t placements, bool zero_aware, int threads) {
  constexpr double kPlacementsPerThreadSecond = 2.5e6;
  constexpr double kZeroAwareFactor = 1.6;
  return static_cast<double>(placements) * (zero_aware ? kZeroAwareFactor : 1.0) /
         (kPlacementsPerThreadSecond * build_workers(threads));
}

std::string duration_text(double seconds) {
  const auto s = static_cast<long long>(seconds + 0.5);
  char text[48];
  if (s < 60) {
    std::snprintf(text, sizeof text, "about %lld s", std::max(1LL, s));
  } else if (s < 3600) {
    std::snprintf(text, sizeof text, "about %lld min", (s + 30) / 60);
  } else {
    std::snprintf(text, sizeof text, "about %lld h %02lld min", s / 3600, s / 60 % 60);
  }
  return text;
}

std::string mib_text(std::uint64_t bytes) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f MiB", static_cast<double>(bytes) / (1024.0 * 1024.0));
  return buf;
}

}  // namespace npuzzle::pdb
