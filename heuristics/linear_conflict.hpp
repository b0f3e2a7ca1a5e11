// heuristics/linear_conflict.hpp — Manhattan distance plus linear conflicts (Hansson, Mayer &
// Yung).
//
// Two tiles are in linear conflict when both sit in the line (row or column) of their goal cells
// and in the wrong order: one of them must leave the line and come back, two moves Manhattan does
// not count. Per line we add 2 x (tiles to remove so the rest are in order) = 2 x (k - longest
// increasing run), which stays admissible when three or more tiles conflict with each other
// (counting 2 per conflicting PAIR would not be). Admissible and consistent.
//
// Incremental: each row and column has a code, the sum over its cells of digit * (L+1)^position,
// where the digit is 1 + the tile's goal position along the line when the tile belongs to that
// line, else 0. The conflict cost of a line is one look-up by its code. All row codes are packed in
// one word (a lane each) with the heuristic value h in the low 16 bits; all column codes in
// another. A move adds one precomputed delta to each word (the moved tile's digit leaves one
// crossing line and enters the next, shifts one position along its own line, and its Manhattan term
// changes), then adjusts h by two look-ups: the tile leaving one crossing line and entering the
// other.
//
// PERFORMANCE: Value is 16 bytes on 4x4 (two registers). update() is three adds and four loads.
#pragma once

#include <array>
#include <cstdint>
#include <type_traits>

#include "heuristics/manhattan.hpp"

namespace npuzzle {

template <class B>
class LinearConflict {
  static constexpr int power(int base, int exp) {
    int p = 1;
    while (exp-- > 0) p *= base;
    return p;
  }
  static constexpr int bits_for(int values) {
    int bits = 0;
    while ((1 << bits) < values) ++bits;
    return bits;
  }
  static constexpr int kHBits = 16;                                         // low lane of RowWord
  static constexpr int kRowLane = bits_for(power(B::kCols + 1, B::kCols));  // bits of a row code
  static constexpr int kColLane = bits_for(power(B::kRows + 1, B::kRows));  // bits of a column code
  using RowWord = std::conditional_t<(kHBits + B::kRows * kRowLane <= 64), std::uint64_t, uint128>;
  using ColWord = std::conditional_t<(B::kCols * kColLane <= 64), std::uint64_t, uint128>;

 public:
  using BoardType = B;
  static constexpr bool kAdmissible = true;
  static constexpr const char* kName = "lc";
  struct Value {
    RowWord rows = 0;  // h in bits [0, 16); row r's code in lane r above it
    ColWord cols = 0;  // column c's code in lane c
  };

  explicit LinearConflict(const Goal<B>& goal) : manhattan_(goal) {
    for (int t = 1; t < B::kCells; ++t) {
      const int g = goal.cell_of[t];
      for (int c = 0; c < B::kCells; ++c) {
        if (B::row(g) == B::row(c)) {
          row_digit_[t][c] = (B::col(g) + 1) * power(B::kCols + 1, B::col(c));
        }
        if (B::col(g) == B::col(c)) {
          col_digit_[t][c] = (B::row(g) + 1) * power(B::kRows + 1, B::row(c));
        }
      }
    }
    for (int t = 1; t < B::kCells; ++t) {
      for (int from = 0; from < B::kCells; ++from) {
        for (Move m : kAllMoves) {
          const int to = B::neighbour(from, inverse(m));  // the tile goes opposite to the blank
          if (to < 0) continue;
          const auto d = static_cast<std::size_t>(direction(from, to));
          row_delta_[t][from][d] =
              row_lane(B::row(to), row_digit_[t][to]) -
              row_lane(B::row(from), row_digit_[t][from]) +
              static_cast<RowWord>(manhattan_.distance(t, to) - manhattan_.distance(t, from));
          col_delta_[t][from][d] =
              col_lane(B::col(to), col_digit_[t][to]) - col_lane(B::col(from), col_digit_[t][from]);
        }
      }
    }
  }

  Value init(const State<B>& s) const {
    Value v;
    for (int c = 0; c < B::kCells; ++c) {
      const int t = s.tile_at(c);
      v.rows += row_lane(B::row(c), row_digit_[t][c]);
      v.cols += col_lane(B::col(c), col_digit_[t][c]);
    }
    int h = manhattan_.init(s);
    for (int r = 0; r < B::kRows; ++r) h += row_table_[row_code(v, r)];
    for (int c = 0; c < B::kCols; ++c) h += col_table_[col_code(v, c)];
    v.rows += static_cast<RowWord>(h);
    return v;
  }

