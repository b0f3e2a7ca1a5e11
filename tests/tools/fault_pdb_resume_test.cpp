// Fault tests: the resume file (FILE.partial) an interrupted `pdbgen build` leaves, attacked.
//   - its saved depth edited (the header once had no checksum): set aside, the table built from the
//     beginning and right (pdbgen verify, Korf #14 at its optimum);
//   - the depth edited and both checksums recomputed, higher or lower: the table built from it
//   fails
//     the check made before it is written (or the search's own), the file is set aside by name and
//     the table built from the beginning; never a wrong table, never a stuck build;
//   - a write of the table that fails (a file size limit): the saved build is kept;
//   - a FIFO at FILE.partial: no hang, set aside;
//   - a temporary of a save killed midway: removed by the next build;
//   - a resume file another user owns: refused naming the owner, resumed (and verified) with
//     --trust-other-user; --force starts over; one beside a finished table is removed.
// The saved builds are made in this process (the library's build stopped by its progress callback
// at a chosen distance), so where each run stands is the same every time.
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <atomic>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "heuristics/pdb/build.hpp"
#include "heuristics/pdb/file.hpp"
#include "heuristics/pdb/resume.hpp"
#include "tests/support/korf.hpp"
#include "tests/tools/cli_support.hpp"
#include "tests/tools/fault_support.hpp"

namespace npuzzle::fault {
namespace {

constexpr const char* kResumeTable = "4x4-blank-first-1-2-3-4-5-6.pdb";
constexpr int kResumeDepthOffset = 96;  // ResumePoint::depth in the version-2 header
constexpr std::size_t kResumeHeaderBytes = 160;

pdb::BuildSpec resume_spec() {
  return {4, 4, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, {1, 2, 3, 4, 5, 6}};
}

// Saves the build of resume_spec() stopped after distance `stop_depth` to dir/kResumeTable.partial.
fs::path saved_build(const fs::path& dir, int stop_depth) {
  std::atomic<bool> stop{false};
  pdb::BuildOptions options;
  options.threads = 1;
  options.stop = &stop;
  options.resume_file = pdb::resume_file_for(dir / kResumeTable);
  options.progress = [&](const pdb::BuildProgress& p) {
    if (p.depth >= stop_depth) stop.store(true);
  };
  try {
    pdb::build_table(resume_spec(), options);
    ADD_FAILURE() << "the build was not stopped";
  } catch (const pdb::PdbError& e) {
    EXPECT_EQ(e.kind(), pdb::ErrorKind::Interrupted) << e.what();
  }
  EXPECT_TRUE(fs::exists(options.resume_file));
  return options.resume_file;
}

std::int32_t saved_depth(const fs::path& partial) {
  std::ifstream in(partial, std::ios::binary);
  in.seekg(kResumeDepthOffset);
  std::int32_t depth = 0;
  in.read(reinterpret_cast<char*>(&depth), sizeof depth);
  return depth;
}

// Adds `delta` to the saved depth in place, as a hex editor would (the checksums left as they are).
void edit_depth(const fs::path& partial, int delta) {
  std::fstream file(partial, std::ios::binary | std::ios::in | std::ios::out);
  std::int32_t depth = saved_depth(partial) + delta;
  file.seekp(kResumeDepthOffset);
  file.write(reinterpret_cast<const char*>(&depth), sizeof depth);
}

// Rewrites the saved build with its depth moved by `delta` and both checksums recomputed: what a
// forger who knows the format writes.
void forge_depth(const fs::path& partial, int delta) {
  const std::string bytes = read_text(partial);
  ASSERT_GT(bytes.size(), kResumeHeaderBytes);
  pdb::ResumePoint point;
  std::memcpy(&point, bytes.data() + kResumeDepthOffset, sizeof point);
  point.depth += delta;
  std::vector<std::uint8_t> body(bytes.begin() + kResumeHeaderBytes, bytes.end());
  const pdb::BuildSpec spec = resume_spec();
  ASSERT_EQ(pdb::save_resume(partial, spec, 16 * 15 * 14 * 13 * 12 * 11, point, body), "");
  ASSERT_EQ(saved_depth(partial), point.depth);
}

std::vector<std::string> build_args(const fs::path& dir) {
  return {"build",     "--size", "4x4",   "--partition", "1,2,3,4,5,6",
          "--threads", "1",      "--dir", dir.string()};
}

std::vector<fs::path> set_aside_files(const fs::path& dir) {
  std::vector<fs::path> found;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().filename().string().find(".partial.rejected-") != std::string::npos) {
      found.push_back(entry.path());
    }
  }
  return found;
}

