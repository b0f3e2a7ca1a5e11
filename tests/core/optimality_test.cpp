// Optimality against ground truth: every optimal search returns a replayable path whose length is
// the exact distance from the full breadth-first distance table (checked against the tests' own in
// oracle_test.cpp), on every reachable state of 2x2, 2x3 and 3x2 and on 2,000 sampled states of
// 3x3 and 2x4 (always including every state of the greatest distance, e.g. both 31-move 3x3 states
// for blank-first), for blank-first, blank-last and the spiral goal. Fewer states for BFS and A*
// with misplaced tiles on 3x3 (300), DFBnB on 2x4 (500), and on 4x2, which mirrors 2x4 (300; BFS
// and DFBnB 100); a quarter of each sample in the sanitizer builds (testing::sanitized_share).
// Greedy best-first must return a valid path no shorter than the optimum.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/search/astar.hpp"
#include "core/search/bfs.hpp"
#include "core/search/dfbnb.hpp"
#include "core/search/greedy.hpp"
#include "core/search/ida_star.hpp"
#include "heuristics/linear_conflict.hpp"
#include "heuristics/manhattan.hpp"
#include "heuristics/misplaced.hpp"
#include "tests/core/test_support.hpp"

namespace npuzzle {
namespace {

using testing::sample_ranks;
using testing::test_goals;

// A board and how many states each search is checked on (0: every reachable state). BFS (no
// heuristic) gets fewer states on 3x3 and DFBnB (no duplicate detection) fewer on 2x4, to keep the
// suite short; every sample starts with the states of the greatest distance.
template <int R, int C, std::size_t Sample, std::size_t BfsSample, std::size_t DfbnbSample>
struct Config {
  using B = Board<R, C>;
  static constexpr std::size_t kSample = Sample;
  static constexpr std::size_t kBfsSample = BfsSample;
  static constexpr std::size_t kDfbnbSample = DfbnbSample;
};

using Configs = ::testing::Types<Config<2, 2, 0, 0, 0>, Config<2, 3, 0, 0, 0>,
                                 Config<3, 2, 0, 0, 0>, Config<3, 3, 2000, 300, 2000>,
                                 Config<2, 4, 2000, 2000, 500>, Config<4, 2, 300, 100, 100>>;

template <class Cfg>
class Optimality : public ::testing::Test {
 protected:
  using Bd = typename Cfg::B;

  // Runs `solve(goal, start)` on the sampled states of every test goal and checks each result.
  template <class Solve>
  void check_all(std::size_t sample, bool must_be_optimal, Solve solve) {
    for (const auto& named : test_goals(Bd::kRows, Bd::kCols)) {
      SCOPED_TRACE(::testing::Message() << Bd::name() << " goal " << named.name);
      const auto goal = Goal<Bd>::from_spec(named.spec);
      const auto distance = all_distances(goal);
      std::size_t checked = 0;
      for (std::uint64_t rank : sample_ranks(distance, testing::sanitized_share(sample), 0x5eed)) {
        const State<Bd> start = unrank_permutation<Bd>(rank);
        const SearchResult r = solve(goal, start);
        const int exact = distance[rank];
        ASSERT_EQ(r.status, Status::Solved)
            << "rank " << rank << ": " << stop_reason_name(r.reason);
        ASSERT_TRUE(testing::replays_to(start, r.path, goal.state)) << "rank " << rank;
        if (must_be_optimal) {
          ASSERT_EQ(static_cast<int>(r.path.size()), exact) << "rank " << rank;
          ASSERT_TRUE(r.optimal) << "rank " << rank;
          ASSERT_EQ(r.bound, exact) << "rank " << rank;
        } else {
          ASSERT_GE(static_cast<int>(r.path.size()), exact) << "rank " << rank;
        }
        ++checked;
      }
      EXPECT_GT(checked, 0u);
    }
  }
};

TYPED_TEST_SUITE(Optimality, Configs);

TYPED_TEST(Optimality, IdaStarManhattan) {
  using B = typename TypeParam::B;
  this->check_all(TypeParam::kSample, true, [](const Goal<B>& goal, const State<B>& start) {
    return ida_star(Manhattan<B>(goal), goal, start, Limits{});
  });
}

TYPED_TEST(Optimality, IdaStarLinearConflict) {
  using B = typename TypeParam::B;
  this->check_all(TypeParam::kSample, true, [](const Goal<B>& goal, const State<B>& start) {
    return ida_star(LinearConflict<B>(goal), goal, start, Limits{});
  });
}

TYPED_TEST(Optimality, AStarEveryTieBreak) {
  using B = typename TypeParam::B;
  for (TieBreak tie : {TieBreak::Lifo, TieBreak::Fifo, TieBreak::LargerG}) {
    SCOPED_TRACE(::testing::Message() << "tie-break " << static_cast<int>(tie));
    this->check_all(TypeParam::kSample, true, [tie](const Goal<B>& goal, const State<B>& start) {
      return astar(Manhattan<B>(goal), goal, start, Limits{}, AStarOptions{tie});
    });
  }
}

TYPED_TEST(Optimality, AStarLinearConflictAndMisplaced) {
  using B = typename TypeParam::B;
  this->check_all(TypeParam::kSample, true, [](const Goal<B>& goal, const State<B>& start) {
    return astar(LinearConflict<B>(goal), goal, start, Limits{});
  });
  this->check_all(TypeParam::kBfsSample, true, [](const Goal<B>& goal, const State<B>& start) {
    return astar(MisplacedTiles<B>(goal), goal, start, Limits{});
  });
}

TYPED_TEST(Optimality, BreadthFirst) {
  using B = typename TypeParam::B;
  this->check_all(TypeParam::kBfsSample, true, [](const Goal<B>& goal, const State<B>& start) {
    return bfs(goal, start, Limits{});
  });
}

TYPED_TEST(Optimality, DepthFirstBranchAndBound) {
  using B = typename TypeParam::B;
  this->check_all(TypeParam::kDfbnbSample, true, [](const Goal<B>& goal, const State<B>& start) {
    return dfbnb(Manhattan<B>(goal), goal, start, Limits{});
  });
}

TYPED_TEST(Optimality, GreedyPathIsValidAndNoShorterThanOptimal) {
  using B = typename TypeParam::B;
  this->check_all(TypeParam::kSample, false, [](const Goal<B>& goal, const State<B>& start) {
    return greedy(Manhattan<B>(goal), goal, start, Limits{});
  });
}

}  // namespace
}  // namespace npuzzle
