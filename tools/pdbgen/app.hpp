// tools/pdbgen/app.hpp — the `pdbgen` command line: builds, describes and verifies pattern
// databases.
//
//   pdbgen build --size 4x4 [--partition 7-8|6-6-3|5-5-5|LISTS]
//                [--goal blank-first|blank-last|LIST] [--pdb-dir DIR] [--threads N]
//                [--mem-limit SIZE] [--force] [--trust-other-user] [--dual]
//     (neither --size nor --partition: the plan of 4x4's recommended set is shown, nothing built,
//     exit 1; a --dir that does not exist is created when its parent exists, else exit 2)
//   pdbgen info FILE
//   pdbgen verify FILE [--threads N]
//
// Exit codes: 0 done; 1 usage error; 2 bad or unreadable database, failed write; 4 interrupted
// (Ctrl-C / SIGTERM: no final file is left; the build in progress is saved to FILE.partial, and the
// same command resumes it); 5 not enough memory (refused before starting, or an
// allocation failed).
//
// `run_pdbgen` parses the arguments (CLI11), runs one command (tools/pdbgen/commands.hpp) and
// returns the process exit code. The tool's main installs the signal handlers that set
// `stop_requested`, which the commands poll.
#pragma once

#include <atomic>

#include "engine/exit_code.hpp"

namespace npuzzle::pdbgen {

extern std::atomic<bool> stop_requested;

ExitCode run_pdbgen(int argc, char** argv);

}  // namespace npuzzle::pdbgen
