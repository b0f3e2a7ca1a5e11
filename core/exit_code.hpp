// core/exit_code.hpp — the process exit codes of npuzzle and pdbgen, an API documented in
// README.md.
//
// One enum for the tools and the library: a tool's main returns `to_int(code)`; nothing else in the
// code base writes an exit code as a number. Codes are ordered by severity where a run has many
// instances (the tool returns the highest among them), so `std::max` on two codes is meaningful.
#pragma once

#include "core/search_types.hpp"

namespace npuzzle {

enum class ExitCode : int {
  Solved = 0,       // every instance solved (pdbgen: done)
  Usage = 1,        // bad option or combination
  Input = 2,        // bad board, file or database; failed write; internal error
  Unsolvable = 3,   // a board cannot reach the goal
  Limit = 4,        // a time or node limit was hit, or interrupted
  OutOfMemory = 5,  // memory limit or allocation failure
};

constexpr int to_int(ExitCode code) { return static_cast<int>(code); }

// The exit code of a search that ended with `status`.
constexpr ExitCode exit_code_for(Status status) {
  switch (status) {
    case Status::Solved:
      return ExitCode::Solved;
    case Status::Unsolvable:
      return ExitCode::Unsolvable;
    case Status::Limit:
      return ExitCode::Limit;
    case Status::OutOfMemory:
      return ExitCode::OutOfMemory;
  }
  return ExitCode::Input;
}

}  // namespace npuzzle
