// The incremental re-ranking of heuristics/pdb.hpp: along long random walks on square and
// rectangular boards, for every goal of tests/core/test_support.hpp (blank-first, blank-last, a
// spiral), with and without the reflected views, for one partition and for two joined by '+',
// each update() gives exactly the Value that init() gives for the child — the board, the
// Manhattan sum, and every view's ranks, stored values and excesses — and every rank equals
// pdb::rank_placement of the pattern tiles' cells (on the mirrored board for a reflected view),
// so the incremental rank is the table's own index.
#include <gtest/gtest.h>

#include <string>
#include <tuple>
#include <vector>

#include "core/random.hpp"
#include "heuristics/pdb.hpp"
#include "heuristics/pdb_index.hpp"
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
      }
    }
    if (!same) {
      ++faults;
      ADD_FAILURE() << "step " << step << ": tile " << tile << " from cell " << target
                    << " differs from a fresh init()";
    }
    EXPECT_EQ(h.estimate(updated), h.estimate(fresh));
    value = updated;
  }
}

template <class B>
void check_board(const std::vector<std::string>& partitions, int steps) {
  for (const auto& named : testing::test_goals(B::kRows, B::kCols)) {
    SCOPED_TRACE(B::name() + " " + named.name);
    const auto goal = Goal<B>::from_spec(named.spec);
    for (const std::string& partition : partitions) {
      const pdb::PdbSet set = testing::memory_set(goal, partition);
      for (bool reflect : {false, true}) {
        with_pdb_heuristic(goal, set, reflect, [&](const auto& h) {
          walk_and_compare(h, goal, set, steps, 17);
          return 0;
        });
      }
    }
  }
}

// Partitions joined by '+' (two sets: two or four views) as well as single ones.
TEST(PdbUpdate, Board4x4) {
  check_board<Board<4, 4>>({"5-5-5", "1,5,9/2,3,4,8/12,14,15", "5-5-5+1,5,9/2,3,4,8/12,14,15"},
                           4000);
}

TEST(PdbUpdate, Board5x5) {
  check_board<Board<5, 5>>({"1,2,3,5/6,11,16,21/24,23,22", "7,8,12,13/19,20,24",
                            "1,2,3,5/6,11,16,21/24,23,22+7,8,12,13/19,20,24"},
                           4000);
}

TEST(PdbUpdate, Board3x5) {
  check_board<Board<3, 5>>({"1,2,3,6,7/8,9,13,14", "1,2,3,6,7/8,9,13,14+1,6,11/2,7,12,3"}, 3000);
}

TEST(PdbUpdate, Board2x3) { check_board<Board<2, 3>>({"full", "1,2/3,5", "full+1,2/3,5"}, 2000); }

}  // namespace
}  // namespace npuzzle
