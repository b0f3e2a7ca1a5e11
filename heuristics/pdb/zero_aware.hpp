// heuristics/pdb/zero_aware.hpp — reading zero-aware tables (encoding 2, heuristics/pdb/file.hpp):
// the bit of the blank's region in a placement's byte, and the exact distance of an abstract state
// (placement, blank's region) found by walking down to the goal.
//
// A table's byte for a placement holds one bit per label cell of its free cells
// (Geometry::label_cells, in cell order); the bit of a region is floor(d / 2) mod 2 for the
// region's distance d, and d has the parity of the pattern tiles' Manhattan distance, so bit and
// parity give d modulo 4. A pattern move changes d by exactly one: the lookups
// (heuristics/pdb/pattern_databases.hpp) carry d modulo 4 from the parent and read whether the
// child is one nearer or one farther. The first value of a search comes from the walk: from any
// state but the goal, a move to a state one nearer exists, and it is the only kind of move whose
// state has d - 1 modulo 4.
#pragma once

#include <bit>
#include <cstdint>

#include "heuristics/pdb/geometry.hpp"

namespace npuzzle::pdb {

// The bit of the region of `free` holding `blank` in the placement's byte `entry`. When every
// region's bit is the same (most placements: one region, or all at distances of the same half
// parity) the region need not be found; else one of its label cells is, and the number of label
// cells before it is its bit's place. One test tells the two apart: the byte comes from memory,
// and a branch on it that goes either way half the time (all bits 0 or all 1) would stall the
// search's pipeline once the read returns.
constexpr int zero_aware_bit(const Geometry& geo, std::uint8_t entry, std::uint32_t free,
                             int blank) {
  const std::uint32_t labels = geo.label_cells(free);
  const std::uint32_t all_set = (std::uint32_t{1} << std::popcount(labels)) - 1;
  // entry + 1 masked by all_set: 1 for no bit set, 0 for all set, else at least 2.
  if (((entry + 1u) & all_set) <= 1) return entry & 1;
  const int label = geo.label_cell(blank, free, labels);
  return entry >> std::popcount(labels & ((std::uint32_t{1} << label) - 1)) & 1;
}

// d modulo 4 of a state one move from a state with d modulo 4 = `parent`, whose bit is `bit`: the
// child is one nearer or one farther, and the two differ in floor(d / 2) mod 2.
constexpr int zero_aware_child(int parent, int bit) {
  const int farther = (((parent + 1) >> 1) & 1) == bit;
  return (parent + 3 + 2 * farther) & 3;
}

// A zero-aware pattern's stored value (half its distance's excess over its tiles' Manhattan
// distance) after one of its tiles moved from cell a to cell b, the blank now on a: `zone` holds
// the pattern's cells (bits 0..24) and its distance modulo 4 (bits 30-31) and is updated; `stored`
// is the value before the move, `entry` the new placement's byte, md_change the Manhattan change.
// Out of line: inlined into every instantiation of the search's node loop, the region search
// crowded the instruction cache for the minimised tables too (bench/RESULTS.md).
int zero_aware_step(const Geometry& geo, std::uint32_t& zone, int stored, std::uint8_t entry, int a,
                    int b, int md_change);

// The distance of the state whose k pattern tiles stand on cells[0..k) (the table's order), the
// blank on `blank`, in the table `entries`; the tiles' goal cells are goal_cells[0..k), the
// blank's goal cell `goal_blank`. Throws PdbError(Database) when the entries do not lead to the
// goal (a damaged table).
int zero_aware_distance(const Geometry& geo, const std::uint8_t* entries, int k,
                        const std::uint8_t* cells, int blank, const std::uint8_t* goal_cells,
                        int goal_blank);

}  // namespace npuzzle::pdb
