// heuristics/pdb/pattern_databases.hpp — the additive pattern-database heuristic over a set of
// disjoint databases, looked up directly or also through the reflection about the main diagonal.
//
// h = Manhattan distance of all tiles + 2 x (sum over the patterns of the stored half-excess of the
// pattern's placement). Each pattern's entry is its Manhattan distance plus twice its stored value,
// and a tile in no pattern counts its Manhattan distance, so h is the sum of disjoint pattern
// costs: admissible.
//
// Views (PatternDatabases<B, kViews>): a partition's sum looked up directly is one view. On a
// square board whose goal has the blank on the main diagonal, transposing a state and renaming each
// tile t to sigma(t) — the goal tile on the transpose of t's goal cell — gives a state exactly as
// far from the goal (moves map to moves, the goal to itself); looking the same tables up on that
// mirrored state (Korf & Felner's reflected lookup) is a second view. A set may also join two
// partitions ("7-7-7-3+6-6-6-6"), each a view or two. Every view is an admissible sum and h takes
// the largest; the Manhattan distance is the same in all views, so only the excesses differ.
//
// Zero-aware tables (encoding 2, heuristics/pdb/zero_aware.hpp) may stand for any pattern: their
// entry is exact for the blank's region, a bit per region. For them a Value also keeps, per view
// and pattern, the cells of the pattern's tiles and the distance modulo 4; a move of one of its
// tiles reads the bit of the blank's new region and so learns whether the distance rose or fell by
// one. The first Value walks down each such table to the goal (init()). Not with dual lookups.
// Only PatternDatabases<B, kViews, true> reads them. The look-ups of the benchmark sets
// (kLeanViews: two views on 4x4 and 5x5, four on 5x5) also come as PatternDatabases<B, kViews,
// false>, whose Value goes without those cells, for the sets with no zero-aware table
// (with_pdb_heuristic() picks it): 32 bytes fewer on 4x4 with two views (132 -> 100), 64 on 5x5
// with four (252 -> 188), a Value IDA* copies for every child it generates and holds on its
// stack. Only those: each second type compiles the searches again.
//
// Dual lookups (Zahavi, Felner, Holte and Schaeffer 2008), when asked for: each view also looks its
// tables up on the dual placement (heuristics/pdb/dual.hpp says how, and why it is admissible).
//
// PERFORMANCE: a Value keeps the board (tile on each cell) and, per view and pattern, the rank of
// the placement (pdb_index.hpp: rank = sum of digit_i x weight_i) and its stored value. A move of
// one tile changes one pattern's rank per view, and the change follows from the cells the tile
// passes over: along a row of the view only the moved tile's digit changes (by +-1); across rows
// it passes over (columns - 1) cells, and only the pattern tiles on those change digits (by +-1).
// So update() costs a few loads and one table read per view, whatever the pattern's size; no
// scratch memory, so one object serves any number of threads. Copies share the mapped tables.
//
// This file holds the look-ups (init, update, estimate); the set-up they read (the tables checked,
// the patterns' weights, the views' maps, the description) is heuristics/pdb/lookup_setup.hpp.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include "core/goal.hpp"
#include "core/heuristic.hpp"
#include "heuristics/manhattan.hpp"
#include "heuristics/pdb/catalogue.hpp"
#include "heuristics/pdb/dual.hpp"
#include "heuristics/pdb/geometry.hpp"
#include "heuristics/pdb/index.hpp"
#include "heuristics/pdb/lookup_setup.hpp"
#include "heuristics/pdb/zero_aware.hpp"

namespace npuzzle {

namespace pdb {
// The zero-aware cells of a Value without zero-aware tables: none.
struct NoZones {
  friend bool operator==(const NoZones&, const NoZones&) = default;
};
}  // namespace pdb

// The look-ups that also come without zero-aware cells (PatternDatabases<B, kViews, false>): those
// of the benchmark sets, one set reflected on 4x4 and 5x5 and two sets reflected on 5x5.
template <class B, int kViews>
inline constexpr bool kLeanViews = (B::kRows == B::kCols) && (B::kCells >= 16) &&
                                   (kViews == 2 || (kViews == 4 && B::kCells >= 25));

// kViews lookups, each an additive set of the partition seen directly or through the reflection:
// one set: 1 (direct) or 2 (direct and reflected); two sets: 2 (direct) or 4 (both ways).
// kZeroAware: the set may hold zero-aware tables (else they are refused when it is made); only the
// kLeanViews look-ups come without.
template <class B, int kViews, bool kZeroAware = true>
class PatternDatabases {
  static_assert(kViews == 1 || kViews == 2 || kViews == 4);
  static_assert(B::kRows == B::kCols || kViews <= 2, "reflection needs a square board");
  static_assert(kZeroAware || kLeanViews<B, kViews>, "lean values only for the benchmark sets");

