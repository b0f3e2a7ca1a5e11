// Korf's 100 random 15-puzzle instances (bench/data/korf100.txt, goal blank first) solved by IDA*
// with the 6-6-3 databases plus their reflection: every path replays to the goal and has the known
// optimal length. The databases are built in the test set-up into a fresh temporary directory
// through the catalogue's find_or_build (the same path the solver takes on first use), then loaded
// from the files. All 100 run by default (about 10 s of search on this 2-core machine, 63 million
// expansions; the build about 10 s more). With NPUZZLE_SLOW_TESTS=1 and the 7-8 databases in
// $NPUZZLE_PDB_DIR (pdbgen build --size 4x4 --partition 7-8), the same check runs with 7-8 +
// reflection and prints the search time, expansions and generated nodes (the figures of
// bench/RESULTS.md).
#include <gtest/gtest.h>

#include <time.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/search/ida_star.hpp"
#include "heuristics/combine.hpp"
#include "heuristics/pdb/catalogue.hpp"
#include "heuristics/pdb/pattern_databases.hpp"
#include "tests/core/test_support.hpp"
#include "tests/support/korf.hpp"

namespace npuzzle {
namespace {

using B4 = Board<4, 4>;

using Instance = korf_data::Instance;

const std::vector<Instance>& korf100() { return korf_data::all(); }

class KorfPdb : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    char pattern[] = "/tmp/npuzzle-pdb-korf-XXXXXX";
    ASSERT_NE(mkdtemp(pattern), nullptr);
    dir_ = new std::filesystem::path(pattern);
    const auto goal = Goal<B4>::from_spec(GoalSpec::blank_first());
    pdb::FindOptions options;
    options.log = [](const std::string& line) { std::printf("  %s\n", line.c_str()); };
    set_ = new pdb::PdbSet(
        pdb::find_or_build(*dir_, 4, 4, testing::tiles_of(goal.state), nullptr, options));
  }
  static void TearDownTestSuite() {
    delete set_;
    std::filesystem::remove_all(*dir_);
    delete dir_;
  }
  static std::filesystem::path* dir_;
  static pdb::PdbSet* set_;
};
std::filesystem::path* KorfPdb::dir_ = nullptr;
pdb::PdbSet* KorfPdb::set_ = nullptr;

// CPU time of this thread: the search's own time even when the machine is shared.
double thread_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// Solves all of Korf's 100 with IDA* and `set` + reflection, checking every length and path.
void solve_korf100(const pdb::PdbSet& set) {
  const auto goal = Goal<B4>::from_spec(GoalSpec::blank_first());
  const std::vector<Instance> instances = korf100();
  ASSERT_EQ(instances.size(), 100u);
  // What with_pdb_heuristic gives the solver for one partition and a symmetric goal, built
  // directly so that the unit compiles IDA* for it alone.
  const PatternDatabases<B4, 2> h(goal, set, false);
  ASSERT_TRUE(h.reflected());
  EXPECT_NE(describe_heuristic(h).find("reflected"), std::string::npos);
  std::uint64_t expanded = 0, generated = 0;
  int solved = 0;
  const auto start = std::chrono::steady_clock::now();
  const double cpu_start = thread_cpu_seconds();
  for (std::size_t i = 0; i < instances.size(); ++i) {
    if (!testing::sanitized_takes(i)) continue;
    const Instance& inst = instances[i];
    const State<B4> s = testing::state_from<B4>(inst.tiles);
    const SearchResult result = ida_star(h, goal, s, Limits{});
    ASSERT_EQ(result.status, Status::Solved) << "instance " << inst.id;
    EXPECT_EQ(static_cast<int>(result.path.size()), inst.length) << "instance " << inst.id;
    EXPECT_TRUE(testing::replays_to(s, result.path, goal.state)) << "instance " << inst.id;
    EXPECT_LE(h.estimate(h.init(s)), inst.length) << "instance " << inst.id;
    expanded += result.stats.expanded;
    generated += result.stats.generated;
    ++solved;
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("  %s: %d instances, %llu expanded, %llu generated, %.2f s wall, %.2f s CPU\n",
              describe_heuristic(h).c_str(), solved, static_cast<unsigned long long>(expanded),
              static_cast<unsigned long long>(generated), seconds,
              thread_cpu_seconds() - cpu_start);
  EXPECT_EQ(static_cast<std::size_t>(solved), testing::sanitized_count(instances.size()));
}

TEST_F(KorfPdb, SolvesKorf100WithKnownLengths) {
  ASSERT_EQ(set_->partition.name, "6-6-3");  // the quick default built into the empty directory
  solve_korf100(*set_);
}

TEST(KorfPdb78, SolvesKorf100With78AndReflection) {
  const char* dir = std::getenv("NPUZZLE_PDB_DIR");
  if (!std::getenv("NPUZZLE_SLOW_TESTS") || !dir) {
    GTEST_SKIP() << "needs NPUZZLE_SLOW_TESTS=1 and the 7-8 databases in NPUZZLE_PDB_DIR";
  }
  const auto goal = Goal<B4>::from_spec(GoalSpec::blank_first());
  const std::vector<int> g = testing::tiles_of(goal.state);
  const pdb::PdbSet set = pdb::load_set(dir, 4, 4, g, pdb::parse_partition("7-8", 4, 4, g));
  solve_korf100(set);
}

// A second find_or_build on the same directory reuses the files (nothing is rebuilt) and, asked
// for 7-8 which is absent, names the exact pdbgen command.
TEST_F(KorfPdb, ReusesFilesAndNamesTheCommandForMissing78) {
  const auto goal = Goal<B4>::from_spec(GoalSpec::blank_first());
  const std::vector<int> g = testing::tiles_of(goal.state);
  int built = 0;
  pdb::FindOptions options;
  options.log = [&](const std::string&) { ++built; };
  const pdb::PdbSet again = pdb::find_or_build(*dir_, 4, 4, g, nullptr, options);
  EXPECT_EQ(built, 0);
  EXPECT_EQ(again.partition.name, "6-6-3");
  try {
    const pdb::Partition seven_eight = pdb::parse_partition("78", 4, 4, g);
    pdb::find_or_build(*dir_, 4, 4, g, &seven_eight, options);
    ADD_FAILURE() << "7-8 loaded from a directory without it";
  } catch (const pdb::PdbError& e) {
    EXPECT_EQ(e.kind(), pdb::ErrorKind::Missing);
    EXPECT_NE(
        std::string(e.what()).find(
            "pdbgen build --size 4x4 --partition 7-8 --goal blank-first --dir " + dir_->string()),
        std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace npuzzle
