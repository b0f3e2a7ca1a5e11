// tools/app/advice.hpp — warnings printed before a run starts, when its settings make it likely
// to take very long or to run slower than it could: optimal searches of 5x5 boards without
// pattern databases (with how to build and use the 5x5 databases), the searches that store nodes
// on boards large for them (with their memory limit), and more threads than cores.
//
// Advice never changes what runs; it goes to stderr, one line each, prefixed "npuzzle: warning: ".
#pragma once

#include <string>
#include <vector>

#include "engine/solver.hpp"  // the registries and SolveRequest
#include "text/parse.hpp"

namespace npuzzle {

// The warnings for running `request` with `threads` threads on boards of the sizes in `sizes`;
// `memory_limit_origin` says where its memory limit came from ("--mem-limit 64M", "the default:
// half the memory available").
std::vector<std::string> run_warnings(const SolveRequest& request,
                                      const std::string& memory_limit_origin, int threads,
                                      const std::vector<BoardSize>& sizes);

// Prints each warning on stderr (nothing when `quiet`).
void print_warnings(const std::vector<std::string>& warnings, bool quiet);

}  // namespace npuzzle
