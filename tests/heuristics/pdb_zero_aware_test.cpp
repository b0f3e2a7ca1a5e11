// Zero-aware pattern databases (encoding 2: heuristics/pdb/file.hpp, pdb_zero_aware.hpp). The
// distances are checked against a breadth-first search written here over the explicit abstract
// states (the pattern tiles' cells and the blank's cell; a blank move costs nothing, a pattern
// tile's move one): for every state of small patterns on 3x3, 2x4, 4x4 and 5x5 and the three test
// goals, the walk to the goal gives the exact distance; the heuristic
// (heuristics/pdb/pattern_databases.hpp) equals the Manhattan distance of the other tiles plus the
// patterns' exact distances along random walks, each update() equals a fresh init(), and it is
// never below the minimised tables' heuristic (also with the reflected views). Also: the file round
// trip, the checks of verify_table and what is refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <deque>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "core/random.hpp"
#include "heuristics/pdb/build.hpp"
#include "heuristics/pdb/geometry.hpp"
#include "heuristics/pdb/index.hpp"
#include "heuristics/pdb/pattern_databases.hpp"
#include "heuristics/pdb/zero_aware.hpp"
#include "tests/core/test_support.hpp"
#include "tests/heuristics/pdb_test_support.hpp"

namespace npuzzle {
namespace {

// Exact distances of one pattern's abstract states, by a 0-1 breadth-first search from the goal
// (moves are their own inverses): index rank * n + blank cell; -1 where the blank's cell holds a
// pattern tile.
struct AbstractDistances {
  int rows, cols, n, k;
  std::vector<int> goal_cells;
  int goal_blank = 0;
  std::vector<int> distance;

