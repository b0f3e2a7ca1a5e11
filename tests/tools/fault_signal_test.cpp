// Fault tests: SIGINT and SIGTERM during long solves of the `npuzzle` binary (one board, and a
// batch from a file, one and two instances at a time). Each must stop the search, still print the
// statistics so far for every instance, and exit with code 4 (a limit was hit), never by the signal
// and never hang. The boards are Korf's deepest instances with Manhattan distance (IDA* needs far
// more than the test's timeout on them), so the signal always lands during the search; it is sent
// once the first progress line of `-v` appears, so the handlers are in place.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "tests/support/korf.hpp"
#include "tests/tools/fault_support.hpp"

namespace npuzzle::fault {
namespace {

// Korf's instance 60 (66 moves), goal blank first.
std::string hard60() { return korf_data::by_id(60).text(); }

// Korf's instances 60 and 17 (66 moves) and 88 (65 moves), each line its id and its tiles.
std::string hard_batch() {
  std::string text = "# three of Korf's deepest instances\n";
  for (int id : {60, 17, 88}) text += std::to_string(id) + " " + korf_data::by_id(id).text() + "\n";
  return text;
}

// The deadline for the whole run; the search itself would take hours.
constexpr double kTimeout = 60;

std::vector<nlohmann::json> json_lines(const std::string& text) {
  std::vector<nlohmann::json> objects;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) objects.push_back(nlohmann::json::parse(line));
  }
  return objects;
}

RunSpec interrupted_solve(std::vector<std::string> args, int signal_number) {
  RunSpec spec;
  spec.argv = {npuzzle_binary(), "solve", "-v", "--heuristic", "md"};
  spec.argv.insert(spec.argv.end(), args.begin(), args.end());
  spec.trigger = "bound";
  spec.delay_seconds = 0.3;
  spec.signal_number = signal_number;
  spec.timeout_seconds = kTimeout;
  return spec;
}

std::string latency(const RunResult& run) {
  char text[64];
  std::snprintf(text, sizeof text, "%.2f s after the signal", run.seconds_after_trigger);
  return text;
}

TEST(FaultSignal, SigintDuringOneSolveStopsItWithStatisticsAndExitFour) {
  NPUZZLE_REQUIRE_BINARY(npuzzle_binary());
  const RunResult run = run_program(interrupted_solve({"--output", "json", hard60()}, SIGINT));
  ASSERT_TRUE(run.triggered) << "no progress line appeared: " << run.err;
  ASSERT_TRUE(run.exited()) << run.describe() << "\n" << run.err;
  EXPECT_EQ(run.exit_code, 4) << run.err;
  const auto objects = json_lines(run.out);
  ASSERT_EQ(objects.size(), 1u) << run.out;
  EXPECT_EQ(objects[0]["status"], "limit");
  EXPECT_EQ(objects[0]["reason"], "interrupted");
  EXPECT_GT(objects[0]["expanded"].get<std::uint64_t>(), 0u);
  EXPECT_LT(run.seconds_after_trigger, 10.0) << "slow to stop";
  record_fault("signals", "SIGINT during a long solve (4x4, IDA* + md, `--output json`)",
               run.describe() + ", " + latency(run) + "; status " +
                   objects[0]["status"].get<std::string>() + ", reason " +
                   objects[0]["reason"].get<std::string>() + ", expanded " +
                   std::to_string(objects[0]["expanded"].get<std::uint64_t>()));
}

TEST(FaultSignal, SigtermDuringOneSolveStopsItWithStatisticsAndExitFour) {
  NPUZZLE_REQUIRE_BINARY(npuzzle_binary());
  const RunResult run = run_program(interrupted_solve({hard60()}, SIGTERM));
  ASSERT_TRUE(run.triggered) << "no progress line appeared: " << run.err;
  ASSERT_TRUE(run.exited()) << run.describe() << "\n" << run.err;
  EXPECT_EQ(run.exit_code, 4) << run.err;
  const std::string stopped = line_with(run.out, "interrupted");
  const std::string statistics = line_with(run.out, "expanded");
  EXPECT_FALSE(stopped.empty()) << run.out;
  EXPECT_FALSE(statistics.empty()) << run.out;
  EXPECT_LT(run.seconds_after_trigger, 10.0) << "slow to stop";
  record_fault("signals", "SIGTERM during a long solve (text output)",
               run.describe() + ", " + latency(run) + "; prints `" + stopped + "` and `" +
                   statistics.substr(statistics.find_first_not_of(' ')) + "`");
}

void expect_batch_interrupted(int signal_number, const std::string& threads,
                              const std::string& name) {
  const std::string file = write_text(scratch_dir() / ("hard_batch_" + threads), hard_batch());
  const RunResult run = run_program(
      interrupted_solve({"--output", "json", "--threads", threads, "-f", file}, signal_number));
  ASSERT_TRUE(run.triggered) << "no progress line appeared: " << run.err;
  ASSERT_TRUE(run.exited()) << run.describe() << "\n" << run.err;
  EXPECT_EQ(run.exit_code, 4) << run.err;
  const auto objects = json_lines(run.out);
  ASSERT_EQ(objects.size(), 3u) << "every instance must be reported:\n" << run.out;
  const std::vector<int> ids = {60, 17, 88};
  for (std::size_t i = 0; i < objects.size(); ++i) {
    EXPECT_EQ(objects[i]["id"], ids[i]) << "input order";
    EXPECT_EQ(objects[i]["status"], "limit") << objects[i].dump();
    EXPECT_EQ(objects[i]["reason"], "interrupted") << objects[i].dump();
  }
  EXPECT_LT(run.seconds_after_trigger, 10.0) << "slow to stop";
  record_fault("signals",
               name + " during a batch of 3 hard boards (`-f FILE --threads " + threads + "`)",
               run.describe() + ", " + latency(run) + "; " + std::to_string(objects.size()) +
                   " instances reported, each status limit / interrupted");
}

TEST(FaultSignal, SigintDuringABatchReportsEveryInstanceAndExitsFour) {
  NPUZZLE_REQUIRE_BINARY(npuzzle_binary());
  expect_batch_interrupted(SIGINT, "1", "SIGINT");
}

TEST(FaultSignal, SigtermDuringAParallelBatchReportsEveryInstanceAndExitsFour) {
  NPUZZLE_REQUIRE_BINARY(npuzzle_binary());
  expect_batch_interrupted(SIGTERM, "2", "SIGTERM");
}

}  // namespace
}  // namespace npuzzle::fault
