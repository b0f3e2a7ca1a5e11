#include "core/goal.hpp"

#include <gtest/gtest.h>

namespace npuzzle {
namespace {

TEST(Solvable, StandardGoalsOn4x4AreInOppositeClasses) {
  const auto first = GoalSpec::blank_first().tiles_for(16);
  const auto last = GoalSpec::blank_last().tiles_for(16);
  EXPECT_TRUE(solvable(4, 4, first, first));
  EXPECT_FALSE(solvable(4, 4, first, last));
  EXPECT_FALSE(solvable(4, 4, last, first));
}

}  // namespace
}  // namespace npuzzle
