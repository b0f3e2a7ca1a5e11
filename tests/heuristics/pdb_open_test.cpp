// heuristics/pdb_open: only regular files are opened (a FIFO, a directory, a loop of links are
// refused at once, never waited on), temporary names are unique per build, stale temporaries of
// dead builds are removed and live or recent ones kept; a table's file touched (new time, same
// bytes) is no change, the same file written with other bytes is; a private copy of a table is
// taken only when the load policy's copies per host of it fit in half of the memory available.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <set>
#include <string>

#include "heuristics/pdb/build.hpp"
#include "heuristics/pdb/catalogue.hpp"
#include "heuristics/pdb/file.hpp"
#include "heuristics/pdb/open.hpp"

namespace npuzzle {
namespace {

namespace fs = std::filesystem;
using pdb::ErrorKind;
using pdb::PdbError;

class PdbOpen : public ::testing::Test {
 protected:
  void SetUp() override {
    char pattern[] = "/tmp/npuzzle-pdb-open-XXXXXX";
    ASSERT_NE(::mkdtemp(pattern), nullptr);
    dir_ = pattern;
  }
  void TearDown() override { fs::remove_all(dir_); }

  // The message of the PdbError that loading `path` throws ("" when it loads).
  static std::string load_error(const fs::path& path, ErrorKind expected = ErrorKind::Database) {
    try {
      pdb::PdbTable::load(path);
    } catch (const PdbError& e) {
      EXPECT_EQ(e.kind(), expected) << e.what();
      return e.what();
    }
    return {};
  }

  // Changes the first payload byte of the database file in place (same size), and dates it
  // 50 seconds back.
  static void flip_first_payload_byte(const fs::path& path, const pdb::BuildResult& built) {
    {
      std::fstream f(path, std::ios::binary | std::ios::in | std::ios::out);
      f.seekp(static_cast<std::streamoff>(pdb::kHeaderBytes));
      const char flipped = static_cast<char>(built.payload[0] ^ 0x11);
      f.write(&flipped, 1);
      ASSERT_TRUE(f.good());
    }
    age(path, 50);
  }

  static void age(const fs::path& path, int seconds) {
    timeval times[2];
    ::gettimeofday(&times[0], nullptr);
    times[0].tv_sec -= seconds;
    times[1] = times[0];
    ASSERT_EQ(::utimes(path.c_str(), times), 0);
  }

  fs::path dir_;
};

TEST_F(PdbOpen, OnlyRegularFilesAreOpened) {
  const fs::path fifo = dir_ / "fifo.pdb";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0644), 0);
  EXPECT_NE(load_error(fifo).find("a FIFO"), std::string::npos);
  fs::create_directory(dir_ / "dir.pdb");
  EXPECT_NE(load_error(dir_ / "dir.pdb").find("a directory"), std::string::npos);
  fs::create_symlink("loop.pdb", dir_ / "loop.pdb");
  EXPECT_NE(load_error(dir_ / "loop.pdb").find("a loop of symbolic links"), std::string::npos);
  fs::create_symlink("nowhere.pdb", dir_ / "dangling.pdb");
  EXPECT_NE(load_error(dir_ / "dangling.pdb").find("a symbolic link to nothing"),
            std::string::npos);
  EXPECT_NE(load_error(dir_ / "absent.pdb", ErrorKind::Missing).find("does not exist"),
            std::string::npos);
  EXPECT_TRUE(pdb::entry_present(dir_ / "loop.pdb"));
  EXPECT_TRUE(pdb::entry_present(dir_ / "dangling.pdb"));
  EXPECT_FALSE(pdb::entry_present(dir_ / "absent.pdb"));
}

TEST_F(PdbOpen, ALinkToADatabaseIsFollowed) {
  const std::vector<int> goal = {0, 1, 2, 3, 4, 5};
  const pdb::BuildResult built = pdb::build_table({2, 3, goal, {1, 2, 3, 4, 5}});
  const fs::path real = dir_ / "real.pdb";
  pdb::write_table(real, built.meta, built.payload);
  fs::create_symlink(real, dir_ / "link.pdb");
  EXPECT_EQ(pdb::PdbTable::load(dir_ / "link.pdb")->meta().tiles, built.meta.tiles);
}

TEST_F(PdbOpen, TemporaryNamesAreUniquePerBuild) {
  const fs::path target = dir_ / "x.pdb";
  std::set<std::string> names;
  for (int i = 0; i < 100; ++i) names.insert(pdb::temporary_name(target).string());
  EXPECT_EQ(names.size(), 100u);
  const std::string prefix = target.string() + ".tmp." + std::to_string(::getpid()) + ".";
  for (const std::string& name : names) EXPECT_EQ(name.rfind(prefix, 0), 0u) << name;
}

