// Fault tests: the input as a stream, and small option and input faults.
//   - answers come while the input still arrives (a pipe kept open), and reading a pipe that
//     sends nothing stops at SIGINT; 32 MB of blank lines take little memory;
//   - `-f DIR` says it is a directory; a UTF-8 byte order mark at the start is accepted;
//   - numeric options that would wrap (negative, past 64 bits, a size past 2^64 bytes) are refused
//     with exit 1; SIGHUP stops a solve like SIGTERM (exit 4, statistics printed).
#include <signal.h>

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "tests/support/korf.hpp"
#include "tests/tools/fault_support.hpp"

namespace npuzzle::fault {
namespace {

// `npuzzle solve --heuristic lc` with its stdin and stdout on pipes held by the test.
class PipedSolve : public process::PipedChild {
 public:
  PipedSolve()
      : PipedChild({npuzzle_binary(), "solve", "--heuristic", "lc", "--output", "moves", "--goal",
                    "blank-last"}) {}
};

TEST(FaultStream, AnswersComeWhileTheInputStillArrives) {
  NPUZZLE_REQUIRE_BINARY(npuzzle_binary());
  PipedSolve solve;
  ASSERT_TRUE(solve.started());
  solve.send("1 2 3 4 0 5 7 8 6\n");
  const std::string first = solve.line(30);
  EXPECT_EQ(first, "RD") << "no answer while the input is still open";
  solve.send("1 2 3 4 5 0 7 8 6\n");
  const std::string second = solve.line(30);
  EXPECT_EQ(second, "D");
  solve.close_input();
  EXPECT_EQ(solve.wait(30), 0);
  record_fault("input",
               "boards written one at a time into `npuzzle solve`'s stdin, the pipe kept open",
               "each answer printed before the next board was sent (`" + first + "`, `" + second +
                   "`); exit 0 at the end of the input");
}

TEST(FaultStream, ReadingAPipeThatSendsNothingStopsAtSigint) {
  NPUZZLE_REQUIRE_BINARY(npuzzle_binary());
  PipedSolve solve;
  ASSERT_TRUE(solve.started());
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  const auto sent = std::chrono::steady_clock::now();
  ::kill(solve.pid(), SIGINT);
  const int code = solve.wait(20);
  const double after =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - sent).count();
  EXPECT_EQ(code, 4) << "-1: still reading after the signal";
  EXPECT_LT(after, 10.0);
  char text[96];
  std::snprintf(text, sizeof text, "exit %d, %.2f s after the signal", code, after);
  record_fault("signals", "SIGINT while `npuzzle solve` waits for input on an open, silent pipe",
               text);
}

TEST(FaultStream, BlankLinesTakeLittleMemory) {
  NPUZZLE_REQUIRE_BINARY(npuzzle_binary());
  const fs::path file = scratch_dir() / "blank_lines.txt";
  {
    std::ofstream out(file, std::ios::binary);
    const std::string block(1 << 20, '\n');
    for (int i = 0; i < 32; ++i) out << block;
    out << "1 2 3 4 0 5 7 8 6\n";
  }
  RunSpec spec;
  spec.argv = {npuzzle_binary(), "solve", "--heuristic", "lc", "-f", file.string()};
  const RunResult run = run_program(spec);
  fs::remove(file);
  ASSERT_TRUE(run.exited()) << run.describe();
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("line 33554433"), std::string::npos) << run.out;
  EXPECT_LT(run.max_rss_kib, 64 * 1024);
  record_fault("input", "32 MiB of blank lines, then one board (`-f FILE`)",
               run.describe() + ", peak RSS " + std::to_string(run.max_rss_kib / 1024) +
                   " MiB; the board reported on line 33554433");
}

TEST(FaultStream, DirectoryAsInputFileIsNamedAsSuch) {
  NPUZZLE_REQUIRE_BINARY(npuzzle_binary());
  RunSpec spec;
  spec.argv = {npuzzle_binary(), "solve", "-f", fresh_dir("input_dir").string()};
  const RunResult run = run_program(spec);
  ASSERT_TRUE(run.exited()) << run.describe();
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_NE(run.err.find("is a directory"), std::string::npos) << run.err;
  record_fault("input", "`solve -f DIR` (a directory)",
               run.describe() + ": `" + first_line(run.err) + "`");
}

