// heuristics/pdb/partition.hpp — partitions of the tiles into disjoint patterns: which named ones
// exist for a board, which is strongest, and which is built when none is present (policy as data).
//
// Partitions are named by their group sizes. The default groups are geometric blocks of goal cells,
// defined for the goal with the blank on cell 0 (blank-first) and carried to other goals: turned by
// 180 degrees when the blank's goal is the last cell (blank-last), otherwise the group holding the
// blank's goal cell takes cell 0 instead. The tiles of a group are those whose goal cells it lists.
//   4x4  7-8:     cells {1..7} {8..15}                       (Korf & Felner's halves)
//        6-6-3:   {4,5,8,9,12,13} {6,7,10,11,14,15} {1,2,3}  (left and right 2x3 blocks, top row)
//        5-5-5:   {1,2,3,6,7} {4,5,8,9,12} {10,11,13,14,15}
//   5x5  6-6-6-6+7-7-7-3: the largest of the two sums below (the strongest 5x5 set measured,
//                 bench/RESULTS.md; 3.7 GB of tables)
//        6-6-6-6: {1,2,5,6,7,12} {3,4,8,9,13,14} {10,11,15,16,20,21} {17,18,19,22,23,24}
//                 (Korf & Felner's 24-puzzle groups)
//        7-7-7-3: {1,2,5,6,7,10,11} {3,4,8,9,12,13,14} {15,16,17,20,21,22,23} {18,19,24}
//                 (blocks of goal cells; alone no stronger than 6-6-6-6, but different from it)
//   up to 10 cells: "full", every tile in one pattern (exact distances)
//   other boards: consecutive goal cells in groups of 6 (7 up to 16 cells), e.g. 3x4 "6-5"
// Any disjoint tile lists are accepted too: "1,2,3,4,5,6,7/8,9,10,11,12,13,14,15". Tiles in no
// group count their Manhattan distance (a one-tile pattern).
//
// A partition prefixed "za:" ("za:6-6-6-6", "za:1,2,3/4,5,6") reads zero-aware tables (encoding 2,
// heuristics/pdb/file.hpp; files named ...-zero-aware.pdb): an entry per region of the blank,
// stronger, one bit each. The prefix belongs to one partition of a joined set
// ("za:6-6-6-6+7-7-7-3").
//
// Several partitions joined by '+' ("7-7-7-3+6-6-6-6", "1,2,3/4,5,6+1,4/2,5,3,6") make one set of
// databases whose heuristic is the largest of the partitions' additive sums: the groups of each
// partition are disjoint, groups of different partitions may overlap (the same table is then
// loaded once per use). At most kMaxSets partitions, each of at most kMaxPatterns groups.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace npuzzle::pdb {

// A search's value holds a rank and more per pattern and lookup
// (heuristics/pdb/pattern_databases.hpp): these bounds keep it within 256 bytes, which IDA* copies
// per child with vector moves.
inline constexpr int kMaxPatterns = 6;
inline constexpr int kMaxZeroAwarePatterns = 4;  // groups of a zero-aware partition
inline constexpr int kMaxSets = 2;
inline constexpr const char* kZeroAwarePrefix = "za:";

// A partition as written, read once and tied to no board: what `--heuristic pdb:TEXT` gives.
// resolve_partition makes it a board's Partition (names looked up, tile numbers checked).
// Invariant: 1 to kMaxSets parts; each part has a name or tile lists, not both; a part's tile lists
// are 1 to kMaxPatterns non-empty ascending groups of positive tiles, none twice.
struct PartitionSpec {
  struct Part {
    std::string text;  // as written, without the zero-aware prefix: what messages quote
    bool zero_aware = false;
    std::string name;  // without dashes ("663", "full"); "" for tile lists
    std::vector<std::vector<int>> tile_lists;
    friend bool operator==(const Part&, const Part&) = default;
  };
  std::string text;  // the whole text as written: what a heuristic's name prints
  std::vector<Part> parts;
  friend bool operator==(const PartitionSpec&, const PartitionSpec&) = default;
};

// Invariant: set_sizes is empty (one set) or sums to groups.size(); the groups of one set are
// disjoint.
struct Partition {
  std::string name;  // "7-8", "6-6-3", "full", "7-7-7-3+6-6-6-6"; "": tile lists
  std::vector<std::vector<int>> groups;  // tile sets, each ascending (ranking order), set by set
  std::vector<std::size_t> set_sizes;    // the number of groups of each additive set, in order
  std::vector<bool> zero_aware;          // per group: its table is zero-aware (empty: none is)
  // What it was resolved from, its text the label: how the heuristic in use is named again.
  PartitionSpec spec;
  bool is_zero_aware(std::size_t group) const {
    return group < zero_aware.size() && zero_aware[group];
  }
  std::string tile_lists() const;  // "1,2,3/4,5,6", sets joined by '+', "za:" where zero-aware
  // The name, or the tile lists of a partition given by them: what --partition takes again.
  std::string label() const { return name.empty() ? tile_lists() : name; }
  // The name, or "custom" for tile lists: how a description names it.
  std::string display_name() const { return name.empty() ? "custom" : name; }
  std::size_t set_count() const { return set_sizes.empty() ? 1 : set_sizes.size(); }
  std::size_t set_size(std::size_t set) const {
    return set_sizes.empty() ? groups.size() : set_sizes[set];
  }
};

// The named partitions of a board, strongest first (4x4: 7-8, 6-6-3, 5-5-5; 5x5:
// 6-6-6-6+7-7-7-3, za:6-6-6-6+za:7-7-7-3, 6-6-6-6, 7-7-7-3, za:6-6-6-6: the zero-aware sets
// generate fewer nodes than the same groups minimised but take longer, bench/RESULTS.md).
std::vector<std::string> partition_names(int rows, int cols);
// The partition built automatically when none is present (4x4: 6-6-3; others: the only one).
std::string quick_partition_name(int rows, int cols);
// Reads a name ("7-8", "78", "663", "full" …) or tile lists, or several joined by '+', each
// perhaps "za:"-prefixed. Throws PdbError(Usage) on what no board could take.
PartitionSpec parse_partition_spec(std::string_view text);
// The spec of `parts` (one or more) built elsewhere than from text (the library's typed partitions,
// api/partition.cpp), each with its `text` as it would be written: tile lists checked as the parser
// checks them (no group empty, no tile below 1 or twice in a part, 1 to kMaxPatterns groups) and
// sorted, at most kMaxSets parts, the spec's text the parts' joined by '+' ("za:" before each
// zero-aware one). Throws PdbError(Usage) with the parser's messages. parse_partition_spec ends
// here.
PartitionSpec make_partition_spec(std::vector<PartitionSpec::Part> parts);
// The partition `spec` names on a rows x cols board with that goal. Throws PdbError(Usage) for a
// name the board does not have, a tile it does not have, or too many zero-aware groups.
Partition resolve_partition(const PartitionSpec& spec, int rows, int cols,
                            const std::vector<int>& goal);
// Both at once, for text that is read and used in one place (pdbgen's --partition, tests).
Partition parse_partition(std::string_view text, int rows, int cols, const std::vector<int>& goal);

// Numbers joined by `separator`: "1,2,3".
std::string join_numbers(const std::vector<int>& numbers, const char* separator);

}  // namespace npuzzle::pdb
