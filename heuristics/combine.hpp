// heuristics/combine.hpp — combining heuristics: the max of two.
//
// MaxOf<H1, H2>: keeps both values; estimate = max of the two. Admissible when both are; consistent
// when both are. (The pattern databases' reflected lookup is in pdb.hpp.)
//
// describe_heuristic(h): h.describe() when the type has it, else its kName.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "core/goal.hpp"
#include "core/heuristic.hpp"

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

}  // namespace npuzzle
