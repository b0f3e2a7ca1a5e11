// core/rank.hpp — perfect ranking of full board permutations.
//
// rank_permutation maps a state (the tile on each of B::kCells cells) to its position 0 ..
// kCells!-1 in the lexicographic order of the row-major tile sequences; unrank_permutation is its
// inverse. Both are O(kCells) with a bit set of the tiles already placed. Only boards of at most 20
// cells (20! < 2^64) can be ranked in 64 bits.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <type_traits>

#ifdef __BMI2__
#include <immintrin.h>
#endif

#include "core/board.hpp"

namespace npuzzle {

// n! for n <= 20.
constexpr std::uint64_t factorial(int n) {
  std::uint64_t f = 1;
  for (int i = 2; i <= n; ++i) f *= static_cast<std::uint64_t>(i);
  return f;
}

template <class B>
inline constexpr std::uint64_t kPermutationCount = factorial(B::kCells);

template <class B>
std::uint64_t rank_permutation(const State<B>& s) {
  static_assert(B::kCells <= 20, "permutations of more than 20 cells do not fit in 64 bits");
  std::uint32_t placed = 0;  // bit t: tile t sits on an earlier cell
  std::uint64_t rank = 0;
  for (int c = 0; c < B::kCells; ++c) {
    const int tile = s.tile_at(c);
    const std::uint32_t below = (1u << tile) - 1;
    const int smaller_unplaced = tile - std::popcount(placed & below);
    rank = rank * static_cast<std::uint64_t>(B::kCells - c) +
           static_cast<std::uint64_t>(smaller_unplaced);
    placed |= 1u << tile;
  }
  return rank;
}

// The index of the n-th (from 0) set bit of `bits`. Precondition: popcount(bits) > n.
inline int nth_set_bit(std::uint32_t bits, int n) {
#ifdef __BMI2__
  return std::countr_zero(_pdep_u32(1u << n, bits));
#else
  for (; n > 0; --n) bits &= bits - 1;
  return std::countr_zero(bits);
#endif
}

// The inverse of rank_permutation. Precondition: rank < kPermutationCount<B>.
template <class B>
State<B> unrank_permutation(std::uint64_t rank) {
  static_assert(B::kCells <= 20, "permutations of more than 20 cells do not fit in 64 bits");
  // Digits of the factorial number system, least significant (last cell) first.
  // Up to 12 cells the rank fits 32 bits, whose divisions are several times cheaper.
  using Rank = std::conditional_t<(B::kCells <= 12), std::uint32_t, std::uint64_t>;
  auto rest = static_cast<Rank>(rank);
  std::array<int, B::kCells> digit{};
  for (int c = B::kCells - 1; c >= 0; --c) {
    const auto base = static_cast<Rank>(B::kCells - c);
    digit[static_cast<std::size_t>(c)] = static_cast<int>(rest % base);
    rest /= base;
  }
  Tiles<B> tiles{};
  std::uint32_t unplaced = (1u << B::kCells) - 1;  // bit t: tile t not yet placed
  for (int c = 0; c < B::kCells; ++c) {
    const int tile = nth_set_bit(unplaced, digit[static_cast<std::size_t>(c)]);
    tiles[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(tile);
    unplaced &= ~(1u << tile);
  }
  return State<B>::from_tiles(tiles);
}

}  // namespace npuzzle
