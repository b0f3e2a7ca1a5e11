// heuristics/misplaced.hpp — the misplaced-tiles heuristic: how many tiles (not the blank) are off
// their goal cell. Admissible (each misplaced tile needs at least one move), weak; for teaching.
// Value: the count. Invariant: update() keeps it equal to init() of the moved-to state.
#pragma once

#include "core/goal.hpp"
#include "core/heuristic.hpp"

namespace npuzzle {

template <class B>
class MisplacedTiles {
 public:
  using BoardType = B;
  using Value = int;
  static constexpr bool kAdmissible = true;
  static constexpr const char* kName = "misplaced";

  explicit MisplacedTiles(const Goal<B>& goal) : goal_cell_(goal.cell_of) {}

  Value init(const State<B>& s) const {
    int count = 0;
    for (int c = 0; c < B::kCells; ++c) {
      const int t = s.tile_at(c);
      if (t != 0 && goal_cell_[t] != c) ++count;
    }
    return count;
  }
  NPUZZLE_ALWAYS_INLINE Value update(Value v, int tile, int from, int to) const {
    return v + (goal_cell_[tile] == from) - (goal_cell_[tile] == to);
  }
  NPUZZLE_ALWAYS_INLINE int estimate(Value v) const { return v; }

 private:
  Tiles<B> goal_cell_;
};

}  // namespace npuzzle
