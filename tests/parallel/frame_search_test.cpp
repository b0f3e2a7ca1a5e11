// Boards searched in the 4x4 frame (core/frame.hpp) against the same boards searched on their own
// type (tests/parallel/frame_checks.hpp): every search, sequential and parallel, must return the
// same status, path and node counts, with the frame's own Manhattan distance and linear conflicts
// and with a held board's heuristic looked up through FramedHeuristic (walking distance), and the
// held board's walking distance built on the frame itself. The frames' walls must never move. These
// are the searches the engine runs for every size but 4x4 and 5x5; frame_5x5_search_test.cpp checks
// the 5x5 frame.
#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>
#include <vector>

#include "core/frame.hpp"
#include "core/random.hpp"
#include "heuristics/erased.hpp"
#include "heuristics/framed.hpp"
#include "heuristics/held_walking_distance.hpp"
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
// on the frame's states: the same estimates and nodes as through the erased heuristic on 3x3,
// whether the erased value is the state (recomputed per node) or the held heuristic's own value
// (updated move by move, the cells mapped from the frame's to the board's).
TEST(FrameSearch, AHeldBoardsHeuristicLooksUpTheBoardInTheFrame) {
  using B = Board<3, 3>;
  using F = FrameOf<3, 3>;
  const Goal<B> goal = Goal<B>::from_spec(GoalSpec::blank_last());
  const Goal<F> frame_goal = framed_goal<F>(GoalSpec::blank_last(), 3, 3);
  const auto wd = make_wd_lc(goal);
  const ErasedHeuristic<B> own(wd);
  const FramedHeuristic<F, decltype(wd)> framed_wd(wd);
  const ErasedHeuristic<F> framed(framed_wd);
  const ErasedHeuristic<F, false, sizeof(decltype(wd)::Value)> incremental(framed_wd);
  Rng rng(7);
  for (int i = 0; i < 5; ++i) {
    const std::vector<int> tiles = random_solvable(3, 3, GoalSpec::blank_last().tiles_for(9), rng);
    const State<B> start = testing::state_from<B>(tiles);
    const State<F> frame_start = framed_state<F>(tiles, 3, 3);
    EXPECT_EQ(framed.estimate(framed.init(frame_start)), wd.estimate(wd.init(start)));
    EXPECT_EQ(incremental.estimate(incremental.init(frame_start)), wd.estimate(wd.init(start)));
    for (const Search search : {Search::Ida, Search::AStar, Search::Hda}) {
      const SearchResult reference = run(search, own, goal, start);
      expect_same(reference, run(search, framed, frame_goal, frame_start), "wd",
                  static_cast<int>(search));
      expect_same(reference, run(search, incremental, frame_goal, frame_start), "wd, incremental",
                  static_cast<int>(search));
    }
  }
}

// The held board's geometry: the blank never leaves the board, its moves at every cell are the
// board's own in the same order, the held board's tiles come back out unchanged, and a board that
// does not fit the frame is refused.
TEST(FrameSearch, TheGeometryKeepsTheBlankOnTheHeldBoard) {
  using F = FrameOf<2, 3>;
  using Held = Board<2, 3>;
  const Geometry<F> geometry(2, 3);
  for (int r = 0; r < 2; ++r) {
    for (int c = 0; c < 3; ++c) {
      const auto& own = Held::kMoveTable[static_cast<std::size_t>(Held::cell(r, c))];
      const auto& held = geometry.moves(F::cell(r, c));
      ASSERT_EQ(held.count, own.count) << "cell " << r << "," << c;
      for (int i = 0; i < own.count; ++i) {
        EXPECT_EQ(held.moves[i], own.moves[i]);
        EXPECT_EQ(F::row(held.targets[i]), Held::row(own.targets[i]));
        EXPECT_EQ(F::col(held.targets[i]), Held::col(own.targets[i]));
      }
    }
  }
  const std::vector<int> tiles{1, 2, 0, 3, 4, 5};
  State<F> s = framed_state<F>(tiles, 2, 3);
  EXPECT_EQ(s.blank, 2);
  EXPECT_FALSE(apply_move(geometry, s, Move::Right));  // cell 3 of the frame's first row
  EXPECT_TRUE(apply_move(geometry, s, Move::Down));    // onto the board's second row
  EXPECT_FALSE(apply_move(geometry, s, Move::Down));   // the frame's third row
  EXPECT_FALSE(apply_move(geometry, s, Move::Right));
  EXPECT_EQ(s.tile_at(3), 6);  // the first wall tile, on its goal cell
  const State<Board<2, 3>> back = unframed_state<Board<2, 3>>(s);
  EXPECT_EQ(back.blank, 5);
  EXPECT_EQ(back.tile_at(2), 5);
  EXPECT_THROW(framed_state<F>(tiles, 3, 2 + 3), std::invalid_argument);
  EXPECT_THROW(framed_state<F>(std::vector<int>(5, 0), 2, 3), std::invalid_argument);
  EXPECT_THROW(Geometry<F>(2, 5), std::invalid_argument);
}

