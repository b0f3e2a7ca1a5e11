// core/goal.hpp — goals and solvability.
//
// A goal is any arrangement of the tiles. The two standard ones: blank-first (`0 1 2 … N-1`, Korf's
// convention and the default) and blank-last (`1 2 … N-1 0`). Solvability is always decided
// relative to the chosen goal: a board can reach a goal iff the parity of the permutation taking
// the goal to the board equals the parity of the blank's Manhattan distance between the two. This
// single rule covers odd and even widths (on 4x4 the two standard goals are in opposite classes).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/board.hpp"
#include "core/geometry.hpp"

namespace npuzzle {

// A goal before the board size is known (from the command line).
struct GoalSpec {
  enum class Kind { BlankFirst, BlankLast, Explicit };
  Kind kind = Kind::BlankFirst;
  std::vector<int> tiles;  // Explicit only: the tile on each cell

  static GoalSpec blank_first() { return {}; }
  static GoalSpec blank_last() { return {Kind::BlankLast, {}}; }
  // The tile arrangement for a board of `cells` cells. Explicit tiles must already be validated.
  std::vector<int> tiles_for(int cells) const;
  std::string describe() const;  // "blank-first", "blank-last" or the tile list
  // The goal with these tiles: blank-first or blank-last when they are one of those, else
  // explicit.
  static GoalSpec of_tiles(const std::vector<int>& tiles);
  friend bool operator==(const GoalSpec&, const GoalSpec&) = default;
};

// True when `tiles` (a permutation of 0 .. rows*cols-1, row-major) can reach `goal` by slides.
bool solvable(int rows, int cols, std::span<const int> tiles, std::span<const int> goal);

// A goal fixed for one board: its state, the cell of every tile in it, and the board's geometry
// (the moves every search generates; on a frame, those of the board it holds: core/frame.hpp).
template <class B>
struct Goal {
  State<B> state;
  Tiles<B> cell_of;  // cell_of[tile] = the goal cell of that tile
  [[no_unique_address]] Geometry<B> geometry;

  static Goal from_spec(const GoalSpec& spec) {
    const std::vector<int> t = spec.tiles_for(B::kCells);
    Tiles<B> tiles{};
    for (int c = 0; c < B::kCells; ++c) tiles[c] = static_cast<std::uint8_t>(t[c]);
    Goal g;
    g.state = State<B>::from_tiles(tiles);
    g.cell_of = g.state.positions();
    return g;
  }
  bool reachable_from(const State<B>& s) const {
    const Tiles<B> a = s.tiles(), b = state.tiles();
    const std::vector<int> va(a.begin(), a.end()), vb(b.begin(), b.end());
    return solvable(B::kRows, B::kCols, va, vb);
  }
};

}  // namespace npuzzle
