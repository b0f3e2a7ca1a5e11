// Reading the solver's input (text/parse.hpp): one-line boards and grids, the size told from the
// token counts or given, and a message for every instance that cannot be read.
#include <algorithm>
#include <sstream>

#include "core/board_sizes.hpp"
#include "text/board_shapes.hpp"
#include "text/parse.hpp"
#include "text/tokens.hpp"

namespace npuzzle {
namespace {

using namespace tokens;
using namespace shapes;

// "2 to 5 rows and columns" for the full list of sizes, else the sizes listed.
std::string board_size_range() {
  std::string listed;
  for (const BoardShape& s : kBoardSizes) {
    listed += (listed.empty() ? "" : ", ") + std::to_string(s.rows) + "x" + std::to_string(s.cols);
  }
  const int sides = kMaxBoardSide - kMinBoardSide + 1;
  if (static_cast<int>(kBoardSizes.size()) == sides * sides) {
    return std::to_string(kMinBoardSide) + " to " + std::to_string(kMaxBoardSide) +
           " rows and columns";
  }
  return "the sizes of this build: " + listed;
}

// The most numbers a one-line board has before its tiles: an instance number and a length.
constexpr int kMaxLeadingNumbers = 2;

// The side of the square board of the build a one-line board of `n` tokens has (its tiles, after
// up to kMaxLeadingNumbers numbers), or 0. The square boards' counts never overlap.
int one_line_square_side(int n) {
  for (int leading = 0; leading <= kMaxLeadingNumbers; ++leading) {
    if (const int side = square_side(n - leading); side != 0) return side;
  }
  return 0;
}

// How a one-line board may begin, for messages about counts.
constexpr char kLeadingNumbers[] =
    "optionally after an instance number, or an instance number and the optimal length";

// For a count that is also a number, a length and a square board (6):
// " (or an instance number, an optimal length and a 2x2 board)".
std::string length_reading_hint(int n) {
  const int side = square_side(n - kMaxLeadingNumbers);
  if (side == 0) return {};
  const std::string name = std::to_string(side) + "x" + std::to_string(side);
  return " (or an instance number, an optimal length and a " + name + " board)";
}

// The problem with the optimal-length token of a one-line board, or "" when it is a number.
std::string length_error(const Token& length) {
  if (length.is_number) return {};
  if (length.too_large) return "optimal length '" + shown(length.text) + "' is too large";
  return "optimal length '" + shown(length.text) + "' is not a whole number of moves (0 or more)";
}

// For a count one short of a square board (8, 15, 24): " (a 3x3 board missing a tile?)".
std::string missing_tile_hint(int n) {
  const int side = square_side(n + 1);
  if (side < 3) return {};
  const std::string name = std::to_string(side) + "x" + std::to_string(side);
  return " (a " + name + " board missing a tile?)";
}

class InstanceReader {
 public:
  explicit InstanceReader(const ParseOptions& options)
      : size_(options.size),
        words_(options.words ? *options.words : library_words()),
        ordinal_(options.instances_before) {}

  std::vector<ParsedInstance> read(const std::vector<Line>& lines) {
    std::size_t i = 0;
    while (i < lines.size()) {
      const Line& line = lines[i];
      if (line.tokens.empty()) {
        ++i;
        continue;
      }
      if (is_one_line_count(static_cast<int>(line.tokens.size()))) {
        one_line(line);
        ++i;
        continue;
      }
      if (!is_grid_row_count(static_cast<int>(line.tokens.size()))) {
        entries_.push_back(error_entry(line.number, count_error(line.tokens)));
        ++i;
        continue;
      }
      // A run of short lines: grid rows, or (4 or 5 tokens, no size) one-line 2x2 boards.
      std::size_t end = i;
      while (end < lines.size() && !lines[end].tokens.empty() &&
             !is_one_line_count(static_cast<int>(lines[end].tokens.size())) &&
             is_grid_row_count(static_cast<int>(lines[end].tokens.size()))) {
        ++end;
      }
      if (!size_.known() && all_valid_small_one_liners(lines, i, end)) {
        for (std::size_t k = i; k < end; ++k) one_line(lines[k]);
      } else {
        grids(lines, i, end);
      }
      i = end;
    }
    return std::move(entries_);
  }

