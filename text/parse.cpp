// The checks of tile lists and the other readers of text/parse.hpp: board sizes, goal lists and
// benchmark sets. The solver's input is read in text/instance_reader.cpp.
#include "text/parse.hpp"

#include <algorithm>

#include "core/board_sizes.hpp"
#include "text/board_shapes.hpp"
#include "text/tokens.hpp"

namespace npuzzle {
namespace {

using namespace tokens;
using namespace shapes;

}  // namespace

std::optional<BoardSize> parse_board_size(std::string_view text) {
  if (text.size() != 3 || (text[1] != 'x' && text[1] != 'X')) return std::nullopt;
  const int rows = text[0] - '0', cols = text[2] - '0';
  if (!is_board_size(rows, cols)) return std::nullopt;
  return BoardSize{rows, cols};
}

std::string check_tiles(const std::vector<int>& tiles, BoardSize size) {
  const int n = size.cells();
  if (static_cast<int>(tiles.size()) != n) {
    return "wrong count: " + std::to_string(tiles.size()) + " tiles; a " + size.name() +
           " board has " + std::to_string(n);
  }
  const bool has_blank = std::find(tiles.begin(), tiles.end(), 0) != tiles.end();
  for (int t : tiles) {
    if (t < 0 || t >= n) {
      // Tiles 1..n with n as the blank is a common way to write a board.
      const std::string hint = t == n && !has_blank ? " (is " + std::to_string(n) +
                                                          " the blank? write the blank as 0 or _)"
                                                    : "";
      return "tile " + std::to_string(t) + " out of range 0.." + std::to_string(n - 1) + " for " +
             size.name() + hint;
    }
  }
  std::vector<int> seen(static_cast<std::size_t>(n), 0);
  int duplicate = -1;
  for (int t : tiles) {
    if (++seen[static_cast<std::size_t>(t)] == 2 && duplicate < 0) duplicate = t;
  }
  if (duplicate < 0) return {};
  const int missing = static_cast<int>(std::find(seen.begin(), seen.end(), 0) - seen.begin());
  const std::string what =
      duplicate == 0 ? "duplicate blank" : "duplicate tile " + std::to_string(duplicate);
  return what + " and missing tile " + std::to_string(missing);
}

std::vector<int> parse_tile_list(std::string_view text) {
  const std::vector<Token> tokens = tokenize(text);
  if (std::string unknown = first_unknown_token(tokens); !unknown.empty())
    throw InputError(unknown);
  const int n = static_cast<int>(tokens.size());
  if (shapes_with(n).empty()) {
    throw InputError("wrong count: " + std::to_string(n) +
                     " tiles is no board size (4 .. 25 cells, R x C with 2 <= R, C <= 5)");
  }
  std::vector<int> tiles = values_of(tokens.begin(), tokens.end());
  // Any shape with n cells checks the same permutation property.
  for (const BoardShape& s : kBoardSizes) {
    if (s.cells() != n) continue;
    if (std::string problem = check_tiles(tiles, {s.rows, s.cols}); !problem.empty()) {
      throw InputError(problem);
    }
    break;
  }
  return tiles;
}

std::vector<BenchInstance> read_bench_set(std::istream& in, BoardSize size) {
  std::vector<BenchInstance> set;
  for (const Line& line : read_lines(in)) {
    if (line.tokens.empty()) continue;
    const auto fail = [&](const std::string& what) {
      throw InputError("line " + std::to_string(line.number) + ": " + what);
    };
    if (std::string unknown = first_unknown_token(line.tokens); !unknown.empty()) fail(unknown);
    const int n = static_cast<int>(line.tokens.size()) - 2;
    if (n < 4) fail("wrong count: expected 'id optimal_length tiles…'");
    if (!line.tokens[0].is_number || !line.tokens[1].is_number) {
      fail("the instance number and the optimal length must be numbers");
    }
    if (!size.known()) {
      const int side = square_side(n);
      if (side == 0) {
        fail("ambiguous size: " + std::to_string(n) + " tiles; give the board size");
      }
      size = {side, side};
    }
    if (n != size.cells()) {
      fail("size mismatch: " + std::to_string(n) + " tiles, but the set is " + size.name());
    }
    BenchInstance b;
    b.instance.id = line.tokens[0].value;
    b.instance.line = line.number;
    b.instance.rows = size.rows;
    b.instance.cols = size.cols;
    b.instance.tiles = values_of(line.tokens.begin() + 2, line.tokens.end());
    b.optimal_length = static_cast<int>(line.tokens[1].value);
    if (std::string problem = check_tiles(b.instance.tiles, size); !problem.empty()) fail(problem);
    set.push_back(std::move(b));
  }
  return set;
}

}  // namespace npuzzle
