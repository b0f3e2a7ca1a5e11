#include "core/random.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

#include "core/board.hpp"
#include "core/board_sizes.hpp"
#include "core/goal.hpp"

namespace npuzzle {
namespace {

std::uint64_t splitmix64(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

constexpr std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

void check_goal(int rows, int cols, const std::vector<int>& goal) {
  if (!is_board_size(rows, cols)) {
    throw std::invalid_argument("board size " + std::to_string(rows) + "x" + std::to_string(cols) +
                                " is not one of this build's (core/board_sizes.hpp)");
  }
  const auto cells = static_cast<std::size_t>(rows * cols);
  if (goal.size() != cells) {
    throw std::invalid_argument("goal has " + std::to_string(goal.size()) + " tiles, expected " +
                                std::to_string(cells));
  }
  std::vector<bool> seen(cells, false);
  for (int t : goal) {
    if (t < 0 || static_cast<std::size_t>(t) >= cells || seen[static_cast<std::size_t>(t)]) {
      throw std::invalid_argument("goal is not a permutation of 0.." + std::to_string(cells - 1));
    }
    seen[static_cast<std::size_t>(t)] = true;
  }
}

}  // namespace

Rng::Rng(std::uint64_t seed) {
  for (auto& word : s_) word = splitmix64(seed);
}

std::uint64_t Rng::next() {
  const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
  const std::uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

std::uint64_t Rng::below(std::uint64_t n) {
  // Lemire: the high word of x * n is uniform once the low words below 2^64 mod n are rejected.
  uint128 product = static_cast<uint128>(next()) * n;
  auto low = static_cast<std::uint64_t>(product);
  if (low < n) {
    const std::uint64_t threshold = (0 - n) % n;
    while (low < threshold) {
      product = static_cast<uint128>(next()) * n;
      low = static_cast<std::uint64_t>(product);
    }
  }
  return static_cast<std::uint64_t>(product >> 64);
}

std::vector<int> random_solvable(int rows, int cols, const std::vector<int>& goal, Rng& rng) {
  check_goal(rows, cols, goal);
  std::vector<int> tiles = goal;
  for (std::size_t i = tiles.size() - 1; i > 0; --i) {
    std::swap(tiles[i], tiles[static_cast<std::size_t>(rng.below(i + 1))]);
  }
  if (!solvable(rows, cols, tiles, goal)) {
    // Swapping the tiles on the first two cells without the blank keeps the blank and flips the
    // permutation's parity: a bijection between the unsolvable and the solvable boards, so the
    // result stays uniform over the solvable ones.
    const auto first = static_cast<std::size_t>(tiles[0] == 0 ? 1 : 0);
    const auto second = static_cast<std::size_t>(tiles[first + 1] == 0 ? first + 2 : first + 1);
    std::swap(tiles[first], tiles[second]);
  }
  return tiles;
}

std::vector<int> random_walk(int rows, int cols, const std::vector<int>& goal, int length,
                             Rng& rng) {
  check_goal(rows, cols, goal);
  if (length < 0) throw std::invalid_argument("walk length must not be negative");
  std::vector<int> tiles = goal;
  int blank = static_cast<int>(std::find(tiles.begin(), tiles.end(), 0) - tiles.begin());
  int previous = -1;  // the blank's cell before the last move
  for (int step = 0; step < length; ++step) {
    std::array<int, 4> targets{};
    int count = 0;
    const int r = blank / cols, c = blank % cols;
    const std::array<std::pair<int, int>, 4> steps = {{{-1, 0}, {1, 0}, {0, -1}, {0, 1}}};
    for (const auto& [dr, dc] : steps) {
      const int nr = r + dr, nc = c + dc;
      if (nr < 0 || nr >= rows || nc < 0 || nc >= cols) continue;
      const int target = nr * cols + nc;
      if (target != previous) targets[static_cast<std::size_t>(count++)] = target;
    }
    const int target =
        targets[static_cast<std::size_t>(rng.below(static_cast<std::uint64_t>(count)))];
    std::swap(tiles[static_cast<std::size_t>(blank)], tiles[static_cast<std::size_t>(target)]);
    previous = blank;
    blank = target;
  }
  return tiles;
}

}  // namespace npuzzle
