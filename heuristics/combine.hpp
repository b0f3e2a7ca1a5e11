// heuristics/combine.hpp — combining heuristics: the max of two, and the reflection of one about
// the main diagonal.
//
// MaxOf<H1, H2>: keeps both values; estimate = max of the two. Admissible when both are; consistent
// when both are.
//
// Reflected<H>: on a square board whose goal has the blank on the main diagonal, transposing a
// state and renaming each tile t to sigma(t) — the goal tile on the transpose of t's goal cell —
// gives a state exactly as far from the goal (moves map to moves, the goal to itself). Reflected<H>
// evaluates H on that mirrored state, incrementally: a slide of t from `from` to `to` is a slide of
// sigma(t) from T(from) to T(to). Blank-first and blank-last goals qualify. For pattern databases
// this is the "reflected lookup" of Korf & Felner: max(direct, reflected) is admissible and
// stronger.
//
// describe_heuristic(h): h.describe() when the type has it, else its kName.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "core/goal.hpp"
#include "core/search_types.hpp"

namespace npuzzle {

template <class H>
std::string describe_heuristic(const H& h) {
  if constexpr (requires { h.describe(); }) {
    return h.describe();
  } else {
    return H::kName;
  }
}

template <Heuristic H1, Heuristic H2>
requires std::same_as<typename H1::BoardType, typename H2::BoardType>
class MaxOf {
 public:
  using BoardType = typename H1::BoardType;
  static constexpr bool kAdmissible = H1::kAdmissible && H2::kAdmissible;
  static constexpr const char* kName = "max";
  struct Value {
    typename H1::Value first;
    typename H2::Value second;
  };

  MaxOf(H1 first, H2 second) : first_(std::move(first)), second_(std::move(second)) {}
  const H1& first() const { return first_; }

  Value init(const State<BoardType>& s) const { return {first_.init(s), second_.init(s)}; }
  Value update(const Value& v, int tile, int from, int to) const {
    return {first_.update(v.first, tile, from, to), second_.update(v.second, tile, from, to)};
  }
  int estimate(const Value& v) const {
    return std::max<int>(first_.estimate(v.first), second_.estimate(v.second));
  }
  std::string describe() const {
    return "max(" + describe_heuristic(first_) + ", " + describe_heuristic(second_) + ")";
  }

 private:
  H1 first_;
  H2 second_;
};

template <Heuristic H>
class Reflected {
 public:
  using BoardType = typename H::BoardType;
  using B = BoardType;
  using Value = typename H::Value;
  static constexpr bool kAdmissible = H::kAdmissible;
  static constexpr const char* kName = "reflected";

  // True when the reflection keeps `goal`: square board, blank's goal cell on the main diagonal.
  static bool applicable(const Goal<B>& goal) {
    if constexpr (B::kRows != B::kCols) {
      return false;
    } else {
      const int blank = goal.cell_of[0];
      return B::row(blank) == B::col(blank);
    }
  }

  // `inner` must be built for the same goal. Throws std::invalid_argument when !applicable(goal).
  Reflected(H inner, const Goal<B>& goal) : inner_(std::move(inner)) {
    if (!applicable(goal)) {
      throw std::invalid_argument(
          "reflection needs a square board with the blank's goal on the diagonal");
    }
    for (int c = 0; c < B::kCells; ++c) {
      transpose_[c] = static_cast<std::uint8_t>(B::cell(B::col(c), B::row(c)));
    }
    for (int t = 0; t < B::kCells; ++t) {
      sigma_[t] = static_cast<std::uint8_t>(goal.state.tile_at(transpose_[goal.cell_of[t]]));
    }
  }

  Value init(const State<B>& s) const {
    Tiles<B> mirrored{};
    for (int c = 0; c < B::kCells; ++c) mirrored[transpose_[c]] = sigma_[s.tile_at(c)];
    return inner_.init(State<B>::from_tiles(mirrored));
  }
  Value update(const Value& v, int tile, int from, int to) const {
    return inner_.update(v, sigma_[tile], transpose_[from], transpose_[to]);
  }
  int estimate(const Value& v) const { return inner_.estimate(v); }
  std::string describe() const { return "reflected " + describe_heuristic(inner_); }

 private:
  H inner_;
  std::array<std::uint8_t, B::kCells> transpose_{};  // cell -> its mirror across the diagonal
  std::array<std::uint8_t, B::kCells> sigma_{};      // tile -> the tile it becomes when mirrored
};

}  // namespace npuzzle
