#include "engine/request.hpp"

namespace npuzzle {

bool same_search(const SolveRequest& a, const SolveRequest& b) {
  return a.algorithm == b.algorithm && a.heuristic == b.heuristic && a.tie_break == b.tie_break &&
         a.owner_hash == b.owner_hash && a.goal == b.goal && a.threads == b.threads &&
         a.instances_at_once == b.instances_at_once &&
         a.limits.time_seconds == b.limits.time_seconds && a.limits.nodes == b.limits.nodes &&
         a.limits.memory_bytes == b.limits.memory_bytes && a.pdb_dir == b.pdb_dir;
}

}  // namespace npuzzle
