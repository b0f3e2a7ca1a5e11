// tools/app/request.hpp — what the `npuzzle` front end asks one search to do.
//
// The algorithm and the heuristic are named by the registries (tools/app/algorithm_registry.hpp,
// tools/app/heuristic_registry.hpp); a request holds the choice and everything the search needs
// besides the board: options, goal, threads, limits, database directory and the progress callback.
#pragma once

#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>

#include "core/goal.hpp"
#include "core/search_common.hpp"
#include "core/search_types.hpp"
#include "parallel/zobrist.hpp"

namespace npuzzle {

enum class Algorithm { Ida, AStar, Hda, Pida, Bfs, DfBnb, Greedy };

// A heuristic named on the command line: "md", "pdb", "pdb:6-6-3", "pdb:1,2,3/4,5,6" …
struct HeuristicChoice {
  std::size_t index = 0;  // in the heuristic registry (kHeuristicInfo)
  // The argument after ':' for the heuristics that take one (pdb: the partition as given, a name
  // such as "7-8" or "663" or tile lists "1,2,3/4,5,6", checked against the board when the search
  // starts); empty for none.
  std::string variant;
  std::string name() const;  // "lc", "pdb:6-6-3"
};

struct SolveRequest {
  Algorithm algorithm = Algorithm::Ida;
  std::optional<HeuristicChoice> heuristic;  // nullopt: default_heuristic for the board's size
  TieBreak tie_break = TieBreak::LargerG;    // the best-first searches
  OwnerHash owner_hash = OwnerHash::AbstractZobrist;  // HDA* only
  GoalSpec goal;
  int threads = 1;  // threads inside one search (parallel algorithms only)
  Limits limits;
  std::string pdb_dir;  // where pattern databases live ("" for the default)
  ProgressFn progress;  // one call per IDA* iteration (may be empty)
};

// Thrown when a combination has no implementation or an option is malformed; exit code 1.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace npuzzle