  NPUZZLE_ALWAYS_INLINE Value update(const Value& v, int tile, int from, int to) const {
    const auto d = static_cast<std::size_t>(direction(from, to));
    Value n{v.rows + row_delta_[tile][from][d], v.cols + col_delta_[tile][from][d]};
    // The moved tile leaves crossing line a for crossing line b, at the same position p along
    // both: conflicts change by what removing it from a's old code and adding it to b's gives.
    if (B::row(from) == B::row(to)) {
      const int p = B::row(from);
      n.rows += static_cast<RowWord>(col_remove_[p][col_code(v, B::col(from))] -
                                     col_remove_[p][col_code(n, B::col(to))]);
    } else {
      const int p = B::col(from);
      n.rows += static_cast<RowWord>(row_remove_[p][row_code(v, B::row(from))] -
                                     row_remove_[p][row_code(n, B::row(to))]);
    }
    return n;
  }
  NPUZZLE_ALWAYS_INLINE int estimate(const Value& v) const {
    return static_cast<int>(v.rows & 0xFFFF);
  }

 private:
  // 0..3 for a tile going up, down, left, right (from -> to are neighbours).
  static constexpr int direction(int from, int to) {
    return to == from - B::kCols ? 0 : to == from + B::kCols ? 1 : to == from - 1 ? 2 : 3;
  }
  static constexpr RowWord row_lane(int r, int digit) {
    return static_cast<RowWord>(digit) << (kHBits + r * kRowLane);
  }
  static constexpr ColWord col_lane(int c, int digit) {
    return static_cast<ColWord>(digit) << (c * kColLane);
  }
  NPUZZLE_ALWAYS_INLINE static int row_code(const Value& v, int r) {
    return static_cast<int>((v.rows >> (kHBits + r * kRowLane)) & ((RowWord{1} << kRowLane) - 1));
  }
  NPUZZLE_ALWAYS_INLINE static int col_code(const Value& v, int c) {
    return static_cast<int>((v.cols >> (c * kColLane)) & ((ColWord{1} << kColLane) - 1));
  }
  // The tables of a line of `Length` cells are computed at run time, once per process (about 1 ms
  // for 5 cells; each heuristic object copies them, a few microseconds), not as compile-time
  // constants: those cost every translation unit that instantiated the class about 2 s of
  // compiling on the boards with 5-cell lines.
  template <int Length>
  using ConflictTable = std::array<std::uint8_t, power(Length + 1, Length)>;
  template <int Length>
  using RemovalTable = std::array<std::array<std::int8_t, power(Length + 1, Length)>, Length>;

  // For a line of `Length` cells: the conflict cost of every code.
  template <int Length>
  static const ConflictTable<Length>& conflict_table() {
    static const ConflictTable<Length> kTable = compute_conflict_table<Length>();
    return kTable;
  }
  template <int Length>
  static ConflictTable<Length> compute_conflict_table() {
    constexpr int base = Length + 1;
    ConflictTable<Length> table{};
    for (int code = 0; code < static_cast<int>(table.size()); ++code) {
      int sequence[8] = {};
      int k = 0;
      for (int pos = 0, rest = code; pos < Length; ++pos, rest /= base) {
        if (rest % base) sequence[k++] = rest % base;
      }
      // Longest strictly increasing subsequence (k <= 5: quadratic is fine).
      int best = 0;
      int lis[8] = {};
      for (int i = 0; i < k; ++i) {
        lis[i] = 1;
        for (int j = 0; j < i; ++j) {
          if (sequence[j] < sequence[i] && lis[j] + 1 > lis[i]) lis[i] = lis[j] + 1;
        }
        if (lis[i] > best) best = lis[i];
      }
      table[static_cast<std::size_t>(code)] = static_cast<std::uint8_t>(2 * (k - best));
    }
    return table;
  }
  // [p][code]: how the conflicts of a line change when the digit at position p leaves it.
  template <int Length>
  static const RemovalTable<Length>& removal_table() {
    static const RemovalTable<Length> kTable = compute_removal_table<Length>();
    return kTable;
  }
  template <int Length>
  static RemovalTable<Length> compute_removal_table() {
    const ConflictTable<Length>& conflicts = conflict_table<Length>();
    RemovalTable<Length> table{};
    for (int p = 0; p < Length; ++p) {
      const int weight = power(Length + 1, p);
      for (int code = 0; code < static_cast<int>(conflicts.size()); ++code) {
        const int without = code - (code / weight) % (Length + 1) * weight;
        table[p][code] = static_cast<std::int8_t>(conflicts[without] - conflicts[code]);
      }
    }
    return table;
  }
  ConflictTable<B::kCols> row_table_ = conflict_table<B::kCols>();  // indexed by a row code
  ConflictTable<B::kRows> col_table_ = conflict_table<B::kRows>();  // indexed by a column code
  RemovalTable<B::kCols> row_remove_ = removal_table<B::kCols>();
  RemovalTable<B::kRows> col_remove_ = removal_table<B::kRows>();

  Manhattan<B> manhattan_;
  std::array<std::array<int, B::kCells>, B::kCells> row_digit_{};  // [tile][cell] weighted digit
  std::array<std::array<int, B::kCells>, B::kCells> col_digit_{};
  // [tile][from][direction]: what a move adds to the packed words (h's Manhattan part included).
  std::array<std::array<std::array<RowWord, 4>, B::kCells>, B::kCells> row_delta_{};
  std::array<std::array<std::array<ColWord, 4>, B::kCells>, B::kCells> col_delta_{};
};

}  // namespace npuzzle
