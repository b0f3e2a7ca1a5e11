// heuristics/held_walking_distance.hpp — the walking distance of a board held by a frame
// (core/frame.hpp), looked up on the frame's own states.
//
// Takahashi's walking distance (heuristics/walking_distance.hpp) depends on the board's shape, so
// WalkingDistance<B> is a type per size, and on a frame it is reached through FramedHeuristic and
// the erased heuristic (an indirect call per child). HeldWalkingDistance<F> is one type per frame:
// the held board's rows and columns come from the goal's geometry at run time, its line tables are
// the held board's own (wd::build_line_table for rows x cols), and its transitions are laid out
// with the frame's four lanes a matrix so that update() reads them as WalkingDistance does. A frame
// cell's row and column are the held board's (the board sits in the frame's top-left corner) and
// the walls' tiles never move and are not counted, so every value and estimate is the held board's
// own WalkingDistance: a search counts the same nodes, and inlines the look-up into its node loop.
//
// Invariant: states are the frame's states of the held board of the goal (core/frame.hpp), wall
// tiles on their goal cells; the frame is at most 4x4 (a matrix entry fits 4 bits).
#pragma once

#include <absl/container/flat_hash_map.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/goal.hpp"
#include "core/heuristic.hpp"
#include "heuristics/linear_conflict.hpp"
#include "heuristics/walking_distance.hpp"

namespace npuzzle {

template <class F>
class HeldWalkingDistance {
  static_assert(F::kFrame && F::kRows <= 4 && F::kCols <= 4, "a frame of at most 4x4");

 public:
  using BoardType = F;
  static constexpr bool kAdmissible = true;
  static constexpr const char* kName = "wd";
  using Value = WalkingDistanceValue;

  explicit HeldWalkingDistance(const Goal<F>& goal) : held_cells_(goal.geometry.cells()) {
    std::vector<int> per_row(static_cast<std::size_t>(goal.geometry.rows()), 0);
    std::vector<int> per_col(static_cast<std::size_t>(goal.geometry.cols()), 0);
    for (int t = 1; t < held_cells_; ++t) {
      const auto tile = static_cast<std::size_t>(t);
      goal_row_[tile] = static_cast<std::uint8_t>(F::row(goal.cell_of[tile]));
      goal_col_[tile] = static_cast<std::uint8_t>(F::col(goal.cell_of[tile]));
      ++per_row[goal_row_[tile]];
      ++per_col[goal_col_[tile]];
    }
    rows_ = Direction(wd::build_line_table(goal.geometry.rows(), goal.geometry.cols(), per_row));
    cols_ = Direction(wd::build_line_table(goal.geometry.cols(), goal.geometry.rows(), per_col));
  }

  Value init(const State<F>& s) const {
    std::uint64_t vertical = 0, horizontal = 0;
    for (int c = 0; c < F::kCells; ++c) {
      const int t = s.tile_at(c);
      if (t == 0 || t >= held_cells_) continue;  // the blank, or a wall
      vertical += wd::LineTable::code_bit(rows_.lines, F::row(c), goal_row_[t]);
      horizontal += wd::LineTable::code_bit(cols_.lines, F::col(c), goal_col_[t]);
    }
    const std::uint32_t row_matrix = rows_.index.at(vertical);
    const std::uint32_t col_matrix = cols_.index.at(horizontal);
    return {row_matrix, col_matrix, rows_.distance[row_matrix] + cols_.distance[col_matrix]};
  }

  // `tile` slides from `from` to the blank on `to`: the blank crosses a line of one direction.
  NPUZZLE_ALWAYS_INLINE Value update(const Value& v, int tile, int from, int to) const {
    Value n = v;
    const auto t = static_cast<std::size_t>(tile);
    if (F::row(from) != F::row(to)) {
      n.distance += rows_.step(n.vertical, F::row(from) < F::row(to) ? 0 : 1, goal_row_[t]);
    } else {
      n.distance += cols_.step(n.horizontal, F::col(from) < F::col(to) ? 0 : 1, goal_col_[t]);
    }
    return n;
  }

  NPUZZLE_ALWAYS_INLINE int estimate(const Value& v) const { return v.distance; }

 private:
  // Lanes of goal lines per matrix and direction in `next`: the frame's side, whatever the held
  // board's.
  static constexpr int kLanes = 4;

  // One direction's line table (wd::LineTable), its transitions [matrix][blank to line-1 (0) /
  // line+1 (1)][goal line] laid out again with kLanes goal lines a step.
  struct Direction {
    Direction() = default;
    explicit Direction(wd::LineTable table)
        : lines(table.lines), distance(std::move(table.distance)), index(std::move(table.index)) {
      const auto width = static_cast<std::size_t>(lines);
      next.assign(distance.size() * 2 * kLanes, wd::LineTable::kNone);
      for (std::size_t step = 0; step < distance.size() * 2; ++step) {
        for (std::size_t goal = 0; goal < width; ++goal) {
          next[step * kLanes + goal] = table.next[step * width + goal];
        }
      }
    }
    // Moves `matrix` one step the blank's way `dir` with a tile of goal line `goal`; returns the
    // change of the distance.
    NPUZZLE_ALWAYS_INLINE int step(std::uint32_t& matrix, int dir, int goal) const {
      const std::uint32_t moved =
          next[(static_cast<std::size_t>(matrix) * 2 + static_cast<std::size_t>(dir)) * kLanes +
               static_cast<std::size_t>(goal)];
      const int change = distance[moved] - distance[matrix];
      matrix = moved;
      return change;
    }

    int lines = 0;
    std::vector<std::uint8_t> distance;                       // per matrix
    absl::flat_hash_map<std::uint64_t, std::uint32_t> index;  // matrix code -> matrix
    std::vector<std::uint32_t> next;
  };

  int held_cells_;
  Direction rows_;
  Direction cols_;
  Tiles<F> goal_row_{};
  Tiles<F> goal_col_{};
};

// The larger of the held board's walking distance and the frame's linear conflicts (the walls add
// none): the values of make_wd_lc on the held board. Its own type rather than MaxOf
// (heuristics/combine.hpp) so that its update is always inlined into the node loop, as a size's
// own loop inlined MaxOf's.
template <class F>
class HeldWalkingDistanceLc {
 public:
  using BoardType = F;
  static constexpr bool kAdmissible = true;
  static constexpr const char* kName = "max";
  struct Value {
    typename HeldWalkingDistance<F>::Value walking;
    typename LinearConflict<F>::Value conflicts;
  };

  explicit HeldWalkingDistanceLc(const Goal<F>& goal) : walking_(goal), conflicts_(goal) {}
  const HeldWalkingDistance<F>& walking_distance() const { return walking_; }

  Value init(const State<F>& s) const { return {walking_.init(s), conflicts_.init(s)}; }
  NPUZZLE_ALWAYS_INLINE Value update(const Value& v, int tile, int from, int to) const {
    return {walking_.update(v.walking, tile, from, to),
            conflicts_.update(v.conflicts, tile, from, to)};
  }
  NPUZZLE_ALWAYS_INLINE int estimate(const Value& v) const {
    return std::max(walking_.estimate(v.walking), conflicts_.estimate(v.conflicts));
  }
  std::string describe() const { return "max(wd, lc)"; }

 private:
  HeldWalkingDistance<F> walking_;
  LinearConflict<F> conflicts_;
};

}  // namespace npuzzle