 private:
  // A line that holds a whole board (its tiles, after an instance number and a length if given).
  // Without a size, lines short enough to be grid rows are decided in read(), and a count that is
  // a board's own (6: 2x3) is not read as a number, a length and a smaller board.
  bool is_one_line_count(int n) const {
    if (size_.known()) return n >= size_.cells() && n <= size_.cells() + kMaxLeadingNumbers;
    if (n <= kMaxBoardSide) return false;
    const int side = one_line_square_side(n);
    return side != 0 && (n - side * side < kMaxLeadingNumbers || shapes_with(n).empty());
  }
  // A line that may be one row of a grid.
  bool is_grid_row_count(int n) const { return n >= 1 && n <= kMaxBoardSide; }

  ParsedInstance error_entry(int line, std::string message) {
    ParsedInstance p;
    p.instance.id = ++ordinal_;
    p.instance.line = line;
    p.error = std::move(message);
    return p;
  }

  std::string count_error(const std::vector<Token>& tokens) const {
    if (std::string unknown = first_unknown_token(tokens); !unknown.empty()) return unknown;
    const int n = static_cast<int>(tokens.size());
    if (size_.known()) {
      const std::string need = words_.with_value(OptionField::Size, size_.name()) + " needs " +
                               std::to_string(size_.cells()) + " tiles, " + kLeadingNumbers;
      const std::string hint = n == size_.cells() - 1 ? " (a tile missing?)" : "";
      if (!shapes_with(n).empty()) {
        return "size mismatch: " + std::to_string(n) + " tiles; " + need + hint;
      }
      return "wrong count: " + std::to_string(n) + " tokens; " + need + hint;
    }
    if (!shapes_with(n).empty()) {
      return "ambiguous size: " + std::to_string(n) + " tiles could be " + shapes_with(n) +
             length_reading_hint(n) + "; give " + any_size() + missing_tile_hint(n);
    }
    if (!shapes_with(n - 1).empty()) {
      return "ambiguous size: an instance number and " + std::to_string(n - 1) +
             " tiles could be " + shapes_with(n - 1) + "; give " + any_size();
    }
    return "wrong count: " + std::to_string(n) +
           " tokens; a one-line board has 4, 9, 16 or 25 tiles, " + kLeadingNumbers +
           " (other sizes need " + any_size() + ")" + missing_tile_hint(n);
  }

  // Reads a one-line instance into an entry without recording it.
  ParsedInstance read_one_line(const Line& line, std::int64_t ordinal) const {
    ParsedInstance p;
    p.instance.id = ordinal;
    p.instance.line = line.number;
    const auto& tokens = line.tokens;
    const int n = static_cast<int>(tokens.size());
    BoardSize size = size_;
    if (!size.known()) {
      const int side = one_line_square_side(n);
      if (side == 0) {
        p.error = count_error(tokens);
        return p;
      }
      size = {side, side};
    }
    const int leading = n - size.cells();  // 1: an instance number; 2: and the length
    if (leading < 0 || leading > kMaxLeadingNumbers) {
      p.error = count_error(tokens);
      return p;
    }
    // The length before the other tokens: a bad one is named as the length, not an unknown token.
    if (leading == kMaxLeadingNumbers) {
      p.error = length_error(tokens[1]);
      if (!p.ok()) {
        if (tokens.front().is_number) p.instance.id = tokens.front().value;
        return p;
      }
    }
    if (std::string unknown = first_unknown_token(tokens); !unknown.empty()) {
      p.error = unknown;
      return p;
    }
    if (leading >= 1) {
      if (!tokens.front().is_number) {
        p.error = "instance number '" + shown(tokens.front().text) + "' is not a number";
        return p;
      }
      p.instance.id = tokens.front().value;
    }
    std::vector<int> tiles = values_of(tokens.begin() + leading, tokens.end());
    p.error = check_tiles(tiles, size);
    if (p.ok()) {
      p.instance.rows = size.rows;
      p.instance.cols = size.cols;
      p.instance.tiles = std::move(tiles);
      if (leading == kMaxLeadingNumbers) {
        p.instance.expected_length = static_cast<int>(tokens[1].value);
      }
    }
    return p;
  }

  void one_line(const Line& line) {
    ParsedInstance p = read_one_line(line, ordinal_ + 1);
    // Ten tokens read as "number + 3x3" may really be a 2x5 or 5x2 board.
    if (!p.ok() && !size_.known() && line.tokens.size() == 10 &&
        first_unknown_token(line.tokens).empty() &&
        check_tiles(values_of(line.tokens.begin(), line.tokens.end()), {2, 5}).empty()) {
      p.error = "ambiguous size: 10 tiles could be " + shapes_with(10) +
                " (or an instance number and a 3x3 board); give " + any_size();
    }
    ++ordinal_;
    entries_.push_back(std::move(p));
  }

