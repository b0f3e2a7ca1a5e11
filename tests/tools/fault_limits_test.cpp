// Fault tests: --time-limit, --node-limit and --mem-limit on every algorithm of `npuzzle solve`
// (ida, astar, bfs, dfbnb, greedy, hda, pida) on one of Korf's deepest 15-puzzle instances: each
// ends with exit 4 (limit) or 5 (out of memory) and the statistics so far, never a crash or a hang.
// And a batch goes on after a bad line and reports it.
//
// What each case must end with:
//   node limit 20: every algorithm needs far more expansions on a 66-move board (even greedy
//     expands at least one node per move of its path), so exit 4.
//   time limit 0.2 s: exit 4. Greedy best-first finds a path on the 66-move board within a few
//     thousand expansions, before any limit, so it gets a board where it cannot: Korf and Felner's
//     24-puzzle #2 (bench/data/korf24_50.txt) with misplaced tiles, where it expands millions of
//     nodes (over a gigabyte) without a path.
//   memory limit 32M: the searches that store nodes (astar, bfs, hda; greedy on that 24-puzzle)
//     exit 5; the depth-first ones (ida, dfbnb, pida) store no nodes and take no --mem-limit: it is
//     refused (exit 1, naming the searches that take it) before any search.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "tests/support/korf.hpp"
#include "tests/tools/fault_support.hpp"

