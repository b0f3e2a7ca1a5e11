// Fault tests: pattern-database files under fault, through the built `pdbgen` and `npuzzle`.
//   - a build killed with SIGKILL mid-way leaves no final file, and the next build succeeds;
//   - a build interrupted with SIGINT exits 4 and leaves no file at all;
//   - a write that fails on a file size limit (RLIMIT_FSIZE, as `ulimit -f` sets; SIGXFSZ ignored)
//     is reported (exit 2) and leaves nothing behind;
//   - a truncated, flipped-byte, over-long or wrong database given to `npuzzle solve --heuristic
//     pdb --pdb-dir DIR` ends with exit 2 and a message naming the file;
//   - a database renamed over, or touched, while a batch is solving does not disturb that batch:
//     every answer has the board's distance (a breadth-first search over every 3x3 state,
//     tests/support/oracle.hpp) and its moves reach the goal.
// The databases are small: the exact (full) 3x3 table (about 0.2 MB) and a 5-tile 4x4 pattern.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/oracle.hpp"
#include "tests/tools/fault_support.hpp"

namespace npuzzle::fault {
namespace {

// The files in `dir` (names only, sorted).
std::vector<fs::path> databases_in(const fs::path& dir) {
  std::vector<fs::path> found;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() == ".pdb") found.push_back(entry.path());
  }
  std::sort(found.begin(), found.end());
  return found;
}

RunResult pdbgen(std::vector<std::string> args) {
  RunSpec spec;
  spec.argv = {pdbgen_binary()};
  spec.argv.insert(spec.argv.end(), args.begin(), args.end());
  spec.timeout_seconds = 300;
  return run_program(spec);
}

// Builds the exact 3x3 database (goal blank-first or blank-last) into `dir`; returns its path.
fs::path build_full_3x3(const fs::path& dir, const std::string& goal = "blank-first") {
  const RunResult run = pdbgen(
      {"build", "--size", "3x3", "--partition", "full", "--goal", goal, "--dir", dir.string()});
  EXPECT_EQ(run.exit_code, 0) << run.describe() << "\n" << run.err;
  const auto found = databases_in(dir);
  EXPECT_EQ(found.size(), 1u) << joined(files_in(dir));
  return found.empty() ? fs::path() : found.front();
}

TEST(FaultPdb, BuildKilledMidWayLeavesNoFinalFileAndTheNextBuildSucceeds) {
  NPUZZLE_REQUIRE_BINARY(pdbgen_binary());
  const fs::path dir = fresh_dir("killed_build");
  const std::vector<std::string> build = {pdbgen_binary(), "build",       "--size",    "4x4",
                                          "--partition",   "1,2,3,4,5,6", "--threads", "1",
                                          "--dir",         dir.string()};
  RunSpec spec;
  spec.argv = build;
  spec.trigger = "building";
  spec.delay_seconds = 0.2;
  spec.signal_number = SIGKILL;
  spec.timeout_seconds = 300;
  const RunResult killed = run_program(spec);
  ASSERT_TRUE(killed.triggered) << killed.describe() << "\n" << killed.err;
  ASSERT_EQ(killed.term_signal, SIGKILL)
      << "the build ended before the kill: " << killed.describe();
  EXPECT_TRUE(databases_in(dir).empty()) << joined(files_in(dir));
  const std::string left = joined(files_in(dir));

  const RunResult again = pdbgen(std::vector<std::string>(build.begin() + 1, build.end()));
  EXPECT_EQ(again.exit_code, 0) << again.describe() << "\n" << again.err;
  const auto found = databases_in(dir);
  ASSERT_EQ(found.size(), 1u) << joined(files_in(dir));
  const RunResult verify = pdbgen({"verify", found.front().string()});
  EXPECT_EQ(verify.exit_code, 0) << verify.out << verify.err;
  record_fault("database", "`pdbgen build` killed with SIGKILL 0.2 s into the build",
               "no final file (left in the directory: " + left + "); the next build: " +
                   again.describe() + ", `pdbgen verify`: " + verify.describe());
}

