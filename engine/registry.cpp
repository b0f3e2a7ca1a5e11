// Names, parsers and help texts of the algorithm and heuristic registries, all read from the
// registries' kInfo tables (algorithm_registry.hpp, heuristic_registry.hpp).
#include <algorithm>
#include <cctype>
#include <stdexcept>
#include <string_view>

#include "engine/algorithm_registry.hpp"
#include "engine/heuristic_registry.hpp"
#include "heuristics/pdb/catalogue.hpp"
#include "text/name_match.hpp"
#include "text/parse.hpp"

namespace npuzzle {
namespace {

std::string join(const std::vector<std::string>& parts, const char* separator) {
  std::string out;
  for (const std::string& part : parts) out += (out.empty() ? "" : separator) + part;
  return out;
}

const char* name_of(const AlgorithmInfo& info) { return info.name; }
const char* name_of(const HeuristicInfo& info) { return info.name; }
const char* name_of(const TieBreakInfo& info) { return tie_break_name(info.id); }

// Every way to write the entries of `table` (one of the registries' kInfo arrays): each one's name
// and aliases, folded.
template <class Table>
std::vector<Spelling> spellings_of(const Table& table) {
  std::vector<Spelling> spellings;
  for (std::size_t i = 0; i < table.size(); ++i) {
    spellings.push_back({fold_name(name_of(table[i])), i});
    for (const char* alias : table[i].aliases) {
      if (alias) spellings.push_back({fold_name(alias), i});
    }
  }
  return spellings;
}

// The entry of `table` that `text` names (by its name or an alias, folded).
template <class Table>
std::optional<std::size_t> find_entry(const Table& table, std::string_view text) {
  const std::string folded = fold_name(text);
  for (const Spelling& spelling : spellings_of(table)) {
    if (spelling.text == folded) return spelling.entry;
  }
  return std::nullopt;
}

std::optional<std::size_t> find_heuristic(std::string_view name) {
  return find_entry(kHeuristicInfo, name);
}

template <class Table>
std::string names_of(const Table& table) {
  std::vector<std::string> names;
  for (const auto& info : table) names.emplace_back(name_of(info));
  return join(names, ", ");
}

// Why `text` names no entry of `table` (one of `option`'s values): "unknown heuristic 'manhatan'"
// with the entry's name nearest to it ("md") and the alias nearest, when it is not the name
// ("manhattan"), `known`, the names to choose from, and the names alone.
template <class Table>
RequestError unknown_name(const Table& table, OptionField option, const std::string& kind,
                          std::string_view text, const std::string& known) {
  std::vector<std::string> names;
  for (const auto& info : table) names.emplace_back(name_of(info));
  RequestError error =
      npuzzle::unknown_name(option, std::string(text),
                            "unknown " + kind + " '" + printable(text) + "'", std::move(names));
  error.known = known;
  const std::vector<Spelling> spellings = spellings_of(table);
  const auto nearest = closest_spelling(fold_name(text), spellings);
  if (!nearest) return error;
  const Spelling& spelling = spellings[*nearest];
  error.nearest = name_of(table[spelling.entry]);
  if (spelling.text != error.nearest) error.nearest_alias = spelling.text;
  return error;
}

// "misplaced, md, lc, wd, pdb, pdb:PARTITION such as pdb:7-8 or pdb:1,2,3/4,5,6"
std::string heuristic_names() {
  std::vector<std::string> names;
  for (const HeuristicInfo& h : kHeuristicInfo) names.emplace_back(h.name);
  for (const HeuristicInfo& h : kHeuristicInfo) {
    if (h.argument) {
      names.push_back(std::string(h.name) + ":" + h.argument + " such as " + h.argument_examples);
    }
  }
  return join(names, ", ");
}

}  // namespace

// ---- algorithms ----

const char* algorithm_name(Algorithm a) { return algorithm_info(a).name; }

std::optional<Algorithm> parse_algorithm(std::string_view text) {
  const auto entry = find_entry(kAlgorithmInfo, text);
  if (!entry) return std::nullopt;
  return kAlgorithmInfo[*entry].id;
}

RequestError unknown_algorithm_error(std::string_view text) {
  return unknown_name(kAlgorithmInfo, OptionField::Algorithm, "algorithm", text, algorithm_names());
}

std::string unknown_algorithm(std::string_view text) {
  return unknown_name_sentence(unknown_algorithm_error(text));
}

std::optional<TieBreak> parse_tie_break_name(std::string_view text) {
  const auto entry = find_entry(kTieBreakInfo, text);
  if (!entry) return std::nullopt;
  return kTieBreakInfo[*entry].id;
}

RequestError unknown_tie_break_error(std::string_view text) {
  return unknown_name(kTieBreakInfo, OptionField::TieBreak, "tie-break", text,
                      names_of(kTieBreakInfo));
}

bool is_parallel(Algorithm a) { return algorithm_info(a).threads; }

std::string algorithm_names() { return names_of(kAlgorithmInfo); }

std::string algorithm_help() {
  std::vector<std::string> items;
  for (const AlgorithmInfo& info : kAlgorithmInfo) {
    items.push_back(std::string(info.name) + " (" + info.help + ")");
  }
  return join(items, ", ");
}

std::string default_algorithm_rule() {
  std::vector<std::string> aida;
  for (const BoardShape& shape : kBoardSizes) {
    const BoardSize size{shape.rows, shape.cols};
    if (default_algorithm(size) == Algorithm::Aida) aida.push_back(size.name());
  }
  if (aida.empty()) return "ida";
  return "aida on boards of more than " + std::to_string(kMostCellsOfAnIdaDefault) + " cells (" +
         join(aida, ", ") + "), ida on the smaller ones";
}

SolveRequest with_algorithm_for(SolveRequest request, BoardSize size) {
  if (!request.algorithm) {
    request.algorithm = default_algorithm(size);
    request.threads = 1;
  }
  return request;
}

std::string algorithms_with(bool AlgorithmInfo::*flag) {
  std::vector<std::string> names;
  for (const AlgorithmInfo& info : kAlgorithmInfo) {
    if (info.*flag) names.emplace_back(info.name);
  }
  return join(names, ", ");
}

// ---- heuristics ----

std::string HeuristicChoice::name() const {
  std::string out = kHeuristicInfo[index].name;
  if (partition) out += ":" + partition->text;
  return out;
}

std::string HeuristicUsed::name() const {
  if (!choice) return "none";
  return choice->name() + (reflection ? "+reflection" : "");
}

RequestError unknown_heuristic_error(std::string_view name) {
  return unknown_name(kHeuristicInfo, OptionField::Heuristic, "heuristic", name, heuristic_names());
}

std::optional<HeuristicChoice> parse_heuristic(const std::string& text, std::string& error) {
  const std::size_t colon = text.find(':');
  const std::string base = text.substr(0, colon);
  const auto index = find_heuristic(base);
  if (!index) {
    error = unknown_name_sentence(unknown_heuristic_error(base));
    return std::nullopt;
  }
  const HeuristicInfo& info = kHeuristicInfo[*index];
  if (colon == std::string::npos) return HeuristicChoice{*index, {}};
  std::string argument = text.substr(colon + 1);
  if (info.argument && !argument.empty()) {
    try {
      return HeuristicChoice{*index, pdb::parse_partition_spec(argument)};
    } catch (const pdb::PdbError& e) {
      error = e.what();
      return std::nullopt;
    }
  }
  if (info.argument) {
    std::string what = info.argument;
    std::transform(what.begin(), what.end(), what.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    error = "'" + text + "' names no " + what + " (" + info.argument_examples + ")";
  } else {
    std::vector<std::string> taking;
    for (const HeuristicInfo& h : kHeuristicInfo) {
      if (h.argument) taking.emplace_back(h.name);
    }
    error = "'" + base + "' takes no ':' argument (only " + join(taking, ", ") + " does)";
  }
  return std::nullopt;
}

namespace {

// The registry's index of the entry `info`, found when the program is compiled (a missing entry
// fails the compile): the defaults are ids, not names looked up at run time.
constexpr std::size_t registry_index(const HeuristicInfo& info) {
  for (std::size_t i = 0; i < kHeuristicInfo.size(); ++i) {
    if (std::string_view(kHeuristicInfo[i].name) == info.name) return i;
  }
  throw std::logic_error("a heuristic that is not in the registry");
}
constexpr std::size_t kLcIndex = registry_index(kLcInfo);
constexpr std::size_t kPdbIndex = registry_index(pdb_info(false));

}  // namespace

HeuristicChoice default_heuristic(BoardSize size) {
  return {size == BoardSize{4, 4} ? kPdbIndex : kLcIndex, {}};
}

HeuristicChoice default_heuristic_without_databases() { return {kLcIndex, {}}; }

std::string heuristic_help() {
  std::vector<std::string> items;
  for (const HeuristicInfo& h : kHeuristicInfo) {
    items.push_back(std::string(h.name) + (*h.help ? std::string(" (") + h.help + ")" : ""));
  }
  // An argument's help once: the names that share it are listed together ("pdb:PARTITION,
  // pdb-dual:PARTITION (…)").
  std::vector<bool> listed(kHeuristicInfo.size(), false);
  for (std::size_t i = 0; i < kHeuristicInfo.size(); ++i) {
    const HeuristicInfo& h = kHeuristicInfo[i];
    if (!h.argument || listed[i]) continue;
    std::string names;
    for (std::size_t j = i; j < kHeuristicInfo.size(); ++j) {
      const HeuristicInfo& other = kHeuristicInfo[j];
      if (!other.argument || std::string_view(other.argument_help) != h.argument_help) continue;
      listed[j] = true;
      names += (names.empty() ? "" : ", ") + std::string(other.name) + ":" + other.argument;
    }
    items.push_back(names + " (" + h.argument_help + ")");
  }
  return join(items, ", ") + "; default: the best for the board";
}

}  // namespace npuzzle
