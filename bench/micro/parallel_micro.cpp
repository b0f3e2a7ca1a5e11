// Micro benchmarks of the parallel searches' building blocks: the incremental owner hash (both
// kinds) and HDA* / parallel IDA* on one mid-sized 15-puzzle instance (Korf #79, 42 moves, linear
// conflict) at 1, 2 and 4 threads. Items/s are owner-hash updates or generated nodes per second.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "heuristics/linear_conflict.hpp"
#include "parallel/hda_star.hpp"
#include "parallel/parallel_ida.hpp"
#include "parallel/zobrist.hpp"

namespace npuzzle {
namespace {

using B4 = Board<4, 4>;

State<B4> korf79() {
  const Tiles<B4> tiles = {0, 1, 9, 7, 11, 13, 5, 3, 14, 12, 4, 2, 8, 6, 10, 15};
  return State<B4>::from_tiles(tiles);
}

void BM_OwnerHashUpdate(benchmark::State& st) {
  const OwnerHasher<B4> hasher(static_cast<OwnerHash>(st.range(0)));
  State<B4> s = korf79();
  std::uint64_t h = hasher.hash(s);
  std::uint32_t walk = 12345;
  for (auto _ : st) {
    const auto& moves = B4::kMoveTable[s.blank];
    walk = walk * 1664525u + 1013904223u;
    const int target = moves.targets[(walk >> 16) % moves.count];
    h = hasher.update(h, s.tile_at(target), target, s.blank);
    s.move_blank_to(target);
    benchmark::DoNotOptimize(h);
  }
  st.SetItemsProcessed(st.iterations());
}
BENCHMARK(BM_OwnerHashUpdate)
    ->Arg(static_cast<int>(OwnerHash::Zobrist))
    ->Arg(static_cast<int>(OwnerHash::AbstractZobrist));

void BM_HdaStar(benchmark::State& st) {
  const auto goal = Goal<B4>::from_spec(GoalSpec::blank_first());
  const LinearConflict<B4> h(goal);
  const HdaOptions options{static_cast<int>(st.range(0)), static_cast<OwnerHash>(st.range(1))};
  std::uint64_t generated = 0;
  for (auto _ : st) {
    const auto r = hda_star(h, goal, korf79(), Limits{}, options);
    generated += r.stats.generated;
    benchmark::DoNotOptimize(r.path.data());
  }
  st.SetItemsProcessed(static_cast<std::int64_t>(generated));
}
BENCHMARK(BM_HdaStar)
    ->ArgsProduct({{1, 2, 4},
                   {static_cast<int>(OwnerHash::Zobrist),
                    static_cast<int>(OwnerHash::AbstractZobrist)}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

void BM_ParallelIda(benchmark::State& st) {
  const auto goal = Goal<B4>::from_spec(GoalSpec::blank_first());
  const LinearConflict<B4> h(goal);
  std::uint64_t generated = 0;
  for (auto _ : st) {
    const auto r = parallel_ida_star(h, goal, korf79(), Limits{}, static_cast<int>(st.range(0)));
    generated += r.stats.generated;
    benchmark::DoNotOptimize(r.path.data());
  }
  st.SetItemsProcessed(static_cast<std::int64_t>(generated));
}
BENCHMARK(BM_ParallelIda)->Arg(1)->Arg(2)->Arg(4)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
}  // namespace npuzzle
