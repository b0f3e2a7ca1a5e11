// Checks every heuristic on every board size of the build (core/board_sizes.hpp) against the
// Heuristic concept, so a broken interface fails the library build rather than a distant user. The
// code itself is generated where it is used (the engine's units instantiate every heuristic on
// 4x4 and 5x5, the frames' own on the frames, and the others on the sizes the frames hold), not
// here a second time.
#include "core/board_sizes.hpp"
#include "heuristics/linear_conflict.hpp"
#include "heuristics/misplaced.hpp"
#include "heuristics/walking_distance.hpp"

namespace npuzzle {
namespace {

// What the searches on a frame (core/frame.hpp) take of the frame itself.
template <class Frame>
constexpr bool frame_satisfies_the_concept() {
  static_assert(Heuristic<MisplacedTiles<Frame>>);
  static_assert(Heuristic<Manhattan<Frame>>);
  static_assert(Heuristic<LinearConflict<Frame>>);
  return true;
}
static_assert(frame_satisfies_the_concept<Board<4, 4, true>>());
static_assert(frame_satisfies_the_concept<Board<5, 5, true>>());

template <class B>
constexpr bool satisfy_the_concept() {
  static_assert(Heuristic<MisplacedTiles<B>>);
  static_assert(Heuristic<Manhattan<B>>);
  static_assert(Heuristic<LinearConflict<B>>);
  if constexpr (B::kRows <= 4 && B::kCols <= 4) static_assert(Heuristic<WalkingDistanceLc<B>>);
  return true;
}

}  // namespace

#define NPUZZLE_CHECK_HEURISTICS(R, C) static_assert(satisfy_the_concept<Board<R, C>>());
NPUZZLE_FOR_EACH_BOARD_SIZE(NPUZZLE_CHECK_HEURISTICS)
#undef NPUZZLE_CHECK_HEURISTICS

}  // namespace npuzzle
