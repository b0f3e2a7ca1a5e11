// Micro benchmarks of the database heuristics: ranking a placement, and the incremental update of
// walking distance and of pattern-database sets along a long random walk (each update depends on
// the previous value, so this is the latency of one lookup, cache misses included). 5-5-5 is built
// in memory at start-up; the 7-8 cases load the files from $NPUZZLE_PDB_DIR and are skipped when
// absent.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <memory>
#include <vector>

#include "core/goal.hpp"
#include "core/random.hpp"
#include "heuristics/pdb/build.hpp"
#include "heuristics/pdb/index.hpp"
#include "heuristics/pdb/pattern_databases.hpp"
#include "heuristics/walking_distance.hpp"

namespace npuzzle {
namespace {

using B4 = Board<4, 4>;

struct Step {
  std::uint8_t tile, from, to;
};

// A random walk of the blank from a random 4x4 board: the start and the moves as (tile, from, to).
struct Walk {
  State<B4> start;
  std::vector<Step> steps;
};

const Walk& walk() {
  static const Walk w = [] {
    Walk out;
    Rng rng(42);
    std::vector<int> goal(16);
    for (int c = 0; c < 16; ++c) goal[static_cast<std::size_t>(c)] = c;
    const std::vector<int> tiles = random_solvable(4, 4, goal, rng);
    Tiles<B4> t{};
    for (int c = 0; c < 16; ++c)
      t[static_cast<std::size_t>(c)] =
          static_cast<std::uint8_t>(tiles[static_cast<std::size_t>(c)]);
    out.start = State<B4>::from_tiles(t);
    State<B4> s = out.start;
    for (int i = 0; i < (1 << 16); ++i) {
      const auto& moves = B4::kMoveTable[s.blank];
      const int target = moves.targets[rng.below(moves.count)];
      out.steps.push_back({static_cast<std::uint8_t>(s.tile_at(target)),
                           static_cast<std::uint8_t>(target), s.blank});
      s.move_blank_to(target);
    }
    return out;
  }();
  return w;
}

template <class H>
void run_walk(benchmark::State& state, const H& h) {
  const Walk& w = walk();
  auto value = h.init(w.start);
  std::size_t i = 0;
  int sink = 0;
  for (auto _ : state) {
    const Step& s = w.steps[i];
    value = h.update(value, s.tile, s.from, s.to);
    sink += h.estimate(value);
    if (++i == w.steps.size()) {
      i = 0;
      value = h.init(w.start);
    }
  }
  benchmark::DoNotOptimize(sink);
  state.SetItemsProcessed(state.iterations());
}

const Goal<B4>& goal() {
  static const Goal<B4> g = Goal<B4>::from_spec(GoalSpec::blank_first());
  return g;
}

const pdb::PdbSet& set555() {
  static const pdb::PdbSet set = [] {
    std::vector<int> g(16);
    for (int c = 0; c < 16; ++c) g[static_cast<std::size_t>(c)] = c;
    pdb::PdbSet s{4, 4, g, pdb::parse_partition("5-5-5", 4, 4, g), {}};
    for (const auto& tiles : s.partition.groups) {
      pdb::BuildResult built = pdb::build_table({4, 4, g, tiles});
      s.tables.push_back(pdb::PdbTable::from_memory(built.meta, std::move(built.payload)));
    }
    return s;
  }();
  return set;
}

const pdb::PdbSet* set78() {
  static const std::unique_ptr<pdb::PdbSet> set = []() -> std::unique_ptr<pdb::PdbSet> {
    const char* dir = std::getenv("NPUZZLE_PDB_DIR");
    if (!dir) return nullptr;
    std::vector<int> g(16);
    for (int c = 0; c < 16; ++c) g[static_cast<std::size_t>(c)] = c;
    try {
      return std::make_unique<pdb::PdbSet>(
          pdb::load_set(dir, 4, 4, g, pdb::parse_partition("7-8", 4, 4, g)));
    } catch (const pdb::PdbError&) {
      return nullptr;
    }
  }();
  return set.get();
}

void BM_RankPlacement8(benchmark::State& state) {
  std::vector<std::array<std::uint8_t, 8>> placements(4096);
  Rng rng(1);
  for (auto& p : placements)
    pdb::unrank_placement(rng.below(pdb::placement_count(16, 8)), 8, 16, p.data());
  std::size_t i = 0;
  std::uint64_t sink = 0;
  for (auto _ : state) {
    sink += pdb::rank_placement(placements[i].data(), 8, 16);
    i = (i + 1) & 4095;
  }
  benchmark::DoNotOptimize(sink);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_RankPlacement8);

void BM_WdUpdate(benchmark::State& state) { run_walk(state, WalkingDistance<B4>(goal())); }
BENCHMARK(BM_WdUpdate);

void BM_WdLcUpdate(benchmark::State& state) { run_walk(state, make_wd_lc(goal())); }
BENCHMARK(BM_WdLcUpdate);

void BM_Pdb555Update(benchmark::State& state) {
  run_walk(state, PdbHeuristic<B4>(goal(), set555()));
}
BENCHMARK(BM_Pdb555Update);

void BM_Pdb555ReflectedUpdate(benchmark::State& state) {
  with_pdb_heuristic(goal(), set555(), true, false, [&](const auto& h) { run_walk(state, h); });
}
BENCHMARK(BM_Pdb555ReflectedUpdate);

void BM_Pdb78Update(benchmark::State& state) {
  if (!set78()) return state.SkipWithError("7-8 databases not found in $NPUZZLE_PDB_DIR");
  run_walk(state, PdbHeuristic<B4>(goal(), *set78()));
}
BENCHMARK(BM_Pdb78Update);

void BM_Pdb78ReflectedUpdate(benchmark::State& state) {
  if (!set78()) return state.SkipWithError("7-8 databases not found in $NPUZZLE_PDB_DIR");
  with_pdb_heuristic(goal(), *set78(), true, false, [&](const auto& h) { run_walk(state, h); });
}
BENCHMARK(BM_Pdb78ReflectedUpdate);

}  // namespace
}  // namespace npuzzle
