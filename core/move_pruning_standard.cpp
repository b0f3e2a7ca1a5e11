// core/move_pruning_standard.cpp — the standard automaton, from the table the build generated.
#include "core/move_pruning.hpp"

namespace npuzzle {

const MovePruning& MovePruning::standard() {
  static const MovePruning automaton(FromTable{}, generated_move_pruning_table());
  return automaton;
}

}  // namespace npuzzle
