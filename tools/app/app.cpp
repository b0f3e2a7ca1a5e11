#include "tools/app/app.hpp"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <iostream>

#include "tools/app/commands.hpp"

namespace npuzzle {

std::atomic<bool> interrupt_requested{false};

namespace {

// Accepts a finite number of seconds >= 0 (CLI::NonNegativeNumber lets "nan" through).
std::string check_seconds(const std::string& text) {
  char* end = nullptr;
  const double seconds = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || !std::isfinite(seconds) || seconds < 0) {
    return "'" + printable(text) + "' is not a number of seconds >= 0";
  }
  return {};
}

}  // namespace

void add_search_options(CLI::App& command, SearchOptions& o) {
  command.add_option("--algo", o.algorithm, algorithm_help());
  command.add_option("--heuristic", o.heuristic, heuristic_help());
  command.add_option("--owner-hash", o.owner_hash,
                     algorithms_with(&AlgorithmInfo::owner_hash) +
                         ": how states are shared out among the threads: abstract-zobrist "
                         "(default: most moves keep a state on its thread) or zobrist");
  command.add_option("--tie-break", o.tie_break,
                     algorithms_with(&AlgorithmInfo::tie_break) +
                         " among equal f: lifo, fifo, larger-g (default)");
  command.add_option("--time-limit", o.time_limit, "seconds per instance (0: none)")
      ->check(check_seconds, "SECONDS");
  command.add_option("--node-limit", o.node_limit, "expanded nodes per instance (0: none)");
  command.add_option("--mem-limit", o.memory_limit,
                     "memory for the searches that store nodes, e.g. 512M, 4G (0: none)");
  command.add_option("--pdb-dir", o.pdb_dir,
                     "pattern database directory (default: $NPUZZLE_PDB_DIR, else "
                     "$XDG_CACHE_HOME/npuzzle or ~/.cache/npuzzle)");
}

std::uint64_t parse_memory_size(const std::string& text) {
  std::size_t digits = 0;
  while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
  std::string suffix = text.substr(digits);
  for (char& c : suffix) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (suffix.size() > 1 && suffix.back() == 'B') suffix.pop_back();
  if (suffix.size() > 1 && suffix.back() == 'I') suffix.pop_back();
  int shift = -1;
  if (suffix.empty() || suffix == "B") shift = 0;
  if (suffix == "K") shift = 10;
  if (suffix == "M") shift = 20;
  if (suffix == "G") shift = 30;
  if (suffix == "T") shift = 40;
  if (digits == 0 || digits > 12 || shift < 0) {
    throw UsageError("--mem-limit: '" + text + "' is not a size (e.g. 512M, 4G)");
  }
  return std::stoull(text.substr(0, digits)) << shift;
}

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
  const auto tie_break = parse_tie_break(o.tie_break);
  if (!tie_break) {
    throw UsageError("--tie-break: unknown value '" + o.tie_break + "' (lifo, fifo, larger-g)");
  }
  request.tie_break = *tie_break;
  if (!parse_owner_hash(o.owner_hash, request.owner_hash)) {
    throw UsageError("--owner-hash: unknown value '" + o.owner_hash +
                     "' (abstract-zobrist, zobrist)");
  }
  request.limits.time_seconds = o.time_limit;
  request.limits.nodes = o.node_limit;
  if (!o.memory_limit.empty()) request.limits.memory_bytes = parse_memory_size(o.memory_limit);
  request.limits.interrupt = &interrupt_requested;
  request.pdb_dir = o.pdb_dir;
  return request;
}

BoardSize parse_size_option(const std::string& text) {
  if (text.empty()) return {};
  const auto size = parse_board_size(text);
  if (!size) throw UsageError("--size: '" + text + "' is not RxC with 2 <= R, C <= 5");
  return *size;
}

GoalSpec parse_goal_option(const std::string& text) {
  if (text.empty() || text == "blank-first") return GoalSpec::blank_first();
  if (text == "blank-last") return GoalSpec::blank_last();
  try {
    return GoalSpec{GoalSpec::Kind::Explicit, parse_tile_list(text)};
  } catch (const InputError& e) {
    throw UsageError("--goal: " + std::string(e.what()) +
                     " (blank-first, blank-last, or the goal's tiles row by row)");
  }
}

ExitCode run_npuzzle(int argc, char** argv) {
  CLI::App app{
      "npuzzle: optimal solver for sliding-tile puzzles (2x2 .. 5x5, the 8- and 15-puzzle).\n"
      "Moves are named by where the BLANK goes: U D L R (U: the tile above the blank slides "
      "down).",
      "npuzzle"};
  app.set_version_flag("--version", std::string("npuzzle ") + NPUZZLE_VERSION);
  app.require_subcommand(1);
  app.footer(
      "Exit codes: 0 solved, 1 usage error, 2 input error, 3 unsolvable, 4 limit hit, 5 out of "
      "memory (many instances: the highest).");
  Action action;
  add_solve_command(app, action);
  add_random_command(app, action);
  add_verify_command(app, action);
  add_bench_command(app, action);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? ExitCode::Solved : ExitCode::Usage;
  }
  try {
    return action();
  } catch (const UsageError& e) {
    std::cerr << "npuzzle: " << printable(e.what()) << "\n";
    return ExitCode::Usage;
  } catch (const InputError& e) {
    std::cerr << "npuzzle: " << printable(e.what()) << "\n";
    return ExitCode::Input;
  } catch (const std::bad_alloc&) {
    std::cerr << "npuzzle: out of memory\n";
    return ExitCode::OutOfMemory;
  }
}

}  // namespace npuzzle