TEST(FaultPdb, BuildInterruptedBySigintExitsFourAndLeavesNoTable) {
  NPUZZLE_REQUIRE_BINARY(pdbgen_binary());
  const fs::path dir = fresh_dir("interrupted_build");
  RunSpec spec;
  spec.argv = {pdbgen_binary(), "build",     "--size", "4x4",   "--partition",
               "1,2,3,4,5,6",   "--threads", "1",      "--dir", dir.string()};
  spec.trigger = "building";
  spec.delay_seconds = 0.2;
  spec.signal_number = SIGINT;
  spec.timeout_seconds = 300;
  const RunResult run = run_program(spec);
  ASSERT_TRUE(run.triggered) << run.describe() << "\n" << run.err;
  ASSERT_TRUE(run.exited()) << run.describe() << "\n" << run.err;
  EXPECT_EQ(run.exit_code, 4) << run.err;
  // No table; the search so far is saved for the next build (tests/tools/pdbgen_resume_test.cpp).
  EXPECT_TRUE(databases_in(dir).empty()) << joined(files_in(dir));
  for (const auto& name : files_in(dir)) {
    EXPECT_TRUE(name.ends_with(".pdb.partial")) << name;
  }
  record_fault("database", "`pdbgen build` interrupted with SIGINT",
               run.describe() + ", files left: " + joined(files_in(dir)) + "; `" +
                   first_line(line_with(run.err, "pdbgen:")) + "`");
}

TEST(FaultPdb, WriteFailureOnAFileSizeLimitIsReportedAndLeavesNothing) {
  NPUZZLE_REQUIRE_BINARY(pdbgen_binary());
  const fs::path dir = fresh_dir("fsize_limit");
  RunSpec spec;
  spec.argv = {pdbgen_binary(), "build", "--size", "3x3",
               "--partition",   "full",  "--dir",  dir.string()};
  spec.file_size_limit = 64 * 1024;  // the table is about 180 KiB
  spec.timeout_seconds = 300;
  const RunResult run = run_program(spec);
  ASSERT_TRUE(run.exited()) << run.describe() << "\n" << run.err;
  EXPECT_EQ(run.exit_code, 2) << run.err;
  const std::string message = line_with(run.err, "pdbgen:");
  EXPECT_FALSE(message.empty()) << run.err;
  EXPECT_TRUE(files_in(dir).empty()) << joined(files_in(dir));
  record_fault("database", "`pdbgen build` with a 64 KiB file size limit (`ulimit -f 64`)",
               run.describe() + ", files left: " + joined(files_in(dir)) + "; `" + message + "`");
}

const char* const kBoard3x3 = "8 6 7 2 5 4 3 0 1";

// Runs `npuzzle solve --output OUTPUT --heuristic H [--pdb-dir DIR]` on a 3x3 board.
RunResult solve_3x3(const std::string& heuristic, const fs::path& dir = {},
                    const std::string& output = "json") {
  RunSpec spec;
  spec.argv = {npuzzle_binary(), "solve", "--output", output, "--heuristic", heuristic};
  if (!dir.empty()) spec.argv.insert(spec.argv.end(), {"--pdb-dir", dir.string()});
  spec.argv.push_back(kBoard3x3);
  spec.timeout_seconds = 120;
  return run_program(spec);
}

// The front end offers --heuristic pdb, and with the good database in `dir` finds the same length
// as Manhattan distance does.
// The intact table solves the 3x3 board with the length Manhattan distance's IDA* finds.
void expect_pdb_solves(const fs::path& dir) {
  const RunResult run = solve_3x3("pdb", dir);
  ASSERT_EQ(run.exit_code, 0) << run.describe() << "\n" << run.out << run.err;
  const RunResult md = solve_3x3("md");
  ASSERT_EQ(md.exit_code, 0) << md.err;
  EXPECT_EQ(nlohmann::json::parse(run.out)["length"], nlohmann::json::parse(md.out)["length"]);
}

enum class Damage {
  TruncatedHalf,
  HeaderOnly,
  TenBytes,
  Empty,
  FlippedPayload,
  FlippedHeader,
  Appended,
  OtherGoal
};

struct DamageCase {
  Damage damage;
  std::string name;
  std::string description;
};

void PrintTo(const DamageCase& c, std::ostream* os) { *os << c.name; }

class FaultPdbDamaged : public ::testing::TestWithParam<DamageCase> {};

