// tools/app/options.hpp — the search options as the command line writes them, and their one
// translation into a SolveRequest. Shared by the `npuzzle` front end and the library API
// (include/npuzzle/npuzzle.hpp), so both accept the same names and give the same messages; the
// option values both tools parse (size, goal, memory sizes) are in tools/options.hpp.
//
// make_request checks every text and throws UsageError (exit code 1) with the message the command
// line prints; nothing here depends on CLI11.
#pragma once

#include <cstdint>
#include <set>
#include <string>

#include "tools/app/solver.hpp"
#include "tools/options.hpp"

namespace npuzzle {

// Options of `solve` and `bench` that choose and bound the search.
struct SearchOptions {
  std::string algorithm = "ida";
  std::string heuristic;  // "" for the default of each board size
  std::string tie_break;  // "" for the algorithm's default
  std::string owner_hash = "abstract-zobrist";
  double time_limit = 0;
  std::string node_limit;  // checked by parse_count
  std::string memory_limit;
  std::string pdb_dir;
  std::set<std::string> given;  // the options given on the command line ("--tie-break", …)
};

// Checks the options and fills a request (its goal, threads and progress are left to the caller);
// its interrupt flag is `interrupt_requested` (tools/app/app.hpp).
SolveRequest make_request(const SearchOptions& options);

}  // namespace npuzzle
