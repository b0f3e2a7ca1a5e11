// End-to-end tests of `npuzzle bench`'s honesty: solved / limit / mismatch counts in the table and
// the CSV (a sweep of limits shows no speedup), plain board files read as boards with no known
// optimum, the exact heuristic (partition and reflection) named in JSON, CSV and the table, and
// lists of algorithms, heuristics and tie-breaks compared in one table.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <csignal>
#include <map>
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

using cli::contains;
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

// The configurations of the comparison table's rows ("ida md 1", "astar md lifo 1": algorithm,
// heuristic, tie-break when the table has one, threads), in order; the lines before its header
// ignored.
std::vector<std::string> compared_rows(const std::string& out) {
  std::vector<std::string> rows;
  bool in_table = false;
  const std::regex name(R"(^(\S+)  +(\S+)  +(?:(lifo|fifo|larger-g|-)  +)?(\d+)  )");
  std::smatch match;
  for (const std::string& line : lines_of(out)) {
    if (line.rfind("algorithm ", 0) == 0) {
      in_table = true;
    } else if (in_table && std::regex_search(line, match, name)) {
      rows.push_back(match[1].str() + " " + match[2].str() + " " +
                     (match[3].matched ? match[3].str() + " " : "") + match[4].str());
    }
  }
  return rows;
}

// How many rows of the CSV `text` have each value of the columns `names` (joined by '|').
std::map<std::string, int> csv_counts(const std::string& text,
                                      const std::vector<std::string>& names) {
  const auto cells = [](const std::string& line) {
    std::vector<std::string> out;
    std::istringstream in(line);
    for (std::string cell; std::getline(in, cell, ',');) out.push_back(cell);
    if (!line.empty() && line.back() == ',') out.emplace_back();
    return out;
  };
  const std::vector<std::string> lines = lines_of(text);
  const std::vector<std::string> header = cells(lines.at(0));
  std::map<std::string, int> counts;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const std::vector<std::string> row = cells(lines[i]);
    std::string key;
    for (const std::string& name : names) {
      const auto column = std::find(header.begin(), header.end(), name) - header.begin();
      key += (key.empty() ? "" : "|") + row.at(static_cast<std::size_t>(column));
    }
    ++counts[key];
  }
  return counts;
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
  // threads 1, solved 3/3, optimal 3, limit 0, mismatch 0
  EXPECT_TRUE(std::regex_search(row, std::regex(R"(^ *astar +1 +3/3 +3 +0 +0 )"))) << row;

  const auto csv_lines = lines_of(fault::read_text(csv));
  ASSERT_EQ(csv_lines.size(), 4u);
  std::vector<std::string> ids;
  for (std::size_t i = 1; i < csv_lines.size(); ++i) {
    const std::string& line = csv_lines[i];
    ids.push_back(line.substr(0, line.find(',')));
    // id, threads, length, (no) optimal_length, status, check
    EXPECT_TRUE(std::regex_search(line, std::regex(R"(^\d+,1,\d+,,solved,ok,)"))) << line;
    // The sweep's counts: solved, limit, mismatch, error, not run.
    EXPECT_TRUE(std::regex_search(line, std::regex(R"(,3,0,0,0,0$)"))) << line;
  }
  EXPECT_EQ(ids, (std::vector<std::string>{"7", "2", "3"}));
}

TEST_F(BenchReport, ASweepOfLimitsShowsTheCountsAndNoSpeedup) {
  const RunResult run = run_npuzzle({"bench", "--quiet", "--algo", "ida", "--heuristic", "md",
                                     "--node-limit", "5", "--ids", "1-3"});
  EXPECT_EQ(run.describe(), "exit 4") << run.err;
  EXPECT_EQ(run.err, "") << "--quiet: the table counts the limits";
  const RunResult loud = run_npuzzle(
      {"bench", "--algo", "ida", "--heuristic", "md", "--node-limit", "5", "--ids", "1"});
  EXPECT_EQ(loud.describe(), "exit 4") << loud.err;
  EXPECT_TRUE(contains(loud.err, "instance 1 with ida + md on 1 threads: limit: node limit"))
      << loud.err;
  const std::string row = table_row(run.out, "ida", 1);
  ASSERT_FALSE(row.empty()) << run.out;
  // solved 0/3, optimal 0, limit 3, mismatch 0 … and '-' where a length, a speedup and an
  // efficiency would be (the time column may itself read "1.00 ms").
  EXPECT_TRUE(std::regex_search(row, std::regex(R"(^ *ida +1 +0/3 +0 +3 +0 )"))) << row;
  EXPECT_TRUE(std::regex_search(row, std::regex(R"( M/s +- +- +- *$)"))) << row;
}

