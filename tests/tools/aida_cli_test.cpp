// End-to-end tests of `npuzzle --algo aida` (A*+IDA*, parallel/aida.hpp): listed by --help and
// refused names; solve with JSON, threads and a batch whose optimal lengths the input states (the
// program checks them: a wrong length changes the exit code); --mem-limit too small for a frontier
// (plain IDA*, with a note); --checkpoint refused (exit 1); progress rows; bench and compare
// tables.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <regex>
#include <string>
#include <vector>

#include "tests/tools/cli_support.hpp"

namespace npuzzle {
namespace {

using cli::contains;
using cli::lines_of;
using cli::run_npuzzle;

// Korf's instances 12 and 55 with their lengths (bench/data/korf100.txt), and the 3x3 board of
// greatest distance (31 moves to the blank-last goal).
constexpr const char* kKorfShallow =
    "12 45 14 1 9 6 4 8 12 5 7 2 3 0 10 11 13 15\n"
    "55 41 13 8 14 3 9 1 0 7 15 5 4 10 12 2 6 11\n";
constexpr const char* kEight = "8 6 7 2 5 4 3 0 1";

TEST(AidaCli, SolvesOptimallyWithJsonAndThreads) {
  const fault::RunResult ida = run_npuzzle({"solve", "--output", "json", "--heuristic", "md",
                                            "--size", "3x3", "--goal", "blank-last", kEight});
  ASSERT_EQ(ida.describe(), "exit 0") << ida.err;
  const auto expected = nlohmann::json::parse(lines_of(ida.out).at(0));
  for (const char* threads : {"1", "2"}) {
    const fault::RunResult run =
        run_npuzzle({"solve", "--algo", "aida", "--threads", threads, "--output", "json",
                     "--heuristic", "md", "--mem-limit", "1M", "--goal", "blank-last", kEight});
    ASSERT_EQ(run.describe(), "exit 0") << run.err;
    const auto j = nlohmann::json::parse(lines_of(run.out).at(0));
    EXPECT_EQ(j["algorithm"], "aida");
    EXPECT_EQ(j["status"], "solved");
    EXPECT_EQ(j["optimal"], true);
    EXPECT_EQ(j["length"], expected["length"]);
    EXPECT_EQ(j["threads"], std::stoi(threads));
    EXPECT_EQ(j["length"], 31) << "the 3x3 board of greatest distance";
  }
}

// Korf's instances: the input states the optimal lengths, which the program checks (exit 0 only
// when they agree); a small budget makes the answer come from below the frontier.
TEST(AidaCli, KorfInstancesWithTheirPublishedLengths) {
  const fault::RunResult run =
      run_npuzzle({"solve", "--algo", "aida", "--threads", "2", "--heuristic", "lc", "--mem-limit",
                   "8M", "--output", "json", "-"},
                  kKorfShallow);
  ASSERT_EQ(run.describe(), "exit 0") << run.err;
  const std::vector<std::string> lines = lines_of(run.out);
  ASSERT_EQ(lines.size(), 2u) << run.out;
  EXPECT_EQ(nlohmann::json::parse(lines[0])["length"], 45);
  EXPECT_EQ(nlohmann::json::parse(lines[1])["length"], 41);
}

TEST(AidaCli, ABudgetTooSmallFallsBackToIdaWithANote) {
  const fault::RunResult run =
      run_npuzzle({"solve", "--algo", "aida", "--heuristic", "md", "--mem-limit", "1", "--output",
                   "json", "--goal", "blank-last", kEight});
  ASSERT_EQ(run.describe(), "exit 0") << run.err;
  EXPECT_TRUE(contains(run.err, "plain IDA*")) << run.err;
  EXPECT_EQ(nlohmann::json::parse(lines_of(run.out).at(0))["length"], 31);
  const fault::RunResult quiet =
      run_npuzzle({"solve", "--algo", "aida", "--heuristic", "md", "--mem-limit", "1", "--quiet",
                   "--goal", "blank-last", kEight});
  ASSERT_EQ(quiet.describe(), "exit 0") << quiet.err;
  EXPECT_EQ(quiet.err, "");
}

TEST(AidaCli, CheckpointsAreRefusedWithAUsageError) {
  for (const char* option : {"--checkpoint", "--checkpoint-every"}) {
    const std::string value =
        option == std::string("--checkpoint") ? "/tmp/npuzzle-aida.ckpt" : "60";
    const fault::RunResult run =
        run_npuzzle({"solve", "--algo", "aida", option, value, "--goal", "blank-last", kEight});
    EXPECT_EQ(run.describe(), "exit 1") << option << ": " << run.err;
    EXPECT_TRUE(contains(run.err, option)) << run.err;
  }
  const fault::RunResult run =
      run_npuzzle({"solve", "--algo", "aida", "--checkpoint", "/tmp/npuzzle-aida.ckpt",
                   "--checkpoint-every", "60", "--goal", "blank-last", kEight});
  EXPECT_EQ(run.describe(), "exit 1") << run.err;
  EXPECT_TRUE(contains(run.err, "applies to ida, pida")) << run.err;
}

TEST(AidaCli, ListedInTheHelpAndItsProgressRows) {
  const fault::RunResult help = run_npuzzle({"solve", "--help"});
  ASSERT_EQ(help.describe(), "exit 0");
  EXPECT_TRUE(contains(help.out, "aida")) << help.out;
  const fault::RunResult bad =
      run_npuzzle({"solve", "--algo", "aidaa", "--goal", "blank-last", kEight});
  EXPECT_EQ(bad.describe(), "exit 1");
  EXPECT_TRUE(contains(bad.err, "aida")) << bad.err;
  const fault::RunResult verbose =
      run_npuzzle({"solve", "--algo", "aida", "--verbose", "--heuristic", "md", "--mem-limit",
                   "64K", "--goal", "blank-last", kEight});
  ASSERT_EQ(verbose.describe(), "exit 0") << verbose.err;
  EXPECT_TRUE(contains(verbose.err, "bound 31")) << verbose.err;
}

TEST(AidaCli, BenchAndCompareTables) {
  const fault::RunResult bench =
      run_npuzzle({"bench", "--quiet", "--algo", "ida,aida", "--heuristic", "md", "--threads",
                   "1,2", "--goal", "blank-last", "-"},
                  std::string(kEight) + "\n1 2 3 4 0 5 7 8 6\n");
  ASSERT_EQ(bench.describe(), "exit 0") << bench.err;
  EXPECT_TRUE(std::regex_search(bench.out, std::regex("\naida +md +1 +2/2 +2 "))) << bench.out;
  EXPECT_TRUE(std::regex_search(bench.out, std::regex("\naida +md +2 +2/2 +2 "))) << bench.out;
  const fault::RunResult compare = run_npuzzle(
      {"solve", "--algo", "ida,aida", "--heuristic", "md", "--goal", "blank-last", kEight});
  ASSERT_EQ(compare.describe(), "exit 0") << compare.err;
  EXPECT_TRUE(contains(compare.out, "aida")) << compare.out;
}

}  // namespace
}  // namespace npuzzle
