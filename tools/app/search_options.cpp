#include "tools/app/search_options.hpp"

#include <sys/resource.h>

#include <algorithm>

#include "core/option_values.hpp"
#include "engine/algorithm_registry.hpp"
#include "heuristics/pdb_build.hpp"

namespace npuzzle {

std::uint64_t default_memory_limit() {
  std::uint64_t available = pdb::available_memory_bytes();
  rlimit address_space{};
  if (::getrlimit(RLIMIT_AS, &address_space) == 0 && address_space.rlim_cur != RLIM_INFINITY) {
    const auto limit = static_cast<std::uint64_t>(address_space.rlim_cur);
    available = available == 0 ? limit : std::min(available, limit);
  }
  return available / 2;
}

std::set<SearchOption> given_search_options(const std::set<std::string>& given) {
  std::set<SearchOption> options;
  for (SearchOption option : kSearchOptions) {
    if (given.count(option_flag(option))) options.insert(option);
  }
  return options;
}

SolveRequest request_from_words(const SearchOptions& o, const std::atomic<bool>* interrupt) {
  SolveRequest request;
  request.algorithm = algorithm_option(o.algorithm);
  if (!o.heuristic.empty()) request.heuristic = heuristic_option(o.heuristic);
  if (!o.tie_break.empty()) request.tie_break = tie_break_option(o.tie_break);
  request.owner_hash = owner_hash_option(o.owner_hash);
  request.limits.time_seconds = o.time_limit;
  if (!o.node_limit.empty()) request.limits.nodes = parse_count(o.node_limit, "--node-limit");
  if (!o.memory_limit.empty()) {
    request.limits.memory_bytes = parse_memory_size(o.memory_limit);
  } else if (algorithm_info(request.algorithm).memory_limit) {
    request.limits.memory_bytes = default_memory_limit();
  }
  request.limits.interrupt = interrupt;
  request.pdb_dir = o.pdb_dir;
  return request;
}

}  // namespace npuzzle
