// Pattern-database files: a round trip, and every fault the loader and writer must catch with a
// clear message and exit code 2 — truncated file, a flipped payload byte (checksum), a flipped
// header byte, another format version, another board size, goal or pattern than asked for, a
// missing file (the message names the pdbgen command). Interrupted builds (the stop flag) and
// failed writes (file size limit) leave no final file and no temporary file. The pdbgen tool's
// exit codes for these cases (1 usage, 2 database, 5 memory) are checked too; SIGINT to a running
// `pdbgen build` (exit 4, nothing left) is tests/tools/fault_pdb_test.cpp's
// FaultPdb.BuildInterruptedBySigintExitsFourAndLeavesNothing.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "heuristics/pdb/build.hpp"
#include "heuristics/pdb/catalogue.hpp"
#include "heuristics/pdb/file.hpp"
#include "tests/heuristics/goal_tiles.hpp"
#include "tests/support/process.hpp"

namespace npuzzle {
namespace {

namespace fs = std::filesystem;
using pdb::ErrorKind;
using pdb::PdbError;
using pdb::PdbTable;

using testing::blank_first;

class PdbFile : public ::testing::Test {
 protected:
  void SetUp() override {
    char pattern[] = "/tmp/npuzzle-pdb-file-XXXXXX";
    ASSERT_NE(mkdtemp(pattern), nullptr);
    dir_ = pattern;
    goal_ = blank_first(16);
    tiles_ = {1, 2, 3, 4};
    built_ = pdb::build_table({4, 4, goal_, tiles_});
    path_ = pdb::table_path(dir_, 4, 4, goal_, tiles_, false);
    pdb::write_table(path_, built_.meta, built_.payload);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::vector<char> bytes() const {
    std::ifstream in(path_, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  }
  void rewrite(const std::vector<char>& data) const {
    std::ofstream out(path_, std::ios::binary | std::ios::trunc);
    out.write(data.data(), static_cast<std::streamsize>(data.size()));
  }
  // Loads path_ expecting PdbError(Database) whose message contains `needle`.
  void expect_rejected(const std::string& needle) const {
    try {
      PdbTable::load(path_);
      ADD_FAILURE() << "loaded a faulty file; expected: " << needle;
    } catch (const PdbError& e) {
      EXPECT_EQ(e.kind(), ErrorKind::Database);
      EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find(path_.string()), std::string::npos) << e.what();
    }
  }
  std::vector<fs::path> files() const {
    std::vector<fs::path> out;
    for (const auto& entry : fs::directory_iterator(dir_)) out.push_back(entry.path());
    return out;
  }

  fs::path dir_;
  fs::path path_;
  std::vector<int> goal_;
  std::vector<int> tiles_;
  pdb::BuildResult built_;
};

TEST_F(PdbFile, RoundTrip) {
  const auto table = PdbTable::load(path_);
  EXPECT_EQ(table->meta().tiles, tiles_);
  EXPECT_EQ(table->meta().goal, goal_);
  EXPECT_EQ(table->meta().entry_count, 16u * 15 * 14 * 13);
  ASSERT_EQ(table->payload().size(), built_.payload.size());
  EXPECT_TRUE(std::equal(built_.payload.begin(), built_.payload.end(), table->payload().begin()));
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(table->data()) % 4096, 0u);  // page-aligned payload
  EXPECT_TRUE(pdb::verify_table(*table).ok);
  EXPECT_EQ(fs::file_size(path_), pdb::kHeaderBytes + built_.payload.size());
  EXPECT_EQ(files().size(), 1u);  // no temporary left beside it
}

TEST_F(PdbFile, RejectsTruncated) {
  auto data = bytes();
  data.pop_back();
  rewrite(data);
  expect_rejected("truncated");
  data.resize(100);
  rewrite(data);
  expect_rejected("truncated");
}

TEST_F(PdbFile, RejectsFlippedPayloadByte) {
  auto data = bytes();
  data[pdb::kHeaderBytes + data.size() / 3 % (data.size() - pdb::kHeaderBytes)] ^= 0x10;
  rewrite(data);
  expect_rejected("checksum");
}

TEST_F(PdbFile, RejectsFlippedHeaderByte) {
  auto data = bytes();
  data[200] ^= 0x01;  // inside the goal / pattern fields
  rewrite(data);
  expect_rejected("header corrupted");
}

TEST_F(PdbFile, RejectsOtherVersionAndNonDatabase) {
  auto data = bytes();
  data[8] = 2;  // format_version, right after the 8-byte magic
  rewrite(data);
  expect_rejected("format version 2");
  data[0] = 'X';
  rewrite(data);
  expect_rejected("not a pattern database");
}

TEST_F(PdbFile, RejectsOtherSizeGoalOrPattern) {
  const auto table = PdbTable::load(path_);
  auto expect_mismatch = [&](int rows, int cols, const std::vector<int>& goal,
                             const std::vector<int>& tiles, const std::string& needle) {
    try {
      pdb::expect_matches(*table, rows, cols, goal, tiles);
      ADD_FAILURE() << "accepted a database for another " << needle;
    } catch (const PdbError& e) {
      EXPECT_EQ(e.kind(), ErrorKind::Database);
      EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
    }
  };
  EXPECT_NO_THROW(pdb::expect_matches(*table, 4, 4, goal_, tiles_));
  expect_mismatch(3, 3, blank_first(9), tiles_, "board size");
  std::vector<int> last(16);
  for (int c = 0; c < 16; ++c) last[static_cast<std::size_t>(c)] = (c + 1) % 16;
  expect_mismatch(4, 4, last, tiles_, "goal");
  expect_mismatch(4, 4, goal_, {1, 2, 3, 5}, "pattern");
  // A file renamed to another pattern's name is caught when the set is loaded.
  const pdb::Partition other{"", {{1, 2, 3, 5}}, {}, {}, {}};
  fs::rename(path_, pdb::table_path(dir_, 4, 4, goal_, {1, 2, 3, 5}, false));
  try {
    pdb::load_set(dir_, 4, 4, goal_, other);
    ADD_FAILURE() << "loaded a renamed file";
  } catch (const PdbError& e) {
    EXPECT_NE(std::string(e.what()).find("pattern"), std::string::npos) << e.what();
  }
}

TEST_F(PdbFile, MissingNamesTheCommand) {
  const pdb::Partition p{"", {{5, 6, 7}}, {}, {}, {}};
  try {
    pdb::load_set(dir_, 4, 4, goal_, p);
    ADD_FAILURE() << "loaded a missing file";
  } catch (const PdbError& e) {
    EXPECT_EQ(e.kind(), ErrorKind::Missing);
    EXPECT_NE(
        std::string(e.what()).find("pdbgen build --size 4x4 --partition 5,6,7 --goal blank-first"),
        std::string::npos)
        << e.what();
  }
}

TEST_F(PdbFile, InterruptedBuildLeavesNoFile) {
  std::atomic<bool> stop{true};
  pdb::FindOptions options;
  options.stop = &stop;
  const pdb::Partition p{"", {{5, 6, 7, 8, 9}}, {}, {}, {}};
  try {
    pdb::build_set(dir_, 4, 4, goal_, p, options);
    ADD_FAILURE() << "an interrupted build completed";
  } catch (const PdbError& e) {
    EXPECT_EQ(e.kind(), ErrorKind::Interrupted);
  }
  EXPECT_FALSE(fs::exists(pdb::table_path(dir_, 4, 4, goal_, {5, 6, 7, 8, 9}, false)));
  EXPECT_EQ(files().size(), 1u);
  // Interrupted while writing: the temporary is removed too.
  const fs::path target = dir_ / "interrupted.pdb";
  EXPECT_THROW(pdb::write_table(target, built_.meta, built_.payload, &stop), PdbError);
  EXPECT_FALSE(fs::exists(target));
  EXPECT_EQ(files().size(), 1u);
}

TEST_F(PdbFile, FailedWriteIsReportedAndCleanedUp) {
  struct rlimit old {};
  ASSERT_EQ(getrlimit(RLIMIT_FSIZE, &old), 0);
  auto* previous = std::signal(SIGXFSZ, SIG_IGN);
  struct rlimit small = old;
  small.rlim_cur = 8192;  // the header fits, the payload does not
  ASSERT_EQ(setrlimit(RLIMIT_FSIZE, &small), 0);
  const fs::path target = dir_ / "too-big.pdb";
  try {
    pdb::write_table(target, built_.meta, built_.payload);
    ADD_FAILURE() << "a write over the file size limit succeeded";
  } catch (const PdbError& e) {
    EXPECT_EQ(e.kind(), ErrorKind::Io);
    EXPECT_NE(std::string(e.what()).find("removed"), std::string::npos) << e.what();
  }
  setrlimit(RLIMIT_FSIZE, &old);
  std::signal(SIGXFSZ, previous);
  EXPECT_FALSE(fs::exists(target));
  EXPECT_EQ(files().size(), 1u);
}

// ---- the pdbgen tool --------------------------------------------------------------------------

// `pdbgen ARGS…`'s exit code; -1 when a signal ended it or it hung (killed after 120 s, failing
// the test).
int run(std::vector<std::string> args) {
  process::RunSpec spec;
  spec.argv = std::move(args);
  spec.argv.insert(spec.argv.begin(), process::pdbgen_binary());
  spec.timeout_seconds = 120;
  const process::RunResult result = process::run_program(spec);
  EXPECT_TRUE(result.exited()) << "pdbgen " << spec.argv[1] << ": " << result.describe();
  return result.exited() ? result.exit_code : -1;
}

TEST_F(PdbFile, PdbgenExitCodes) {
  NPUZZLE_REQUIRE_BINARY(process::pdbgen_binary());
  const std::string dir = dir_.string();
  EXPECT_EQ(run({"info", path_.string()}), 0);
  EXPECT_EQ(run({"verify", path_.string()}), 0);
  EXPECT_EQ(run({"build", "--size", "4x4", "--partition", "9-9", "--dir", dir}), 1);
  EXPECT_EQ(run({"build", "--size", "7x7", "--partition", "7-8", "--dir", dir}), 1);
  EXPECT_EQ(
      run({"build", "--size", "4x4", "--partition", "7-8", "--mem-limit", "100M", "--dir", dir}),
      5);
  EXPECT_EQ(files().size(), 1u);
  auto data = bytes();
  data.back() ^= 0x40;
  rewrite(data);
  EXPECT_EQ(run({"info", path_.string()}), 2);
  EXPECT_EQ(run({"verify", path_.string()}), 2);
  EXPECT_EQ(run({"info", (dir_ / "absent.pdb").string()}), 2);
}

}  // namespace
}  // namespace npuzzle
