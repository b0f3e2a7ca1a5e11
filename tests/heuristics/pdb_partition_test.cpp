// Tests of the named partitions (heuristics/pdb/partition.hpp): on every board from 2x2 to 5x5 and
// for goals with the blank first, last and inside, every named partition is a set of disjoint
// groups of real tiles whose sizes are the ones its name gives, covering every tile; the
// strongest (recommended) one comes first; partitions join with '+'; bad lists are refused, read or
// built by hand; and the goals of the dual lookups' tables (pdb::dual_goals) put the blank in each
// other region.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "heuristics/pdb/catalogue.hpp"
#include "heuristics/pdb/file.hpp"
#include "heuristics/pdb/partition.hpp"
#include "tests/heuristics/goal_tiles.hpp"

namespace npuzzle {
namespace {

using testing::blank_first;

std::vector<int> blank_last(int cells) {
  std::vector<int> goal(static_cast<std::size_t>(cells));
  std::iota(goal.begin(), goal.end(), 1);
  goal.back() = 0;
  return goal;
}

// The blank in the middle cell, the tiles in order around it.
std::vector<int> blank_inside(int cells) {
  std::vector<int> goal = blank_last(cells);
  std::rotate(goal.begin() + cells / 2, goal.end() - 1, goal.end());
  return goal;
}

// "7-8", or "6-6-6-6+7-7-7-3" for partitions joined by '+'.
std::string sizes_of(const pdb::Partition& p) {
  std::string name;
  std::size_t group = 0;
  for (std::size_t set = 0; set < p.set_count(); ++set) {
    if (set) name += '+';
    if (p.is_zero_aware(group)) name += pdb::kZeroAwarePrefix;
    for (std::size_t i = 0; i < p.set_size(set); ++i, ++group) {
      if (i) name += '-';
      name += std::to_string(p.groups[group].size());
    }
  }
  EXPECT_EQ(group, p.groups.size());
  return name;
}

TEST(PdbPartition, NamedPartitionsAreDisjointCoversOfTheTilesOfEveryGoal) {
  int checked = 0;
  for (int rows = 2; rows <= 5; ++rows) {
    for (int cols = 2; cols <= 5; ++cols) {
      const int cells = rows * cols;
      for (const auto& goal : {blank_first(cells), blank_last(cells), blank_inside(cells)}) {
        for (const std::string& name : pdb::partition_names(rows, cols)) {
          SCOPED_TRACE(std::to_string(rows) + "x" + std::to_string(cols) + " " + name);
          const pdb::Partition p = pdb::parse_partition(name, rows, cols, goal);
          EXPECT_EQ(p.name, name);
          for (std::size_t set = 0; set < p.set_count(); ++set) {
            EXPECT_LE(static_cast<int>(p.set_size(set)), pdb::kMaxPatterns);
          }
          if (name != "full") {
            EXPECT_EQ(sizes_of(p), name);
          }
          EXPECT_LE(static_cast<int>(p.set_count()), pdb::kMaxSets);
          std::size_t group = 0;
          for (std::size_t set = 0; set < p.set_count(); ++set) {
            std::set<int> seen;
            for (std::size_t i = 0; i < p.set_size(set); ++i, ++group) {
              const auto& tiles = p.groups[group];
              EXPECT_TRUE(std::is_sorted(tiles.begin(), tiles.end()));
              for (int t : tiles) {
                EXPECT_GT(t, 0);
                EXPECT_LT(t, cells);
                EXPECT_TRUE(seen.insert(t).second) << "tile " << t << " twice";
              }
            }
            EXPECT_EQ(static_cast<int>(seen.size()), cells - 1);
          }
          ++checked;
        }
      }
    }
  }
  EXPECT_GE(checked, 16 * 3);
}

TEST(PdbPartition, TheStrongestComesFirst) {
  EXPECT_EQ(pdb::partition_names(4, 4).front(), "7-8");
  EXPECT_EQ(pdb::partition_names(5, 5).front(), "6-6-6-6+7-7-7-3");
  EXPECT_EQ(pdb::quick_partition_name(5, 5), "6-6-6-6");
  EXPECT_EQ(pdb::quick_partition_name(4, 4), "6-6-3");
  EXPECT_EQ(pdb::partition_names(3, 3).front(), "full");
}

TEST(PdbPartition, JoinedPartitionsKeepEachSet) {
  const std::vector<int> goal = blank_first(25);
  const pdb::Partition joined = pdb::parse_partition("6-6-6-6+7-7-7-3", 5, 5, goal);
  const pdb::Partition a = pdb::parse_partition("6666", 5, 5, goal);
  const pdb::Partition b = pdb::parse_partition("7-7-7-3", 5, 5, goal);
  EXPECT_EQ(joined.name, "6-6-6-6+7-7-7-3");
  EXPECT_EQ(joined.set_sizes, (std::vector<std::size_t>{4, 4}));
  std::vector<std::vector<int>> groups = a.groups;
  groups.insert(groups.end(), b.groups.begin(), b.groups.end());
  EXPECT_EQ(joined.groups, groups);
  EXPECT_EQ(b.groups[0], (std::vector<int>{1, 2, 5, 6, 7, 10, 11}));
  // Lists and names mix; the lists keep their '+' in tile_lists().
  const pdb::Partition mixed = pdb::parse_partition("1,2/3+7-8", 4, 4, blank_first(16));
  EXPECT_EQ(mixed.name, "1,2/3+7-8");
  EXPECT_EQ(mixed.set_sizes, (std::vector<std::size_t>{2, 2}));
  EXPECT_EQ(mixed.tile_lists(), "1,2/3+1,2,3,4,5,6,7/8,9,10,11,12,13,14,15");
}

TEST(PdbPartition, BadListsAreRefused) {
  const std::vector<int> goal = blank_first(25);
  for (const char* bad : {"1,2/2,3", "1,25", "1,,2", "0,1", "1,x", "6-6-6-5", "6-6-6-6+",
                          "+6-6-6-6", "6-6-6-6+7-7-7-3+6-6-6-6", "7-7-6-4"}) {
    EXPECT_THROW(pdb::parse_partition(bad, 5, 5, goal), pdb::PdbError) << bad;
  }
}

// What no board could take is refused when the text is read, before any board: numbers, empty
// groups, a tile twice, the zero-aware prefix twice, more partitions than a set holds.
TEST(PdbPartitionSpec, WhatNoBoardTakesIsRefusedWhenRead) {
  for (const char* bad : {"1,2/2,3", "1,,2", "0,1", "1,x", "1, ", "1,99999999999", "za:za:1,2",
                          "6-6-6-6+7-7-7-3+6-6-6-6", "1/2/3/4/5/6/7"}) {
    EXPECT_THROW(pdb::parse_partition_spec(bad), pdb::PdbError) << bad;
  }
  // Names and tile numbers are the board's: read, they wait for one.
  for (const char* later : {"1,25", "6-6-6-5", "6-6-6-6+", "7-7-6-4", "za:5-5-5"}) {
    EXPECT_NO_THROW(pdb::parse_partition_spec(later)) << later;
  }
}

// Read once, a spec resolves on each board as the text would: a name to that board's groups, tile
// lists as given, and a board that lacks a tile or a name refuses it.
TEST(PdbPartitionSpec, ResolvesOnEachBoardAsItsText) {
  const pdb::PartitionSpec halves = pdb::parse_partition_spec("78");
  EXPECT_EQ(halves.text, "78");
  ASSERT_EQ(halves.parts.size(), 1u);
  EXPECT_EQ(halves.parts[0].name, "78");
  const pdb::Partition on_4x4 = pdb::resolve_partition(halves, 4, 4, blank_first(16));
  EXPECT_EQ(on_4x4.name, "7-8");
  EXPECT_EQ(on_4x4.spec.text, "7-8");  // the label: how the heuristic in use is named
  EXPECT_EQ(on_4x4.spec.parts, halves.parts);
  EXPECT_EQ(on_4x4.groups, pdb::parse_partition("7-8", 4, 4, blank_first(16)).groups);
  EXPECT_THROW(pdb::resolve_partition(halves, 5, 5, blank_first(25)), pdb::PdbError);

  const pdb::PartitionSpec lists = pdb::parse_partition_spec("za:3,1/2+4,5");
  ASSERT_EQ(lists.parts.size(), 2u);
  EXPECT_TRUE(lists.parts[0].zero_aware);
  EXPECT_EQ(lists.parts[0].tile_lists, (std::vector<std::vector<int>>{{1, 3}, {2}}));
  EXPECT_FALSE(lists.parts[1].zero_aware);
  const pdb::Partition on_3x3 = pdb::resolve_partition(lists, 3, 3, blank_first(9));
  EXPECT_EQ(on_3x3.tile_lists(), "za:1,3/2+4,5");
  EXPECT_EQ(on_3x3.zero_aware, (std::vector<bool>{true, true, false}));
  EXPECT_THROW(pdb::resolve_partition(pdb::parse_partition_spec("1,9"), 3, 3, blank_first(9)),
               pdb::PdbError);
  EXPECT_NO_THROW(pdb::resolve_partition(pdb::parse_partition_spec("1,9"), 4, 4, blank_first(16)));
}

// The message of the PdbError `build` throws ("" when it throws none).
template <class Build>
std::string refusal(Build build) {
  try {
    build();
  } catch (const pdb::PdbError& e) {
    return e.what();
  }
  return "";
}

// Parts built by hand (as the library builds its typed partitions) make the spec their text reads
// to, tile lists sorted, and are refused with the parser's messages.
TEST(PdbPartitionSpec, PartsBuiltByHandMakeTheSpecOfTheirText) {
  using Part = pdb::PartitionSpec::Part;
  const Part lists{"3,1/2", true, "", {{3, 1}, {2}}};
  const Part halves{"7-8", false, "78", {}};
  const pdb::PartitionSpec built = pdb::make_partition_spec({lists, halves});
  EXPECT_EQ(built, pdb::parse_partition_spec("za:3,1/2+7-8"));
  EXPECT_EQ(built.text, "za:3,1/2+7-8");
  EXPECT_EQ(built.parts[0].tile_lists, (std::vector<std::vector<int>>{{1, 3}, {2}}));
  const std::vector<std::pair<std::string, Part>> bad = {
      {"1,2/2,3", {"1,2/2,3", false, "", {{1, 2}, {2, 3}}}},
      {"/1,2", {"/1,2", false, "", {{}, {1, 2}}}},
      {"0,1", {"0,1", false, "", {{0, 1}}}},
      {"1/2/3/4/5/6/7", {"1/2/3/4/5/6/7", false, "", {{1}, {2}, {3}, {4}, {5}, {6}, {7}}}}};
  for (const auto& [text, part] : bad) {
    const std::string message = refusal([&] { pdb::parse_partition_spec(text); });
    EXPECT_NE(message, "") << text;
    EXPECT_EQ(refusal([&] { pdb::make_partition_spec({part}); }), message) << text;
  }
  EXPECT_EQ(refusal([&] {
              pdb::make_partition_spec({halves, halves, halves});
            }),
            refusal([] { pdb::parse_partition_spec("7-8+7-8+7-8"); }));
  EXPECT_NE(refusal([] { pdb::parse_partition_spec("7-8+7-8+7-8"); }), "");
}

// 4x4, blank first: tiles 1-7 home shut the blank's goal cell 0 off from cells 8-15, so their
// dual lookups need a second table, ending with the blank on cell 8; tiles 8-15 leave one region.
// 5x5: Korf and Felner's first group shuts cell 0 off likewise (the other region's lowest cell
// is 3); a blank-last goal with tiles 20 and 24 home shuts cell 24 off (the other region's lowest
// cell is 0).
TEST(PdbPartition, DualGoalsPutTheBlankInEachOtherRegion) {
  std::vector<int> expected = blank_first(16);
  std::swap(expected[0], expected[8]);
  EXPECT_EQ(pdb::dual_goals(4, 4, blank_first(16), {1, 2, 3, 4, 5, 6, 7}),
            std::vector<std::vector<int>>{expected});
  EXPECT_TRUE(pdb::dual_goals(4, 4, blank_first(16), {8, 9, 10, 11, 12, 13, 14, 15}).empty());
  expected = blank_first(25);
  std::swap(expected[0], expected[3]);
  EXPECT_EQ(pdb::dual_goals(5, 5, blank_first(25), {1, 2, 5, 6, 7, 12}),
            std::vector<std::vector<int>>{expected});
  EXPECT_TRUE(pdb::dual_goals(5, 5, blank_first(25), {3, 4, 8, 9, 13, 14}).empty());
  expected = blank_last(25);
  std::swap(expected[0], expected[24]);
  EXPECT_EQ(pdb::dual_goals(5, 5, blank_last(25), {20, 24}),
            std::vector<std::vector<int>>{expected});
  // On 3x3, tiles 1, 3, 5 and 7 home leave five cells of one cell each: four more goals, in the
  // order of their cells.
  const auto four = pdb::dual_goals(3, 3, blank_first(9), {1, 3, 5, 7});
  ASSERT_EQ(four.size(), 4u);
  for (std::size_t k = 0; k < 4; ++k) {
    EXPECT_EQ(four[k][2 * k + 2], 0);
    EXPECT_EQ(four[k][0], static_cast<int>(2 * k + 2));
  }
}

}  // namespace
}  // namespace npuzzle