TEST_P(FaultPdbDamaged, SolveExitsTwoNamingTheFile) {
  NPUZZLE_REQUIRE_BINARY(pdbgen_binary());
  NPUZZLE_REQUIRE_BINARY(npuzzle_binary());
  const DamageCase& c = GetParam();
  const fs::path dir = fresh_dir("damaged_" + c.name);
  const fs::path table = build_full_3x3(dir);
  ASSERT_FALSE(table.empty());
  expect_pdb_solves(dir);
  if (HasFatalFailure()) return;

  const auto size = fs::file_size(table);
  std::string bytes = read_text(table);
  switch (c.damage) {
    case Damage::TruncatedHalf:
      fs::resize_file(table, size / 2);
      break;
    case Damage::HeaderOnly:
      fs::resize_file(table, 4096);
      break;
    case Damage::TenBytes:
      fs::resize_file(table, 10);
      break;
    case Damage::Empty:
      fs::resize_file(table, 0);
      break;
    case Damage::FlippedPayload:
      bytes[bytes.size() - 1000] = static_cast<char>(bytes[bytes.size() - 1000] ^ 0x10);
      write_text(table, bytes);
      break;
    case Damage::FlippedHeader:
      bytes[20] = static_cast<char>(bytes[20] ^ 0x01);
      write_text(table, bytes);
      break;
    case Damage::Appended:
      write_text(table, bytes + std::string(4096, '\0'));
      break;
    case Damage::OtherGoal: {
      const fs::path other = build_full_3x3(fresh_dir("damaged_other_goal"), "blank-last");
      ASSERT_FALSE(other.empty());
      fs::rename(other, table);
      break;
    }
  }
  const RunResult run = solve_3x3("pdb", dir, "text");
  ASSERT_TRUE(run.exited()) << run.describe() << "\n" << run.err;
  EXPECT_EQ(run.exit_code, 2) << run.out << run.err;
  const std::string name = table.filename().string();
  std::string message = line_with(run.err, name);
  EXPECT_FALSE(message.empty()) << "the message names the file:\n" << run.err << run.out;
  if (message.empty()) message = first_line(run.err);
  const auto at = message.find(dir.string());
  if (at != std::string::npos) message.replace(at, dir.string().size(), "DIR");
  record_fault("database", c.description + ", then `npuzzle solve --heuristic pdb --pdb-dir DIR`",
               run.describe() + ": `" + message + "`");
}

INSTANTIATE_TEST_SUITE_P(
    Damage, FaultPdbDamaged,
    ::testing::Values(
        DamageCase{Damage::TruncatedHalf, "TruncatedToHalf", "the 3x3 database truncated to half"},
        DamageCase{Damage::HeaderOnly, "HeaderOnly",
                   "the 3x3 database cut to its 4096-byte header"},
        DamageCase{Damage::TenBytes, "TenBytes", "the 3x3 database cut to 10 bytes"},
        DamageCase{Damage::Empty, "Empty", "the 3x3 database emptied (0 bytes)"},
        DamageCase{Damage::FlippedPayload, "FlippedPayloadByte",
                   "one bit flipped in the 3x3 database's payload"},
        DamageCase{Damage::FlippedHeader, "FlippedHeaderByte",
                   "one bit flipped in the 3x3 database's header"},
        DamageCase{Damage::Appended, "FourKiBAppended", "4 KiB appended to the 3x3 database"},
        DamageCase{Damage::OtherGoal, "OtherGoalRenamedOverIt",
                   "the blank-last database renamed to the blank-first one's name"}),
    [](const ::testing::TestParamInfo<DamageCase>& param_info) { return param_info.param.name; });

// The batch: 20,000 random 3x3 boards, one a line.
const std::vector<std::string>& batch_boards() {
  static const std::vector<std::string> boards = [] {
    RunSpec random;
    random.argv = {npuzzle_binary(), "random", "--size", "3x3", "--count", "20000", "--seed", "5"};
    random.timeout_seconds = 60;
    const RunResult run = run_program(random);
    EXPECT_EQ(run.exit_code, 0) << run.describe() << "\n" << run.err;
    std::vector<std::string> lines;
    std::istringstream in(run.out);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    EXPECT_EQ(lines.size(), 20000u);
    return lines;
  }();
  return boards;
}

// Runs the batch with the full 3x3 database of `dir` and calls `change` on the table's path once
// the first instance is reported (the database is loaded and in use).
RunResult batch_with_database_changed(const fs::path& dir, const std::string& name,
                                      const std::function<void()>& change) {
  std::string text;
  for (const std::string& board : batch_boards()) text += board + "\n";
  const std::string file = write_text(scratch_dir() / (name + "_batch.txt"), text);
  RunSpec spec;
  spec.argv = {npuzzle_binary(), "solve",      "--output", "json", "--heuristic", "pdb",
               "--pdb-dir",      dir.string(), "-f",       file};
  spec.trigger = "\"status\"";
  spec.trigger_in_stdout = true;
  spec.on_trigger = change;
  spec.timeout_seconds = 300;
  return run_program(spec);
}

