// The position lines of a checkpoint (engine/checkpoint.hpp gives the format): the done flags,
// A*+IDA*'s closest approaches and its children's, and the subtrees cut short. The rest of the
// reader is engine/checkpoint_read.cpp.
#include <string>
#include <string_view>
#include <vector>

#include "core/board.hpp"
#include "engine/checkpoint_fields.hpp"
#include "text/parse.hpp"

namespace npuzzle::checkpoint_fields {

std::vector<bool> parse_done(std::string_view text, std::size_t subtrees) {
  std::vector<bool> done(subtrees, false);
  if (text == "-") return done;
  while (!text.empty()) {
    const std::size_t comma = text.find(',');
    const std::string_view range = text.substr(0, comma);
    const std::size_t dash = range.find('-');
    const auto first = number<std::size_t>(range.substr(0, dash), "done");
    const auto last = dash == std::string_view::npos
                          ? first
                          : number<std::size_t>(range.substr(dash + 1), "done");
    if (first > last || last >= subtrees) {
      throw Corrupt("done: '" + std::string(range) + "' is not among the " +
                    std::to_string(subtrees) + " subtrees");
    }
    for (std::size_t i = first; i <= last; ++i) done[i] = true;
    if (comma == std::string_view::npos) break;
    text.remove_prefix(comma + 1);
  }
  return done;
}

std::vector<IdaPosition::ClosestApproach> parse_closest(std::string_view text,
                                                        std::size_t subtrees) {
  std::vector<IdaPosition::ClosestApproach> closest;
  if (text == "-") return closest;
  for (std::string_view pair : words(text)) {
    if (closest.size() == IdaPosition::kMaxClosestApproaches) {
      throw Corrupt("closest: more than " + std::to_string(IdaPosition::kMaxClosestApproaches) +
                    " pairs");
    }
    const std::size_t colon = pair.find(':');
    if (colon == std::string_view::npos) {
      throw Corrupt("closest: '" + std::string(pair) + "' is not index:closest");
    }
    const auto index = number<std::size_t>(pair.substr(0, colon), "closest");
    const auto value = number<unsigned>(pair.substr(colon + 1), "closest");
    if (index >= subtrees || value > 255 || (!closest.empty() && index <= closest.back().index)) {
      throw Corrupt("closest: '" + std::string(pair) + "' is not a frontier node's, in order, of " +
                    "the " + std::to_string(subtrees));
    }
    closest.push_back({static_cast<std::uint32_t>(index), static_cast<std::uint8_t>(value)});
  }
  return closest;
}

std::vector<IdaPosition::ChildApproaches> parse_children(std::string_view text,
                                                         std::size_t subtrees) {
  std::vector<IdaPosition::ChildApproaches> children;
  if (text == "-") return children;
  for (std::string_view entry : words(text)) {
    if (children.size() == IdaPosition::kMaxClosestApproaches) {
      throw Corrupt("children: more than " + std::to_string(IdaPosition::kMaxClosestApproaches) +
                    " nodes");
    }
    const auto refused = [&](const std::string& why) {
      return Corrupt("children: '" + std::string(entry) + "' " + why);
    };
    const std::size_t colon = entry.find(':');
    if (colon == std::string_view::npos) throw refused("is not index:up,down,left,right");
    IdaPosition::ChildApproaches c;
    const auto index = number<std::size_t>(entry.substr(0, colon), "children");
    if (index >= subtrees || (!children.empty() && index <= children.back().index)) {
      throw refused("is not a frontier node's, in order, of the " + std::to_string(subtrees));
    }
    c.index = static_cast<std::uint32_t>(index);
    std::string_view values = entry.substr(colon + 1);
    for (std::size_t m = 0; m < c.by_move.size(); ++m) {
      const std::size_t comma = values.find(',');
      if ((m + 1 < c.by_move.size()) != (comma != std::string_view::npos)) {
        throw refused("does not give four moves");
      }
      const std::string_view value = values.substr(0, comma);
      if (value != "-") {
        const auto v = number<unsigned>(value, "children");
        if (v >= IdaPosition::ChildApproaches::kNoApproach) throw refused("is out of range");
        c.by_move[m] = static_cast<std::uint8_t>(v);
      }
      if (comma != std::string_view::npos) values.remove_prefix(comma + 1);
    }
    children.push_back(c);
  }
  return children;
}

PartialSubtree parse_partial(std::string_view text, const std::vector<bool>& done) {
  const std::vector<std::string_view> fields = words(text);
  if (fields.size() != 2 || fields[1].empty()) {
    throw Corrupt("partial: '" + std::string(text) + "' is not a subtree and its moves");
  }
  PartialSubtree partial;
  partial.index = number<std::size_t>(fields[0], "partial");
  if (partial.index >= done.size() || done[partial.index]) {
    throw Corrupt("partial: subtree " + std::to_string(partial.index) +
                  " is not an unfinished one of the " + std::to_string(done.size()));
  }
  for (const char c : fields[1]) {
    Move m{};
    if (!parse_move(c, m)) throw Corrupt("partial: '" + std::string(fields[1]) + "' is not moves");
    partial.path.push_back(m);
  }
  return partial;
}

}  // namespace npuzzle::checkpoint_fields
