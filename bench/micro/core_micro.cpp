// Micro benchmarks of the node-level operations: moves on the packed word (4x4, 5x5), incremental
// and full Manhattan and linear conflict, ranking of 3x3 permutations, and A* on the 8-puzzle.
// Every benchmark reports items/s (moves, updates, boards, ranks or generated nodes per second).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "core/goal.hpp"
#include "core/random.hpp"
#include "core/rank.hpp"
#include "core/search/astar.hpp"
#include "heuristics/linear_conflict.hpp"
#include "heuristics/manhattan.hpp"

namespace npuzzle {
namespace {

constexpr std::size_t kWalkLength = 4096;

// One step of a walk: the blank goes to `target`, so `tile` slides from `target` to `blank`.
struct Step {
  std::uint8_t target;
  std::uint8_t tile;
  std::uint8_t blank;
};

template <class B>
State<B> random_state(Rng& rng) {
  const std::vector<int> goal = GoalSpec::blank_first().tiles_for(B::kCells);
  const std::vector<int> tiles = random_solvable(B::kRows, B::kCols, goal, rng);
  Tiles<B> t{};
  for (int c = 0; c < B::kCells; ++c)
    t[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(tiles[static_cast<std::size_t>(c)]);
  return State<B>::from_tiles(t);
}

// A random walk that never undoes its last move; after kWalkLength steps the walk is undone in
// reverse, so replaying walk + reversed walk returns to the start and can loop forever.
template <class B>
std::vector<Step> round_trip_walk(State<B> s) {
  Rng rng(11);
  std::vector<Step> steps;
  int previous = -1;
  for (std::size_t i = 0; i < kWalkLength; ++i) {
    const auto& moves = B::kMoveTable[s.blank];
    int target;
    do {
      target = moves.targets[rng.below(moves.count)];
    } while (target == previous);
    steps.push_back(
        {static_cast<std::uint8_t>(target), static_cast<std::uint8_t>(s.tile_at(target)), s.blank});
    previous = s.blank;
    s.move_blank_to(target);
  }
  for (std::size_t i = kWalkLength; i-- > 0;) {
    const Step& forward = steps[i];
    steps.push_back({forward.blank, forward.tile, forward.target});
  }
  return steps;
}

template <class B>
void BM_MoveGeneration(benchmark::State& bench) {
  Rng rng(1);
  State<B> s = random_state<B>(rng);
  const std::vector<Step> walk = round_trip_walk(s);
  for (auto _ : bench) {
    for (const Step& step : walk) s.move_blank_to(step.target);
    benchmark::DoNotOptimize(s);
  }
  bench.SetItemsProcessed(static_cast<std::int64_t>(bench.iterations() * walk.size()));
}
BENCHMARK(BM_MoveGeneration<Board<4, 4>>);
BENCHMARK(BM_MoveGeneration<Board<5, 5>>);

template <class H>
void BM_IncrementalUpdate(benchmark::State& bench) {
  using B = typename H::BoardType;
  const auto goal = Goal<B>::from_spec(GoalSpec::blank_first());
  const H h(goal);
  Rng rng(2);
  const State<B> start = random_state<B>(rng);
  const std::vector<Step> walk = round_trip_walk(start);
  auto value = h.init(start);
  for (auto _ : bench) {
    for (const Step& step : walk) value = h.update(value, step.tile, step.target, step.blank);
    benchmark::DoNotOptimize(value);
  }
  bench.SetItemsProcessed(static_cast<std::int64_t>(bench.iterations() * walk.size()));
}

template <class B>
void BM_ManhattanUpdate(benchmark::State& bench) {
  BM_IncrementalUpdate<Manhattan<B>>(bench);
}
template <class B>
void BM_LinearConflictUpdate(benchmark::State& bench) {
  BM_IncrementalUpdate<LinearConflict<B>>(bench);
}
BENCHMARK(BM_ManhattanUpdate<Board<4, 4>>);
BENCHMARK(BM_ManhattanUpdate<Board<5, 5>>);
BENCHMARK(BM_LinearConflictUpdate<Board<4, 4>>);
BENCHMARK(BM_LinearConflictUpdate<Board<5, 5>>);

template <class H>
void BM_FullInit(benchmark::State& bench) {
  using B = typename H::BoardType;
  const auto goal = Goal<B>::from_spec(GoalSpec::blank_first());
  const H h(goal);
  Rng rng(3);
  std::vector<State<B>> boards;
  for (int i = 0; i < 1024; ++i) boards.push_back(random_state<B>(rng));
  for (auto _ : bench) {
    for (const State<B>& s : boards) benchmark::DoNotOptimize(h.init(s));
  }
  bench.SetItemsProcessed(static_cast<std::int64_t>(bench.iterations() * boards.size()));
}

template <class B>
void BM_ManhattanInit(benchmark::State& bench) {
  BM_FullInit<Manhattan<B>>(bench);
}
template <class B>
void BM_LinearConflictInit(benchmark::State& bench) {
  BM_FullInit<LinearConflict<B>>(bench);
}
BENCHMARK(BM_ManhattanInit<Board<4, 4>>);
BENCHMARK(BM_ManhattanInit<Board<5, 5>>);
BENCHMARK(BM_LinearConflictInit<Board<4, 4>>);
BENCHMARK(BM_LinearConflictInit<Board<5, 5>>);

void BM_RankPermutation3x3(benchmark::State& bench) {
  using B = Board<3, 3>;
  Rng rng(4);
  std::vector<State<B>> boards;
  for (int i = 0; i < 1024; ++i)
    boards.push_back(unrank_permutation<B>(rng.below(kPermutationCount<B>)));
  for (auto _ : bench) {
    for (const State<B>& s : boards) benchmark::DoNotOptimize(rank_permutation(s));
  }
  bench.SetItemsProcessed(static_cast<std::int64_t>(bench.iterations() * boards.size()));
}
BENCHMARK(BM_RankPermutation3x3);

void BM_UnrankPermutation3x3(benchmark::State& bench) {
  using B = Board<3, 3>;
  Rng rng(5);
  std::vector<std::uint64_t> ranks;
  for (int i = 0; i < 1024; ++i) ranks.push_back(rng.below(kPermutationCount<B>));
  for (auto _ : bench) {
    for (std::uint64_t r : ranks) benchmark::DoNotOptimize(unrank_permutation<B>(r));
  }
  bench.SetItemsProcessed(static_cast<std::int64_t>(bench.iterations() * ranks.size()));
}
BENCHMARK(BM_UnrankPermutation3x3);

// A* with Manhattan on 64 random 8-puzzles; items are generated nodes.
void BM_AStarManhattan3x3(benchmark::State& bench) {
  using B = Board<3, 3>;
  const auto goal = Goal<B>::from_spec(GoalSpec::blank_first());
  const Manhattan<B> md(goal);
  Rng rng(6);
  std::vector<State<B>> boards;
  for (int i = 0; i < 64; ++i) boards.push_back(random_state<B>(rng));
  std::uint64_t generated = 0;
  for (auto _ : bench) {
    for (const State<B>& s : boards) generated += astar(md, goal, s, Limits{}).stats.generated;
  }
  bench.SetItemsProcessed(static_cast<std::int64_t>(generated));
}
BENCHMARK(BM_AStarManhattan3x3)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace npuzzle
