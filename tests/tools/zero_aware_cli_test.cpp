// Zero-aware pattern databases end to end: `pdbgen build --partition za:6-6-3` writes
// ...-zero-aware.pdb files that `pdbgen info` and `pdbgen verify` describe and accept, `npuzzle
// bench --heuristic pdb:za:6-6-3` solves Korf's instances at their published lengths (bench checks
// every length and replays every path; a wrong one exits 2), the dual lookups refuse zero-aware
// tables by name and pass over them when they take the best set present.
#include <gtest/gtest.h>

#include <string>

#include "tests/tools/cli_support.hpp"

namespace npuzzle::fault {
namespace {

TEST(ZeroAwareCli, BuildDescribeVerifySolve) {
  NPUZZLE_REQUIRE_BINARY(pdbgen_binary());
  NPUZZLE_REQUIRE_BINARY(npuzzle_binary());
  const fs::path dir = fresh_dir("zero_aware_cli");
  // A loaded machine may take minutes where an idle one takes seconds: a generous deadline.
  const RunResult build = cli::run_tool(
      pdbgen_binary(), {"build", "--size", "4x4", "--partition", "za:6-6-3", "--dir", dir.string()},
      "", 600);
  ASSERT_EQ(build.describe(), "exit 0") << build.err;
  const fs::path table = dir / "4x4-blank-first-4-5-8-9-12-13-zero-aware.pdb";
  ASSERT_TRUE(fs::exists(table)) << build.err;

  const RunResult info = cli::run_pdbgen({"info", table.string()});
  EXPECT_EQ(info.describe(), "exit 0") << info.err;
  EXPECT_TRUE(cli::contains(info.out, "encoding 2 (zero-aware")) << info.out;
  const RunResult verify = cli::run_pdbgen({"verify", table.string()});
  EXPECT_EQ(verify.describe(), "exit 0") << verify.err;
  EXPECT_TRUE(cli::contains(verify.out, "ok (zero-aware)")) << verify.out;

  const std::string set = std::string(NPUZZLE_DATA_DIR) + "/korf100.txt";
  const RunResult solved = cli::run_npuzzle({"bench", set, "--ids", "1-6", "--heuristic",
                                             "pdb:za:6-6-3", "--pdb-dir", dir.string(), "-q"});
  EXPECT_EQ(solved.describe(), "exit 0") << solved.err << solved.out;
  EXPECT_TRUE(cli::contains(solved.out, "6/6")) << solved.out;

  const RunResult dual = cli::run_npuzzle(
      {"bench", set, "--ids", "1", "--heuristic", "pdb-dual:za:6-6-3", "--pdb-dir", dir.string()});
  EXPECT_EQ(dual.describe(), "exit 1") << dual.err;
  EXPECT_TRUE(cli::contains(dual.err, "dual lookups need minimised tables")) << dual.err;

  // The best set present for the dual lookups is not the zero-aware one: 6-6-3 is built.
  const RunResult best = cli::run_npuzzle(
      {"bench", set, "--ids", "1", "--heuristic", "pdb-dual", "--pdb-dir", dir.string(), "-q"});
  EXPECT_EQ(best.describe(), "exit 0") << best.err;
  EXPECT_TRUE(fs::exists(dir / "4x4-blank-first-4-5-8-9-12-13.pdb"));
}

}  // namespace
}  // namespace npuzzle::fault
