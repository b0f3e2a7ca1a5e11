// End-to-end tests of `npuzzle solve --checkpoint FILE` and `--resume FILE` (ida, pida): a search
// stopped by a node limit or SIGINT and resumed, as often as it takes, reaches the known optimum
// of Korf's instances, and its node counts add up to those of one uninterrupted run (exactly for
// ida, whose subtrees are searched in order, wherever they were cut short; within the last
// iteration for pida, where the order of the subtrees decides where the solution is met). The
// refusals are in fault_checkpoint_test.cpp.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdint>
#include <regex>
#include <string>
#include <vector>

#include "tests/tools/checkpoint_support.hpp"
#include "tests/tools/cli_support.hpp"

namespace npuzzle {
namespace {

using checkpoint_test::field;
using checkpoint_test::finished_iterations_expanded;
using checkpoint_test::korf;
using checkpoint_test::KorfInstance;
using checkpoint_test::number_field;
using cli::json_lines;
using cli::run_npuzzle;
using fault::read_text;
using fault::RunResult;
namespace fs = std::filesystem;

nlohmann::json one_result(const RunResult& run) {
  const auto objects = json_lines(run.out);
  if (objects.size() != 1) {
    ADD_FAILURE() << "expected one JSON line: " << run.out << run.err;
    return nlohmann::json::object();
  }
  return objects[0];
}

// One uninterrupted solve: its JSON.
nlohmann::json solve_whole(const KorfInstance& instance, std::vector<std::string> args) {
  args.insert(args.begin(), {"solve", "--heuristic", "md", "--output", "json"});
  args.push_back(instance.tiles);
  const RunResult run = run_npuzzle(args);
  EXPECT_EQ(run.exit_code, 0) << run.describe() << run.err;
  return one_result(run);
}

struct Pieces {
  nlohmann::json last;               // the solving run's JSON
  std::vector<std::string> written;  // the checkpoint after each stopped run
};

// Solves `instance` in pieces of `node_limit` expansions: a first run with `first_args` (an
// algorithm) and --checkpoint, then `npuzzle solve --resume` with `resume_args` until a run solves
// it. Every stopped run must exit 4 and move the checkpoint on (more nodes counted, or a later
// iteration).
Pieces solve_in_pieces(const KorfInstance& instance, const std::string& name,
                       std::vector<std::string> first_args,
                       const std::vector<std::string>& resume_args, std::uint64_t node_limit) {
  const std::string path = (fault::fresh_dir(name) / "search.ckpt").string();
  const std::string limit = std::to_string(node_limit);
  first_args.insert(first_args.begin(), {"solve", "--heuristic", "md", "--output", "json",
                                         "--checkpoint", path, "--node-limit", limit});
  first_args.push_back(instance.tiles);
  Pieces pieces;
  RunResult run = run_npuzzle(first_args);
  for (int runs = 1; run.exit_code == 4 && runs < 40; ++runs) {
    const std::string text = read_text(path);
    if (!pieces.written.empty()) {
      const std::string& before = pieces.written.back();
      EXPECT_TRUE(number_field(text, "expanded") > number_field(before, "expanded") ||
                  number_field(text, "bound") > number_field(before, "bound"))
          << "no progress from\n"
          << before << "to\n"
          << text;
    }
    // What a stopped run reports counts the subtrees it cut short; the checkpoint does not.
    EXPECT_GE(one_result(run)["expanded"].get<std::uint64_t>(), number_field(text, "expanded"));
    pieces.written.push_back(text);
    // The stopped run says where its position is and how to go on.
    EXPECT_NE(run.err.find("checkpoint saved in " + path +
                           "; continue with `npuzzle solve --resume " + path + "`"),
              std::string::npos)
        << run.err;
    std::vector<std::string> args = {"solve", "--output",     "json", "--resume",
                                     path,    "--node-limit", limit};
    args.insert(args.end(), resume_args.begin(), resume_args.end());
    run = run_npuzzle(args);
  }
  EXPECT_EQ(run.exit_code, 0) << run.describe() << run.err;
  pieces.last = one_result(run);
  return pieces;
}

void expect_optimal(const nlohmann::json& result, const KorfInstance& instance) {
  EXPECT_EQ(result.value("status", ""), "solved") << result;
  EXPECT_EQ(result.value("length", -1), instance.length) << result;
  EXPECT_TRUE(result.value("optimal", false)) << result;
}

TEST(Checkpoint, IdaStoppedAndResumedReachesTheOptimumWithTheSameNodeCounts) {
  NPUZZLE_REQUIRE_BINARY(fault::npuzzle_binary());
  for (const int id : {2, 13, 45}) {
    SCOPED_TRACE("Korf #" + std::to_string(id));
    const KorfInstance instance = korf(id);
    // Uninterrupted, keeping checkpoints (the same subtrees as the pieces).
    const nlohmann::json whole = solve_whole(
        instance,
        {"--algo", "ida", "--checkpoint", (fault::fresh_dir("whole") / "unused.ckpt").string()});
    expect_optimal(whole, instance);
    const auto expanded = whole["expanded"].get<std::uint64_t>();
    // An eighth of the whole, less than the largest subtree of #2 (with duplicate-move pruning,
    // 0.8 M of 3.1 M): runs stop inside it and the next go on from there.
    const Pieces pieces = solve_in_pieces(instance, "ida" + std::to_string(id), {"--algo", "ida"},
                                          {}, expanded / 8 + 1);
    expect_optimal(pieces.last, instance);
    EXPECT_GE(pieces.written.size(), 7u) << "the node limit should have stopped it 7 times";
    // One thread searches the subtrees in order: the counts are exactly the uninterrupted ones.
    EXPECT_EQ(pieces.last["expanded"], whole["expanded"]);
    EXPECT_EQ(pieces.last["generated"], whole["generated"]);
    // And those of plain IDA* in every iteration but the last (where the frontier's levels are
    // expanded whole): at most the frontier's few hundred nodes more.
    const nlohmann::json plain = solve_whole(instance, {"--algo", "ida"});
    EXPECT_GE(expanded, plain["expanded"].get<std::uint64_t>());
    EXPECT_LE(expanded, plain["expanded"].get<std::uint64_t>() + 10000);
  }
}

TEST(Checkpoint, PidaOnTwoThreadsStoppedAndResumedReachesTheOptimum) {
  NPUZZLE_REQUIRE_BINARY(fault::npuzzle_binary());
  for (const int id : {2, 28}) {
    SCOPED_TRACE("Korf #" + std::to_string(id));
    const KorfInstance instance = korf(id);
    const nlohmann::json whole = solve_whole(instance, {"--algo", "pida", "--threads", "2"});
    expect_optimal(whole, instance);
    const auto expanded = whole["expanded"].get<std::uint64_t>();
    const Pieces pieces =
        solve_in_pieces(instance, "pida" + std::to_string(id), {"--algo", "pida", "--threads", "2"},
                        {"--threads", "2"}, expanded / 4 + 1);
    expect_optimal(pieces.last, instance);
    EXPECT_EQ(pieces.last["algorithm"], "pida");
    EXPECT_GE(pieces.written.size(), 2u);
    // The iterations before the last count the same in every run: those in the last checkpoint
    // written begin those of ida's checkpoint stopped one node before its end.
    const nlohmann::json ida = solve_whole(instance, {"--algo", "ida"});
    const std::string before_end = (fault::fresh_dir("ida-end") / "c").string();
    const RunResult stopped = run_npuzzle(
        {"solve", "--algo", "ida", "--heuristic", "md", "--checkpoint", before_end, "--node-limit",
         std::to_string(ida["expanded"].get<std::uint64_t>() - 1), instance.tiles});
    ASSERT_EQ(stopped.exit_code, 4) << stopped.err;
    const std::string ida_last = read_text(before_end);
    ASSERT_EQ(number_field(ida_last, "bound"), static_cast<std::uint64_t>(instance.length))
        << ida_last;
    const std::string& pida_last = pieces.written.back();
    const std::string pida_finished = field(pida_last, "iteration-expanded");
    EXPECT_EQ((field(ida_last, "iteration-expanded") + " ").rfind(pida_finished + " ", 0), 0u)
        << "pida's finished iterations " << pida_finished << " are not where ida's begin";
    // The solving run adds its own work to the checkpoint's count, and it was not stopped: each of
    // its two threads began its subtrees below the limit and was held to what was left of it.
    // (Where in the last iteration the solution is met depends on the order in which the threads
    // took the subtrees, so the total has no tighter bound.)
    const auto resumed = pieces.last["expanded"].get<std::uint64_t>();
    const std::uint64_t committed = number_field(pida_last, "expanded");
    EXPECT_GE(resumed, finished_iterations_expanded(ida_last));
    EXPECT_GE(resumed, committed);
    EXPECT_LE(resumed, committed + 2 * (expanded / 4 + 1));
  }
}

// A checkpoint of ida goes on with pida and the other way round; the iterations both finished
// counted the same.
TEST(Checkpoint, IdaAndPidaResumeEachOthersCheckpoints) {
  NPUZZLE_REQUIRE_BINARY(fault::npuzzle_binary());
  const KorfInstance instance = korf(13);
  const nlohmann::json whole = solve_whole(instance, {"--algo", "ida"});
  const std::string limit = std::to_string(whole["expanded"].get<std::uint64_t>() / 2);
  std::vector<std::string> histories;
  for (const auto& [from, to] : {std::pair{"ida", "pida"}, std::pair{"pida", "ida"}}) {
    SCOPED_TRACE(std::string(from) + " then " + to);
    const std::string path = (fault::fresh_dir(std::string(from) + "-first") / "c").string();
    const RunResult first =
        run_npuzzle({"solve", "--algo", from, "--threads", "2", "--heuristic", "md", "--output",
                     "json", "--node-limit", limit, "--checkpoint", path, instance.tiles});
    ASSERT_EQ(first.exit_code, 4) << first.describe() << first.err;
    const std::string text = read_text(path);
    EXPECT_EQ(field(text, "algorithm"), from);
    histories.push_back(field(text, "iteration-expanded"));
    const RunResult resumed = run_npuzzle(
        {"solve", "--resume", path, "--algo", to, "--threads", "2", "--output", "json"});
    ASSERT_EQ(resumed.exit_code, 0) << resumed.describe() << resumed.err;
    const nlohmann::json result = one_result(resumed);
    expect_optimal(result, instance);
    EXPECT_EQ(result["algorithm"], to);
  }
  // Both stopped in the same iteration (half the nodes), after the same finished iterations.
  EXPECT_EQ(histories[0], histories[1]);
}

// A resumed run stopped before it did any work writes the position it read again (but the time).
TEST(Checkpoint, RunStoppedBeforeAnyWorkKeepsThePosition) {
  NPUZZLE_REQUIRE_BINARY(fault::npuzzle_binary());
  const KorfInstance instance = korf(2);
  const std::string path = (fault::fresh_dir("no-work") / "c").string();
  const RunResult first = run_npuzzle({"solve", "--heuristic", "md", "--node-limit", "3000000",
                                       "--checkpoint", path, instance.tiles});
  ASSERT_EQ(first.exit_code, 4) << first.describe() << first.err;
  const std::string before = read_text(path);
  const RunResult idle = run_npuzzle({"solve", "--resume", path, "--time-limit", "0.000000001"});
  ASSERT_EQ(idle.exit_code, 4) << idle.describe() << idle.err;
  const std::string after = read_text(path);
  for (const char* key : {"bound", "target", "subtrees", "done", "expanded", "generated",
                          "iterations", "next-bound", "iteration-expanded"}) {
    EXPECT_EQ(field(after, key), field(before, key)) << key;
  }
  EXPECT_NE(field(before, "done"), "-") << before;
}

// The instance keeps its number and line from the input it came from when it is resumed (here
// instance 7 on line 2 of a file, after a comment line).
TEST(Checkpoint, AResumedRunKeepsTheInstancesNumberAndLine) {
  NPUZZLE_REQUIRE_BINARY(fault::npuzzle_binary());
  const KorfInstance instance = korf(2);
  const fs::path dir = fault::fresh_dir("instance-number");
  const std::string path = (dir / "c").string();
  const std::string input = (dir / "input.txt").string();
  fault::write_text(input, "# one board\n7 " + instance.tiles + "\n");
  const RunResult first = run_npuzzle({"solve", "--heuristic", "md", "--node-limit", "3000000",
                                       "--output", "json", "--checkpoint", path, "-f", input});
  ASSERT_EQ(first.exit_code, 4) << first.describe() << first.err;
  EXPECT_EQ(one_result(first)["id"], 7);
  EXPECT_EQ(field(read_text(path), "instance"), "7");
  EXPECT_EQ(field(read_text(path), "line"), "2");
  const RunResult resumed = run_npuzzle({"solve", "--resume", path, "--output", "json"});
  ASSERT_EQ(resumed.exit_code, 0) << resumed.describe() << resumed.err;
  const nlohmann::json result = one_result(resumed);
  EXPECT_EQ(result["id"], 7);
  EXPECT_EQ(result["line"], 2);
  EXPECT_EQ(result["length"], instance.length);
}

// Ctrl-C: the search stops, the checkpoint (also written every 0.05 s before) holds its
// position, and a resume reaches the optimum.
TEST(Checkpoint, SigintWritesACheckpointThatResumesToTheOptimum) {
  NPUZZLE_REQUIRE_BINARY(fault::npuzzle_binary());
  const KorfInstance instance = korf(3);  // 59 moves, about a second with md
  const std::string path = (fault::fresh_dir("sigint") / "search.ckpt").string();
  fault::RunSpec spec;
  spec.argv = {fault::npuzzle_binary(),
               "solve",
               "-v",
               "--heuristic",
               "md",
               "--output",
               "json",
               "--checkpoint",
               path,
               "--checkpoint-every",
               "0.05",
               instance.tiles};
  spec.trigger = "bound";
  spec.delay_seconds = 0.3;
  spec.signal_number = SIGINT;
  spec.timeout_seconds = 60;
  std::string periodic;  // the checkpoint as it was just before the signal
  spec.on_trigger = [&] { periodic = read_text(path); };
  const RunResult run = fault::run_program(spec);
  ASSERT_TRUE(run.triggered) << run.err;
  ASSERT_EQ(run.exit_code, 4) << run.describe() << run.err;
  EXPECT_EQ(one_result(run)["reason"], "interrupted");
  EXPECT_FALSE(periodic.empty()) << "no checkpoint was written in the 0.3 s before the signal";
  const std::string written = read_text(path);
  EXPECT_GE(number_field(written, "expanded"), number_field(periodic, "expanded"));
  const RunResult resumed = run_npuzzle({"solve", "--resume", path, "--output", "json"});
  ASSERT_EQ(resumed.exit_code, 0) << resumed.describe() << resumed.err;
  const nlohmann::json result = one_result(resumed);
  expect_optimal(result, instance);
  EXPECT_GT(result["expanded"].get<std::uint64_t>(), number_field(written, "expanded"));
  // A solved search leaves its last checkpoint as it was.
  EXPECT_EQ(read_text(path), written);
}

// The progress of --verbose: a line per iteration with its growth factor, and a heartbeat inside
// the iterations with the share of subtrees done and the time the iteration should still take.
TEST(Checkpoint, VerboseProgressShowsIterationsSubtreesAndTimeLeft) {
  NPUZZLE_REQUIRE_BINARY(fault::npuzzle_binary());
  const KorfInstance instance = korf(13);
  const RunResult run =
      run_npuzzle({"solve", "--algo", "pida", "--threads", "2", "--heuristic", "md", "-v",
                   "--progress=0.0001", "--output", "json", instance.tiles});
  ASSERT_EQ(run.exit_code, 0) << run.describe() << run.err;
  EXPECT_TRUE(std::regex_search(
      run.err,
      std::regex(R"(\[1\] bound \d+: [\d.]+( [KMG])? expanded in the iteration \(x[\d.]+\))")))
      << run.err;
  EXPECT_TRUE(std::regex_search(
      run.err,
      std::regex(R"(f \d+, \d+% of \d+ subtrees, ~[\d.]+ (s|min|h|days) left in the iteration)")))
      << run.err;
}

}  // namespace
}  // namespace npuzzle
