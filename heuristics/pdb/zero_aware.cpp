#include "heuristics/pdb/zero_aware.hpp"

#include <algorithm>
#include <cstdlib>

#include "heuristics/pdb/file.hpp"
#include "heuristics/pdb/index.hpp"

namespace npuzzle::pdb {

int zero_aware_step(const Geometry& geo, std::uint32_t& zone, int stored, std::uint8_t entry, int a,
                    int b, int md_change) {
  const std::uint32_t occupied =
      (zone & geo.all) ^ (std::uint32_t{1} << a) ^ (std::uint32_t{1} << b);
  const int parent = static_cast<int>(zone >> 30);
  const int child = zero_aware_child(parent, zero_aware_bit(geo, entry, geo.all & ~occupied, a));
  zone = occupied | static_cast<std::uint32_t>(child) << 30;
  const int change = 2 * (((child - parent) & 3) == 1) - 1;
  return stored + (change - md_change) / 2;
}

int zero_aware_distance(const Geometry& geo, const std::uint8_t* entries, int k,
                        const std::uint8_t* cells, int blank, const std::uint8_t* goal_cells,
                        int goal_blank) {
  std::uint8_t at[kMaxCells];
  std::copy(cells, cells + k, at);
  std::uint32_t occupied = 0;
  int manhattan = 0;
  const auto md = [&](int i, int cell) {
    return std::abs(cell / geo.cols - goal_cells[i] / geo.cols) +
           std::abs(cell % geo.cols - goal_cells[i] % geo.cols);
  };
  for (int i = 0; i < k; ++i) {
    occupied |= std::uint32_t{1} << at[i];
    manhattan += md(i, at[i]);
  }
  const auto modulo4 = [&](std::uint64_t rank, std::uint32_t free, int blank_cell, int distance) {
    return 2 * zero_aware_bit(geo, entries[rank], free, blank_cell) + (distance & 1);
  };
  int here = modulo4(rank_placement(at, k, geo.n), geo.all & ~occupied, blank, manhattan);
  // Each step is one nearer; no distance of a table exceeds 4 x cells x tiles.
  for (int steps = 0; steps <= 4 * geo.n * k + 4; ++steps) {
    const std::uint32_t free = geo.all & ~occupied;
    const std::uint32_t region = geo.region(std::uint32_t{1} << blank, free);
    const bool home = std::equal(at, at + k, goal_cells) && (region >> goal_blank & 1);
    if (home) {
      if (here != 0) break;
      return steps;
    }
    const int want = (here + 3) & 3;
    int moved = -1, from_cell = 0, to_cell = 0;
    for_each_tile_move(geo, at, k, region, [&](int from, int to, std::uint64_t rank) {
      const int i = static_cast<int>(std::find(at, at + k, to) - at);
      const int distance = manhattan - md(i, from) + md(i, to);
      const std::uint32_t free2 = free ^ (std::uint32_t{1} << to) ^ (std::uint32_t{1} << from);
      if (modulo4(rank, free2, from, distance) != want) return false;
      moved = i;
      from_cell = from;
      to_cell = to;
      return true;
    });
    if (moved < 0) break;
    manhattan += md(moved, to_cell) - md(moved, from_cell);
    at[moved] = static_cast<std::uint8_t>(to_cell);
    occupied ^= (std::uint32_t{1} << from_cell) ^ (std::uint32_t{1} << to_cell);
    blank = from_cell;
    here = want;
  }
  throw PdbError(ErrorKind::Database,
                 "zero-aware pattern database is damaged: its entries do not lead to the goal");
}

}  // namespace npuzzle::pdb