 public:
  using BoardType = B;
  static constexpr bool kAdmissible = true;
  static constexpr const char* kName = "pdb";
  static constexpr int kMaxPatterns = pdb::kMaxPatterns;
  static constexpr bool kBatchChildren =
      true;  // look-ups miss the caches (core/search/ida_star.hpp)
  // Per-parent node loops (core/search/bounded_dfs.hpp) for the look-ups the benchmark sets run:
  // one set reflected (7-8 on 4x4, 6-6-6-6 on 5x5) and, on 5x5, two sets reflected
  // (6-6-6-6+7-7-7-3), with minimised tables (the lean values). The sets with zero-aware tables
  // take one loop per blank cell, a quarter of the code to compile: their region look-ups cost
  // more per node than the move back the automaton refuses (heuristics-and-databases.md).
  static constexpr bool kPerParentLoops = !kZeroAware;
  using Rank = pdb::LookupRank;  // a larger table is refused

  struct Value {
    Tiles<B> board{};                           // tile on each cell
    std::int16_t manhattan = 0;                 // of all tiles
    std::array<std::int16_t, kViews> excess{};  // per view: the sum of `stored`
    // Per view and pattern of the view's set (in the set's order):
    std::array<std::array<Rank, kMaxPatterns>, kViews> rank{};
    std::array<std::array<std::uint8_t, kMaxPatterns>, kViews> stored{};  // (entry - MD) / 2
    // Dual lookups, per view: half the excess over the Manhattan distance (0 when they are off),
    // and each pattern's stored value on its dual placement (stale for a pattern whose tile's goal
    // cell holds the blank).
    std::array<std::int16_t, kViews> dual{};
    std::array<std::array<std::uint8_t, kMaxPatterns>, kViews> dual_stored{};
    // Per view and zero-aware pattern: the cells of its tiles (bits 0..24, in the view) and the
    // pattern's distance modulo 4 (bits 30-31). Empty without zero-aware tables.
    [[no_unique_address]] std::conditional_t<
        kZeroAware, std::array<std::array<std::uint32_t, pdb::kMaxZeroAwarePatterns>, kViews>,
        pdb::NoZones>
        zone{};
  };

  // `dual`: also look every view up on the dual placement. Throws what pdb::LookupSetup throws
  // for tables that do not fit the goal or the views.
  PatternDatabases(const Goal<B>& goal, const pdb::PdbSet& set, bool dual = false)
      : manhattan_(goal), setup_(goal, set, dual) {
    if (!kZeroAware && set.has_zero_aware_table()) {
      throw std::logic_error("pattern databases: zero-aware tables in the lookups without them");
    }
  }

  Value init(const State<B>& s) const {
    Value v;
    for (int c = 0; c < B::kCells; ++c) v.board[c] = static_cast<std::uint8_t>(s.tile_at(c));
    v.manhattan = static_cast<std::int16_t>(manhattan_.init(s));
    for (int w = 0; w < kViews; ++w) {
      const View& view = setup_.views[w];
      Tiles<B> cell_of{};  // in this view
      for (int c = 0; c < B::kCells; ++c) cell_of[view.tile[v.board[c]]] = view.cell[c];
      for (int p = 0; p < view.count; ++p) {
        const Pattern& pattern = setup_.patterns[view.first + p];
        std::uint32_t used = 0;
        Rank rank = 0;
        std::uint8_t cells[B::kCells];
        for (int i = 0; i < pattern.size; ++i) {
          const int c = cell_of[pattern.tiles[i]];
          cells[i] = static_cast<std::uint8_t>(c);
          const int digit = c - std::popcount(used & ((std::uint32_t{1} << c) - 1));
          used |= std::uint32_t{1} << c;
          rank += static_cast<Rank>(digit) * pattern.weight[i];
        }
        v.rank[w][p] = rank;
        bool zero_aware = false;
        if constexpr (kZeroAware) zero_aware = pattern.table.zero_aware;
        v.stored[w][p] = static_cast<std::uint8_t>(
            zero_aware ? init_zone(v, w, p, cells, used, s.blank) : pattern.stored(rank));
        v.excess[w] = static_cast<std::int16_t>(v.excess[w] + v.stored[w][p]);
        v.dual_stored[w][p] = static_cast<std::uint8_t>(
            view.dual.counts(p, s.blank) ? view.dual.stored_of(pattern, p, v.board, s.blank) : 0);
      }
      if (setup_.dual) v.dual[w] = view.dual.excess(v.dual_stored[w], v.board, s.blank);
    }
    return v;
  }

