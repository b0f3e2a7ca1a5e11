#include "engine/solver.hpp"

#include <unistd.h>

#include "core/board_sizes.hpp"
#include "engine/checkpoint.hpp"
#include "engine/distributed.hpp"
#include "heuristics/pdb/file.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdio>
#include <string_view>

namespace npuzzle {
namespace {

using SolveFn = SolveOutcome (*)(const SolveRequest&, const HeuristicChoice&,
                                 const std::vector<int>&);

struct SizeEntry {
  int rows, cols;
  std::array<SolveFn, kSearchFamilies.size()> solve;  // by SearchFamily
};
// One entry per size of core/board_sizes.hpp, one function per family (kSearchFamilies' order).
#define NPUZZLE_SOLVER_ENTRY(R, C)                                 \
  SizeEntry{R,                                                     \
            C,                                                     \
            {&solve_on_board<SearchFamily::DepthFirst, R, C>,      \
             &solve_on_board<SearchFamily::HashDistributed, R, C>, \
             &solve_on_board<SearchFamily::Textbook, R, C>}},
constexpr std::array kSolvers = {NPUZZLE_FOR_EACH_BOARD_SIZE(NPUZZLE_SOLVER_ENTRY)};
#undef NPUZZLE_SOLVER_ENTRY
static_assert(kSearchFamilies[0] == SearchFamily::DepthFirst &&
              kSearchFamilies[1] == SearchFamily::HashDistributed &&
              kSearchFamilies[2] == SearchFamily::Textbook);

SolveFn solver_for(int rows, int cols, SearchFamily family) {
  for (const SizeEntry& e : kSolvers) {
    if (e.rows == rows && e.cols == cols) return e.solve[static_cast<std::size_t>(family)];
  }
  return nullptr;
}

// The name of a standard goal other than `chosen` that the board can reach ("" when none).
std::string other_solvable_goal(const GoalSpec& chosen, int rows, int cols,
                                const std::vector<int>& tiles) {
  for (const GoalSpec& other : {GoalSpec::blank_first(), GoalSpec::blank_last()}) {
    if (other.kind == chosen.kind) continue;
    if (solvable(rows, cols, tiles, other.tiles_for(rows * cols))) return other.describe();
  }
  return {};
}

}  // namespace

std::string SolveOutcome::status_name() const {
  return failed() ? "error" : npuzzle::status_name(result.status);
}

std::string SolveOutcome::error_message(const OptionWords& words) const {
  return error_kind == SolveError::Usage ? render_request_error(usage, words) : error;
}

std::string SolveOutcome::reason(const OptionWords& words) const {
  if (result.status == Status::Unsolvable) {
    return unsolvable_note +
           (solvable_for.empty()
                ? ""
                : "; it is solvable for " + words.with_value(OptionField::Goal, solvable_for));
  }
  return stop_reason_name(result.reason);
}

Limits memory_budget(const SolveRequest& request) {
  Limits limits = request.limits;
  if (limits.memory_bytes == 0) return limits;
  std::uint64_t resident = 0;
  if (std::FILE* statm = std::fopen("/proc/self/statm", "r")) {
    unsigned long long size = 0, pages = 0;
    if (std::fscanf(statm, "%llu %llu", &size, &pages) == 2) {
      resident = pages * static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
    }
    std::fclose(statm);
  }
  const std::uint64_t left = limits.memory_bytes > resident ? limits.memory_bytes - resident : 0;
  const auto shares =
      kMemoryGrowthFactor * static_cast<std::uint64_t>(std::max(1, request.instances_at_once));
  limits.memory_bytes = std::max<std::uint64_t>(1, left / shares);
  return limits;
}

SolveOutcome solve_instance(SolveSession& session, const SolveRequest& caller_request,
                            const RunBoard& board) {
  SolveRequest request = with_algorithm_for(caller_request, board.size);
  request.session = &session;
  SolveOutcome out;
  const int rows = board.size.rows, cols = board.size.cols;
  const HeuristicChoice heuristic = request.heuristic.value_or(default_heuristic(board.size));
  const AlgorithmInfo& algorithm = algorithm_info(*request.algorithm);
  if (algorithm.heuristic) out.heuristic.choice = heuristic;
  out.threads = algorithm.threads ? request.threads : 1;
  const std::vector<int> goal = request.goal.tiles_for(board.size.cells());
  const auto fail = [&out](SolveError kind, std::string message) {
    out.error = std::move(message);
    out.error_kind = kind;
    out.usage = message_error(out.error);
    return out;
  };
  const auto refuse = [&out](const RequestError& error) {
    out.error = render_request_error(error, library_words());
    out.error_kind = SolveError::Usage;
    out.usage = error;
    return out;
  };
  if (static_cast<int>(goal.size()) != board.size.cells()) {
    return fail(SolveError::Input, "the goal has " + std::to_string(goal.size()) +
                                       " tiles but the board is " + board.size.name());
  }
  const HeuristicInfo& info = kHeuristicInfo[heuristic.index];
  if (algorithm.heuristic && !info.fits(board.size)) {
    RequestError error;
    error.kind = RequestErrorKind::DoesNotFit;
    error.option = OptionField::Heuristic;
    error.value = heuristic.name();
    error.max_side = info.max_side;
    error.board = board.size.name();
    return refuse(error);
  }
  std::optional<pdb::Partition> partition;  // the heuristic's, on this board
  if (algorithm.heuristic && heuristic.partition) {
    try {  // a partition the board does not have is a usage error, whatever the board
      partition = pdb::resolve_partition(*heuristic.partition, rows, cols, goal);
    } catch (const pdb::PdbError& e) {
      return refuse(message_error(e.what()));
    }
  }
  request.partition = partition ? &*partition : nullptr;
  if (!solvable(rows, cols, board.tiles, goal)) {
    out.result.status = Status::Unsolvable;
    out.unsolvable_note = "the board cannot reach the goal " + request.goal.describe() +
                          " (opposite permutation parity)";
    out.solvable_for = other_solvable_goal(request.goal, rows, cols, board.tiles);
    return out;
  }
  // Interrupted already: no search, unless it keeps a checkpoint (it stops at once, writing it).
  const bool keeps_checkpoint = request.checkpoint && !request.checkpoint->path.empty();
  if (request.limits.interrupt && request.limits.interrupt->load() && !keeps_checkpoint) {
    out.result.status = Status::Limit;
    out.result.reason = StopReason::Interrupted;
    return out;
  }
  // Without a database directory, or when the default databases cannot be built there, a solve
  // that did not name its heuristic goes on with linear conflict (said once to the log) rather
  // than fail; this holds for the rest of the run, so a batch does not try the build again per
  // board.
  std::atomic<bool>& databases_unavailable = session.databases_unavailable();
  const HeuristicChoice fallback = default_heuristic_without_databases();
  const bool may_fall_back = !request.heuristic && info.uses_databases;
  try {
    const SolveFn solve = solver_for(rows, cols, algorithm.family);
    if (!solve) {
      return fail(SolveError::Usage, "board size " + board.size.name() +
                                         " is not in this build (NPUZZLE_BOARD_SIZES)");
    }
    const DistributedJob job(request, board);  // pida, hda under mpirun
    const auto run = [&](const HeuristicChoice& chosen) {
      SolveOutcome solved = solve(request, chosen, board.tiles);
      solved.ranks = ranks_for(request);
      if (solved.ranks > 1 && request.algorithm == Algorithm::Hda) solved.threads = 1;  // per rank
      return solved;
    };
    if (may_fall_back && databases_unavailable.load()) return run(fallback);
    try {
      return run(heuristic);
    } catch (const DatabaseUnavailable& e) {
      if (!may_fall_back) throw;  // asked for by name: no substitute
      if (!databases_unavailable.exchange(true)) {
        log_to(request.log, LogLevel::Warning,
               "no pattern database (" +
                   printable(render_request_error(
                       e.error(), request.words ? *request.words : library_words())) +
                   "); using " + fallback.name() + " instead");
      }
      return run(fallback);
    }
  } catch (const DatabaseUnavailable& e) {
    return e.kind() == SolveError::Usage ? refuse(e.error()) : fail(e.kind(), e.what());
  } catch (const UsageError& e) {
    return refuse(e.error());
  } catch (const InputError& e) {  // e.g. a bad pattern database file
    return fail(SolveError::Input, e.what());
  }
}

}  // namespace npuzzle