// Korf #14 (optimum 59) solved with the table in `dir` alone: its length, or -1.
int korf14_length(const fs::path& dir) {
  const RunResult run =
      cli::run_npuzzle({"solve", "--heuristic", "pdb:1,2,3,4,5,6", "--pdb-dir", dir.string(),
                        "--output", "json", korf_data::by_id(14).text()});
  if (run.exit_code != 0) return -1;
  const auto lines = cli::json_lines(run.out);
  return lines.empty() ? -1 : lines.front().value("length", -1);
}

// `pdbgen verify` of the table in `dir`: "exit 0" when every invariant holds.
std::string verified(const fs::path& dir) {
  return cli::run_pdbgen({"verify", (dir / kResumeTable).string()}).describe();
}

TEST(FaultPdbResume, AnEditedSavedDepthIsSetAsideAndTheTableIsRight) {
  NPUZZLE_REQUIRE_BINARY(pdbgen_binary());
  NPUZZLE_REQUIRE_BINARY(npuzzle_binary());
  const fs::path dir = fresh_dir("resume_edited_depth");
  const fs::path partial = saved_build(dir, 12);
  edit_depth(partial, 2);
  const RunResult run = cli::run_pdbgen(build_args(dir));
  ASSERT_EQ(run.describe(), "exit 0") << run.err;
  EXPECT_TRUE(cli::contains(run.err, "header checksum does not hold")) << run.err;
  EXPECT_FALSE(cli::contains(run.err, "resumed the build")) << run.err;
  EXPECT_FALSE(fs::exists(partial));
  EXPECT_EQ(set_aside_files(dir).size(), 1u) << "the edited file is set aside, not deleted";
  EXPECT_EQ(verified(dir), "exit 0");
  const int length = korf14_length(dir);
  EXPECT_EQ(length, 59);
  record_fault("database",
               "a saved build (FILE.partial, 4x4 1-6 stopped at distance 12) with 2 added to its "
               "saved depth; then the same `pdbgen build`",
               run.describe() + "; `" + line_with(run.err, "did not resume") +
                   "`; pdbgen verify: " + verified(dir) + "; Korf #14 in " +
                   std::to_string(length) + " moves");
}

TEST(FaultPdbResume, ForgedChecksumsCannotMakeAWrongTableOrStickTheBuild) {
  NPUZZLE_REQUIRE_BINARY(pdbgen_binary());
  NPUZZLE_REQUIRE_BINARY(npuzzle_binary());
  std::string observed;
  for (const int delta : {2, -2}) {
    const fs::path dir = fresh_dir(delta > 0 ? "resume_forged_higher" : "resume_forged_lower");
    const fs::path partial = saved_build(dir, 12);
    forge_depth(partial, delta);
    const RunResult run = cli::run_pdbgen(build_args(dir));
    ASSERT_EQ(run.describe(), "exit 0") << run.err;
    EXPECT_TRUE(cli::contains(run.err, partial.string())) << "the message names the file\n"
                                                          << run.err;
    EXPECT_TRUE(cli::contains(run.err, "set aside as")) << run.err;
    EXPECT_FALSE(fs::exists(partial));
    EXPECT_EQ(set_aside_files(dir).size(), 1u);
    EXPECT_EQ(verified(dir), "exit 0");
    const int length = korf14_length(dir);
    EXPECT_EQ(length, 59);
    // The next build of the same table is not stuck either.
    const RunResult again = cli::run_pdbgen(build_args(dir));
    EXPECT_EQ(again.describe(), "exit 0") << again.err;
    observed += std::string(observed.empty() ? "" : "; ") + (delta > 0 ? "+2: " : "-2: ") +
                run.describe() + ", `" + line_with(run.err, "set aside as") + "`, Korf #14 in " +
                std::to_string(length) + " moves";
  }
  record_fault("database",
               "a saved build whose depth was moved by +2 or -2 with both checksums recomputed; "
               "then the same `pdbgen build`, twice",
               observed);
}