  // Tile `tile` slides from `from` to the blank on `to`.
  NPUZZLE_ALWAYS_INLINE Value update(const Value& v, int tile, int from, int to) const {
    Value n = v;
    n.board[to] = static_cast<std::uint8_t>(tile);
    n.board[from] = 0;
    n.manhattan = static_cast<std::int16_t>(manhattan_.update(v.manhattan, tile, from, to));
    update_views(n, tile, from, to, n.manhattan - v.manhattan,
                 std::make_integer_sequence<int, kViews>{});
    if (setup_.dual) update_duals_out_of_line(n, from, to);
    return n;
  }

  int estimate(const Value& v) const {
    if constexpr (kViews == 4) {
      return v.manhattan +
             2 * std::max(std::max(std::max(v.excess[0], v.excess[1]),
                                   std::max(v.excess[2], v.excess[3])),
                          std::max(std::max(v.dual[0], v.dual[1]), std::max(v.dual[2], v.dual[3])));
    } else if constexpr (kViews == 2) {
      return v.manhattan +
             2 * std::max(std::max(v.excess[0], v.excess[1]), std::max(v.dual[0], v.dual[1]));
    } else {
      return v.manhattan + 2 * std::max(v.excess[0], v.dual[0]);
    }
  }

  std::string describe() const { return setup_.describe(); }
  const pdb::PdbSet& set() const { return setup_.pdb_set; }
  // True when the views include the reflection about the diagonal.
  bool reflected() const { return setup_.views[kViews - 1].reflected; }
  // True when every view is also looked up on the dual placement.
  bool dual() const { return setup_.dual; }

 private:
  using Pattern = pdb::RankedPattern<B>;
  using View = typename pdb::LookupSetup<B, kViews>::View;

  // A zero-aware pattern p of view w whose tiles stand on view cells[0..size) (`used`: those cells'
  // bits), the blank on `blank`: sets its zone (cells and distance modulo 4) and returns its stored
  // value, after walking down its table to the goal.
  int init_zone(Value& v, int w, int p, const std::uint8_t* cells, std::uint32_t used,
                int blank) const {
    if constexpr (kZeroAware) {
      const View& view = setup_.views[w];
      const Pattern& pattern = setup_.patterns[view.first + p];
      const auto& goal_cells = setup_.goal_cells[static_cast<std::size_t>(view.first + p)];
      const int d = pdb::zero_aware_distance(kGeometry, pattern.table.data, pattern.size, cells,
                                             view.cell[blank], goal_cells.data(),
                                             view.cell[setup_.goal_blank]);
      int md = 0;
      for (int i = 0; i < pattern.size; ++i) {
        md += std::abs(B::row(cells[i]) - B::row(goal_cells[i])) +
              std::abs(B::col(cells[i]) - B::col(goal_cells[i]));
      }
      v.zone[w][p] = used | static_cast<std::uint32_t>(d & 3) << 30;
      return (d - md) / 2;
    } else {
      return 0;  // never called: the set has no zero-aware table
    }
  }

  // Kept out of the search's loop, where its code (the dual ranks of every view, inlined into
  // every instantiation of the node loop) would crowd the instruction cache when it is off.
  [[gnu::noinline]] void update_duals_out_of_line(Value& n, int from, int to) const {
    update_duals(n, from, to, std::make_integer_sequence<int, kViews>{});
  }

  template <int... W>
  NPUZZLE_ALWAYS_INLINE void update_duals(Value& n, int from, int to,
                                          std::integer_sequence<int, W...>) const {
    (update_dual<W>(n, from, to), ...);
  }

  template <int W>
  NPUZZLE_ALWAYS_INLINE void update_dual(Value& n, int from, int to) const {
    const View& view = setup_.views[W];
    view.dual.update(n.dual_stored[W], n.dual[W],
                     &setup_.patterns[static_cast<std::size_t>(view.first)], n.board, from, to);
  }