TEST_F(BenchReport, AWrongOptimumIsCountedAsAMismatch) {
  const fs::path dir = fault::fresh_dir("bench_mismatch");
  // 1 move from the goal; the set claims 3.
  const std::string set = fault::write_text(dir / "set.txt", "1 3 1 0 2 3 4 5 6 7 8\n");
  const std::string csv = (dir / "mismatch.csv").string();
  const RunResult run = run_npuzzle({"bench", "--quiet", "--heuristic", "md", "--csv", csv, set});
  EXPECT_EQ(run.describe(), "exit 2");
  EXPECT_TRUE(contains(run.err, "length 1 but the known optimum is 3")) << "even with --quiet";
  const std::string row = table_row(run.out, "ida", 1);
  EXPECT_TRUE(std::regex_search(row, std::regex(R"(^ *ida +1 +0/1 +0 +0 +1 )"))) << run.out;
  const auto csv_lines = lines_of(fault::read_text(csv));
  ASSERT_EQ(csv_lines.size(), 2u);
  EXPECT_NE(csv_lines[1].find(",solved,mismatch,"), std::string::npos) << csv_lines[1];
  EXPECT_TRUE(std::regex_search(csv_lines[1], std::regex(R"(,0,0,1,0,0$)"))) << csv_lines[1];
}

// Ctrl-C during a sweep (#46): the instance being solved is a limit with its nodes so far; those
// never started are "not run" in the CSV (no figures) and counted so in the table, not limits
// with no nodes. SIGINT is sent once the first, one-move instance is reported; the next ones are
// Korf's 15-puzzles #88, #60 and #82 with ida + md (minutes each).
TEST_F(BenchReport, InstancesNeverStartedAreNotRun) {
  const fs::path dir = fault::fresh_dir("bench_not_run");
  const std::string set = fault::write_text(dir / "set.txt",
                                            "1 1 1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n"
                                            "88 65 15 2 12 11 14 13 9 5 1 3 8 7 0 10 6 4\n"
                                            "60 66 11 14 13 1 2 3 12 4 15 7 9 5 10 6 8 0\n"
                                            "82 62 14 10 2 1 13 9 8 11 7 3 6 12 15 5 4 0\n");
  const std::string csv = (dir / "not_run.csv").string();
  RunSpec spec;
  spec.argv = {fault::npuzzle_binary(),
               "bench",
               "--algo",
               "ida",
               "--heuristic",
               "md",
               "--threads",
               "1",
               "--csv",
               csv,
               set};
  spec.trigger = "instance 1:";
  spec.signal_number = SIGINT;
  spec.timeout_seconds = 120;
  const RunResult run = run_program(spec);
  ASSERT_TRUE(run.triggered) << run.err;
  EXPECT_EQ(run.describe(), "exit 4") << run.err;
  const std::string text = fault::read_text(csv);
  const auto checks = csv_counts(text, {"id", "check"});
  EXPECT_EQ(checks.count("1|ok"), 1u) << text;
  // #88 was being solved (a limit with nodes), or, had the signal come before its turn, not run.
  EXPECT_EQ(checks.count("88|limit") + checks.count("88|not run"), 1u) << text;
  EXPECT_EQ(checks.count("60|not run"), 1u) << text;
  EXPECT_EQ(checks.count("82|not run"), 1u) << text;
  const auto by_check = csv_counts(text, {"check", "expanded"});
  EXPECT_EQ(by_check.count("limit|0"), 0u) << text;   // no limit with no nodes
  ASSERT_EQ(by_check.count("not run|"), 1u) << text;  // no figures when not run
  EXPECT_EQ(by_check.at("not run|"), static_cast<int>(checks.count("88|not run")) + 2) << text;
  const std::string row = table_row(run.out, "ida", 1);
  EXPECT_TRUE(std::regex_search(row, std::regex(R"(\((2|3) not run\)$)"))) << run.out;
  EXPECT_TRUE(contains(run.err, "not run with ida + md on 1 threads")) << run.err;
}

