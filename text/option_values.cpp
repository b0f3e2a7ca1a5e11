#include "text/option_values.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <string_view>
#include <utility>

namespace npuzzle {
BoardSize parse_size_option(const std::string& text) {
  if (text.empty()) return {};
  const auto size = parse_board_size(text);
  if (!size) {
    throw UsageError(bad_value(OptionField::Size, text,
                               "'" + printable(text) + "' is not RxC with 2 <= R, C <= 5"));
  }
  return *size;
}

GoalSpec parse_goal_option(const std::string& text) {
  const auto blank = [](unsigned char c) { return std::isspace(c) != 0; };
  const auto first = std::find_if_not(text.begin(), text.end(), blank);
  const auto last = std::find_if_not(text.rbegin(), text.rend(), blank).base();
  const std::string goal = first < last ? std::string(first, last) : std::string();
  if (goal.empty() || goal == "blank-first") return GoalSpec::blank_first();
  if (goal == "blank-last") return GoalSpec::blank_last();
  try {
    return GoalSpec{GoalSpec::Kind::Explicit, parse_tile_list(goal)};
  } catch (const InputError& e) {
    throw UsageError(bad_value(
        OptionField::Goal, text,
        std::string(e.what()) + " (blank-first, blank-last, or the goal's tiles row by row)"));
  }
}

GoalSpec goal_option(const std::vector<int>& tiles) {
  std::vector<bool> seen(tiles.size(), false);
  for (int t : tiles) {
    if (t < 0 || static_cast<std::size_t>(t) >= tiles.size() || seen[static_cast<std::size_t>(t)]) {
      std::string given;
      for (int tile : tiles) {
        if (!given.empty()) given += ' ';
        given += std::to_string(tile);
      }
      throw UsageError(
          bad_value(OptionField::Goal, given,
                    "the tiles are not 0 to " + std::to_string(tiles.size() - 1) + " each once"));
    }
    seen[static_cast<std::size_t>(t)] = true;
  }
  return GoalSpec::of_tiles(tiles);
}

std::uint64_t parse_memory_size(const std::string& text) {
  std::size_t digits = 0;
  while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
  std::size_t number_end = digits;
  if (number_end < text.size() && text[number_end] == '.') {
    ++number_end;
    while (number_end < text.size() && std::isdigit(static_cast<unsigned char>(text[number_end]))) {
      ++number_end;
    }
  }
  std::string suffix = text.substr(number_end);
  for (char& c : suffix) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (suffix.size() > 1 && suffix.back() == 'B') suffix.pop_back();
  if (suffix.size() > 1 && suffix.back() == 'I') suffix.pop_back();
  int shift = -1;
  if (suffix.empty() || suffix == "B") shift = 0;
  if (suffix == "K") shift = 10;
  if (suffix == "M") shift = 20;
  if (suffix == "G") shift = 30;
  if (suffix == "T") shift = 40;
  if (digits == 0 || digits > 12 || shift < 0) {
    throw UsageError(bad_value(OptionField::MemLimit, text,
                               "'" + printable(text) + "' is not a size (e.g. 512M, 4G)"));
  }
  const double value = std::stod(text.substr(0, number_end)) * std::ldexp(1.0, shift);
  if (value >= std::ldexp(1.0, 64)) {
    throw UsageError(
        bad_value(OptionField::MemLimit, text, "'" + printable(text) + "' is too large"));
  }
  return static_cast<std::uint64_t>(value);
}

std::uint64_t parse_count(const std::string& text, const std::string& option,
                          std::uint64_t at_most) {
  const auto refuse = [&](const std::string& why) {
    return UsageError(option + ": '" + printable(text) + "' " + why);
  };
  const std::string not_a_count = "is not a count (e.g. 1000000, 1e6, 1M, 1,000,000)";
  const auto is_digit = [&](std::size_t at) {
    return at < text.size() && text[at] >= '0' && text[at] <= '9';
  };
  if (text.size() > 1 && text[0] == '-' && is_digit(1))
    throw refuse("is negative (a count is 0 or more)");
  std::string digits;  // those of the integer part and the fraction, separators dropped
  int scale = 0;       // the power of ten `digits` is multiplied by
  std::size_t at = 0;
  while (is_digit(at)) digits += text[at++];
  if (digits.empty()) throw refuse(not_a_count);
  if (at < text.size() && (text[at] == ',' || text[at] == '_')) {
    const char separator = text[at];
    bool threes = digits.size() <= 3;
    while (at < text.size() && text[at] == separator) {
      std::size_t group = 0;
      for (++at; is_digit(at); ++group) digits += text[at++];
      threes = threes && group == 3;
    }
    if (!threes)
      throw refuse("is not a count: digits are grouped in threes (1,000,000 or 1_000_000)");
  }
  if (at < text.size() && text[at] == '.') {
    const std::size_t point = at++;
    while (is_digit(at)) digits += text[at++];
    if (at == point + 1) throw refuse(not_a_count);
    scale -= static_cast<int>(at - point - 1);
  }
  if (at < text.size() && (text[at] == 'e' || text[at] == 'E')) {
    const bool negative = ++at < text.size() && text[at] == '-';
    if (at < text.size() && (text[at] == '-' || text[at] == '+')) ++at;
    if (!is_digit(at)) throw refuse(not_a_count);
    int exponent = 0;
    for (; is_digit(at); ++at) exponent = std::min(exponent * 10 + (text[at] - '0'), 100000);
    scale += negative ? -exponent : exponent;
  }
  if (at < text.size()) {
    const std::size_t suffix = std::string_view("KMGT").find(
        static_cast<char>(std::toupper(static_cast<unsigned char>(text[at]))));
    if (suffix == std::string_view::npos || at + 1 != text.size()) throw refuse(not_a_count);
    scale += 3 * static_cast<int>(suffix + 1);
  }
  digits.erase(0, digits.find_first_not_of('0'));
  if (digits.empty()) return 0;
  while (scale < 0 && digits.back() == '0') {
    digits.pop_back();
    ++scale;
  }
  if (scale < 0) throw refuse("is not a whole number");
  const UsageError too_large = refuse("is too large (at most " + std::to_string(at_most) + ")");
  if (digits.size() + static_cast<std::size_t>(scale) > 20) throw too_large;
  std::uint64_t value = 0;
  for (const char digit : digits + std::string(static_cast<std::size_t>(scale), '0')) {
    if (__builtin_mul_overflow(value, 10u, &value) ||
        __builtin_add_overflow(value, static_cast<unsigned>(digit - '0'), &value)) {
      throw too_large;
    }
  }
  if (value > at_most) throw too_large;
  return value;
}

}  // namespace npuzzle
