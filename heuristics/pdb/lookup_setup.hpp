// heuristics/pdb/lookup_setup.hpp — the set-up of the pattern-database heuristic
// (heuristics/pdb/pattern_databases.hpp, which says what the views and lookups are): from a loaded
// set of tables, the patterns (tiles, rank weights, tables) and the views (a set's patterns seen
// directly or through the reflection about the main diagonal) that its look-ups read, checked
// against the board and the goal; and the heuristic's one-line description.
//
// Invariants of a LookupSetup once made: every table is for the board, the goal and its pattern's
// tiles in order, has at most as many placements as a LookupRank holds, and is not zero-aware when
// `dual`; the groups of each set are disjoint. With one view per set, view w is set w; with two,
// views 2k (direct) and 2k + 1 (reflected) are set k. In a view, board cell c is seen as cell[c]
// (the identity or the transpose, an involution) and tile t as tile[t] (sigma(t) when reflected),
// which is in pattern pattern[t] of the set (or -1) at place index[t] with weight weight[t]. It is
// never changed after it is made, and it keeps the tables mapped (`pdb_set`).
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/goal.hpp"
#include "heuristics/pdb/catalogue.hpp"
#include "heuristics/pdb/dual.hpp"
#include "heuristics/pdb/partition.hpp"
#include "heuristics/pdb/zero_aware.hpp"

namespace npuzzle {

// True when the reflection about the main diagonal keeps `goal`: a square board with the blank's
// goal cell on the diagonal (blank-first and blank-last qualify).
template <class B>
bool reflection_applies(const Goal<B>& goal) {
  if constexpr (B::kRows != B::kCols) {
    return false;
  } else {
    const int blank = goal.cell_of[0];
    return B::row(blank) == B::col(blank);
  }
}

namespace pdb {

// The tables and maps of the kViews views of PatternDatabases<B, kViews>.
template <class B, int kViews>
struct LookupSetup {
  using Rank = LookupRank;
  using Pattern = RankedPattern<B>;

  // How one set's patterns see the board: direct (identity) or mirrored about the diagonal.
  // Indexed by the board's own tiles and cells; patterns are numbered within the set.
  struct View {
    int first = 0;                                 // the set's first pattern in `patterns`
    int count = 0;                                 // and its number of patterns
    bool reflected = false;                        // mirrored about the diagonal
    std::array<std::uint8_t, B::kCells> cell{};    // a cell as this view sees it (an involution)
    std::array<std::uint8_t, B::kCells> tile{};    // a tile as this view sees it
    std::array<std::int8_t, B::kCells> pattern{};  // the pattern the tile is in here, or -1
    std::array<std::uint8_t, B::kCells> index{};   // its place in that pattern's order
    std::array<Rank, B::kCells> weight{};          // the weight of its digit in the rank
    std::array<EntryTable, kMaxPatterns> table{};  // the set's tables (kept here for update())
    DualView<B> dual;                              // the dual lookups' maps (when asked for)
  };

