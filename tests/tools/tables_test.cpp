// End-to-end tests of the tables the tools print (solve's table per instance and its totals per
// configuration, bench's table of sweeps and its comparison of configurations): every number of a
// kind is written one way in all of them (counts with thousands separators, times with their unit,
// rates in M/s), the tie-break rule a configuration ran with is named even when it was the
// default, and bench compares several configurations in one table.
#include <gtest/gtest.h>

#include <map>
#include <regex>
#include <string>
#include <vector>

#include "tests/tools/cli_support.hpp"

namespace npuzzle {
namespace {

namespace fs = std::filesystem;
using fault::RunResult;

using cli::contains;
using cli::lines_of;
using cli::run_npuzzle;

// Two 8-puzzles 31 moves from blank-last (the longest there are): thousands of nodes each.
const std::string kBoards = "8 6 7 2 5 4 3 0 1\n6 4 7 8 5 0 3 2 1\n";

// The cells of a table line: the columns are two or more spaces apart.
std::vector<std::string> cells(const std::string& line) {
  std::vector<std::string> out;
  const std::regex gap(" {2,}");
  const std::string trimmed = std::regex_replace(line, std::regex("^ +| +$"), "");
  for (std::sregex_token_iterator it(trimmed.begin(), trimmed.end(), gap, -1), end; it != end;
       ++it) {
    out.push_back(*it);
  }
  return out;
}

// A table: its header and its rows, each a map from the header's names to the cells.
struct Table {
  std::vector<std::string> header;
  std::vector<std::map<std::string, std::string>> rows;
};

// The tables of `text`: a header is a line with an "expanded" or a "mean expanded" cell, its rows
// the lines after it with at least as many cells (bench adds "(1 error)" after the last column).
std::vector<Table> tables(const std::string& text) {
  std::vector<Table> found;
  const std::vector<std::string> lines = lines_of(text);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::vector<std::string> header = cells(lines[i]);
    if (std::find(header.begin(), header.end(), "expanded") == header.end() &&
        std::find(header.begin(), header.end(), "mean expanded") == header.end()) {
      continue;
    }
    Table table{header, {}};
    for (std::size_t j = i + 1; j < lines.size(); ++j) {
      const std::vector<std::string> row = cells(lines[j]);
      if (row.size() < header.size()) break;
      std::map<std::string, std::string> named;
      for (std::size_t c = 0; c < header.size(); ++c) named[header[c]] = row[c];
      table.rows.push_back(std::move(named));
    }
    found.push_back(std::move(table));
  }
  return found;
}

// How every column of each kind is written: a column named here must match its pattern (or be
// "-", a figure that does not apply) in every table that has it. "optimal" counts in the totals
// and in bench, and says "yes" or "no" in the table of an instance.
const std::map<std::string, std::regex>& formats() {
  static const std::regex count(R"(\d{1,3}(,\d{3})*)");
  static const std::regex share(R"(\d{1,3}(,\d{3})*/\d{1,3}(,\d{3})*)");
  static const std::regex time(R"(\d+(\.\d+)? (µs|ms|s)|\d+ min \d+ s)");
  static const std::regex rate(R"(\d+\.\d\d M/s)");
  static const std::map<std::string, std::regex> kinds = {
      {"expanded", count},      {"generated", count},      {"peak stored", count},
      {"mean expanded", count}, {"mean generated", count}, {"max peak stored", count},
      {"optimal", count},       {"limit", count},          {"mismatch", count},
      {"other", count},         {"threads", count},        {"solved", share},
      {"time", time},           {"total time", time},      {"mean time", time},
      {"generated/s", rate},
  };
  return kinds;
}

// Checks every table of `text`; returns how many tables there were.
std::size_t check_tables(const std::string& text) {
  const std::vector<Table> all = tables(text);
  bool grouped = false;  // a count of a thousand or more was seen, so the separators were tested
  for (const Table& table : all) {
    EXPECT_FALSE(table.rows.empty()) << text;
    for (const std::string& name : table.header) {
      if (name == "seconds" || name == "Mgen/s") {
        ADD_FAILURE() << "a column of bare " << name << " instead of time or generated/s:\n"
                      << text;
      }
    }
    for (const auto& row : table.rows) {
      for (const auto& [name, cell] : row) {
        const auto kind = formats().find(name);
        if (kind == formats().end() || cell == "-" || cell == "yes" || cell == "no") continue;
        EXPECT_TRUE(std::regex_match(cell, kind->second))
            << "column '" << name << "': '" << cell << "'\n"
            << text;
        grouped = grouped || contains(cell, ",");
      }
    }
  }
  EXPECT_TRUE(grouped) << "no count of a thousand or more:\n" << text;
  return all.size();
}

class Tables : public ::testing::Test {
 protected:
  void SetUp() override { NPUZZLE_REQUIRE_BINARY(fault::npuzzle_binary()); }
};

TEST_F(Tables, NumbersOfAKindAreWrittenOneWayInEveryTable) {
  const fs::path dir = fault::fresh_dir("tables_numbers");
  const std::string file = fault::write_text(dir / "boards.txt", kBoards);

  const RunResult compared = run_npuzzle({"solve", "--goal", "blank-last", "--algo",
                                          "bfs,astar,ida", "--heuristic", "md", "-f", file});
  ASSERT_EQ(compared.describe(), "exit 0") << compared.err;
  EXPECT_EQ(check_tables(compared.out), 3u);  // one per instance, and the totals

  const RunResult one =
      run_npuzzle({"solve", "--goal", "blank-last", "--heuristic", "md", "--summary", "-f", file});
  ASSERT_EQ(one.describe(), "exit 0") << one.err;
  EXPECT_EQ(check_tables(one.out), 1u);

  const RunResult bench =
      run_npuzzle({"bench", "--quiet", "--goal", "blank-last", "--heuristic", "md", file});
  ASSERT_EQ(bench.describe(), "exit 0") << bench.err;
  EXPECT_EQ(check_tables(bench.out), 1u);

  const RunResult benches =
      run_npuzzle({"bench", "--quiet", "--goal", "blank-last", "--algo", "bfs,ida,pida",
                   "--heuristic", "md", "--threads", "1,2", file});
  ASSERT_EQ(benches.describe(), "exit 0") << benches.err;
  EXPECT_EQ(check_tables(benches.out), 1u);

  // The line of one instance and the one-line summary on stderr write them as the tables do.
  const RunResult alone =
      run_npuzzle({"solve", "--goal", "blank-last", "--heuristic", "md", "8 6 7 2 5 4 3 0 1"});
  ASSERT_EQ(alone.describe(), "exit 0") << alone.err;
  EXPECT_TRUE(std::regex_search(
      alone.out, std::regex(R"(\n  expanded \d{1,3}(,\d{3})+, generated \d{1,3}(,\d{3})+, )"
                            R"(\d+(\.\d+)? (µs|ms|s), \d+\.\d\d M generated/s\n)")))
      << alone.out;
  EXPECT_TRUE(
      std::regex_search(compared.err, std::regex(R"(; \d{1,3}(,\d{3})+ expanded, \d{1,3}(,\d{3})+ )"
                                                 R"(generated; \d+(\.\d+)? (µs|ms|s)\n)")))
      << compared.err;
}

// A configuration that takes a tie-break names the rule it ran with, the default included: in the
// line of an instance, the totals, the summary on stderr, JSON and bench's title.
TEST_F(Tables, ASingleConfigurationNamesTheTieBreakItUsed) {
  const RunResult one = run_npuzzle({"solve", "--algo", "astar", "--heuristic", "md", "--goal",
                                     "blank-last", "8 6 7 2 5 4 3 0 1"});
  ASSERT_EQ(one.describe(), "exit 0") << one.err;
  EXPECT_TRUE(contains(one.out, "astar + md, tie-break larger-g\n")) << one.out;

  const RunResult many = run_npuzzle(
      {"solve", "--algo", "greedy", "--heuristic", "md", "--goal", "blank-last"}, kBoards);
  ASSERT_EQ(many.describe(), "exit 0") << many.err;
  const std::vector<Table> totals = tables(many.out);
  ASSERT_EQ(totals.size(), 1u) << many.out;
  ASSERT_EQ(totals[0].rows.size(), 1u) << many.out;
  EXPECT_EQ(totals[0].rows[0].count("tie-break") ? totals[0].rows[0].at("tie-break") : "", "lifo")
      << many.out;
  EXPECT_TRUE(contains(many.err, "; tie-break lifo;")) << many.err;

  const RunResult json = run_npuzzle(
      {"solve", "--output", "json", "--algo", "astar", "--heuristic", "md", "8 1 3 4 0 2 7 6 5"});
  ASSERT_EQ(json.describe(), "exit 0") << json.err;
  EXPECT_EQ(cli::json_lines(json.out).at(0).value("tie_break", ""), "larger-g") << json.out;

  const fs::path dir = fault::fresh_dir("tables_tie_break");
  const std::string file = fault::write_text(dir / "boards.txt", kBoards);
  const RunResult bench = run_npuzzle(
      {"bench", "--quiet", "--goal", "blank-last", "--algo", "astar", "--heuristic", "md", file});
  ASSERT_EQ(bench.describe(), "exit 0") << bench.err;
  EXPECT_TRUE(contains(bench.out, ", astar + md (larger-g), goal blank-last")) << bench.out;
  // An algorithm that takes no tie-break names none.
  const RunResult ida = run_npuzzle({"solve", "--heuristic", "md", "8 1 3 4 0 2 7 6 5"});
  EXPECT_FALSE(contains(ida.out, "tie-break")) << ida.out;
}

// Several configurations: one title and one table, a row per configuration (and thread count)
// with its heuristic, tie-break, counts, time, nodes and rate.
TEST_F(Tables, BenchComparesConfigurationsInOneTable) {
  const fs::path dir = fault::fresh_dir("tables_bench");
  const std::string file = fault::write_text(dir / "boards.txt", kBoards);
  const RunResult run =
      run_npuzzle({"bench", "--quiet", "--goal", "blank-last", "--algo", "ida,astar,bfs",
                   "--heuristic", "md,lc", "--tie-break", "lifo,fifo", file});
  ASSERT_EQ(run.describe(), "exit 0") << run.err;
  std::size_t titles = 0;
  for (const std::string& line : lines_of(run.out)) titles += line.rfind("bench: ", 0) == 0;
  EXPECT_EQ(titles, 1u) << run.out;
  EXPECT_TRUE(
      contains(run.out, "bench: boards.txt, 2 instances, 7 configurations, goal blank-last"))
      << run.out;
  const std::vector<Table> all = tables(run.out);
  ASSERT_EQ(all.size(), 1u) << run.out;
  const Table& table = all[0];
  for (const char* column : {"algorithm", "heuristic", "tie-break", "threads", "solved", "optimal",
                             "time", "expanded", "generated", "generated/s"}) {
    EXPECT_NE(std::find(table.header.begin(), table.header.end(), column), table.header.end())
        << column << "\n"
        << run.out;
  }
  std::vector<std::string> configurations;
  for (const auto& row : table.rows) {
    configurations.push_back(row.at("algorithm") + " " + row.at("heuristic") + " " +
                             row.at("tie-break"));
    EXPECT_EQ(row.at("solved"), "2/2") << run.out;
    EXPECT_EQ(row.at("optimal"), "2") << run.out;
  }
  EXPECT_EQ(configurations,
            (std::vector<std::string>{"ida md -", "ida lc -", "astar md lifo", "astar md fifo",
                                      "astar lc lifo", "astar lc fifo", "bfs none -"}))
      << run.out;
}

}  // namespace
}  // namespace npuzzle
