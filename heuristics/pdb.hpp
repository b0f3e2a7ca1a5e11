// heuristics/pdb.hpp — the additive pattern-database heuristic over a set of disjoint databases,
// looked up directly or also through the reflection about the main diagonal.
//
// h = Manhattan distance of all tiles + 2 x (sum over the patterns of the stored half-excess of the
// pattern's placement). Each pattern's entry is its Manhattan distance plus twice its stored value,
// and a tile in no pattern counts its Manhattan distance, so h is the sum of disjoint pattern
// costs: admissible.
//
// Reflection (PdbWithReflection, kViews = 2): on a square board whose goal has the blank on the
// main diagonal, transposing a state and renaming each tile t to sigma(t) — the goal tile on the
// transpose of t's goal cell — gives a state exactly as far from the goal (moves map to moves, the
// goal to itself). Looking the same tables up on that mirrored state (Korf & Felner's reflected
// lookup) gives a second admissible sum; h takes the larger. The Manhattan distance is the same
// in both views, so only the excesses differ.
//
// PERFORMANCE: a Value keeps the board (tile on each cell) and, per view and pattern, the rank of
// the placement (pdb_index.hpp: rank = sum of digit_i x weight_i) and its stored value. A move of
// one tile changes one pattern's rank per view, and the change follows from the cells the tile
// passes over: along a row of the view only the moved tile's digit changes (by +-1); across rows
// it passes over (columns - 1) cells, and only the pattern tiles on those change digits (by +-1).
// So update() costs a few loads and one table read per view, whatever the pattern's size; no
// scratch memory, so one object serves any number of threads. Copies share the mapped tables.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/goal.hpp"
#include "core/search_types.hpp"
#include "heuristics/manhattan.hpp"
#include "heuristics/pdb_catalogue.hpp"
#include "heuristics/pdb_index.hpp"

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

template <class B, int kViews>
class PatternDatabases {
  static_assert(kViews == 1 || kViews == 2);
  static_assert(B::kRows == B::kCols || kViews == 1, "reflection needs a square board");

 public:
  using BoardType = B;
  static constexpr bool kAdmissible = true;
  static constexpr const char* kName = "pdb";
  static constexpr int kMaxPatterns = pdb::kMaxPatterns;
  static constexpr bool kBatchChildren = true;  // look-ups miss the caches (core/ida_star.hpp)
  // A placement's rank. 32 bits hold every table that can be built in memory (7 tiles of 5x5:
  // 2.4e9 placements; 9 of 4x4: 4.2e9); a larger one is refused.
  using Rank = std::uint32_t;

  struct Value {
    Tiles<B> board{};                           // tile on each cell
    std::int16_t manhattan = 0;                 // of all tiles
    std::array<std::int16_t, kViews> excess{};  // per view: the sum of `stored`
    std::array<std::array<Rank, kMaxPatterns>, kViews> rank{};
    std::array<std::array<std::uint8_t, kMaxPatterns>, kViews> stored{};  // (entry - MD) / 2
  };

