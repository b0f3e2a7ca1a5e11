// bench/korf_ida.cpp — sequential IDA* over an instance set (`id length tiles…`, 4x4, goal blank
// first) with Manhattan (md) or linear conflict (lc): one row per instance (id, known length, found
// length, expanded, generated, seconds, generated nodes/s, ok when the replayed path has the known
// length) and a total. Usage: korf_ida SET [md|lc] [FIRST_ID] [LAST_ID]. Kept apart from
// `npuzzle bench` so callgrind profiles see the search alone (no CLI, no TBB).
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>

#include "core/search/ida_star.hpp"
#include "heuristics/linear_conflict.hpp"

using namespace npuzzle;
using B = Board<4, 4>;

template <class H>
void run(const char* file, int first, int last) {
  const auto goal = Goal<B>::from_spec(GoalSpec::blank_first());
  H h(goal);
  std::ifstream in(file);
  std::string line;
  std::uint64_t total_gen = 0, total_exp = 0;
  double total_s = 0;
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    int id, len;
    ls >> id >> len;
    if (id < first || id > last) continue;
    Tiles<B> t{};
    for (int c = 0; c < 16; ++c) {
      int x;
      ls >> x;
      t[c] = static_cast<std::uint8_t>(x);
    }
    const auto s = State<B>::from_tiles(t);
    auto r = ida_star(h, goal, s, Limits{});
    const bool ok =
        replay_reaches(goal.geometry, s, r.path, goal.state) && (int)r.path.size() == len;
    std::printf("%d %d %zu %llu %llu %.3f %.1fM/s %s\n", id, len, r.path.size(),
                (unsigned long long)r.stats.expanded, (unsigned long long)r.stats.generated,
                r.stats.seconds, r.stats.generated / r.stats.seconds / 1e6, ok ? "ok" : "WRONG");
    total_gen += r.stats.generated;
    total_exp += r.stats.expanded;
    total_s += r.stats.seconds;
  }
  std::printf("total exp %llu gen %llu %.2fs %.1fM/s\n", (unsigned long long)total_exp,
              (unsigned long long)total_gen, total_s, total_gen / total_s / 1e6);
}

int main(int argc, char** argv) {
  const char* h = argc > 2 ? argv[2] : "md";
  int first = argc > 3 ? std::atoi(argv[3]) : 1, last = argc > 4 ? std::atoi(argv[4]) : 100;
  if (!std::strcmp(h, "md"))
    run<Manhattan<B>>(argv[1], first, last);
  else
    run<LinearConflict<B>>(argv[1], first, last);
}
