#include "tools/app/app.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <limits>
#include <string_view>

#include "engine/distributed.hpp"
#include "tools/app/commands.hpp"
#include "tools/app/option_flags.hpp"
#include "tools/checked_output.hpp"
#include "tools/did_you_mean.hpp"
#include "tools/help_format.hpp"
#include "tools/last_resort.hpp"

namespace npuzzle {

std::atomic<bool> interrupt_requested{false};

GoalSpec goal_in_force(const std::string& option) {
  if (!option.empty()) return parse_goal_option(option);
  const char* environment = std::getenv("NPUZZLE_GOAL");
  if (!environment) return GoalSpec::blank_first();
  // The value quoted, so that stray blanks in a bad one show.
  try {
    return parse_goal_option(environment);
  } catch (const UsageError& e) {
    throw UsageError("NPUZZLE_GOAL='" + printable(environment) +
                     "' (in the environment): " + e.error().detail);
  }
}

std::string goal_origin(const std::string& option) {
  return option.empty() && std::getenv("NPUZZLE_GOAL") ? " (from NPUZZLE_GOAL)" : "";
}

LogSink command_line_log(bool quiet) {
  if (quiet) return {};
  return [](LogLevel level, const std::string& line) {
    std::cerr << (level == LogLevel::Warning ? "npuzzle: warning: " : "npuzzle: ") << line << "\n";
  };
}

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
  command
      .add_option("--algo", o.algorithm,
                  "a name or a list to compare (e.g. bfs,astar,ida): " + algorithm_help() +
                      "; default: " + default_algorithm_rule() +
                      ", each search on one thread (--threads then solve boards at once)")
      ->option_text("NAME[,NAME...]");
  command.add_option("--heuristic", o.heuristic, "a name or a list: " + heuristic_help())
      ->option_text("NAME[:PARTITION]");
  command
      .add_option("--owner-hash", o.owner_hash,
                  algorithms_with(&AlgorithmInfo::owner_hash) +
                      ": how states are shared out among the threads: abstract-zobrist "
                      "(default: most moves keep a state on its thread) or zobrist")
      ->option_text("HASH");
  command
      .add_option("--tie-break", o.tie_break,
                  algorithms_with(&AlgorithmInfo::tie_break) +
                      " (the best-first searches) among equal priority: lifo (a stack), fifo (a "
                      "queue), larger-g (the default of astar; greedy's is lifo); a list such "
                      "as lifo,fifo compares them; results, totals and bench's tables name "
                      "the rule in force, the default included")
      ->option_text("RULE[,RULE...]");
  command
      .add_option(
          "--time-limit", o.time_limit,
          "seconds per instance (0: none); also the longest wait for input from a file or pipe")
      ->check(check_seconds, "SECONDS")
      ->option_text("SECONDS");
  command
      .add_option("--node-limit", o.node_limit,
                  "expanded nodes per instance (0: none); a count such as 1000000, 1e6, 1M or "
                  "1,000,000")
      ->option_text("N");
  command
      .add_option("--mem-limit", o.memory_limit,
                  algorithms_with(&AlgorithmInfo::memory_limit) +
                      " (the searches that store nodes): their memory in bytes, e.g. 512M, 4G "
                      "(powers of 1024; default: half the memory available, or of `ulimit -v` "
                      "when lower; 0: none)")
      ->option_text("SIZE");
  command
      .add_option("--pdb-dir", o.pdb_dir,
                  "pattern database directory (default: $NPUZZLE_PDB_DIR, else "
                  "$XDG_CACHE_HOME/npuzzle or ~/.cache/npuzzle)")
      ->option_text("DIR");
}

std::set<std::string> given_options(const CLI::App& command) {
  std::set<std::string> given;
  for (const CLI::Option* option : command.get_options()) {
    if (option->count() == 0) continue;
    for (const std::string& name : option->get_lnames()) given.insert("--" + name);
  }
  return given;
}

// `--progress 2`: the flag's seconds come after '=' (--progress=2); the word after a bare
// --progress would be read as a board word (instance "2"). Refused with the fix, never
// reinterpreted: the message for such an argument list, or "" when there is none.
static std::string progress_written_apart(int argc, char** argv) {
  for (int i = 1; i + 1 < argc; ++i) {
    if (std::string_view(argv[i]) != "--progress") continue;
    const std::string_view next = argv[i + 1];
    const bool number = !next.empty() && next.find_first_not_of("0123456789.") == next.npos;
    if (number) {
      return "--progress takes its seconds after '=': --progress=" + printable(std::string(next)) +
             " (a word after a bare --progress is read as a board; put --progress after the board "
             "to keep the default of 5 s)";
    }
  }
  return {};
}