TEST(FaultStream, ByteOrderMarkAtTheStartIsAccepted) {
  NPUZZLE_REQUIRE_BINARY(npuzzle_binary());
  const std::string file = write_text(scratch_dir() / "bom.txt",
                                      "\xEF\xBB\xBF"
                                      "1 2 3 4 0 5 7 8 6\n");
  RunSpec spec;
  spec.argv = {npuzzle_binary(), "solve",  "--heuristic", "lc", "--output",
               "moves",          "--goal", "blank-last",  "-f", file};
  const RunResult run = run_program(spec);
  ASSERT_TRUE(run.exited()) << run.describe();
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, "RD\n");
  record_fault("input", "a file starting with a UTF-8 byte order mark (EF BB BF)",
               run.describe() + "; the board solved: `" + first_line(run.out) + "`");
}

struct WrapCase {
  const char* name;
  std::vector<std::string> args;
};

class FaultWrappingOption : public ::testing::TestWithParam<WrapCase> {};

TEST_P(FaultWrappingOption, IsRefusedWithExitOne) {
  NPUZZLE_REQUIRE_BINARY(npuzzle_binary());
  RunSpec spec;
  spec.argv = {npuzzle_binary()};
  spec.argv.insert(spec.argv.end(), GetParam().args.begin(), GetParam().args.end());
  const RunResult run = run_program(spec);
  ASSERT_TRUE(run.exited()) << run.describe();
  EXPECT_EQ(run.exit_code, 1) << run.out << run.err;
  std::string command;
  for (const std::string& a : GetParam().args) command += (command.empty() ? "" : " ") + a;
  record_fault("input", "`npuzzle " + command + "`",
               run.describe() + ": `" + first_line(run.err) + "`");
}

INSTANTIATE_TEST_SUITE_P(
    Options, FaultWrappingOption,
    ::testing::Values(
        WrapCase{"NegativeNodeLimit",
                 {"solve", "--node-limit", "-1", "--heuristic", "lc", "1 2 3 4 0 5 7 8 6"}},
        WrapCase{"NodeLimitPast64Bits",
                 {"solve", "--node-limit", "-18446744073709551600", "1 2 3 4 0 5 7 8 6"}},
        WrapCase{"NodeLimitTooLarge",
                 {"solve", "--node-limit", "18446744073709551616", "1 2 3 4 0 5 7 8 6"}},
        WrapCase{"MemLimitPast64Bits",
                 {"solve", "--mem-limit", "17179869185G", "1 2 3 4 0 5 7 8 6"}},
        WrapCase{"NegativeCount", {"random", "--count", "-1"}},
        WrapCase{"NegativeSeed", {"random", "--seed", "-1"}},
        WrapCase{"HugeWalk", {"random", "--walk", "99999999999"}}),
    [](const auto& test) { return test.param.name; });

TEST(FaultSignal, SighupDuringASolveStopsItLikeSigterm) {
  NPUZZLE_REQUIRE_BINARY(npuzzle_binary());
  RunSpec spec;
  spec.argv = {npuzzle_binary(), "solve", "-v", "--heuristic", "md", korf_data::by_id(60).text()};
  spec.trigger = "bound";
  spec.delay_seconds = 0.3;
  spec.signal_number = SIGHUP;
  const RunResult run = run_program(spec);
  ASSERT_TRUE(run.triggered) << run.err;
  ASSERT_TRUE(run.exited()) << run.describe();
  EXPECT_EQ(run.exit_code, 4) << run.err;
  EXPECT_FALSE(line_with(run.out, "interrupted").empty()) << run.out;
  record_fault("signals", "SIGHUP during a long solve (the terminal went away)",
               run.describe() + "; prints `" + line_with(run.out, "interrupted") + "`");
}

}  // namespace
}  // namespace npuzzle::fault
