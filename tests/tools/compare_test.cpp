// End-to-end tests of comparing searches in one command (`--algo` and `--heuristic` lists), the
// per-instance and totals tables, JSON per instance and configuration (`peak_stored`, `goal`),
// options refused for algorithms that do not take them, and `--tie-break` honoured by the
// best-first searches (seed 004's study: greedy with a stack against a queue).
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "tests/tools/cli_support.hpp"

namespace npuzzle {
namespace {

using fault::RunResult;

using cli::contains;
using cli::json_lines;
using cli::run_npuzzle;

const std::string kBoard = "8 1 3 4 0 2 7 6 5";  // a 3x3 board a few moves deep

class Compare : public ::testing::Test {
 protected:
  void SetUp() override { NPUZZLE_REQUIRE_BINARY(fault::npuzzle_binary()); }
};

TEST_F(Compare, ListsRunEveryMeaningfulPairAndBfsOnce) {
  const RunResult run = run_npuzzle({"solve", "--output", "json", "--algo", "bfs,astar,ida,greedy",
                                     "--heuristic", "misplaced,md", kBoard});
  ASSERT_EQ(run.describe(), "exit 0") << run.err;
  const auto objects = json_lines(run.out);
  std::multiset<std::string> pairs;
  int optimal_length = -1;
  for (const auto& j : objects) {
    pairs.insert(j["algorithm"].get<std::string>() + "+" + j["heuristic"].get<std::string>());
    EXPECT_EQ(j["goal"], "blank-first");
    EXPECT_EQ(j["status"], "solved");
    ASSERT_TRUE(j.contains("peak_stored") && j["peak_stored"].is_number_unsigned()) << j.dump();
    EXPECT_GT(j["peak_stored"].get<std::uint64_t>(), 0u) << j.dump();
    if (j["optimal"] == true) {
      if (optimal_length < 0) optimal_length = j["length"].get<int>();
      EXPECT_EQ(j["length"], optimal_length) << j.dump();
    }
  }
  EXPECT_EQ(pairs,
            (std::multiset<std::string>{"bfs+none", "astar+misplaced", "astar+md", "ida+misplaced",
                                        "ida+md", "greedy+misplaced", "greedy+md"}));
  // Peak stored for a storing search: at least the nodes on its path; BFS holds the most.
  for (const auto& j : objects) {
    if (j["algorithm"] == "bfs") {
      for (const auto& k : objects) EXPECT_GE(j["peak_stored"], k["peak_stored"]) << k.dump();
    }
  }
}

TEST_F(Compare, TextShowsATablePerInstanceAndTotalsPerConfiguration) {
  const RunResult run = run_npuzzle({"solve", "--algo", "astar,ida", "--heuristic", "md,lc"},
                                    kBoard + "\n1 0 2 3 4 5 6 7 8\n");
  ASSERT_EQ(run.describe(), "exit 0") << run.err;
  for (const char* column : {"algorithm", "heuristic", "length", "optimal", "expanded", "generated",
                             "peak stored", "time"}) {
    EXPECT_TRUE(contains(run.out, column)) << column << "\n" << run.out;
  }
  EXPECT_TRUE(contains(run.out, "instance 1 (line 1, 3x3), goal blank-first:")) << run.out;
  EXPECT_TRUE(contains(run.out, "instance 2 (line 2, 3x3), goal blank-first:")) << run.out;
  EXPECT_TRUE(contains(run.out, "totals per configuration")) << run.out;
  // Every row of a table ends with a time that carries its unit; astar's names its tie-break rule.
  const std::regex row(
      R"(^  (astar +(md|lc) +larger-g|ida +(md|lc) +-) +\d+ +yes +[\d,]+ +[\d,]+ +[\d,]+ +[\d.]+ )"
      R"((µs|ms|s)$)");
  int rows = 0;
  std::istringstream in(run.out);
  for (std::string line; std::getline(in, line);) rows += std::regex_match(line, row);
  EXPECT_EQ(rows, 8) << run.out;  // 2 instances x 4 configurations
  const std::regex total(
      R"(^  (astar +(md|lc) +larger-g|ida +(md|lc) +-) +2/2 +2 +0 +0 +[\d.]+ .*(µs|ms|s)$)");
  int totals = 0;
  std::istringstream again(run.out);
  for (std::string line; std::getline(again, line);) totals += std::regex_match(line, total);
  EXPECT_EQ(totals, 4) << run.out;
  EXPECT_TRUE(contains(run.err, "8 runs (2 instances x 4 configurations)")) << run.err;
}

TEST_F(Compare, TieBreakListsAreConfigurationsOfTheBestFirstSearches) {
  const RunResult run = run_npuzzle({"solve", "--output", "json", "--algo", "astar,ida",
                                     "--heuristic", "md", "--tie-break", "lifo,fifo", kBoard});
  ASSERT_EQ(run.describe(), "exit 0") << run.err;
  std::multiset<std::string> seen;
  for (const auto& j : json_lines(run.out)) {
    seen.insert(j["algorithm"].get<std::string>() + ":" + j.value("tie_break", std::string("-")));
  }
  EXPECT_EQ(seen, (std::multiset<std::string>{"astar:lifo", "astar:fifo", "ida:-"}));
}

TEST_F(Compare, OptionsThatDoNotApplyAreRefusedNamingTheAlgorithmsThatTakeThem) {
  struct Case {
    std::vector<std::string> args;
    std::string message;
  };
  const std::vector<Case> cases = {
      {{"--algo", "ida", "--tie-break", "fifo"}, "--tie-break applies to astar, greedy"},
      {{"--algo", "astar", "--owner-hash", "zobrist"}, "--owner-hash applies to hda"},
      {{"--algo", "bfs", "--heuristic", "md"}, "--heuristic applies to"},
      {{"--algo", "ida", "--mem-limit", "1G"}, "--mem-limit applies to astar, hda, bfs, greedy"},
      {{"--algo", "astar", "--verbose"}, "--verbose applies to ida, pida"},
      {{"--algo", "dfbnb,ida", "--tie-break", "lifo"}, "--algo dfbnb,ida do not take it"},
  };
  for (const Case& c : cases) {
    std::vector<std::string> args = {"solve"};
    args.insert(args.end(), c.args.begin(), c.args.end());
    args.push_back(kBoard);
    SCOPED_TRACE(c.message);
    const RunResult run = run_npuzzle(args);
    EXPECT_EQ(run.describe(), "exit 1") << run.err;
    EXPECT_TRUE(contains(run.err, c.message)) << run.err;
    EXPECT_TRUE(run.out.empty()) << run.out;
  }
  // An option taken by one algorithm of a list is fine.
  const RunResult mixed = run_npuzzle(
      {"solve", "--algo", "ida,astar", "--tie-break", "fifo", "--heuristic", "md", kBoard});
  EXPECT_EQ(mixed.describe(), "exit 0") << mixed.err;
}

// Seed 004's study: greedy best-first on Manhattan distance over 100 random 15-puzzles, ties broken
// by a stack or by a queue. The two must really be different searches.
TEST_F(Compare, GreedyHonoursTheTieBreak) {
  const RunResult boards =
      run_npuzzle({"random", "--size", "4x4", "--count", "100", "--seed", "4"});
  ASSERT_EQ(boards.describe(), "exit 0");
  const RunResult run = run_npuzzle({"solve", "--output", "json", "--algo", "greedy", "--heuristic",
                                     "md", "--tie-break", "lifo,fifo"},
                                    boards.out);
  ASSERT_EQ(run.describe(), "exit 0") << run.err;
  std::map<std::string, std::pair<std::uint64_t, std::uint64_t>> sums;  // length, expanded
  int different = 0;
  const auto objects = json_lines(run.out);
  ASSERT_EQ(objects.size(), 200u);
  for (std::size_t i = 0; i + 1 < objects.size(); i += 2) {
    EXPECT_EQ(objects[i]["tie_break"], "lifo");
    EXPECT_EQ(objects[i + 1]["tie_break"], "fifo");
    different += objects[i]["moves"] != objects[i + 1]["moves"];
    for (const auto* j : {&objects[i], &objects[i + 1]}) {
      auto& sum = sums[(*j)["tie_break"].get<std::string>()];
      sum.first += (*j)["length"].get<std::uint64_t>();
      sum.second += (*j)["expanded"].get<std::uint64_t>();
    }
  }
  EXPECT_GT(different, 0);
  EXPECT_NE(sums["lifo"], sums["fifo"]);
}

}  // namespace
}  // namespace npuzzle
