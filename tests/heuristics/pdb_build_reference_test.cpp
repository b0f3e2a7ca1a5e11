// The database builder against a reference written here, on small boards: a 0-1 breadth-first
// search over (placement of the pattern tiles, exact cell of the blank), where the blank moving
// into a free cell costs 0 and into a pattern tile's cell (the tile moving) costs 1, from the goal
// placement with the blank on its goal cell. A placement's entry is the least cost over its blank
// cells, stored as (distance - pattern Manhattan) / 2. Every entry of every table must agree,
// including placements whose pattern tiles cut the free cells into many regions.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <deque>
#include <numeric>
#include <sstream>
#include <vector>

#include "heuristics/pdb/build.hpp"
#include "heuristics/pdb/file.hpp"
#include "heuristics/pdb/index.hpp"

namespace npuzzle {
namespace {

constexpr std::uint8_t kFar = 255;

struct Grid {
  int rows, cols;
  int n() const { return rows * cols; }
  std::vector<int> neighbours(int cell) const {
    std::vector<int> out;
    const int r = cell / cols, c = cell % cols;
    if (r > 0) out.push_back(cell - cols);
    if (r + 1 < rows) out.push_back(cell + cols);
    if (c > 0) out.push_back(cell - 1);
    if (c + 1 < cols) out.push_back(cell + 1);
    return out;
  }
  // The connected regions of the cells not in `blocked`: the region (1, 2, ..) of each cell, 0 for
  // the blocked cells.
  std::vector<int> regions(const std::vector<int>& blocked) const {
    std::vector<int> mark(static_cast<std::size_t>(n()), 0);
    for (int b : blocked) mark[static_cast<std::size_t>(b)] = -1;
    int count = 0;
    for (int start = 0; start < n(); ++start) {
      if (mark[static_cast<std::size_t>(start)] != 0) continue;
      ++count;
      std::vector<int> stack{start};
      mark[static_cast<std::size_t>(start)] = count;
      while (!stack.empty()) {
        const int cell = stack.back();
        stack.pop_back();
        for (int next : neighbours(cell)) {
          if (mark[static_cast<std::size_t>(next)] != 0) continue;
          mark[static_cast<std::size_t>(next)] = count;
          stack.push_back(next);
        }
      }
    }
    for (int& m : mark) m = std::max(m, 0);
    return mark;
  }
};

// A state (cells of the pattern tiles in pattern order, then the blank) as base-n digits.
struct Codec {
  int n, k;
  std::uint32_t encode(const std::vector<int>& cells, int blank) const {
    std::uint32_t code = 0;
    for (int c : cells) code = code * static_cast<std::uint32_t>(n) + static_cast<std::uint32_t>(c);
    return code * static_cast<std::uint32_t>(n) + static_cast<std::uint32_t>(blank);
  }
  int decode(std::uint32_t code, std::vector<int>& cells) const {
    const int blank = static_cast<int>(code % static_cast<std::uint32_t>(n));
    code /= static_cast<std::uint32_t>(n);
    cells.assign(static_cast<std::size_t>(k), 0);
    for (int i = k - 1; i >= 0; --i) {
      cells[static_cast<std::size_t>(i)] = static_cast<int>(code % static_cast<std::uint32_t>(n));
      code /= static_cast<std::uint32_t>(n);
    }
    return blank;
  }
  std::uint32_t size() const {
    std::uint32_t s = 1;
    for (int i = 0; i <= k; ++i) s *= static_cast<std::uint32_t>(n);
    return s;
  }
};

struct Reference {
  std::vector<int> stored;  // by placement rank; -1 unreached
  int max_distance = 0;
  int max_stored = 0;
  std::uint64_t states = 0;  // (placement, region of the blank) reached
  int most_regions = 0;      // among the placements
};

int cell_of(const std::vector<int>& goal, int tile) {
  return static_cast<int>(std::find(goal.begin(), goal.end(), tile) - goal.begin());
}

Reference reference(const Grid& board, const std::vector<int>& goal,
                    const std::vector<int>& tiles) {
  const int n = board.n(), k = static_cast<int>(tiles.size());
  const Codec codec{n, k};
  std::vector<std::uint8_t> dist(codec.size(), kFar);
  std::vector<int> cells;
  for (int t : tiles) cells.push_back(cell_of(goal, t));
  std::deque<std::uint32_t> queue{codec.encode(cells, cell_of(goal, 0))};
  dist[queue.front()] = 0;
  while (!queue.empty()) {
    const std::uint32_t code = queue.front();
    queue.pop_front();
    const int blank = codec.decode(code, cells);
    const int d = dist[code];
    for (int next : board.neighbours(blank)) {
      const auto tile = std::find(cells.begin(), cells.end(), next);
      const int cost = tile == cells.end() ? 0 : 1;
      if (tile != cells.end()) *tile = blank;
      const std::uint32_t to = codec.encode(cells, next);
      if (tile != cells.end()) *tile = next;
      if (d + cost >= dist[to]) continue;
      dist[to] = static_cast<std::uint8_t>(d + cost);
      if (cost == 0) {
        queue.push_front(to);
      } else {
        queue.push_back(to);
      }
    }
  }
  Reference ref;
  std::vector<int> best(pdb::placement_count(n, k), kFar);
  std::vector<std::uint32_t> blanks(best.size(), 0);  // the blank cells reached
  for (std::uint32_t code = 0; code < codec.size(); ++code) {
    const int blank = codec.decode(code, cells);
    std::vector<int> used = cells;
    used.push_back(blank);
    std::sort(used.begin(), used.end());
    if (std::adjacent_find(used.begin(), used.end()) != used.end()) continue;
    if (dist[code] == kFar) continue;
    const std::uint64_t rank = pdb::rank_placement(cells.data(), k, n);
    best[rank] = std::min(best[rank], int{dist[code]});
    blanks[rank] |= std::uint32_t{1} << blank;
  }
  ref.stored.assign(best.size(), -1);
  for (std::uint64_t r = 0; r < best.size(); ++r) {
    if (best[r] == kFar) continue;
    std::uint8_t placed[pdb::kMaxCells];
    pdb::unrank_placement(r, k, n, placed);
    const std::vector<int> region = board.regions({placed, placed + k});
    ref.most_regions = std::max(ref.most_regions, *std::max_element(region.begin(), region.end()));
    std::uint32_t reached = 0;  // the regions holding a reached blank cell
    for (int c = 0; c < n; ++c) {
      if (blanks[r] >> c & 1) reached |= std::uint32_t{1} << region[static_cast<std::size_t>(c)];
    }
    ref.states += static_cast<std::uint64_t>(std::popcount(reached));
    int manhattan = 0;
    for (int i = 0; i < k; ++i) {
      const int home = cell_of(goal, tiles[static_cast<std::size_t>(i)]);
      manhattan += std::abs(placed[i] / board.cols - home / board.cols) +
                   std::abs(placed[i] % board.cols - home % board.cols);
    }
    EXPECT_EQ((best[r] - manhattan) % 2, 0);
    ref.stored[r] = (best[r] - manhattan) / 2;
    ref.max_distance = std::max(ref.max_distance, best[r]);
    ref.max_stored = std::max(ref.max_stored, ref.stored[r]);
  }
  return ref;
}

// The builder's table for (board, goal, tiles) equals the reference entry by entry; returns the
// reference's most regions of a placement.
int check(const Grid& board, const std::vector<int>& goal, const std::vector<int>& tiles) {
  std::ostringstream name;
  name << board.rows << "x" << board.cols << " goal";
  for (int t : goal) name << " " << t;
  name << ", tiles";
  for (int t : tiles) name << " " << t;
  SCOPED_TRACE(name.str());
  const Reference ref = reference(board, goal, tiles);
  // A wrong builder may search on past the farthest placement: stopped, it throws.
  std::atomic<bool> stop{false};
  pdb::BuildOptions options;
  options.stop = &stop;
  options.progress = [&](const pdb::BuildProgress& p) {
    if (p.depth > ref.max_distance + 1) stop = true;
  };
  pdb::BuildResult built = pdb::build_table({board.rows, board.cols, goal, tiles}, options);
  const auto table = pdb::PdbTable::from_memory(built.meta, std::move(built.payload));
  EXPECT_EQ(table->meta().entry_count, ref.stored.size());
  EXPECT_EQ(table->meta().max_distance, ref.max_distance);
  EXPECT_EQ(table->meta().max_stored, ref.max_stored);
  EXPECT_EQ(built.states, ref.states);  // each abstract state reached once
  const int unreached = table->meta().unreached_value();
  std::uint64_t wrong = 0;
  for (std::uint64_t r = 0; r < ref.stored.size(); ++r) {
    const int expected = ref.stored[r] < 0 ? unreached : ref.stored[r];
    if (table->stored(r) != expected && wrong++ < 3) {
      ADD_FAILURE() << "placement " << r << ": built " << table->stored(r) << ", reference "
                    << expected;
    }
  }
  EXPECT_EQ(wrong, 0u);
  return ref.most_regions;
}

std::vector<std::vector<int>> goals(const Grid& board) {
  const int n = board.n();
  std::vector<int> first(static_cast<std::size_t>(n)), last(first.size()), shuffled(first.size());
  std::iota(first.begin(), first.end(), 0);
  for (int c = 0; c < n; ++c) last[static_cast<std::size_t>(c)] = (c + 1) % n;
  const int step = n % 7 != 0 ? 7 : 5;  // coprime with n: a permutation, the blank mid-board
  for (int c = 0; c < n; ++c) shuffled[static_cast<std::size_t>(c)] = (c * step + n / 2) % n;
  return {first, last, shuffled};
}

TEST(PdbBuildReference, SmallBoardsAndPatterns) {
  const struct {
    Grid board;
    std::vector<std::vector<int>> patterns;
  } cases[] = {
      {{2, 3}, {{1}, {2, 5}, {4, 1, 3}, {1, 2, 3, 4}}},
      {{3, 2}, {{5, 2, 3}}},
      {{3, 3}, {{1, 2}, {8, 4}, {3, 6, 7}, {1, 3, 5, 7}, {2, 4, 6, 8}}},
      {{2, 4}, {{1, 5}, {7, 2, 4}, {1, 2, 3, 4, 5}}},
      {{3, 4}, {{1, 2, 3}, {11, 6, 4}}},
      {{4, 4}, {{1, 2, 3}, {15, 9, 6}}},
      {{5, 5}, {{1, 2}, {24, 7}}},
  };
  for (const auto& c : cases) {
    for (const auto& goal : goals(c.board)) {
      for (const auto& tiles : c.patterns) check(c.board, goal, tiles);
    }
  }
}

// Placements whose pattern tiles cut the free cells apart: on 3x3 the tiles on the four edge
// cells leave five single-cell regions, on 3x4 five tiles can make five regions; 4x4 and 5x5 with
// three tiles have regions that wrap round a tile (U shapes, several label cells of the builder).
TEST(PdbBuildReference, ManyRegions) {
  const Grid nine{3, 3};
  const std::vector<int> plus = nine.regions({1, 3, 5, 7});
  EXPECT_EQ(*std::max_element(plus.begin(), plus.end()), 5);
  for (const auto& goal : goals(nine)) EXPECT_EQ(check(nine, goal, {5, 3, 1, 7}), 5);
  const Grid twelve{3, 4};
  for (const auto& goal : goals(twelve)) EXPECT_EQ(check(twelve, goal, {1, 6, 3, 8, 11}), 5);
  const Grid sixteen{4, 4};
  EXPECT_EQ(check(sixteen, goals(sixteen)[2], {1, 5, 10, 14}), 3);
  const Grid big{5, 5};
  EXPECT_EQ(check(big, goals(big)[0], {6, 2, 10}), 2);
}

}  // namespace
}  // namespace npuzzle
