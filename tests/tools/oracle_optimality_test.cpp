// Optimal lengths on every board size, through the command line, against distances the tests work
// out themselves (tests/support/oracle.hpp: its own move function and breadth-first searches, no
// code of core/):
//  - 2x2, 2x3, 3x2, 2x4, 4x2, 3x3, 2x5 and 5x2: every distance from a full breadth-first search;
//    the deepest states and random reachable ones are solved.
//  - 3x4, 4x3, 3x5, 5x3, 4x5, 5x4 and 5x5: boards a random walk of 24 to 34 moves from the goal
//    (and of 12, for the weak configurations), whose distance a bidirectional breadth-first search
//    proves.
// Each board is solved by `npuzzle solve` (the front end and the per-size dispatch the users run)
// with every algorithm that takes the size: ida, astar, hda, pida, dfbnb with md, lc, wd (up to 4
// rows and columns), pdb and pdb-dual on tile lists of four (every board; ida, pida, hda), the
// default pdb (up to 12 cells; built into a scratch directory), misplaced; bfs and the weak
// configurations on the shallow boards only. Every answer is replayed with the test's own
// moves, and its length must equal the proven distance (greedy: at least it, of the same parity).
// Walks of 30 moves on 5x5, 4x5 and 5x4 (up to a minute of search in the test) run with
// NPUZZLE_SLOW_TESTS=1.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "tests/support/oracle.hpp"
#include "tests/tools/cli_support.hpp"

