// heuristics/pdb/index.hpp — the dense, perfect index of pattern placements (ranking scheme 1).
//
// A placement puts the k tiles of a pattern, taken in the pattern's listed order p_0 .. p_{k-1}, on
// k distinct cells of an n-cell board. Its rank is the lexicographic rank of the partial
// permutation:
//   digit_i = cell(p_i) - |{ j < i : cell(p_j) < cell(p_i) }|        (0 <= digit_i < n - i)
//   rank    = (((digit_0) * (n-1) + digit_1) * (n-2) + digit_2) ...  (mixed radix)
// so ranks are exactly 0 .. n!/(n-k)! - 1 with no holes. Ranking costs k popcounts; unranking k
// "select the d-th free cell" steps (one pdep with BMI2).
//
// Also here: the small bit helpers (popcount, select, pdep/pext) the builder and the lookups share.
// Cells are bits of a 32-bit mask (boards have at most kMaxSupportedCells = 25 cells).
#pragma once

#include <bit>
#include <cstdint>
#include <span>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

#include "core/board.hpp"

namespace npuzzle::pdb {

// Cells of the largest board (core/board.hpp); a cell set is a 32-bit mask.
inline constexpr int kMaxCells = kMaxSupportedCells;
static_assert(kMaxCells <= 32, "cell sets are 32-bit masks");
inline constexpr std::uint32_t kRankingLexPartialPermutation = 1;  // the scheme id in file headers

// Number of placements of k tiles on n cells: n! / (n-k)!.
constexpr std::uint64_t placement_count(int n, int k) {
  std::uint64_t count = 1;
  for (int i = 0; i < k; ++i) count *= static_cast<std::uint64_t>(n - i);
  return count;
}

// Scatter the low bits of `bits` to the set bits of `mask` (x86 pdep).
inline std::uint32_t deposit(std::uint32_t bits, std::uint32_t mask) {
#if defined(__BMI2__)
  return _pdep_u32(bits, mask);
#else
  std::uint32_t out = 0;
  for (std::uint32_t bit = 1; mask; bit <<= 1) {
    const std::uint32_t low = mask & -mask;
    if (bits & bit) out |= low;
    mask ^= low;
  }
  return out;
#endif
}

// Gather the bits of `value` at the set bits of `mask` into the low bits (x86 pext).
inline std::uint32_t extract(std::uint32_t value, std::uint32_t mask) {
#if defined(__BMI2__)
  return _pext_u32(value, mask);
#else
  std::uint32_t out = 0;
  for (std::uint32_t bit = 1; mask; bit <<= 1) {
    const std::uint32_t low = mask & -mask;
    if (value & low) out |= bit;
    mask ^= low;
  }
  return out;
#endif
}

// The index of the d-th (from 0) set bit of `mask`; `mask` has more than d set bits.
inline int select_bit(std::uint32_t mask, int d) {
  return std::countr_zero(deposit(std::uint32_t{1} << d, mask));
}

// Rank of the placement whose i-th pattern tile is on cells[i] (k = cells.size(), distinct cells).
template <class CellT>
inline std::uint64_t rank_placement(const CellT* cells, int k, int n) {
  std::uint32_t used = 0;
  std::uint64_t rank = 0;
  for (int i = 0; i < k; ++i) {
    const int c = cells[i];
    const int digit = c - std::popcount(used & ((std::uint32_t{1} << c) - 1));
    used |= std::uint32_t{1} << c;
    rank = rank * static_cast<std::uint64_t>(n - i) + static_cast<std::uint64_t>(digit);
  }
  return rank;
}

// Inverse of rank_placement: writes the k cells; returns the mask of occupied cells.
inline std::uint32_t unrank_placement(std::uint64_t rank, int k, int n, std::uint8_t* cells) {
  int digits[kMaxCells];
  int i = k - 1;
  for (; i >= 0 && rank > 0xffffffffu; --i) {
    const auto radix = static_cast<std::uint64_t>(n - i);
    digits[i] = static_cast<int>(rank % radix);
    rank /= radix;
  }
  auto small = static_cast<std::uint32_t>(rank);  // 32-bit division is several times faster
  for (; i >= 0; --i) {
    const auto radix = static_cast<std::uint32_t>(n - i);
    digits[i] = static_cast<int>(small % radix);
    small /= radix;
  }
  const std::uint32_t all = n >= 32 ? ~std::uint32_t{0} : (std::uint32_t{1} << n) - 1;
  std::uint32_t used = 0;
  for (int t = 0; t < k; ++t) {
    const int c = select_bit(all & ~used, digits[t]);
    cells[t] = static_cast<std::uint8_t>(c);
    used |= std::uint32_t{1} << c;
  }
  return used;
}

}  // namespace npuzzle::pdb
