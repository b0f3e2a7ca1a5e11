#include "text/tokens.hpp"

#include <algorithm>

#include "text/parse.hpp"

namespace npuzzle {
namespace {

// The length of the well-formed UTF-8 sequence of two to four bytes at the start of `text`
// (no overlong forms, no surrogates, nothing above U+10FFFF), or 0.
std::size_t utf8_sequence_length(std::string_view text) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(0);
  std::size_t length = 0;
  unsigned char low = 0x80, high = 0xbf;  // the range of the second byte
  if (lead >= 0xc2 && lead <= 0xdf) {
    length = 2;
  } else if (lead >= 0xe0 && lead <= 0xef) {
    length = 3;
    if (lead == 0xe0) low = 0xa0;
    if (lead == 0xed) high = 0x9f;
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    length = 4;
    if (lead == 0xf0) low = 0x90;
    if (lead == 0xf4) high = 0x8f;
  }
  if (length == 0 || text.size() < length) return 0;
  if (byte(1) < low || byte(1) > high) return 0;
  for (std::size_t i = 2; i < length; ++i) {
    if (byte(i) < 0x80 || byte(i) > 0xbf) return 0;
  }
  return length;
}

}  // namespace

std::string printable(std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte >= 0x20 && byte < 0x7f) {
      out += static_cast<char>(byte);
      ++i;
    } else if (const std::size_t n = byte >= 0x80 ? utf8_sequence_length(text.substr(i)) : 0;
               n > 0) {
      out += text.substr(i, n);
      i += n;
    } else {
      out += {'\\', 'x', kHex[byte >> 4], kHex[byte & 15]};
      ++i;
    }
  }
  return out;
}

namespace tokens {

std::string shown(std::string_view text) {
  if (text.size() <= kShownTokenLength) return printable(text);
  return printable(text.substr(0, kShownTokenLength)) + "...";
}

Token classify(std::string text) {
  Token t;
  t.text = std::move(text);
  if (t.text == "x" || t.text == "X" || t.text == "_" || t.text == ".") {
    t.is_blank = true;
    return t;
  }
  if (std::all_of(t.text.begin(), t.text.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    for (char c : t.text) {
      t.value = t.value * 10 + (c - '0');
      if (t.value > kLargestNumber) {
        t.too_large = true;
        t.value = 0;
        return t;
      }
    }
    t.is_number = true;
    t.is_blank = t.value == 0;
  }
  return t;
}

namespace {

// Brackets and row separators of common notations (JSON and Python lists, tuples, Matlab rows):
// `[[1,2,3],[4,0,5],[7,8,6]]`, `((1, 2), (3, 0))`, `[1 2 3; 4 0 5; 7 8 6]`. Taken off a word's
// ends, never out of its middle (where they make it an unknown token, with its bytes shown).
bool is_bracket(char c) {
  return c == '[' || c == ']' || c == '(' || c == ')' || c == '{' || c == '}' || c == ';';
}

void add_word(std::vector<Token>& tokens, std::string& word) {
  std::size_t begin = 0, end = word.size();
  while (begin < end && is_bracket(word[begin])) ++begin;
  while (end > begin && is_bracket(word[end - 1])) --end;
  if (begin < end) tokens.push_back(classify(word.substr(begin, end - begin)));
  word.clear();
}

}  // namespace

std::vector<Token> tokenize(std::string_view text) {
  std::vector<Token> tokens;
  std::string current;
  for (char c : text) {
    if (c == ' ' || c == '\t' || c == ',' || c == '\r' || c == '\n' || c == '\v' || c == '\f') {
      if (!current.empty()) add_word(tokens, current);
    } else {
      current += c;
    }
  }
  if (!current.empty()) add_word(tokens, current);
  return tokens;
}

std::vector<Line> read_lines(std::istream& in, int first_line) {
  std::vector<Line> lines;
  std::string text;
  int number = first_line - 1;
  while (std::getline(in, text)) {
    ++number;
    const std::size_t hash = text.find('#');
    const bool had_comment = hash != std::string::npos;
    if (had_comment) text.resize(hash);
    Line line{number, tokenize(text)};
    if (line.tokens.empty() && had_comment) continue;
    lines.push_back(std::move(line));
  }
  return lines;
}

std::string first_unknown_token(const std::vector<Token>& tokens) {
  for (const Token& t : tokens) {
    if (t.too_large) return "number '" + shown(t.text) + "' is too large";
    if (t.known()) continue;
    // Numbers joined by other marks (1-2-3, 1/2/3, 1|2|3, [1,2][3,4]): name the forms read.
    const auto digit = [](char c) { return c >= '0' && c <= '9'; };
    const auto mark = [](char c) {
      return c == '-' || c == '/' || c == '|' || c == ':' || c == '.' || is_bracket(c);
    };
    const auto first_digit = std::find_if(t.text.begin(), t.text.end(), digit);
    const auto next_mark = std::find_if(first_digit, t.text.end(), mark);
    const bool joined =
        std::find_if(next_mark, t.text.end(), digit) != t.text.end() &&
        std::all_of(t.text.begin(), t.text.end(), [&](char c) { return digit(c) || mark(c); });
    return "unknown token '" + shown(t.text) + "'" +
           (joined ? " (tiles are separated by spaces or commas, row by row on one line or one "
                     "row a line, optionally in brackets: 1 2 3 4 0 5 7 8 6, "
                     "[[1,2,3],[4,0,5],[7,8,6]]; the blank is 0, x, _ or .)"
                   : "");
  }
  return {};
}

std::vector<int> values_of(std::vector<Token>::const_iterator first,
                           std::vector<Token>::const_iterator last) {
  std::vector<int> v;
  for (auto it = first; it != last; ++it) v.push_back(static_cast<int>(it->value));
  return v;
}

}  // namespace tokens
}  // namespace npuzzle
