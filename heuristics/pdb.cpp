// Instantiates the database heuristics once for the common boards, so a broken template fails the
// library build rather than a distant user.
#include "heuristics/pdb.hpp"

#include "heuristics/walking_distance.hpp"

namespace npuzzle {

template class PdbHeuristic<Board<4, 4>>;
template class PdbHeuristic<Board<5, 5>>;
template class WalkingDistance<Board<4, 4>>;
static_assert(Heuristic<PdbHeuristic<Board<3, 3>>>);
static_assert(Heuristic<Reflected<PdbHeuristic<Board<4, 4>>>>);
static_assert(Heuristic<MaxOf<PdbHeuristic<Board<4, 4>>, Reflected<PdbHeuristic<Board<4, 4>>>>>);
static_assert(Heuristic<WalkingDistanceLc<Board<4, 4>>>);
static_assert(Heuristic<WalkingDistance<Board<2, 3>>>);

}  // namespace npuzzle
