#include "core/run_board.hpp"

#include <algorithm>
#include <utility>

namespace npuzzle {

RunBoard RunBoard::goal_of(BoardSize size, const GoalSpec& goal) {
  std::vector<int> tiles = goal.tiles_for(size.cells());
  if (static_cast<int>(tiles.size()) != size.cells()) tiles.clear();
  return {size, std::move(tiles)};
}

int RunBoard::blank() const {
  return static_cast<int>(std::find(tiles.begin(), tiles.end(), 0) - tiles.begin());
}

int RunBoard::apply(Move m) {
  const int from = blank();
  const int r = from / size.cols, c = from % size.cols;
  int target = -1;
  switch (m) {
    case Move::Up:
      target = r > 0 ? from - size.cols : -1;
      break;
    case Move::Down:
      target = r + 1 < size.rows ? from + size.cols : -1;
      break;
    case Move::Left:
      target = c > 0 ? from - 1 : -1;
      break;
    case Move::Right:
      target = c + 1 < size.cols ? from + 1 : -1;
      break;
  }
  if (target < 0) return -1;
  const int tile = tiles[static_cast<std::size_t>(target)];
  std::swap(tiles[static_cast<std::size_t>(from)], tiles[static_cast<std::size_t>(target)]);
  return tile;
}

std::vector<int> RunBoard::tiles_moved(const std::vector<Move>& path) const {
  RunBoard board = *this;
  std::vector<int> moved;
  moved.reserve(path.size());
  for (Move m : path) {
    const int tile = board.apply(m);
    if (tile < 0) break;
    moved.push_back(tile);
  }
  return moved;
}

}  // namespace npuzzle