TEST_F(PdbOpen, StaleTemporariesOfDeadBuildsOnlyAreRemoved) {
  const pid_t child = ::fork();
  if (child == 0) ::_exit(0);
  ::waitpid(child, nullptr, 0);  // its pid is now no live process
  const fs::path target = dir_ / "x.pdb";
  const std::string dead = std::to_string(child), live = std::to_string(::getpid());
  const fs::path old_dead = target.string() + ".tmp." + dead + ".0123456789abcdef";
  const fs::path old_dead_plain = target.string() + ".tmp." + dead;
  const fs::path fresh_dead = target.string() + ".tmp." + dead + ".fedcba9876543210";
  const fs::path old_live = target.string() + ".tmp." + live + ".0000000000000001";
  const fs::path other_file = dir_ / "y.pdb.tmp.1.0000000000000002";
  for (const fs::path& p : {old_dead, old_dead_plain, fresh_dead, old_live, other_file}) {
    std::ofstream(p) << "partial";
  }
  for (const fs::path& p : {old_dead, old_dead_plain, old_live, other_file}) age(p, 3600);
  EXPECT_EQ(pdb::remove_stale_temporaries(target), 2);
  EXPECT_FALSE(fs::exists(old_dead));
  EXPECT_FALSE(fs::exists(old_dead_plain));
  EXPECT_TRUE(fs::exists(fresh_dead));
  EXPECT_TRUE(fs::exists(old_live));
  EXPECT_TRUE(fs::exists(other_file));
}

TEST_F(PdbOpen, TouchIsNoChangeOtherBytesAre) {
  const std::vector<int> goal = {0, 1, 2, 3, 4, 5};
  const pdb::BuildResult built = pdb::build_table({2, 3, goal, {1, 2, 3}});
  const fs::path path = dir_ / "t.pdb";
  pdb::write_table(path, built.meta, built.payload);
  const auto table = pdb::PdbTable::load(path);
  EXPECT_FALSE(table->changed_on_disk());
  age(path, 100);  // a new modification time, the same bytes
  EXPECT_FALSE(table->changed_on_disk());
  flip_first_payload_byte(path, built);
  EXPECT_TRUE(table->changed_on_disk());
}

// Copies every payload to huge pages when it can, whatever its size.
constexpr pdb::LoadPolicy kCopyAll{.copy_from_bytes = 0};

// A table loaded with a private copy (as large tables are, onto huge pages) reads the file's
// values, and a later change of the file in place cannot reach it; with NPUZZLE_PDB_HUGE_PAGES=0
// it stays a mapping of the file.
TEST_F(PdbOpen, PrivateCopyReadsTheFileAndIgnoresLaterChanges) {
  const std::vector<int> goal = {0, 1, 2, 3, 4, 5};
  const pdb::BuildResult built = pdb::build_table({2, 3, goal, {1, 2, 3}});
  const fs::path path = dir_ / "t.pdb";
  pdb::write_table(path, built.meta, built.payload);
  ::setenv("NPUZZLE_PDB_HUGE_PAGES", "0", 1);
  EXPECT_FALSE(pdb::PdbTable::load(path, kCopyAll)->private_copy());
  ::unsetenv("NPUZZLE_PDB_HUGE_PAGES");
  EXPECT_FALSE(pdb::PdbTable::load(path)->private_copy());  // far below the size for a copy
  const auto table = pdb::PdbTable::load(path, kCopyAll);
  if (!table->private_copy()) GTEST_SKIP() << "transparent huge pages are off on this machine";
  ASSERT_EQ(table->payload().size(), built.payload.size());
  EXPECT_TRUE(std::equal(built.payload.begin(), built.payload.end(), table->payload().begin()));
  flip_first_payload_byte(path, built);
  EXPECT_FALSE(table->changed_on_disk());
  EXPECT_EQ(table->payload()[0], built.payload[0]);
}

// The memory available now (MemAvailable in /proc/meminfo), in bytes; 0 when it cannot be read.
std::uint64_t memory_available() {
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  std::uint64_t kib = 0;
  while (meminfo >> key >> kib) {
    if (key == "MemAvailable:") return kib * 1024;
    meminfo.ignore(std::numeric_limits<std::streamsize>::max(), '\n');
  }
  return 0;
}

// The copies per host of the load policy count: a table is copied only when that many copies fit
// in half of the memory available. The counts are a factor of two off the limit either way, so
// that the memory available may change meanwhile.
TEST_F(PdbOpen, APrivateCopyPerProcessOfTheHostMustFitInHalfTheMemory) {
  const std::vector<int> goal = {0, 1, 2, 3, 4, 5};
  const pdb::BuildResult built = pdb::build_table({2, 3, goal, {1, 2, 3}});
  const fs::path path = dir_ / "t.pdb";
  pdb::write_table(path, built.meta, built.payload);
  if (!pdb::PdbTable::load(path, kCopyAll)->private_copy()) {
    GTEST_SKIP() << "transparent huge pages are off on this machine";
  }
  const std::uint64_t filling_the_memory = memory_available() / built.payload.size();
  if (filling_the_memory > static_cast<std::uint64_t>(std::numeric_limits<int>::max())) {
    GTEST_SKIP() << "too much memory available for this table's copies to exceed it";
  }
  ASSERT_GE(filling_the_memory, 8u);
  pdb::LoadPolicy policy = kCopyAll;
  policy.copies_per_host = static_cast<int>(filling_the_memory / 4);  // a quarter of it
  EXPECT_TRUE(pdb::PdbTable::load(path, policy)->private_copy());
  policy.copies_per_host = static_cast<int>(filling_the_memory);  // all of it: twice the half
  EXPECT_FALSE(pdb::PdbTable::load(path, policy)->private_copy());
}

}  // namespace
}  // namespace npuzzle
