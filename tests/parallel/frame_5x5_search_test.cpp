// Boards searched in the 5x5 frame (core/frame.hpp) against the same boards searched on their own
// type (tests/parallel/frame_checks.hpp): every search returns the same status, path and node
// counts.
#include <gtest/gtest.h>

#include "tests/parallel/frame_checks.hpp"

namespace npuzzle {
namespace {

using namespace frame_checks;

TEST(FrameSearch, BoardsInTheFiveByFiveFrameSearchLikeTheirOwn) {
  expect_frame_searches_like_the_board<2, 5>(5, 40);
}

}  // namespace
}  // namespace npuzzle
