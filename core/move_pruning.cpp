// core/move_pruning.cpp — the Aho-Corasick automaton over the duplicate move strings.
#include "core/move_pruning.hpp"

#include <queue>
#include <stdexcept>
#include <string>

namespace npuzzle {

MovePruning::MovePruning(const std::vector<std::string_view>& duplicates) {
  // The trie of the strings: a state per distinct prefix, -1 for no edge yet.
  std::vector<std::array<std::int32_t, 4>> edges(1, {-1, -1, -1, -1});
  std::vector<bool> refused(1, false);
  for (std::string_view s : duplicates) {
    std::int32_t state = kRoot;
    for (char c : s) {
      Move m;
      if (!parse_move(c, m)) throw std::invalid_argument("MovePruning: '" + std::string(s) + "'");
      const auto from = static_cast<std::size_t>(state);
      if (edges[from][static_cast<std::size_t>(m)] < 0) {
        edges[from][static_cast<std::size_t>(m)] = static_cast<std::int32_t>(edges.size());
        edges.push_back({-1, -1, -1, -1});
        refused.push_back(false);
      }
      state = edges[from][static_cast<std::size_t>(m)];
    }
    refused[static_cast<std::size_t>(state)] = true;
  }
  // Breadth-first, each state's missing edges follow its longest proper suffix that is a prefix
  // (the failure link), and a state is refused when that suffix is.
  std::vector<std::int32_t> failure(edges.size(), kRoot);
  std::queue<std::int32_t> queue;
  for (auto& edge : edges[kRoot]) {
    if (edge < 0) {
      edge = kRoot;
    } else {
      queue.push(edge);
    }
  }
  while (!queue.empty()) {
    const auto u = static_cast<std::size_t>(queue.front());
    queue.pop();
    refused[u] = refused[u] || refused[static_cast<std::size_t>(failure[u])];
    for (std::size_t m = 0; m < 4; ++m) {
      const std::int32_t via_failure = edges[static_cast<std::size_t>(failure[u])][m];
      std::int32_t& edge = edges[u][m];
      if (edge < 0) {
        edge = via_failure;
      } else {
        failure[static_cast<std::size_t>(edge)] = via_failure;
        queue.push(edge);
      }
    }
  }
  next_.resize(edges.size() * 4);
  for (std::size_t u = 0; u < edges.size(); ++u) {
    for (std::size_t m = 0; m < 4; ++m) {
      const std::int32_t v = edges[u][m];
      next_[u * 4 + m] = refused[static_cast<std::size_t>(v)] ? kPruned : v;
    }
  }
}

const MovePruning& MovePruning::standard() {
  static const MovePruning automaton(generated_duplicate_move_strings());
  return automaton;
}

std::int32_t MovePruning::after(const std::vector<Move>& moves, std::int32_t state) const {
  for (Move m : moves) {
    if (state == kPruned) break;
    state = next(state, m);
  }
  return state;
}

}  // namespace npuzzle
