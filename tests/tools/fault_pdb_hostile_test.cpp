// Fault tests: hostile database directories and the automatic database build under signals.
//   - a loop of symbolic links, a FIFO and a directory carrying a database's name: `npuzzle solve`,
//     `pdbgen info` and `pdbgen verify` end with exit 2 naming the file, never hang or crash;
//   - SIGTERM, SIGINT or SIGHUP during the build `npuzzle solve` starts for a missing default 4x4
//     database: exit 4 at once, no temporary file left; --time-limit covers the build too;
//   - a file size limit during that build (SIGXFSZ): the failed write is reported (exit 2), the
//     temporary file removed; with the default heuristic the solve goes on with linear conflict;
//   - no HOME (no database directory) or one that cannot be created: a default 4x4 solve falls back
//     to linear conflict with a warning;
//   - temporary files of dead builds are removed by the next build, those of live ones never.
#include <sys/stat.h>
#include <sys/time.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "tests/tools/fault_support.hpp"

namespace npuzzle::fault {
namespace {

constexpr const char* k3x3Name = "3x3-blank-first-1-2-3-4-5-6-7-8.pdb";
constexpr const char* k3x3Board = "8 6 7 2 5 4 3 0 1";
// A 4x4 board that linear conflict solves at once (12 moves).
constexpr const char* kEasy4x4 = "4 1 2 3 8 5 6 7 12 9 10 11 13 14 15 0";

std::vector<std::string> leftovers(const fs::path& dir) {
  std::vector<std::string> names;
  if (!fs::exists(dir)) return names;
  for (const auto& entry : fs::directory_iterator(dir)) {
    names.push_back(entry.path().filename().string());
  }
  return names;
}

// The first line of `text` that is a JSON object ("{}" when none).
std::string json_line(const std::string& text) {
  const std::string line = line_with(text, "{");
  return line.empty() ? "{}" : line;
}

enum class Hostile { LinkLoop, Fifo, Directory };

struct HostileCase {
  Hostile kind;
  const char* name;
  const char* described;
  const char* message;  // what the error must say
};

class FaultPdbHostile : public ::testing::TestWithParam<HostileCase> {};

TEST_P(FaultPdbHostile, EveryToolEndsWithExitTwoNamingTheFile) {
  NPUZZLE_REQUIRE_BINARY(npuzzle_binary());
  NPUZZLE_REQUIRE_BINARY(pdbgen_binary());
  const HostileCase& c = GetParam();
  const fs::path dir = fresh_dir(std::string("hostile_") + c.name);
  const fs::path table = dir / k3x3Name;
  switch (c.kind) {
    case Hostile::LinkLoop:
      fs::create_symlink(k3x3Name, table);
      break;
    case Hostile::Fifo:
      ASSERT_EQ(::mkfifo(table.c_str(), 0644), 0);
      break;
    case Hostile::Directory:
      fs::create_directory(table);
      break;
  }
  RunSpec solve;
  solve.argv = {npuzzle_binary(), "solve",      "--heuristic", "pdb",
                "--pdb-dir",      dir.string(), k3x3Board};
  solve.timeout_seconds = 20;
  const RunResult solved = run_program(solve);
  ASSERT_TRUE(solved.exited()) << solved.describe();
  EXPECT_EQ(solved.exit_code, 2) << solved.err;
  EXPECT_NE(solved.err.find(c.message), std::string::npos) << solved.err;
  EXPECT_NE(solved.err.find(k3x3Name), std::string::npos) << solved.err;
  std::string observed = "solve: " + solved.describe() + ": `" + first_line(solved.err) + "`";
  for (const char* command : {"info", "verify"}) {
    RunSpec spec;
    spec.argv = {pdbgen_binary(), command, table.string()};
    spec.timeout_seconds = 20;
    const RunResult run = run_program(spec);
    ASSERT_TRUE(run.exited()) << command << ": " << run.describe();
    EXPECT_EQ(run.exit_code, 2) << command << ": " << run.err;
    EXPECT_NE(run.err.find(c.message), std::string::npos) << run.err;
    observed += std::string("; pdbgen ") + command + ": " + run.describe();
  }
  record_fault("database",
               std::string(c.described) +
                   " named like the 3x3 database; `npuzzle solve --heuristic pdb --pdb-dir DIR`, "
                   "`pdbgen info` and `pdbgen verify` on it",
               observed);
}

INSTANTIATE_TEST_SUITE_P(
    Kinds, FaultPdbHostile,
    ::testing::Values(HostileCase{Hostile::LinkLoop, "LinkLoop",
                                  "a symbolic link to itself (`ln -s x.pdb x.pdb`)",
                                  "a loop of symbolic links"},
                      HostileCase{Hostile::Fifo, "Fifo", "a FIFO (`mkfifo`)", "a FIFO"},
                      HostileCase{Hostile::Directory, "Directory", "a directory", "a directory"}),
    [](const auto& test) { return test.param.name; });

// `npuzzle solve` with the default heuristic on a 4x4 board and an empty database directory builds
// the 6-6-3 databases first; the stop comes once the build has begun.
RunSpec default_solve_building(const fs::path& dir, std::vector<std::string> extra = {}) {
  RunSpec spec;
  spec.argv = {npuzzle_binary(), "solve", "--output", "json"};
  spec.argv.insert(spec.argv.end(), extra.begin(), extra.end());
  spec.argv.push_back(kEasy4x4);
  spec.env = {{"NPUZZLE_PDB_DIR", dir.string()}};
  spec.trigger = "building pattern database";
  spec.delay_seconds = 0.2;
  spec.timeout_seconds = 120;
  return spec;
}

class FaultAutoBuildSignal : public ::testing::TestWithParam<int> {};

TEST_P(FaultAutoBuildSignal, StopsTheBuildWithExitFourAndLeavesNoTemporaryFile) {
  NPUZZLE_REQUIRE_BINARY(npuzzle_binary());
  const int signal_number = GetParam();
  const fs::path dir = fresh_dir("auto_build_signal_" + std::to_string(signal_number));
  RunSpec spec = default_solve_building(dir);
  spec.signal_number = signal_number;
  const RunResult run = run_program(spec);
  ASSERT_TRUE(run.triggered) << "the build did not start: " << run.err;
  ASSERT_TRUE(run.exited()) << run.describe() << "\n" << run.err;
  EXPECT_EQ(run.exit_code, 4) << run.err;
  EXPECT_LT(run.seconds_after_trigger, 10.0) << "slow to stop";
  std::vector<std::string> temporaries;
  for (const std::string& name : leftovers(dir)) {
    if (name.find(".tmp") != std::string::npos) temporaries.push_back(name);
  }
  EXPECT_TRUE(temporaries.empty()) << joined(temporaries);
  char latency[64];
  std::snprintf(latency, sizeof latency, "%.2f s after the signal", run.seconds_after_trigger);
  record_fault("signals",
               std::string(strsignal(signal_number)) +
                   " during the automatic 6-6-3 build of a default 4x4 solve",
               run.describe() + ", " + latency + "; temporary files left: " + joined(temporaries) +
                   "; `" + line_with(run.err, "interrupted") + "`");
}

INSTANTIATE_TEST_SUITE_P(Signals, FaultAutoBuildSignal, ::testing::Values(SIGTERM, SIGINT, SIGHUP),
                         [](const auto& test) {
                           return test.param == SIGTERM  ? std::string("Sigterm")
                                  : test.param == SIGINT ? std::string("Sigint")
                                                         : std::string("Sighup");
                         });

TEST(FaultAutoBuild, TimeLimitCoversTheBuild) {
  NPUZZLE_REQUIRE_BINARY(npuzzle_binary());
  const fs::path dir = fresh_dir("auto_build_time_limit");
  RunSpec spec = default_solve_building(dir, {"--time-limit", "0.3"});
  spec.trigger.clear();
  const RunResult run = run_program(spec);
  ASSERT_TRUE(run.exited()) << run.describe() << "\n" << run.err;
  EXPECT_EQ(run.exit_code, 4) << run.err;
  nlohmann::json result;
  std::istringstream in(run.out);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) result = nlohmann::json::parse(line);
  }
  ASSERT_TRUE(result.is_object()) << run.out << run.err;
  EXPECT_EQ(result["status"], "limit");
  EXPECT_EQ(result["reason"], "time limit");
  std::vector<std::string> temporaries;
  for (const std::string& name : leftovers(dir)) {
    if (name.find(".tmp") != std::string::npos) temporaries.push_back(name);
  }
  EXPECT_TRUE(temporaries.empty()) << joined(temporaries);
  record_fault(
      "limits",
      "`--time-limit 0.3` on a default 4x4 solve whose 6-6-3 databases must be built first",
      run.describe() + "; status " + result["status"].get<std::string>() + " (" +
          result["reason"].get<std::string>() + "); temporary files left: " + joined(temporaries));
}

