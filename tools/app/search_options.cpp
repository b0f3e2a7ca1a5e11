#include "tools/app/search_options.hpp"

#include "core/option_values.hpp"

namespace npuzzle {

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
  if (!o.memory_limit.empty()) request.limits.memory_bytes = parse_memory_size(o.memory_limit);
  request.limits.interrupt = interrupt;
  request.pdb_dir = o.pdb_dir;
  return request;
}

}  // namespace npuzzle