ExitCode run_npuzzle(int argc, char** argv) {
  if (const std::string problem = progress_written_apart(argc, argv); !problem.empty()) {
    std::cerr << "npuzzle: " << problem << "\n";
    return ExitCode::Usage;
  }
  CLI::App app{"optimal solver for sliding-tile puzzles (2x2 to 5x5, the 8- and 15-puzzle)",
               "npuzzle"};
  app.formatter(std::make_shared<HelpFormatter>());
  app.require_subcommand(1);
  const std::string version_text = std::string("npuzzle ") + NPUZZLE_VERSION;
  add_manual_flags(app, version_text);
  CommandManual& manual = manual_of(app);
  manual.description =
      "npuzzle solves sliding-tile puzzles optimally (the 8-puzzle, the 15-puzzle and every "
      "board from 2x2 to 5x5), with IDA*, A* and their parallel forms over Manhattan distance, "
      "linear conflicts, walking distance or pattern databases (built by pdbgen), and runs the "
      "textbook searches beside them for comparison. It also prints random boards, checks "
      "solutions and benchmarks the searches.\n\n"
      "Moves are named by where the BLANK goes: U D L R (U: the tile above the blank slides "
      "down). The goal is blank-first (0 1 2 ... 15) unless --goal or $NPUZZLE_GOAL says "
      "otherwise.\n\n"
      "Counts (--node-limit, --count, --threads ...) may be written 1000000, 1e6, 1M, 1,000,000 "
      "or 1_000_000 (K, M, G, T: thousand, million, billion, trillion). `npuzzle help COMMAND` "
      "shows a command's options and examples.";
  manual.examples = {
      {"npuzzle solve 5 1 8 0 3 2 7 4 6", "solve one 8-puzzle board, given as words"},
      {"npuzzle random --size 3x3 --count 5 | npuzzle solve",
       "solve five random 8-puzzle boards read from standard input"},
      {"npuzzle help solve", "the options and examples of `npuzzle solve`"}};
  manual.exit_codes = {{0, "done"},
                       {1, "usage error"},
                       {2, "input or write error"},
                       {3, "unsolvable"},
                       {4, "a limit was hit, or Ctrl-C"},
                       {5, "out of memory"}};
  Action action;
  // The searches' pattern databases, for the whole run (under mpirun, one of the host's ranks).
  SolveSession session(table_copies_per_host());
  add_solve_command(app, action, session);
  add_random_command(app, action);
  add_verify_command(app, action);
  add_bench_command(app, action, session);
  const std::shared_ptr<ManualCommands> manual_commands =
      add_manual_commands(app, version_text, "solve");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return report_parse_error(app, e, argc, argv, "npuzzle") == 0 ? ExitCode::Solved
                                                                  : ExitCode::Usage;
  }
  if (manual_commands->given()) {
    return run_manual_command(app, *manual_commands) ? ExitCode::Solved : ExitCode::Usage;
  }
  try {
    const ExitCode code = action();
    flush_stdout_or_throw();
    return code;
  } catch (const OutputError& e) {
    interrupt_requested.store(true);
    std::cerr << "npuzzle: " << printable(e.what()) << "\n";
    return ExitCode::Input;
  } catch (const UsageError& e) {
    std::cerr << "npuzzle: " << printable(command_line_message(e)) << "\n";
    return ExitCode::Usage;
  } catch (const InputError& e) {
    std::cerr << "npuzzle: " << printable(e.what()) << "\n";
    return ExitCode::Input;
  } catch (const std::bad_alloc&) {
    std::cerr << "npuzzle: out of memory\n";
    return ExitCode::OutOfMemory;
  } catch (const std::filesystem::filesystem_error& e) {
    std::cerr << "npuzzle: " << printable(e.what()) << "\n";
    return ExitCode::Input;
  } catch (const std::exception&) {
    const std::string memory = memory_failure_of_current_exception();  // a thread not created
    if (memory.empty()) throw;
    std::cerr << "npuzzle: " << memory << "\n";
    return ExitCode::OutOfMemory;
  }
}

}  // namespace npuzzle