  AbstractDistances(int r, int c, const std::vector<int>& goal, const std::vector<int>& tiles)
      : rows(r), cols(c), n(r * c), k(static_cast<int>(tiles.size())) {
    for (int t : tiles) {
      goal_cells.push_back(static_cast<int>(std::find(goal.begin(), goal.end(), t) - goal.begin()));
    }
    goal_blank = static_cast<int>(std::find(goal.begin(), goal.end(), 0) - goal.begin());
    distance.assign(pdb::placement_count(n, k) * static_cast<std::uint64_t>(n), -1);
    std::deque<std::pair<std::vector<int>, int>> queue;
    std::vector<int> start = goal_cells;
    distance[index(start, goal_blank)] = 0;
    queue.emplace_back(start, goal_blank);
    while (!queue.empty()) {
      auto [cells, blank] = queue.front();
      queue.pop_front();
      const int d = distance[index(cells, blank)];
      for (int next : neighbours(blank)) {
        std::vector<int> moved = cells;
        const auto tile = std::find(moved.begin(), moved.end(), next);
        const bool pattern_move = tile != moved.end();
        if (pattern_move) *tile = blank;
        const std::size_t i = index(moved, next);
        const int through = d + (pattern_move ? 1 : 0);
        if (distance[i] >= 0 && distance[i] <= through) continue;
        distance[i] = through;
        if (pattern_move) {
          queue.emplace_back(moved, next);
        } else {
          queue.emplace_front(moved, next);
        }
      }
    }
  }
  std::size_t index(const std::vector<int>& cells, int blank) const {
    return static_cast<std::size_t>(pdb::rank_placement(cells.data(), k, n) *
                                        static_cast<std::uint64_t>(n) +
                                    static_cast<std::uint64_t>(blank));
  }
  std::vector<int> neighbours(int cell) const {
    std::vector<int> out;
    if (cell >= cols) out.push_back(cell - cols);
    if (cell + cols < n) out.push_back(cell + cols);
    if (cell % cols > 0) out.push_back(cell - 1);
    if (cell % cols + 1 < cols) out.push_back(cell + 1);
    return out;
  }
};

pdb::BuildResult build_zero_aware(int rows, int cols, const std::vector<int>& goal,
                                  const std::vector<int>& tiles) {
  return pdb::build_table({rows, cols, goal, tiles, true});
}

// Every abstract state's walk to the goal against the breadth-first distances.
void check_walks(int rows, int cols, const std::vector<int>& tiles) {
  for (const auto& named : testing::test_goals(rows, cols)) {
    SCOPED_TRACE(std::to_string(rows) + "x" + std::to_string(cols) + " " + named.name);
    const std::vector<int> goal = named.spec.tiles_for(rows * cols);
    const pdb::BuildResult built = build_zero_aware(rows, cols, goal, tiles);
    ASSERT_EQ(built.meta.encoding, pdb::kEncodingZeroAware);
    ASSERT_EQ(built.meta.entry_bits, 8);
    const AbstractDistances exact(rows, cols, goal, tiles);
    const pdb::Geometry geo(rows, cols);
    std::vector<std::uint8_t> goal_cells(exact.goal_cells.begin(), exact.goal_cells.end());
    const int k = static_cast<int>(tiles.size());
    int wrong = 0, largest = 0;
    std::uint64_t states = 0;
    std::uint8_t cells[pdb::kMaxCells];
    for (std::uint64_t r = 0; r < built.meta.entry_count; ++r) {
      const std::uint32_t occupied = pdb::unrank_placement(r, k, geo.n, cells);
      const std::vector<int> cell_list(cells, cells + k);
      for (int blank = 0; blank < geo.n; ++blank) {
        if (occupied >> blank & 1) continue;
        const int d = exact.distance[exact.index(cell_list, blank)];
        ASSERT_GE(d, 0) << "the test's search missed a state";
        const int walked = pdb::zero_aware_distance(geo, built.payload.data(), k, cells, blank,
                                                    goal_cells.data(), exact.goal_blank);
        if (walked != d && wrong++ < 3) {
          ADD_FAILURE() << "placement " << r << ", blank on " << blank << ": walked " << walked
                        << ", distance " << d;
        }
        largest = std::max(largest, d);
        ++states;
      }
    }
    EXPECT_EQ(wrong, 0);
    EXPECT_EQ(largest, built.meta.max_distance);
    const auto table = pdb::PdbTable::from_memory(built.meta, built.payload);
    const pdb::VerifyReport report = pdb::verify_table(*table);
    EXPECT_TRUE(report.ok) << report.message;
    EXPECT_EQ(report.reached, built.states);
    EXPECT_LE(report.reached, states);
  }
}

TEST(PdbZeroAware, WalksGiveExactDistances3x3) { check_walks(3, 3, {1, 2, 4, 5}); }
TEST(PdbZeroAware, WalksGiveExactDistances2x4) { check_walks(2, 4, {2, 3, 6}); }
TEST(PdbZeroAware, WalksGiveExactDistances4x4) { check_walks(4, 4, {1, 5, 6}); }
TEST(PdbZeroAware, WalksGiveExactDistances5x5) { check_walks(5, 5, {7, 12, 13}); }

// Random walks: each update() equals init(), the estimate is the Manhattan distance of the tiles in
// no pattern plus the patterns' exact distances (direct view), and it never falls below the
// minimised tables' estimate.
template <class B>
void check_heuristic(const std::string& groups, int steps) {
  for (const auto& named : testing::test_goals(B::kRows, B::kCols)) {
    SCOPED_TRACE(B::name() + " " + named.name + " " + groups);
    const auto goal = Goal<B>::from_spec(named.spec);
    const std::vector<int> goal_tiles = testing::tiles_of(goal.state);
    const pdb::PdbSet zero_aware = testing::memory_set(goal, "za:" + groups);
    const pdb::PdbSet minimised = testing::memory_set(goal, groups, false);
    std::vector<AbstractDistances> exact;
    std::vector<bool> in_pattern(B::kCells, false);
    for (const auto& tiles : zero_aware.partition.groups) {
      exact.emplace_back(B::kRows, B::kCols, goal_tiles, tiles);
      for (int t : tiles) in_pattern[static_cast<std::size_t>(t)] = true;
    }
    for (bool reflect : {false, true}) {
      with_pdb_heuristic(goal, zero_aware, reflect, false, [&](const auto& h) {
        return with_pdb_heuristic(goal, minimised, reflect, false, [&](const auto& lower) {
          Rng rng(reflect ? 29 : 31);
          State<B> state =
              testing::state_from<B>(random_solvable(B::kRows, B::kCols, goal_tiles, rng));
          auto value = h.init(state);
          int faults = 0;
          for (int step = 0; step < steps && faults < 3; ++step) {
            const auto& moves = B::kMoveTable[state.blank];
            const int target = moves.targets[rng.below(static_cast<std::uint64_t>(moves.count))];
            const int tile = state.tile_at(target);
            const auto updated = h.update(value, tile, target, state.blank);
            state.move_blank_to(target);
            const auto fresh = h.init(state);
            if (updated.excess != fresh.excess || updated.zone != fresh.zone ||
                updated.stored != fresh.stored || updated.rank != fresh.rank) {
              ++faults;
              ADD_FAILURE() << "step " << step << ": update() differs from init()";
            }
            const int estimate = h.estimate(fresh);
            EXPECT_GE(estimate, lower.estimate(lower.init(state)));
            if (!reflect) {
              int expected = 0;
              for (int c = 0; c < B::kCells; ++c) {
                const int t = state.tile_at(c);
                if (t != 0 && !in_pattern[static_cast<std::size_t>(t)]) {
                  const int home = goal.cell_of[t];
                  expected +=
                      std::abs(B::row(c) - B::row(home)) + std::abs(B::col(c) - B::col(home));
                }
              }
              std::vector<int> cell_of(B::kCells);
              for (int c = 0; c < B::kCells; ++c)
                cell_of[static_cast<std::size_t>(state.tile_at(c))] = c;
              for (std::size_t g = 0; g < exact.size(); ++g) {
                std::vector<int> cells;
                for (int t : zero_aware.partition.groups[g]) {
                  cells.push_back(cell_of[static_cast<std::size_t>(t)]);
                }
                expected += exact[g].distance[exact[g].index(cells, state.blank)];
              }
              if (estimate != expected) {
                ++faults;
                ADD_FAILURE() << "step " << step << ": estimate " << estimate << ", exact sum "
                              << expected;
              }
            }
            value = updated;
          }
          return 0;
        });
      });
    }
  }
}

TEST(PdbZeroAware, Heuristic3x3) { check_heuristic<Board<3, 3>>("1,2,4/3,6,7", 3000); }
TEST(PdbZeroAware, Heuristic4x4) { check_heuristic<Board<4, 4>>("1,2,5/3,4,8/9,13,14,15", 3000); }
TEST(PdbZeroAware, Heuristic5x5) { check_heuristic<Board<5, 5>>("1,2,5/7,8,12,13/19,24", 3000); }

TEST(PdbZeroAware, FileRoundTripAndWrongEncodingRefused) {
  const std::vector<int> goal = GoalSpec::blank_first().tiles_for(9);
  const pdb::BuildResult built = build_zero_aware(3, 3, goal, {1, 2, 3});
  const std::filesystem::path dir =
      std::filesystem::path(::testing::TempDir()) / "npuzzle_zero_aware_round_trip";
  std::filesystem::create_directories(dir);
  const auto za_path = pdb::table_path(dir, 3, 3, goal, {1, 2, 3}, true);
  EXPECT_NE(za_path.filename().string().find("zero-aware"), std::string::npos);
  pdb::write_table(za_path, built.meta, built.payload);
  const auto loaded = pdb::PdbTable::load(za_path);
  EXPECT_TRUE(loaded->meta().zero_aware());
  EXPECT_EQ(std::vector<std::uint8_t>(loaded->payload().begin(), loaded->payload().end()),
            built.payload);
  EXPECT_NE(loaded->meta().describe().find("zero-aware"), std::string::npos);
  const pdb::Partition za = pdb::parse_partition("za:1,2,3", 3, 3, goal);
  EXPECT_EQ(pdb::load_set(dir, 3, 3, goal, za).tables.size(), 1u);
  // The minimised name holding a zero-aware file is refused, and the other way round.
  std::filesystem::copy_file(za_path, pdb::table_path(dir, 3, 3, goal, {1, 2, 3}, false),
                             std::filesystem::copy_options::overwrite_existing);
  try {
    pdb::load_set(dir, 3, 3, goal, pdb::parse_partition("1,2,3", 3, 3, goal));
    ADD_FAILURE() << "a zero-aware file loaded as a minimised table";
  } catch (const pdb::PdbError& e) {
    EXPECT_EQ(e.kind(), pdb::ErrorKind::Database);
    EXPECT_NE(std::string(e.what()).find("zero-aware"), std::string::npos) << e.what();
  }
  std::filesystem::remove_all(dir);
}

TEST(PdbZeroAware, RefusedWhereItCannotWork) {
  const std::vector<int> goal = GoalSpec::blank_first().tiles_for(9);
  // Eight tiles of 3x3 leave one free cell: no regions to tell apart.
  EXPECT_THROW(pdb::validate_spec({3, 3, goal, {1, 2, 3, 4, 5, 6, 7, 8}, true}), pdb::PdbError);
  EXPECT_NO_THROW(pdb::validate_spec({3, 3, goal, {1, 2, 3, 4, 5, 6, 7}, true}));
  // Dual lookups read minimised tables.
  const auto g = Goal<Board<3, 3>>::from_spec(GoalSpec::blank_first());
  const pdb::PdbSet set = testing::memory_set(g, "za:1,2,3/4,5,6");
  EXPECT_THROW((PatternDatabases<Board<3, 3>, 1>(g, set, true)), pdb::PdbError);
  // The lean lookups (no zero-aware cells) refuse such a set; with_pdb_heuristic() never gives it.
  const auto g4 = Goal<Board<4, 4>>::from_spec(GoalSpec::blank_first());
  const pdb::PdbSet set4 = testing::memory_set(g4, "za:1,2,3/4,5,6/7,8,9+1,2,3/4,5,6/7,8,9");
  EXPECT_THROW((PatternDatabases<Board<4, 4>, 2, false>(g4, set4, false)), std::logic_error);
  EXPECT_NO_THROW((PatternDatabases<Board<4, 4>, 2>(g4, set4, false)));
  EXPECT_LT(sizeof(PatternDatabases<Board<4, 4>, 2, false>::Value),
            sizeof(PatternDatabases<Board<4, 4>, 2>::Value));
  EXPECT_THROW(pdb::parse_partition("za:za:1,2,3", 3, 3, goal), pdb::PdbError);
  const pdb::Partition joined = pdb::parse_partition("za:1,2,3+4,5,6", 3, 3, goal);
  EXPECT_TRUE(joined.is_zero_aware(0));
  EXPECT_FALSE(joined.is_zero_aware(1));
  EXPECT_EQ(joined.tile_lists(), "za:1,2,3+4,5,6");
}

// verify_table finds a goal state that is not at distance 0 modulo 4, and bits past a placement's
// regions.
TEST(PdbZeroAware, VerifyFindsBrokenEntries) {
  const std::vector<int> goal = GoalSpec::blank_first().tiles_for(16);
  const std::vector<int> tiles{1, 2, 3};
  const pdb::BuildResult built = build_zero_aware(4, 4, goal, tiles);
  const std::uint8_t goal_cells[] = {1, 2, 3};
  const std::uint64_t goal_rank = pdb::rank_placement(goal_cells, 3, 16);
  {
    std::vector<std::uint8_t> broken = built.payload;
    broken[goal_rank] ^= 1;  // the goal's only region (cells 0, 4 .. 15)
    const auto table = pdb::PdbTable::from_memory(built.meta, broken);
    const pdb::VerifyReport report = pdb::verify_table(*table);
    EXPECT_FALSE(report.ok);
    EXPECT_NE(report.message.find("goal"), std::string::npos) << report.message;
  }
  {
    std::vector<std::uint8_t> broken = built.payload;
    broken[goal_rank] |= 0x80;  // one region, one label: bit 7 is past it
    const auto table = pdb::PdbTable::from_memory(built.meta, broken);
    const pdb::VerifyReport report = pdb::verify_table(*table);
    EXPECT_FALSE(report.ok);
    EXPECT_NE(report.message.find("past"), std::string::npos) << report.message;
  }
}

}  // namespace
}  // namespace npuzzle
