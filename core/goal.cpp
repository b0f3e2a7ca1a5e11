#include "core/goal.hpp"

#include <cstdlib>
#include <numeric>

namespace npuzzle {

std::vector<int> GoalSpec::tiles_for(int cells) const {
  std::vector<int> t(static_cast<std::size_t>(cells));
  switch (kind) {
    case Kind::BlankFirst:
      std::iota(t.begin(), t.end(), 0);
      break;
    case Kind::BlankLast:
      std::iota(t.begin(), t.end() - 1, 1);
      t.back() = 0;
      break;
    case Kind::Explicit:
      t = tiles;
      break;
  }
  return t;
}

std::string GoalSpec::describe() const {
  switch (kind) {
    case Kind::BlankFirst:
      return "blank-first";
    case Kind::BlankLast:
      return "blank-last";
    case Kind::Explicit:
      break;
  }
  std::string out;
  for (int t : tiles) {
    if (!out.empty()) out += ',';
    out += std::to_string(t);
  }
  return out;
}

bool solvable(int rows, int cols, std::span<const int> tiles, std::span<const int> goal) {
  const int n = rows * cols;
  std::vector<int> goal_cell(static_cast<std::size_t>(n));
  for (int c = 0; c < n; ++c) goal_cell[static_cast<std::size_t>(goal[c])] = c;
  // Permutation on cells: cell c of the board holds the tile whose goal cell is perm[c].
  std::vector<int> perm(static_cast<std::size_t>(n));
  int blank_cell = 0;
  for (int c = 0; c < n; ++c) {
    perm[static_cast<std::size_t>(c)] = goal_cell[static_cast<std::size_t>(tiles[c])];
    if (tiles[c] == 0) blank_cell = c;
  }
  std::vector<bool> seen(static_cast<std::size_t>(n), false);
  int cycles = 0;
  for (int c = 0; c < n; ++c) {
    if (seen[static_cast<std::size_t>(c)]) continue;
    ++cycles;
    for (int x = c; !seen[static_cast<std::size_t>(x)]; x = perm[static_cast<std::size_t>(x)]) {
      seen[static_cast<std::size_t>(x)] = true;
    }
  }
  const int permutation_parity = (n - cycles) & 1;
  const int goal_blank = goal_cell[0];
  const int blank_distance = std::abs(blank_cell / cols - goal_blank / cols) +
                             std::abs(blank_cell % cols - goal_blank % cols);
  return permutation_parity == (blank_distance & 1);
}

GoalSpec GoalSpec::of_tiles(const std::vector<int>& tiles) {
  const int cells = static_cast<int>(tiles.size());
  if (tiles == blank_first().tiles_for(cells)) return blank_first();
  if (tiles == blank_last().tiles_for(cells)) return blank_last();
  return {Kind::Explicit, tiles};
}

}  // namespace npuzzle
