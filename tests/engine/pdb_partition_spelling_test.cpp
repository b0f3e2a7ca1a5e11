// The partition of `--heuristic pdb:<partition>` is read once with the heuristic's name, resolved
// once per board and handed down typed to the session's pattern databases (engine/pdb_watch.hpp):
// two spellings of one partition (its name and
// its tile lists) share one set in a session, and a tile-list partition that no name covers reaches
// the catalogue unchanged.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "engine/heuristic_registry.hpp"
#include "engine/solve_session.hpp"
#include "engine/solver.hpp"
#include "heuristics/pdb/partition.hpp"

namespace npuzzle {
namespace {

const RunBoard kSpellingGoal{{2, 3}, {0, 1, 2, 3, 4, 5}};
const RunBoard kSpellingBoard{{2, 3}, {4, 1, 2, 5, 3, 0}};

// A fresh database directory for this test, removed with it.
class PartitionSpelling : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("npuzzle-partition-spelling-test-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  pdb::Partition parsed(const std::string& text) const {
    return pdb::parse_partition(text, kSpellingGoal.size.rows, kSpellingGoal.size.cols,
                                kSpellingGoal.tiles);
  }

  std::filesystem::path dir_;
};

TEST_F(PartitionSpelling, NameAndTileListsShareOneSetOfTheSession) {
  const std::string name = pdb::partition_names(2, 3).front();
  const pdb::Partition named = parsed(name);
  const pdb::Partition listed = parsed(named.tile_lists());
  ASSERT_NE(named.label(), listed.label());  // two spellings
  SolveSession session;
  bool first = false;
  const auto set =
      session.databases().set(dir_.string(), kSpellingGoal, &named, first, {}, {}, false);
  EXPECT_TRUE(first);
  EXPECT_EQ(session.databases().set(dir_.string(), kSpellingGoal, &listed, first, {}, {}, false),
            set);
  EXPECT_FALSE(first);
}

TEST_F(PartitionSpelling, SolvesWithBothSpellingsOnOneSetTellingItsLookupsOnce) {
  std::vector<std::string> lines;
  SolveRequest request;
  request.log = [&lines](LogLevel, const std::string& line) { lines.push_back(line); };
  request.pdb_dir = dir_.string();
  const std::string name = pdb::partition_names(2, 3).front();
  SolveSession session;
  for (const std::string& spelling : {name, parsed(name).tile_lists()}) {
    std::string error;
    request.heuristic = parse_heuristic("pdb:" + spelling, error);
    ASSERT_TRUE(error.empty()) << error;
    ASSERT_TRUE(solve_instance(session, request, kSpellingBoard).solved()) << spelling;
  }
  const auto told = std::count_if(lines.begin(), lines.end(), [](const std::string& line) {
    return line.rfind("heuristic pdb", 0) == 0;
  });
  EXPECT_EQ(told, 1);
}

TEST_F(PartitionSpelling, TileListsNoNameCoversReachTheCatalogueUnchanged) {
  const pdb::Partition custom = parsed("1,2/3,4,5");
  SolveSession session;
  bool first = false;
  const auto set =
      session.databases().set(dir_.string(), kSpellingGoal, &custom, first, {}, {}, false);
  EXPECT_EQ(set->partition.groups, custom.groups);
  EXPECT_EQ(set->partition.label(), "1,2/3,4,5");
}

// The text after "pdb:" is read when the heuristic's name is: what no board takes is refused there,
// and the choice holds the partition read, printed back as it was written.
TEST(PartitionReadOnce, TheHeuristicsNameHoldsItsPartitionRead) {
  std::string error;
  EXPECT_FALSE(parse_heuristic("pdb:1,x", error));
  EXPECT_NE(error.find("'x' is not a tile number"), std::string::npos) << error;
  const std::optional<HeuristicChoice> choice = parse_heuristic("PDB:za:1,2/3+6-6-3", error);
  ASSERT_TRUE(choice) << error;
  ASSERT_TRUE(choice->partition);
  EXPECT_EQ(choice->partition->parts.size(), 2u);
  EXPECT_TRUE(choice->partition->parts[0].zero_aware);
  EXPECT_EQ(choice->partition->parts[1].name, "663");
  EXPECT_EQ(choice->name(), "pdb:za:1,2/3+6-6-3");
  EXPECT_FALSE(parse_heuristic("lc", error)->partition);
}

}  // namespace
}  // namespace npuzzle
