// heuristics/manhattan.hpp — Manhattan distance: the sum over tiles (not the blank) of the row and
// column distance between a tile's cell and its goal cell. Admissible and consistent.
//
// PERFORMANCE: update() is one look-up in delta_[tile][from][to] (the change of that tile's
// distance), so IDA* never recomputes the sum. The table holds kCells^3 bytes (4 KiB for 4x4, 15
// KiB for 5x5).
#pragma once

#include <array>
#include <cstdint>
#include <cstdlib>

#include "core/goal.hpp"
#include "core/heuristic.hpp"

namespace npuzzle {

template <class B>
class Manhattan {
 public:
  using BoardType = B;
  using Value = int;
  static constexpr bool kAdmissible = true;
  static constexpr const char* kName = "md";

  explicit Manhattan(const Goal<B>& goal) {
    for (int t = 0; t < B::kCells; ++t) {
      for (int c = 0; c < B::kCells; ++c) {
        const int g = goal.cell_of[t];
        distance_[t][c] = t == 0 ? 0
                                 : static_cast<std::uint8_t>(std::abs(B::row(c) - B::row(g)) +
                                                             std::abs(B::col(c) - B::col(g)));
      }
    }
    for (int t = 0; t < B::kCells; ++t) {
      for (int from = 0; from < B::kCells; ++from) {
        for (int to = 0; to < B::kCells; ++to) {
          delta_[t][from][to] = static_cast<std::int8_t>(distance_[t][to] - distance_[t][from]);
        }
      }
    }
  }

  Value init(const State<B>& s) const {
    int sum = 0;
    for (int c = 0; c < B::kCells; ++c) sum += distance_[s.tile_at(c)][c];
    return sum;
  }
  NPUZZLE_ALWAYS_INLINE Value update(Value v, int tile, int from, int to) const {
    return v + delta_[tile][from][to];
  }
  NPUZZLE_ALWAYS_INLINE int estimate(Value v) const { return v; }
  int distance(int tile, int cell) const { return distance_[tile][cell]; }

 private:
  std::array<std::array<std::uint8_t, B::kCells>, B::kCells> distance_{};
  std::array<std::array<std::array<std::int8_t, B::kCells>, B::kCells>, B::kCells> delta_{};
};

}  // namespace npuzzle
