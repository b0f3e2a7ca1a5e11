// Boards searched in a frame (core/frame.hpp) against the same boards searched on their own type:
// every search, sequential and parallel, must return the same status, the same path and the same
// node counts, with the frame's own Manhattan distance and linear conflicts and with a held board's
// heuristic looked up through FramedHeuristic (walking distance). The frames' walls must never
// move. These are the searches the engine runs for every size but 4x4 and 5x5.
#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "core/astar.hpp"
#include "core/dfbnb.hpp"
#include "core/frame.hpp"
#include "core/greedy.hpp"
#include "core/ida_star.hpp"
#include "core/random.hpp"
#include "heuristics/erased.hpp"
#include "heuristics/framed.hpp"
#include "heuristics/linear_conflict.hpp"
#include "heuristics/manhattan.hpp"
#include "heuristics/walking_distance.hpp"
#include "parallel/hda_star.hpp"
#include "parallel/parallel_ida.hpp"
#include "tests/core/test_support.hpp"

namespace npuzzle {
namespace {

// The searches the engine offers, one thread for the parallel ones (their counts are then
// deterministic), with heuristic h of board B.
enum class Search { Ida, AStar, DfBnb, Greedy, Hda, Pida };
constexpr Search kSearches[] = {Search::Ida,    Search::AStar, Search::DfBnb,
                                Search::Greedy, Search::Hda,   Search::Pida};

template <class B, class H>
SearchResult run(Search search, const H& h, const Goal<B>& goal, const State<B>& start) {
  switch (search) {
    case Search::Ida:
      return ida_star(h, goal, start, Limits{});
    case Search::AStar:
      return astar(h, goal, start, Limits{});
    case Search::DfBnb:
      return dfbnb(h, goal, start, Limits{});
    case Search::Greedy:
      return greedy(h, goal, start, Limits{});
    case Search::Hda:
      return hda_star(h, goal, start, Limits{}, HdaOptions{1, OwnerHash::AbstractZobrist, 0});
    case Search::Pida:
      return parallel_ida_star(h, goal, start, Limits{}, 1);
  }
  throw std::logic_error("no such search");
}

void expect_same(const SearchResult& own, const SearchResult& framed, const char* what,
                 int search) {
  SCOPED_TRACE(::testing::Message() << what << ", search " << search);
  EXPECT_EQ(framed.status, own.status);
  EXPECT_EQ(framed.path, own.path);
  EXPECT_EQ(framed.stats.expanded, own.stats.expanded);
  EXPECT_EQ(framed.stats.generated, own.stats.generated);
}

// Random boards of R x C: solved on Board<R, C> and in its frame with Manhattan distance (the
// frame's own) by every search, and with linear conflicts by IDA*.
template <int R, int C>
void expect_frame_searches_like_the_board(int boards, int walk) {
  using B = Board<R, C>;
  using F = FrameOf<R, C>;
  const std::vector<int> goal_tiles = GoalSpec::blank_first().tiles_for(R * C);
  const Goal<B> goal = Goal<B>::from_spec(GoalSpec::blank_first());
  const Goal<F> frame_goal = framed_goal<F>(GoalSpec::blank_first(), R, C);
  const Manhattan<B> md(goal);
  const Manhattan<F> frame_md(frame_goal);
  const LinearConflict<B> lc(goal);
  const LinearConflict<F> frame_lc(frame_goal);
  Rng rng(20261127 + R * 10 + C);
  for (int i = 0; i < boards; ++i) {
    const std::vector<int> tiles = random_walk(R, C, goal_tiles, walk, rng);
    const State<B> start = testing::state_from<B>(tiles);
    const State<F> frame_start = framed_state<F>(tiles, R, C);
    EXPECT_EQ(frame_md.estimate(frame_md.init(frame_start)), md.estimate(md.init(start)));
    EXPECT_EQ(frame_lc.estimate(frame_lc.init(frame_start)), lc.estimate(lc.init(start)));
    for (const Search search : kSearches) {
      const SearchResult own = run(search, md, goal, start);
      ASSERT_EQ(own.status, Status::Solved);
      const SearchResult framed = run(search, frame_md, frame_goal, frame_start);
      expect_same(own, framed, "md", static_cast<int>(search));
      EXPECT_TRUE(replay_reaches(frame_start, framed.path, frame_goal.state));
    }
    // Linear conflicts see the walls in every line: IDA* checks their estimate at every node.
    expect_same(ida_star(lc, goal, start, Limits{}),
                ida_star(frame_lc, frame_goal, frame_start, Limits{}), "lc", 0);
  }
}

TEST(FrameSearch, BoardsInTheFourByFourFrameSearchLikeTheirOwn) {
  expect_frame_searches_like_the_board<3, 3>(6, 40);
  expect_frame_searches_like_the_board<4, 3>(3, 30);
}

TEST(FrameSearch, BoardsInTheFiveByFiveFrameSearchLikeTheirOwn) {
  expect_frame_searches_like_the_board<2, 5>(5, 40);
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
