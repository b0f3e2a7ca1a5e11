// engine/checkpoint_fields.hpp — the field readers of a checkpoint's lines that its reader
// (engine/checkpoint_read.cpp) and the position lines' parsers
// (engine/checkpoint_position_lines.cpp) share: a corrupt file's error, numbers, hex numbers and
// words; and those parsers.
//
// Invariants: every reader takes the whole of its text or throws Corrupt naming the line's key;
// the position lines' parsers give values within the frontier's `subtrees` (indices increasing).
#pragma once

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "core/input_error.hpp"
#include "parallel/ida_position.hpp"

namespace npuzzle::checkpoint_fields {

class Corrupt : public InputError {
 public:
  explicit Corrupt(const std::string& what) : InputError("corrupt: " + what) {}
};

// One unsigned number, the whole of `text`.
template <class T>
T number(std::string_view text, const std::string& key) {
  T value{};
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size()) {
    throw Corrupt(key + ": '" + std::string(text) + "' is not a number");
  }
  return value;
}

// 16 hex digits, the whole of `text`.
inline std::uint64_t hex_number(std::string_view text, const std::string& key) {
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value, 16);
  if (text.size() != 16 || error != std::errc() || end != text.data() + text.size()) {
    throw Corrupt(key + ": '" + std::string(text) + "' is not 16 hex digits");
  }
  return value;
}

inline std::vector<std::string_view> words(std::string_view text) {
  std::vector<std::string_view> out;
  while (!text.empty()) {
    const std::size_t space = text.find(' ');
    out.push_back(text.substr(0, space));
    if (space == std::string_view::npos) break;
    text.remove_prefix(space + 1);
  }
  return out;
}

// The done flags: "-", or ranges such as "0-3,5,7-9" among the frontier's `subtrees`.
std::vector<bool> parse_done(std::string_view text, std::size_t subtrees);
// A*+IDA*'s closest approaches: "-", or index:closest pairs with increasing indices among the
// frontier's `subtrees`, at most IdaPosition::kMaxClosestApproaches.
std::vector<IdaPosition::ClosestApproach> parse_closest(std::string_view text,
                                                        std::size_t subtrees);
// A*+IDA*'s children's closest approaches: "-", or index:a,b,c,d (by move, each a number below
// 255 or "-") with increasing indices among the frontier's `subtrees`, at most
// IdaPosition::kMaxClosestApproaches.
std::vector<IdaPosition::ChildApproaches> parse_children(std::string_view text,
                                                         std::size_t subtrees);
// A subtree cut short: its index (not done) and the moves from its frontier node.
PartialSubtree parse_partial(std::string_view text, const std::vector<bool>& done);

}  // namespace npuzzle::checkpoint_fields
