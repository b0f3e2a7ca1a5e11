// tests/core/move_pruning_test.cpp — the duplicate move strings (core/duplicate_moves.hpp) and the
// automaton that prunes them (core/move_pruning.hpp), checked on the real boards: every duplicate
// is matched by its witness wherever it can be played, the automaton refuses exactly the paths that
// contain a duplicate, and a search that follows only unpruned moves still reaches every state at
// its breadth-first distance.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/board.hpp"
#include "core/duplicate_moves.hpp"
#include "core/move_pruning.hpp"
#include "core/random.hpp"

namespace npuzzle {
namespace {

std::vector<Move> moves_of(const std::string& letters) {
  std::vector<Move> moves;
  for (char c : letters) {
    Move m{};
    EXPECT_TRUE(parse_move(c, m)) << letters;
    moves.push_back(m);
  }
  return moves;
}

// Plays `moves` from `s`; false when the blank would leave the board.
template <class B>
bool play(State<B>& s, const std::vector<Move>& moves) {
  for (Move m : moves) {
    const int to = B::neighbour(s.blank, m);
    if (to < 0) return false;
    s.move_blank_to(to);
  }
  return true;
}

// A state with every tile distinct and the blank on `blank`.
template <class B>
State<B> numbered_state(int blank) {
  Tiles<B> tiles{};
  int next = 1;
  for (int c = 0; c < B::kCells; ++c) {
    tiles[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(c == blank ? 0 : next++);
  }
  return State<B>::from_tiles(tiles);
}

TEST(DuplicateMoves, TheShortestAreTheMovesBack) {
  const auto found = duplicate_move_strings(5, 5);
  std::vector<std::string> strings;
  for (const auto& d : found) strings.push_back(d.duplicate);
  EXPECT_EQ(strings, (std::vector<std::string>{"UD", "DU", "LR", "RL"}));
  for (const auto& d : found) EXPECT_EQ(d.witness, "");
}

bool earlier(const std::string& a, const std::string& b) {
  auto rank = [](char c) { return std::string("UDLR").find(c); };
  if (a.size() != b.size()) return a.size() < b.size();
  return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end(),
                                      [&](char x, char y) { return rank(x) < rank(y); });
}

template <class B>
void expect_witnesses_hold(const std::vector<DuplicateMoves>& duplicates) {
  int played = 0;
  for (const auto& d : duplicates) {
    EXPECT_TRUE(earlier(d.witness, d.duplicate)) << d.duplicate << " " << d.witness;
    const auto duplicate = moves_of(d.duplicate), witness = moves_of(d.witness);
    for (int blank = 0; blank < B::kCells; ++blank) {
      State<B> by_duplicate = numbered_state<B>(blank), by_witness = by_duplicate;
      if (!play(by_duplicate, duplicate)) continue;
      ++played;
      ASSERT_TRUE(play(by_witness, witness)) << B::name() << " " << d.duplicate << " " << d.witness;
      ASSERT_EQ(by_duplicate.word, by_witness.word) << B::name() << " " << d.duplicate;
    }
  }
  if (B::kRows >= 3 && B::kCols >= 3) {
    EXPECT_GT(played, 0) << B::name();
  }
}

TEST(DuplicateMoves, EveryWitnessReachesTheSameStateOnEveryBoard) {
  const auto duplicates = duplicate_move_strings(12, 5);
  ASSERT_GT(duplicates.size(), 1000u);
  expect_witnesses_hold<Board<2, 2>>(duplicates);
  expect_witnesses_hold<Board<2, 5>>(duplicates);
  expect_witnesses_hold<Board<3, 3>>(duplicates);
  expect_witnesses_hold<Board<3, 5>>(duplicates);
  expect_witnesses_hold<Board<4, 4>>(duplicates);
  expect_witnesses_hold<Board<5, 3>>(duplicates);
  expect_witnesses_hold<Board<5, 5>>(duplicates);
}

TEST(DuplicateMoves, NoDuplicateContainsAnother) {
  const auto duplicates = duplicate_move_strings(12, 5);
  for (const auto& d : duplicates) {
    for (const auto& other : duplicates) {
      if (other.duplicate.size() >= d.duplicate.size()) continue;
      EXPECT_EQ(d.duplicate.find(other.duplicate), std::string::npos)
          << d.duplicate << " contains " << other.duplicate;
    }
  }
}

TEST(MovePruning, RefusesExactlyThePathsThatContainADuplicate) {
  const std::vector<std::string_view> duplicates = {"UD", "DU", "LR", "RL", "LURDLU", "RDLURD"};
  const MovePruning automaton(duplicates);
  Rng rng(12);
  for (int trial = 0; trial < 20000; ++trial) {
    std::string letters;
    const auto length = 1 + rng.below(12);
    for (std::uint64_t i = 0; i < length; ++i) letters += "UDLR"[rng.below(4)];
    bool contains = false;
    for (auto d : duplicates) contains = contains || letters.find(d) != std::string::npos;
    EXPECT_EQ(automaton.after(moves_of(letters)) == MovePruning::kPruned, contains) << letters;
  }
  const std::vector<std::string_view> bad = {"UX"};
  EXPECT_THROW(MovePruning{bad}, std::invalid_argument);
}

TEST(MovePruning, TheStandardAutomatonPrunesLongStrings) {
  const MovePruning& standard = MovePruning::standard();
  EXPECT_GT(generated_duplicate_move_strings().size(), 2540u);  // more than those of 12 moves
  for (auto d : generated_duplicate_move_strings()) {
    ASSERT_EQ(standard.after(moves_of(std::string(d))), MovePruning::kPruned) << d;
  }
  EXPECT_NE(standard.after(moves_of("LLLLUUUURRRR")), MovePruning::kPruned);  // one path only
  // The minimized automaton refuses exactly the paths with a generated string in them.
  Rng rng(7);
  int refused = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    std::string letters;
    const auto length = 8 + rng.below(16);
    for (std::uint64_t i = 0; i < length; ++i) {
      char c;
      do {
        c = "UDLR"[rng.below(4)];
      } while (!letters.empty() && (std::string("DULR")[std::string("UDLR").find(c)] ==
                                    letters.back()));  // no move straight back
      letters += c;
    }
    bool contains = false;
    for (auto d : generated_duplicate_move_strings()) {
      contains = contains || letters.find(d) != std::string::npos;
    }
    refused += contains;
    ASSERT_EQ(standard.after(moves_of(letters)) == MovePruning::kPruned, contains) << letters;
  }
  EXPECT_GT(refused, 100);
  EXPECT_LT(refused, 2900);
}

// Every path the automaton lets through from `start`, up to `depth` moves: the least depth at
// which each state is reached must be its breadth-first distance.
template <class B>
void expect_least_paths_survive(int blank, int depth) {
  const State<B> start = numbered_state<B>(blank);
  std::unordered_map<std::uint64_t, int> distance{{start.word, 0}};
  std::vector<State<B>> frontier{start};
  for (int d = 1; d <= depth; ++d) {
    std::vector<State<B>> next;
    for (const State<B>& s : frontier) {
      for (Move m : kAllMoves) {
        const int to = B::neighbour(s.blank, m);
        if (to < 0) continue;
        State<B> child = s;
        child.move_blank_to(to);
        if (distance.try_emplace(child.word, d).second) next.push_back(child);
      }
    }
    frontier = std::move(next);
  }
  const MovePruning& automaton = MovePruning::standard();
  std::unordered_map<std::uint64_t, int> least;
  auto walk = [&](auto&& self, State<B> s, std::int32_t state, int g) -> void {
    auto [it, fresh] = least.try_emplace(s.word, g);
    if (!fresh) it->second = std::min(it->second, g);
    if (g == depth) return;
    for (Move m : kAllMoves) {
      const int to = B::neighbour(s.blank, m);
      const std::int32_t next = automaton.next(state, m);
      if (to < 0 || next == MovePruning::kPruned) continue;
      State<B> child = s;
      child.move_blank_to(to);
      self(self, child, next, g + 1);
    }
  };
  walk(walk, start, MovePruning::kRoot, 0);
  ASSERT_EQ(least.size(), distance.size()) << B::name() << " blank " << blank;
  for (const auto& [word, d] : distance) {
    ASSERT_EQ(least.at(word), d) << B::name() << " blank " << blank;
  }
}

TEST(MovePruning, EveryStateIsStillReachedAtItsDistance) {
  for (int blank = 0; blank < 9; ++blank) expect_least_paths_survive<Board<3, 3>>(blank, 18);
  for (int blank : {0, 1, 5}) expect_least_paths_survive<Board<4, 4>>(blank, 17);
  for (int blank : {0, 2, 7}) expect_least_paths_survive<Board<3, 5>>(blank, 16);
  expect_least_paths_survive<Board<2, 4>>(3, 20);
}

}  // namespace
}  // namespace npuzzle
