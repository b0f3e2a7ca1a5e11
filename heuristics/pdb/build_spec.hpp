// heuristics/pdb/build_spec.hpp — what one pattern database's build is, before it runs: the spec
// (board, goal, pattern tiles, encoding), its checks, the width of the builder's lanes and the
// memory the build will need, and the memory this machine has for it. pdbgen and the solver's
// build-on-first-use plan and refuse builds with these; the breadth-first builder itself is in
// heuristics/pdb/build.hpp.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace npuzzle::pdb {

struct BuildSpec {
  int rows = 0;
  int cols = 0;
  std::vector<int> goal;    // tile on each cell
  std::vector<int> tiles;   // the pattern, in ranking order
  bool zero_aware = false;  // encoding 2: a bit per region (pdb_file.hpp)
};

// Checks a spec (sizes, goal a permutation, pattern tiles distinct, not the blank, at most
// cells-1; zero-aware: at most cells-2 and at most 8 label cells a placement). Throws
// PdbError(Usage).
void validate_spec(const BuildSpec& spec);

// The bits of the build's lanes (8, 16 or 32): one per label cell, for the most label cells
// (Geometry::label_cells) any placement of the pattern's tiles has on the board.
int build_lane_bits(const BuildSpec& spec);

// The peak memory the build needs, in bytes: the working table (4 lanes per placement, their width
// from the pattern's most label cells; a fifth lane when zero-aware) plus the payload.
std::uint64_t build_memory_bytes(const BuildSpec& spec);

// The memory of this machine available to a build (MemAvailable), in bytes; 0 when unknown.
std::uint64_t available_memory_bytes();

// The seconds a build of `placements` placements should take on `threads` threads (0: all the
// machine's): about 2.5 M placements a second per thread (bench/RESULTS.md: the 4x4 7-8 set and the
// 5x5 6- and 7-tile tables, 2 threads, 2.4-2.8 M), a zero-aware table about 1.6 times slower (its
// side lane of region bits). A guess to plan by, not a promise.
double build_seconds_estimate(std::uint64_t placements, bool zero_aware, int threads);
// The worker threads a build on `threads` threads uses (0: all the machine's).
int build_workers(int threads);

// "about 25 min", "about 40 s", "about 1 h 05 min".
std::string duration_text(double seconds);
// "672.0 MiB".
std::string mib_text(std::uint64_t bytes);

}  // namespace npuzzle::pdb
