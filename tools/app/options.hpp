// tools/app/options.hpp — the search options as the command line writes them, and their one
// translation into a SolveRequest. Shared by the `npuzzle` front end and the library API
// (include/npuzzle/npuzzle.hpp), so both accept the same names and give the same messages.
//
// Every function here checks its text and throws UsageError (exit code 1) with the message the
// command line prints; none of them depends on CLI11.
#pragma once

#include <cstdint>
#include <string>

#include "core/goal.hpp"
#include "core/parse.hpp"
#include "tools/app/solver.hpp"

namespace npuzzle {

// Options of `solve` and `bench` that choose and bound the search.
struct SearchOptions {
  std::string algorithm = "ida";
  std::string heuristic;               // "" for the default of each board size
  std::string tie_break = "larger-g";  // "" for the search's own default
  std::string owner_hash = "abstract-zobrist";
  double time_limit = 0;
  std::uint64_t node_limit = 0;
  std::string memory_limit;
  std::string pdb_dir;
};

// Checks the options and fills a request (its goal, threads and progress are left to the caller);
// its interrupt flag is `interrupt_requested` (tools/app/app.hpp).
SolveRequest make_request(const SearchOptions& options);

// "" -> unknown size; "RxC" -> that size; anything else throws UsageError.
BoardSize parse_size_option(const std::string& text);
// "blank-first", "blank-last" or a tile list; throws UsageError.
GoalSpec parse_goal_option(const std::string& text);
// "512M", "2G", "100000", "64K" (powers of 1024; an optional trailing B or iB); throws UsageError.
std::uint64_t parse_memory_size(const std::string& text);

}  // namespace npuzzle
