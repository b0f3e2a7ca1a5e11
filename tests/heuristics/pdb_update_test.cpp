// The incremental re-ranking of heuristics/pdb/pattern_databases.hpp: along long random walks on
// square and rectangular boards, for every goal of tests/core/test_support.hpp (blank-first,
// blank-last, a spiral), with and without the reflected views, for one partition and for two joined
// by '+', each update() gives exactly the Value that init() gives for the child — the board, the
// Manhattan sum, and every view's ranks, stored values and excesses — and every rank equals
// pdb::rank_placement of the pattern tiles' cells (on the mirrored board for a reflected view),
// so the incremental rank is the table's own index. With the dual lookups, every pattern's stored
// value on its dual placement (computed here from the board alone) is the table's entry too,
// except the pattern skipped while the blank stands on one of its tiles' goal cells.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <tuple>
#include <vector>

#include "core/random.hpp"
#include "heuristics/pdb/geometry.hpp"
#include "heuristics/pdb/index.hpp"
#include "heuristics/pdb/pattern_databases.hpp"
#include "tests/core/test_support.hpp"
#include "tests/heuristics/pdb_test_support.hpp"

namespace npuzzle {
namespace {

// The cells of `tiles` on `board` seen through view `view` (0: direct; 1: mirrored about the main
// diagonal, tile t renamed to the goal tile on the mirror of t's goal cell).
template <class B>
std::vector<int> view_cells(const Goal<B>& goal, const Tiles<B>& board, int view,
                            const std::vector<int>& tiles) {
  auto mirror = [](int c) { return B::cell(B::col(c), B::row(c)); };
  std::vector<int> cell_of(B::kCells, -1);
  for (int c = 0; c < B::kCells; ++c) {
    const int t = board[c];
    const int seen_as = view == 0 ? t : goal.state.tile_at(mirror(goal.cell_of[t]));
    cell_of[static_cast<std::size_t>(seen_as)] = view == 0 ? c : mirror(c);
  }
  std::vector<int> cells;
  for (int t : tiles) cells.push_back(cell_of[static_cast<std::size_t>(t)]);
  return cells;
}

// The dual placement of `tiles` seen through view `view`: tile o on the goal cell of the tile that
// (in the view) stands on o's goal cell; empty when that is the blank.
template <class B>
std::vector<int> dual_cells(const Goal<B>& goal, const Tiles<B>& board, int view,
                            const std::vector<int>& tiles) {
  auto mirror = [](int c) { return B::cell(B::col(c), B::row(c)); };
  std::vector<int> cells;
  for (int o : tiles) {
    const int home = goal.cell_of[o];
    const int t = board[view == 0 ? home : mirror(home)];
    if (t == 0) return {};
    const int seen_as = view == 0 ? t : goal.state.tile_at(mirror(goal.cell_of[t]));
    cells.push_back(goal.cell_of[seen_as]);
  }
  return cells;
}

// The blank's cell seen through view `view`.
template <class B>
int view_blank(const Goal<B>&, int blank, int view) {
  return view == 0 ? blank : B::cell(B::col(blank), B::row(blank));
}

// The table of group `group` whose goal has the blank in the region of `blank` (its own table or
// one of the set's dual_tables), with the group's tiles on their goal cells.
inline const pdb::PdbTable& dual_table(const pdb::PdbSet& set, std::size_t group, int blank) {
  const pdb::Geometry geo(set.rows, set.cols);
  std::uint32_t occupied = 0;
  for (int c = 0; c < geo.n; ++c) {
    const auto& tiles = set.partition.groups[group];
    if (std::find(tiles.begin(), tiles.end(), set.goal[static_cast<std::size_t>(c)]) !=
        tiles.end()) {
      occupied |= std::uint32_t{1} << c;
    }
  }
  auto holds_blank = [&](const pdb::PdbTable& table) {
    const auto& goal = table.meta().goal;
    const int home = static_cast<int>(std::find(goal.begin(), goal.end(), 0) - goal.begin());
    return (geo.region(std::uint32_t{1} << home, geo.all & ~occupied) >> blank) & 1;
  };
  if (holds_blank(*set.tables[group])) return *set.tables[group];
  for (const auto& table : set.dual_tables[group]) {
    if (holds_blank(*table)) return *table;
  }
  ADD_FAILURE() << "no table for the blank on cell " << blank;
  return *set.tables[group];
}

template <class B, class H>
void walk_and_compare(const H& h, const Goal<B>& goal, const pdb::PdbSet& set, int steps,
                      std::uint64_t seed) {
  constexpr int kViews = std::tuple_size_v<decltype(typename H::Value{}.rank)>;
  SCOPED_TRACE(h.describe());
  Rng rng(seed);
  State<B> state = testing::state_from<B>(
      random_solvable(B::kRows, B::kCols, testing::tiles_of(goal.state), rng));
  auto value = h.init(state);
  int faults = 0, previous_blank = -1;
  for (int step = 0; step < steps && faults < 5; ++step) {
    const auto& moves = B::kMoveTable[state.blank];
    int target;
    do {
      target = moves.targets[rng.below(static_cast<std::uint64_t>(moves.count))];
    } while (target == previous_blank && moves.count > 1);
    const int tile = state.tile_at(target);
    previous_blank = state.blank;
    const auto updated = h.update(value, tile, target, state.blank);
    state.move_blank_to(target);
    const auto fresh = h.init(state);
    bool same = updated.board == fresh.board && updated.manhattan == fresh.manhattan &&
                updated.excess == fresh.excess;
    for (int v = 0; v < kViews; ++v) {
      // Views go set by set, each direct then (when reflected) mirrored.
      const std::size_t k = static_cast<std::size_t>(h.reflected() ? v / 2 : v);
      const int mirror = h.reflected() ? v % 2 : 0;
      std::size_t first = 0;
      for (std::size_t j = 0; j < k; ++j) first += set.partition.set_size(j);
      for (std::size_t p = 0; p < set.partition.set_size(k); ++p) {
        const auto& tiles = set.partition.groups[first + p];
        const std::vector<int> cells = view_cells(goal, fresh.board, mirror, tiles);
        const std::uint64_t expected =
            pdb::rank_placement(cells.data(), static_cast<int>(cells.size()), B::kCells);
        same = same && updated.rank[v][p] == expected && fresh.rank[v][p] == expected &&
               updated.stored[v][p] == fresh.stored[v][p] &&
               updated.stored[v][p] == set.tables[first + p]->stored(expected);
        const std::vector<int> dual = dual_cells(goal, fresh.board, mirror, tiles);
        if (h.dual() && !dual.empty()) {
          const std::uint64_t rank =
              pdb::rank_placement(dual.data(), static_cast<int>(dual.size()), B::kCells);
          const pdb::PdbTable& table =
              dual_table(set, first + p, view_blank(goal, state.blank, mirror));
          same = same && updated.dual_stored[v][p] == fresh.dual_stored[v][p] &&
                 updated.dual_stored[v][p] == table.stored(rank);
        }
      }
    }
    same = same && updated.dual == fresh.dual;
    if (!same) {
      ++faults;
      ADD_FAILURE() << "step " << step << ": tile " << tile << " from cell " << target
                    << " differs from a fresh init()";
    }
    EXPECT_EQ(h.estimate(updated), h.estimate(fresh));
    value = updated;
  }
}

// Returns how many tables for the dual lookups' other regions the sets had.
template <class B>
std::size_t check_board(const std::vector<std::string>& partitions, int steps) {
  std::size_t dual_tables = 0;
  for (const auto& named : testing::test_goals(B::kRows, B::kCols)) {
    SCOPED_TRACE(B::name() + " " + named.name);
    const auto goal = Goal<B>::from_spec(named.spec);
    for (const std::string& partition : partitions) {
      const pdb::PdbSet set = testing::memory_set(goal, partition);
      for (const auto& tables : set.dual_tables) dual_tables += tables.size();
      for (bool reflect : {false, true}) {
        for (bool dual : {false, true}) {
          with_pdb_heuristic(goal, set, reflect, dual, [&](const auto& h) {
            walk_and_compare(h, goal, set, steps, 17);
            return 0;
          });
        }
      }
    }
  }
  return dual_tables;
}

// Partitions joined by '+' (two sets: two or four views) as well as single ones.
TEST(PdbUpdate, Board4x4) {
  check_board<Board<4, 4>>({"5-5-5", "1,5,9/2,3,4,8/12,14,15", "5-5-5+1,5,9/2,3,4,8/12,14,15"},
                           4000);
}

// Tiles 1, 2, 3 and 5 home shut the blank-first goal's cell 0 off: the dual lookups use a table
// of the other region there.
TEST(PdbUpdate, Board5x5) {
  const std::size_t dual_tables =
      check_board<Board<5, 5>>({"1,2,3,5/6,11,16,21/24,23,22", "7,8,12,13/19,20,24",
                                "1,2,3,5/6,11,16,21/24,23,22+7,8,12,13/19,20,24"},
                               4000);
  EXPECT_GT(dual_tables, 0u);
}

TEST(PdbUpdate, Board3x5) {
  check_board<Board<3, 5>>({"1,2,3,6,7/8,9,13,14", "1,2,3,6,7/8,9,13,14+1,6,11/2,7,12,3"}, 3000);
}

TEST(PdbUpdate, Board2x3) { check_board<Board<2, 3>>({"full", "1,2/3,5", "full+1,2/3,5"}, 2000); }

}  // namespace
}  // namespace npuzzle
