// Fault tests: nothing hangs, no signal is ignored.
//   - a FIFO that no process opens from the other side, given as `-f`, `bench SET`, `--resume`,
//     `--checkpoint` or `--animate`: the readers wait for it without blocking Ctrl-C, the rest
//     refuse it at once (exit 2) instead of blocking in open();
//   - a stop signal that arrives at start-up (pending when the program starts: no timing) stops
//     `npuzzle solve` with exit 4 and its checkpoint written, and stops `pdbgen verify` with
//     exit 4.
#include <sys/stat.h>

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/tools/checkpoint_support.hpp"
#include "tests/tools/cli_support.hpp"

namespace npuzzle::fault {
namespace {

using checkpoint_test::korf;
using cli::contains;

// A FIFO in a fresh directory `name`.
std::string fifo(const std::string& name) {
  const std::string path = (fresh_dir(name) / "fifo").string();
  EXPECT_EQ(::mkfifo(path.c_str(), 0600), 0);
  return path;
}

// npuzzle with `args`, killed after 30 s; SIGINT `interrupt_after` seconds in when not negative.
RunResult run_npuzzle_at_most(std::vector<std::string> args, double interrupt_after = -1) {
  RunSpec spec;
  spec.argv = std::move(args);
  spec.argv.insert(spec.argv.begin(), npuzzle_binary());
  spec.timeout_seconds = 30;
  if (interrupt_after >= 0) {
    spec.signal_number = SIGINT;
    spec.delay_seconds = interrupt_after;
  }
  return run_program(spec);
}

std::string seconds_text(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f s", seconds);
  return text;
}

class FaultHang : public ::testing::Test {
 protected:
  void SetUp() override { NPUZZLE_REQUIRE_BINARY(npuzzle_binary()); }
};

TEST_F(FaultHang, FifoWithoutWriterAsInputFileStopsAtSigint) {
  const RunResult run = run_npuzzle_at_most({"solve", "--heuristic", "lc", "-f", fifo("f")}, 1);
  EXPECT_EQ(run.exit_code, 4) << run.describe() << run.err;
  EXPECT_TRUE(run.triggered);
  EXPECT_LT(run.seconds_after_trigger, 10.0);
  record_fault(
      "signals", "`solve -f FIFO`, no process writing the FIFO; SIGINT after 1 s",
      run.describe() + ", " + seconds_text(run.seconds_after_trigger) + " after the signal");
}

TEST_F(FaultHang, FifoWithoutWriterAsInputFileStopsAtTheTimeLimit) {
  const RunResult run =
      run_npuzzle_at_most({"solve", "--heuristic", "lc", "--time-limit", "1", "-f", fifo("f")});
  EXPECT_EQ(run.exit_code, 4) << run.describe() << run.err;
  EXPECT_FALSE(run.timed_out) << run.describe();
  EXPECT_TRUE(contains(run.err, "no input came for 1 s (--time-limit)")) << run.err;
  record_fault("limits", "`solve --time-limit 1 -f FIFO`, no process writing the FIFO, no signal",
               run.describe() + "; `" + first_line(run.err) + "`");
}

TEST_F(FaultHang, FifoWithoutWriterAsBenchSetStopsAtSigint) {
  const RunResult run = run_npuzzle_at_most({"bench", fifo("bench"), "--heuristic", "lc"}, 1);
  EXPECT_EQ(run.exit_code, 4) << run.describe() << run.err;
  EXPECT_TRUE(run.triggered);
  EXPECT_LT(run.seconds_after_trigger, 10.0);
  record_fault(
      "signals", "`bench FIFO`, no process writing the FIFO; SIGINT after 1 s",
      run.describe() + ", " + seconds_text(run.seconds_after_trigger) + " after the signal");
}

TEST_F(FaultHang, FifoWithoutWriterAsBenchSetStopsAtTheTimeLimit) {
  const RunResult run =
      run_npuzzle_at_most({"bench", fifo("bench"), "--heuristic", "lc", "--time-limit", "1"});
  EXPECT_EQ(run.exit_code, 4) << run.describe() << run.err;
  EXPECT_FALSE(run.timed_out) << run.describe();
  EXPECT_TRUE(contains(run.err, "for 1 s (--time-limit)")) << run.err;
  record_fault("limits", "`bench FIFO --time-limit 1`, no process writing the FIFO, no signal",
               run.describe() + "; `" + first_line(run.err) + "`");
}

TEST_F(FaultHang, FifoAsCheckpointToResumeIsRefused) {
  const RunResult run = run_npuzzle_at_most({"solve", "--resume", fifo("resume")});
  EXPECT_EQ(run.exit_code, 2) << run.describe() << run.err;
  EXPECT_TRUE(contains(run.err, "it is a FIFO, not a regular file")) << run.err;
  record_fault("checkpoint", "`--resume FIFO`, no process writing the FIFO",
               run.describe() + "; `" + first_line(run.err) + "`");
}

TEST_F(FaultHang, FifoAsCheckpointIsRefused) {
  const RunResult run =
      run_npuzzle_at_most({"solve", "--algo", "ida", "--heuristic", "md", "--node-limit", "1000",
                           "--checkpoint", fifo("checkpoint"), korf(13).tiles});
  EXPECT_EQ(run.exit_code, 2) << run.describe() << run.err;
  EXPECT_TRUE(contains(run.err, "it is a FIFO, not a regular file")) << run.err;
  EXPECT_TRUE(run.out.empty()) << run.out;
  record_fault("checkpoint", "`--checkpoint FIFO`, no process reading the FIFO",
               run.describe() + " before the search; `" + first_line(run.err) + "`");
}

TEST_F(FaultHang, FifoWithoutReaderAsAnimatedPageIsRefused) {
  const RunResult run =
      run_npuzzle_at_most({"solve", "--animate", fifo("animate"), "1 2 3 4 0 5 7 8 6"});
  EXPECT_EQ(run.exit_code, 2) << run.describe() << run.err;
  EXPECT_TRUE(contains(run.err, "it is a FIFO that no process reads")) << run.err;
  EXPECT_TRUE(run.out.empty()) << run.out;
  record_fault("output", "`--animate FIFO`, no process reading the FIFO",
               run.describe() + " before the search; `" + first_line(run.err) + "`");
}

TEST_F(FaultHang, SigintAtStartUpStopsTheSolveAndWritesItsCheckpoint) {
  const std::string path = (fresh_dir("startup") / "search.ckpt").string();
  RunSpec spec;
  spec.argv = {npuzzle_binary(), "solve", "--algo",      "ida", "--heuristic", "md",
               "--checkpoint",   path,    korf(13).tiles};
  spec.timeout_seconds = 60;
  spec.pending_signal = SIGINT;
  const RunResult run = run_program(spec);
  EXPECT_EQ(run.exit_code, 4) << run.describe() << run.err;
  EXPECT_TRUE(contains(run.out, "interrupted")) << run.out;
  const std::string text = read_text(path);
  EXPECT_EQ(text.rfind("npuzzle-checkpoint ", 0), 0u) << text;
  EXPECT_EQ(checkpoint_test::field(text, "iterations"), "0") << text;
  record_fault("signals",
               "SIGINT already pending when `npuzzle solve --checkpoint FILE` starts (ida + md)",
               run.describe() + "; `" + cli::lines_of(run.out).front() + "`; checkpoint " +
                   (text.empty() ? "not written"
                                 : "written, bound " + checkpoint_test::field(text, "bound")));
}

TEST(FaultHangPdbgen, VerifyStopsAtSigint) {
  NPUZZLE_REQUIRE_BINARY(pdbgen_binary());
  const fs::path dir = fresh_dir("verify");
  const RunResult build = cli::run_pdbgen(
      {"build", "--size", "4x4", "--partition", "1,2,3,4,5", "--dir", dir.string()});
  ASSERT_EQ(build.exit_code, 0) << build.err;
  std::string table;
  for (const auto& entry : fs::directory_iterator(dir)) table = entry.path().string();
  RunSpec spec;
  spec.argv = {pdbgen_binary(), "verify", table};
  spec.timeout_seconds = 60;
  spec.pending_signal = SIGINT;
  const RunResult run = run_program(spec);
  EXPECT_EQ(run.exit_code, 4) << run.describe() << run.out << run.err;
  EXPECT_TRUE(contains(run.err, "interrupted")) << run.err;
  EXPECT_FALSE(contains(run.out, ": ok")) << run.out;
  record_fault("signals", "`pdbgen verify` (a 5-tile 4x4 table) with SIGINT pending at start",
               run.describe() + "; `" + line_with(run.err, "interrupted") + "`");
}

}  // namespace
}  // namespace npuzzle::fault