namespace npuzzle::fault {
namespace {

enum class LimitKind { Nodes, Time, Memory };

struct LimitCase {
  std::string algorithm;
  LimitKind kind;
};

std::string limit_name(LimitKind kind) {
  switch (kind) {
    case LimitKind::Nodes:
      return "node";
    case LimitKind::Time:
      return "time";
    case LimitKind::Memory:
      return "mem";
  }
  return "";
}

bool stores_nodes(const std::string& algorithm) {
  return algorithm == "astar" || algorithm == "bfs" || algorithm == "hda" || algorithm == "greedy";
}

void PrintTo(const LimitCase& c, std::ostream* os) {
  *os << c.algorithm << " " << limit_name(c.kind) << " limit";
}

class FaultLimits : public ::testing::TestWithParam<LimitCase> {};

TEST_P(FaultLimits, EndsWithExitFourOrFiveAndStatistics) {
  NPUZZLE_REQUIRE_BINARY(npuzzle_binary());
  const LimitCase& c = GetParam();
  RunSpec spec;
  // Greedy's own board for the time and memory limits (see the top of the file).
  const bool greedy_board = c.algorithm == "greedy" && c.kind != LimitKind::Nodes;
  const std::string board =
      greedy_board ? korf_data::by_id24(2).text() : korf_data::by_id(60).text();
  const std::string board_name =
      greedy_board ? "Korf and Felner's 24-puzzle #2 (misplaced tiles)" : "a 66-move 4x4 board";
  spec.argv = {npuzzle_binary(), "solve", "--output", "json", "--algo", c.algorithm};
  if (c.algorithm != "bfs") {
    spec.argv.insert(spec.argv.end(), {"--heuristic", greedy_board ? "misplaced" : "md"});
  }
  std::string flags;
  switch (c.kind) {
    case LimitKind::Nodes:
      flags = "--node-limit 20";
      break;
    case LimitKind::Time:
      flags = "--time-limit 0.2";
      break;
    case LimitKind::Memory:
      flags = "--mem-limit 32M";
      break;
  }
  std::istringstream words(flags);
  for (std::string w; words >> w;) spec.argv.push_back(w);
  if (c.algorithm == "hda" || c.algorithm == "pida") {
    spec.argv.insert(spec.argv.end(), {"--threads", "2"});
  }
  spec.argv.push_back(board);
  spec.timeout_seconds = 60;
  const RunResult run = run_program(spec);
  ASSERT_TRUE(run.exited()) << run.describe() << "\n" << run.err;
  if (c.kind == LimitKind::Memory && !stores_nodes(c.algorithm)) {
    EXPECT_EQ(run.describe(), "exit 1") << run.err;
    EXPECT_NE(run.err.find("--mem-limit applies to"), std::string::npos) << run.err;
    EXPECT_TRUE(run.out.empty()) << "refused before any search: " << run.out;
    record_fault("limits", "`--algo " + c.algorithm + " " + flags + "` on a 66-move 4x4 board",
                 run.describe() + "; " + first_line(run.err));
    return;
  }

  const int expected = c.kind == LimitKind::Memory && stores_nodes(c.algorithm) ? 5 : 4;
  EXPECT_EQ(run.exit_code, expected) << run.describe() << "\n" << run.out << run.err;

  std::istringstream lines(run.out);
  std::string line;
  std::getline(lines, line);
  ASSERT_FALSE(line.empty()) << "no report on stdout; stderr: " << run.err;
  const nlohmann::json report = nlohmann::json::parse(line);
  const std::string status = report["status"].get<std::string>();
  const std::string expected_status = run.exit_code == 4 ? "limit" : "out-of-memory";
  EXPECT_EQ(status, expected_status) << report.dump();
  ASSERT_TRUE(report.contains("expanded") && report["expanded"].is_number()) << report.dump();
  if (c.kind == LimitKind::Nodes) {
    EXPECT_GE(report["expanded"].get<std::uint64_t>(), 20u) << report.dump();
  } else {
    EXPECT_GT(report["expanded"].get<std::uint64_t>(), 0u) << report.dump();
  }
  const std::string reason = report.contains("reason") && report["reason"].is_string()
                                 ? report["reason"].get<std::string>()
                                 : "";
  record_fault("limits", "`--algo " + c.algorithm + " " + flags + "` on " + board_name,
               run.describe() + "; status " + status + (reason.empty() ? "" : " (" + reason + ")") +
                   ", expanded " + std::to_string(report["expanded"].get<std::uint64_t>()));
}

std::vector<LimitCase> all_cases() {
  std::vector<LimitCase> cases;
  for (const char* algorithm : {"ida", "astar", "bfs", "dfbnb", "greedy", "hda", "pida"}) {
    for (LimitKind kind : {LimitKind::Nodes, LimitKind::Time, LimitKind::Memory}) {
      cases.push_back({algorithm, kind});
    }
  }
  return cases;
}

INSTANTIATE_TEST_SUITE_P(EveryAlgorithm, FaultLimits, ::testing::ValuesIn(all_cases()),
                         [](const ::testing::TestParamInfo<LimitCase>& param_info) {
                           return param_info.param.algorithm + "_" +
                                  limit_name(param_info.param.kind);
                         });

TEST(FaultBatch, BadLinesAreReportedAndTheBatchGoesOn) {
  NPUZZLE_REQUIRE_BINARY(npuzzle_binary());
  const std::string file = write_text(scratch_dir() / "batch_with_bad_lines.txt",
                                      "1 0 1 2 3 4 5 6 7 8\n"
                                      "2 0 1 2 3 4 5 6 8 8\n"
                                      "3 1 2 3 4 5 6 7 8 0 9\n"
                                      "4 1 0 2 3 4 5 6 7 8\n"
                                      "5 0 1 2 three 4 5 6 7 8\n"
                                      "6 3 1 2 0 4 5 6 7 8\n");
  RunSpec spec;
  spec.argv = {npuzzle_binary(), "solve", "--output", "json", "-f", file};
  spec.timeout_seconds = 60;
  const RunResult run = run_program(spec);
  ASSERT_TRUE(run.exited()) << run.describe() << "\n" << run.err;
  EXPECT_EQ(run.exit_code, 2) << "the highest code among the instances: input error";
  std::vector<nlohmann::json> objects;
  std::istringstream in(run.out);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) objects.push_back(nlohmann::json::parse(line));
  }
  ASSERT_EQ(objects.size(), 6u) << run.out;
  const std::vector<std::string> expected = {"solved", "error", "error",
                                             "solved", "error", "solved"};
  std::string errors;
  for (std::size_t i = 0; i < objects.size(); ++i) {
    EXPECT_EQ(objects[i]["status"], expected[i]) << objects[i].dump();
    EXPECT_EQ(objects[i]["line"], static_cast<int>(i + 1)) << objects[i].dump();
    if (objects[i]["status"] == "error") {
      EXPECT_TRUE(objects[i].contains("error")) << objects[i].dump();
      errors += (errors.empty() ? "" : "; ") + std::string("line ") + std::to_string(i + 1) + ": " +
                objects[i].value("error", std::string());
    }
  }
  record_fault(
      "limits", "a batch of 6 boards, lines 2, 3 and 5 bad",
      run.describe() + "; 6 instances reported in order, 3 solved, 3 errors (" + errors + ")");
}

}  // namespace
}  // namespace npuzzle::fault
