// tools/app/request.hpp — what the `npuzzle` front end asks one search to do.
//
// The algorithm and the heuristic are named by the registries (tools/app/algorithm_registry.hpp,
// tools/app/heuristic_registry.hpp); a request holds the choice and everything the search needs
// besides the board: options, goal, threads, limits, database directory and the progress callback.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "core/bucket_queue.hpp"
#include "core/exit_code.hpp"
#include "core/goal.hpp"
#include "core/search_types.hpp"
#include "parallel/ida_position.hpp"
#include "parallel/zobrist.hpp"
#include "tools/app/checkpoint.hpp"
#include "tools/options.hpp"

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
  std::optional<TieBreak> tie_break;  // best-first searches; nullopt: the algorithm's default
  OwnerHash owner_hash = OwnerHash::AbstractZobrist;  // HDA* only
  GoalSpec goal;
  int threads = 1;            // threads inside one search (parallel algorithms only)
  int instances_at_once = 1;  // instances solved concurrently, sharing limits.memory_bytes
  Limits limits;
  std::string pdb_dir;  // where pattern databases live ("" for the default)
  ProgressFn progress;  // one call per IDA* iteration (may be empty)
  // No notes on stderr (the databases built and the heuristic they give, the fall back to linear
  // conflict): --quiet. Errors still reach the caller.
  bool quiet = false;
  // ida and pida: keep checkpoints in a file, go on from one (nullptr: none).
  std::shared_ptr<const CheckpointRequest> checkpoint;
  // The search's side of it, set by solve_on_board for the search it runs.
  const IdaCheckpointing* checkpointing = nullptr;
};

// The pattern databases cannot be had: no database directory (exit code 1), or it cannot be
// created or written (exit code 2). When the heuristic was not chosen, solve_instance falls back to
// linear conflict with a warning instead.
class DatabaseUnavailable : public std::runtime_error {
 public:
  DatabaseUnavailable(const std::string& message, ExitCode exit_code)
      : std::runtime_error(message), exit_code_(exit_code) {}
  ExitCode exit_code() const { return exit_code_; }

 private:
  ExitCode exit_code_;
};

// --mem-limit bounds the whole process's peak, while a search counts only what it stores (nodes,
// table, queues, buffers, mail): the search gets a share of what is left of the limit once the
// process's resident size (code, pattern databases, other instances) is taken off, divided among
// the instances at once and by kMemoryGrowthFactor, because a container that doubles holds its old
// and new storage at the same moment. 0 (no limit) stays 0; a limit already exceeded leaves 1 byte.
inline constexpr std::uint64_t kMemoryGrowthFactor = 3;
Limits memory_budget(const SolveRequest& request);

}  // namespace npuzzle
