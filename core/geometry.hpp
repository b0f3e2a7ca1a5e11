// core/geometry.hpp — the moves of a board shape: from each cell, the cells the blank may go to.
//
// Every search generates its successors from a Geometry (`moves(blank)`, in U D L R order), so no
// search tests walls itself. On an ordinary board (`Board<R, C>`) the geometry is the board's
// compile-time move table (core/board.hpp) and costs nothing to carry. On a frame (core/frame.hpp)
// it is data: the frame's moves that stay inside the held board of rows x cols in its top-left
// corner, built once per search from the shape. Invariant: every target of `moves(c)` is a cell
// of the held board, and c's moves are the held board's own moves at that cell, in the same order.
#pragma once

#include <array>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "core/board.hpp"

namespace npuzzle {

template <class B, bool kHeld = B::kFrame>
class Geometry {
 public:
  using MoveList = typename B::MoveList;
  static constexpr const MoveList& moves(int cell) {
    return B::kMoveTable[static_cast<std::size_t>(cell)];
  }
  static constexpr bool opens(int) { return true; }
  // The cells the blank may stand on, bit c for cell c.
  static constexpr std::uint32_t open_cells() {
    return B::kCells >= 32 ? ~0u : (1u << B::kCells) - 1;
  }
  static constexpr int rows() { return B::kRows; }
  static constexpr int cols() { return B::kCols; }
  static constexpr int cells() { return B::kCells; }
};

template <class F>
class Geometry<F, true> {
 public:
  using MoveList = typename F::MoveList;

  // The whole frame (a board of F::kRows x F::kCols held by itself).
  Geometry() : Geometry(F::kRows, F::kCols) {}
  // The held board of rows x cols in the frame's top-left corner.
  Geometry(int rows, int cols) : rows_(rows), cols_(cols) {
    if (rows < kMinSupportedSide || cols < kMinSupportedSide || rows > F::kRows ||
        cols > F::kCols) {
      throw std::invalid_argument("Geometry: the board does not fit the frame");
    }
    for (int cell = 0; cell < F::kCells; ++cell) {
      if (F::row(cell) < rows && F::col(cell) < cols) open_ |= 1u << cell;
    }
    for (int cell = 0; cell < F::kCells; ++cell) {
      const MoveList& all = F::kMoveTable[static_cast<std::size_t>(cell)];
      MoveList& own = table_[static_cast<std::size_t>(cell)];
      for (int i = 0; i < all.count; ++i) {
        if (!opens(all.targets[i])) continue;
        own.moves[own.count] = all.moves[i];
        own.targets[own.count] = all.targets[i];
        ++own.count;
      }
    }
  }

  NPUZZLE_ALWAYS_INLINE const MoveList& moves(int cell) const {
    return table_[static_cast<std::size_t>(cell)];
  }
  // True when `cell` is a cell of the held board (the blank may stand there).
  NPUZZLE_ALWAYS_INLINE bool opens(int cell) const { return ((open_ >> cell) & 1u) != 0; }
  std::uint32_t open_cells() const { return open_; }
  int rows() const { return rows_; }
  int cols() const { return cols_; }
  int cells() const { return rows_ * cols_; }

 private:
  std::array<MoveList, F::kCells> table_{};
  std::uint32_t open_ = 0;  // bit c: cell c is on the held board
  int rows_ = 0;
  int cols_ = 0;
};

// The cell the blank reaches from `cell` going `m` on this geometry, or -1 when it cannot.
template <class B>
int target_of(const Geometry<B>& geometry, int cell, Move m) {
  const typename B::MoveList& list = geometry.moves(cell);
  for (int i = 0; i < list.count; ++i) {
    if (list.moves[i] == m) return list.targets[i];
  }
  return -1;
}

// Applies `m` to `s` when the geometry allows it; returns false (s unchanged) otherwise.
template <class B>
bool apply_move(const Geometry<B>& geometry, State<B>& s, Move m) {
  const int target = target_of(geometry, s.blank, m);
  if (target < 0) return false;
  s.move_blank_to(target);
  return true;
}

// Replays `path` from `start`; true when every move is legal on the geometry and it ends on `goal`.
template <class B>
bool replay_reaches(const Geometry<B>& geometry, State<B> start, const std::vector<Move>& path,
                    const State<B>& goal) {
  for (Move m : path) {
    if (!apply_move(geometry, start, m)) return false;
  }
  return start == goal;
}

}  // namespace npuzzle
