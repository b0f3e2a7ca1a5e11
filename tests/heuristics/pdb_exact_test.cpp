// Full pattern databases (every tile in one pattern) on small boards hold the exact distances: on
// every reachable state of 2x2, 2x3, 3x2, 3x3, 2x4 and 4x2, for three goals, the database heuristic
// equals the breadth-first distance (core/search/bfs.hpp), and the table passes verify_table.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/rank.hpp"
#include "core/search/bfs.hpp"
#include "heuristics/pdb/build.hpp"
#include "heuristics/pdb/pattern_databases.hpp"
#include "tests/core/test_support.hpp"
#include "tests/heuristics/pdb_test_support.hpp"

namespace npuzzle {
namespace {

template <class B>
void check_exact() {
  for (const auto& named : testing::test_goals(B::kRows, B::kCols)) {
    SCOPED_TRACE(B::name() + " " + named.name);
    const Goal<B> goal = Goal<B>::from_spec(named.spec);
    const pdb::PdbSet set = testing::memory_set(goal, "full");
    ASSERT_EQ(set.tables.size(), 1u);
    ASSERT_EQ(static_cast<int>(set.tables[0]->meta().tiles.size()), B::kCells - 1);
    const pdb::VerifyReport report = pdb::verify_table(*set.tables[0]);
    EXPECT_TRUE(report.ok) << report.message;
    const PdbHeuristic<B> h(goal, set);
    const std::vector<std::uint8_t> distance = all_distances(goal);
    std::uint64_t checked = 0, wrong = 0;
    for (std::uint64_t r = 0; r < distance.size(); ++r) {
      if (distance[r] == kUnreachable) continue;
      const State<B> s = unrank_permutation<B>(r);
      const int h_value = h.estimate(h.init(s));
      if (h_value != distance[r] && wrong++ == 0) {
        ADD_FAILURE() << "rank " << r << ": database " << h_value << ", distance "
                      << int{distance[r]};
      }
      ++checked;
    }
    EXPECT_EQ(wrong, 0u);
    EXPECT_EQ(checked * 2, distance.size());
    EXPECT_EQ(checked, report.reached);
    EXPECT_EQ(report.histogram.size() - 1,
              static_cast<std::size_t>(set.tables[0]->meta().max_distance));
  }
}

TEST(PdbExact, Board2x2) { check_exact<Board<2, 2>>(); }
TEST(PdbExact, Board2x3) { check_exact<Board<2, 3>>(); }
TEST(PdbExact, Board3x2) { check_exact<Board<3, 2>>(); }
TEST(PdbExact, Board3x3) { check_exact<Board<3, 3>>(); }
TEST(PdbExact, Board2x4) { check_exact<Board<2, 4>>(); }
TEST(PdbExact, Board4x2) { check_exact<Board<4, 2>>(); }

// The 8-puzzle's known figures: 181,440 reachable states, the farthest at 31 moves (two of them).
TEST(PdbExact, EightPuzzleFigures) {
  const Goal<Board<3, 3>> goal = Goal<Board<3, 3>>::from_spec(GoalSpec::blank_first());
  const pdb::PdbSet set = testing::memory_set(goal, "full");
  const pdb::VerifyReport report = pdb::verify_table(*set.tables[0]);
  EXPECT_EQ(report.reached, 181440u);
  ASSERT_EQ(report.histogram.size(), 32u);
  EXPECT_EQ(report.histogram[31], 2u);
}

}  // namespace
}  // namespace npuzzle
