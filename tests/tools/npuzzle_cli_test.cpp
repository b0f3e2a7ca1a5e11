// End-to-end tests of the `npuzzle` binary: each runs the built program through the shell (with a
// deadline, tests/support/process.hpp), captures stdout, stderr and the exit code, and checks them
// — exit codes, JSON output, verify, random, batch order, stdin, move styles, limits, interrupts
// and the bench driver. Known answers come from the Korf set in bench/data (its optimal lengths,
// through tests/support/korf.hpp) or from the program's own verify command.
#include <signal.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "core/goal.hpp"
#include "tests/support/independent_moves.hpp"
#include "tests/support/korf.hpp"
#include "tests/support/process.hpp"
#include "tests/tools/cli_support.hpp"
#include "text/parse.hpp"

namespace npuzzle {
namespace {

namespace fs = std::filesystem;
using cli::json_lines;

struct Ran {
  int code = -1;
  std::string out;
  std::string err;
};

// A scratch directory for this test binary's files, removed at the end.
const fs::path& scratch() {
  static const fs::path dir = process::fresh_dir("npuzzle_cli");
  return dir;
}

std::string write_file(const std::string& name, const std::string& text) {
  return process::write_text(scratch() / name, text);
}

std::string read_file(const std::string& path) { return process::read_text(path); }

// Runs `npuzzle ARGS` through /bin/sh (ARGS is shell text, the shell replaced by npuzzle), stdin
// from `input` when given; killed, and the test failed, when it has not ended after 120 s.
Ran npuzzle(const std::string& args, const std::string& input = "") {
  process::RunSpec spec;
  spec.argv = {"/bin/sh", "-c", "exec " + process::npuzzle_binary() + " " + args};
  spec.stdin_text = input;
  spec.timeout_seconds = 120;
  const process::RunResult result = process::run_program(spec);
  EXPECT_TRUE(result.exited()) << "npuzzle " << args << ": " << result.describe();
  return {result.exited() ? result.exit_code : -1, result.out, result.err};
}

std::string quoted(const std::vector<int>& tiles) {
  std::string out = "'";
  for (int t : tiles) out += std::to_string(t) + " ";
  return out + "'";
}

// Korf's instances in bench/data, shallowest first.
std::vector<korf_data::Instance> korf_by_length() {
  std::vector<korf_data::Instance> set = korf_data::all();
  std::stable_sort(set.begin(), set.end(),
                   [](const korf_data::Instance& a, const korf_data::Instance& b) {
                     return a.length < b.length;
                   });
  return set;
}

class Npuzzle : public ::testing::Test {
 protected:
  static void TearDownTestSuite() { fs::remove_all(scratch()); }
};

TEST_F(Npuzzle, HelpAndVersionExitZero) {
  for (const char* args :
       {"--help", "--version", "solve --help", "random --help", "verify --help", "bench --help"}) {
    SCOPED_TRACE(args);
    const Ran run = npuzzle(args);
    EXPECT_EQ(run.code, 0) << run.err;
    EXPECT_FALSE(run.out.empty());
  }
  EXPECT_NE(npuzzle("--version").out.find("npuzzle "), std::string::npos);
}

TEST_F(Npuzzle, UsageErrorsExitOne) {
  for (const char* args :
       {"", "frobnicate", "solve --bogus 1 2 3 0", "solve --algo foo '1 2 3 0'",
        "solve --heuristic nope '1 2 3 0'", "solve --heuristic pdb:999 '1 2 3 0'",
        "solve --size 9x9 '1 2 3 0'", "solve --goal '1 2 2 0' '1 2 3 0'",
        "solve --output xml '1 2 3 0'", "solve --moves both '1 2 3 0'",
        "solve --threads 0 '1 2 3 0'", "solve --owner-hash nope '1 2 3 0'",
        "solve --mem-limit 12Q '1 2 3 0'", "random --size 4", "random --seed abc",
        "bench --threads 0", "bench --threads 4:2", "verify '1 2 3 0'"}) {
    SCOPED_TRACE(args);
    const Ran run = npuzzle(args);
    EXPECT_EQ(run.code, 1) << run.out << run.err;
    EXPECT_FALSE(run.err.empty());
  }
}

// Walking distance is built for boards of up to 4x4: on a board with a side of 5 it is a usage
// error that says so, with no warning about how long a search it will not run would take.
TEST_F(Npuzzle, WalkingDistanceOnALargerBoardIsAUsageError) {
  for (const char* args : {"solve --size 2x5 --heuristic wd '1 2 3 4 5 6 7 8 9 0'",
                           "solve --size 5x3 --heuristic wd '1 2 3 4 5 6 7 8 9 10 11 12 13 14 0'",
                           "solve --heuristic wd --goal blank-last "
                           "'1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 0 24'"}) {
    SCOPED_TRACE(args);
    const Ran run = npuzzle(args);
    EXPECT_EQ(run.code, 1) << run.out << run.err;
    EXPECT_NE(run.err.find("up to 4x4"), std::string::npos) << run.err;
    EXPECT_EQ(run.err.find("warning"), std::string::npos) << run.err;
  }
  const Ran four = npuzzle("solve --heuristic wd '1 2 3 0 4 5 6 7 8 9 10 11 12 13 14 15'");
  EXPECT_EQ(four.code, 0) << four.err;
}

// A partition given as tile lists on the command line is built on first use into --pdb-dir, used
// with reflection, and gives the same optimal length as linear conflict; a partition that does not
// fit the board is a usage error naming the problem.
TEST_F(Npuzzle, UserPartitionFromTheCommandLineSolvesOptimally) {
  const std::string dir = (scratch() / "user-partition").string();
  // One of the two 31-move 8-puzzle states (goal 1..8 then the blank).
  const std::string board = "--goal blank-last '8 6 7 2 5 4 3 0 1'";
  const Ran lc = npuzzle("solve --output json --heuristic lc " + board);
  ASSERT_EQ(lc.code, 0) << lc.err;
  const int optimum = json_lines(lc.out).at(0)["length"].get<int>();
  EXPECT_EQ(optimum, 31);
  for (const char* partition : {"1,2,3,4/5,6,7,8", "1,5,6/2,3"}) {
    SCOPED_TRACE(partition);
    const Ran run = npuzzle("solve --output json --pdb-dir " + dir +
                            " --heuristic pdb:" + partition + " " + board);
    ASSERT_EQ(run.code, 0) << run.err;
    const auto j = json_lines(run.out).at(0);
    EXPECT_EQ(j["length"], optimum);
    // The exact heuristic: the partition, and the reflection (3x3, the blank's goal on the
    // diagonal).
    EXPECT_EQ(j["heuristic"], std::string("pdb:") + partition + "+reflection");
    EXPECT_NE(run.err.find("pdb custom"), std::string::npos) << run.err;
  }
  for (const char* bad : {"pdb:1,2,3/3,4", "pdb:1,2,99", "pdb:6-6-3", "pdb:"}) {
    SCOPED_TRACE(bad);
    const Ran run = npuzzle("solve --pdb-dir " + dir + " --heuristic " + bad + " " + board);
    EXPECT_EQ(run.code, 1) << run.out << run.err;
    EXPECT_FALSE(run.err.empty());
  }
}

// Both owner hashes of HDA* give the known optimum through the front end.
TEST_F(Npuzzle, HdaOwnerHashesBothSolveOptimally) {
  const korf_data::Instance shallow = korf_by_length().front();
  for (const char* hash : {"zobrist", "abstract-zobrist"}) {
    SCOPED_TRACE(hash);
    const Ran run =
        npuzzle(std::string("solve --output json --algo hda --threads 2 --heuristic lc ") +
                "--owner-hash " + hash + " " + quoted(shallow.tiles));
    ASSERT_EQ(run.code, 0) << run.err;
    const auto j = json_lines(run.out).at(0);
    EXPECT_EQ(j["length"], shallow.length);
    EXPECT_EQ(j["threads"], 2);
  }
}

TEST_F(Npuzzle, InputErrorsExitTwoAndNameTheProblem) {
  Ran run = npuzzle("solve '1 1 2 3 4 5 6 7 8'");
  EXPECT_EQ(run.code, 2);
  EXPECT_NE(run.err.find("line 1"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("duplicate tile 1"), std::string::npos) << run.err;
  run = npuzzle("solve -f " + (scratch() / "does-not-exist").string());
  EXPECT_EQ(run.code, 2);
  EXPECT_NE(run.err.find("cannot read"), std::string::npos) << run.err;
  run = npuzzle("solve -", "# nothing but a comment\n");
  EXPECT_EQ(run.code, 2);
  run = npuzzle("solve '1 2 3 4 5 0'");
  EXPECT_EQ(run.code, 2);
  EXPECT_NE(run.err.find("ambiguous size"), std::string::npos) << run.err;
  EXPECT_EQ(npuzzle("solve --size 2x3 '1 2 3 4 5 0'").code, 0);
}

TEST_F(Npuzzle, UnsolvableExitsThreeWithoutSearching) {
  // Two tiles swapped: the other parity class for blank-first.
  const Ran run = npuzzle("solve --output json '0 2 1 3 4 5 6 7 8 9 10 11 12 13 14 15'");
  EXPECT_EQ(run.code, 3);
  const auto objects = json_lines(run.out);
  ASSERT_EQ(objects.size(), 1u);
  EXPECT_EQ(objects[0]["status"], "unsolvable");
  EXPECT_EQ(objects[0]["expanded"], 0);
  // The same board is solvable relative to a goal of its own class.
  EXPECT_EQ(npuzzle("solve --goal '0 2 1 3' '2 0 1 3'").code, 0);
  // On 4x4 the blank-last goal is in the other class than blank-first.
  EXPECT_EQ(npuzzle("solve --goal blank-last '0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15'").code, 3);
}

TEST_F(Npuzzle, NodeLimitOnAHardInstanceExitsFourWithStatistics) {
  const auto korf = korf_by_length();
  const korf_data::Instance& hardest = korf.back();
  const Ran run =
      npuzzle("solve --output json --node-limit 20000 --heuristic md " + quoted(hardest.tiles));
  EXPECT_EQ(run.code, 4) << run.err;
  const auto objects = json_lines(run.out);
  ASSERT_EQ(objects.size(), 1u);
  EXPECT_EQ(objects[0]["status"], "limit");
  EXPECT_GE(objects[0]["expanded"].get<std::uint64_t>(), 20000u);
  EXPECT_LT(objects[0]["bound"].get<int>(), hardest.length);
  EXPECT_TRUE(objects[0]["moves"].is_null());
}

TEST_F(Npuzzle, JsonOfAKnownInstanceHasEveryKeyAndTheKnownLength) {
  const korf_data::Instance shallow = korf_by_length().front();
  std::string line = std::to_string(shallow.id);
  for (int t : shallow.tiles) (line += ' ') += std::to_string(t);
  const Ran good = npuzzle("solve --output json --heuristic lc -", line + "\n");
  ASSERT_EQ(good.code, 0) << good.err;
  const auto objects = json_lines(good.out);
  ASSERT_EQ(objects.size(), 1u);
  const auto& j = objects[0];
  for (const char* key : {"id", "size", "status", "length", "optimal", "moves", "expanded",
                          "generated", "seconds", "algorithm", "heuristic", "threads"}) {
    EXPECT_TRUE(j.contains(key)) << key;
  }
  EXPECT_FALSE(j.contains("error"));
  EXPECT_EQ(j["id"], shallow.id);
  EXPECT_EQ(j["size"], "4x4");
  EXPECT_EQ(j["status"], "solved");
  EXPECT_EQ(j["length"], shallow.length);
  EXPECT_EQ(j["moves"].get<std::string>().size(), static_cast<std::size_t>(shallow.length));
  EXPECT_EQ(j["optimal"], true);
  EXPECT_EQ(j["algorithm"], "aida");  // the default above 12 cells
  EXPECT_EQ(j["heuristic"], "lc");
  EXPECT_EQ(j["threads"], 1);
  EXPECT_GT(j["expanded"].get<std::uint64_t>(), 0u);
  EXPECT_GE(j["generated"].get<std::uint64_t>(), j["expanded"].get<std::uint64_t>());
  EXPECT_GE(j["seconds"].get<double>(), 0.0);
  // The moves printed replay to the goal, with the tests' own move function and with verify.
  std::vector<int> goal(16);
  for (int i = 0; i < 16; ++i) goal[static_cast<std::size_t>(i)] = i;
  EXPECT_TRUE(test_moves::replay_reaches(shallow.tiles, 4, 4, j["moves"].get<std::string>(), goal));
  EXPECT_EQ(npuzzle("verify " + quoted(shallow.tiles) + " " + j["moves"].get<std::string>()).code,
            0);
}

// A line of the benchmark sets' form, `id length tiles…`.
std::string bench_line(const korf_data::Instance& b, int length) {
  std::ostringstream line;
  line << b.id << ' ' << length;
  for (int t : b.tiles) line << ' ' << t;
  return line.str();
}

TEST_F(Npuzzle, ABenchSetLineSolvesWithItsLengthInJson) {
  const korf_data::Instance shallow = korf_by_length().front();
  const Ran run =
      npuzzle("solve --output json --heuristic lc -", bench_line(shallow, shallow.length) + "\n");
  ASSERT_EQ(run.code, 0) << run.err;
  EXPECT_EQ(run.err.find("the input gives"), std::string::npos) << run.err;
  const auto objects = json_lines(run.out);
  ASSERT_EQ(objects.size(), 1u);
  EXPECT_EQ(objects[0]["id"], shallow.id);
  EXPECT_EQ(objects[0]["size"], "4x4");
  EXPECT_EQ(objects[0]["status"], "solved");
  EXPECT_EQ(objects[0]["length"], shallow.length);
  EXPECT_EQ(objects[0]["expected_length"], shallow.length);
  // Without a stated length there is no key.
  const Ran plain = npuzzle("solve --output json '1 0 2 3 4 5 6 7 8'");
  ASSERT_EQ(plain.code, 0) << plain.err;
  EXPECT_FALSE(json_lines(plain.out).at(0).contains("expected_length")) << plain.out;
  EXPECT_NE(npuzzle("solve --help").out.find("`id length tiles…`"), std::string::npos);
}

TEST_F(Npuzzle, TheBenchSetFileItselfSolves) {
  // The first lines of bench/data/korf100.txt as they are; the shallow ones keep the test quick.
  const auto korf = korf_by_length();
  std::string text;
  for (std::size_t i = 0; i < 3; ++i) text += bench_line(korf[i], korf[i].length) + "\n";
  const Ran run = npuzzle("solve --heuristic lc --threads 2 -f " + write_file("set.txt", text));
  EXPECT_EQ(run.code, 0) << run.err;
  EXPECT_NE(run.err.find("summary: 3 instances, 3 solved"), std::string::npos) << run.err;
  EXPECT_EQ(run.err.find("the input gives"), std::string::npos) << run.err;
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_NE(
        run.out.find("instance " + std::to_string(korf[i].id) + " (line " + std::to_string(i + 1) +
                     ", 4x4): solved in " + std::to_string(korf[i].length) + " moves (optimal)"),
        std::string::npos)
        << run.out;
  }
}

TEST_F(Npuzzle, AWrongStatedLengthIsNotedAndExitsTwo) {
  const korf_data::Instance shallow = korf_by_length().front();
  const int wrong = shallow.length + 2;
  const std::string expected_note = "npuzzle: instance " + std::to_string(shallow.id) +
                                    " (line 1, 4x4): solved in " + std::to_string(shallow.length) +
                                    " moves (optimal, aida + lc), the input gives " +
                                    std::to_string(wrong) + "\n";
  const Ran json =
      npuzzle("solve --output json --heuristic lc -", bench_line(shallow, wrong) + "\n");
  EXPECT_EQ(json.code, 2) << json.err;
  EXPECT_NE(json.err.find(expected_note), std::string::npos) << json.err;
  const auto objects = json_lines(json.out);
  ASSERT_EQ(objects.size(), 1u);
  EXPECT_EQ(objects[0]["status"], "solved");  // the solution is still given
  EXPECT_EQ(objects[0]["length"], shallow.length);
  EXPECT_EQ(objects[0]["expected_length"], wrong);
  // Text output, --quiet: the note stays (it is why the exit code is 2).
  const Ran quiet = npuzzle("solve --quiet --heuristic lc -", bench_line(shallow, wrong) + "\n");
  EXPECT_EQ(quiet.code, 2) << quiet.err;
  EXPECT_NE(quiet.err.find(expected_note), std::string::npos) << quiet.err;
  // Among other instances the summary counts it, and the others are still solved.
  const Ran many = npuzzle("solve --heuristic lc -", "1 0 2 3 4 5 6 7 8\n5 3 1 0 2 3 4 5 6 7 8\n");
  EXPECT_EQ(many.code, 2) << many.err;
  EXPECT_NE(many.err.find("npuzzle: instance 5 (line 2, 3x3): solved in 1 move (optimal, ida + "),
            std::string::npos)
      << many.err;
  EXPECT_NE(many.err.find("the input gives 3\n"), std::string::npos) << many.err;
  EXPECT_NE(many.err.find("summary: 2 instances, 2 solved, 0 unsolvable, 0 stopped by a limit, 0 "
                          "errors, 1 length unlike the input's;"),
            std::string::npos)
      << many.err;
}

TEST_F(Npuzzle, A3x3LineOfElevenTokensSolvesAndIsChecked) {
  const Ran good = npuzzle("solve --output json '5 1 1 0 2 3 4 5 6 7 8'");
  ASSERT_EQ(good.code, 0) << good.err;
  const auto objects = json_lines(good.out);
  ASSERT_EQ(objects.size(), 1u);
  EXPECT_EQ(objects[0]["id"], 5);
  EXPECT_EQ(objects[0]["size"], "3x3");
  EXPECT_EQ(objects[0]["length"], 1);
  EXPECT_EQ(objects[0]["expected_length"], 1);
  EXPECT_EQ(npuzzle("solve --size 3x3 '5 1 1 0 2 3 4 5 6 7 8'").code, 0);
  EXPECT_EQ(npuzzle("solve --size 3x3 '5 2 1 0 2 3 4 5 6 7 8'").code, 2);
  EXPECT_EQ(npuzzle("solve --size 2x2 '5 1 1 0 2 3'").code, 0);
  // Every optimal algorithm checks; greedy proves nothing and never warns.
  for (const char* algorithm : {"astar", "bfs", "ida"}) {
    const Ran wrong =
        npuzzle(std::string("solve --algo ") + algorithm + " '5 2 1 0 2 3 4 5 6 7 8'");
    EXPECT_EQ(wrong.code, 2) << algorithm << ": " << wrong.err;
    EXPECT_NE(wrong.err.find("the input gives 2"), std::string::npos)
        << algorithm << ": " << wrong.err;
  }
  const Ran greedy = npuzzle("solve --algo greedy '5 2 1 0 2 3 4 5 6 7 8'");
  EXPECT_EQ(greedy.code, 0) << greedy.err;
  EXPECT_EQ(greedy.err.find("the input gives"), std::string::npos) << greedy.err;
}

TEST_F(Npuzzle, StatedLengthsAreForBlankFirstOnly) {
  // Relative to blank-last the board is many moves away, not 1: the length is not compared.
  const Ran run = npuzzle("solve --goal blank-last '5 1 1 0 2 3 4 5 6 7 8'");
  EXPECT_EQ(run.code, 0) << run.err;
  EXPECT_EQ(run.err.find("the input gives"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("the input's optimal lengths are for --goal blank-first; with --goal "
                         "blank-last they are not checked"),
            std::string::npos)
      << run.err;
}

TEST_F(Npuzzle, ABadLengthTokenIsAnInputError) {
  for (const char* length : {"-1", "x", "two"}) {
    const Ran run = npuzzle(std::string("solve '5 ") + length + " 1 0 2 3 4 5 6 7 8'");
    EXPECT_EQ(run.code, 2) << length;
    EXPECT_NE(run.err.find(std::string("instance 5 (line 1): optimal length '") + length +
                           "' is not a whole number of moves (0 or more)"),
              std::string::npos)
        << run.err;
  }
}

TEST_F(Npuzzle, TheOtherOneLineFormsStillSolve) {
  const Ran run = npuzzle("solve --output json -",
                          "1 0 2 3 4 5 6 7 8\n"
                          "9 1 0 2 3 4 5 6 7 8\n"
                          "1 2 3\n4 x 5\n6 7 8\n\n"
                          "1 0 2 3\n");
  ASSERT_EQ(run.code, 0) << run.err;
  const auto objects = json_lines(run.out);
  ASSERT_EQ(objects.size(), 4u);
  EXPECT_EQ(objects[0]["id"], 1);
  EXPECT_EQ(objects[1]["id"], 9);
  EXPECT_EQ(objects[2]["size"], "3x3");
  EXPECT_EQ(objects[3]["size"], "2x2");
  for (const auto& j : objects) {
    EXPECT_EQ(j["status"], "solved");
    EXPECT_FALSE(j.contains("expected_length"));
  }
}

TEST_F(Npuzzle, VerifyAcceptsGoodMovesAndNamesTheFault) {
  Ran run = npuzzle("verify '1 0 2 3 4 5 6 7 8' L");
  EXPECT_EQ(run.code, 0);
  EXPECT_NE(run.out.find("1 move"), std::string::npos) << run.out;
  EXPECT_EQ(npuzzle("verify '0 1 2 3 4 5 6 7 8' ''").code, 0);
  run = npuzzle("verify '1 0 2 3 4 5 6 7 8' LU");
  EXPECT_EQ(run.code, 2);
  EXPECT_NE(run.out.find("illegal move U at step 2"), std::string::npos) << run.out;
  run = npuzzle("verify '1 0 2 3 4 5 6 7 8' R");
  EXPECT_EQ(run.code, 2);
  EXPECT_NE(run.out.find("not the goal"), std::string::npos) << run.out;
  run = npuzzle("verify '1 0 2 3 4 5 6 7 8' LX");
  EXPECT_EQ(run.code, 2);
  EXPECT_NE(run.err.find("unknown move 'X'"), std::string::npos) << run.err;
  // Relative to another goal.
  EXPECT_EQ(npuzzle("verify --goal blank-last '1 2 3 4 5 6 7 0 8' R").code, 0);
}

// #46: the moves may be separate words, and may be the tiles moved as `--moves tile` prints them;
// boards in bracket notations are read.
TEST_F(Npuzzle, VerifyTakesMovesAsWordsAndAsTiles) {
  // Blank moves R D from 1 2 3 4 0 5 7 8 6 (blank on cell 4): R slides 5, D slides 6.
  for (const char* args :
       {"1 2 3 4 0 5 7 8 6 RD", "1 2 3 4 0 5 7 8 6 R D", "'1 2 3 4 0 5 7 8 6' R D",
        "1 2 3 4 0 5 7 8 6 5 6", "'1 2 3 4 0 5 7 8 6' '5 6'", "'1 2 3 4 0 5 7 8 6' 5 6",
        "'[[1,2,3],[4,0,5],[7,8,6]]' R D", "1 2 3 4 _ 5 7 8 6 5 6"}) {
    SCOPED_TRACE(args);
    const Ran run = npuzzle("verify --goal blank-last " + std::string(args));
    EXPECT_EQ(run.code, 0) << run.out << run.err;
    EXPECT_NE(run.out.find("valid: reaches the goal blank-last in 2 moves"), std::string::npos)
        << run.out;
  }
  // The tiles printed by --moves tile replay.
  const Ran tiles =
      npuzzle("solve --moves tile --output moves '1 2 3 4 0 5 7 8 6' --goal blank-last");
  ASSERT_EQ(tiles.code, 0) << tiles.err;
  const std::string moved = tiles.out.substr(0, tiles.out.find('\n'));
  EXPECT_EQ(npuzzle("verify --goal blank-last 1 2 3 4 0 5 7 8 6 " + moved).code, 0) << moved;
  // A tile that is not next to the blank.
  const Ran far = npuzzle("verify --goal blank-last 1 2 3 4 0 5 7 8 6 5 1");
  EXPECT_EQ(far.code, 2);
  EXPECT_NE(far.out.find("tile 1 at step 2 is not next to the blank"), std::string::npos)
      << far.out;
}

TEST_F(Npuzzle, RandomIsRepeatableBySeedAndParsesBackAsSolvable) {
  const Ran a = npuzzle("random --size 4x4 --count 20 --seed 7");
  const Ran b = npuzzle("random --size 4x4 --count 20 --seed 7");
  const Ran c = npuzzle("random --size 4x4 --count 20 --seed 8");
  ASSERT_EQ(a.code, 0) << a.err;
  EXPECT_EQ(a.out, b.out);
  EXPECT_NE(a.out, c.out);
  for (const char* args : {"random --size 4x4 --count 20 --seed 7",
                           "random --size 3x5 --count 20 --seed 3 --goal blank-last --with-id",
                           "random --size 2x4 --count 20 --seed 3 --walk 12"}) {
    SCOPED_TRACE(args);
    const Ran run = npuzzle(args);
    ASSERT_EQ(run.code, 0) << run.err;
    const std::string size_text = std::string(args).substr(14, 3);
    const BoardSize size = *parse_board_size(size_text);
    const auto entries = parse_instances(run.out, {size});
    ASSERT_EQ(entries.size(), 20u);
    const bool blank_last = std::string(args).find("blank-last") != std::string::npos;
    const auto goal =
        (blank_last ? GoalSpec::blank_last() : GoalSpec::blank_first()).tiles_for(size.cells());
    for (const auto& e : entries) {
      ASSERT_TRUE(e.ok()) << e.describe_error();
      EXPECT_TRUE(solvable(size.rows, size.cols, e.instance.tiles, goal));
    }
  }
  // A walk of 12 moves is solved in at most 12.
  const Ran walks = npuzzle("random --size 3x3 --count 5 --seed 11 --walk 12");
  const Ran solved = npuzzle("solve --output json -", walks.out);
  ASSERT_EQ(solved.code, 0) << solved.err;
  for (const auto& j : json_lines(solved.out)) EXPECT_LE(j["length"].get<int>(), 12);
}

TEST_F(Npuzzle, BatchWithTwoThreadsKeepsInputOrderAndReportsBadLines) {
  // Hard and easy instances mixed, one bad line in the middle. Entries without a number get their
  // ordinal (their position in the input) as id.
  const auto korf = korf_by_length();
  std::string text;
  std::vector<std::pair<std::int64_t, std::string>> expected;  // id, status
  for (int i = 0; i < 6; ++i) {
    const auto& inst = korf[static_cast<std::size_t>(i)];
    text += std::to_string(inst.id);
    for (int t : inst.tiles) (text += ' ') += std::to_string(t);
    text += "\n";
    expected.emplace_back(inst.id, "solved");
    if (i == 2) {
      text += "1 2 3 4 5 6 7 8 8\n";
      expected.emplace_back(static_cast<std::int64_t>(expected.size()) + 1, "error");
    }
    text += "1 0 2 3 4 5 6 7 8\n";
    expected.emplace_back(static_cast<std::int64_t>(expected.size()) + 1, "solved");
  }
  const std::string file = write_file("batch.txt", text);
  const Ran run = npuzzle("solve --output json --heuristic lc --threads 2 -f " + file);
  EXPECT_EQ(run.code, 2) << run.err;
  const auto objects = json_lines(run.out);
  ASSERT_EQ(objects.size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(objects[i]["id"], expected[i].first) << i;
    EXPECT_EQ(objects[i]["status"], expected[i].second) << i;
  }
  // Text mode prints a summary line on stderr.
  const Ran text_run = npuzzle("solve --heuristic lc --threads 2 -f " + file);
  EXPECT_NE(text_run.err.find("summary: 13 instances, 12 solved"), std::string::npos)
      << text_run.err;
}

// Without --algo each board gets its size's default (default_algorithm: aida above 12 cells, ida
// below), each search on one thread while --threads solve boards side by side; --mem-limit is taken
// (aida stores nodes), --tie-break is refused naming the defaults.
TEST_F(Npuzzle, TheDefaultAlgorithmFollowsEachBoardsSize) {
  const std::string file = write_file(
      "sizes.txt", "1 2 3 4 5 6 7 0 8\n1 2 3 0 4 5 6 7 8 9 10 11 12 13 14 15\n1 2 3 4 5 6 7 0 8\n");
  const Ran run =
      npuzzle("solve --output json --heuristic md --threads 2 --mem-limit 64M -f " + file);
  ASSERT_EQ(run.code, 0) << run.err;
  const auto objects = json_lines(run.out);
  ASSERT_EQ(objects.size(), 3u);
  const std::vector<std::string> expected = {"ida", "aida", "ida"};
  for (std::size_t i = 0; i < objects.size(); ++i) {
    EXPECT_EQ(objects[i]["algorithm"], expected[i]) << i;
    EXPECT_EQ(objects[i]["threads"], 1) << i;
    EXPECT_EQ(objects[i]["optimal"], true) << i;
  }
  EXPECT_EQ(objects[1]["moves"], "LLL");
  const Ran named = npuzzle("solve --output json --heuristic md --algo ida -f " + file);
  ASSERT_EQ(named.code, 0) << named.err;
  EXPECT_EQ(json_lines(named.out).at(1)["algorithm"], "ida");
  const Ran tie = npuzzle("solve --tie-break lifo 1 2 3 4 5 6 7 0 8");
  EXPECT_EQ(tie.code, 1);
  EXPECT_NE(tie.err.find("the default algorithms (ida, aida) do not take it: name one that does "
                         "with --algo"),
            std::string::npos)
      << tie.err;
}

TEST_F(Npuzzle, StdinMovesOutputReplays) {
  const std::string board = "1 2 3\n4 5 6\n7 8 _\n";
  const Ran run = npuzzle("solve --output moves", board);
  ASSERT_EQ(run.code, 0) << run.err;
  std::string moves = run.out.substr(0, run.out.find('\n'));
  EXPECT_FALSE(moves.empty());
  EXPECT_EQ(npuzzle("verify '1 2 3 4 5 6 7 8 0' " + moves).code, 0);
  EXPECT_EQ(npuzzle("solve --output moves -", board).out, run.out);
}

TEST_F(Npuzzle, TileStyleNamesTheTileThatSlides) {
  const Ran moves = npuzzle("solve --moves tile --output moves '1 0 2 3 4 5 6 7 8'");
  EXPECT_EQ(moves.code, 0);
  EXPECT_EQ(moves.out, "1\n");
  const Ran text = npuzzle("solve --moves tile '3 1 2 0 4 5 6 7 8'");
  EXPECT_NE(text.out.find("tiles moved: 3\n"), std::string::npos) << text.out;
  const Ran json = npuzzle("solve --moves tile --output json '1 0 2 3 4 5 6 7 8'");
  EXPECT_EQ(json_lines(json.out)[0]["tiles_moved"], nlohmann::json::array({1}));
  EXPECT_EQ(json_lines(json.out)[0]["moves"], "L");
  const Ran boards = npuzzle("solve --show-boards '1 0 2 3 4 5 6 7 8'");
  EXPECT_NE(boards.out.find("1: blank L, tile 1 slides"), std::string::npos) << boards.out;
}

TEST_F(Npuzzle, EveryOptimalAlgorithmAgreesOnA3x3Board) {
  const std::string board = "'8 6 7 2 5 4 3 0 1'";  // one of the two 31-move 3x3 boards
  int length = -1;
  for (const char* algo : {"ida", "astar", "dfbnb", "bfs"}) {
    SCOPED_TRACE(algo);
    const std::string heuristic = std::string(algo) == "bfs" ? "" : "--heuristic md ";
    const Ran run = npuzzle("solve --output json --goal blank-last " + heuristic + "--algo " +
                            algo + " " + board);
    ASSERT_EQ(run.code, 0) << run.err;
    const auto j = json_lines(run.out)[0];
    EXPECT_EQ(j["optimal"], true);
    if (length < 0) length = j["length"].get<int>();
    EXPECT_EQ(j["length"], length);
  }
  EXPECT_EQ(length, 31);
  const auto greedy = json_lines(
      npuzzle("solve --output json --goal blank-last --heuristic md --algo greedy " + board)
          .out)[0];
  EXPECT_EQ(greedy["status"], "solved");
  EXPECT_GE(greedy["length"].get<int>(), length);
  EXPECT_EQ(greedy["optimal"], false);
}

TEST_F(Npuzzle, InterruptStopsTheSearchAndStillReports) {
  // Misplaced tiles on Korf's hardest instance never finishes; SIGINT must end it cleanly.
  process::RunSpec spec;
  spec.argv = {
      process::npuzzle_binary(),     "solve", "--output", "json", "--heuristic", "misplaced",
      korf_by_length().back().text()};
  spec.delay_seconds = 1;
  spec.signal_number = SIGINT;
  spec.timeout_seconds = 60;
  const process::RunResult run = process::run_program(spec);
  ASSERT_TRUE(run.triggered) << run.describe() << " before the signal was sent";
  ASSERT_TRUE(run.exited()) << run.describe();
  EXPECT_EQ(run.exit_code, 4) << run.out;
  const std::string& out = run.out;
  const auto objects = json_lines(out);
  ASSERT_EQ(objects.size(), 1u);
  EXPECT_EQ(objects[0]["status"], "limit");
  EXPECT_EQ(objects[0]["reason"], "interrupted");
  EXPECT_GT(objects[0]["expanded"].get<std::uint64_t>(), 0u);
}

TEST_F(Npuzzle, BenchChecksLengthsAndWritesCsv) {
  const auto korf = korf_by_length();
  std::string ids;
  for (int i = 0; i < 3; ++i) {
    if (i) ids += ',';
    ids += std::to_string(korf[static_cast<std::size_t>(i)].id);
  }
  const std::string csv = (scratch() / "bench.csv").string();
  const Ran run =
      npuzzle("bench --quiet --heuristic lc --threads 1:2 --ids " + ids + " --csv " + csv);
  ASSERT_EQ(run.code, 0) << run.err;
  EXPECT_NE(run.out.find("speedup"), std::string::npos) << run.out;
  std::istringstream rows(read_file(csv));
  std::string header;
  std::getline(rows, header);
  EXPECT_EQ(
      header.rfind("id,threads,length,optimal_length,status,check,expanded,generated,seconds", 0),
      0u);
  int count = 0;
  for (std::string row; std::getline(rows, row);) {
    ++count;
    EXPECT_NE(row.find(",solved,"), std::string::npos) << row;
  }
  EXPECT_EQ(count, 6);

  // A set whose stated optimum is wrong is an error.
  const auto& inst = korf.front();
  std::string wrong = std::to_string(inst.id) + " " + std::to_string(inst.length + 2);
  for (int t : inst.tiles) (wrong += ' ') += std::to_string(t);
  const Ran bad = npuzzle("bench --quiet --heuristic lc " + write_file("wrong.txt", wrong + "\n"));
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("known optimum"), std::string::npos) << bad.err;
  EXPECT_EQ(npuzzle("bench --quiet " + write_file("broken.txt", "1 2 3\n")).code, 2);
}

// --baseline runs a sequential algorithm first and the speedups are relative to it; --repeat keeps
// one run per thread count in the CSV (the median one); a parallel baseline is a usage error.
TEST_F(Npuzzle, BenchBaselineAndRepeat) {
  const auto korf = korf_by_length();
  const std::string ids = std::to_string(korf[0].id) + "," + std::to_string(korf[1].id);
  const std::string csv = (scratch() / "baseline.csv").string();
  const Ran run = npuzzle(
      "bench --quiet --heuristic lc --algo pida --baseline ida --repeat 3 "
      "--threads 1,2 --ids " +
      ids + " --csv " + csv);
  ASSERT_EQ(run.code, 0) << run.err;
  EXPECT_NE(run.out.find("median of 3 runs"), std::string::npos) << run.out;
  std::istringstream lines(run.out);
  std::vector<std::string> table;
  for (std::string line; std::getline(lines, line);) table.push_back(line);
  ASSERT_EQ(table.size(), 5u) << run.out;  // title, header, ida, pida x 2
  EXPECT_TRUE(std::regex_search(table[2], std::regex("^ida +1 "))) << table[2];
  EXPECT_NE(table[2].find(" 1.00 "), std::string::npos) << table[2];  // the baseline's own speedup
  EXPECT_TRUE(std::regex_search(table[3], std::regex("^pida +1 "))) << table[3];
  EXPECT_TRUE(std::regex_search(table[4], std::regex("^pida +2 "))) << table[4];
  std::istringstream rows(read_file(csv));
  std::string header;
  std::getline(rows, header);
  int ida_rows = 0, pida_rows = 0;
  for (std::string row; std::getline(rows, row);) {
    EXPECT_NE(row.find(",solved,"), std::string::npos) << row;
    ida_rows += row.find(",ida,") != std::string::npos;
    pida_rows += row.find(",pida,") != std::string::npos;
  }
  EXPECT_EQ(ida_rows, 2);
  EXPECT_EQ(pida_rows, 4);
  EXPECT_EQ(npuzzle("bench --quiet --algo pida --baseline hda --ids 1").code, 1);
  EXPECT_EQ(npuzzle("bench --quiet --repeat 0 --ids 1").code, 1);
}

TEST_F(Npuzzle, BenchPlotsWithGnuplot) {
  if (!process::on_path("gnuplot")) GTEST_SKIP() << "no gnuplot";
  const std::string png = (scratch() / "scaling.png").string();
  const korf_data::Instance shallow = korf_by_length().front();
  const Ran run = npuzzle("bench --quiet --heuristic lc --threads 1,2 --ids " +
                          std::to_string(shallow.id) + " --plot " + png);
  ASSERT_EQ(run.code, 0) << run.err;
  const std::string image = read_file(png);
  ASSERT_GT(image.size(), 8u);
  EXPECT_EQ(image.substr(1, 3), "PNG");
}

}  // namespace
}  // namespace npuzzle
