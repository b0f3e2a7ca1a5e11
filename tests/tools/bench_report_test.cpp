// End-to-end tests of `npuzzle bench`'s honesty: solved / limit / mismatch counts in the table and
// the CSV (a sweep of limits shows no speedup), plain board files read as boards with no known
// optimum, and the exact heuristic (partition and reflection) named in JSON, CSV and the table.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "tests/tools/cli_support.hpp"

namespace npuzzle {
namespace {

namespace fs = std::filesystem;
using fault::run_program;
using fault::RunResult;
using fault::RunSpec;

using cli::lines_of;
using cli::run_npuzzle;

// The table row of `algorithm` with `threads` ("" when none).
std::string table_row(const std::string& out, const std::string& algorithm, int threads) {
  const std::regex row("^ *" + algorithm + " +" + std::to_string(threads) + " .*");
  for (const std::string& line : lines_of(out)) {
    if (std::regex_match(line, row)) return line;
  }
  return {};
}

class BenchReport : public ::testing::Test {
 protected:
  void SetUp() override { NPUZZLE_REQUIRE_BINARY(fault::npuzzle_binary()); }
};

TEST_F(BenchReport, PlainBoardFilesAreBoardsWithNoKnownOptimum) {
  const fs::path dir = fault::fresh_dir("bench_plain");
  // With an instance number, without one, and a grid: the solver's own forms.
  const std::string file = fault::write_text(dir / "boards.txt",
                                             "7 8 1 3 4 0 2 7 6 5\n"
                                             "1 0 2 3 4 5 6 7 8\n"
                                             "\n"
                                             "1 2 0\n3 4 5\n6 7 8\n");
  const std::string csv = (dir / "plain.csv").string();
  const RunResult run =
      run_npuzzle({"bench", "--quiet", "--algo", "astar", "--heuristic", "md", "--csv", csv, file});
  ASSERT_EQ(run.describe(), "exit 0") << run.err;
  EXPECT_NE(run.out.find("no known optimum"), std::string::npos) << run.out;
  const std::string row = table_row(run.out, "astar", 1);
  ASSERT_FALSE(row.empty()) << run.out;
  EXPECT_TRUE(std::regex_search(row, std::regex(R"(^ *astar +1 +3 +0 +0 )"))) << row;

  const auto csv_lines = lines_of(fault::read_text(csv));
  ASSERT_EQ(csv_lines.size(), 4u);
  std::vector<std::string> ids;
  for (std::size_t i = 1; i < csv_lines.size(); ++i) {
    const std::string& line = csv_lines[i];
    ids.push_back(line.substr(0, line.find(',')));
    // id, threads, length, (no) optimal_length, status, check
    EXPECT_TRUE(std::regex_search(line, std::regex(R"(^\d+,1,\d+,,solved,ok,)"))) << line;
    EXPECT_TRUE(std::regex_search(line, std::regex(R"(,3,0,0,0$)"))) << line;  // sweep counts
  }
  EXPECT_EQ(ids, (std::vector<std::string>{"7", "2", "3"}));
}

TEST_F(BenchReport, ASweepOfLimitsShowsTheCountsAndNoSpeedup) {
  const RunResult run =
      run_npuzzle({"bench", "--quiet", "--heuristic", "md", "--node-limit", "5", "--ids", "1-3"});
  EXPECT_EQ(run.describe(), "exit 4") << run.err;
  const std::string row = table_row(run.out, "ida", 1);
  ASSERT_FALSE(row.empty()) << run.out;
  // solved 0, limit 3, mismatch 0 … and '-' where a speedup and an efficiency would be.
  EXPECT_TRUE(std::regex_search(row, std::regex(R"(^ *ida +1 +0 +3 +0 )"))) << row;
  EXPECT_TRUE(std::regex_search(row, std::regex(R"( - +- *$)"))) << row;
  EXPECT_EQ(row.find("1.00"), std::string::npos) << row;
}

TEST_F(BenchReport, AWrongOptimumIsCountedAsAMismatch) {
  const fs::path dir = fault::fresh_dir("bench_mismatch");
  // 1 move from the goal; the set claims 3.
  const std::string set = fault::write_text(dir / "set.txt", "1 3 1 0 2 3 4 5 6 7 8\n");
  const std::string csv = (dir / "mismatch.csv").string();
  const RunResult run = run_npuzzle({"bench", "--quiet", "--heuristic", "md", "--csv", csv, set});
  EXPECT_EQ(run.describe(), "exit 2");
  const std::string row = table_row(run.out, "ida", 1);
  EXPECT_TRUE(std::regex_search(row, std::regex(R"(^ *ida +1 +0 +0 +1 )"))) << run.out;
  const auto csv_lines = lines_of(fault::read_text(csv));
  ASSERT_EQ(csv_lines.size(), 2u);
  EXPECT_NE(csv_lines[1].find(",solved,mismatch,"), std::string::npos) << csv_lines[1];
  EXPECT_TRUE(std::regex_search(csv_lines[1], std::regex(R"(,0,0,1,0$)"))) << csv_lines[1];
}

TEST_F(BenchReport, TheExactHeuristicIsNamed) {
  const fs::path dir = fault::fresh_dir("bench_exact");
  const std::string pdb_dir = (dir / "pdb").string();
  // 3x3: the full database; blank-first is symmetric about the diagonal, so it is reflected too.
  RunSpec solve;
  solve.argv = {fault::npuzzle_binary(), "solve", "--output",  "json",
                "--heuristic",           "pdb",   "--pdb-dir", pdb_dir,
                "8 1 3 4 0 2 7 6 5"};
  solve.timeout_seconds = 120;
  const RunResult json = run_program(solve);
  ASSERT_EQ(json.describe(), "exit 0") << json.err;
  const auto j = nlohmann::json::parse(lines_of(json.out).at(0));
  EXPECT_EQ(j["heuristic"], "pdb:full+reflection") << j.dump();

  const std::string set = fault::write_text(dir / "boards.txt", "8 1 3 4 0 2 7 6 5\n");
  const std::string csv = (dir / "exact.csv").string();
  const RunResult bench = run_npuzzle(
      {"bench", "--quiet", "--heuristic", "pdb", "--pdb-dir", pdb_dir, "--csv", csv, set});
  ASSERT_EQ(bench.describe(), "exit 0") << bench.err;
  EXPECT_NE(bench.out.find("ida + pdb:full+reflection"), std::string::npos) << bench.out;
  EXPECT_NE(fault::read_text(csv).find(",ida,pdb:full+reflection,"), std::string::npos);

  // A 2x3 board has no reflection about a diagonal.
  solve.argv = {fault::npuzzle_binary(),
                "solve",
                "--output",
                "json",
                "--heuristic",
                "pdb",
                "--pdb-dir",
                pdb_dir,
                "--size",
                "2x3",
                "1 0 2 3 4 5"};
  const RunResult last = run_program(solve);
  ASSERT_EQ(last.describe(), "exit 0") << last.err;
  EXPECT_EQ(nlohmann::json::parse(lines_of(last.out).at(0))["heuristic"], "pdb:full") << last.out;
}

}  // namespace
}  // namespace npuzzle