  // Throws pdb::PdbError(Database) when a table is for another board, goal or pattern, the groups
  // are not disjoint, or a table has more placements than a Rank holds; std::invalid_argument
  // when kViews == 2 and !reflection_applies(goal).
  PatternDatabases(const Goal<B>& goal, const pdb::PdbSet& set) : manhattan_(goal), set_(set) {
    if constexpr (kViews == 2) {
      if (!reflection_applies(goal)) {
        throw std::invalid_argument(
            "reflection needs a square board with the blank's goal on the diagonal");
      }
    }
    std::vector<int> goal_tiles(B::kCells);
    for (int c = 0; c < B::kCells; ++c)
      goal_tiles[static_cast<std::size_t>(c)] = goal.state.tile_at(c);
    if (set.partition.groups.size() != set.tables.size() ||
        static_cast<int>(set.tables.size()) > kMaxPatterns) {
      throw pdb::PdbError(pdb::ErrorKind::Database, "pattern database set is incomplete");
    }
    // In the direct view, tile t is itself on its own cell.
    std::array<std::int8_t, B::kCells> pattern_of{};
    std::array<std::uint8_t, B::kCells> index_of{};
    pattern_of.fill(-1);
    for (std::size_t p = 0; p < set.tables.size(); ++p) {
      const auto& tiles = set.partition.groups[p];
      pdb::expect_matches(*set.tables[p], B::kRows, B::kCols, goal_tiles, tiles);
      if (set.tables[p]->meta().entry_count > std::numeric_limits<Rank>::max()) {
        throw pdb::PdbError(pdb::ErrorKind::Database, "pattern database too large to look up");
      }
      Pattern& pattern = patterns_[p];
      pattern.data = set.tables[p]->data();
      pattern.four_bit = set.tables[p]->meta().entry_bits == 4;
      pattern.size = static_cast<int>(tiles.size());
      for (int i = 0; i < pattern.size; ++i) {
        const int t = tiles[static_cast<std::size_t>(i)];
        if (pattern_of[t] >= 0) {
          throw pdb::PdbError(pdb::ErrorKind::Database,
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
    pattern_count_ = static_cast<int>(set.tables.size());
    for (int v = 0; v < kViews; ++v) {
      View& view = views_[v];
      for (int c = 0; c < B::kCells; ++c) {
        view.cell[c] = static_cast<std::uint8_t>(v == 0 ? c : B::cell(B::col(c), B::row(c)));
      }
      for (int t = 0; t < B::kCells; ++t) {
        // sigma(t): the goal tile on the mirror of t's goal cell.
        const int seen_as = v == 0 ? t : goal.state.tile_at(view.cell[goal.cell_of[t]]);
        view.tile[t] = static_cast<std::uint8_t>(seen_as);
        view.pattern[t] = pattern_of[seen_as];
        view.index[t] = index_of[seen_as];
        view.weight[t] =
            view.pattern[t] >= 0 ? patterns_[view.pattern[t]].weight[index_of[seen_as]] : Rank{0};
      }
    }
  }

  Value init(const State<B>& s) const {
    Value v;
    for (int c = 0; c < B::kCells; ++c) v.board[c] = static_cast<std::uint8_t>(s.tile_at(c));
    v.manhattan = static_cast<std::int16_t>(manhattan_.init(s));
    for (int w = 0; w < kViews; ++w) {
      const View& view = views_[w];
      Tiles<B> cell_of{};  // in this view
      for (int c = 0; c < B::kCells; ++c) cell_of[view.tile[v.board[c]]] = view.cell[c];
      for (int p = 0; p < pattern_count_; ++p) {
        const Pattern& pattern = patterns_[p];
        std::uint32_t used = 0;
        Rank rank = 0;
        for (int i = 0; i < pattern.size; ++i) {
          const int c = cell_of[pattern.tiles[i]];
          const int digit = c - std::popcount(used & ((std::uint32_t{1} << c) - 1));
          used |= std::uint32_t{1} << c;
          rank += static_cast<Rank>(digit) * pattern.weight[i];
        }
        v.rank[w][p] = rank;
        v.stored[w][p] = static_cast<std::uint8_t>(pattern.stored(rank));
        v.excess[w] = static_cast<std::int16_t>(v.excess[w] + v.stored[w][p]);
      }
    }
    return v;
  }

  // Tile `tile` slides from `from` to the blank on `to`.
  NPUZZLE_ALWAYS_INLINE Value update(const Value& v, int tile, int from, int to) const {
    Value n = v;
    n.board[to] = static_cast<std::uint8_t>(tile);
    n.board[from] = 0;
    n.manhattan = static_cast<std::int16_t>(manhattan_.update(v.manhattan, tile, from, to));
    update_view<0>(n, tile, from, to);
    if constexpr (kViews == 2) update_view<1>(n, tile, from, to);
    return n;
  }

  int estimate(const Value& v) const {
    if constexpr (kViews == 2) {
      return v.manhattan + 2 * std::max(v.excess[0], v.excess[1]);
    } else {
      return v.manhattan + 2 * v.excess[0];
    }
  }

  std::string describe() const {
    if constexpr (kViews == 2) {
      return "max(" + set_.describe() + ", reflected " + set_.describe() + ")";
    } else {
      return set_.describe();
    }
  }
  const pdb::PdbSet& set() const { return set_; }

 private:
  struct Pattern {
    const std::uint8_t* data = nullptr;  // the table's entries
    bool four_bit = true;
    int size = 0;
    std::array<std::uint8_t, B::kCells> tiles{};
    std::array<Rank, B::kCells> weight{};  // of each tile's digit in the rank

    NPUZZLE_ALWAYS_INLINE int stored(Rank rank) const {
      if (four_bit) return (data[rank >> 1] >> ((rank & 1) << 2)) & 15;
      return data[rank];
    }
  };

  // How the patterns see the board: direct (identity) or mirrored about the diagonal. Indexed by
  // the board's own tiles and cells.
  struct View {
    std::array<std::uint8_t, B::kCells> cell{};    // a cell as this view sees it (an involution)
    std::array<std::uint8_t, B::kCells> tile{};    // a tile as this view sees it
    std::array<std::int8_t, B::kCells> pattern{};  // the pattern the tile is in here, or -1
    std::array<std::uint8_t, B::kCells> index{};   // its place in that pattern's order
    std::array<Rank, B::kCells> weight{};          // the weight of its digit in the rank
  };

  // Re-ranks, in view W, the pattern of the tile that moved (n: the value after the move, still
  // with the pattern's old rank, stored value and excess).
  template <int W>
  NPUZZLE_ALWAYS_INLINE void update_view(Value& n, int tile, int from, int to) const {
    const View& view = views_[W];
    const int p = view.pattern[tile];
    if (p < 0) return;
    const int a = W == 0 ? from : view.cell[from];
    const int b = W == 0 ? to : view.cell[to];
    const Rank rank = n.rank[W][p] + rank_change<W>(n.board, tile, p, a, b);
    const int stored = patterns_[p].stored(rank);
    n.rank[W][p] = rank;
    n.excess[W] = static_cast<std::int16_t>(n.excess[W] + stored - n.stored[W][p]);
    n.stored[W][p] = static_cast<std::uint8_t>(stored);
  }

  // The change of pattern p's rank when `tile` moves from view cell a to view cell b (adjacent
  // in the view). Its own digit changes by (b - a), less one for each earlier pattern tile
  // strictly between a and b; each later pattern tile strictly between changes its digit by one
  // the other way round. `board` is the board after the move (the cells between are the same).
  // Computed modulo 2^bits of Rank: the new rank fits, so the sum is exact.
  template <int W>
  NPUZZLE_ALWAYS_INLINE Rank rank_change(const Tiles<B>& board, int tile, int p, int a,
                                         int b) const {
    const View& view = views_[W];
    const Rank own = view.weight[tile];
    const Rank change = static_cast<Rank>(b - a) * own;
    const int low = std::min(a, b), high = std::max(a, b);
    if (high - low == 1) return change;
    const int index = view.index[tile];
    Rank passed = 0;  // later tiles' weights, less the own weight for each earlier tile
    for (int x = low + 1; x < high; ++x) {
      const int other = board[W == 0 ? x : view.cell[x]];
      if (view.pattern[other] != p) continue;
      passed += view.index[other] > index ? view.weight[other] : Rank{0} - own;
    }
    return b > a ? change + passed : change - passed;
  }

  Manhattan<B> manhattan_;
  pdb::PdbSet set_;  // keeps the tables mapped
  std::array<Pattern, kMaxPatterns> patterns_{};
  std::array<View, kViews> views_{};
  int pattern_count_ = 0;
};

template <class B>
using PdbHeuristic = PatternDatabases<B, 1>;
template <class B>
using PdbWithReflection = PatternDatabases<B, 2>;

// Calls f(h) with the heuristic for `set`: with the reflected lookup when `reflect` is asked and
// the goal is symmetric about the main diagonal, otherwise the direct sum. Returns what f returns
// (both calls must return the same type).
template <class B, class F>
decltype(auto) with_pdb_heuristic(const Goal<B>& goal, const pdb::PdbSet& set, bool reflect,
                                  F&& f) {
  if constexpr (B::kRows == B::kCols) {
    if (reflect && reflection_applies(goal)) return f(PdbWithReflection<B>(goal, set));
  }
  return f(PdbHeuristic<B>(goal, set));
}

}  // namespace npuzzle
