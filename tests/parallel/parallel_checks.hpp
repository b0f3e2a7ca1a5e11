// tests/parallel/parallel_checks.hpp — what the parallel suite's files share: exact distances by a
// breadth-first search, the searches under test by name (HDA* with each owner hash, with and
// without its ramp-up, and parallel IDA*), a check of one answer against a known optimum (solved,
// optimal, the length, the path replayed, the per-worker counts adding up), and the shallow
// instances of Korf's 100 (bench/data/korf100.txt, through NPUZZLE_DATA_DIR).
#pragma once

#include <absl/container/flat_hash_map.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <deque>
#include <fstream>
#include <numeric>
#include <sstream>
#include <string>
#include <vector>

#include "core/search/search_types.hpp"
#include "parallel/hda_star.hpp"
#include "parallel/parallel_ida.hpp"
#include "tests/core/test_support.hpp"
#include "tests/support/korf.hpp"

namespace npuzzle::parallel_checks {

inline constexpr int kThreadCounts[] = {1, 2, 3, 4, 8};

// The distance to the goal of every state reachable from it (unit moves are reversible).
template <class B>
absl::flat_hash_map<typename B::Word, int> distances_from(const State<B>& goal) {
  absl::flat_hash_map<typename B::Word, int> dist;
  std::deque<State<B>> queue{goal};
  dist[goal.word] = 0;
  while (!queue.empty()) {
    const State<B> s = queue.front();
    queue.pop_front();
    const int d = dist[s.word];
    for (Move m : kAllMoves) {
      State<B> t = s;
      if (t.apply(m) && dist.try_emplace(t.word, d + 1).second) queue.push_back(t);
    }
  }
  return dist;
}

// The HDA* variants share the search out from the first node (no ramp-up), except HdaRampUp: with
// the default ramp-up, searches smaller than it run on one worker as A*, larger ones are shared out
// after it.
enum class Algo { HdaZobrist, HdaAbstract, HdaRampUp, ParallelIda };

inline std::string algo_name(Algo a) {
  switch (a) {
    case Algo::HdaZobrist:
      return "hda/zobrist";
    case Algo::HdaAbstract:
      return "hda/abstract-zobrist";
    case Algo::HdaRampUp:
      return "hda/ramp-up";
    case Algo::ParallelIda:
      return "pida";
  }
  return "?";
}

inline constexpr Algo kAlgos[] = {Algo::HdaZobrist, Algo::HdaAbstract, Algo::HdaRampUp,
                                  Algo::ParallelIda};

template <class B, class H>
SearchResult solve(Algo algo, const H& h, const Goal<B>& goal, const State<B>& start, int threads,
                   const Limits& limits = {}) {
  switch (algo) {
    case Algo::HdaZobrist:
      return hda_star(h, goal, start, limits, HdaOptions{threads, OwnerHash::Zobrist, 0});
    case Algo::HdaAbstract:
      return hda_star(h, goal, start, limits, HdaOptions{threads, OwnerHash::AbstractZobrist, 0});
    case Algo::HdaRampUp:
      return hda_star(h, goal, start, limits, HdaOptions{threads});
    case Algo::ParallelIda:
      return parallel_ida_star(h, goal, start, limits, threads);
  }
  return {};
}

// Solves `start` and checks the result against the known optimum `expected`.
template <class B, class H>
void expect_optimal(Algo algo, const H& h, const Goal<B>& goal, const State<B>& start, int threads,
                    int expected) {
  const SearchResult r = solve(algo, h, goal, start, threads);
  SCOPED_TRACE(algo_name(algo) + " threads " + std::to_string(threads));
  ASSERT_EQ(r.status, Status::Solved);
  EXPECT_TRUE(r.optimal);
  EXPECT_EQ(static_cast<int>(r.path.size()), expected);
  EXPECT_TRUE(testing::replays_to(start, r.path, goal.state));
  EXPECT_EQ(r.stats.expanded_per_worker.size(), static_cast<std::size_t>(threads));
  EXPECT_EQ(std::accumulate(r.stats.expanded_per_worker.begin(), r.stats.expanded_per_worker.end(),
                            std::uint64_t{0}),
            r.stats.expanded);
}

struct KorfInstance {
  int id = 0;
  int length = 0;
  State<Board<4, 4>> state;
};

inline std::vector<KorfInstance> korf_instances(int max_length) {
  std::vector<KorfInstance> out;
  for (const korf_data::Instance& k : korf_data::all()) {
    if (k.length <= max_length)
      out.push_back({k.id, k.length, testing::state_from<Board<4, 4>>(k.tiles)});
  }
  return out;
}

// Korf's instance `id` (tests/support/korf.hpp: its test fails when the file lacks it).
inline KorfInstance korf_instance(int id) {
  const korf_data::Instance& k = korf_data::by_id(id);
  return {k.id, k.length, testing::state_from<Board<4, 4>>(k.tiles)};
}

}  // namespace npuzzle::parallel_checks
