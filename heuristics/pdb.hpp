// heuristics/pdb.hpp — the additive pattern-database heuristic over a set of disjoint databases.
//
// h = Manhattan distance of all tiles + 2 x (sum over the patterns of the stored half-excess of the
// pattern's placement). Each pattern's entry is its Manhattan distance plus twice its stored value,
// and a tile in no pattern counts its Manhattan distance, so h is the sum of disjoint pattern
// costs: admissible. Reflection about the main diagonal is a separate wrapper (combine.hpp);
// `with_pdb_heuristic` picks it where the goal allows.
//
// Value: the cell of every tile, the Manhattan sum, and each pattern's stored value. update() moves
// one tile and re-ranks only that tile's pattern (k popcounts and one table read): no scratch
// memory, so one PdbHeuristic object serves any number of threads. Copies share the mapped tables.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/goal.hpp"
#include "core/search_types.hpp"
#include "heuristics/combine.hpp"
#include "heuristics/manhattan.hpp"
#include "heuristics/pdb_catalogue.hpp"

namespace npuzzle {

template <class B>
class PdbHeuristic {
 public:
  using BoardType = B;
  static constexpr bool kAdmissible = true;
  static constexpr const char* kName = "pdb";
  static constexpr int kMaxPatterns = pdb::kMaxPatterns;

  struct Value {
    Tiles<B> cell{};             // cell of each tile (entry 0, the blank, unused)
    std::int16_t manhattan = 0;  // of all tiles
    std::int16_t excess = 0;     // sum of `stored`
    std::array<std::uint8_t, kMaxPatterns> stored{};  // per pattern: (entry - its Manhattan) / 2
  };

  // Throws pdb::PdbError(Database) when a table is for another board, goal or pattern, or the
  // groups are not disjoint.
  PdbHeuristic(const Goal<B>& goal, const pdb::PdbSet& set) : manhattan_(goal), set_(set) {
    std::vector<int> goal_tiles(B::kCells);
    for (int c = 0; c < B::kCells; ++c)
      goal_tiles[static_cast<std::size_t>(c)] = goal.state.tile_at(c);
    if (set.partition.groups.size() != set.tables.size() ||
        static_cast<int>(set.tables.size()) > kMaxPatterns) {
      throw pdb::PdbError(pdb::ErrorKind::Database, "pattern database set is incomplete");
    }
    pattern_of_.fill(-1);
    for (std::size_t p = 0; p < set.tables.size(); ++p) {
      const auto& tiles = set.partition.groups[p];
      pdb::expect_matches(*set.tables[p], B::kRows, B::kCols, goal_tiles, tiles);
      Pattern& pattern = patterns_[p];
      pattern.table = set.tables[p].get();
      pattern.size = static_cast<int>(tiles.size());
      for (int i = 0; i < pattern.size; ++i) {
        const int t = tiles[static_cast<std::size_t>(i)];
        if (pattern_of_[t] >= 0) {
          throw pdb::PdbError(pdb::ErrorKind::Database,
                              "pattern groups overlap on tile " + std::to_string(t));
        }
        pattern_of_[t] = static_cast<std::int8_t>(p);
        pattern.tiles[i] = static_cast<std::uint8_t>(t);
      }
    }
    pattern_count_ = static_cast<int>(set.tables.size());
  }

  Value init(const State<B>& s) const {
    Value v;
    v.cell = s.positions();
    v.manhattan = static_cast<std::int16_t>(manhattan_.init(s));
    for (int p = 0; p < pattern_count_; ++p) {
      v.stored[p] = static_cast<std::uint8_t>(lookup(patterns_[p], v.cell));
      v.excess = static_cast<std::int16_t>(v.excess + v.stored[p]);
    }
    return v;
  }

  Value update(const Value& v, int tile, int from, int to) const {
    Value n = v;
    n.cell[tile] = static_cast<std::uint8_t>(to);
    n.manhattan = static_cast<std::int16_t>(manhattan_.update(v.manhattan, tile, from, to));
    const int p = pattern_of_[tile];
    if (p >= 0) {
      const int stored = lookup(patterns_[p], n.cell);
      n.excess = static_cast<std::int16_t>(n.excess + stored - n.stored[p]);
      n.stored[p] = static_cast<std::uint8_t>(stored);
    }
    return n;
  }

  int estimate(const Value& v) const { return v.manhattan + 2 * v.excess; }

  std::string describe() const { return set_.describe(); }
  const pdb::PdbSet& set() const { return set_; }

 private:
  struct Pattern {
    const pdb::PdbTable* table = nullptr;
    int size = 0;
    std::array<std::uint8_t, B::kCells> tiles{};
  };

  // The stored value of the pattern's placement: its rank (pdb_index.hpp) is computed from the
  // tiles' cells directly.
  static int lookup(const Pattern& pattern, const Tiles<B>& cell) {
    std::uint32_t used = 0;
    std::uint64_t rank = 0;
    for (int i = 0; i < pattern.size; ++i) {
      const int c = cell[pattern.tiles[i]];
      const int digit = c - std::popcount(used & ((std::uint32_t{1} << c) - 1));
      used |= std::uint32_t{1} << c;
      rank = rank * static_cast<std::uint64_t>(B::kCells - i) + static_cast<std::uint64_t>(digit);
    }
    return pattern.table->stored(rank);
  }

  Manhattan<B> manhattan_;
  pdb::PdbSet set_;  // keeps the tables mapped
  std::array<Pattern, kMaxPatterns> patterns_{};
  std::array<std::int8_t, B::kCells> pattern_of_{};
  int pattern_count_ = 0;
};

// Calls f(h) with the heuristic for `set`: max(direct, reflected) when `reflect` is asked and the
// goal is symmetric about the main diagonal (Reflected<>::applicable), otherwise the direct sum.
// Returns what f returns (both calls must return the same type).
template <class B, class F>
decltype(auto) with_pdb_heuristic(const Goal<B>& goal, const pdb::PdbSet& set, bool reflect,
                                  F&& f) {
  PdbHeuristic<B> direct(goal, set);
  if (reflect && Reflected<PdbHeuristic<B>>::applicable(goal)) {
    const MaxOf<PdbHeuristic<B>, Reflected<PdbHeuristic<B>>> both(
        direct, Reflected<PdbHeuristic<B>>(direct, goal));
    return f(both);
  }
  return f(static_cast<const PdbHeuristic<B>&>(direct));
}

}  // namespace npuzzle
