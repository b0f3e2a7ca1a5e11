#include "tools/app/solver.hpp"

#include "tools/app/distributed.hpp"

#include <algorithm>
#include <array>

namespace npuzzle {
namespace {

using SolveFn = SolveOutcome (*)(const SolveRequest&, const HeuristicChoice&,
                                 const std::vector<int>&);

struct SizeEntry {
  int rows, cols;
  SolveFn solve;
};
// One entry per size of core/board_sizes.hpp.
#define NPUZZLE_SOLVER_ENTRY(R, C) SizeEntry{R, C, &solve_on_board<R, C>},
constexpr std::array kSolvers = {NPUZZLE_FOR_EACH_BOARD_SIZE(NPUZZLE_SOLVER_ENTRY)};
#undef NPUZZLE_SOLVER_ENTRY

SolveFn solver_for(int rows, int cols) {
  for (const SizeEntry& e : kSolvers) {
    if (e.rows == rows && e.cols == cols) return e.solve;
  }
  return nullptr;
}

}  // namespace

std::string SolveOutcome::status_name() const {
  return failed() ? "error" : npuzzle::status_name(result.status);
}

ExitCode SolveOutcome::exit_code() const {
  return failed() ? error_exit_code : exit_code_for(result.status);
}

std::string SolveOutcome::reason() const {
  if (result.status == Status::Unsolvable) return unsolvable_note;
  return stop_reason_name(result.reason);
}

SolveOutcome solve_instance(const SolveRequest& request, int rows, int cols,
                            const std::vector<int>& tiles) {
  SolveOutcome out;
  const HeuristicChoice heuristic = request.heuristic.value_or(default_heuristic(rows, cols));
  const AlgorithmInfo& algorithm = algorithm_info(request.algorithm);
  out.heuristic = algorithm.heuristic ? heuristic.name() : "none";
  out.threads = algorithm.threads ? request.threads : 1;
  const std::vector<int> goal = request.goal.tiles_for(rows * cols);
  if (static_cast<int>(goal.size()) != rows * cols) {
    out.error = "the goal has " + std::to_string(goal.size()) + " tiles but the board is " +
                std::to_string(rows) + "x" + std::to_string(cols);
    out.error_exit_code = ExitCode::Input;
    return out;
  }
  const HeuristicInfo& info = kHeuristicInfo[heuristic.index];
  if (algorithm.heuristic && info.check_argument && !heuristic.variant.empty()) {
    try {  // an argument that does not fit the board is a usage error, whatever the board
      info.check_argument(heuristic.variant, rows, cols, goal);
    } catch (const UsageError& e) {
      out.error = e.what();
      out.error_exit_code = ExitCode::Usage;
      return out;
    }
  }
  if (!solvable(rows, cols, tiles, goal)) {
    out.result.status = Status::Unsolvable;
    out.unsolvable_note = "the board cannot reach the goal " + request.goal.describe() +
                          " (opposite permutation parity)";
    return out;
  }
  if (request.limits.interrupt && request.limits.interrupt->load()) {
    out.result.status = Status::Limit;
    out.result.reason = StopReason::Interrupted;
    return out;
  }
  try {
    const SolveFn solve = solver_for(rows, cols);
    if (!solve) {
      out.error = "board size " + std::to_string(rows) + "x" + std::to_string(cols) +
                  " is not in this build (NPUZZLE_BOARD_SIZES)";
      out.error_exit_code = ExitCode::Usage;
      return out;
    }
    const DistributedJob job(request, rows, cols, tiles);  // pida, hda under mpirun
    SolveOutcome solved = solve(request, heuristic, tiles);
    solved.ranks = ranks_for(request.algorithm);
    if (solved.ranks > 1 && request.algorithm == Algorithm::Hda) solved.threads = 1;  // per rank
    return solved;
  } catch (const UsageError& e) {
    out.error = e.what();
    out.error_exit_code = ExitCode::Usage;
    return out;
  } catch (const InputError& e) {  // e.g. a bad pattern database file
    out.error = e.what();
    out.error_exit_code = ExitCode::Input;
    return out;
  }
}

}  // namespace npuzzle
