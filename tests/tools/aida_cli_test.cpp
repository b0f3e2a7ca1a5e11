// End-to-end tests of `npuzzle --algo aida` (A*+IDA*, parallel/aida.hpp): listed by --help and
// refused names; solve with JSON, threads and a batch whose optimal lengths the input states (the
// program checks them: a wrong length changes the exit code); --mem-limit too small for a frontier
// (plain IDA*, with a note); checkpoints: stopped by a node limit or Ctrl-C and resumed to the
// optimum, edited ones never called optimal, other algorithms' refused (exit 1); progress rows;
// bench and compare tables.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <csignal>
#include <regex>
#include <string>
#include <utility>
#include <vector>

#include "tests/tools/checkpoint_support.hpp"
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

// Korf #12 (45 moves, about 47,000 nodes with md) stopped every 8,000 expansions: each stopped run
// exits 4 with its checkpoint and says how to go on; resumed until solved, the answer is optimal
// with the node count of one uninterrupted run.
TEST(AidaCli, StoppedAndResumedWithCheckpointsReachesTheOptimum) {
  const checkpoint_test::KorfInstance instance = checkpoint_test::korf(12);
  const fault::RunResult whole = run_npuzzle(
      {"solve", "--algo", "aida", "--heuristic", "md", "--output", "json", instance.tiles});
  ASSERT_EQ(whole.describe(), "exit 0") << whole.err;
  const std::string path = (fault::fresh_dir("aida-pieces") / "search.ckpt").string();
  fault::RunResult run =
      run_npuzzle({"solve", "--algo", "aida", "--heuristic", "md", "--output", "json",
                   "--checkpoint", path, "--node-limit", "8000", instance.tiles});
  int stops = 0;
  for (; run.exit_code == 4 && stops < 30; ++stops) {
    const std::string text = fault::read_text(path);
    EXPECT_EQ(checkpoint_test::field(text, "algorithm"), "aida") << text;
    EXPECT_FALSE(checkpoint_test::field(text, "frontier-checksum").empty()) << text;
    EXPECT_TRUE(contains(run.err, "checkpoint saved in " + path +
                                      "; continue with `npuzzle solve --resume " + path + "`"))
        << run.err;
    run = run_npuzzle({"solve", "--resume", path, "--node-limit", "8000", "--output", "json"});
  }
  ASSERT_EQ(run.describe(), "exit 0") << run.err;
  EXPECT_GE(stops, 2);
  const auto j = nlohmann::json::parse(lines_of(run.out).at(0));
  EXPECT_EQ(j["algorithm"], "aida");
  EXPECT_EQ(j["length"], instance.length);
  EXPECT_EQ(j["optimal"], true);
  EXPECT_EQ(j["expanded"], nlohmann::json::parse(lines_of(whole.out).at(0))["expanded"]);
}

// Ctrl-C (pending at start-up) stops the search cleanly: exit 4, the checkpoint written and the
// command that goes on from it named; the resume reaches the optimum.
TEST(AidaCli, SigintSavesACheckpointAndSaysHowToResume) {
  const checkpoint_test::KorfInstance instance = checkpoint_test::korf(12);
  const std::string path = (fault::fresh_dir("aida-sigint") / "search.ckpt").string();
  fault::RunSpec spec;
  spec.argv = {fault::npuzzle_binary(), "solve", "--algo",      "aida", "--heuristic", "md",
               "--checkpoint",          path,    instance.tiles};
  spec.pending_signal = SIGINT;
  const fault::RunResult stopped = fault::run_program(spec);
  ASSERT_EQ(stopped.exit_code, 4) << stopped.describe() << stopped.err;
  EXPECT_TRUE(contains(stopped.err, "continue with `npuzzle solve --resume " + path + "`"))
      << stopped.err;
  const fault::RunResult run = run_npuzzle({"solve", "--resume", path, "--output", "json"});
  ASSERT_EQ(run.describe(), "exit 0") << run.err;
  const auto j = nlohmann::json::parse(lines_of(run.out).at(0));
  EXPECT_EQ(j["length"], instance.length);
  EXPECT_EQ(j["optimal"], true);
}

