#include "engine/option_use.hpp"

#include <array>
#include <cmath>

#include "engine/algorithm_registry.hpp"
#include "engine/heuristic_registry.hpp"

namespace npuzzle {
namespace {

struct OptionUse {
  SearchOption option;
  const char* flag;
  bool AlgorithmInfo::*taken_by;  // the algorithms that take it have this flag set
  const char* what;               // the group they form, for the message
};

constexpr std::array<OptionUse, 9> kOptionUses = {{
    {SearchOption::Heuristic, "--heuristic", &AlgorithmInfo::heuristic,
     "the searches with a heuristic"},
    {SearchOption::PdbDir, "--pdb-dir", &AlgorithmInfo::heuristic, "the searches with a heuristic"},
    {SearchOption::TieBreak, "--tie-break", &AlgorithmInfo::tie_break, "the best-first searches"},
    {SearchOption::OwnerHash, "--owner-hash", &AlgorithmInfo::owner_hash, "hash-distributed A*"},
    {SearchOption::MemLimit, "--mem-limit", &AlgorithmInfo::memory_limit,
     "the searches that store nodes"},
    {SearchOption::Verbose, "--verbose", &AlgorithmInfo::progress,
     "the iterative-deepening searches"},
    {SearchOption::Checkpoint, "--checkpoint", &AlgorithmInfo::checkpoint,
     "the iterative-deepening searches"},
    {SearchOption::CheckpointEvery, "--checkpoint-every", &AlgorithmInfo::checkpoint,
     "the iterative-deepening searches"},
    {SearchOption::Resume, "--resume", &AlgorithmInfo::checkpoint,
     "the iterative-deepening searches"},
}};
static_assert(
    [] {
      for (std::size_t i = 0; i < kOptionUses.size(); ++i) {
        if (kOptionUses[i].option != static_cast<SearchOption>(i)) return false;
      }
      return true;
    }(),
    "kOptionUses in the order of SearchOption's values");

const OptionUse& use_of(SearchOption option) {
  return kOptionUses[static_cast<std::size_t>(option)];
}

}  // namespace

const char* option_flag(SearchOption option) { return use_of(option).flag; }

bool takes_option(Algorithm algorithm, SearchOption option) {
  return algorithm_info(algorithm).*use_of(option).taken_by;
}

void check_options_apply(const std::set<SearchOption>& given,
                         const std::vector<Algorithm>& algorithms) {
  for (const OptionUse& use : kOptionUses) {
    if (!given.count(use.option)) continue;
    bool taken = false;
    for (Algorithm a : algorithms) taken = taken || algorithm_info(a).*use.taken_by;
    if (taken) continue;
    std::string chosen;
    for (Algorithm a : algorithms) {
      chosen += std::string(chosen.empty() ? "" : ",") + algorithm_name(a);
    }
    throw UsageError(std::string(use.flag) + " applies to " + algorithms_with(use.taken_by) + " (" +
                     use.what + "); --algo " + chosen + (algorithms.size() == 1 ? " does" : " do") +
                     " not take it");
  }
}

Algorithm algorithm_option(std::string_view name) {
  const auto algorithm = parse_algorithm(name);
  if (!algorithm) throw UsageError("--algo: " + unknown_algorithm(name));
  return *algorithm;
}

HeuristicChoice heuristic_option(const std::string& name) {
  std::string error;
  const auto heuristic = parse_heuristic(name, error);
  if (!heuristic) throw UsageError("--heuristic: " + error);
  return *heuristic;
}

TieBreak tie_break_option(std::string_view name) {
  const auto tie_break = parse_tie_break_name(name);
  if (!tie_break) throw UsageError("--tie-break: " + unknown_tie_break(name));
  return *tie_break;
}

OwnerHash owner_hash_option(const std::string& name) {
  OwnerHash hash{};
  if (!parse_owner_hash(name, hash)) {
    throw UsageError("--owner-hash: unknown value '" + name + "' (abstract-zobrist, zobrist)");
  }
  return hash;
}

void check_request(const SolveRequest& request, const std::set<SearchOption>& given) {
  if (request.threads < 1 || request.threads > kMaxThreads) {
    throw UsageError("--threads must be between 1 and " + std::to_string(kMaxThreads) + " (got " +
                     std::to_string(request.threads) + ")");
  }
  const double seconds = request.limits.time_seconds;
  if (!(seconds >= 0) || seconds > kMaxTimeLimitSeconds) {  // also refuses nan
    throw UsageError("--time-limit: " + std::to_string(seconds) +
                     " is not a number of seconds >= 0");
  }
  check_options_apply(given, {request.algorithm});
}

}  // namespace npuzzle
