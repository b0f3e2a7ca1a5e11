// tests/support/oracle.hpp — the tests' own model of the puzzle, sharing no code with core/ or
// heuristics/, so that a bug there cannot hide itself behind the check meant to catch it.
//
// A board is its tiles in row-major order (0 the blank). A move names the direction the blank
// goes (U D L R). `slide` (tests/support/independent_moves.hpp) is the one move function: the
// replay of a solution and both searches below go through it. `full_distances` is a breadth-first
// search over every state of a board of at most 12 cells (indexed by a Lehmer code of its own;
// 2x5: 3.6 MB); `proven_distance` is a bidirectional breadth-first search that proves the distance
// between two states of any board up to a depth.
// Random numbers come from a fixed 64-bit generator (splitmix64), the same on every platform.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "tests/support/independent_moves.hpp"

namespace npuzzle::oracle {

using Tiles = std::vector<int>;

// The one move function and the replay, from tests/support/independent_moves.hpp.
using test_moves::kMoves;
using test_moves::replay;
using test_moves::replay_reaches;
using test_moves::slide;

// Blank-first (0 1 2 …) and blank-last (1 2 … 0) goals.
inline Tiles blank_first(int cells) {
  Tiles t(static_cast<std::size_t>(cells));
  for (int i = 0; i < cells; ++i) t[static_cast<std::size_t>(i)] = i;
  return t;
}
inline Tiles blank_last(int cells) {
  Tiles t = blank_first(cells);
  std::rotate(t.begin(), t.begin() + 1, t.end());
  return t;
}

class Rng {
 public:
  explicit Rng(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  std::uint64_t below(std::uint64_t n) { return next() % n; }

 private:
  std::uint64_t state_;
};

// A walk of `steps` random legal moves from `from` that never undoes its last move.
inline Tiles random_walk(Tiles t, int rows, int cols, int steps, Rng& rng) {
  char last = 0;
  for (int done = 0; done < steps;) {
    const char m = kMoves[rng.below(4)];
    const char back = m == 'U' ? 'D' : m == 'D' ? 'U' : m == 'L' ? 'R' : 'L';
    if (back == last || !slide(t, rows, cols, m)) continue;
    last = m;
    ++done;
  }
  return t;
}

// ---- every distance of a board of at most 12 cells --------------------------------------------

// The Lehmer code of a permutation of 0 … n-1 (its first n cells): its index among them in
// lexicographic order.
template <class Cells>
std::uint64_t lehmer_rank(const Cells& t, int n) {
  std::uint64_t rank = 0;
  for (int i = 0; i < n; ++i) {
    std::uint64_t smaller_after = 0;
    for (int j = i + 1; j < n; ++j) smaller_after += t[j] < t[i];
    rank = rank * static_cast<std::uint64_t>(n - i) + smaller_after;
  }
  return rank;
}
inline std::uint64_t lehmer_rank(const Tiles& t) {
  return lehmer_rank(t, static_cast<int>(t.size()));
}

// The permutation of 0 … n-1 of Lehmer code `rank`, into the first n cells of `t`.
template <class Cells>
void lehmer_unrank(std::uint64_t rank, int n, Cells& t) {
  int digits[32];
  for (int i = n - 1; i >= 0; --i) {
    const auto radix = static_cast<std::uint64_t>(n - i);
    digits[i] = static_cast<int>(rank % radix);
    rank /= radix;
  }
  std::uint32_t used = 0;
  for (int i = 0; i < n; ++i) {
    int value = 0;  // the digits[i]-th value not used yet
    for (int skip = digits[i];; ++value) {
      if (used >> value & 1) continue;
      if (skip-- == 0) break;
    }
    used |= std::uint32_t{1} << value;
    t[i] = value;
  }
}
inline Tiles lehmer_unrank(std::uint64_t rank, int n) {
  Tiles t(static_cast<std::size_t>(n));
  lehmer_unrank(rank, n, t);
  return t;
}

inline constexpr std::uint8_t kFar = 0xFF;  // full_distances: not reachable

// The distance from `goal` of every permutation of a rows x cols board (rows x cols <= 12),
// indexed by lehmer_rank; kFar for the other parity class.
inline std::vector<std::uint8_t> full_distances(const Tiles& goal, int rows, int cols) {
  const int n = rows * cols;
  std::uint64_t count = 1;
  for (int i = 2; i <= n; ++i) count *= static_cast<std::uint64_t>(i);
  std::vector<std::uint8_t> distance(count, kFar);
  std::vector<std::uint64_t> frontier{lehmer_rank(goal)}, next;
  distance[frontier.front()] = 0;
  for (int depth = 1; !frontier.empty(); ++depth) {
    next.clear();
    for (std::uint64_t rank : frontier) {
      std::array<int, 12> t{};
      lehmer_unrank(rank, n, t);
      for (char m : kMoves) {
        std::array<int, 12> child = t;
        if (!slide(child, rows, cols, m)) continue;
        const std::uint64_t r = lehmer_rank(child, n);
        if (distance[r] != kFar) continue;
        distance[r] = static_cast<std::uint8_t>(depth);
        next.push_back(r);
      }
    }
    frontier.swap(next);
  }
  return distance;
}

// ---- the distance between two states of any board, up to a depth ------------------------------

// The distance from `start` to `goal`, proven by a breadth-first search from both ends that
// expands whole layers, the smaller frontier first; nullopt when it is more than `max_depth`.
inline std::optional<int> proven_distance(const Tiles& start, const Tiles& goal, int rows, int cols,
                                          int max_depth) {
  using Key = std::string;
  auto key = [](const Tiles& t) { return Key(t.begin(), t.end()); };
  if (start == goal) return 0;
  std::unordered_map<Key, int> seen[2];
  std::vector<Tiles> frontier[2] = {{start}, {goal}};
  int depth[2] = {0, 0};
  seen[0].emplace(key(start), 0);
  seen[1].emplace(key(goal), 0);
  while (depth[0] + depth[1] < max_depth && !frontier[0].empty() && !frontier[1].empty()) {
    const int side = frontier[0].size() <= frontier[1].size() ? 0 : 1;
    std::vector<Tiles> next;
    std::optional<int> best;
    for (const Tiles& t : frontier[side]) {
      for (char m : kMoves) {
        Tiles child = t;
        if (!slide(child, rows, cols, m)) continue;
        Key k = key(child);
        if (seen[side].count(k)) continue;
        const auto met = seen[1 - side].find(k);
        if (met != seen[1 - side].end()) {
          const int through = depth[side] + 1 + met->second;
          if (!best || through < *best) best = through;
        }
        seen[side].emplace(std::move(k), depth[side] + 1);
        next.push_back(std::move(child));
      }
    }
    ++depth[side];
    frontier[side].swap(next);
    // Every state within depth[s] of each end is in seen[s], and no path was found before this
    // layer: the shortest path through this layer is the shortest of all.
    if (best) return *best <= max_depth ? best : std::nullopt;
  }
  return std::nullopt;
}

}  // namespace npuzzle::oracle
