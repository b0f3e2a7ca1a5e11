#include "tools/app/options.hpp"

#include "tools/app/app.hpp"

namespace npuzzle {

std::atomic<bool> interrupt_requested{false};

SolveRequest make_request(const SearchOptions& o) {
  SolveRequest request;
  const auto algorithm = parse_algorithm(o.algorithm);
  if (!algorithm) {
    throw UsageError("--algo: unknown algorithm '" + o.algorithm + "' (" + algorithm_names() + ")");
  }
  request.algorithm = *algorithm;
  if (!o.heuristic.empty()) {
    std::string error;
    request.heuristic = parse_heuristic(o.heuristic, error);
    if (!request.heuristic) throw UsageError("--heuristic: " + error);
  }
  if (!o.tie_break.empty()) {
    request.tie_break = parse_tie_break(o.tie_break);
    if (!request.tie_break) {
      throw UsageError("--tie-break: unknown value '" + o.tie_break + "' (lifo, fifo, larger-g)");
    }
  }
  if (!parse_owner_hash(o.owner_hash, request.owner_hash)) {
    throw UsageError("--owner-hash: unknown value '" + o.owner_hash +
                     "' (abstract-zobrist, zobrist)");
  }
  request.limits.time_seconds = o.time_limit;
  if (!o.node_limit.empty()) request.limits.nodes = parse_count(o.node_limit, "--node-limit");
  if (!o.memory_limit.empty()) request.limits.memory_bytes = parse_memory_size(o.memory_limit);
  request.limits.interrupt = &interrupt_requested;
  request.pdb_dir = o.pdb_dir;
  return request;
}

}  // namespace npuzzle
