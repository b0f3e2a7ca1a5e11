// heuristics/linear_conflict.hpp — Manhattan distance plus linear conflicts (Hansson, Mayer & Yung).
//
// Two tiles are in linear conflict when both sit in the line (row or column) of their goal cells and
// in the wrong order: one of them must leave the line and come back, two moves Manhattan does not
// count. Per line we add 2 x (tiles to remove so the rest are in order) = 2 x (k - longest increasing
// run), which stays admissible when three or more tiles conflict with each other (counting 2 per
// conflicting PAIR would not be). Admissible and consistent.
//
// Incremental: each row and column keeps a code, sum over its cells of digit * (L+1)^position, where
// the digit is 1 + the tile's goal position along that line when the tile belongs to the line, else
// 0. A move changes the code of two lines only (a horizontal move: two columns; a vertical move: two
// rows), and the conflict cost of a line is one look-up in a table indexed by its code.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "heuristics/manhattan.hpp"

namespace npuzzle {

template <class B>
class LinearConflict {
 public:
  using BoardType = B;
  static constexpr bool kAdmissible = true;
  static constexpr const char* kName = "lc";
  struct Value {
    std::int16_t manhattan = 0;
    std::int16_t conflicts = 0;  // 2 x tiles to remove, summed over all lines
    std::array<std::uint16_t, B::kRows> row_code{};
    std::array<std::uint16_t, B::kCols> col_code{};
  };

  explicit LinearConflict(const Goal<B>& goal) : manhattan_(goal) {
    row_table_ = conflict_table(B::kCols);
    col_table_ = conflict_table(B::kRows);
    for (int t = 1; t < B::kCells; ++t) {
      const int g = goal.cell_of[t];
      for (int c = 0; c < B::kCells; ++c) {
        // Tile t on cell c contributes to the code of row(c) if its goal is in that row, and to
        // the code of col(c) if its goal is in that column.
        if (B::row(g) == B::row(c)) {
          row_contrib_[t][c] = static_cast<std::uint16_t>((B::col(g) + 1) * power(B::kCols + 1, B::col(c)));
        }
        if (B::col(g) == B::col(c)) {
          col_contrib_[t][c] = static_cast<std::uint16_t>((B::row(g) + 1) * power(B::kRows + 1, B::row(c)));
        }
      }
    }
  }

  Value init(const State<B>& s) const {
    Value v;
    v.manhattan = static_cast<std::int16_t>(manhattan_.init(s));
    for (int c = 0; c < B::kCells; ++c) {
      const int t = s.tile_at(c);
      v.row_code[B::row(c)] += row_contrib_[t][c];
      v.col_code[B::col(c)] += col_contrib_[t][c];
    }
    int conflicts = 0;
    for (int r = 0; r < B::kRows; ++r) conflicts += row_table_[v.row_code[r]];
    for (int c = 0; c < B::kCols; ++c) conflicts += col_table_[v.col_code[c]];
    v.conflicts = static_cast<std::int16_t>(conflicts);
    return v;
  }

  Value update(const Value& v, int tile, int from, int to) const {
    Value n = v;
    n.manhattan = static_cast<std::int16_t>(manhattan_.update(v.manhattan, tile, from, to));
    if (B::row(from) == B::row(to)) {  // the tile changes column
      const int a = B::col(from), b = B::col(to);
      const int before = col_table_[n.col_code[a]] + col_table_[n.col_code[b]];
      n.col_code[a] = static_cast<std::uint16_t>(n.col_code[a] - col_contrib_[tile][from]);
      n.col_code[b] = static_cast<std::uint16_t>(n.col_code[b] + col_contrib_[tile][to]);
      n.conflicts = static_cast<std::int16_t>(n.conflicts + col_table_[n.col_code[a]] +
                                              col_table_[n.col_code[b]] - before);
    } else {  // the tile changes row
      const int a = B::row(from), b = B::row(to);
      const int before = row_table_[n.row_code[a]] + row_table_[n.row_code[b]];
      n.row_code[a] = static_cast<std::uint16_t>(n.row_code[a] - row_contrib_[tile][from]);
      n.row_code[b] = static_cast<std::uint16_t>(n.row_code[b] + row_contrib_[tile][to]);
      n.conflicts = static_cast<std::int16_t>(n.conflicts + row_table_[n.row_code[a]] +
                                              row_table_[n.row_code[b]] - before);
    }
    return n;
  }
  int estimate(const Value& v) const { return v.manhattan + v.conflicts; }

 private:
  static constexpr int power(int base, int exp) {
    int p = 1;
    while (exp-- > 0) p *= base;
    return p;
  }
  // For a line of `length` cells: the conflict cost of every code.
  static std::vector<std::uint8_t> conflict_table(int length) {
    const int base = length + 1;
    const int codes = power(base, length);
    std::vector<std::uint8_t> table(static_cast<std::size_t>(codes));
    for (int code = 0; code < codes; ++code) {
      int sequence[8];
      int k = 0;
      for (int pos = 0, rest = code; pos < length; ++pos, rest /= base) {
        if (rest % base) sequence[k++] = rest % base;
      }
      // Longest strictly increasing subsequence (k <= 5: quadratic is fine).
      int best = 0;
      int lis[8];
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

  Manhattan<B> manhattan_;
  std::vector<std::uint8_t> row_table_;  // indexed by a row code
  std::vector<std::uint8_t> col_table_;  // indexed by a column code
  std::array<std::array<std::uint16_t, B::kCells>, B::kCells> row_contrib_{};
  std::array<std::array<std::uint16_t, B::kCells>, B::kCells> col_contrib_{};
};

}  // namespace npuzzle
