// Korf's 100 random 15-puzzle instances (bench/data/korf100.txt: `id length tiles…`, goal blank
// first): IDA* with linear conflict solves every instance of optimal length <= 48 (18 of them) and
// matches the published length. Its own test, so `--gtest_filter=-Korf100.*` can leave it out.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/goal.hpp"
#include "core/search/ida_star.hpp"
#include "heuristics/linear_conflict.hpp"
#include "tests/core/test_support.hpp"
#include "tests/support/korf.hpp"

namespace npuzzle {
namespace {

using Instance = korf_data::Instance;

TEST(Korf100, IdaStarLinearConflictSolvesTheShallowInstancesOptimally) {
  using B = Board<4, 4>;
  const std::vector<Instance>& instances = korf_data::all();
  ASSERT_EQ(instances.size(), 100u);
  const auto goal = Goal<B>::from_spec(GoalSpec::blank_first());
  const LinearConflict<B> lc(goal);
  int solved = 0;
  for (const Instance& inst : instances) {
    ASSERT_EQ(inst.tiles.size(), 16u) << "instance " << inst.id;
    if (inst.length > 48) continue;
    const State<B> start = testing::state_from<B>(inst.tiles);
    ASSERT_TRUE(goal.reachable_from(start)) << "instance " << inst.id;
    const SearchResult r = ida_star(lc, goal, start, Limits{});
    ASSERT_EQ(r.status, Status::Solved) << "instance " << inst.id;
    EXPECT_TRUE(testing::replays_to(start, r.path, goal.state)) << "instance " << inst.id;
    EXPECT_EQ(static_cast<int>(r.path.size()), inst.length) << "instance " << inst.id;
    EXPECT_TRUE(r.optimal);
    ++solved;
  }
  EXPECT_EQ(solved, 18);
}

}  // namespace
}  // namespace npuzzle
