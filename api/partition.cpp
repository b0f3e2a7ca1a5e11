// The public PatternPartition: its factories, its text (name, parse_partition) and the engine's
// spec built from its typed parts (api/partition.hpp).
#include "api/partition.hpp"

#include <algorithm>
#include <charconv>
#include <string_view>
#include <utility>
#include <vector>

#include "api/typed_options.hpp"
#include "engine/heuristic_registry.hpp"
#include "heuristics/pdb/file.hpp"
#include "heuristics/pdb/partition.hpp"
#include "text/request_error.hpp"

namespace npuzzle::api {
namespace {

using Part = PatternPartition::Part;

// A group of a named partition holds 1 to 9 tiles, so its size is one digit of the name ("663").
constexpr int kMaxGroupSize = 9;
// The name of the partition with every tile in one group (heuristics/pdb/partition.hpp).
constexpr const char* kFullName = "full";

// A part's refusal, worded as the engine's parser words it: the part's text and what is wrong.
[[noreturn]] void refuse_part(const std::string& text, const std::string& what) {
  throw pdb::PdbError(pdb::ErrorKind::Usage, "partition '" + text + "': " + what);
}

void check_group_size(const std::string& text, int size) {
  if (size < 1 || size > kMaxGroupSize) {
    refuse_part(text, "group size " + std::to_string(size) + " is not 1 to " +
                          std::to_string(kMaxGroupSize));
  }
}

// The part as the text after "pdb:" writes it, without the zero-aware prefix: "7-8", "full",
// "1,2,3/4,5,6" (its tiles in the order given).
std::string part_text(const Part& part) {
  switch (part.kind) {
    case Part::Kind::Sizes:
      return pdb::join_numbers(part.sizes, "-");
    case Part::Kind::Full:
      return kFullName;
    case Part::Kind::Tiles:
      break;
  }
  std::string text;
  for (std::size_t group = 0; group < part.tiles.size(); ++group) {
    if (group) text += '/';
    text += pdb::join_numbers(part.tiles[group], ",");
  }
  return text;
}

// The engine's part of `part`, named by its sizes without dashes as the parser names it ("78").
// Throws PdbError(Usage) for no sizes, a size out of range or no tile groups; the tile groups
// themselves are checked with the spec (pdb::make_partition_spec).
pdb::PartitionSpec::Part spec_part(const Part& part) {
  pdb::PartitionSpec::Part out;
  out.text = part_text(part);
  out.zero_aware = part.zero_aware;
  switch (part.kind) {
    case Part::Kind::Sizes:
      if (part.sizes.empty()) refuse_part(out.text, "no group sizes");
      for (int size : part.sizes) {
        check_group_size(out.text, size);
        out.name += std::to_string(size);
      }
      break;
    case Part::Kind::Full:
      out.name = kFullName;
      break;
    case Part::Kind::Tiles:
      if (part.tiles.empty()) refuse_part(out.text, "no groups");
      out.tile_lists = part.tiles;
      break;
  }
  return out;
}

// The group sizes a part's name spells: numbers between dashes ("7-8", "6-6-3"), or a digit each
// without dashes ("78", "663"). Throws PdbError(Usage) for anything else.
std::vector<int> group_sizes(const std::string& text) {
  if (text.empty() || text.find_first_not_of("0123456789-") != std::string::npos ||
      text.find_first_of("0123456789") == std::string::npos) {
    refuse_part(text, "names no partition (group sizes like 7-8 or 6-6-3, " +
                          std::string(kFullName) + ", or tile lists like 1,2,3/4,5,6)");
  }
  std::vector<int> sizes;
  if (text.find('-') == std::string::npos) {
    for (char digit : text) sizes.push_back(digit - '0');
  } else {
    std::string_view rest = text;
    while (!rest.empty()) {
      const std::string_view number = rest.substr(0, rest.find('-'));
      rest.remove_prefix(std::min(rest.size(), number.size() + 1));
      if (number.empty()) continue;
      int size = 0;
      if (std::from_chars(number.data(), number.data() + number.size(), size).ec != std::errc{}) {
        size = kMaxGroupSize + 1;  // past int: out of range too
      }
      sizes.push_back(size);
    }
  }
  for (int size : sizes) check_group_size(text, size);
  return sizes;
}

// A PdbError of a partition as the command line reports it: a bad value of the heuristic `named`.
UsageError heuristic_error(const std::string& named, const pdb::PdbError& e) {
  return UsageError(bad_value(OptionField::Heuristic, named, e.what()));
}

}  // namespace

Part Part::of_sizes(std::vector<int> sizes, bool zero_aware) {
  return {Kind::Sizes, std::move(sizes), {}, zero_aware};
}
Part Part::full(bool zero_aware) { return {Kind::Full, {}, {}, zero_aware}; }
Part Part::of_tiles(std::vector<std::vector<int>> tiles, bool zero_aware) {
  return {Kind::Tiles, {}, std::move(tiles), zero_aware};
}

PatternPartition PatternPartition::sizes(std::vector<int> sizes, bool zero_aware) {
  return {{Part::of_sizes(std::move(sizes), zero_aware)}};
}
PatternPartition PatternPartition::full(bool zero_aware) { return {{Part::full(zero_aware)}}; }
PatternPartition PatternPartition::tiles(std::vector<std::vector<int>> tiles, bool zero_aware) {
  return {{Part::of_tiles(std::move(tiles), zero_aware)}};
}

std::string name(const PatternPartition& partition) {
  std::string text;
  for (std::size_t i = 0; i < partition.parts.size(); ++i) {
    if (i) text += '+';
    if (partition.parts[i].zero_aware) text += pdb::kZeroAwarePrefix;
    text += part_text(partition.parts[i]);
  }
  return text;
}

HeuristicChoice heuristic_choice(const Heuristic& heuristic) {
  const auto index = static_cast<std::size_t>(heuristic.kind);
  if (heuristic.partition.empty()) return {index, {}};
  const std::string named = name(heuristic);
  if (!kHeuristicInfo[index].argument) {
    std::string why;  // the registry's words for a heuristic that takes no partition
    npuzzle::parse_heuristic(named, why);
    throw UsageError(bad_value(OptionField::Heuristic, named, why));
  }
  try {
    std::vector<pdb::PartitionSpec::Part> parts;
    for (const Part& part : heuristic.partition.parts) parts.push_back(spec_part(part));
    return {index, pdb::make_partition_spec(std::move(parts))};
  } catch (const pdb::PdbError& e) {
    throw heuristic_error(named, e);
  }
}

PatternPartition pattern_partition(const pdb::PartitionSpec& spec, const std::string& as_given) {
  PatternPartition partition;
  try {
    for (const pdb::PartitionSpec::Part& part : spec.parts) {
      if (!part.tile_lists.empty()) {
        partition.parts.push_back(Part::of_tiles(part.tile_lists, part.zero_aware));
      } else if (part.name == kFullName) {
        partition.parts.push_back(Part::full(part.zero_aware));
      } else {
        partition.parts.push_back(Part::of_sizes(group_sizes(part.text), part.zero_aware));
      }
    }
  } catch (const pdb::PdbError& e) {
    throw heuristic_error(as_given, e);
  }
  return partition;
}

PatternPartition parse_partition(std::string_view text) {
  return with_option_error([&] {
    const std::string given(text);
    try {
      return pattern_partition(pdb::parse_partition_spec(given), given);
    } catch (const pdb::PdbError& e) {
      throw heuristic_error(given, e);
    }
  });
}

}  // namespace npuzzle::api
