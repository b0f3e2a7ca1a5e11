// bench/scaling_driver.cpp — thread scaling of the parallel searches on chosen Korf instances.
//
//   npuzzle_scaling FILE [--algo ida|pida|astar|hda|hda-zobrist] [--heuristic md|lc]
//                        [--threads 1,2,4,8] [--ids 82,88,60] [--repeat 2]
//
// Prints one CSV row per run (instance, threads, repetition): the length found (checked against the
// file and replayed), seconds, expanded, generated, nodes sent to other workers, re-expansions, and
// the least and greatest expansions of a worker (load balance). The sequential algorithms (ida,
// astar) ignore --threads and run once per repetition. Exit code 1 on bad arguments, 2 when a run
// returns a wrong or unreplayable answer.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/astar.hpp"
#include "core/ida_star.hpp"
#include "heuristics/linear_conflict.hpp"
#include "heuristics/manhattan.hpp"
#include "parallel/hda_star.hpp"
#include "parallel/parallel_ida.hpp"

namespace {

using namespace npuzzle;
using B = Board<4, 4>;

struct Instance {
  int id = 0;
  int length = 0;
  State<B> state;
};

std::vector<int> parse_list(const std::string& text) {
  std::vector<int> out;
  std::stringstream ss(text);
  std::string item;
  while (std::getline(ss, item, ',')) out.push_back(std::atoi(item.c_str()));
  return out;
}

template <class H>
int run(const std::vector<Instance>& instances, const std::string& algo, const std::string& hname,
        const std::vector<int>& threads, int repeat) {
  const auto goal = Goal<B>::from_spec(GoalSpec::blank_first());
  const H h(goal);
  const bool sequential = algo == "ida" || algo == "astar";
  std::printf(
      "algo,heuristic,id,threads,rep,length,seconds,expanded,generated,sent,reexpanded,"
      "worker_min,worker_max\n");
  int failures = 0;
  for (const Instance& k : instances) {
    for (int t : sequential ? std::vector<int>{1} : threads) {
      for (int rep = 0; rep < repeat; ++rep) {
        SearchResult r;
        if (algo == "ida") {
          r = ida_star(h, goal, k.state, Limits{});
        } else if (algo == "astar") {
          r = astar(h, goal, k.state, Limits{}, AStarOptions{});
        } else if (algo == "pida") {
          r = parallel_ida_star(h, goal, k.state, Limits{}, t);
        } else {
          const OwnerHash hash =
              algo == "hda-zobrist" ? OwnerHash::Zobrist : OwnerHash::AbstractZobrist;
          r = hda_star(h, goal, k.state, Limits{}, HdaOptions{t, hash});
        }
        const bool ok = r.status == Status::Solved && static_cast<int>(r.path.size()) == k.length &&
                        replay_reaches(k.state, r.path, goal.state);
        failures += !ok;
        std::uint64_t lo = r.stats.expanded, hi = r.stats.expanded;
        if (!r.stats.expanded_per_worker.empty()) {
          lo = hi = r.stats.expanded_per_worker[0];
          for (auto n : r.stats.expanded_per_worker) {
            lo = std::min(lo, n);
            hi = std::max(hi, n);
          }
        }
        std::printf("%s,%s,%d,%d,%d,%d%s,%.3f,%llu,%llu,%llu,%llu,%llu,%llu\n", algo.c_str(),
                    hname.c_str(), k.id, t, rep, static_cast<int>(r.path.size()),
                    ok ? "" : "(WRONG)", r.stats.seconds,
                    static_cast<unsigned long long>(r.stats.expanded),
                    static_cast<unsigned long long>(r.stats.generated),
                    static_cast<unsigned long long>(r.stats.sent),
                    static_cast<unsigned long long>(r.stats.reexpanded),
                    static_cast<unsigned long long>(lo), static_cast<unsigned long long>(hi));
        std::fflush(stdout);
      }
    }
  }
  return failures ? 2 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr,
                 "usage: %s FILE [--algo ida|pida|astar|hda|hda-zobrist] [--heuristic md|lc] "
                 "[--threads 1,2,4,8] [--ids 82,88,60] [--repeat 2]\n",
                 argv[0]);
    return 1;
  }
  std::string algo = "pida", hname = "lc";
  std::vector<int> threads{1, 2, 4, 8}, ids;
  int repeat = 2;
  for (int i = 2; i + 1 < argc; i += 2) {
    const std::string key = argv[i], value = argv[i + 1];
    if (key == "--algo")
      algo = value;
    else if (key == "--heuristic")
      hname = value;
    else if (key == "--threads")
      threads = parse_list(value);
    else if (key == "--ids")
      ids = parse_list(value);
    else if (key == "--repeat")
      repeat = std::atoi(value.c_str());
    else {
      std::fprintf(stderr, "unknown option %s\n", key.c_str());
      return 1;
    }
  }
  if (algo != "ida" && algo != "pida" && algo != "astar" && algo != "hda" &&
      algo != "hda-zobrist") {
    std::fprintf(stderr, "unknown algorithm %s\n", algo.c_str());
    return 1;
  }
  std::ifstream in(argv[1]);
  if (!in) {
    std::fprintf(stderr, "cannot read %s\n", argv[1]);
    return 1;
  }
  std::vector<Instance> instances;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    Instance k;
    if (!(ls >> k.id >> k.length)) continue;
    Tiles<B> tiles{};
    for (auto& t : tiles) {
      int x = 0;
      ls >> x;
      t = static_cast<std::uint8_t>(x);
    }
    k.state = State<B>::from_tiles(tiles);
    bool wanted = ids.empty();
    for (int id : ids) wanted |= id == k.id;
    if (wanted) instances.push_back(k);
  }
  if (hname == "md") return run<Manhattan<B>>(instances, algo, hname, threads, repeat);
  if (hname == "lc") return run<LinearConflict<B>>(instances, algo, hname, threads, repeat);
  std::fprintf(stderr, "unknown heuristic %s\n", hname.c_str());
  return 1;
}