namespace npuzzle::fault {
namespace {

using oracle::Tiles;

struct Size {
  int rows, cols;
  std::string name() const { return std::to_string(rows) + "x" + std::to_string(cols); }
  int cells() const { return rows * cols; }
};

struct Instance {
  Tiles tiles;
  int distance;
};

struct Config {
  std::string algo, heuristic;  // heuristic "": none (bfs)
  bool optimal = true;          // greedy: no
};

std::string line_of(const Tiles& t) {
  std::string s;
  for (int x : t) s += (s.empty() ? "" : " ") + std::to_string(x);
  return s;
}

// Solves `instances` with `config` in one batch and checks every answer.
void solve_and_check(const Size& board, const Tiles& goal, const std::string& goal_name,
                     const std::vector<Instance>& instances, const Config& config) {
  SCOPED_TRACE(board.name() + " --algo " + config.algo + " --heuristic " + config.heuristic);
  if (instances.empty()) return;
  std::string batch;
  for (const Instance& i : instances) batch += line_of(i.tiles) + "\n";
  const fs::path file = scratch_dir() / ("oracle_" + board.name() + ".txt");
  write_text(file, batch);
  std::vector<std::string> args = {"solve",    "--size", board.name(), "--goal",   goal_name,
                                   "--output", "json",   "--algo",     config.algo};
  if (!config.heuristic.empty()) args.insert(args.end(), {"--heuristic", config.heuristic});
  if (config.heuristic.starts_with("pdb")) {
    args.insert(args.end(), {"--pdb-dir", (scratch_dir() / "pdb").string()});
  }
  if (config.algo == "hda" || config.algo == "pida") args.insert(args.end(), {"--threads", "2"});
  args.insert(args.end(), {"-f", file.string()});
  const RunResult run = cli::run_tool(npuzzle_binary(), args, "", 300);
  ASSERT_EQ(run.describe(), "exit 0") << run.err;
  const std::vector<nlohmann::json> answers = cli::json_lines(run.out);
  ASSERT_EQ(answers.size(), instances.size()) << run.out;
  for (std::size_t i = 0; i < answers.size(); ++i) {
    const nlohmann::json& j = answers[i];
    const Instance& inst = instances[i];
    SCOPED_TRACE(line_of(inst.tiles) + " (distance " + std::to_string(inst.distance) + ")");
    ASSERT_EQ(j.value("status", ""), "solved") << j.dump();
    const std::string moves = j.value("moves", "");
    EXPECT_EQ(static_cast<int>(moves.size()), j.value("length", -1)) << j.dump();
    EXPECT_TRUE(oracle::replay_reaches(inst.tiles, board.rows, board.cols, moves, goal))
        << "the moves do not lead to the goal: " << moves;
    if (config.optimal) {
      EXPECT_EQ(static_cast<int>(moves.size()), inst.distance) << j.dump();
      EXPECT_EQ(j.value("optimal", false), true) << j.dump();
    } else {
      EXPECT_GE(static_cast<int>(moves.size()), inst.distance) << j.dump();
      EXPECT_EQ((static_cast<int>(moves.size()) - inst.distance) % 2, 0) << j.dump();
    }
  }
}

// Tiles 1 … cells-1 in groups of at most four, as tile lists ("1,2,3,4/5,6,7,8/…"): databases
// that build in moments on every board, 5x5 included.
std::string groups_of_four(int cells) {
  std::string lists;
  for (int t = 1; t < cells; ++t) {
    if (t > 1) lists += (t - 1) % 4 == 0 ? "/" : ",";
    lists += std::to_string(t);
  }
  return lists;
}

// The algorithms and heuristics for a board: `deep` boards get the strong ones only. Pattern
// databases on every board (groups of four tiles, looked up directly and on the dual placement,
// with the sequential and both parallel searches), and the default set up to 12 cells.
std::vector<Config> configs(const Size& board, bool deep) {
  const std::string pdb = "pdb:" + groups_of_four(board.cells());
  std::vector<Config> out = {{"ida", "md"},   {"ida", "lc"},
                             {"astar", "lc"}, {"hda", "md"},
                             {"pida", "lc"},  {"greedy", "md", false},
                             {"ida", pdb},    {"ida", "pdb-dual" + pdb.substr(3)},
                             {"pida", pdb},   {"hda", pdb}};
  if (board.rows <= 4 && board.cols <= 4) out.push_back({"ida", "wd"});
  if (board.cells() <= 12) out.push_back({"ida", "pdb"});
  if (!deep) {
    out.insert(out.end(), {{"bfs", ""},
                           {"astar", "md"},
                           {"astar", "misplaced"},
                           {"dfbnb", "md"},
                           {"greedy", "misplaced", false}});
  }
  return out;
}

// Boards `walk` random moves from the goal whose distance the bidirectional search proves within
// `max_depth`, at most `count` of them (from `tries` walks).
std::vector<Instance> walked(const Size& board, const Tiles& goal, int walk, int max_depth,
                             int count, std::uint64_t seed) {
  oracle::Rng rng(seed);
  std::vector<Instance> out;
  for (int tries = 0; tries < 4 * count && static_cast<int>(out.size()) < count; ++tries) {
    const Tiles t = oracle::random_walk(goal, board.rows, board.cols, walk, rng);
    const auto d = oracle::proven_distance(t, goal, board.rows, board.cols, max_depth);
    if (d) out.push_back({t, *d});
  }
  return out;
}

bool slow_tests() { return std::getenv("NPUZZLE_SLOW_TESTS") != nullptr; }

// ---- the boards of at most 10 cells: every distance ------------------------------------------

class FullTable : public ::testing::TestWithParam<Size> {};

TEST_P(FullTable, EveryAlgorithmFindsTheBreadthFirstDistance) {
  NPUZZLE_REQUIRE_BINARY(npuzzle_binary());
  const Size board = GetParam();
  const Tiles goal = oracle::blank_last(board.cells());
  const std::vector<std::uint8_t> distance = oracle::full_distances(goal, board.rows, board.cols);
  std::vector<Instance> deep, shallow;
  int deepest = 0;
  std::size_t reachable = 0;
  for (std::uint8_t d : distance) {
    if (d == oracle::kFar) continue;
    ++reachable;
    deepest = std::max(deepest, int{d});
  }
  EXPECT_EQ(reachable * 2, distance.size()) << "half the permutations are reachable";
  for (std::uint64_t r = 0; r < distance.size() && deep.size() < 2; ++r) {
    if (distance[r] == deepest) deep.push_back({oracle::lehmer_unrank(r, board.cells()), deepest});
  }
  const int split = std::min(18, deepest / 2);  // shallow boards: the weak configurations too
  oracle::Rng rng(board.rows * 10 + board.cols);
  while (deep.size() < 8 || shallow.size() < 6) {
    const std::uint64_t r = rng.below(distance.size());
    if (distance[r] == oracle::kFar) continue;
    const Instance inst{oracle::lehmer_unrank(r, board.cells()), distance[r]};
    if (distance[r] <= split && shallow.size() < 6) shallow.push_back(inst);
    if (distance[r] > split && deep.size() < 8) deep.push_back(inst);
  }
  for (const Config& c : configs(board, true)) solve_and_check(board, goal, "blank-last", deep, c);
  for (const Config& c : configs(board, false)) {
    solve_and_check(board, goal, "blank-last", shallow, c);
  }
}

INSTANTIATE_TEST_SUITE_P(Boards, FullTable,
                         ::testing::Values(Size{2, 2}, Size{2, 3}, Size{3, 2}, Size{2, 4},
                                           Size{4, 2}, Size{3, 3}, Size{2, 5}, Size{5, 2}),
                         [](const auto& p) { return "Board" + p.param.name(); });

// ---- the larger boards: distances proven by a bidirectional search --------------------------

struct WalkCase {
  Size board;
  int walk;       // moves of the random walk
  int max_depth;  // the deepest distance proven
  int count;
  bool slow;  // only with NPUZZLE_SLOW_TESTS
};

class ProvenDistance : public ::testing::TestWithParam<WalkCase> {};

TEST_P(ProvenDistance, EveryAlgorithmFindsTheProvenDistance) {
  NPUZZLE_REQUIRE_BINARY(npuzzle_binary());
  const WalkCase& c = GetParam();
  if (c.slow && !slow_tests()) GTEST_SKIP() << "runs with NPUZZLE_SLOW_TESTS=1";
  const Tiles goal = oracle::blank_first(c.board.cells());
  const std::uint64_t seed = static_cast<std::uint64_t>(c.board.rows * 100 + c.board.cols);
  const std::vector<Instance> shallow = walked(c.board, goal, 12, 12, 4, seed);
  const std::vector<Instance> deep = walked(c.board, goal, c.walk, c.max_depth, c.count, seed + 1);
  EXPECT_EQ(shallow.size(), 4u);
  EXPECT_GT(deep.size(), 0u) << "no walk of " << c.walk << " moves proven within " << c.max_depth;
  int deepest = 0;
  for (const Instance& i : deep) deepest = std::max(deepest, i.distance);
  std::printf("%s: %zu boards of distance up to %d\n", c.board.name().c_str(), deep.size(),
              deepest);
  for (const Config& k : configs(c.board, false)) {
    solve_and_check(c.board, goal, "blank-first", shallow, k);
  }
  for (const Config& k : configs(c.board, true)) {
    solve_and_check(c.board, goal, "blank-first", deep, k);
  }
}

INSTANTIATE_TEST_SUITE_P(
    Boards, ProvenDistance,
    ::testing::Values(WalkCase{{3, 4}, 34, 34, 4, false}, WalkCase{{4, 3}, 34, 34, 4, false},
                      WalkCase{{3, 5}, 28, 28, 3, false}, WalkCase{{5, 3}, 28, 28, 3, false},
                      WalkCase{{4, 5}, 24, 24, 3, false}, WalkCase{{5, 4}, 24, 24, 3, false},
                      WalkCase{{5, 5}, 24, 24, 3, false}, WalkCase{{4, 5}, 30, 30, 3, true},
                      WalkCase{{5, 4}, 30, 30, 3, true}, WalkCase{{5, 5}, 30, 30, 3, true}),
    [](const auto& p) { return "Board" + p.param.board.name() + (p.param.slow ? "Deep" : ""); });

}  // namespace
}  // namespace npuzzle::fault