  bool all_valid_small_one_liners(const std::vector<Line>& lines, std::size_t first,
                                  std::size_t last) const {
    for (std::size_t k = first; k < last; ++k) {
      const std::size_t n = lines[k].tokens.size();
      if (n != 4 && n != 5) return false;
      if (!read_one_line(lines[k], 0).ok()) return false;
    }
    return true;
  }

  // Lines [first, last) are short lines; each stretch of equal token counts is one grid (or, with a
  // size, one grid every size_.rows lines).
  void grids(const std::vector<Line>& lines, std::size_t first, std::size_t last) {
    std::size_t i = first;
    while (i < last) {
      const std::size_t width = lines[i].tokens.size();
      std::size_t end = i;
      while (end < last && lines[end].tokens.size() == width) ++end;
      if (!size_.known() && end - i == 1 && (width == 4 || width == 5)) {
        one_line(lines[i]);  // a lone short line: a bad 2x2 board, not a grid
      } else if (size_.known() && width == static_cast<std::size_t>(size_.cols)) {
        for (std::size_t k = i; k < end; k += static_cast<std::size_t>(size_.rows)) {
          grid(lines, k, std::min(end, k + static_cast<std::size_t>(size_.rows)));
        }
      } else {
        grid(lines, i, end);
      }
      i = end;
    }
  }

  // Lines [first, last) all have the same number of tokens: one grid.
  void grid(const std::vector<Line>& lines, std::size_t first, std::size_t last) {
    const int height = static_cast<int>(last - first);
    const int width = static_cast<int>(lines[first].tokens.size());
    ParsedInstance p = error_entry(lines[first].number, {});
    for (std::size_t k = first; k < last && p.ok(); ++k) {
      if (std::string unknown = first_unknown_token(lines[k].tokens); !unknown.empty()) {
        p.instance.line = lines[k].number;
        p.error = unknown;
      }
    }
    if (p.ok()) p.error = grid_shape_error(height, width);
    if (p.ok()) {
      std::vector<int> tiles;
      for (std::size_t k = first; k < last; ++k) {
        const auto& tokens = lines[k].tokens;
        const std::vector<int> row = values_of(tokens.begin(), tokens.end());
        tiles.insert(tiles.end(), row.begin(), row.end());
      }
      const BoardSize shape{height, width};
      p.error = check_tiles(tiles, shape);
      if (p.ok()) {
        p.instance.rows = height;
        p.instance.cols = width;
        p.instance.tiles = std::move(tiles);
      } else {
        p.error += " (in a " + shape.name() + " grid)";
      }
    }
    entries_.push_back(std::move(p));
  }

  std::string grid_shape_error(int height, int width) const {
    const std::string shape = std::to_string(height) + " rows of " + std::to_string(width);
    if (size_.known()) {
      if (width != size_.cols) {
        return "size mismatch: a row of " + std::to_string(width) + " tiles, but " +
               words_.with_value(OptionField::Size, size_.name()) + " has rows of " +
               std::to_string(size_.cols);
      }
      if (height != size_.rows) {
        return "size mismatch: a grid of " + std::to_string(height) + " rows, but " +
               words_.with_value(OptionField::Size, size_.name()) + " has " +
               std::to_string(size_.rows);
      }
      return {};
    }
    if (height == 1) {
      return "wrong count: a line of " + std::to_string(width) +
             " tokens is neither a whole board nor part of a grid";
    }
    if (!is_board_size(height, width)) {
      return "wrong count: a grid of " + shape + " is not a board (" + board_size_range() +
             "; separate grids with a blank line)";
    }
    return {};
  }

  // The size option with a size to fill in: "--size RxC" in the command line's words.
  std::string any_size() const { return words_.with_value(OptionField::Size, "RxC"); }

  BoardSize size_;
  const OptionWords& words_;
  std::int64_t ordinal_ = 0;
  std::vector<ParsedInstance> entries_;
};

}  // namespace

std::string ParsedInstance::describe_error() const {
  return "line " + std::to_string(instance.line) + ": " + error;
}

std::vector<ParsedInstance> parse_instances(std::istream& in, const ParseOptions& options) {
  return InstanceReader(options).read(read_lines(in, options.first_line));
}

std::vector<ParsedInstance> parse_instances(std::string_view text, const ParseOptions& options) {
  std::istringstream in{std::string(text)};
  return parse_instances(in, options);
}

}  // namespace npuzzle