// Checks a solved answer of the batch against the test's own ground truth: its length is the
// board's distance from the goal (blank first), and its moves take the board there. True when
// they do.
bool expect_optimal_answer(const nlohmann::json& answer) {
  static const oracle::Tiles goal = oracle::blank_first(9);
  static const std::vector<std::uint8_t> distance = oracle::full_distances(goal, 3, 3);
  const auto id = answer["id"].get<std::size_t>();
  if (id < 1 || id > batch_boards().size()) {
    ADD_FAILURE() << "no board of the batch has this id: " << answer;
    return false;
  }
  oracle::Tiles board;
  std::istringstream words(batch_boards()[id - 1]);
  for (int tile; words >> tile;) board.push_back(tile);
  if (board.size() != 9) {
    ADD_FAILURE() << "not a 3x3 board: " << batch_boards()[id - 1];
    return false;
  }
  const int length = answer["length"].get<int>();
  const std::string moves = answer["moves"].get<std::string>();
  const int optimum = distance[oracle::lehmer_rank(board)];
  const bool right = length == optimum && moves.size() == static_cast<std::size_t>(length) &&
                     oracle::replay_reaches(board, 3, 3, moves, goal);
  EXPECT_TRUE(right) << "board " << batch_boards()[id - 1] << " is " << optimum
                     << " moves from the goal: " << answer;
  return right;
}

// A full 3x3 database (blank first) in its own directory, proven to solve, and the blank-last one
// beside it to change it with.
class FaultPdbInUse : public ::testing::Test {
 protected:
  void SetUp() override {
    NPUZZLE_REQUIRE_BINARY(pdbgen_binary());
    NPUZZLE_REQUIRE_BINARY(npuzzle_binary());
    const std::string name = ::testing::UnitTest::GetInstance()->current_test_info()->name();
    dir = fresh_dir(name);
    table = build_full_3x3(dir);
    ASSERT_FALSE(table.empty());
    expect_pdb_solves(dir);
    if (HasFatalFailure()) return;
    other = build_full_3x3(fresh_dir(name + "_other"), "blank-last");
    ASSERT_FALSE(other.empty());
  }

  fs::path dir, table, other;
};

TEST_F(FaultPdbInUse, DatabaseReplacedOnDiskDuringABatchDoesNotDisturbIt) {
  const RunResult run =
      batch_with_database_changed(dir, "replaced", [&] { fs::rename(other, table); });
  ASSERT_TRUE(run.triggered) << "the batch ended before the file was replaced; " << run.describe();
  ASSERT_TRUE(run.exited()) << run.describe() << "\n" << run.err;
  EXPECT_EQ(run.exit_code, 0) << first_line(run.err);
  std::size_t reported = 0, solved = 0, optimal = 0, at_distance = 0;
  std::istringstream in(run.out);
  for (std::string line; std::getline(in, line);) {
    if (line.empty()) continue;
    const nlohmann::json j = nlohmann::json::parse(line);
    ++reported;
    solved += j["status"] == "solved";
    optimal += j["optimal"] == true;
    if (j["status"] == "solved") at_distance += expect_optimal_answer(j);
  }
  EXPECT_EQ(reported, 20000u);
  EXPECT_EQ(solved, 20000u);
  EXPECT_EQ(optimal, 20000u);
  record_fault("database",
               "the database renamed over (with the blank-last one) while a batch of 20,000 3x3 "
               "boards is solving with it",
               run.describe() + "; " + std::to_string(reported) + " reported, " +
                   std::to_string(solved) + " solved, " + std::to_string(optimal) +
                   " proven optimal, " + std::to_string(at_distance) +
                   " of the board's distance (the mapped file stays valid)");
}

