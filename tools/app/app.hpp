// tools/app/app.hpp — the `npuzzle` command line: solve, random, verify, bench.
//
// `run_npuzzle` parses the arguments (CLI11), runs one subcommand and returns the process exit
// code, an API documented in README.md: 0 all solved, 1 usage error, 2 input error (bad board, file
// or database; also an internal error), 3 unsolvable, 4 a limit was hit (or Ctrl-C), 5 out of
// memory; for many instances the highest code among them. Results go to stdout, logs and progress
// to stderr.
//
// The tool's main installs SIGINT/SIGTERM handlers that set `interrupt_requested`; every search
// polls it through Limits::interrupt, stops, and its statistics so far are still printed.
#pragma once

#include <atomic>

namespace npuzzle {

extern std::atomic<bool> interrupt_requested;

int run_npuzzle(int argc, char** argv);

}  // namespace npuzzle
