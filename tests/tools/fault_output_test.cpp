// Fault tests: writes that fail. Standard output on a full device (/dev/full), closed, or a pipe
// whose reader is gone with SIGPIPE ignored; the CSV file of `bench` and the boards of `random` on
// a full device or a file size limit (the earlier CSV kept); `pdbgen info` with nowhere to write.
// Every one must end with a message on stderr naming the failed write and exit code 2 (never 0
// with the results lost), and a batch must stop at the first result it cannot write instead of
// solving the rest for no reader. One path given to two outputs (--csv and --plot, --animate and
// --checkpoint) is refused up front, exit code 1.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "tests/support/korf.hpp"
#include "tests/tools/fault_support.hpp"

namespace npuzzle::fault {
namespace {

struct Destination {
  const char* name;
  const char* stdout_to;
  const char* described;
  const char* error;  // what the message must say
};

class FaultOutputSolve : public ::testing::TestWithParam<Destination> {};

TEST_P(FaultOutputSolve, FailedWriteOfTheAnswerIsExitTwoWithAMessage) {
  NPUZZLE_REQUIRE_BINARY(npuzzle_binary());
  const Destination& d = GetParam();
  RunSpec spec;
  spec.argv = {npuzzle_binary(), "solve", "--heuristic", "lc", kEasy};
  spec.stdout_to = d.stdout_to;
  spec.ignore_sigpipe = true;
  const RunResult run = run_program(spec);
  ASSERT_TRUE(run.exited()) << run.describe();
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_NE(run.err.find("writing standard output failed"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find(d.error), std::string::npos) << run.err;
  record_fault("output",
               std::string("`npuzzle solve --heuristic lc \"") + kEasy + "\"` with " + d.described,
               run.describe() + ": `" + line_with(run.err, "writing") + "`");
}

INSTANTIATE_TEST_SUITE_P(
    Destinations, FaultOutputSolve,
    ::testing::Values(
        Destination{"DevFull", "/dev/full", "stdout on /dev/full", "No space left on device"},
        Destination{"Closed", "closed", "stdout closed (`>&-`)", "Bad file descriptor"},
        Destination{"BrokenPipe", "broken-pipe",
                    "stdout a pipe whose reader is gone, SIGPIPE ignored", "Broken pipe"}),
    [](const auto& test) { return test.param.name; });

// 300 boards of a 4x4 that IDA* + md solves in a few thousand nodes each: with the reader gone the
// batch must stop after the first answer instead of solving the other 299 for nobody. The progress
// lines of -v name each instance the program starts on.
TEST(FaultOutput, BatchStopsAtTheFirstAnswerItCannotWrite) {
  NPUZZLE_REQUIRE_BINARY(npuzzle_binary());
  std::string boards;
  for (int i = 1; i <= 300; ++i)
    boards += std::to_string(i) + " 4 1 2 3 8 5 6 7 0 9 10 11 12 13 14 15\n";
  const std::string file = write_text(fresh_dir("broken_pipe_batch") / "boards.txt", boards);
  for (const int threads : {1, 2}) {
    RunSpec spec;
    spec.argv = {
        npuzzle_binary(),       "solve", "-v", "--heuristic", "md", "-f", file, "--threads",
        std::to_string(threads)};
    spec.stdout_to = "broken-pipe";
    spec.ignore_sigpipe = true;
    const RunResult run = run_program(spec);
    ASSERT_TRUE(run.exited()) << run.describe();
    EXPECT_EQ(run.exit_code, 2) << run.err;
    std::set<std::string> started;
    std::istringstream lines(run.err);
    for (std::string line; std::getline(lines, line);) {
      if (!line.empty() && line[0] == '[') started.insert(line.substr(0, line.find(']')));
    }
    // One thread stops at its first answer. With two, the other thread goes on solving until the
    // first write has failed, which on a loaded machine can be some dozens of instances later
    // (each takes microseconds): far from all 300.
    EXPECT_LE(started.size(), threads == 1 ? 2u : 150u)
        << "instances started after the reader was gone";
    if (threads == 2) {
      record_fault("output",
                   "a batch of 300 boards (`-f FILE --threads 2`) into a pipe whose reader is "
                   "gone, SIGPIPE ignored",
                   run.describe() + "; " + std::to_string(started.size()) +
                       " of 300 instances started; `" + line_with(run.err, "writing") + "`");
    }
  }
}

TEST(FaultOutput, RandomOnAFullDeviceIsExitTwo) {
  NPUZZLE_REQUIRE_BINARY(npuzzle_binary());
  for (const char* count : {"1", "1000000"}) {
    RunSpec spec;
    spec.argv = {npuzzle_binary(), "random", "--seed", "1", "--count", count};
    spec.stdout_to = "/dev/full";
    const RunResult run = run_program(spec);
    ASSERT_TRUE(run.exited()) << run.describe();
    EXPECT_EQ(run.exit_code, 2) << run.err;
    EXPECT_NE(run.err.find("No space left on device"), std::string::npos) << run.err;
    if (std::string(count) == "1000000") {
      record_fault("output", "`npuzzle random --count 1000000` with stdout on /dev/full",
                   run.describe() + ": `" + line_with(run.err, "writing") + "`");
    }
  }
}

TEST(FaultOutput, BenchCsvOnAFullDeviceIsExitTwo) {
  NPUZZLE_REQUIRE_BINARY(npuzzle_binary());
  const std::string set =
      write_text(fresh_dir("bench_csv") / "set.txt", "1 1 4 1 2 3 0 5 6 7 8 9 10 11 12 13 14 15\n");
  RunSpec spec;
  spec.argv = {npuzzle_binary(), "bench", set, "--heuristic", "md", "--csv", "/dev/full", "-q"};
  const RunResult run = run_program(spec);
  ASSERT_TRUE(run.exited()) << run.describe();
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_NE(run.err.find("cannot write CSV file '/dev/full'"), std::string::npos) << run.err;
  record_fault("output", "`npuzzle bench SET --csv /dev/full`",
               run.describe() + ": `" + line_with(run.err, "cannot write") + "`");
}

// The CSV is written atomically: a write that fails (a 300-byte file size limit, below the CSV's
// size) leaves the CSV of an earlier run at that path as it was, and no temporary file.
TEST(FaultOutput, BenchCsvThatCannotBeWrittenLeavesTheEarlierFile) {
  NPUZZLE_REQUIRE_BINARY(npuzzle_binary());
  const fs::path dir = fresh_dir("bench_csv_atomic");
  const std::string set = write_text(
      dir / "set.txt", std::string(kEasy) + "\n" + kEasy + "\n" + kEasy + "\n" + kEasy + "\n");
  const std::string earlier = "an earlier run's CSV\n";
  const std::string csv = write_text(dir / "out.csv", earlier);
  RunSpec spec;
  spec.argv = {npuzzle_binary(), "bench", set, "--heuristic", "md", "--csv", csv, "-q"};
  spec.stdout_to = "/dev/null";
  spec.file_size_limit = 300;
  const RunResult run = run_program(spec);
  ASSERT_TRUE(run.exited()) << run.describe();
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_NE(run.err.find("cannot write CSV file"), std::string::npos) << run.err;
  EXPECT_EQ(read_text(csv), earlier);
  std::vector<std::string> files;
  for (const auto& entry : fs::directory_iterator(dir)) {
    files.push_back(entry.path().filename().string());
  }
  EXPECT_EQ(files.size(), 2u);
  record_fault("output",
               "`npuzzle bench SET --csv FILE` under a 300-byte file size limit, FILE holding an "
               "earlier CSV",
               run.describe() + ": `" + line_with(run.err, "cannot write") + "`; FILE " +
                   (read_text(csv) == earlier ? "unchanged" : "changed") + ", " +
                   std::to_string(files.size()) + " files in its directory");
}

TEST(FaultOutput, BenchCsvAndPlotOnOnePathAreRefused) {
  NPUZZLE_REQUIRE_BINARY(npuzzle_binary());
  const fs::path dir = fresh_dir("bench_same_path");
  const std::string set = write_text(dir / "set.txt", std::string(kEasy) + "\n");
  const std::string path = (dir / "p.png").string();
  RunSpec spec;
  spec.argv = {npuzzle_binary(), "bench", set, "--heuristic", "md", "--csv", path, "--plot", path};
  const RunResult run = run_program(spec);
  ASSERT_TRUE(run.exited()) << run.describe();
  EXPECT_EQ(run.exit_code, 1) << run.err;
  EXPECT_NE(run.err.find("name the same file"), std::string::npos) << run.err;
  EXPECT_FALSE(fs::exists(path));
  record_fault("output", "`npuzzle bench SET --csv p.png --plot p.png`",
               run.describe() + ": `" + first_line(run.err) + "`");
}

TEST(FaultOutput, VerifyAndPdbgenInfoOnAFullDeviceAreExitTwo) {
  NPUZZLE_REQUIRE_BINARY(npuzzle_binary());
  NPUZZLE_REQUIRE_BINARY(pdbgen_binary());
  RunSpec verify;
  verify.argv = {npuzzle_binary(), "verify", "1 0 2 3 4 5 6 7 8", "L"};
  verify.stdout_to = "/dev/full";
  const RunResult checked = run_program(verify);
  ASSERT_TRUE(checked.exited()) << checked.describe();
  EXPECT_EQ(checked.exit_code, 2) << checked.err;
  EXPECT_NE(checked.err.find("No space left on device"), std::string::npos) << checked.err;

  const fs::path dir = fresh_dir("info_full");
  RunSpec build;
  build.argv = {pdbgen_binary(), "build", "--size", "2x3",
                "--partition",   "full",  "--dir",  dir.string()};
  ASSERT_EQ(run_program(build).exit_code, 0);
  fs::path table;
  for (const auto& entry : fs::directory_iterator(dir)) table = entry.path();
  RunSpec info;
  info.argv = {pdbgen_binary(), "info", table.string()};
  info.stdout_to = "/dev/full";
  const RunResult run = run_program(info);
  ASSERT_TRUE(run.exited()) << run.describe();
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_NE(run.err.find("No space left on device"), std::string::npos) << run.err;
  record_fault("output", "`npuzzle verify` and `pdbgen info FILE` with stdout on /dev/full",
               "verify: " + checked.describe() + "; info: " + run.describe() + ": `" +
                   line_with(run.err, "writing") + "`");
}

TEST(FaultOutput, AnimatedPageAndCheckpointOnOnePathAreRefused) {
  NPUZZLE_REQUIRE_BINARY(npuzzle_binary());
  const fs::path dir = fresh_dir("solve_same_path");
  const std::string path = (dir / "run.out").string();
  RunSpec spec;
  spec.argv = {npuzzle_binary(),
               "solve",
               "--algo",
               "ida",
               "--heuristic",
               "md",
               "--node-limit",
               "1000",
               "--animate",
               path,
               "--checkpoint",
               (dir / "." / "run.out").string(),
               korf_data::by_id(1).text()};
  const RunResult run = run_program(spec);
  ASSERT_TRUE(run.exited()) << run.describe();
  EXPECT_EQ(run.exit_code, 1) << run.err;
  EXPECT_NE(run.err.find("name the same file"), std::string::npos) << run.err;
  EXPECT_FALSE(fs::exists(path));
  record_fault("output", "`npuzzle solve --animate DIR/run.out --checkpoint DIR/./run.out`",
               run.describe() + ": `" + first_line(run.err) + "`");
}

}  // namespace
}  // namespace npuzzle::fault