// A set that ships with the program is found by its bare name from any directory, as the help
// says (the tests run where no hard80.txt is).
TEST_F(BenchReport, ShippedSetsAreFoundByBareName) {
  ASSERT_FALSE(fs::exists("hard80.txt"));
  const RunResult run = run_npuzzle(
      {"bench", "--quiet", "--heuristic", "md", "--node-limit", "5", "--ids", "1", "hard80.txt"});
  EXPECT_EQ(run.describe(), "exit 4") << run.err;
  EXPECT_TRUE(contains(run.out, "bench: hard80.txt, 1 instance")) << run.out;
  // A name that is not shipped is still an error naming it.
  const RunResult missing = run_npuzzle({"bench", "--quiet", "no-such-set.txt"});
  EXPECT_EQ(missing.describe(), "exit 2") << missing.err;
  EXPECT_TRUE(contains(missing.err, "no-such-set.txt")) << missing.err;
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

// --algo, --heuristic and --tie-break lists: every meaningful configuration (as `solve` expands
// them: each algorithm with each heuristic, bfs once, the tie-breaks for the best-first searches)
// runs in turn, and one table compares them, a row per configuration and thread count; the CSV
// names each row's configuration.
TEST_F(BenchReport, ListsAreComparedInOneTable) {
  const fs::path dir = fault::fresh_dir("bench_lists");
  const std::string file =
      fault::write_text(dir / "boards.txt", "1 0 2 3 4 5 6 7 8\n8 1 3 4 0 2 7 6 5\n");
  const std::string csv = (dir / "lists.csv").string();
  const RunResult run = run_npuzzle(
      {"bench", "--quiet", "--algo", "ida,astar,bfs", "--heuristic", "md,lc", "--csv", csv, file});
  ASSERT_EQ(run.describe(), "exit 0") << run.err;
  EXPECT_TRUE(contains(run.out, "bench: boards.txt, 2 instances, 5 configurations, goal "))
      << run.out;
  EXPECT_EQ(compared_rows(run.out),
            (std::vector<std::string>{"ida md - 1", "ida lc - 1", "astar md larger-g 1",
                                      "astar lc larger-g 1", "bfs none - 1"}))
      << run.out;
  const std::regex solved_row(R"(^(ida|astar|bfs) .* 1 +2/2 +2 +0 +0 .*)");
  int rows = 0;
  for (const std::string& line : lines_of(run.out)) rows += std::regex_match(line, solved_row);
  EXPECT_EQ(rows, 5) << run.out;
  EXPECT_EQ(csv_counts(fault::read_text(csv), {"algorithm", "heuristic", "check"}),
            (std::map<std::string, int>{{"ida|md|ok", 2},
                                        {"ida|lc|ok", 2},
                                        {"astar|md|ok", 2},
                                        {"astar|lc|ok", 2},
                                        {"bfs|none|ok", 2}}));

  const RunResult ties = run_npuzzle({"bench", "--quiet", "--algo", "astar,ida", "--heuristic",
                                      "md", "--tie-break", "lifo,fifo", "--csv", csv, file});
  ASSERT_EQ(ties.describe(), "exit 0") << ties.err;
  EXPECT_EQ(compared_rows(ties.out),
            (std::vector<std::string>{"astar md lifo 1", "astar md fifo 1", "ida md - 1"}))
      << ties.out;
  EXPECT_EQ(csv_counts(fault::read_text(csv), {"algorithm", "tie_break"}),
            (std::map<std::string, int>{{"astar|lifo", 2}, {"astar|fifo", 2}, {"ida|", 2}}));

  // The baseline runs once per heuristic and tie-break: its row once, before the rows it is the
  // base of.
  const RunResult base = run_npuzzle({"bench", "--quiet", "--algo", "pida,hda", "--heuristic", "md",
                                      "--threads", "1,2", "--baseline", "ida", "--csv", csv, file});
  ASSERT_EQ(base.describe(), "exit 0") << base.err;
  EXPECT_EQ(compared_rows(base.out), (std::vector<std::string>{"ida md 1", "pida md 1", "pida md 2",
                                                               "hda md 1", "hda md 2"}))
      << base.out;
  int baseline_rows = 0;
  for (const std::string& line : lines_of(base.out)) {
    baseline_rows += std::regex_match(line, std::regex(R"(^ida +md +1 .* 1\.00 +1\.00 .*)"));
  }
  EXPECT_EQ(baseline_rows, 1) << base.out;
  EXPECT_EQ(csv_counts(fault::read_text(csv), {"algorithm", "threads"}),
            (std::map<std::string, int>{
                {"ida|1", 2}, {"pida|1", 2}, {"pida|2", 2}, {"hda|1", 2}, {"hda|2", 2}}));

  // One plot cannot hold several configurations: refused before any search.
  const RunResult plot = run_npuzzle({"bench", "--algo", "ida,astar", "--heuristic", "md", "--plot",
                                      (dir / "p.png").string(), file});
  EXPECT_EQ(plot.describe(), "exit 1");
  EXPECT_TRUE(contains(plot.err, "--plot draws one configuration")) << plot.err;
  EXPECT_TRUE(plot.out.empty()) << plot.out;
  // An option none of the configurations takes is refused as by `solve`.
  const RunResult refused =
      run_npuzzle({"bench", "--algo", "ida,pida", "--tie-break", "lifo,fifo", file});
  EXPECT_EQ(refused.describe(), "exit 1");
  EXPECT_TRUE(contains(refused.err, "--tie-break applies to astar, greedy")) << refused.err;
}

}  // namespace
}  // namespace npuzzle
