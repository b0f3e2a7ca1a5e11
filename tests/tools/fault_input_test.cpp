// Fault tests: a corpus of malformed input and bad options given to the `npuzzle` binary. Every
// bad board or file ends with exit 2 and a message naming the line (or the file, when there is no
// line to name) and, on that line, the problem itself (the duplicate and the missing tile, the
// count, the token); every bad option with exit 1 and a message naming the option and what is
// wrong with its value; never a crash or a hang (each run has a timeout and must end by exiting).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "tests/tools/fault_support.hpp"

namespace npuzzle::fault {
namespace {

struct BadInput {
  std::string name;               // the test's name
  std::string description;        // for the fault table
  std::vector<std::string> args;  // after `npuzzle solve`; "@FILE" is replaced by the input's path
  std::string input;              // written to a file (and given as -f) or to stdin
  bool via_stdin = false;
  int expected_code = 2;
  // What the message must say, all on one line of stderr or stdout: the line of the input (where
  // there is one) and the problem itself.
  std::vector<std::string> expected;
};

std::string long_line() {
  std::string text;
  for (int i = 0; i < 200000; ++i) text += std::to_string(i % 16) + " ";
  return text + "\n";
}

std::string binary_garbage() {
  std::string text;
  for (int i = 0; i < 4096; ++i) text += static_cast<char>((i * 131 + 7) % 256);
  return text;
}

std::vector<BadInput> corpus() {
  const std::vector<std::string> file = {"-f", "@FILE"};
  return {
      {"DuplicateTile",
       "a duplicate tile",
       file,
       "# comment\n1 2 3 4 5 5 7 8 9 10 11 12 13 14 15 0\n",
       false,
       2,
       {"line 2", "duplicate tile 5 and missing tile 6"}},
      {"TileOutOfRange",
       "a tile out of range (16 on a 4x4)",
       file,
       "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16\n",
       false,
       2,
       {"line 1", "tile 16 out of range 0..15 for 4x4"}},
      {"TwoBlanks",
       "two blanks (`0` and `x`)",
       file,
       "0 1 2 3 4 5 6 x 8\n",
       false,
       2,
       {"line 1", "duplicate blank and missing tile 7"}},
      {"UnknownToken",
       "a word among the tiles",
       file,
       "1 2 3 4 5 6 seven 8 0\n",
       false,
       2,
       {"line 1", "unknown token 'seven'"}},
      {"NegativeTile",
       "a negative tile",
       file,
       "1 2 3 -4 5 6 7 8 0\n",
       false,
       2,
       {"line 1", "unknown token '-4'"}},
      {"HugeNumber",
       "a number beyond 64 bits",
       file,
       "99999999999999999999999999 1 2 3 4 5 6 7 8\n",
       false,
       2,
       {"line 1", "number '99999999999999999999999999' is too large"}},
      {"HugeTile",
       "a tile of ten digits",
       file,
       "1 2 3 4 5 6 7 8 1000000000\n",
       false,
       2,
       {"line 1", "number '1000000000' is too large"}},
      {"ControlBytes",
       "control and non-UTF-8 bytes in a token",
       file,
       "1 2 3\x01\xff 4 5 6 7 8 0\n",
       false,
       2,
       {"line 1", "unknown token '3\\x01\\xff'"}},
      {"LongToken",
       "a token of 10,000 letters",
       file,
       std::string(10000, 'a') + " 1 2 3\n",
       false,
       2,
       {"line 1", "unknown token 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...'"}},
      {"WrongCount",
       "19 numbers on a line (no board, with or without an instance number and a length)",
       file,
       "\n\n0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18\n",
       false,
       2,
       {"line 3", "wrong count: 19 tokens; a one-line board has 4, 9, 16 or 25 tiles"}},
      {"WrongCountForTheSize",
       "7 tiles with --size 3x3",
       {"--size", "3x3", "-f", "@FILE"},
       "\n\n0 1 2 3 4 5 6\n",
       false,
       2,
       {"line 3", "wrong count: 7 tokens; --size 3x3 needs 9 tiles"}},
      {"AmbiguousCount",
       "6 tiles without --size (2x3 or 3x2)",
       file,
       "0 1 2 3 4 5\n",
       false,
       2,
       {"line 1", "ambiguous size: 6 tiles could be 2x3", "give --size RxC"}},
      {"SizeMismatch",
       "a 4x4 board with --size 3x3",
       {"--size", "3x3", "-f", "@FILE"},
       "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n",
       false,
       2,
       {"line 1", "size mismatch: 16 tiles; --size 3x3 needs 9 tiles"}},
      {"RaggedGrid",
       "a grid with a short row",
       file,
       "1 2 3\n4 5\n6 7 8 0\n",
       false,
       2,
       {"line 1", "wrong count: a line of 3 tokens is neither a whole board nor part of a grid"}},
      {"SecondOfTwoBad",
       "a good board then a bad one",
       file,
       "0 1 2 3 4 5 6 7 8\n0 1 2 3 4 5 6 7 7\n",
       false,
       2,
       {"instance 2 (line 2)", "duplicate tile 7 and missing tile 8"}},
      {"VeryLongLine",
       "one line of 200,000 numbers",
       file,
       long_line(),
       false,
       2,
       {"line 1", "wrong count: 200000 tokens"}},
      {"BinaryGarbage",
       "4 KiB of binary bytes",
       file,
       binary_garbage(),
       false,
       2,
       {"line 1", "unknown token '"}},
      {"NulBytes",
       "NUL bytes inside a board",
       file,
       std::string("0 1 2\0 3 4 5 6 7 8\n", 20),
       false,
       2,
       {"line 1", "unknown token '2\\x00'"}},
      {"OnlyComments",
       "a file of comments only",
       file,
       "# nothing\n# here\n",
       false,
       2,
       {"no board in the input"}},
      {"EmptyStdin", "empty standard input", {"-"}, "", true, 2, {"no board in the input"}},
      {"BadStdin",
       "a bad board on standard input",
       {"-"},
       "1 1 1 1\n",
       true,
       2,
       {"line 1", "duplicate tile 1 and missing tile 0"}},
      {"MissingFile",
       "a file that does not exist",
       {"-f", "/nonexistent/boards.txt"},
       "",
       false,
       2,
       {"cannot read '/nonexistent/boards.txt': No such file or directory"}},
      {"BadBoardArgument",
       "a bad board on the command line",
       {"1 2 3 3"},
       "",
       false,
       2,
       {"line 1", "duplicate tile 3 and missing tile 0"}},
      {"BadSizeOption",
       "`--size 6x6`",
       {"--size", "6x6", "0 1 2 3"},
       "",
       false,
       1,
       {"--size: '6x6' is not RxC with 2 <= R, C <= 5"}},
      {"BadAlgorithm",
       "`--algo nope`",
       {"--algo", "nope", "0 1 2 3"},
       "",
       false,
       1,
       {"--algo: unknown algorithm 'nope'"}},
      {"BadHeuristic",
       "`--heuristic nope`",
       {"--heuristic", "nope", "0 1 2 3"},
       "",
       false,
       1,
       {"--heuristic: unknown heuristic 'nope'"}},
      {"BadGoal",
       "`--goal 1,2,3` (not a permutation of a board)",
       {"--goal", "1,2,3", "0 1 2 3"},
       "",
       false,
       1,
       {"--goal: wrong count: 3 tiles is no board size"}},
      {"BadMemoryLimit",
       "`--mem-limit 12Q`",
       {"--mem-limit", "12Q", "0 1 2 3"},
       "",
       false,
       1,
       {"--mem-limit: '12Q' is not a size"}},
      {"NegativeTimeLimit",
       "`--time-limit -1`",
       {"--time-limit", "-1", "0 1 2 3"},
       "",
       false,
       1,
       {"--time-limit: '-1' is not a number of seconds >= 0"}},
      {"NanTimeLimit",
       "`--time-limit nan`",
       {"--time-limit", "nan", "0 1 2 3"},
       "",
       false,
       1,
       {"--time-limit: 'nan' is not a number of seconds >= 0"}},
      {"ZeroThreads",
       "`--threads 0`",
       {"--threads", "0", "0 1 2 3"},
       "",
       false,
       1,
       {"--threads must be between 1 and 1024 (got 0)"}},
      {"UnknownOption",
       "an unknown option",
       {"--frobnicate", "0 1 2 3"},
       "",
       false,
       1,
       {"not expected: --frobnicate"}},
      {"BoardAndFile",
       "a board and -f together",
       {"0 1 2 3", "-f", "x.txt"},
       "",
       false,
       1,
       {"give a BOARD or -f FILE, not both"}},
  };
}

void PrintTo(const BadInput& c, std::ostream* os) { *os << c.name; }

class FaultInput : public ::testing::TestWithParam<BadInput> {};

TEST_P(FaultInput, ExitsWithTheDocumentedCodeAndNamesTheProblem) {
  NPUZZLE_REQUIRE_BINARY(npuzzle_binary());
  const BadInput& c = GetParam();
  const std::string path = write_text(scratch_dir() / ("input_" + c.name), c.input);
  RunSpec spec;
  spec.argv = {npuzzle_binary(), "solve"};
  for (const std::string& a : c.args) spec.argv.push_back(a == "@FILE" ? path : a);
  if (c.via_stdin) spec.stdin_text = c.input;
  spec.timeout_seconds = 30;
  const RunResult run = run_program(spec);
  ASSERT_TRUE(run.exited()) << run.describe() << "\n" << run.err;
  EXPECT_EQ(run.exit_code, c.expected_code) << run.out << run.err;
  const std::string all = run.err + run.out;
  const std::string message = line_with(all, c.expected.front());
  for (const std::string& part : c.expected) {
    EXPECT_NE(message.find(part), std::string::npos)
        << "expected '" << part << "' on the line of the message in:\n"
        << all;
  }
  // Whatever the input held, the messages are printable text (UTF-8, no control bytes).
  EXPECT_FALSE(std::any_of(all.begin(), all.end(), [](char ch) {
    const auto byte = static_cast<unsigned char>(ch);
    return (byte < 0x20 && ch != '\n') || byte == 0x7f;
  })) << all;
  std::string shown = message.empty() ? first_line(run.err) : message;
  if (shown.size() > 160) shown = shown.substr(0, 157) + "...";
  record_fault("input", c.description, run.describe() + ": `" + shown + "`");
}

INSTANTIATE_TEST_SUITE_P(Corpus, FaultInput, ::testing::ValuesIn(corpus()),
                         [](const ::testing::TestParamInfo<BadInput>& param_info) {
                           return param_info.param.name;
                         });

// NPUZZLE_GOAL with blanks around it (a trailing space from a shell script, a leading one) is read
// as --goal reads it, blanks ignored (by both); a bad one is refused with exit 1 and its value
// shown quoted, so that the stray blanks show.
TEST(FaultGoalEnvironment, BlanksAroundTheGoalAreIgnoredAndABadOneIsShownQuoted) {
  NPUZZLE_REQUIRE_BINARY(npuzzle_binary());
  const auto with_goal = [](const std::string& goal) {
    RunSpec spec;
    spec.argv = {npuzzle_binary(), "solve", "1 2 3 4 5 6 7 0 8"};
    spec.env = {{"NPUZZLE_GOAL", goal}};
    return run_program(spec);
  };
  std::string observed;
  for (const std::string goal : {"blank-last ", " blank-last", "\tblank-last\n"}) {
    SCOPED_TRACE("'" + goal + "'");
    const RunResult run = with_goal(goal);
    EXPECT_EQ(run.describe(), "exit 0") << run.err;
    EXPECT_NE(run.out.find("to the goal blank-last"), std::string::npos) << run.out;
    if (observed.empty()) observed = run.describe() + ", `" + first_line(run.out) + "`";
  }
  RunSpec given;
  given.argv = {npuzzle_binary(), "solve", "--goal", "blank-last ", "1 2 3 4 5 6 7 0 8"};
  const RunResult option = run_program(given);
  EXPECT_EQ(option.describe(), "exit 0") << option.err;
  const RunResult bad = with_goal("upside-down ");
  EXPECT_EQ(bad.describe(), "exit 1") << bad.err;
  EXPECT_NE(bad.err.find("NPUZZLE_GOAL='upside-down '"), std::string::npos) << bad.err;
  record_fault("input",
               "`NPUZZLE_GOAL='blank-last '` (and a leading blank, a tab and a newline), "
               "`--goal 'blank-last '`, then `NPUZZLE_GOAL='upside-down '`",
               observed + "; `--goal`: " + option.describe() + "; the bad one: " + bad.describe() +
                   ", `" + first_line(bad.err) + "`");
}

}  // namespace
}  // namespace npuzzle::fault
