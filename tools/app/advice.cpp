#include "tools/app/advice.hpp"

#include <algorithm>
#include <cstdio>
#include <string_view>
#include <thread>

#include "engine/algorithm_registry.hpp"
#include "tools/app/heartbeat.hpp"

namespace npuzzle {

std::vector<std::string> run_warnings(const SolveRequest& request,
                                      const std::string& memory_limit_origin, int threads,
                                      const std::vector<BoardSize>& sizes) {
  std::vector<std::string> warnings;
  const bool has_5x5 = std::any_of(sizes.begin(), sizes.end(),
                                   [](const BoardSize& s) { return s.rows == 5 && s.cols == 5; });
  const HeuristicChoice heuristic = request.heuristic.value_or(default_heuristic({5, 5}));
  const HeuristicInfo& info = kHeuristicInfo[heuristic.index];
  const bool weak = !std::string_view(info.name).starts_with("pdb");
  // A heuristic not built for 5x5 is refused there (solver.cpp), with no search to warn about.
  const Algorithm on_5x5 = request.algorithm.value_or(default_algorithm({5, 5}));
  if (has_5x5 && weak && info.fits({5, 5}) && on_5x5 != Algorithm::Greedy) {
    warnings.push_back(
        std::string("an optimal ") + algorithm_name(on_5x5) +
        (on_5x5 == Algorithm::Bfs ? "" : " + " + heuristic.name()) +
        " search of a random 5x5 board can run for days; pattern databases make it far faster: "
        "build them once with `pdbgen build --size 5x5 --partition 6-6-6-6` (about a minute) or, "
        "stronger, `pdbgen build --size 5x5` (6-6-6-6+7-7-7-3: half an hour and 11 GiB of memory), "
        "into "
        "--pdb-dir, $NPUZZLE_PDB_DIR or ~/.cache/npuzzle, and solve with `--heuristic pdb`");
  }
  // The searches that store every node they reach outgrow memory on large boards: say where they
  // stop (bfs from 3x4 on, the others from 4x4 on).
  const bool bfs = request.algorithm == Algorithm::Bfs;
  const int large = bfs ? 12 : 16;
  const auto big = std::find_if(sizes.begin(), sizes.end(),
                                [&](const BoardSize& s) { return s.cells() >= large; });
  // (A*+IDA* stops storing at its budget and goes on depth-first, and the defaults are it and IDA*:
  // nothing to warn about.)
  if (request.algorithm && algorithm_info(*request.algorithm).memory_limit &&
      request.algorithm != Algorithm::Greedy && request.algorithm != Algorithm::Aida &&
      big != sizes.end() && !(has_5x5 && weak)) {
    const std::uint64_t limit = request.limits.memory_bytes;
    warnings.push_back(std::string(algorithm_name(*request.algorithm)) +
                       " stores every board it reaches: on a " + big->name() +
                       " board it can need more memory than this machine has; " +
                       (limit == 0 ? "it runs with no memory limit (" + memory_limit_origin + ")"
                                   : "it stops at its memory limit of " + short_bytes(limit) +
                                         " (" + memory_limit_origin + ")") +
                       ". aida (the default above 12 cells) stays within its budget, and ida needs "
                       "almost none");
  }
  const unsigned cores = std::thread::hardware_concurrency();
  if (cores > 0 && threads > static_cast<int>(cores)) {
    warnings.push_back("--threads " + std::to_string(threads) + " is more than the " +
                       std::to_string(cores) + (cores == 1 ? " core" : " cores") +
                       " of this machine; the threads will share them and each runs slower");
  }
  return warnings;
}

void print_warnings(const std::vector<std::string>& warnings, bool quiet) {
  if (quiet) return;
  for (const std::string& w : warnings) std::fprintf(stderr, "npuzzle: warning: %s\n", w.c_str());
}

}  // namespace npuzzle