// The held board's walking distance built on the frame itself (one type for every board the 4x4
// frame holds, its shape given at run time): along random walks its walking distance, and its max
// with the frame's linear conflicts, are the board's own WalkingDistance and make_wd_lc after
// every move, and IDA* and parallel IDA* find the same path with the same node counts as with
// make_wd_lc on the board's own type.
template <int R, int C>
void expect_held_walking_distance_like_the_boards(int boards, std::uint64_t seed) {
  using B = Board<R, C>;
  using F = FrameOf<R, C>;
  static_assert(Heuristic<HeldWalkingDistanceLc<F>>);
  const GoalSpec spec = GoalSpec::blank_first();
  const Goal<B> goal = Goal<B>::from_spec(spec);
  const Goal<F> frame_goal = framed_goal<F>(spec, R, C);
  const auto own = make_wd_lc(goal);
  const HeldWalkingDistanceLc<F> held(frame_goal);
  Rng rng(seed);
  for (int i = 0; i < boards; ++i) {
    SCOPED_TRACE(::testing::Message() << R << "x" << C << ", board " << i);
    const std::vector<int> tiles = random_solvable(R, C, spec.tiles_for(R * C), rng);
    State<B> state = testing::state_from<B>(tiles);
    State<F> frame_state = framed_state<F>(tiles, R, C);
    auto value = own.init(state);
    auto frame_value = held.init(frame_state);
    for (int step = 0; step < 60; ++step) {
      ASSERT_EQ(held.walking_distance().estimate(frame_value.walking),
                own.first().estimate(value.first));
      ASSERT_EQ(held.estimate(frame_value), own.estimate(value));
      const auto& moves = frame_goal.geometry.moves(frame_state.blank);
      const auto m = static_cast<std::size_t>(rng.below(moves.count));
      const int to = moves.targets[m], from = frame_state.blank;
      const int tile = frame_state.tile_at(to);
      frame_value = held.update(frame_value, tile, to, from);
      frame_state.move_blank_to(to);
      const int own_to = B::neighbour(state.blank, moves.moves[m]);
      value = own.update(value, tile, own_to, state.blank);
      state.move_blank_to(own_to);
    }
    for (const Search search : {Search::Ida, Search::Pida}) {
      expect_same(run(search, own, goal, state), run(search, held, frame_goal, frame_state),
                  "held wd", static_cast<int>(search));
    }
  }
}

TEST(FrameSearch, TheHeldWalkingDistanceIsTheBoardsOwn) {
  expect_held_walking_distance_like_the_boards<2, 3>(3, 5);
  expect_held_walking_distance_like_the_boards<3, 3>(4, 6);
  expect_held_walking_distance_like_the_boards<4, 2>(3, 7);
  expect_held_walking_distance_like_the_boards<3, 4>(3, 8);
  expect_held_walking_distance_like_the_boards<4, 3>(3, 9);
}

}  // namespace
}  // namespace npuzzle
