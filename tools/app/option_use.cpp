#include "tools/app/option_use.hpp"

#include <array>

#include "tools/app/algorithm_registry.hpp"

namespace npuzzle {
namespace {

struct OptionUse {
  const char* name;
  bool AlgorithmInfo::*flag;  // the algorithms that take it have this flag set
  const char* what;           // the group they form, for the message
};

constexpr std::array<OptionUse, 9> kOptionUses = {{
    {"--heuristic", &AlgorithmInfo::heuristic, "the searches with a heuristic"},
    {"--pdb-dir", &AlgorithmInfo::heuristic, "the searches with a heuristic"},
    {"--tie-break", &AlgorithmInfo::tie_break, "the best-first searches"},
    {"--owner-hash", &AlgorithmInfo::owner_hash, "hash-distributed A*"},
    {"--mem-limit", &AlgorithmInfo::memory_limit, "the searches that store nodes"},
    {"--verbose", &AlgorithmInfo::progress, "the iterative-deepening searches"},
    {"--checkpoint", &AlgorithmInfo::checkpoint, "the iterative-deepening searches"},
    {"--checkpoint-every", &AlgorithmInfo::checkpoint, "the iterative-deepening searches"},
    {"--resume", &AlgorithmInfo::checkpoint, "the iterative-deepening searches"},
}};

}  // namespace

bool takes_option(Algorithm algorithm, const std::string& name) {
  for (const OptionUse& use : kOptionUses) {
    if (name == use.name) return algorithm_info(algorithm).*use.flag;
  }
  return true;
}

void check_options_apply(const std::set<std::string>& given,
                         const std::vector<Algorithm>& algorithms) {
  for (const OptionUse& use : kOptionUses) {
    if (!given.count(use.name)) continue;
    bool taken = false;
    for (Algorithm a : algorithms) taken = taken || algorithm_info(a).*use.flag;
    if (taken) continue;
    std::string chosen;
    for (Algorithm a : algorithms) {
      chosen += std::string(chosen.empty() ? "" : ",") + algorithm_name(a);
    }
    throw UsageError(std::string(use.name) + " applies to " + algorithms_with(use.flag) + " (" +
                     use.what + "); --algo " + chosen + (algorithms.size() == 1 ? " does" : " do") +
                     " not take it");
  }
}

}  // namespace npuzzle
