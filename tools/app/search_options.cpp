#include "tools/app/search_options.hpp"

#include <sys/resource.h>

#include <algorithm>

#include "engine/algorithm_registry.hpp"
#include "heuristics/pdb/build.hpp"
#include "text/option_values.hpp"
#include "tools/app/option_flags.hpp"

namespace npuzzle {

DefaultMemoryLimit default_memory_limit() {
  DefaultMemoryLimit limit;
  const std::uint64_t available = pdb::available_memory_bytes();
  if (available != 0) limit = {available / 2, "half the memory available"};
  rlimit address_space{};
  if (::getrlimit(RLIMIT_AS, &address_space) == 0 && address_space.rlim_cur != RLIM_INFINITY) {
    const auto most = static_cast<std::uint64_t>(address_space.rlim_cur);
    if (available == 0 || most < available) limit = {most / 2, "half of ulimit -v"};
  }
  return limit;
}

std::string memory_limit_origin(const SearchOptions& o) {
  if (!o.memory_limit.empty()) return "--mem-limit " + o.memory_limit;
  return std::string("the default: ") + default_memory_limit().what;
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
  if (!o.algorithm.empty()) request.algorithm = algorithm_option(o.algorithm);
  if (!o.heuristic.empty()) request.heuristic = heuristic_option(o.heuristic);
  if (!o.tie_break.empty()) request.tie_break = tie_break_option(o.tie_break);
  request.owner_hash = owner_hash_option(o.owner_hash);
  request.limits.time_seconds = o.time_limit;
  if (!o.node_limit.empty()) request.limits.nodes = parse_count(o.node_limit, "--node-limit");
  if (!o.memory_limit.empty()) {
    request.limits.memory_bytes = parse_memory_size(o.memory_limit);
  } else if (!request.algorithm || algorithm_info(*request.algorithm).memory_limit) {
    request.limits.memory_bytes = default_memory_limit().bytes;
  }
  request.limits.interrupt = interrupt;
  request.pdb_dir = o.pdb_dir;
  request.words = &command_line_words();
  return request;
}

}  // namespace npuzzle
