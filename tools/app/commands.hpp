// tools/app/commands.hpp — the subcommands of `npuzzle` and the options they share.
//
// Each `add_*_command` registers a CLI11 subcommand; when the subcommand is parsed, its callback
// stores in `action` the function that runs it and returns the exit code (core/exit_code.hpp).
// Option values are checked when the action runs: a bad value throws UsageError (exit code 1).
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include <CLI/CLI.hpp>

#include "core/exit_code.hpp"
#include "core/goal.hpp"
#include "core/parse.hpp"
#include "tools/app/solver.hpp"

namespace npuzzle {

using Action = std::function<ExitCode()>;

// Options of `solve` and `bench` that choose and bound the search.
struct SearchOptions {
  std::string algorithm = "ida";
  std::string heuristic;  // "" for the default of each board size
  std::string tie_break = "larger-g";
  std::string owner_hash = "abstract-zobrist";
  double time_limit = 0;
  std::uint64_t node_limit = 0;
  std::string memory_limit;
  std::string pdb_dir;
};

void add_search_options(CLI::App& command, SearchOptions& options);
// Checks the options and fills a request (its goal, threads and progress are left to the caller).
SolveRequest make_request(const SearchOptions& options);

// "" -> unknown size; "RxC" -> that size; anything else throws UsageError.
BoardSize parse_size_option(const std::string& text);
// "blank-first", "blank-last" or a tile list; throws UsageError.
GoalSpec parse_goal_option(const std::string& text);
// "512M", "2G", "100000", "64K" (powers of 1024; an optional trailing B or iB); throws UsageError.
std::uint64_t parse_memory_size(const std::string& text);

void add_solve_command(CLI::App& app, Action& action);
void add_random_command(CLI::App& app, Action& action);
void add_verify_command(CLI::App& app, Action& action);
void add_bench_command(CLI::App& app, Action& action);

}  // namespace npuzzle
