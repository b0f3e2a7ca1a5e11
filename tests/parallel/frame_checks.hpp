// tests/parallel/frame_checks.hpp — the checks of boards searched in a frame (core/frame.hpp)
// against the same boards searched on their own type, shared by the frame test files (one file a
// frame, so that no test unit grows large under the sanitizers).
#pragma once

#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "core/frame.hpp"
#include "core/random.hpp"
#include "core/search/astar.hpp"
#include "core/search/dfbnb.hpp"
#include "core/search/greedy.hpp"
#include "core/search/ida_star.hpp"
#include "heuristics/linear_conflict.hpp"
#include "heuristics/manhattan.hpp"
#include "parallel/hda_star.hpp"
#include "parallel/parallel_ida.hpp"
#include "tests/core/test_support.hpp"

namespace npuzzle::frame_checks {

// The searches the engine offers, one thread for the parallel ones (their counts are then
// deterministic), with heuristic h of board B.
enum class Search { Ida, AStar, DfBnb, Greedy, Hda, Pida };
inline constexpr Search kSearches[] = {Search::Ida,    Search::AStar, Search::DfBnb,
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

inline void expect_same(const SearchResult& own, const SearchResult& framed, const char* what,
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
      EXPECT_TRUE(replay_reaches(frame_goal.geometry, frame_start, framed.path, frame_goal.state));
    }
    // Linear conflicts see the walls in every line: IDA* checks their estimate at every node.
    expect_same(ida_star(lc, goal, start, Limits{}),
                ida_star(frame_lc, frame_goal, frame_start, Limits{}), "lc", 0);
  }
}

}  // namespace npuzzle::frame_checks