TEST(FaultPdbResume, AFailedTableWriteKeepsTheSavedBuild) {
  NPUZZLE_REQUIRE_BINARY(pdbgen_binary());
  const fs::path dir = fresh_dir("resume_write_fails");
  const fs::path partial = saved_build(dir, 12);
  const auto size_before = fs::file_size(partial);
  RunSpec spec;
  spec.argv = {pdbgen_binary()};
  for (const std::string& arg : build_args(dir)) spec.argv.push_back(arg);
  spec.file_size_limit = 1024 * 1024;  // the table (2.8 MiB) cannot be written
  spec.sigxfsz_default = true;
  const RunResult run = run_program(spec);
  ASSERT_TRUE(run.exited()) << run.describe();
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_TRUE(cli::contains(run.err, "resumed the build")) << run.err;
  EXPECT_FALSE(fs::exists(dir / kResumeTable));
  ASSERT_TRUE(fs::exists(partial)) << "the saved build was lost with the failed write";
  EXPECT_EQ(fs::file_size(partial), size_before);
  const bool kept = fs::exists(partial);
  const RunResult again = cli::run_pdbgen(build_args(dir));
  EXPECT_EQ(again.describe(), "exit 0") << again.err;
  EXPECT_TRUE(cli::contains(again.err, "resumed the build")) << again.err;
  EXPECT_FALSE(fs::exists(partial)) << "removed once the table is in place";
  record_fault("database",
               "a resumed `pdbgen build` whose table write fails (`ulimit -f 1024`); then the same "
               "command without the limit",
               run.describe() + ", `" + first_line(line_with(run.err, "pdbgen: ")) +
                   "`; FILE.partial " + (kept ? "kept" : "lost") +
                   " after the failure; the second build " + again.describe() +
                   (cli::contains(again.err, "resumed the build") ? ", resumed from it" : "") +
                   ", FILE.partial " + (fs::exists(partial) ? "left" : "removed") + " after it");
}

TEST(FaultPdbResume, AFifoAtThePartialNameDoesNotHangTheBuild) {
  NPUZZLE_REQUIRE_BINARY(pdbgen_binary());
  const fs::path dir = fresh_dir("resume_fifo");
  const fs::path partial = pdb::resume_file_for(dir / kResumeTable);
  ASSERT_EQ(::mkfifo(partial.c_str(), 0644), 0);
  RunSpec spec;
  spec.argv = {pdbgen_binary()};
  for (const std::string& arg : build_args(dir)) spec.argv.push_back(arg);
  spec.timeout_seconds = 60;
  const RunResult run = run_program(spec);
  ASSERT_TRUE(run.exited()) << run.describe();
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_TRUE(cli::contains(run.err, "a FIFO (named pipe), not a saved build")) << run.err;
  EXPECT_TRUE(fs::exists(dir / kResumeTable));
  EXPECT_EQ(set_aside_files(dir).size(), 1u);
  record_fault("database", "a FIFO at FILE.partial, no writer; then `pdbgen build`",
               run.describe() + "; `" + line_with(run.err, "FIFO") + "`");
}

TEST(FaultPdbResume, TheTemporaryOfASaveKilledMidwayIsRemoved) {
  NPUZZLE_REQUIRE_BINARY(pdbgen_binary());
  const fs::path dir = fresh_dir("resume_killed_save");
  const pid_t child = ::fork();
  if (child == 0) ::_exit(0);
  ::waitpid(child, nullptr, 0);
  const fs::path partial = pdb::resume_file_for(dir / kResumeTable);
  fs::path left = partial;
  left += ".tmp." + std::to_string(child);  // as a save killed by SIGKILL left it
  write_text(left, std::string(1 << 20, 'x'));
  make_older(left, 3600);
  const RunResult run = cli::run_pdbgen(build_args(dir));
  ASSERT_EQ(run.describe(), "exit 0") << run.err;
  EXPECT_FALSE(fs::exists(left));
  record_fault("database",
               "FILE.partial.tmp.PID (1 MiB) of a save killed midway, its pid dead, an hour old; "
               "then `pdbgen build`",
               run.describe() + "; the temporary " + (fs::exists(left) ? "kept" : "removed"));
}