TEST(FaultAutoBuild, FileSizeLimitDuringTheBuildIsReportedAndLeavesNoTemporaryFile) {
  NPUZZLE_REQUIRE_BINARY(npuzzle_binary());
  std::string observed;
  for (const bool named : {true, false}) {
    const fs::path dir = fresh_dir(named ? "auto_build_fsize_pdb" : "auto_build_fsize_default");
    RunSpec spec = default_solve_building(
        dir, named ? std::vector<std::string>{"--heuristic", "pdb"} : std::vector<std::string>{});
    spec.trigger.clear();
    spec.file_size_limit = 64 * 1024;
    spec.sigxfsz_default = true;  // npuzzle must ignore SIGXFSZ itself
    const RunResult run = run_program(spec);
    ASSERT_TRUE(run.exited()) << run.describe() << "\n" << run.err;
    EXPECT_TRUE(leftovers(dir).empty()) << joined(leftovers(dir));
    if (named) {
      EXPECT_EQ(run.exit_code, 2) << run.err;
      const nlohmann::json result = nlohmann::json::parse(json_line(run.out));
      const std::string error = result.value("error", "");
      EXPECT_NE(error.find("File too large"), std::string::npos) << run.out;
      observed += "`--heuristic pdb`: " + run.describe() + ", error `" + error + "`";
    } else {
      EXPECT_EQ(run.exit_code, 0) << run.err;
      EXPECT_NE(run.err.find("warning"), std::string::npos) << run.err;
      observed += "; default heuristic: " + run.describe() + " with linear conflict after `" +
                  line_with(run.err, "warning").substr(0, 60) + "…`";
    }
    observed += " (files left: " + joined(leftovers(dir)) + ")";
  }
  record_fault("database",
               "a default 4x4 solve building its databases under `ulimit -f 64` (SIGXFSZ)",
               observed);
}

