// core/random.hpp — deterministic random numbers and random puzzle instances.
//
// Rng is xoshiro256** seeded through splitmix64, and below(n) is Lemire's unbiased bounded draw,
// all written here: a seed gives the same sequence, so the same instances, on every platform,
// compiler and library version (std::uniform_int_distribution does not promise that).
//
// Boards are row-major tile lists (0 the blank) of any rows x cols; `goal` must be a permutation of
// 0 .. rows*cols-1 (std::invalid_argument otherwise).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace npuzzle {

class Rng {
 public:
  explicit Rng(std::uint64_t seed);
  std::uint64_t next();
  // Uniform in [0, n). Precondition: n > 0.
  std::uint64_t below(std::uint64_t n);

 private:
  std::array<std::uint64_t, 4> s_{};
};

// A uniformly random board that can reach `goal` by slides.
std::vector<int> random_solvable(int rows, int cols, const std::vector<int>& goal, Rng& rng);

// The board reached from `goal` by `length` random blank moves, each drawn uniformly among the
// moves that do not undo the previous one.
std::vector<int> random_walk(int rows, int cols, const std::vector<int>& goal, int length,
                             Rng& rng);

}  // namespace npuzzle
