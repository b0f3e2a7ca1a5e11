// heuristics/pdb_partition.hpp — partitions of the tiles into disjoint patterns: which named ones
// exist for a board, which is strongest, and which is built when none is present (policy as data).
//
// Partitions are named by their group sizes. The default groups are geometric blocks of goal cells,
// defined for the goal with the blank on cell 0 (blank-first) and carried to other goals: turned by
// 180 degrees when the blank's goal is the last cell (blank-last), otherwise the group holding the
// blank's goal cell takes cell 0 instead. The tiles of a group are those whose goal cells it lists.
//   4x4  7-8:     cells {1..7} {8..15}                       (Korf & Felner's halves)
//        6-6-3:   {4,5,8,9,12,13} {6,7,10,11,14,15} {1,2,3}  (left and right 2x3 blocks, top row)
//        5-5-5:   {1,2,3,6,7} {4,5,8,9,12} {10,11,13,14,15}
//   5x5  6-6-6-6: {1,2,5,6,7,12} {3,4,8,9,13,14} {10,11,15,16,20,21} {17,18,19,22,23,24}
//                 (Korf & Felner's 24-puzzle groups)
//   up to 10 cells: "full", every tile in one pattern (exact distances)
//   other boards: consecutive goal cells in groups of 6 (7 up to 16 cells), e.g. 3x4 "6-5"
// Any disjoint tile lists are accepted too: "1,2,3,4,5,6,7/8,9,10,11,12,13,14,15". Tiles in no
// group count their Manhattan distance (a one-tile pattern).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace npuzzle::pdb {

inline constexpr int kMaxPatterns = 8;

struct Partition {
  std::string name;                      // "7-8", "6-6-3", "full", "custom" …
  std::vector<std::vector<int>> groups;  // disjoint tile sets, each ascending (ranking order)
  std::string tile_lists() const;        // "1,2,3/4,5,6"
};

// The named partitions of a board, strongest first (4x4: 7-8, 6-6-3, 5-5-5).
std::vector<std::string> partition_names(int rows, int cols);
// The partition built automatically when none is present (4x4: 6-6-3; others: the only one).
std::string quick_partition_name(int rows, int cols);
// A partition from a name ("7-8", "78", "663", "full" …) or tile lists. Throws PdbError(Usage).
Partition parse_partition(std::string_view text, int rows, int cols, const std::vector<int>& goal);

// Numbers joined by `separator`: "1,2,3".
std::string join_numbers(const std::vector<int>& numbers, const char* separator);

}  // namespace npuzzle::pdb
