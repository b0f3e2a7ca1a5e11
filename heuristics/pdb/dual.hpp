// heuristics/pdb/dual.hpp — the dual lookups of the pattern-database heuristic
// (heuristics/pdb/pattern_databases.hpp,
// `--heuristic pdb-dual`), and the two small types both kinds of lookup read tables through: a
// table's entries (EntryTable) and a pattern's tiles and rank weights (RankedPattern).
//
// Dual lookups (Zahavi, Felner, Holte and Schaeffer 2008): each view also looks its tables up on
// the dual placement, where pattern tile o stands on the goal cell of the tile that now stands on
// o's goal cell. A path of length L from the state, read backwards with the tiles renamed, takes a
// state with the blank on its goal cell to the goal with the blank moved to the cell b it holds
// now, so the dual placement's entry bounds that path's moves of the tiles now on the pattern's
// goal cells, from the table whose goal has the blank in b's region (a pattern's goal cells may
// shut the blank's goal cell off, e.g. tiles 1-7 of 4x4: its own table then serves that region
// alone, and PdbSet::dual_tables the others). A pattern with no table for b's region, and the
// pattern whose goal cell b is, count the Manhattan distance of those tiles instead. The renamed
// tiles of different patterns differ, so the dual sum is admissible; it has the parity of the
// distance once rounded down to it, and it is not consistent (IDA*'s pathmax uses that).
//
// PERFORMANCE: a move changes the dual placement of at most two tiles (those whose goal cells the
// blank left and entered); the pattern of the one that becomes placed is ranked afresh (one more
// table read per view), the other's pattern is skipped while the blank stands on its tile's goal
// cell. DualView holds no scratch memory: one object serves any number of threads.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "core/board.hpp"
#include "core/goal.hpp"
#include "core/heuristic.hpp"
#include "heuristics/pdb/catalogue.hpp"

namespace npuzzle::pdb {

// A placement's rank in the lookups. 32 bits hold every table that can be built in memory (7 tiles
// of 5x5: 2.4e9 placements; 9 of 4x4: 4.2e9); a larger one is refused.
using LookupRank = std::uint32_t;

// A table's entries as the lookups read them: 4 bits (two a byte, low nibble first) or 8 bits;
// a zero-aware table's bytes are read by heuristics/pdb/pattern_databases.hpp through
// pdb_zero_aware.hpp instead.
struct EntryTable {
  const std::uint8_t* data = nullptr;
  bool four_bit = true;
  bool zero_aware = false;

  NPUZZLE_ALWAYS_INLINE int stored(LookupRank rank) const {
    if (four_bit) return (data[rank >> 1] >> ((rank & 1) << 2)) & 15;
    return data[rank];
  }
};

// A pattern's table, its tiles in the table's order and each tile's weight in the rank
// (heuristics/pdb/index.hpp: rank = sum of digit_i x weight_i).
template <class B>
struct RankedPattern {
  EntryTable table;
  int size = 0;
  std::array<std::uint8_t, B::kCells> tiles{};
  std::array<LookupRank, B::kCells> weight{};

  NPUZZLE_ALWAYS_INLINE int stored(LookupRank rank) const { return table.stored(rank); }
};

// One view's dual lookups: which patterns count where the blank stands, and where the dual places
// each tile. Default-constructed it counts no pattern (the lookups are off).
template <class B>
class DualView {
 public:
  using Stored = std::array<std::uint8_t, kMaxPatterns>;  // per pattern: (entry - MD) / 2

