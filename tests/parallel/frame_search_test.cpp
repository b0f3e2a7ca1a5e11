// Boards searched in the 4x4 frame (core/frame.hpp) against the same boards searched on their own
// type (tests/parallel/frame_checks.hpp): every search, sequential and parallel, must return the
// same status, path and node counts, with the frame's own Manhattan distance and linear conflicts
// and with a held board's heuristic looked up through FramedHeuristic (walking distance). The
// frames' walls must never move. These are the searches the engine runs for every size but 4x4
// and 5x5; frame_5x5_search_test.cpp checks the 5x5 frame.
#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "core/frame.hpp"
#include "core/random.hpp"
#include "heuristics/erased.hpp"
#include "heuristics/framed.hpp"
#include "heuristics/walking_distance.hpp"
#include "tests/core/test_support.hpp"
#include "tests/parallel/frame_checks.hpp"

namespace npuzzle {
namespace {

using namespace frame_checks;

TEST(FrameSearch, BoardsInTheFourByFourFrameSearchLikeTheirOwn) {
  expect_frame_searches_like_the_board<3, 3>(6, 40);
  expect_frame_searches_like_the_board<4, 3>(3, 30);
}

// A held board's own heuristic (walking distance with linear conflicts, built for 3x3), looked up
// on the frame's states: the same estimates and nodes as through the erased heuristic on 3x3.
TEST(FrameSearch, AHeldBoardsHeuristicLooksUpTheBoardInTheFrame) {
  using B = Board<3, 3>;
  using F = FrameOf<3, 3>;
  const Goal<B> goal = Goal<B>::from_spec(GoalSpec::blank_last());
  const Goal<F> frame_goal = framed_goal<F>(GoalSpec::blank_last(), 3, 3);
  const auto wd = make_wd_lc(goal);
  const ErasedHeuristic<B> own(wd);
  const FramedHeuristic<F, decltype(wd)> framed_wd(wd);
  const ErasedHeuristic<F> framed(framed_wd);
  Rng rng(7);
  for (int i = 0; i < 5; ++i) {
    const std::vector<int> tiles = random_solvable(3, 3, GoalSpec::blank_last().tiles_for(9), rng);
    const State<B> start = testing::state_from<B>(tiles);
    const State<F> frame_start = framed_state<F>(tiles, 3, 3);
    EXPECT_EQ(framed.estimate(framed.init(frame_start)), wd.estimate(wd.init(start)));
    for (const Search search : {Search::Ida, Search::AStar, Search::Hda}) {
      expect_same(run(search, own, goal, start), run(search, framed, frame_goal, frame_start), "wd",
                  static_cast<int>(search));
    }
  }
}

// The walls: the blank never enters one, the held board's tiles come back out unchanged, and a
// board that does not fit the frame is refused.
TEST(FrameSearch, TheWallsNeverMove) {
  using F = FrameOf<2, 3>;
  const std::vector<int> tiles{1, 2, 0, 3, 4, 5};
  State<F> s = framed_state<F>(tiles, 2, 3);
  EXPECT_EQ(s.blank, 2);
  EXPECT_FALSE(s.apply(Move::Right));  // cell 3 of the frame's first row is a wall
  EXPECT_TRUE(s.apply(Move::Down));    // onto the board's second row
  EXPECT_FALSE(s.apply(Move::Down));   // the frame's third row is walls
  EXPECT_FALSE(s.apply(Move::Right));
  EXPECT_EQ(s.tile_at(3), 6);  // the first wall tile, on its goal cell
  const State<Board<2, 3>> back = unframed_state<Board<2, 3>>(s);
  EXPECT_EQ(back.blank, 5);
  EXPECT_EQ(back.tile_at(2), 5);
  EXPECT_THROW(framed_state<F>(tiles, 3, 2 + 3), std::invalid_argument);
  EXPECT_THROW(framed_state<F>(std::vector<int>(5, 0), 2, 3), std::invalid_argument);
}

}  // namespace
}  // namespace npuzzle
