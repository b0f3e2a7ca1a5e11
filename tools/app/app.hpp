// tools/app/app.hpp — the `npuzzle` command line: solve, random, verify, bench.
//
// `run_npuzzle` parses the arguments (CLI11), runs one subcommand and returns the process exit
// code (engine/exit_code.hpp, documented in README.md); for many instances the highest code among
// them. Results go to stdout, logs and progress
// to stderr.
//
// The tool's main installs SIGINT/SIGTERM handlers that set `interrupt_requested`; every search
// polls it through Limits::interrupt, stops, and its statistics so far are still printed.
#pragma once

#include <atomic>
#include <string>

#include "core/goal.hpp"
#include "engine/exit_code.hpp"
#include "engine/log.hpp"

namespace npuzzle {

extern std::atomic<bool> interrupt_requested;

// The goal in force: `option` as --goal gives it, or when it is empty (--goal not given) the
// environment's NPUZZLE_GOAL, else blank-first. Throws UsageError naming where a bad goal came
// from.
GoalSpec goal_in_force(const std::string& option);
// Where that goal came from, for the messages that name it ("the goal blank-last (from
// NPUZZLE_GOAL)"): " (from NPUZZLE_GOAL)" when `option` is empty and the environment sets the goal,
// else "" (--goal, or the default).
std::string goal_origin(const std::string& option);

// The engine's notes as the command line prints them: on stderr after "npuzzle: " ("npuzzle:
// warning: " for a warning); nothing with `quiet`.
LogSink command_line_log(bool quiet);

ExitCode run_npuzzle(int argc, char** argv);

}  // namespace npuzzle
