#include "heuristics/linear_conflict.hpp"
#include "heuristics/misplaced.hpp"

namespace npuzzle {

// The 4x4 instantiations are checked here once, so a broken heuristic fails the library build.
template class Manhattan<Board<4, 4>>;
template class LinearConflict<Board<4, 4>>;
template class MisplacedTiles<Board<4, 4>>;
static_assert(Heuristic<Manhattan<Board<4, 4>>>);
static_assert(Heuristic<LinearConflict<Board<5, 5>>>);
static_assert(Heuristic<MisplacedTiles<Board<2, 3>>>);

}  // namespace npuzzle
