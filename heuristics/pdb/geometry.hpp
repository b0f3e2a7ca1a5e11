// heuristics/pdb/geometry.hpp — the board at run time for building and verifying pattern databases:
// cells as bits of a 32-bit mask, regions of free cells and the label cells that name them, the
// pattern's Manhattan distances, and the one loop over the moves of a pattern tile into a
// neighbouring cell that the builder and the verifier share.
//
// The geometry is a run-time value (the builder is not on any hot search path), so one compiled
// builder serves every board size.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "heuristics/pdb/index.hpp"

namespace npuzzle::pdb {

// Placements per parallel chunk when a build or a verification scans the whole table.
inline constexpr std::uint64_t kScanGrain = std::uint64_t{1} << 14;

struct Geometry {
  int rows = 0, cols = 0, n = 0;
  std::uint32_t all = 0;
  std::uint32_t not_left = 0;   // cells not in the first column
  std::uint32_t not_right = 0;  // cells not in the last column
  std::uint32_t neighbours[kMaxCells] = {};
  std::uint32_t row_cells[kMaxCells] = {};  // the cells of each cell's row

  constexpr Geometry(int r, int c) : rows(r), cols(c), n(r * c) {
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
      row_cells[cell] = ((std::uint32_t{1} << c) - 1) << (row * c);
    }
  }
  // The connected region of `free` cells holding the cells of `seed` (a subset of `free`).
  constexpr std::uint32_t region(std::uint32_t seed, std::uint32_t free) const {
    std::uint32_t x = seed, previous;
    do {
      previous = x;
      x |= ((x & not_right) << 1) | ((x & not_left) >> 1) | (x << cols) | (x >> cols);
      x &= free;
    } while (x != previous);
    return x;
  }
  // The label cells of `free`: the last cell of each run of free cells along a row (no free right
  // neighbour) when no cell of the run has a free cell below. The highest cell of a region is one
  // (a region may hold several), so a region is named by the label cells it holds.
  constexpr std::uint32_t label_cells(std::uint32_t free) const {
    const std::uint32_t over_free = free & (free >> cols);
    const std::uint32_t ends = free & ~((free & not_left) >> 1);
    // The cells of each run from its first cell over a free cell on: a carry along the run (cells
    // of the last column are left out of the sum so that no carry runs into the next row).
    const std::uint32_t inner = free & not_right;
    const std::uint32_t sum = inner + (over_free & inner);
    return ends & ~(over_free | (inner & ~sum) | (sum & ~inner & free));
  }
  // A label cell of the region of `free` holding `cell` (`labels` = label_cells(free)), found
  // without a flood fill: right to the last cell of the run; when that is no label, some cell of
  // the run is over a free cell: down from the last such, and again. Every step goes to a higher
  // cell of the same region.
  constexpr int label_cell(int cell, std::uint32_t free, std::uint32_t labels) const {
    const std::uint32_t over_free = free & (free >> cols);
    for (;;) {
      const std::uint32_t fence = (~free | ~row_cells[cell]) & (~std::uint32_t{1} << cell);
      const int last = std::countr_zero(fence) - 1;
      if (labels >> last & 1) return last;
      cell = 31 - std::countl_zero(over_free & ((std::uint32_t{2} << last) - 1)) + cols;
    }
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

// Every move of one of the k pattern tiles on `cells` into a neighbouring cell of `allowed`: calls
// f(from, to, rank) with `cells` holding the moved placement and `rank` its rank; `cells` is
// restored after each call. Returns true as soon as f does (the rest are skipped).
template <class F>
bool for_each_tile_move(const Geometry& geo, std::uint8_t* cells, int k, std::uint32_t allowed,
                        F&& f) {
  for (int i = 0; i < k; ++i) {
    const int from = cells[i];
    std::uint32_t targets = geo.neighbours[from] & allowed;
    while (targets) {
      const int to = std::countr_zero(targets);
      targets &= targets - 1;
      cells[i] = static_cast<std::uint8_t>(to);
      const bool done = f(from, to, rank_placement(cells, k, geo.n));
      cells[i] = static_cast<std::uint8_t>(from);
      if (done) return true;
    }
  }
  return false;
}

}  // namespace npuzzle::pdb
