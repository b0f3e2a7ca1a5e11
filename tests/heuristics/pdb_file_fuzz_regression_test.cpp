// Regression tests from fuzzing the database loader (tests/fuzz/pdb_file_fuzz.cpp): files whose
// checksums are right but whose header describes no real board must be refused by
// PdbTable::load, since everything that reads a table (pdbgen info and verify, the heuristics)
// indexes cells and tiles by the goal and pattern the header gives.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "heuristics/pdb/file.hpp"
#include "heuristics/pdb/index.hpp"

namespace npuzzle::pdb {
namespace {

// A 2x2 table of one tile with the given goal and pattern, written with write_table (so both
// checksums are right), then loaded.
void load_written(const std::vector<int>& goal, const std::vector<int>& tiles) {
  PdbMeta meta;
  meta.rows = 2;
  meta.cols = 2;
  meta.goal = goal;
  meta.tiles = tiles;
  meta.ranking = kRankingLexPartialPermutation;
  meta.encoding = kEncodingHalfExcess;
  meta.entry_bits = 8;
  meta.entry_count = placement_count(4, static_cast<int>(tiles.size()));
  const std::vector<std::uint8_t> payload(meta.payload_bytes(), 0);
  meta.payload_checksum = checksum(payload);
  const std::filesystem::path path = std::filesystem::temp_directory_path() /
                                     ("npuzzle_fuzz_regression_" + std::to_string(::getpid()));
  write_table(path, meta, payload);
  struct Remove {
    std::filesystem::path p;
    ~Remove() { std::filesystem::remove(p); }
  } remove{path};
  PdbTable::load(path);
}

// Found by fuzz_pdb_file (header mode): goal {0, 0, 2, 3} loaded without complaint.
TEST(PdbFileFuzzRegression, GoalThatIsNoPermutationIsRefused) {
  EXPECT_THROW(load_written({0, 0, 2, 3}, {1}), PdbError);
  EXPECT_THROW(load_written({0, 1, 2, 200}, {1}), PdbError);
}

// Same gap, one check further: pattern tiles out of range, repeated, or the blank.
TEST(PdbFileFuzzRegression, PatternTilesOutsideTheBoardAreRefused) {
  EXPECT_THROW(load_written({0, 1, 2, 3}, {9}), PdbError);
  EXPECT_THROW(load_written({0, 1, 2, 3}, {0}), PdbError);
  EXPECT_THROW(load_written({0, 1, 2, 3}, {2, 2}), PdbError);
}

}  // namespace
}  // namespace npuzzle::pdb