TEST(FaultPdbResume, AnotherUsersSavedBuildIsRefusedUnlessTrustedAndThenVerified) {
  NPUZZLE_REQUIRE_BINARY(pdbgen_binary());
  NPUZZLE_REQUIRE_BINARY(npuzzle_binary());
  const fs::path dir = fresh_dir("resume_other_user");
  const fs::path partial = saved_build(dir, 12);
  forge_depth(partial, 2);  // their table would be wrong
  if (::chown(partial.c_str(), 65534, 65534) != 0) {
    GTEST_SKIP() << "cannot give the file to another user (not root): " << std::strerror(errno);
  }
  ::chmod(dir.c_str(), 01777);
  const RunResult refused = cli::run_pdbgen(build_args(dir));
  EXPECT_EQ(refused.describe(), "exit 2") << refused.err;
  EXPECT_TRUE(cli::contains(refused.err, "uid 65534")) << refused.err;
  EXPECT_TRUE(cli::contains(refused.err, "--trust-other-user")) << refused.err;
  EXPECT_FALSE(fs::exists(dir / kResumeTable));
  EXPECT_TRUE(fs::exists(partial));

  std::vector<std::string> trusted = build_args(dir);
  trusted.push_back("--trust-other-user");
  const RunResult run = cli::run_pdbgen(trusted);
  ASSERT_EQ(run.describe(), "exit 0") << run.err;
  EXPECT_TRUE(cli::contains(run.err, "verifying the table built from")) << run.err;
  EXPECT_TRUE(cli::contains(run.err, "fails its check")) << run.err;
  EXPECT_EQ(verified(dir), "exit 0");
  const int length = korf14_length(dir);
  EXPECT_EQ(length, 59);
  record_fault("database",
               "a saved build owned by uid 65534 in a shared (1777) directory, its depth forged "
               "with checksums recomputed; `pdbgen build`, then with --trust-other-user",
               refused.describe() + ", `" + line_with(refused.err, "belongs to").substr(0, 120) +
                   "…`; trusted: " + run.describe() + ", the built table failed its check and " +
                   "was built again; Korf #14 in " + std::to_string(length) + " moves");
}

TEST(FaultPdbResume, ForceStartsOverAndAFinishedTableTakesItsSavedBuildAway) {
  NPUZZLE_REQUIRE_BINARY(pdbgen_binary());
  const fs::path dir = fresh_dir("resume_force");
  const fs::path partial = saved_build(dir, 12);
  std::vector<std::string> force = build_args(dir);
  force.push_back("--force");
  const RunResult forced = cli::run_pdbgen(force);
  ASSERT_EQ(forced.describe(), "exit 0") << forced.err;
  EXPECT_FALSE(cli::contains(forced.err, "resumed the build")) << forced.err;
  EXPECT_EQ(set_aside_files(dir).size(), 1u);
  EXPECT_FALSE(fs::exists(partial));

  // A saved build left beside the table (a second build interrupted after the first finished).
  saved_build(dir, 8);
  const RunResult skipped = cli::run_pdbgen(build_args(dir));
  ASSERT_EQ(skipped.describe(), "exit 0") << skipped.err;
  EXPECT_TRUE(cli::contains(skipped.err, "exists; skipped")) << skipped.err;
  EXPECT_FALSE(fs::exists(partial)) << "a saved build of a table in place is stale";
  record_fault("database",
               "`pdbgen build --force` with a saved build present; then a saved build beside the "
               "finished table and `pdbgen build`",
               forced.describe() + ", `" + line_with(forced.err, "set aside") + "`; then " +
                   skipped.describe() + ", `" + line_with(skipped.err, "removed") + "`");
}

}  // namespace
}  // namespace npuzzle::fault