  // Fills the maps for the view's `count` patterns (groups first .. first + count - 1 of `set`,
  // `patterns` pointing at the first), which see board cell c as view cell `view_cell[c]` and tile
  // t as `view_tile[t]`, tile t being in pattern `pattern_of[t]` (or -1). Returns how many tables
  // for the blank's other regions are not loaded.
  int set_up(const Goal<B>& goal, const std::vector<int>& goal_tiles, const PdbSet& set,
             std::size_t first, int count, const RankedPattern<B>* patterns,
             const std::array<std::uint8_t, B::kCells>& view_cell,
             const std::array<std::uint8_t, B::kCells>& view_tile,
             const std::array<std::int8_t, B::kCells>& pattern_of) {
    int missing = 0;
    const int blank_goal = goal.cell_of[0];
    count_ = count;
    for (int p = 0; p < count; ++p) {
      const RankedPattern<B>& pattern = patterns[p];
      for (int i = 0; i < pattern.size; ++i) {
        source_[p][i] = view_cell[goal.cell_of[pattern.tiles[i]]];
      }
      const DualTables tables =
          dual_tables_by_blank_cell(set, goal_tiles, first + static_cast<std::size_t>(p));
      missing += tables.missing;
      for (int c = 0; c < B::kCells; ++c) {
        const PdbTable* table = tables.by_cell[view_cell[c]];
        if (table) table_[p][c] = EntryTable{table->data(), table->meta().entry_bits == 4};
      }
    }
    for (int c = 0; c < B::kCells; ++c) {
      pattern_[c] = pattern_of[goal.state.tile_at(view_cell[c])];
      std::uint8_t valid = 0;
      for (int p = 0; p < count; ++p) {
        if (table_[p][c].data) valid |= static_cast<std::uint8_t>(1u << p);
      }
      valid_[c] = valid;
      const int t = c;  // as a tile
      const int home = goal.cell_of[view_tile[t]];
      cell_[t] = static_cast<std::uint8_t>(home);
      cut_[t] = static_cast<std::uint8_t>(t == 0 ? 0
                                                 : (std::abs(B::row(home) - B::row(blank_goal)) +
                                                    std::abs(B::col(home) - B::col(blank_goal))) /
                                                       2);
    }
    blank_home_ = view_cell[blank_goal];
    return missing;
  }

  // True when pattern p's dual entry counts with the blank on `blank`.
  bool counts(int p, int blank) const { return (valid_[blank] >> p) & 1u; }

  // Pattern p's stored value on its dual placement on `board` with the blank on `blank` (when
  // counts(p, blank)).
  NPUZZLE_ALWAYS_INLINE int stored_of(const RankedPattern<B>& pattern, int p, const Tiles<B>& board,
                                      int blank) const {
    std::uint32_t used = 0;
    LookupRank rank = 0;
    for (int i = 0; i < pattern.size; ++i) {
      const int c = cell_[board[source_[p][i]]];
      const int digit = c - std::popcount(used & ((std::uint32_t{1} << c) - 1));
      used |= std::uint32_t{1} << c;
      rank += static_cast<LookupRank>(digit) * pattern.weight[i];
    }
    return table_[p][blank].stored(rank);
  }

  // The view's dual estimate, less the Manhattan distance and halved: the stored values of the
  // patterns whose dual entry counts, less the term of the tile on the blank's goal cell. The
  // distance has the Manhattan distance's parity, so an odd term is rounded down when halved.
  NPUZZLE_ALWAYS_INLINE std::int16_t excess(const Stored& stored, const Tiles<B>& board,
                                            int blank) const {
    const unsigned valid = valid_[blank];
    int sum = 0;
    for (int p = 0; p < count_; ++p) sum += ((valid >> p) & 1u) ? stored[p] : 0;
    return static_cast<std::int16_t>(sum - cut_[board[blank_home_]]);
  }

  // After a move of a tile from `from` to `to` (`board` after it): the dual tile whose goal cell
  // `to` is now stands where the moved tile belongs, so its pattern is ranked afresh (unless the
  // tile now on the blank is in the same pattern, which then stays skipped); then the estimate.
  NPUZZLE_ALWAYS_INLINE void update(Stored& stored, std::int16_t& dual_excess,
                                    const RankedPattern<B>* patterns, const Tiles<B>& board,
                                    int from, int to) const {
    const int p = pattern_[to];
    if (p >= 0 && counts(p, from)) {
      stored[p] = static_cast<std::uint8_t>(stored_of(patterns[p], p, board, from));
    }
    dual_excess = excess(stored, board, from);
  }

 private:
  int count_ = 0;  // the view's patterns
  // By board cell c: the pattern of the tile whose dual cell c's content decides (the goal tile of
  // c as the view sees it), or -1; the patterns whose dual entry counts while the blank is on c (a
  // bit each: those with a table for the blank's region there, so not the pattern of c's goal
  // tile) and each pattern's table then.
  std::array<std::int8_t, B::kCells> pattern_{};
  std::array<std::uint8_t, B::kCells> valid_{};
  // By board tile: the view cell where the dual places the tile whose goal cell it stands on, and
  // half its Manhattan term rounded down, which the dual leaves out while it stands on the blank's
  // goal cell (`blank_home_`, a board cell).
  std::array<std::uint8_t, B::kCells> cell_{};
  std::array<std::uint8_t, B::kCells> cut_{};
  int blank_home_ = 0;
  // source_[p][i]: the board cell whose tile places pattern p's tile i.
  std::array<std::array<std::uint8_t, B::kCells>, kMaxPatterns> source_{};
  std::array<std::array<EntryTable, B::kCells>, kMaxPatterns> table_{};
};

}  // namespace npuzzle::pdb
