#include "tools/app/solver.hpp"

#include "tools/app/distributed.hpp"

#include <algorithm>
#include <array>

namespace npuzzle {
namespace {

constexpr std::array<Algorithm, 7> kAlgorithms = {
    Algorithm::Ida, Algorithm::AStar, Algorithm::Hda,   Algorithm::Pida,
    Algorithm::Bfs, Algorithm::DfBnb, Algorithm::Greedy};
constexpr std::array<HeuristicKind, 5> kHeuristics = {
    HeuristicKind::Misplaced, HeuristicKind::Manhattan, HeuristicKind::LinearConflict,
    HeuristicKind::WalkingDistance, HeuristicKind::Pdb};

using SolveFn = SolveOutcome (*)(const SolveRequest&, const HeuristicChoice&,
                                 const std::vector<int>&);

template <int R, int C>
constexpr SolveFn entry() {
  return &solve_on_board<R, C>;
}

// kSolvers[rows - 2][cols - 2]
constexpr std::array<std::array<SolveFn, 4>, 4> kSolvers = {{
    {entry<2, 2>(), entry<2, 3>(), entry<2, 4>(), entry<2, 5>()},
    {entry<3, 2>(), entry<3, 3>(), entry<3, 4>(), entry<3, 5>()},
    {entry<4, 2>(), entry<4, 3>(), entry<4, 4>(), entry<4, 5>()},
    {entry<5, 2>(), entry<5, 3>(), entry<5, 4>(), entry<5, 5>()},
}};

}  // namespace

const char* algorithm_name(Algorithm a) {
  switch (a) {
    case Algorithm::Ida:
      return "ida";
    case Algorithm::AStar:
      return "astar";
    case Algorithm::Hda:
      return "hda";
    case Algorithm::Pida:
      return "pida";
    case Algorithm::Bfs:
      return "bfs";
    case Algorithm::DfBnb:
      return "dfbnb";
    case Algorithm::Greedy:
      return "greedy";
  }
  return "?";
}

const char* heuristic_name(HeuristicKind h) {
  switch (h) {
    case HeuristicKind::Misplaced:
      return "misplaced";
    case HeuristicKind::Manhattan:
      return "md";
    case HeuristicKind::LinearConflict:
      return "lc";
    case HeuristicKind::WalkingDistance:
      return "wd";
    case HeuristicKind::Pdb:
      return "pdb";
  }
  return "?";
}

std::optional<Algorithm> parse_algorithm(const std::string& text) {
  for (Algorithm a : kAlgorithms) {
    if (text == algorithm_name(a)) return a;
  }
  return std::nullopt;
}

std::optional<TieBreak> parse_tie_break(const std::string& text) {
  if (text == "lifo") return TieBreak::Lifo;
  if (text == "fifo") return TieBreak::Fifo;
  if (text == "larger-g") return TieBreak::LargerG;
  return std::nullopt;
}

bool is_parallel(Algorithm a) { return a == Algorithm::Hda || a == Algorithm::Pida; }

std::string HeuristicChoice::name() const {
  std::string out = heuristic_name(kind);
  if (!variant.empty()) out += ":" + variant;
  return out;
}

std::optional<HeuristicChoice> parse_heuristic(const std::string& text, std::string& error) {
  const std::size_t colon = text.find(':');
  const std::string base = text.substr(0, colon);
  for (HeuristicKind kind : kHeuristics) {
    if (base != heuristic_name(kind)) continue;
    if (colon == std::string::npos) return HeuristicChoice{kind, {}};
    std::string partition = text.substr(colon + 1);
    if (kind == HeuristicKind::Pdb && !partition.empty()) return HeuristicChoice{kind, partition};
    error = kind == HeuristicKind::Pdb
                ? "'" + text + "' names no partition (pdb:7-8, pdb:6-6-3 or tile lists like " +
                      "pdb:1,2,3,4,5,6,7/8,9,10,11,12,13,14,15)"
                : "'" + base + "' takes no ':' argument (only pdb does)";
    return std::nullopt;
  }
  error = "unknown heuristic '" + text +
          "' (misplaced, md, lc, wd, pdb, pdb:PARTITION such as pdb:7-8 or pdb:1,2,3/4,5,6)";
  return std::nullopt;
}

std::string SolveOutcome::status_name() const {
  return error.empty() ? npuzzle::status_name(result.status) : "error";
}

int SolveOutcome::exit_code() const {
  if (!error.empty()) return error_exit_code;
  switch (result.status) {
    case Status::Solved:
      return 0;
    case Status::Unsolvable:
      return 3;
    case Status::Limit:
      return 4;
    case Status::OutOfMemory:
      return 5;
  }
  return 2;
}

SolveOutcome solve_instance(const SolveRequest& request, int rows, int cols,
                            const std::vector<int>& tiles) {
  SolveOutcome out;
  const HeuristicChoice heuristic = request.heuristic.value_or(default_heuristic(rows, cols));
  out.heuristic = request.algorithm == Algorithm::Bfs ? "none" : heuristic.name();
  out.threads = is_parallel(request.algorithm) ? request.threads : 1;
  const std::vector<int> goal = request.goal.tiles_for(rows * cols);
  if (static_cast<int>(goal.size()) != rows * cols) {
    out.error = "the goal has " + std::to_string(goal.size()) + " tiles but the board is " +
                std::to_string(rows) + "x" + std::to_string(cols);
    out.error_exit_code = 2;
    return out;
  }
  if (heuristic.kind == HeuristicKind::Pdb && !heuristic.variant.empty() &&
      request.algorithm != Algorithm::Bfs) {
    try {  // a partition that does not fit the board is a usage error, whatever the board
      pdb::parse_partition(heuristic.variant, rows, cols, goal);
    } catch (const pdb::PdbError& e) {
      out.error = e.what();
      out.error_exit_code = 1;
      return out;
    }
  }
  if (!solvable(rows, cols, tiles, goal)) {
    out.result.status = Status::Unsolvable;
    out.result.reason = "the board cannot reach the goal " + request.goal.describe() +
                        " (opposite permutation parity)";
    return out;
  }
  if (request.limits.interrupt && request.limits.interrupt->load()) {
    out.result.status = Status::Limit;
    out.result.reason = "interrupted";
    return out;
  }
  try {
    const DistributedJob job(request, rows, cols, tiles);  // pida, hda under mpirun
    SolveOutcome solved =
        kSolvers[static_cast<std::size_t>(rows - 2)][static_cast<std::size_t>(cols - 2)](
            request, heuristic, tiles);
    solved.ranks = ranks_for(request.algorithm);
    if (solved.ranks > 1 && request.algorithm == Algorithm::Hda) solved.threads = 1;  // per rank
    return solved;
  } catch (const UsageError& e) {
    out.error = e.what();
    out.error_exit_code = 1;
    return out;
  } catch (const InputError& e) {  // e.g. a bad pattern database file
    out.error = e.what();
    out.error_exit_code = 2;
    return out;
  }
}

}  // namespace npuzzle