  // Re-ranks, in view W, the pattern of the tile that moved (n: the value after the move, still
  // with the pattern's old rank, stored value and excess).
  template <int... W>
  NPUZZLE_ALWAYS_INLINE void update_views(Value& n, int tile, int from, int to, int md_change,
                                          std::integer_sequence<int, W...>) const {
    (update_view<W>(n, tile, from, to, md_change), ...);
  }

  // Views known to be direct at compile time (their cell map is the identity): the first, and the
  // third of four (the second set's). Others read their cell map, the identity or the mirror.
  template <int W>
  static constexpr bool kDirect = W == 0 || (kViews == 4 && W == 2);

  template <int W>
  NPUZZLE_ALWAYS_INLINE void update_view(Value& n, int tile, int from, int to,
                                         int md_change) const {
    const View& view = setup_.views[W];
    const int p = view.pattern[tile];
    if (p < 0) return;
    const int a = kDirect<W> ? from : view.cell[from];
    const int b = kDirect<W> ? to : view.cell[to];
    const Rank rank = n.rank[W][p] + rank_change<W>(n.board, tile, p, a, b);
    // 4-bit tables first, with one test as before zero-aware tables came (those have 8 bits).
    const pdb::EntryTable& table = view.table[p];
    int stored;
    if constexpr (kZeroAware) {
      stored = table.four_bit      ? (table.data[rank >> 1] >> ((rank & 1) << 2)) & 15
               : !table.zero_aware ? table.data[rank]
                                   : pdb::zero_aware_step(kGeometry, n.zone[W][p], n.stored[W][p],
                                                          table.data[rank], a, b, md_change);
    } else {
      stored =
          table.four_bit ? (table.data[rank >> 1] >> ((rank & 1) << 2)) & 15 : table.data[rank];
    }
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
    const View& view = setup_.views[W];
    const Rank own = view.weight[tile];
    const Rank change = static_cast<Rank>(b - a) * own;
    const int low = std::min(a, b), high = std::max(a, b);
    if (high - low == 1) return change;
    const int index = view.index[tile];
    Rank passed = 0;  // later tiles' weights, less the own weight for each earlier tile
    for (int x = low + 1; x < high; ++x) {
      const int other = board[kDirect<W> ? x : view.cell[x]];
      if (view.pattern[other] != p) continue;
      passed += view.index[other] > index ? view.weight[other] : Rank{0} - own;
    }
    return b > a ? change + passed : change - passed;
  }

  static constexpr pdb::Geometry kGeometry{B::kRows, B::kCols};

  Manhattan<B> manhattan_;
  pdb::LookupSetup<B, kViews> setup_;  // the tables and the views' maps
};

template <class B>
using PdbHeuristic = PatternDatabases<B, 1>;

// True for the pattern-database heuristics (any number of views).
template <class H>
inline constexpr bool kIsPatternDatabases = false;
template <class B, int kViews, bool kZeroAware>
inline constexpr bool kIsPatternDatabases<PatternDatabases<B, kViews, kZeroAware>> = true;

// Calls f(h) with the heuristic for `set`: each of its partitions' sums, and also their reflected
// lookups when `reflect` is asked and the goal is symmetric about the main diagonal; h is the
// largest. Returns what f returns (every call must return the same type). Throws
// pdb::PdbError(Usage) for more than pdb::kMaxSets partitions.
template <class B, class F>
decltype(auto) with_pdb_heuristic(const Goal<B>& goal, const pdb::PdbSet& set, bool reflect,
                                  bool dual, F&& f) {
  const std::size_t sets = set.partition.set_count();
  if (sets < 1 || sets > static_cast<std::size_t>(pdb::kMaxSets)) {
    throw pdb::PdbError(pdb::ErrorKind::Usage, "a database set of " + std::to_string(sets) +
                                                   " partitions (at most " +
                                                   std::to_string(pdb::kMaxSets) + ")");
  }
  const bool mirrored = reflect && reflection_applies(goal);
  const bool lean = !set.has_zero_aware_table();
  const auto with = [&]<int kViews>() -> decltype(auto) {
    if constexpr (kLeanViews<B, kViews>) {
      if (lean) return f(PatternDatabases<B, kViews, false>(goal, set, dual));
    }
    return f(PatternDatabases<B, kViews>(goal, set, dual));
  };
  if constexpr (B::kRows == B::kCols) {
    if (mirrored && sets == 2) return with.template operator()<4>();
  }
  if (mirrored || sets == 2) return with.template operator()<2>();
  return with.template operator()<1>();
}

}  // namespace npuzzle