TEST(FaultAutoBuild, NoDatabaseDirectoryFallsBackToLinearConflict) {
  NPUZZLE_REQUIRE_BINARY(npuzzle_binary());
  const fs::path file = fs::path(write_text(fresh_dir("not_a_dir") / "file", "x"));
  std::string observed;
  for (const bool no_home : {true, false}) {
    RunSpec spec;
    spec.argv = {npuzzle_binary(), "solve", "--output", "json", kEasy4x4};
    spec.unset_env = {"NPUZZLE_PDB_DIR", "XDG_CACHE_HOME"};
    if (no_home) {
      spec.unset_env.push_back("HOME");
    } else {
      spec.env = {{"NPUZZLE_PDB_DIR", (file / "cache").string()}};  // cannot be created
    }
    const RunResult run = run_program(spec);
    ASSERT_TRUE(run.exited()) << run.describe();
    EXPECT_EQ(run.exit_code, 0) << run.err;
    EXPECT_NE(run.err.find("warning"), std::string::npos) << run.err;
    ASSERT_FALSE(run.out.empty()) << run.err;
    const nlohmann::json result = nlohmann::json::parse(json_line(run.out));
    EXPECT_EQ(result["status"], "solved");
    EXPECT_EQ(result["heuristic"], "lc");
    observed += std::string(no_home ? "no HOME: " : "; a directory that cannot be created: ") +
                run.describe() + ", heuristic " + result["heuristic"].get<std::string>() + ", `" +
                line_with(run.err, "warning") + "`";
  }
  record_fault("database",
               "a default 4x4 solve with no HOME, or a cache directory that cannot be "
               "created",
               observed);
}

TEST(FaultPdbTemporaries, StaleTemporariesOfDeadBuildsAreRemovedLiveOnesKept) {
  NPUZZLE_REQUIRE_BINARY(pdbgen_binary());
  const fs::path dir = fresh_dir("stale_temporaries");
  // A pid that is no live process: a child that has exited and been reaped.
  const pid_t child = ::fork();
  if (child == 0) ::_exit(0);
  ::waitpid(child, nullptr, 0);
  const std::string dead = std::to_string(child), live = std::to_string(::getpid());
  const fs::path old_dead = dir / (std::string(k3x3Name) + ".tmp." + dead + ".00000000deadbeef");
  const fs::path old_dead_plain = dir / (std::string(k3x3Name) + ".tmp." + dead);
  const fs::path fresh_dead = dir / (std::string(k3x3Name) + ".tmp." + dead + ".0000000000f00d00");
  const fs::path old_live = dir / (std::string(k3x3Name) + ".tmp." + live + ".00000000000a11fe");
  for (const fs::path& p : {old_dead, old_dead_plain, fresh_dead, old_live}) write_text(p, "part");
  for (const fs::path& p : {old_dead, old_dead_plain, old_live}) make_older(p, 3600);
  RunSpec build;
  build.argv = {pdbgen_binary(), "build", "--size", "3x3",
                "--partition",   "full",  "--dir",  dir.string()};
  const RunResult run = run_program(build);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_FALSE(fs::exists(old_dead));
  EXPECT_FALSE(fs::exists(old_dead_plain));
  EXPECT_TRUE(fs::exists(fresh_dead)) << "a recent temporary file may belong to a live build";
  EXPECT_TRUE(fs::exists(old_live)) << "its build is alive";
  EXPECT_TRUE(fs::exists(dir / k3x3Name));
  record_fault("database",
               "temporary files of a build in the directory: two of a dead pid an hour old, one of "
               "a dead pid just written, one of a live pid an hour old; then `pdbgen build`",
               run.describe() + "; the two old ones of the dead pid " +
                   (fs::exists(old_dead) || fs::exists(old_dead_plain) ? "kept" : "removed") +
                   ", the recent one " + (fs::exists(fresh_dead) ? "kept" : "removed") +
                   ", the live one " + (fs::exists(old_live) ? "kept" : "removed") +
                   ", the database built");
}

}  // namespace
}  // namespace npuzzle::fault
