// tools/app/commands.hpp — the subcommands of `npuzzle` and the options they share.
//
// Each `add_*_command` registers a CLI11 subcommand; when the subcommand is parsed, its callback
// stores in `action` the function that runs it and returns the exit code (engine/exit_code.hpp).
// The commands that search do so with the caller's session (engine/solve_session.hpp), which
// outlives the action.
// Option values are checked when the action runs: a bad value throws UsageError (exit code 1).
#pragma once

#include <cstdint>
#include <functional>
#include <set>
#include <string>

#include <CLI/CLI.hpp>

#include "core/goal.hpp"
#include "engine/exit_code.hpp"
#include "engine/solver.hpp"
#include "text/parse.hpp"
#include "tools/app/search_options.hpp"

namespace npuzzle {

using Action = std::function<ExitCode()>;

void add_search_options(CLI::App& command, SearchOptions& options);
// The long names ("--tie-break") of the options given to `command`; call once it is parsed.
std::set<std::string> given_options(const CLI::App& command);
void add_solve_command(CLI::App& app, Action& action, SolveSession& session);
void add_random_command(CLI::App& app, Action& action);
void add_verify_command(CLI::App& app, Action& action);
void add_bench_command(CLI::App& app, Action& action, SolveSession& session);

}  // namespace npuzzle
