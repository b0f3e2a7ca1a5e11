// Fault tests of checkpoints (`npuzzle solve --checkpoint FILE`, `--resume FILE`): a checkpoint
// that is missing, cut short, corrupted, of another format version, for a board that cannot reach
// its goal, or written with other pattern databases than those present (the dual lookups' tables
// included) is refused with exit code 2 and a message saying which, as are a device, a file larger
// than any checkpoint, fields edited out of range (and re-signed), and a bound above a solution the
// search then finds; a checkpoint that cannot be written (no such directory, the file size limit)
// ends the run with exit code 2, after a limit or Ctrl-C, leaving neither a half-written file nor a
// temporary one; old temporary files of a killed run are removed; the algorithms that keep no
// checkpoints refuse the option (exit code 1). Trust: a forged bound is never laundered into a
// signed checkpoint by a resumed run that is stopped again, another user's checkpoint is refused
// unless --trust-other-user, a checkpoint written without a key says why, and a heuristic the
// checkpoint's board cannot have is a bad file (exit code 2), not a bad option.
#include <pwd.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

#include "tests/tools/checkpoint_support.hpp"
#include "tests/tools/cli_support.hpp"

namespace npuzzle::fault {
namespace {

using checkpoint_test::edited_and_signed;
using checkpoint_test::field;
using checkpoint_test::korf;
using cli::contains;
using cli::run_npuzzle;

class FaultCheckpoint : public ::testing::Test {
 protected:
  void SetUp() override { NPUZZLE_REQUIRE_BINARY(npuzzle_binary()); }

  // A checkpoint of Korf #13 with md, stopped by a node limit: its path.
  static std::string stopped_checkpoint(const std::string& name) {
    const std::string path = (fresh_dir(name) / "search.ckpt").string();
    const RunResult run =
        run_npuzzle({"solve", "--algo", "ida", "--heuristic", "md", "--node-limit", "2000000",
                     "--checkpoint", path, korf(13).tiles});
    EXPECT_EQ(run.exit_code, 4) << run.describe() << run.err;
    return path;
  }

  // `npuzzle solve --resume` of a checkpoint with `text`: must be refused with exit code 2 and a
  // message containing `expected`.
  static RunResult expect_refused(const std::string& name, const std::string& text,
                                  const std::string& expected) {
    const std::string path = write_text(fresh_dir(name) / "bad.ckpt", text);
    const RunResult run = run_npuzzle({"solve", "--resume", path});
    EXPECT_EQ(run.exit_code, 2) << run.describe() << run.err;
    EXPECT_TRUE(contains(run.err, expected)) << run.err;
    EXPECT_TRUE(run.out.empty()) << run.out;
    return run;
  }

