// core/move_pruning.cpp — the Aho-Corasick automaton over the duplicate move strings.
#include "core/move_pruning.hpp"

#include <absl/container/flat_hash_map.h>

#include <queue>
#include <stdexcept>
#include <string>

namespace npuzzle {

MovePruning::MovePruning(std::span<const std::string_view> duplicates) {
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
  for (auto& row : edges) {
    for (auto& v : row) v = refused[static_cast<std::size_t>(v)] ? kPruned : v;
  }
  minimize(edges);
}

// Moore's partition refinement: states that refuse the same move strings from here on are merged
// (the trie repeats many futures), which leaves a third fewer states and a table that stays in the
// cache better. The pruning decisions do not change. Refused and unreachable states are dropped.
void MovePruning::minimize(const std::vector<std::array<std::int32_t, 4>>& edges) {
  std::vector<std::int32_t> reachable{kRoot};
  std::vector<bool> seen(edges.size(), false);
  seen[kRoot] = true;
  for (std::size_t i = 0; i < reachable.size(); ++i) {
    for (std::int32_t v : edges[static_cast<std::size_t>(reachable[i])]) {
      if (v != kPruned && !seen[static_cast<std::size_t>(v)]) {
        seen[static_cast<std::size_t>(v)] = true;
        reachable.push_back(v);
      }
    }
  }
  std::vector<std::int32_t> block(edges.size(), 0);
  std::size_t blocks = 1;
  for (;;) {
    absl::flat_hash_map<std::array<std::int32_t, 5>, std::int32_t> numbering;
    std::vector<std::int32_t> refined(edges.size(), 0);
    for (std::int32_t u : reachable) {  // kRoot first: it keeps block 0
      std::array<std::int32_t, 5> signature{block[static_cast<std::size_t>(u)]};
      for (std::size_t m = 0; m < 4; ++m) {
        const std::int32_t v = edges[static_cast<std::size_t>(u)][m];
        signature[m + 1] = v == kPruned ? kPruned : block[static_cast<std::size_t>(v)];
      }
      refined[static_cast<std::size_t>(u)] =
          numbering.try_emplace(signature, static_cast<std::int32_t>(numbering.size()))
              .first->second;
    }
    block = std::move(refined);
    if (numbering.size() == blocks) break;
    blocks = numbering.size();
  }
  next_.assign(blocks * 4, kPruned);
  for (std::int32_t u : reachable) {
    for (std::size_t m = 0; m < 4; ++m) {
      const std::int32_t v = edges[static_cast<std::size_t>(u)][m];
      next_[static_cast<std::size_t>(block[static_cast<std::size_t>(u)]) * 4 + m] =
          v == kPruned ? kPruned : block[static_cast<std::size_t>(v)];
    }
  }
}

std::int32_t MovePruning::after(const std::vector<Move>& moves, std::int32_t state) const {
  for (Move m : moves) {
    if (state == kPruned) break;
    state = next(state, m);
  }
  return state;
}

}  // namespace npuzzle