  // Throws PdbError(Database) when a table is for another board, goal or pattern, the groups of a
  // set are not disjoint, a table has more placements than a Rank holds, or the set does not give
  // kViews views; PdbError(Usage) for dual lookups on zero-aware tables; std::invalid_argument
  // when the views reflect and !reflection_applies(goal).
  LookupSetup(const Goal<B>& goal, const PdbSet& set, bool dual_lookups)
      : pdb_set(set), dual(dual_lookups), goal_blank(goal.cell_of[0]) {
    const int sets = static_cast<int>(set.partition.set_count());
    const bool reflect = sets * 2 == kViews;
    if (sets < 1 || sets > kMaxSets || (sets != kViews && !reflect)) {
      throw PdbError(ErrorKind::Database, "pattern database set has " + std::to_string(sets) +
                                              " partitions for " + std::to_string(kViews) +
                                              " lookups");
    }
    if (reflect && !reflection_applies(goal)) {
      throw std::invalid_argument(
          "reflection needs a square board with the blank's goal on the diagonal");
    }
    std::vector<int> goal_tiles(B::kCells);
    for (int c = 0; c < B::kCells; ++c)
      goal_tiles[static_cast<std::size_t>(c)] = goal.state.tile_at(c);
    std::size_t groups = 0;
    for (int k = 0; k < sets; ++k) groups += set.partition.set_size(static_cast<std::size_t>(k));
    if (set.partition.groups.size() != set.tables.size() || groups != set.tables.size()) {
      throw PdbError(ErrorKind::Database, "pattern database set is incomplete");
    }
    std::size_t first = 0;
    for (int k = 0; k < sets; ++k) {
      const int count = static_cast<int>(set.partition.set_size(static_cast<std::size_t>(k)));
      if (count > kMaxPatterns) {
        throw PdbError(ErrorKind::Database, "too many patterns in one set");
      }
      // In the direct view, tile t is itself on its own cell.
      std::array<std::int8_t, B::kCells> pattern_of{};
      std::array<std::uint8_t, B::kCells> index_of{};
      pattern_of.fill(-1);
      for (int p = 0; p < count; ++p) {
        const std::size_t g = first + static_cast<std::size_t>(p);
        const auto& tiles = set.partition.groups[g];
        expect_matches(*set.tables[g], B::kRows, B::kCols, goal_tiles, tiles);
        if (set.tables[g]->meta().entry_count > std::numeric_limits<Rank>::max()) {
          throw PdbError(ErrorKind::Database, "pattern database too large to look up");
        }
        Pattern& pattern = patterns[g];
        pattern.table.data = set.tables[g]->data();
        pattern.table.four_bit = set.tables[g]->meta().entry_bits == 4;
        pattern.table.zero_aware = set.tables[g]->meta().zero_aware();
        if (pattern.table.zero_aware && dual) {
          throw PdbError(ErrorKind::Usage,
                         "dual lookups need minimised tables, not zero-aware ones");
        }
        if (pattern.table.zero_aware && p >= kMaxZeroAwarePatterns) {
          throw PdbError(ErrorKind::Usage, "a zero-aware partition has at most " +
                                               std::to_string(kMaxZeroAwarePatterns) + " groups");
        }
        pattern.size = static_cast<int>(tiles.size());
        for (int i = 0; i < pattern.size; ++i) {
          goal_cells[g][i] =
              static_cast<std::uint8_t>(goal.cell_of[tiles[static_cast<std::size_t>(i)]]);
        }
        for (int i = 0; i < pattern.size; ++i) {
          const int t = tiles[static_cast<std::size_t>(i)];
          if (pattern_of[t] >= 0) {
            throw PdbError(ErrorKind::Database,
                           "pattern groups overlap on tile " + std::to_string(t));
          }
          pattern_of[t] = static_cast<std::int8_t>(p);
          index_of[t] = static_cast<std::uint8_t>(i);
          pattern.tiles[i] = static_cast<std::uint8_t>(t);
        }
        Rank weight = 1;  // weight_i = (n - i - 1) x ... x (n - k + 1)
        for (int i = pattern.size - 1; i >= 0; --i) {
          pattern.weight[i] = weight;
          weight *= static_cast<Rank>(B::kCells - i);
        }
      }
      for (int mirror = 0; mirror < (reflect ? 2 : 1); ++mirror) {
        View& view = views[reflect ? 2 * k + mirror : k];
        view.first = static_cast<int>(first);
        view.count = count;
        view.reflected = mirror == 1;
        for (int p = 0; p < count; ++p) view.table[p] = patterns[first + p].table;
        for (int c = 0; c < B::kCells; ++c) {
          view.cell[c] = static_cast<std::uint8_t>(mirror == 0 ? c : B::cell(B::col(c), B::row(c)));
        }
        for (int t = 0; t < B::kCells; ++t) {
          // sigma(t): the goal tile on the mirror of t's goal cell.
          const int seen_as = mirror == 0 ? t : goal.state.tile_at(view.cell[goal.cell_of[t]]);
          view.tile[t] = static_cast<std::uint8_t>(seen_as);
          view.pattern[t] = pattern_of[seen_as];
          view.index[t] = index_of[seen_as];
          view.weight[t] = view.pattern[t] >= 0
                               ? patterns[first + static_cast<std::size_t>(view.pattern[t])]
                                     .weight[index_of[seen_as]]
                               : Rank{0};
        }
        if (dual) {
          const int missing = view.dual.set_up(goal, goal_tiles, set, first, view.count,
                                               &patterns[first], view.cell, view.tile, pattern_of);
          if (mirror == 0) dual_missing += missing;
        }
      }
      first += static_cast<std::size_t>(count);
    }
  }

  // The set's own description for one direct view, else "max(…)" over the views; with the dual
  // lookups and the tables they miss when asked for.
  std::string describe() const {
    std::string missing;
    if (dual_missing > 0) {
      missing = "; without " + std::to_string(dual_missing) +
                " table(s) for the blank shut off from its goal cell (`pdbgen build --dual` "
                "adds them), those dual lookups count the Manhattan distance";
    }
    if constexpr (kViews == 1) {
      return dual ? "max(" + pdb_set.describe() + ", its dual)" + missing : pdb_set.describe();
    } else {
      std::string s = "max(";
      for (int w = 0; w < kViews; ++w) {
        const View& view = views[w];
        if (w) s.append(", ");
        if (view.reflected) s.append("reflected ");
        s.append("pdb ").append(pdb_set.partition.display_name()).append(" ");
        for (int p = 0; p < view.count; ++p) {
          const auto& tiles = pdb_set.partition.groups[static_cast<std::size_t>(view.first + p)];
          s.append("{").append(join_numbers(tiles, ",")).append("}");
        }
      }
      s.append(dual ? ", and each looked up on the dual placement)" + missing : ")");
      return s;
    }
  }

  PdbSet pdb_set;  // keeps the tables mapped
  bool dual = false;
  int dual_missing = 0;  // tables of the dual lookups' other regions not loaded
  std::array<Pattern, kMaxPatterns * kMaxSets> patterns{};  // the sets' patterns in order
  // Per pattern, its tiles' goal cells (in the table's order), and the blank's goal cell: where the
  // walk of a zero-aware table ends.
  std::array<std::array<std::uint8_t, B::kCells>, kMaxPatterns * kMaxSets> goal_cells{};
  int goal_blank = 0;
  std::array<View, kViews> views{};
};

}  // namespace pdb
}  // namespace npuzzle
