// Checks the pattern-database heuristics on every board size of the build against the Heuristic
// concept (core/heuristic.hpp), as heuristics/heuristics.cpp does for the others.
#include "core/board_sizes.hpp"
#include "heuristics/pdb/pattern_databases.hpp"

namespace npuzzle {
namespace {

template <class B>
constexpr bool satisfy_the_concept() {
  static_assert(Heuristic<PdbHeuristic<B>>);
  static_assert(Heuristic<PatternDatabases<B, 2>>);
  if constexpr (B::kRows == B::kCols) static_assert(Heuristic<PatternDatabases<B, 4>>);
  if constexpr (kLeanViews<B, 2>) static_assert(Heuristic<PatternDatabases<B, 2, false>>);
  if constexpr (kLeanViews<B, 4>) static_assert(Heuristic<PatternDatabases<B, 4, false>>);
  return true;
}

}  // namespace

#define NPUZZLE_CHECK_PDB_HEURISTICS(R, C) static_assert(satisfy_the_concept<Board<R, C>>());
NPUZZLE_FOR_EACH_BOARD_SIZE(NPUZZLE_CHECK_PDB_HEURISTICS)
#undef NPUZZLE_CHECK_PDB_HEURISTICS

}  // namespace npuzzle
