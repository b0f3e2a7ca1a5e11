#include "heuristics/walking_distance.hpp"

#include <deque>

namespace npuzzle::wd {

LineTable build_line_table(int lines, int width, const std::vector<int>& goal_line_tiles) {
  LineTable table;
  table.lines = lines;
  auto entry = [&](std::uint64_t code, int line, int goal) {
    return static_cast<int>((code >> (4 * (line * lines + goal))) & 15);
  };
  auto blank_line = [&](std::uint64_t code) {
    for (int line = 0; line < lines; ++line) {
      int sum = 0;
      for (int g = 0; g < lines; ++g) sum += entry(code, line, g);
      if (sum == width - 1) return line;
    }
    return -1;
  };
  std::uint64_t goal = 0;
  for (int g = 0; g < lines; ++g)
    goal += LineTable::code_bit(lines, g, g) * static_cast<std::uint64_t>(goal_line_tiles[g]);
  std::vector<std::uint64_t> codes{goal};
  table.index.emplace(goal, 0);
  table.distance.push_back(0);
  for (std::size_t s = 0; s < codes.size(); ++s) {
    const std::uint64_t code = codes[s];
    const int b = blank_line(code);
    for (int dir = 0; dir < 2; ++dir) {
      const int nb = dir == 0 ? b - 1 : b + 1;
      for (int g = 0; g < lines; ++g) {
        std::uint32_t target = LineTable::kNone;
        if (nb >= 0 && nb < lines && entry(code, nb, g) > 0) {
          const std::uint64_t moved =
              code - LineTable::code_bit(lines, nb, g) + LineTable::code_bit(lines, b, g);
          auto [it, inserted] =
              table.index.emplace(moved, static_cast<std::uint32_t>(codes.size()));
          if (inserted) {
            codes.push_back(moved);
            table.distance.push_back(static_cast<std::uint8_t>(table.distance[s] + 1));
          }
          target = it->second;
        }
        table.next.push_back(target);
      }
    }
  }
  return table;
}

}  // namespace npuzzle::wd