TEST_F(FaultPdbInUse, DatabaseWrittenInPlaceDuringABatchIsReportedNotTrusted) {
  ASSERT_EQ(fs::file_size(other), fs::file_size(table));

  // Overwrites the bytes of the mapped file (as `cp other table` does): same inode, same size.
  const RunResult run = batch_with_database_changed(dir, "in_place", [&] {
    std::ifstream from(other, std::ios::binary);
    std::fstream to(table, std::ios::binary | std::ios::in | std::ios::out);
    to << from.rdbuf();
  });
  ASSERT_TRUE(run.triggered) << "the batch ended before the file was changed; " << run.describe();
  ASSERT_TRUE(run.exited()) << run.describe() << "\n" << run.err;
  EXPECT_EQ(run.exit_code, 2) << first_line(run.err);
  std::size_t reported = 0, solved = 0, at_distance = 0, refused = 0;
  std::string first_error;
  std::istringstream in(run.out);
  for (std::string line; std::getline(in, line);) {
    if (line.empty()) continue;
    const nlohmann::json j = nlohmann::json::parse(line);
    ++reported;
    if (j["status"] == "solved") {
      ++solved;
      EXPECT_EQ(refused, 0u) << "a result was trusted after the change: " << line;
      at_distance += expect_optimal_answer(j);
    } else {
      ++refused;
      const std::string error = j.value("error", "");
      EXPECT_NE(error.find("changed on disk while in use"), std::string::npos) << line;
      if (first_error.empty()) first_error = error;
    }
  }
  EXPECT_EQ(reported, 20000u);
  EXPECT_GE(solved, 1u);
  EXPECT_GE(refused, 1u);
  record_fault("database",
               "the database written over in place (same size, other contents, as by `cp`) "
               "while a batch of 20,000 3x3 boards is solving with it",
               run.describe() + "; " + std::to_string(reported) + " reported, " +
                   std::to_string(solved) + " solved before the change was seen (" +
                   std::to_string(at_distance) + " of the board's distance), " +
                   std::to_string(refused) + " refused: `" + first_error + "`");
}

TEST_F(FaultPdbInUse, DatabaseTruncatedInPlaceDuringABatchEndsWithExitTwo) {
  const RunResult run =
      batch_with_database_changed(dir, "truncated_in_use", [&] { fs::resize_file(table, 4096); });
  ASSERT_TRUE(run.triggered) << "the batch ended before the file was cut; " << run.describe();
  ASSERT_TRUE(run.exited()) << run.describe() << "\n" << run.err;
  EXPECT_EQ(run.exit_code, 2) << first_line(run.err);
  const std::string all = run.err + run.out;
  const bool named = all.find("truncated on disk while in use") != std::string::npos ||
                     all.find("changed on disk while in use") != std::string::npos;
  EXPECT_TRUE(named) << run.err;
  std::string message = line_with(run.err, "on disk while in use");
  if (message.empty()) message = line_with(run.out, "on disk while in use");
  if (message.size() > 160) message = message.substr(0, 157) + "...";
  record_fault("database",
               "the database truncated in place to its header while a batch of 20,000 3x3 boards "
               "is solving with it",
               run.describe() + ": `" + message + "`");
}

TEST_F(FaultPdbInUse, DatabaseTouchedDuringABatchIsNoChange) {
  // `touch`: a new modification time, the same bytes; the contents decide, not the time.
  const RunResult run = batch_with_database_changed(
      dir, "touched", [&] { fs::last_write_time(table, fs::file_time_type::clock::now()); });
  ASSERT_TRUE(run.triggered) << "the batch ended before the file was touched; " << run.describe();
  ASSERT_TRUE(run.exited()) << run.describe() << "\n" << run.err;
  EXPECT_EQ(run.exit_code, 0) << first_line(run.err);
  std::size_t reported = 0, solved = 0, optimal = 0, at_distance = 0;
  std::istringstream in(run.out);
  for (std::string line; std::getline(in, line);) {
    if (line.empty()) continue;
    const nlohmann::json j = nlohmann::json::parse(line);
    ++reported;
    solved += j["status"] == "solved";
    optimal += j["optimal"] == true;
    if (j["status"] == "solved") at_distance += expect_optimal_answer(j);
  }
  EXPECT_EQ(reported, 20000u);
  EXPECT_EQ(solved, 20000u);
  EXPECT_EQ(optimal, 20000u);
  record_fault("database",
               "the database touched (`touch`: new modification time, same bytes) while a batch "
               "of 20,000 3x3 boards is solving with it",
               run.describe() + "; " + std::to_string(reported) + " reported, " +
                   std::to_string(solved) + " solved, " + std::to_string(optimal) +
                   " proven optimal, " + std::to_string(at_distance) +
                   " of the board's distance (the contents were checked: unchanged)");
}

}  // namespace
}  // namespace npuzzle::fault
