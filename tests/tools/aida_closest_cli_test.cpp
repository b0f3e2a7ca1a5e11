// End-to-end tests of A*+IDA*'s closest approaches in its checkpoints (`closest` and `children`
// lines, engine/checkpoint.hpp): written with the frontier, gone on from, optional (a checkpoint
// written before they existed still resumes, to the same answer), and refused when they name no
// frontier node, come out of order or are malformed (exit 2, the line named).
// (An edited file is re-checksummed but not re-signed: its answers are never claimed optimal.)
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <string>

#include "tests/tools/checkpoint_support.hpp"
#include "tests/tools/cli_support.hpp"

namespace npuzzle {
namespace {

using cli::contains;
using cli::lines_of;
using cli::run_npuzzle;

// Korf #12 stopped inside its second threshold, with the closest approaches of the first.
std::string stopped_checkpoint(const std::string& dir) {
  const std::string path = (fault::fresh_dir(dir) / "search.ckpt").string();
  const fault::RunResult run =
      run_npuzzle({"solve", "--algo", "aida", "--heuristic", "md", "--checkpoint", path,
                   "--node-limit", "30000", checkpoint_test::korf(12).tiles});
  EXPECT_EQ(run.exit_code, 4) << run.describe() << run.err;
  return fault::read_text(path);
}

// `text` with its `key` line replaced by `value` (a whole line, or "" to drop it).
std::string edited(const std::string& text, const std::string& value,
                   const std::string& key = "closest") {
  return checkpoint_test::edited_and_signed(
      text, key + " " + checkpoint_test::field(text, key) + "\n", value);
}

TEST(AidaClosestCli, TheCheckpointKeepsTheClosestApproachesAndTheyAreOptional) {
  const checkpoint_test::KorfInstance instance = checkpoint_test::korf(12);
  const std::string text = stopped_checkpoint("aida-closest");
  const std::string closest = checkpoint_test::field(text, "closest");
  ASSERT_NE(closest, "") << text;
  ASSERT_NE(closest, "-") << text;
  EXPECT_NE(closest.find(':'), std::string::npos) << closest;
  const fault::RunResult with =
      run_npuzzle({"solve", "--resume",
                   fault::write_text(fault::fresh_dir("aida-closest-with") / "f.ckpt", text),
                   "--output", "json"});
  const fault::RunResult without = run_npuzzle(
      {"solve", "--resume",
       fault::write_text(fault::fresh_dir("aida-closest-without") / "f.ckpt", edited(text, "")),
       "--output", "json"});
  // The edit leaves the file unsigned here: its answer is right but not claimed optimal.
  for (const fault::RunResult* run : {&with, &without}) {
    ASSERT_EQ(run->describe(), "exit 0") << run->err;
    const auto j = nlohmann::json::parse(lines_of(run->out).at(0));
    EXPECT_EQ(j["length"], instance.length);
    EXPECT_EQ(j["optimal"], run == &with);
  }
}

TEST(AidaClosestCli, TheCheckpointKeepsTheChildrensApproachesAndTheyAreOptional) {
  const checkpoint_test::KorfInstance instance = checkpoint_test::korf(12);
  const std::string text = stopped_checkpoint("aida-children");
  const std::string children = checkpoint_test::field(text, "children");
  ASSERT_NE(children, "") << text;
  ASSERT_NE(children, "-") << text;
  EXPECT_NE(children.find(':'), std::string::npos) << children;
  EXPECT_NE(children.find(','), std::string::npos) << children;
  for (const std::string& value : {std::string(""), std::string("children -\n")}) {
    const fault::RunResult run =
        run_npuzzle({"solve", "--resume",
                     fault::write_text(fault::fresh_dir("aida-children-without") / "f.ckpt",
                                       edited(text, value, "children")),
                     "--output", "json"});
    ASSERT_EQ(run.describe(), "exit 0") << value << run.err;
    const auto j = nlohmann::json::parse(lines_of(run.out).at(0));
    EXPECT_EQ(j["length"], instance.length) << value;
  }
}

TEST(AidaClosestCli, ChildrensApproachesOfNoFrontierNodeOutOfOrderOrMalformedAreRefused) {
  const std::string text = stopped_checkpoint("aida-children-bad");
  const std::string subtrees = checkpoint_test::field(text, "subtrees");
  for (const std::string& bad :
       {"children " + subtrees + ":3,-,-,4\n", std::string("children 5:3,-,-,4 2:1,1,1,1\n"),
        std::string("children 5\n"), std::string("children 1:3,4,5\n"),
        std::string("children 1:3,4,5,6,7\n"), std::string("children 1:255,-,-,-\n"),
        std::string("children 1:x,-,-,-\n")}) {
    const std::string path = fault::write_text(
        fault::fresh_dir("aida-children-bad-file") / "f.ckpt", edited(text, bad, "children"));
    const fault::RunResult run = run_npuzzle({"solve", "--resume", path});
    EXPECT_EQ(run.exit_code, 2) << bad << run.describe() << run.err;
    EXPECT_TRUE(contains(run.err, "children")) << bad << run.err;
  }
}

TEST(AidaClosestCli, ClosestApproachesOfNoFrontierNodeOrOutOfOrderAreRefused) {
  const std::string text = stopped_checkpoint("aida-closest-bad");
  const std::string subtrees = checkpoint_test::field(text, "subtrees");
  for (const std::string& bad : {"closest " + subtrees + ":3\n", std::string("closest 5:3 2:1\n"),
                                 std::string("closest 5\n"), std::string("closest 1:256\n")}) {
    const std::string path =
        fault::write_text(fault::fresh_dir("aida-closest-bad-file") / "f.ckpt", edited(text, bad));
    const fault::RunResult run = run_npuzzle({"solve", "--resume", path});
    EXPECT_EQ(run.exit_code, 2) << bad << run.describe() << run.err;
    EXPECT_TRUE(contains(run.err, "closest")) << bad << run.err;
  }
}

}  // namespace
}  // namespace npuzzle
