// core/move_pruning.hpp — duplicate-path pruning for the depth-first searches: an automaton over
// the moves of the current path that refuses every move completing a duplicate move string
// (core/duplicate_moves.hpp; Taylor and Korf 1993).
//
// States are small integers; kRoot is the state of an empty path. next(state, move) is the state
// after the move, or kPruned when the path would then end with a duplicate string (the move back
// to the parent is one: "UD", "LR", ...). Because every duplicate has a witness that is played
// wherever it is, and the least path to every state contains no duplicate, a search that follows
// only unpruned moves still reaches every state along its least path, and finds every optimal
// solution length. The standard automaton covers the strings of up to NPUZZLE_DUPLICATE_MOVES moves
// that fit 5x5; the build computes its table, which is copied once per process, on first use.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "core/board.hpp"

namespace npuzzle {

class MovePruning {
 public:
  static constexpr std::int32_t kRoot = 0;
  static constexpr std::int32_t kPruned = -1;

  // The automaton that refuses the given strings (U D L R letters; anything else throws).
  explicit MovePruning(std::span<const std::string_view> duplicates);

  // The automaton of the strings generated with the project, whose table the build computed
  // (core/move_pruning_standard.cpp); thread-safe.
  static const MovePruning& standard();

  std::int32_t next(std::int32_t state, Move move) const {
    return next_[static_cast<std::size_t>(state) * 4 + static_cast<std::size_t>(move)];
  }
  // next(state, move) == table()[state * 4 + move], for the search's hot loop.
  const std::int32_t* table() const { return next_.data(); }
  const std::vector<std::int32_t>& transitions() const { return next_; }
  std::size_t states() const { return next_.size() / 4; }
  // The state after `moves` from kRoot, or kPruned if some move is refused.
  std::int32_t after(const std::vector<Move>& moves, std::int32_t state = kRoot) const;

 private:
  struct FromTable {};
  MovePruning(FromTable, std::span<const std::int32_t> table) : next_(table.begin(), table.end()) {}
  void minimize(const std::vector<std::array<std::int32_t, 4>>& edges);

  std::vector<std::int32_t> next_;
};

// The strings of the standard automaton and its transitions (MovePruning(strings).transitions()),
// which core/generate/duplicate_moves_main.cpp writes when the project is built.
std::span<const std::string_view> generated_duplicate_move_strings();
std::span<const std::int32_t> generated_move_pruning_table();

}  // namespace npuzzle
