// engine/request.hpp — one search asked of the engine, as typed values.
//
// A SolveRequest is built by one function per source, each at its edge, where text is parsed:
// the command line's words (tools/app/search_options.hpp), the library's options (api/), a
// checkpoint (request_from_checkpoint, engine/checkpoint.hpp) and a distributed job's message
// (engine/request_message.hpp). Inside the engine nothing is text: the algorithm, the heuristic and
// its partition, the tie-break, the goal and the limits are types, whose names are parsed and
// printed beside them (the registries, core/goal.hpp). The rules every source shares (threads, time
// limit, which options an algorithm takes) are checked by check_request (engine/option_use.hpp).
// `same_search` compares what two requests ask for: the round-trip tests build the same search from
// every source and compare.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

#include "core/goal.hpp"
#include "core/search/bucket_queue.hpp"
#include "core/search/search_types.hpp"
#include "engine/log.hpp"
#include "heuristics/pdb/partition.hpp"
#include "parallel/ida_position.hpp"
#include "parallel/zobrist.hpp"
#include "text/option_values.hpp"

namespace npuzzle {

// Every algorithm, once; adding one here counts it (kAlgorithmCount) and the registry
// (engine/algorithm_registry.hpp) refuses to compile until it has its row.
#define NPUZZLE_ALGORITHMS(X) X(Ida) X(AStar) X(Hda) X(Pida) X(Bfs) X(DfBnb) X(Greedy) X(Aida)
#define NPUZZLE_ALGORITHM_ENUMERATOR(name) name,
#define NPUZZLE_ALGORITHM_COUNT(name) +1
enum class Algorithm { NPUZZLE_ALGORITHMS(NPUZZLE_ALGORITHM_ENUMERATOR) };
inline constexpr std::size_t kAlgorithmCount = 0 NPUZZLE_ALGORITHMS(NPUZZLE_ALGORITHM_COUNT);
#undef NPUZZLE_ALGORITHM_ENUMERATOR
#undef NPUZZLE_ALGORITHM_COUNT

// A heuristic of the registry (kHeuristicInfo, engine/heuristic_registry.hpp) with its argument:
// "md", "pdb", "pdb:6-6-3", "pdb:1,2,3/4,5,6" … parse_heuristic reads the text, name() prints it.
struct HeuristicChoice {
  std::size_t index = 0;  // in the heuristic registry
  // The partition after ':' for the heuristics that take one (pdb), read once; solve_instance
  // resolves it against each board (engine/solver.cpp). nullopt: none named (the best present).
  std::optional<pdb::PartitionSpec> partition;
  std::string name() const;  // "lc", "pdb:6-6-3"
  friend bool operator==(const HeuristicChoice&, const HeuristicChoice&) = default;
};

struct CheckpointRequest;  // engine/checkpoint.hpp
class SolveSession;        // engine/solve_session.hpp

struct SolveRequest {
  // nullopt: the default for the board's size on one thread (default_algorithm, resolved per board
  // by with_algorithm_for: engine/algorithm_registry.hpp).
  std::optional<Algorithm> algorithm;
  std::optional<HeuristicChoice> heuristic;  // nullopt: default_heuristic for the board's size
  std::optional<TieBreak> tie_break;  // best-first searches; nullopt: the algorithm's default
  OwnerHash owner_hash = OwnerHash::AbstractZobrist;  // HDA* only
  GoalSpec goal;
  int threads = 1;            // threads inside one search (parallel algorithms only)
  int instances_at_once = 1;  // instances solved concurrently, sharing limits.memory_bytes
  Limits limits;              // with the interrupt flag the caller sets (may be nullptr)
  std::string pdb_dir;        // where pattern databases live ("" for the default)
  ProgressFn progress;        // one call per IDA* iteration (may be empty)
  LogSink log;                // the engine's notes (engine/log.hpp); empty: silent
  // How the notes name an option: the caller's words (the command line's flags); nullptr: the
  // library's (text/request_error.hpp).
  const OptionWords* words = nullptr;
  // ida and pida: keep checkpoints in a file, go on from one (nullptr: none).
  std::shared_ptr<const CheckpointRequest> checkpoint;
  // The search's side of it, set by solve_on_board for the search it runs.
  const IdaCheckpointing* checkpointing = nullptr;
  // The caller's session (its pattern databases), set by solve_instance for the search it runs.
  SolveSession* session = nullptr;
  // The heuristic's partition resolved against the board, set by solve_instance for the search it
  // runs when the heuristic names one (nullptr: none named, the best present is looked up).
  const pdb::Partition* partition = nullptr;
};

// True when `a` and `b` ask for the same search: every value above but the callbacks, the interrupt
// flag and the checkpoint's files.
bool same_search(const SolveRequest& a, const SolveRequest& b);

// Why a board could not be searched (SolveOutcome::error_kind): an option that does not fit it
// (the front ends' usage error), or a bad input, database or file, or an internal error.
enum class SolveError { Usage, Input };

// The pattern databases cannot be had: no database directory (Usage), or it cannot be created or
// written (Input). When the heuristic was not chosen, solve_instance falls back to linear conflict
// with a warning instead.
class DatabaseUnavailable : public std::runtime_error {
 public:
  DatabaseUnavailable(const std::string& message, SolveError kind)
      : std::runtime_error(message), kind_(kind), error_(message_error(message)) {}
  // A usage error as a value (no database directory: NotGiven), worded by each front end.
  explicit DatabaseUnavailable(RequestError error)
      : std::runtime_error(render_request_error(error, library_words())),
        kind_(SolveError::Usage),
        error_(std::move(error)) {}
  SolveError kind() const { return kind_; }
  const RequestError& error() const { return error_; }

 private:
  SolveError kind_;
  RequestError error_;
};

// --mem-limit bounds the whole process's peak, while a search counts only what it stores (nodes,
// table, queues, buffers, mail): the search gets a share of what is left of the limit once the
// process's resident size (code, pattern databases, other instances) is taken off, divided among
// the instances at once and by kMemoryGrowthFactor, because a container that doubles holds its old
// and new storage at the same moment. 0 (no limit) stays 0; a limit already exceeded leaves 1 byte.
inline constexpr std::uint64_t kMemoryGrowthFactor = 3;
Limits memory_budget(const SolveRequest& request);

}  // namespace npuzzle
