// engine/exit_code.hpp — the process exit codes of npuzzle and pdbgen (an API documented in
// README.md) and the one mapping to them from the typed outcomes below: for the front ends only
// (tools/, api/). Core, heuristics and the engine return typed errors and statuses; none of them
// includes this header.
//
// A tool's main returns `to_int(code)`; nothing else writes an exit code as a number. Codes are
// ordered by severity where a run has many instances (the tool returns the highest among them), so
// `std::max` on two codes is meaningful.
#pragma once

#include "core/search/search_types.hpp"
#include "engine/solver.hpp"
#include "heuristics/pdb/file.hpp"

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

// A search that ended with `status`.
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

// A board that could not be searched.
constexpr ExitCode exit_code_for(SolveError error) {
  return error == SolveError::Usage ? ExitCode::Usage : ExitCode::Input;
}

// A pattern database that could not be had: Usage; Input for a database, a missing file or an I/O
// error; Limit when interrupted or stopped by the time limit; OutOfMemory.
constexpr ExitCode exit_code_for(pdb::ErrorKind kind) {
  switch (kind) {
    case pdb::ErrorKind::Usage:
      return ExitCode::Usage;
    case pdb::ErrorKind::Database:
    case pdb::ErrorKind::Missing:
    case pdb::ErrorKind::Io:
      return ExitCode::Input;
    case pdb::ErrorKind::Interrupted:
    case pdb::ErrorKind::TimeLimit:
      return ExitCode::Limit;
    case pdb::ErrorKind::Memory:
      return ExitCode::OutOfMemory;
  }
  return ExitCode::Input;
}

// One board's outcome: its error's, else its search status's.
inline ExitCode exit_code_for(const SolveOutcome& outcome) {
  return outcome.failed() ? exit_code_for(outcome.error_kind)
                          : exit_code_for(outcome.result.status);
}

}  // namespace npuzzle