  // `npuzzle solve --resume path`: must be refused with exit code 2 and a message containing
  // `expected`.
  static RunResult expect_refused_at(const std::string& path, const std::string& expected) {
    const RunResult run = run_npuzzle({"solve", "--resume", path});
    EXPECT_EQ(run.exit_code, 2) << run.describe() << run.err;
    EXPECT_TRUE(contains(run.err, expected)) << run.err;
    return run;
  }
};

TEST_F(FaultCheckpoint, MissingFileIsRefused) {
  const RunResult run = expect_refused("missing", "", "");  // an empty file first: not a checkpoint
  EXPECT_TRUE(contains(run.err, "not an npuzzle checkpoint")) << run.err;
  const RunResult missing =
      run_npuzzle({"solve", "--resume", (scratch_dir() / "no-such.ckpt").string()});
  EXPECT_EQ(missing.exit_code, 2) << missing.err;
  EXPECT_TRUE(contains(missing.err, "No such file or directory")) << missing.err;
  record_fault("checkpoint", "`--resume` of a checkpoint that does not exist, and of an empty file",
               missing.describe() + "; `" + first_line(missing.err) + "`; empty: `" +
                   first_line(run.err) + "`");
}

TEST_F(FaultCheckpoint, TruncatedFileIsRefused) {
  const std::string text = read_text(stopped_checkpoint("truncated-source"));
  const RunResult run = expect_refused("truncated", text.substr(0, text.size() / 2), "truncated");
  record_fault("checkpoint", "`--resume` of a checkpoint cut in half",
               run.describe() + "; `" + first_line(run.err) + "`");
}

TEST_F(FaultCheckpoint, CorruptFileIsRefused) {
  std::string text = read_text(stopped_checkpoint("corrupt-source"));
  const std::size_t at = text.find("\nexpanded ") + 10;
  text[at] = text[at] == '9' ? '1' : static_cast<char>(text[at] + 1);  // one digit changed
  const RunResult run = expect_refused("corrupt", text, "corrupt");
  record_fault("checkpoint", "`--resume` of a checkpoint with one digit of a counter changed",
               run.describe() + "; `" + first_line(run.err) + "`");
}

TEST_F(FaultCheckpoint, OtherVersionIsRefused) {
  const std::string text = read_text(stopped_checkpoint("version-source"));
  const RunResult run = expect_refused(
      "version", edited_and_signed(text, "npuzzle-checkpoint 4", "npuzzle-checkpoint 5"),
      "format version 5");
  record_fault("checkpoint", "`--resume` of a checkpoint of format version 5",
               run.describe() + "; `" + first_line(run.err) + "`");
}

// The line of a cut-short subtree, edited: moves off the board, and a subtree also marked done.
TEST_F(FaultCheckpoint, PartialSubtreeThatCannotBeOneIsRefused) {
  const std::string text = read_text(stopped_checkpoint("partial-source"));
  const std::string line = "partial " + field(text, "partial");
  ASSERT_NE(field(text, "partial"), "") << "a stop inside a subtree keeps a partial line\n" << text;
  const std::string index = line.substr(8, line.find(' ', 8) - 8);
  const RunResult off_board =
      expect_refused("partial-moves", edited_and_signed(text, line, "partial " + index + " UUUU"),
                     "stopped at a node outside its iteration");
  expect_refused("partial-no-moves", edited_and_signed(text, line, "partial " + index + " "),
                 "is not a subtree and its moves");
  // The first done subtree (the ida run finished some before it stopped).
  const std::string done = field(text, "done");
  const std::string first_done = done.substr(0, done.find_first_of(",-"));
  ASSERT_NE(first_done, index);
  const RunResult finished = expect_refused(
      "partial-done",
      edited_and_signed(text, line, "partial " + first_done + line.substr(line.find(' ', 8))),
      "is not an unfinished one");
  record_fault("checkpoint",
               "`--resume` of a (correctly signed) checkpoint whose cut-short subtree's moves "
               "leave the board, and whose cut-short subtree is also marked done",
               off_board.describe() + "; `" + first_line(off_board.err) + "`; " +
                   finished.describe() + "; `" + first_line(finished.err) + "`");
}

TEST_F(FaultCheckpoint, BoardThatCannotReachItsGoalIsRefused) {
  const std::string text = read_text(stopped_checkpoint("parity-source"));
  // Two tiles (not the blank) swapped: the other permutation parity.
  const std::string board = "board " + korf(13).tiles;
  std::istringstream in(korf(13).tiles);
  std::vector<int> tiles;
  for (int t = 0; in >> t;) tiles.push_back(t);
  const std::size_t a = tiles[0] == 0 ? 2 : 0, b = tiles[1] == 0 ? 2 : 1;
  std::swap(tiles[a], tiles[b]);
  std::string swapped = "board";
  for (int t : tiles) {
    swapped += ' ';
    swapped += std::to_string(t);
  }
  ASSERT_NE(board, swapped);
  const RunResult run =
      expect_refused("parity", edited_and_signed(text, board, swapped), "cannot reach its goal");
  record_fault("checkpoint",
               "`--resume` of a (correctly signed) checkpoint whose board has two tiles swapped",
               run.describe() + "; `" + first_line(run.err) + "`");
}

// Databases: a 3-3-3-3-3 partition of the 4x4 board (built in a moment); the checkpoint names
// them by checksum, and one that differs from the table present is refused.
TEST_F(FaultCheckpoint, OtherPatternDatabasesAreRefused) {
  const fs::path dir = fresh_dir("pdb");
  const std::string path = (dir / "search.ckpt").string();
  const std::string pdb_dir = (dir / "databases").string();
  const std::string heuristic = "pdb:1,2,3/4,5,6/7,8,9/10,11,12/13,14,15";
  const RunResult first =
      run_npuzzle({"solve", "--algo", "ida", "--heuristic", heuristic, "--pdb-dir", pdb_dir,
                   "--node-limit", "20000", "--checkpoint", path, korf(13).tiles});
  ASSERT_EQ(first.exit_code, 4) << first.describe() << first.err;
  const std::string text = read_text(path);
  const std::string database = checkpoint_test::field(text, "database");
  ASSERT_EQ(database.size(), 16u + 1 + 5) << text;  // "<checksum> 1,2,3"
  std::string other = database;
  other[0] = other[0] == '0' ? '1' : '0';
  const RunResult run = expect_refused("pdb-other", edited_and_signed(text, database, other),
                                       "other pattern databases");
  // The same checkpoint with the databases it was written with resumes to the optimum.
  const RunResult resumed =
      run_npuzzle({"solve", "--resume", path, "--pdb-dir", pdb_dir, "--output", "json"});
  EXPECT_EQ(resumed.exit_code, 0) << resumed.describe() << resumed.err;
  EXPECT_TRUE(contains(resumed.out, "\"length\":" + std::to_string(korf(13).length)))
      << resumed.out;
  record_fault(
      "checkpoint",
      "`--resume` of a checkpoint naming a pattern database with another checksum than "
      "the one present",
      run.describe() + "; `" + first_line(line_with(run.err, "other pattern databases")) + "`");
}

// pdb-dual: the checkpoint names the dual lookups' other tables too (tiles 1 and 4 home shut the
// blank's goal cell off, so `pdbgen build --dual` adds one table for group {1,4}); without that
// table the resume is refused, with it the search goes on to the optimum.
TEST_F(FaultCheckpoint, DualLookupsTablesAreNamedToo) {
  const fs::path dir = fresh_dir("pdb_dual");
  const std::string path = (dir / "search.ckpt").string();
  const fs::path pdb_dir = dir / "databases";
  const std::string partition = "1,4/2,3,5/6,7,8/9,10,11/12,13,14,15";
  const RunResult built = cli::run_pdbgen({"build", "--size", "4x4", "--partition", partition,
                                           "--dual", "--pdb-dir", pdb_dir.string()});
  ASSERT_EQ(built.exit_code, 0) << built.err;
  std::vector<fs::path> dual;  // the tables of another goal than blank-first
  for (const auto& entry : fs::directory_iterator(pdb_dir)) {
    if (entry.path().filename().string().find("-goal-") != std::string::npos) {
      dual.push_back(entry.path());
    }
  }
  ASSERT_EQ(dual.size(), 1u);
  const RunResult first = run_npuzzle(
      {"solve", "--algo", "ida", "--heuristic", "pdb-dual:" + partition, "--pdb-dir",
       pdb_dir.string(), "--node-limit", "20000", "--checkpoint", path, korf(13).tiles});
  ASSERT_EQ(first.exit_code, 4) << first.describe() << first.err;
  const std::string text = read_text(path);
  std::size_t databases = 0;
  for (std::size_t at = text.find("\ndatabase "); at != std::string::npos;
       at = text.find("\ndatabase ", at + 1)) {
    ++databases;
  }
  EXPECT_EQ(databases, 6u) << text;
  const fs::path aside = dir / "aside.pdb";
  fs::rename(dual[0], aside);
  const RunResult refused = run_npuzzle({"solve", "--resume", path, "--pdb-dir", pdb_dir.string()});
  EXPECT_EQ(refused.exit_code, 2) << refused.describe() << refused.err;
  EXPECT_TRUE(contains(refused.err, "other pattern databases")) << refused.err;
  fs::rename(aside, dual[0]);
  const RunResult resumed =
      run_npuzzle({"solve", "--resume", path, "--pdb-dir", pdb_dir.string(), "--output", "json"});
  EXPECT_EQ(resumed.exit_code, 0) << resumed.describe() << resumed.err;
  EXPECT_TRUE(contains(resumed.out, "\"length\":" + std::to_string(korf(13).length)))
      << resumed.out;
}

TEST_F(FaultCheckpoint, UnwritablePathEndsTheRunWithExitTwoAndNoTemporaryFile) {
  const fs::path dir = fresh_dir("unwritable");
  const RunResult missing_dir =
      run_npuzzle({"solve", "--algo", "ida", "--heuristic", "md", "--node-limit", "100000",
                   "--checkpoint", (dir / "no-such-dir" / "c").string(), korf(13).tiles});
  EXPECT_EQ(missing_dir.exit_code, 2) << missing_dir.describe() << missing_dir.err;
  EXPECT_TRUE(contains(missing_dir.err, "cannot write checkpoint")) << missing_dir.err;
  // A write that fails half-way (the file size limit is below the checkpoint's size).
  RunSpec spec;
  spec.argv = {npuzzle_binary(),     "solve",       "--quiet",      "--algo", "ida",
               "--heuristic",        "md",          "--node-limit", "100000", "--checkpoint",
               (dir / "c").string(), korf(13).tiles};
  spec.file_size_limit = 300;  // a checkpoint of md is about 400 bytes
  const RunResult run = run_program(spec);
  ASSERT_TRUE(run.exited()) << run.describe();
  EXPECT_EQ(run.exit_code, 2) << run.describe() << run.err;
  EXPECT_TRUE(contains(run.err, "cannot write checkpoint")) << run.err;
  EXPECT_TRUE(files_in(dir).empty()) << joined(files_in(dir));
  record_fault("checkpoint",
               "`--checkpoint` in a directory that does not exist, and under a 300-byte file size "
               "limit (`ulimit -f`)",
               missing_dir.describe() + "; `" + first_line(missing_dir.err) +
                   "`; size limit: " + run.describe() + ", files left: " + joined(files_in(dir)));
}

// Files no checkpoint can be: a device (read forever), a file larger than any checkpoint (refused
// by its size, never read), a large file that does not begin like one (its first line read).
TEST_F(FaultCheckpoint, DeviceOrOversizedFileIsRefusedWithoutReadingIt) {
  const RunResult device = expect_refused_at("/dev/zero", "it is a device, not a regular file");
  const fs::path dir = fresh_dir("oversized");
  const std::string sparse = (dir / "sparse.ckpt").string();
  fs::resize_file(write_text(sparse, "npuzzle-checkpoint 2\n"), std::uintmax_t{1} << 30);
  const RunResult big = expect_refused_at(sparse, "larger than");
  const std::string other = (dir / "other.ckpt").string();
  fs::resize_file(write_text(other, "not a checkpoint\n"), std::uintmax_t{12} << 20);
  const RunResult not_one = expect_refused_at(other, "not an npuzzle checkpoint");
  for (const RunResult* run : {&device, &big, &not_one}) {
    EXPECT_LT(run->max_rss_kib, 64 * 1024) << run->describe();
  }
  record_fault("checkpoint",
               "`--resume /dev/zero`; `--resume` of a 1 GiB file that begins like a checkpoint, "
               "and of a 12 MiB one that does not",
               device.describe() + ", `" + first_line(device.err) + "`; 1 GiB: " + big.describe() +
                   ", peak RSS " + std::to_string(big.max_rss_kib / 1024) +
                   " MiB; 12 MiB: " + not_one.describe() + ", peak RSS " +
                   std::to_string(not_one.max_rss_kib / 1024) + " MiB");
}

// Each field of a (correctly signed) checkpoint edited out of what a search can write.
TEST_F(FaultCheckpoint, FieldsOutOfRangeAreRefused) {
  const std::string text = read_text(stopped_checkpoint("range-source"));
  const auto edit = [&](const std::string& key, const std::string& value) {
    return edited_and_signed(text, key + " " + field(text, key) + "\n", key + " " + value + "\n");
  };
  std::string observed;
  const auto refused = [&](const std::string& key, const std::string& value,
                           const std::string& expected) {
    const RunResult run = expect_refused("range-" + key, edit(key, value), expected);
    observed += (observed.empty() ? "" : "; ") + key + " " + value + ": " + run.describe();
  };
  refused("bound", "1000000", "more moves than any 4x4 board needs");
  refused("bound", "20", "does not fit this board, whose estimate is");
  refused("subtrees", "4000000000000", "not a frontier a search builds");
  refused("target", "4000000000000", "not a frontier a search builds");
  refused("expanded", "18446744073709551615", "node counts and seconds do not add up");
  refused("next-bound", "1000", "is not between bound");
  refused("iterations", "100", "do not fit bound");
  record_fault("checkpoint", "`--resume` of checkpoints with one field edited and re-signed",
               observed);
}

// The board is one move from the goal; its checkpoint (written at start-up, bound 1) edited to
// bound 3 claims that no solution is shorter than 3 moves: the search finds the 1-move one and
// refuses the checkpoint rather than print a solution as optimal on its word.
TEST_F(FaultCheckpoint, BoundAboveAShorterSolutionIsRefused) {
  const std::string path = (fresh_dir("short-source") / "search.ckpt").string();
  RunSpec spec;
  spec.argv = {npuzzle_binary(), "solve", "--algo",           "ida", "--heuristic", "md",
               "--checkpoint",   path,    "1 0 2 3 4 5 6 7 8"};
  spec.pending_signal = SIGINT;
  const RunResult first = run_program(spec);
  ASSERT_EQ(first.exit_code, 4) << first.describe() << first.err;
  const std::string text = read_text(path);
  ASSERT_EQ(field(text, "bound"), "1") << text;
  const RunResult run = expect_refused("short", edited_and_signed(text, "bound 1\n", "bound 3\n"),
                                       "is wrong: this board has a solution of 1 moves");
  record_fault("checkpoint",
               "`--resume` of a 1-move board's checkpoint whose bound was raised from 1 to 3",
               run.describe() + "; `" + first_line(run.err) + "`");
}

// A 24-move 3x3 board (start estimate 14) whose checkpoint, written at start-up, is edited to bound
// 26 with its checksum recomputed: the search at that bound meets a 26-move path first. Only the
// signature could vouch for the bound, and the edit broke it: the answer is not called optimal.
TEST_F(FaultCheckpoint, BoundRaisedToALongerSolutionIsNotClaimedOptimal) {
  const std::string source = (fresh_dir("raised-source") / "search.ckpt").string();
  RunSpec spec;
  spec.argv = {npuzzle_binary(), "solve", "--algo",           "ida", "--heuristic", "md",
               "--checkpoint",   source,  "0 7 4 2 5 1 6 8 3"};
  spec.pending_signal = SIGINT;
  const RunResult first = run_program(spec);
  ASSERT_EQ(first.exit_code, 4) << first.describe() << first.err;
  const std::string text = read_text(source);
  ASSERT_EQ(field(text, "bound"), "14") << text;
  const std::string path = write_text(fresh_dir("raised") / "edited.ckpt",
                                      edited_and_signed(text, "bound 14\n", "bound 26\n"));
  const RunResult run = run_npuzzle({"solve", "--resume", path, "--output", "json"});
  ASSERT_EQ(run.exit_code, 0) << run.describe() << run.err;
  const nlohmann::json result = nlohmann::json::parse(run.out);
  EXPECT_EQ(result.value("length", 0), 26) << result;
  EXPECT_FALSE(result.value("optimal", true)) << result;
  EXPECT_TRUE(contains(run.err, "not claimed optimal")) << run.err;
  record_fault(
      "checkpoint",
      "`--resume` of a 24-move board's checkpoint whose bound was raised from 14 to 26, "
      "checksum recomputed",
      run.describe() + "; a 26-move solution, `\"optimal\": false`; `" + first_line(run.err) + "`");
}

// A checkpoint that cannot be written when Ctrl-C stops the search (a 100-byte file size limit,
// the signal pending at start-up) is exit 2, as after a limit.
TEST_F(FaultCheckpoint, CheckpointNotWrittenOnSigintIsExitTwo) {
  const fs::path dir = fresh_dir("sigint-unwritable");
  RunSpec spec;
  spec.argv = {npuzzle_binary(),
               "solve",
               "--quiet",
               "--algo",
               "ida",
               "--heuristic",
               "md",
               "--checkpoint",
               (dir / "c").string(),
               korf(13).tiles};
  spec.file_size_limit = 100;  // a checkpoint before the first iteration is about 300 bytes
  spec.stdout_to = "/dev/null";
  spec.pending_signal = SIGINT;
  const RunResult run = run_program(spec);
  EXPECT_EQ(run.exit_code, 2) << run.describe() << run.err;
  EXPECT_TRUE(contains(run.err, "cannot write checkpoint")) << run.err;
  EXPECT_TRUE(files_in(dir).empty()) << joined(files_in(dir));
  record_fault(
      "checkpoint",
      "SIGINT stops a search whose checkpoint cannot be written (100-byte file size limit)",
      run.describe() + "; `" + line_with(run.err, "cannot write checkpoint") +
          "`; files left: " + joined(files_in(dir)));
}

// The temporary files of a run killed while writing its checkpoint: an old one is removed by the
// next run with that checkpoint, one just written (a run that may still be writing) is kept.
TEST_F(FaultCheckpoint, StaleTemporaryFilesOfAKilledRunAreRemoved) {
  const fs::path dir = fresh_dir("stale");
  const fs::path old_one = dir / "search.ckpt.tmp.Ab12Cd";
  const fs::path recent = dir / "search.ckpt.tmp.Ef34Gh";
  const fs::path other = dir / "other.ckpt.tmp.Ij56Kl";
  for (const fs::path& p : {old_one, recent, other}) write_text(p, "npuzzle-checkpoint 2\n");
  const auto hour_ago = fs::file_time_type::clock::now() - std::chrono::hours(1);
  fs::last_write_time(old_one, hour_ago);
  fs::last_write_time(other, hour_ago);
  const RunResult run =
      run_npuzzle({"solve", "--algo", "ida", "--heuristic", "md", "--node-limit", "1000",
                   "--checkpoint", (dir / "search.ckpt").string(), korf(13).tiles});
  EXPECT_EQ(run.exit_code, 4) << run.describe() << run.err;
  EXPECT_FALSE(fs::exists(old_one));
  EXPECT_TRUE(fs::exists(recent));
  EXPECT_TRUE(fs::exists(other));
  record_fault("checkpoint",
               "temporary files beside the checkpoint: one of it an hour old, one of it just "
               "written, one of another file an hour old; then a run with `--checkpoint`",
               run.describe() + "; files left: " + joined(files_in(dir)));
}

// `text` (a checkpoint) with its bound forged to `bound`: the next bound, the frontier and its done
// and cut-short subtrees cleared to fit, the checksum recomputed, and the signature left as it was
// (now wrong) or replaced by "none".
std::string forged_bound(std::string text, const std::string& bound, bool keep_signature) {
  const auto edit = [&](const std::string& key, const std::string& value) {
    text = edited_and_signed(text, key + " " + field(text, key) + "\n",
                             value.empty() ? "" : key + " " + value + "\n");
  };
  edit("bound", bound);
  edit("next-bound", "none");
  edit("subtrees", "0");
  edit("done", "-");
  while (!field(text, "partial").empty()) edit("partial", "");
  if (!keep_signature) edit("signature", "none");
  return text;
}

// Korf #1 (57 moves) stopped by a node limit; its checkpoint forged to bound 59 (checksum
// recomputed; the signature wrong, or "none"). A resume stopped by a node limit rewrites the file;
// the resume after it must still not believe the bound: the doubt travels with the search, so the
// 59-move solution it finds is not called optimal.
TEST_F(FaultCheckpoint, ForgedBoundIsNotLaunderedByAnInterruptedResume) {
  std::string observed;
  for (const bool keep_signature : {true, false}) {
    SCOPED_TRACE(keep_signature ? "signature left wrong" : "signature none");
    const std::string path =
        (fresh_dir(keep_signature ? "laundered-wrong" : "laundered-none") / "f.ckpt").string();
    const RunResult first =
        run_npuzzle({"solve", "--algo", "ida", "--heuristic", "md", "--node-limit", "30000",
                     "--checkpoint", path, korf(1).tiles});
    ASSERT_EQ(first.exit_code, 4) << first.describe() << first.err;
    write_text(path, forged_bound(read_text(path), "59", keep_signature));
    const RunResult stopped = run_npuzzle({"solve", "--resume", path, "--node-limit", "30000"});
    ASSERT_EQ(stopped.exit_code, 4) << stopped.describe() << stopped.err;
    EXPECT_TRUE(contains(stopped.err, "does not carry this user's signature")) << stopped.err;
    const std::string rewritten = read_text(path);
    EXPECT_EQ(field(rewritten, "bound"), "59") << rewritten;
    EXPECT_EQ(field(rewritten, "signature"), "none") << rewritten;
    const RunResult resumed = run_npuzzle({"solve", "--resume", path, "--output", "json"});
    ASSERT_EQ(resumed.exit_code, 0) << resumed.describe() << resumed.err;
    const nlohmann::json result = nlohmann::json::parse(resumed.out);
    EXPECT_GE(result.value("length", 0), korf(1).length) << result;
    EXPECT_FALSE(result.value("optimal", true)) << result;
    EXPECT_TRUE(contains(resumed.err, "not claimed optimal")) << resumed.err;
    observed += std::string(observed.empty() ? "" : "; ") +
                (keep_signature ? "signature left wrong" : "signature none") +
                ": the stopped resume rewrote it with `signature " + field(rewritten, "signature") +
                "`; the next resume: " + resumed.describe() + ", " +
                std::to_string(result.value("length", 0)) +
                " moves, `\"optimal\": " + (result.value("optimal", true) ? "true" : "false") + "`";
  }
  record_fault("checkpoint",
               "Korf #1 (57 moves): checkpoint forged to bound 59 and its checksum recomputed, "
               "resumed and stopped again by `--node-limit 30000`, then resumed to the end",
               observed);
}

// "nobody (uid 65534)": how the refusal names the owner of a file.
std::string user_called(uid_t uid) {
  const passwd* user = ::getpwuid(uid);
  const std::string id = "uid " + std::to_string(uid);
  return user ? std::string(user->pw_name) + " (" + id + ")" : id;
}

// A checkpoint written by another user (its own key: another state directory), then owned by uid
// 65534: refused with exit code 2 naming the owner; with --trust-other-user it is resumed, but its
// bound is not believed (it does not carry this user's signature). The tests run as root in CI;
// elsewhere the file cannot be given away and the test is skipped.
TEST_F(FaultCheckpoint, CheckpointOfAnotherUserIsRefusedUnlessTrusted) {
  const fs::path dir = fresh_dir("other-user");
  const std::string path = (dir / "theirs.ckpt").string();
  RunSpec spec;
  spec.argv = {npuzzle_binary(), "solve", "--algo",           "ida", "--heuristic", "md",
               "--checkpoint",   path,    "0 7 4 2 5 1 6 8 3"};
  spec.env = {{"XDG_STATE_HOME", (dir / "their-state").string()}};
  spec.pending_signal = SIGINT;
  const RunResult first = run_program(spec);
  ASSERT_EQ(first.exit_code, 4) << first.describe() << first.err;
  if (::chown(path.c_str(), 65534, 65534) != 0) {
    if (errno == EPERM) GTEST_SKIP() << "not root: the checkpoint cannot be given to uid 65534";
    FAIL() << "chown " << path << ": " << std::strerror(errno);
  }
  const RunResult refused = expect_refused_at(path, "belongs to another user");
  EXPECT_TRUE(contains(refused.err, user_called(65534))) << refused.err;
  EXPECT_TRUE(contains(refused.err, "--trust-other-user")) << refused.err;
  EXPECT_TRUE(refused.out.empty()) << refused.out;
  const RunResult trusted =
      run_npuzzle({"solve", "--resume", path, "--trust-other-user", "--output", "json"});
  ASSERT_EQ(trusted.exit_code, 0) << trusted.describe() << trusted.err;
  const nlohmann::json result = nlohmann::json::parse(trusted.out);
  EXPECT_EQ(result.value("length", 0), 24) << result;
  EXPECT_FALSE(result.value("optimal", true)) << result;
  EXPECT_TRUE(contains(trusted.err, "does not carry this user's signature")) << trusted.err;
  const RunResult without_resume =
      run_npuzzle({"solve", "--trust-other-user", "0 7 4 2 5 1 6 8 3"});
  EXPECT_EQ(without_resume.exit_code, 1) << without_resume.err;
  record_fault("checkpoint",
               "`--resume` of a checkpoint owned by uid 65534 (written under another key), "
               "without and with `--trust-other-user`",
               refused.describe() + "; `" + first_line(refused.err) +
                   "`; with the flag: " + trusted.describe() +
                   ", `\"optimal\": " + (result.value("optimal", true) ? "true" : "false") + "`");
}

// The key that signs checkpoints damaged, unreadable (a directory in its place), impossible to make
// (a file where its directory should be), or nowhere to keep it (no HOME, no XDG_STATE_HOME): the
// checkpoint is written unsigned, and a warning says so, why, and where the key is; resuming it
// says why it cannot be believed.
TEST_F(FaultCheckpoint, CheckpointWrittenWithoutAKeySaysWhyAndWhereTheKeyIs) {
  const fs::path dir = fresh_dir("no-key");
  struct KeyFault {
    std::string name;
    std::string expected;  // the reason, in the warning
  };
  const std::vector<KeyFault> faults = {
      {"damaged", "is not a key"},
      {"unreadable", "cannot be read: Is a directory"},
      {"unmakeable", "cannot be made"},
      {"homeless", "neither HOME nor an absolute XDG_STATE_HOME"}};
  fs::create_directories(dir / "damaged" / "npuzzle");
  write_text(dir / "damaged" / "npuzzle" / "checkpoint-key", "not a key\n");
  fs::create_directories(dir / "unreadable" / "npuzzle" / "checkpoint-key");
  fs::create_directories(dir / "unmakeable");
  write_text(dir / "unmakeable" / "npuzzle", "a file where the key's directory should be\n");
  std::string observed;
  for (const KeyFault& fault : faults) {
    SCOPED_TRACE(fault.name);
    const std::string key = (dir / fault.name / "npuzzle" / "checkpoint-key").string();
    const std::string path = (dir / (fault.name + ".ckpt")).string();
    RunSpec spec;
    if (fault.name == "homeless") {
      spec.unset_env = {"XDG_STATE_HOME", "HOME"};
    } else {
      spec.env = {{"XDG_STATE_HOME", (dir / fault.name).string()}};
    }
    spec.argv = {npuzzle_binary(), "solve", "--algo",           "ida", "--heuristic", "md",
                 "--checkpoint",   path,    "0 7 4 2 5 1 6 8 3"};
    spec.pending_signal = SIGINT;
    const RunResult written = run_program(spec);
    ASSERT_EQ(written.exit_code, 4) << written.describe() << written.err;
    EXPECT_EQ(field(read_text(path), "signature"), "none");
    const std::string warning = line_with(written.err, "is written unsigned");
    EXPECT_TRUE(contains(warning, "npuzzle: warning: checkpoint '" + path + "'")) << written.err;
    EXPECT_TRUE(contains(warning, fault.expected)) << written.err;
    if (fault.name != "homeless") {
      EXPECT_TRUE(contains(warning, key)) << written.err;
    }
    spec.argv = {npuzzle_binary(), "solve", "--resume", path, "--output", "json"};
    spec.pending_signal = 0;
    const RunResult resumed = run_program(spec);
    ASSERT_EQ(resumed.exit_code, 0) << resumed.describe() << resumed.err;
    EXPECT_FALSE(nlohmann::json::parse(resumed.out).value("optimal", true)) << resumed.out;
    EXPECT_TRUE(contains(line_with(resumed.err, "cannot be vouched for"), fault.expected))
        << resumed.err;
    const std::size_t reason = warning.find("): ");
    observed +=
        (observed.empty() ? "" : "; ") + fault.name + ": " +
        (reason == std::string::npos ? "no warning"
                                     : "written unsigned, `" + warning.substr(reason + 3) + "`");
  }
  record_fault("checkpoint",
               "`--checkpoint` with the signing key damaged, a directory in its place, its "
               "directory impossible to make, and with neither HOME nor XDG_STATE_HOME set",
               observed);
}

// A checkpoint naming a heuristic its board cannot have (walking distance on 5x5; a partition with
// a tile the 3x3 board lacks), checksum recomputed: a bad file (exit code 2, naming the
// checkpoint), not a bad --heuristic option (exit code 1).
TEST_F(FaultCheckpoint, HeuristicItsBoardCannotHaveIsABadFile) {
  std::string observed;
  const std::pair<const char*, const char*> cases[] = {
      {"1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24", "wd"},
      {"1 0 2 3 4 5 6 7 8", "pdb:1,2,3/4,5,30"}};
  for (const auto& [board, heuristic] : cases) {
    SCOPED_TRACE(heuristic);
    const std::string path = (fresh_dir("heuristic-source") / "search.ckpt").string();
    RunSpec spec;
    spec.argv = {npuzzle_binary(), "solve", "--algo", "ida", "--heuristic", "md",
                 "--checkpoint",   path,    board};
    spec.pending_signal = SIGINT;
    const RunResult first = run_program(spec);
    ASSERT_EQ(first.exit_code, 4) << first.describe() << first.err;
    const RunResult run =
        expect_refused("heuristic",
                       edited_and_signed(read_text(path), "heuristic md\n",
                                         "heuristic " + std::string(heuristic) + "\n"),
                       "inconsistent: heuristic " + std::string(heuristic));
    EXPECT_TRUE(contains(run.err, "checkpoint '")) << run.err;
    EXPECT_FALSE(contains(run.err, "--heuristic")) << run.err;
    observed += (observed.empty() ? "" : "; ") + run.describe() + ", `" + first_line(run.err) + "`";
  }
  record_fault("checkpoint",
               "`--resume` of a 5x5 checkpoint edited to heuristic wd, and of a 3x3 one edited to "
               "pdb:1,2,3/4,5,30 (checksums recomputed)",
               observed);
}

TEST_F(FaultCheckpoint, AlgorithmsWithoutCheckpointsRefuseTheOptions) {
  const std::string board = korf(13).tiles;
  const RunResult astar = run_npuzzle({"solve", "--algo", "astar", "--heuristic", "md",
                                       "--checkpoint", (scratch_dir() / "a").string(), board});
  EXPECT_EQ(astar.exit_code, 1) << astar.err;
  EXPECT_TRUE(contains(astar.err, "--checkpoint applies to ida, pida")) << astar.err;
  const RunResult every = run_npuzzle({"solve", "--checkpoint-every", "5", board});
  EXPECT_EQ(every.exit_code, 1) << every.err;
  const RunResult with_board =
      run_npuzzle({"solve", "--resume", (scratch_dir() / "a").string(), board});
  EXPECT_EQ(with_board.exit_code, 1) << with_board.err;
  EXPECT_TRUE(contains(with_board.err, "takes no BOARD")) << with_board.err;
  record_fault("checkpoint", "`--checkpoint` with `--algo astar`; `--resume` with a board",
               astar.describe() + "; `" + first_line(astar.err) + "`; " + with_board.describe());
}

}  // namespace
}  // namespace npuzzle::fault
