// heuristics/walking_distance.hpp — Takahashi's walking distance, and its max with linear conflict.
//
// The vertical component forgets columns: it only tracks, for every row r and goal row g, how many
// tiles whose goal is in row g sit in row r (an R x R matrix; the blank's row is the one holding
// one tile fewer). A vertical move takes one tile from the blank's neighbouring row into the
// blank's row. The fewest such moves to the goal matrix (breadth-first search over all matrices, at
// construction) is a lower bound on the vertical moves; the horizontal component does the same with
// columns. Their sum is admissible and consistent (each move changes one component by at most one).
//
// Boards with at most 4 rows and 4 columns (a matrix entry fits 4 bits, a matrix 64). 4x4 has
// 24,964 matrices per component. Value: the two matrix indices and the summed distance; update() is
// one transition-table read.
#pragma once

#include <absl/container/flat_hash_map.h>

#include <cstdint>
#include <vector>

#include "core/goal.hpp"
#include "core/heuristic.hpp"
#include "heuristics/combine.hpp"
#include "heuristics/linear_conflict.hpp"

namespace npuzzle {
namespace wd {

// The walking-distance table of one direction: `lines` lines of `width` cells.
struct LineTable {
  static constexpr std::uint32_t kNone = 0xffffffffu;
  int lines = 0;
  std::vector<std::uint8_t> distance;  // per matrix
  std::vector<std::uint32_t> next;     // [matrix][blank goes to line-1 (0) / line+1 (1)][goal line]
  absl::flat_hash_map<std::uint64_t, std::uint32_t> index;  // matrix code -> matrix
  // The code of a matrix: entry [line][goal] in bits 4 * (line * lines + goal).
  static std::uint64_t code_bit(int lines, int line, int goal) {
    return std::uint64_t{1} << (4 * (line * lines + goal));
  }
};

// `goal_line_tiles[g]`: how many tiles have their goal on line g (the blank not counted).
LineTable build_line_table(int lines, int width, const std::vector<int>& goal_line_tiles);

}  // namespace wd

// A walking distance's value (WalkingDistance, and HeldWalkingDistance on a frame).
struct WalkingDistanceValue {
  std::uint32_t vertical = 0;    // matrix index, rows
  std::uint32_t horizontal = 0;  // matrix index, columns
  int distance = 0;              // sum of the two components
};

template <class B>
class WalkingDistance {
 public:
  static_assert(B::kRows <= 4 && B::kCols <= 4, "walking distance: boards of at most 4x4");
  using BoardType = B;
  static constexpr bool kAdmissible = true;
  static constexpr const char* kName = "wd";
  using Value = WalkingDistanceValue;

  explicit WalkingDistance(const Goal<B>& goal) {
    std::vector<int> per_row(B::kRows, 0), per_col(B::kCols, 0);
    for (int t = 1; t < B::kCells; ++t) {
      goal_row_[t] = static_cast<std::uint8_t>(B::row(goal.cell_of[t]));
      goal_col_[t] = static_cast<std::uint8_t>(B::col(goal.cell_of[t]));
      ++per_row[goal_row_[t]];
      ++per_col[goal_col_[t]];
    }
    rows_ = wd::build_line_table(B::kRows, B::kCols, per_row);
    cols_ = wd::build_line_table(B::kCols, B::kRows, per_col);
  }

  Value init(const State<B>& s) const {
    std::uint64_t vcode = 0, hcode = 0;
    for (int c = 0; c < B::kCells; ++c) {
      const int t = s.tile_at(c);
      if (t == 0) continue;
      vcode += wd::LineTable::code_bit(B::kRows, B::row(c), goal_row_[t]);
      hcode += wd::LineTable::code_bit(B::kCols, B::col(c), goal_col_[t]);
    }
    Value v;
    v.vertical = rows_.index.at(vcode);
    v.horizontal = cols_.index.at(hcode);
    v.distance = rows_.distance[v.vertical] + cols_.distance[v.horizontal];
    return v;
  }

  Value update(const Value& v, int tile, int from, int to) const {
    Value n = v;
    if (B::row(from) != B::row(to)) {  // vertical: the blank goes from row(to) to row(from)
      const int dir = B::row(from) < B::row(to) ? 0 : 1;
      n.vertical =
          rows_.next[(static_cast<std::size_t>(v.vertical) * 2 + dir) * B::kRows + goal_row_[tile]];
      n.distance += rows_.distance[n.vertical] - rows_.distance[v.vertical];
    } else {
      const int dir = B::col(from) < B::col(to) ? 0 : 1;
      n.horizontal = cols_.next[(static_cast<std::size_t>(v.horizontal) * 2 + dir) * B::kCols +
                                goal_col_[tile]];
      n.distance += cols_.distance[n.horizontal] - cols_.distance[v.horizontal];
    }
    return n;
  }

  int estimate(const Value& v) const { return v.distance; }
  std::size_t matrices() const { return rows_.distance.size() + cols_.distance.size(); }

 private:
  wd::LineTable rows_;
  wd::LineTable cols_;
  Tiles<B> goal_row_{};
  Tiles<B> goal_col_{};
};

// The database-free combination: max(walking distance, Manhattan + linear conflict).
template <class B>
using WalkingDistanceLc = MaxOf<WalkingDistance<B>, LinearConflict<B>>;

template <class B>
WalkingDistanceLc<B> make_wd_lc(const Goal<B>& goal) {
  return {WalkingDistance<B>(goal), LinearConflict<B>(goal)};
}

}  // namespace npuzzle
