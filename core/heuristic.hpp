// core/heuristic.hpp — the contract every heuristic keeps (heuristics/ implements it, the
// searches in core/search/ and parallel/ take it): a per-node value updated move by move.
#pragma once

#include <concepts>

#include "core/board.hpp"

namespace npuzzle {

// The heuristic contract. A heuristic is fixed for one board and goal at construction. Its `Value`
// is the per-node data it keeps (a distance, line codes, database ranks…), small and trivially
// copyable, so a depth-first search keeps one per depth instead of undoing. `estimate(v)` is the
// lower bound in moves; `update(v, tile, from, to)` is the value after `tile` slides from cell
// `from` to cell `to`, computed without the board. Admissible heuristics never overestimate;
// `kAdmissible` says whether a search using it may claim optimality.
template <class H>
concept Heuristic = requires(const H& h, const typename H::Value& v,
                             const State<typename H::BoardType>& s, int tile, int from, int to) {
  typename H::BoardType;
  typename H::Value;
  { h.init(s) } -> std::same_as<typename H::Value>;
  { h.update(v, tile, from, to) } -> std::same_as<typename H::Value>;
  { h.estimate(v) } -> std::convertible_to<int>;
  { H::kAdmissible } -> std::convertible_to<bool>;
};

}  // namespace npuzzle
