// Perfect ranking: rank and unrank are inverse bijections onto 0 .. n!-1, in lexicographic order.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <vector>

#include "core/random.hpp"
#include "core/rank.hpp"
#include "tests/core/test_support.hpp"

namespace npuzzle {
namespace {

using testing::state_from;
using testing::tiles_of;

TEST(Rank, EveryThreeByThreePermutationInLexicographicOrder) {
  using B = Board<3, 3>;
  std::vector<int> tiles(9);
  std::iota(tiles.begin(), tiles.end(), 0);
  std::uint64_t expected = 0;
  do {
    const State<B> s = state_from<B>(tiles);
    ASSERT_EQ(rank_permutation(s), expected);
    ASSERT_EQ(unrank_permutation<B>(expected), s);
    ASSERT_EQ(unrank_permutation<B>(expected).blank, s.blank);
    ++expected;
  } while (std::next_permutation(tiles.begin(), tiles.end()));
  EXPECT_EQ(expected, kPermutationCount<B>);
  EXPECT_EQ(kPermutationCount<B>, 362880u);
}

TEST(Rank, NthSetBitMatchesAScan) {
  Rng rng(8);
  for (int i = 0; i < 10000; ++i) {
    const auto bits = static_cast<std::uint32_t>(rng.next() & 0xFFFFF);
    int n = 0;
    for (int bit = 0; bit < 20; ++bit) {
      if (!(bits >> bit & 1)) continue;
      ASSERT_EQ(nth_set_bit(bits, n), bit) << bits << " " << n;
      ++n;
    }
  }
}

TEST(Rank, RoundTripsOnRandomFourByFourBoards) {
  using B = Board<4, 4>;
  Rng rng(7);
  std::vector<int> identity(16);
  std::iota(identity.begin(), identity.end(), 0);
  EXPECT_EQ(rank_permutation(state_from<B>(identity)), 0u);
  std::vector<int> reversed(identity.rbegin(), identity.rend());
  EXPECT_EQ(rank_permutation(state_from<B>(reversed)), kPermutationCount<B> - 1);
  for (int i = 0; i < 10000; ++i) {
    const std::uint64_t rank = rng.below(kPermutationCount<B>);
    const State<B> s = unrank_permutation<B>(rank);
    std::vector<int> tiles = tiles_of(s);
    std::sort(tiles.begin(), tiles.end());
    ASSERT_EQ(tiles, identity);
    ASSERT_EQ(rank_permutation(s), rank);
  }
}

}  // namespace
}  // namespace npuzzle