// A checkpoint of Korf #12 stopped inside its first threshold, its bound raised from the threshold
// to 47 (the frontier, its done nodes, its own and its children's closest approaches and the next
// bound cleared to fit; the checksum recomputed, the signature left wrong or "none"): the resume
// is never called optimal. And
// an edit of the frontier's checksum alone (re-signed: nothing vouches for it either) still reaches
// 45 moves.
TEST(AidaCli, AnEditedCheckpointIsNeverCalledOptimal) {
  const checkpoint_test::KorfInstance instance = checkpoint_test::korf(12);
  const std::string source = (fault::fresh_dir("aida-forged") / "search.ckpt").string();
  const fault::RunResult first =
      run_npuzzle({"solve", "--algo", "aida", "--heuristic", "md", "--checkpoint", source,
                   "--node-limit", "8000", instance.tiles});
  ASSERT_EQ(first.exit_code, 4) << first.describe() << first.err;
  const std::string text = fault::read_text(source);
  const auto edit = [](std::string from, const std::string& key, const std::string& value) {
    return checkpoint_test::edited_and_signed(
        from, key + " " + checkpoint_test::field(from, key) + "\n", key + " " + value + "\n");
  };
  for (const bool keep_signature : {true, false}) {
    std::string forged = edit(text, "bound", "47");
    forged = edit(forged, "next-bound", "none");
    forged = edit(forged, "subtrees", "0");
    forged = edit(forged, "done", "-");
    forged = edit(forged, "closest", "-");
    forged = edit(forged, "children", "-");
    if (!keep_signature) forged = edit(forged, "signature", "none");
    const std::string path = fault::write_text(
        fault::fresh_dir(keep_signature ? "aida-forged-wrong" : "aida-forged-none") / "f.ckpt",
        forged);
    const fault::RunResult run = run_npuzzle({"solve", "--resume", path, "--output", "json"});
    ASSERT_EQ(run.exit_code, 0) << run.describe() << run.err;
    const auto j = nlohmann::json::parse(lines_of(run.out).at(0));
    EXPECT_GE(j["length"].get<int>(), instance.length);
    EXPECT_EQ(j["optimal"], false) << j;
    EXPECT_TRUE(contains(run.err, "not claimed optimal")) << run.err;
  }
  const std::string other_frontier =
      fault::write_text(fault::fresh_dir("aida-other-frontier") / "f.ckpt",
                        edit(text, "frontier-checksum", "0123456789abcdef"));
  const fault::RunResult run =
      run_npuzzle({"solve", "--resume", other_frontier, "--output", "json"});
  ASSERT_EQ(run.exit_code, 0) << run.describe() << run.err;
  EXPECT_TRUE(contains(run.err, "searched again from its start")) << run.err;
  const auto j = nlohmann::json::parse(lines_of(run.out).at(0));
  EXPECT_EQ(j["length"], instance.length);
  EXPECT_EQ(j["optimal"], false);
}

// An aida checkpoint goes on only with aida, and an ida or pida checkpoint never with aida: a
// usage error (exit 1) naming both.
TEST(AidaCli, CheckpointsOfOtherAlgorithmsAreRefused) {
  const checkpoint_test::KorfInstance instance = checkpoint_test::korf(12);
  for (const auto& [from, to] : std::vector<std::pair<std::string, std::string>>{
           {"aida", "pida"}, {"aida", "ida"}, {"ida", "aida"}, {"pida", "aida"}}) {
    SCOPED_TRACE(from + " resumed with " + to);
    const std::string path = (fault::fresh_dir("aida-cross-" + from + "-" + to) / "c").string();
    const fault::RunResult first =
        run_npuzzle({"solve", "--algo", from, "--heuristic", "md", "--checkpoint", path,
                     "--node-limit", "8000", instance.tiles});
    ASSERT_EQ(first.exit_code, 4) << first.describe() << first.err;
    const fault::RunResult run = run_npuzzle({"solve", "--resume", path, "--algo", to});
    EXPECT_EQ(run.describe(), "exit 1") << run.err;
    EXPECT_TRUE(contains(run.err, "--resume and --algo " + to +
                                      " do not go together: the checkpoint holds a position of " +
                                      from + ", which " + to + " cannot go on from"))
        << run.err;
  }
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
