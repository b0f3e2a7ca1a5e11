#include "engine/option_use.hpp"

#include <array>
#include <cmath>
#include <iterator>
#include <utility>

#include "engine/algorithm_registry.hpp"
#include "engine/heuristic_registry.hpp"

namespace npuzzle {
namespace {

struct OptionUse {
  SearchOption option;
  bool AlgorithmInfo::*taken_by;  // the algorithms that take it have this flag set
  const char* what;               // the group they form, for the message
};

constexpr std::array<OptionUse, 9> kOptionUses = {{
    {SearchOption::Heuristic, &AlgorithmInfo::heuristic, "the searches with a heuristic"},
    {SearchOption::PdbDir, &AlgorithmInfo::heuristic, "the searches with a heuristic"},
    {SearchOption::TieBreak, &AlgorithmInfo::tie_break, "the best-first searches"},
    {SearchOption::OwnerHash, &AlgorithmInfo::owner_hash, "hash-distributed A*"},
    {SearchOption::MemLimit, &AlgorithmInfo::memory_limit, "the searches that store nodes"},
    {SearchOption::Verbose, &AlgorithmInfo::progress, "the iterative-deepening searches"},
    {SearchOption::Checkpoint, &AlgorithmInfo::checkpoint, "the iterative-deepening searches"},
    {SearchOption::CheckpointEvery, &AlgorithmInfo::checkpoint, "the iterative-deepening searches"},
    {SearchOption::Resume, &AlgorithmInfo::checkpoint, "the iterative-deepening searches"},
}};
static_assert(
    [] {
      for (std::size_t i = 0; i < kOptionUses.size(); ++i) {
        if (kOptionUses[i].option != static_cast<SearchOption>(i)) return false;
      }
      return kOptionUses.size() == std::size(kSearchOptions);
    }(),
    "kOptionUses in the order of SearchOption's values");

const OptionUse& use_of(SearchOption option) {
  return kOptionUses[static_cast<std::size_t>(option)];
}

}  // namespace

bool takes_option(Algorithm algorithm, SearchOption option) {
  return algorithm_info(algorithm).*use_of(option).taken_by;
}

void check_options_apply(const std::set<SearchOption>& given,
                         const std::vector<Algorithm>& algorithms, bool by_default) {
  for (const OptionUse& use : kOptionUses) {
    if (!given.count(use.option)) continue;
    bool taken = false;
    for (Algorithm a : algorithms) taken = taken || algorithm_info(a).*use.taken_by;
    if (taken) continue;
    RequestError error;
    error.kind = RequestErrorKind::NotTaken;
    error.option = use.option;
    for (const AlgorithmInfo& info : kAlgorithmInfo) {
      if (info.*use.taken_by) error.takers.emplace_back(info.name);
    }
    error.takers_group = use.what;
    for (Algorithm a : algorithms) error.chosen.emplace_back(algorithm_name(a));
    error.chosen_by_default = by_default;
    throw UsageError(std::move(error));
  }
}

Algorithm algorithm_option(std::string_view name) {
  const auto algorithm = parse_algorithm(name);
  if (!algorithm) {
    throw UsageError(unknown_algorithm_error(name));
  }
  return *algorithm;
}

HeuristicChoice heuristic_option(const std::string& name) {
  std::string error;
  const auto heuristic = parse_heuristic(name, error);
  if (heuristic) return *heuristic;
  const std::string base = name.substr(0, name.find(':'));
  if (parse_heuristic(base, error)) {  // a known name, a bad argument
    throw UsageError(bad_value(OptionField::Heuristic, name, error));
  }
  RequestError unknown = unknown_heuristic_error(base);
  unknown.value = name;  // as given, with its argument
  throw UsageError(std::move(unknown));
}

TieBreak tie_break_option(std::string_view name) {
  const auto tie_break = parse_tie_break_name(name);
  if (!tie_break) {
    throw UsageError(unknown_tie_break_error(name));
  }
  return *tie_break;
}

OwnerHash owner_hash_option(const std::string& name) {
  OwnerHash hash{};
  if (!parse_owner_hash(name, hash)) {
    throw UsageError(unknown_name(OptionField::OwnerHash, name,
                                  "unknown value '" + name + "' (abstract-zobrist, zobrist)",
                                  {"abstract-zobrist", "zobrist"}));
  }
  return hash;
}

void check_request(const SolveRequest& request, const std::set<SearchOption>& given) {
  if (request.threads < 1 || request.threads > kMaxThreads) {
    throw UsageError(
        out_of_range(OptionField::Threads, std::to_string(request.threads), 1, kMaxThreads));
  }
  const double seconds = request.limits.time_seconds;
  if (!(seconds >= 0) || seconds > kMaxTimeLimitSeconds) {  // also refuses nan
    const std::string value = std::to_string(seconds);
    throw UsageError(
        bad_value(OptionField::TimeLimit, value, value + " is not a number of seconds >= 0"));
  }
  if (request.algorithm) {
    check_options_apply(given, {*request.algorithm});
  } else {
    check_options_apply(given, {kDefaultAlgorithms.begin(), kDefaultAlgorithms.end()}, true);
  }
}

}  // namespace npuzzle
