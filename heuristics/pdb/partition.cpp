#include "heuristics/pdb/partition.hpp"

#include <algorithm>
#include <cstdlib>
#include <sstream>

#include "heuristics/pdb/file.hpp"

namespace npuzzle::pdb {
namespace {

using CellGroups = std::vector<std::vector<int>>;

// The named partitions of the boards that have their own, strongest first; the quick one is built
// when no set is present. Cell groups are for the blank on cell 0.
struct NamedPartition {
  int rows, cols;
  const char* name;
  bool quick;
  CellGroups cells;
};
const std::vector<NamedPartition>& named_partitions() {
  static const std::vector<NamedPartition> table = {
      {4, 4, "7-8", false, {{1, 2, 3, 4, 5, 6, 7}, {8, 9, 10, 11, 12, 13, 14, 15}}},
      {4, 4, "6-6-3", true, {{4, 5, 8, 9, 12, 13}, {6, 7, 10, 11, 14, 15}, {1, 2, 3}}},
      {4, 4, "5-5-5", false, {{1, 2, 3, 6, 7}, {4, 5, 8, 9, 12}, {10, 11, 13, 14, 15}}},
      {5,
       5,
       "6-6-6-6",
       true,
       {{1, 2, 5, 6, 7, 12},
        {3, 4, 8, 9, 13, 14},
        {10, 11, 15, 16, 20, 21},
        {17, 18, 19, 22, 23, 24}}},
      {5,
       5,
       "7-7-7-3",
       false,
       {{1, 2, 5, 6, 7, 10, 11},
        {3, 4, 8, 9, 12, 13, 14},
        {15, 16, 17, 20, 21, 22, 23},
        {18, 19, 24}}},
  };
  return table;
}

// Named partitions joined by '+' (the largest of their sums), stronger than any one of them; they
// come first in partition_names.
struct NamedCombination {
  int rows, cols;
  const char* name;
};
const std::vector<NamedCombination>& named_combinations() {
  static const std::vector<NamedCombination> table = {{5, 5, "6-6-6-6+7-7-7-3"},
                                                      {5, 5, "za:6-6-6-6+za:7-7-7-3"}};
  return table;
}

// Zero-aware named partitions that come after the named partitions (partition_names): fewer nodes
// than their minimised tables, but slower (bench/RESULTS.md).
const std::vector<NamedCombination>& named_zero_aware() {
  static const std::vector<NamedCombination> table = {{5, 5, "za:6-6-6-6"}};
  return table;
}

bool has_named_partitions(int rows, int cols) {
  return std::any_of(named_partitions().begin(), named_partitions().end(),
                     [&](const NamedPartition& p) { return p.rows == rows && p.cols == cols; });
}

std::string strip_dashes(std::string_view text) {
  std::string s;
  for (char ch : text) {
    if (ch != '-') s += ch;
  }
  return s;
}

// Consecutive non-blank cells (blank on cell 0) in groups of `size`.
CellGroups consecutive_groups(int cells, int size) {
  CellGroups groups;
  for (int c = 1; c < cells; c += size) {
    std::vector<int> g;
    for (int d = c; d < std::min(cells, c + size); ++d) g.push_back(d);
    groups.push_back(g);
  }
  return groups;
}

std::string sizes_name(const CellGroups& groups) {
  std::string name;
  for (std::size_t i = 0; i < groups.size(); ++i) {
    if (i) name += '-';
    name += std::to_string(groups[i].size());
  }
  return name;
}

// Boards without named partitions: one full pattern up to 10 cells, else consecutive goal cells in
// groups of 6 (7 for 13 .. 16 cells).
CellGroups generic_groups(int cells) {
  if (cells <= 10) return consecutive_groups(cells, cells);
  return consecutive_groups(cells, cells > 12 && cells <= 16 ? 7 : 6);
}
std::string generic_name(int cells) {
  return cells <= 10 ? "full" : sizes_name(generic_groups(cells));
}

// The cell groups (for the blank on cell 0) of a named partition, or empty when unknown.
CellGroups cell_groups(int rows, int cols, const std::string& plain_name) {
  if (has_named_partitions(rows, cols)) {
    for (const NamedPartition& p : named_partitions()) {
      if (p.rows == rows && p.cols == cols && strip_dashes(p.name) == plain_name) return p.cells;
    }
    return {};
  }
  const int cells = rows * cols;
  return plain_name == strip_dashes(generic_name(cells)) ? generic_groups(cells) : CellGroups{};
}

// Carries cell groups defined for the blank on cell 0 to `goal` and takes the tiles on them.
std::vector<std::vector<int>> tiles_of(const CellGroups& groups, const std::vector<int>& goal) {
  const int cells = static_cast<int>(goal.size());
  const int blank = static_cast<int>(std::find(goal.begin(), goal.end(), 0) - goal.begin());
  std::vector<std::vector<int>> out;
  for (const auto& group : groups) {
    std::vector<int> tiles;
    for (int c : group) {
      int cell = c;
      if (blank == cells - 1) {
        cell = cells - 1 - c;
      } else if (c == blank) {
        cell = 0;
      }
      tiles.push_back(goal[static_cast<std::size_t>(cell)]);
    }
    std::sort(tiles.begin(), tiles.end());
    out.push_back(tiles);
  }
  return out;
}

// A part's refusal: its text as written (without the zero-aware prefix) and what is wrong.
[[noreturn]] void refuse_part(const std::string& text, const std::string& what) {
  throw PdbError(ErrorKind::Usage, "partition '" + text + "': " + what);
}

// A tile of a part's lists: positive (its range is the board's, checked when resolved) and not in
// `seen`, the tiles of the part before it, to which it is added.
void check_tile(const std::string& text, int tile, std::vector<int>& seen) {
  if (tile <= 0) refuse_part(text, "tile " + std::to_string(tile) + " is not a tile of this board");
  if (std::find(seen.begin(), seen.end(), tile) != seen.end()) {
    refuse_part(text, "tile " + std::to_string(tile) + " appears twice");
  }
  seen.push_back(tile);
}

// The number of groups of a part's lists: 1 to kMaxPatterns.
void check_group_count(const std::string& text, std::size_t groups) {
  if (groups == 0) refuse_part(text, "no groups");
  if (static_cast<int>(groups) > kMaxPatterns) {
    refuse_part(text, "at most " + std::to_string(kMaxPatterns) + " groups");
  }
}

// The tile lists of a part built elsewhere than from text, checked as parse_lists checks them, each
// sorted into ranking order.
void check_tile_lists(PartitionSpec::Part& part) {
  std::vector<int> seen;
  for (std::vector<int>& tiles : part.tile_lists) {
    for (int tile : tiles) check_tile(part.text, tile, seen);
    if (tiles.empty()) refuse_part(part.text, "an empty group");
    std::sort(tiles.begin(), tiles.end());
  }
  check_group_count(part.text, part.tile_lists.size());
}

// Tile lists "1,2,3/4,5,6" as written: numbers, no group empty, no tile twice. Their range is the
// board's, checked when resolved.
std::vector<std::vector<int>> parse_lists(const std::string& s) {
  std::vector<std::vector<int>> lists;
  std::vector<int> seen;
  std::stringstream groups(s);
  std::string group;
  while (std::getline(groups, group, '/')) {
    std::vector<int> tiles;
    std::stringstream items(group);
    std::string item;
    while (std::getline(items, item, ',')) {
      if (item.empty() || item.find_first_not_of("0123456789 ") != std::string::npos ||
          item.find_first_not_of(' ') == std::string::npos || item.size() > 9) {
        refuse_part(s, "'" + item + "' is not a tile number");
      }
      const int t = std::atoi(item.c_str());
      check_tile(s, t, seen);
      tiles.push_back(t);
    }
    if (tiles.empty()) refuse_part(s, "an empty group");
    std::sort(tiles.begin(), tiles.end());
    lists.push_back(tiles);
  }
  check_group_count(s, lists.size());
  return lists;
}

// One partition of a spec: a name of the board's catalogue or tile lists within the board.
Partition resolve_part(const PartitionSpec::Part& part, int rows, int cols,
                       const std::vector<int>& goal) {
  Partition p;
  if (!part.tile_lists.empty()) {
    for (const std::vector<int>& tiles : part.tile_lists) {
      if (tiles.back() >= rows * cols) {
        throw PdbError(ErrorKind::Usage, "partition '" + part.text + "': tile " +
                                             std::to_string(tiles.back()) +
                                             " is not a tile of this board");
      }
    }
    p.groups = part.tile_lists;
  } else {
    for (const std::string& name : partition_names(rows, cols)) {
      if (strip_dashes(name) == part.name && name.find('+') == std::string::npos) {
        p.name = name;
        p.groups = tiles_of(cell_groups(rows, cols, part.name), goal);
      }
    }
    if (p.groups.empty()) {
      std::string known;
      for (const std::string& name : partition_names(rows, cols)) {
        if (!known.empty()) known += ", ";
        known += name;
      }
      throw PdbError(ErrorKind::Usage, "unknown partition '" + part.text + "' for " +
                                           std::to_string(rows) + "x" + std::to_string(cols) +
                                           " (known: " + known +
                                           ", or tile lists like 1,2,3/4,5,6)");
    }
  }
  p.set_sizes = {p.groups.size()};
  if (part.zero_aware) {
    if (static_cast<int>(p.groups.size()) > kMaxZeroAwarePatterns) {
      throw PdbError(ErrorKind::Usage, "partition '" + std::string(kZeroAwarePrefix) + part.text +
                                           "': a zero-aware partition has at most " +
                                           std::to_string(kMaxZeroAwarePatterns) + " groups");
    }
    if (!p.name.empty()) p.name = kZeroAwarePrefix + p.name;
    p.zero_aware.assign(p.groups.size(), true);
  }
  return p;
}

}  // namespace

std::string join_numbers(const std::vector<int>& numbers, const char* separator) {
  std::string s;
  for (std::size_t i = 0; i < numbers.size(); ++i) {
    if (i) s += separator;
    s += std::to_string(numbers[i]);
  }
  return s;
}

std::string Partition::tile_lists() const {
  std::string s;
  std::size_t group = 0;
  for (std::size_t set = 0; set < set_count(); ++set) {
    if (set) s += '+';
    if (is_zero_aware(group)) s += kZeroAwarePrefix;
    for (std::size_t i = 0; i < set_size(set); ++i, ++group) {
      if (i) s += '/';
      s += join_numbers(groups[group], ",");
    }
  }
  return s;
}

std::vector<std::string> partition_names(int rows, int cols) {
  if (!has_named_partitions(rows, cols)) return {generic_name(rows * cols)};
  std::vector<std::string> names;
  for (const NamedCombination& c : named_combinations()) {
    if (c.rows == rows && c.cols == cols) names.emplace_back(c.name);
  }
  for (const NamedPartition& p : named_partitions()) {
    if (p.rows == rows && p.cols == cols) names.emplace_back(p.name);
  }
  for (const NamedCombination& z : named_zero_aware()) {
    if (z.rows == rows && z.cols == cols) names.emplace_back(z.name);
  }
  return names;
}

std::string quick_partition_name(int rows, int cols) {
  for (const NamedPartition& p : named_partitions()) {
    if (p.rows == rows && p.cols == cols && p.quick) return p.name;
  }
  return partition_names(rows, cols).front();
}

PartitionSpec parse_partition_spec(std::string_view text) {
  std::vector<PartitionSpec::Part> parts;
  std::string_view rest = text;
  while (true) {
    const std::size_t end = rest.find('+');
    std::string_view part_text = rest.substr(0, end);
    PartitionSpec::Part part;
    if (part_text.starts_with(kZeroAwarePrefix)) {
      part.zero_aware = true;
      part_text.remove_prefix(std::string_view(kZeroAwarePrefix).size());
      if (part_text.starts_with(kZeroAwarePrefix)) {
        throw PdbError(ErrorKind::Usage, "partition '" + std::string(text) + "': \"" +
                                             kZeroAwarePrefix +
                                             "\" goes once before each partition");
      }
    }
    part.text = std::string(part_text);
    if (part_text.find(',') != std::string_view::npos ||
        part_text.find('/') != std::string_view::npos) {
      part.tile_lists = parse_lists(part.text);
    } else {
      part.name = strip_dashes(part_text);
    }
    parts.push_back(std::move(part));
    if (end == std::string_view::npos) break;
    rest = rest.substr(end + 1);
  }
  return make_partition_spec(std::move(parts));
}

PartitionSpec make_partition_spec(std::vector<PartitionSpec::Part> parts) {
  PartitionSpec spec;
  for (PartitionSpec::Part& part : parts) {
    if (!part.tile_lists.empty()) check_tile_lists(part);
    if (&part != &parts.front()) spec.text += '+';
    if (part.zero_aware) spec.text += kZeroAwarePrefix;
    spec.text += part.text;
  }
  if (static_cast<int>(parts.size()) > kMaxSets) {
    throw PdbError(ErrorKind::Usage, "partition '" + spec.text + "': at most " +
                                         std::to_string(kMaxSets) + " partitions joined by '+'");
  }
  spec.parts = std::move(parts);
  return spec;
}

Partition resolve_partition(const PartitionSpec& spec, int rows, int cols,
                            const std::vector<int>& goal) {
  Partition resolved;
  if (spec.parts.size() == 1) {
    resolved = resolve_part(spec.parts.front(), rows, cols, goal);
  } else {
    for (const PartitionSpec::Part& spec_part : spec.parts) {
      const Partition part = resolve_part(spec_part, rows, cols, goal);
      if (!resolved.name.empty()) resolved.name += '+';
      resolved.name += part.label();
      resolved.groups.insert(resolved.groups.end(), part.groups.begin(), part.groups.end());
      resolved.set_sizes.push_back(part.groups.size());
      resolved.zero_aware.resize(resolved.groups.size() - part.groups.size(), false);
      for (std::size_t g = 0; g < part.groups.size(); ++g) {
        resolved.zero_aware.push_back(part.is_zero_aware(g));
      }
    }
  }
  resolved.spec = spec;
  resolved.spec.text = resolved.label();
  return resolved;
}

Partition parse_partition(std::string_view text, int rows, int cols, const std::vector<int>& goal) {
  return resolve_partition(parse_partition_spec(text), rows, cols, goal);
}

}  // namespace npuzzle::pdb
