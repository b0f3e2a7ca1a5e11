#include "tools/app/options.hpp"

#include <cctype>

#include "tools/app/app.hpp"

namespace npuzzle {

std::atomic<bool> interrupt_requested{false};

std::uint64_t parse_memory_size(const std::string& text) {
  std::size_t digits = 0;
  while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
  std::string suffix = text.substr(digits);
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
    throw UsageError("--mem-limit: '" + text + "' is not a size (e.g. 512M, 4G)");
  }
  return std::stoull(text.substr(0, digits)) << shift;
}

SolveRequest make_request(const SearchOptions& o) {
  SolveRequest request;
  const auto algorithm = parse_algorithm(o.algorithm);
  if (!algorithm) {
    throw UsageError("--algo: unknown algorithm '" + o.algorithm + "' (" + algorithm_names() + ")");
  }
  request.algorithm = *algorithm;
  if (!o.heuristic.empty()) {
    std::string error;
    request.heuristic = parse_heuristic(o.heuristic, error);
    if (!request.heuristic) throw UsageError("--heuristic: " + error);
  }
  if (!o.tie_break.empty()) {  // "": the search's own default
    const auto tie_break = parse_tie_break(o.tie_break);
    if (!tie_break) {
      throw UsageError("--tie-break: unknown value '" + o.tie_break + "' (lifo, fifo, larger-g)");
    }
    request.tie_break = *tie_break;
  }
  if (!parse_owner_hash(o.owner_hash, request.owner_hash)) {
    throw UsageError("--owner-hash: unknown value '" + o.owner_hash +
                     "' (abstract-zobrist, zobrist)");
  }
  request.limits.time_seconds = o.time_limit;
  request.limits.nodes = o.node_limit;
  if (!o.memory_limit.empty()) request.limits.memory_bytes = parse_memory_size(o.memory_limit);
  request.limits.interrupt = &interrupt_requested;
  request.pdb_dir = o.pdb_dir;
  return request;
}

BoardSize parse_size_option(const std::string& text) {
  if (text.empty()) return {};
  const auto size = parse_board_size(text);
  if (!size) throw UsageError("--size: '" + text + "' is not RxC with 2 <= R, C <= 5");
  return *size;
}

GoalSpec parse_goal_option(const std::string& text) {
  if (text.empty() || text == "blank-first") return GoalSpec::blank_first();
  if (text == "blank-last") return GoalSpec::blank_last();
  try {
    return GoalSpec{GoalSpec::Kind::Explicit, parse_tile_list(text)};
  } catch (const InputError& e) {
    throw UsageError("--goal: " + std::string(e.what()) +
                     " (blank-first, blank-last, or the goal's tiles row by row)");
  }
}

}  // namespace npuzzle
