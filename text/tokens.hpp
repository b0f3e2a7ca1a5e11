// text/tokens.hpp — the words of puzzle input (internal to the parsers, text/instance_reader.cpp
// and text/parse.cpp): numbers, blank symbols and anything else, split on spaces, tabs and commas,
// '#' comments removed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

namespace npuzzle::tokens {

inline constexpr std::int64_t kLargestNumber = 999'999'999;  // larger numbers: no tile, no id
inline constexpr std::size_t kShownTokenLength = 40;         // longer tokens are cut in messages

struct Token {
  std::string text;
  bool is_number = false;  // decimal digits, at most kLargestNumber
  bool too_large = false;  // decimal digits, above kLargestNumber
  bool is_blank = false;   // 0 x X _ .
  std::int64_t value = 0;  // the number (0 for a blank symbol)
  bool known() const { return is_number || is_blank; }
};

// A line split into tokens, its comment removed. `empty` lines (only white space) end a grid;
// comment-only lines are dropped before they get here.
struct Line {
  int number = 0;
  std::vector<Token> tokens;
};

// A token as a message shows it: printable, cut after kShownTokenLength bytes.
std::string shown(std::string_view text);
Token classify(std::string text);
std::vector<Token> tokenize(std::string_view text);
// Reads the whole input into lines; comment-only lines are skipped, blank ones kept (empty tokens).
// The first line is numbered `first_line`.
std::vector<Line> read_lines(std::istream& in, int first_line = 1);
// "number '…' is too large" or "unknown token '…'" for the first such token, else "".
std::string first_unknown_token(const std::vector<Token>& tokens);
// The values of the tokens [first, last).
std::vector<int> values_of(std::vector<Token>::const_iterator first,
                           std::vector<Token>::const_iterator last);

}  // namespace npuzzle::tokens
