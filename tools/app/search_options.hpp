// tools/app/search_options.hpp — the search options as the command line writes them, and their
// one translation into a typed SolveRequest (the command line's source of requests:
// engine/request.hpp), with the checks and messages of the command line.
//
// request_from_words checks every text and throws UsageError (exit code 1); nothing here depends
// on CLI11.
#pragma once

#include <atomic>
#include <cstdint>
#include <set>
#include <string>

#include "engine/option_use.hpp"
#include "engine/request.hpp"

namespace npuzzle {

// Options of `solve` and `bench` that choose and bound the search.
struct SearchOptions {
  std::string algorithm;  // "": none named, the default per board size (default_algorithm)
  std::string heuristic;  // "" for the default of each board size
  std::string tie_break;  // "" for the algorithm's default
  std::string owner_hash = "abstract-zobrist";
  double time_limit = 0;
  std::string node_limit;  // checked by parse_count
  std::string memory_limit;
  std::string pdb_dir;
  std::set<std::string> given;  // the options given on the command line ("--tie-break", …)
};

// The options of `given` (flags as written, "--tie-break") that only some algorithms take.
std::set<SearchOption> given_search_options(const std::set<std::string>& given);

// The memory limit of the searches that store nodes when --mem-limit is not given: half the memory
// available (the kernel's MemAvailable, or the address-space limit of `ulimit -v` when lower); 0
// (none) when neither is known.
struct DefaultMemoryLimit {
  std::uint64_t bytes = 0;
  // "half the memory available", "half of ulimit -v", or why there is none
  const char* what = "none, the memory available being unknown";
};
DefaultMemoryLimit default_memory_limit();

// Where the memory limit of `o` comes from, for the messages that name it: "--mem-limit 64M",
// "the default: half the memory available" or "the default: half of ulimit -v".
std::string memory_limit_origin(const SearchOptions& o);

// Checks the options and fills a request (its goal, threads, log and progress are left to the
// caller) whose interrupt flag is `interrupt`.
SolveRequest request_from_words(const SearchOptions& options, const std::atomic<bool>* interrupt);

}  // namespace npuzzle
