#include "core/option_values.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <limits>

namespace npuzzle {

BoardSize parse_size_option(const std::string& text) {
  if (text.empty()) return {};
  const auto size = parse_board_size(text);
  if (!size) throw UsageError("--size: '" + printable(text) + "' is not RxC with 2 <= R, C <= 5");
  return *size;
}

GoalSpec parse_goal_option(const std::string& text, const std::string& source) {
  const auto blank = [](unsigned char c) { return std::isspace(c) != 0; };
  const auto first = std::find_if_not(text.begin(), text.end(), blank);
  const auto last = std::find_if_not(text.rbegin(), text.rend(), blank).base();
  const std::string goal = first < last ? std::string(first, last) : std::string();
  if (goal.empty() || goal == "blank-first") return GoalSpec::blank_first();
  if (goal == "blank-last") return GoalSpec::blank_last();
  try {
    return GoalSpec{GoalSpec::Kind::Explicit, parse_tile_list(goal)};
  } catch (const InputError& e) {
    throw UsageError(source + ": " + std::string(e.what()) +
                     " (blank-first, blank-last, or the goal's tiles row by row)");
  }
}

GoalSpec goal_option(const std::vector<int>& tiles) {
  std::vector<bool> seen(tiles.size(), false);
  for (int t : tiles) {
    if (t < 0 || static_cast<std::size_t>(t) >= tiles.size() || seen[static_cast<std::size_t>(t)]) {
      throw UsageError("--goal: the tiles are not 0 to " + std::to_string(tiles.size() - 1) +
                       " each once");
    }
    seen[static_cast<std::size_t>(t)] = true;
  }
  return GoalSpec::of_tiles(tiles);
}

std::uint64_t parse_memory_size(const std::string& text, const std::string& option) {
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
    throw UsageError(option + ": '" + printable(text) + "' is not a size (e.g. 512M, 4G)");
  }
  const double value = std::stod(text.substr(0, number_end)) * std::ldexp(1.0, shift);
  if (value >= std::ldexp(1.0, 64)) {
    throw UsageError(option + ": '" + printable(text) + "' is too large");
  }
  return static_cast<std::uint64_t>(value);
}

std::uint64_t parse_count(const std::string& text, const std::string& option) {
  std::uint64_t value = 0;
  const char* first = text.data();
  const char* last = first + text.size();
  const bool digits_only = !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
    return c >= '0' && c <= '9';
  });
  const auto [end, error] = std::from_chars(first, last, value);
  if (!digits_only || end != last) {
    throw UsageError(option + ": '" + printable(text) + "' is not a whole number >= 0");
  }
  if (error == std::errc::result_out_of_range) {
    throw UsageError(option + ": '" + printable(text) + "' is too large (at most " +
                     std::to_string(std::numeric_limits<std::uint64_t>::max()) + ")");
  }
  return value;
}

}  // namespace npuzzle
