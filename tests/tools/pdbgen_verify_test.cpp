// `pdbgen verify` on a database whose checksum is right and whose contents are not: a small
// table (3x3, tiles 1 2 3) is built in memory, one entry is changed (two moves too high, two moves
// too low, or marked unreached), the payload checksum is recomputed and the file written the way
// pdbgen writes it. `pdbgen info` accepts every such file (the checksum holds); `pdbgen verify`
// must exit 2 and say FAILED on each, and exit 0 on the table as built.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "heuristics/pdb/build.hpp"
#include "heuristics/pdb/file.hpp"
#include "heuristics/pdb/index.hpp"
#include "tests/tools/cli_support.hpp"

namespace npuzzle::fault {
namespace {

enum class Change { None, Higher, Lower, Unreached };

struct Case {
  std::string name;
  std::vector<std::uint8_t> cells;  // where tiles 1, 2, 3 stand
  Change change;
};

pdb::BuildOptions one_thread() {
  pdb::BuildOptions options;
  options.threads = 1;
  return options;
}

TEST(FaultPdbgenVerify, ExitsTwoOnAWrongEntryUnderARightChecksum) {
  NPUZZLE_REQUIRE_BINARY(pdbgen_binary());
  const std::vector<int> goal = {0, 1, 2, 3, 4, 5, 6, 7, 8};
  const pdb::BuildResult built = pdb::build_table({3, 3, goal, {1, 2, 3}}, one_thread());
  ASSERT_EQ(built.meta.entry_bits, 4);
  const fs::path dir = fresh_dir("pdbgen_verify");

  // Tile 1 on cell 0: one move from the goal. Tile 3 on cell 8: its Manhattan distance, 3 moves.
  // Tiles 1 and 2 swapped: 4 moves, one stored step over their Manhattan distance of 2.
  const std::vector<Case> cases = {
      {"as-built", {}, Change::None},
      {"goal-too-high", {1, 2, 3}, Change::Higher},
      {"one-move-too-high", {0, 2, 3}, Change::Higher},
      {"three-moves-too-high", {1, 2, 8}, Change::Higher},
      {"swapped-too-low", {2, 1, 3}, Change::Lower},
      {"three-moves-unreached", {1, 2, 8}, Change::Unreached},
  };
  std::string observed;
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    std::vector<std::uint8_t> payload = built.payload;
    std::string what = "as built";
    if (c.change != Change::None) {
      const std::uint64_t rank = pdb::rank_placement(c.cells.data(), 3, 9);
      const int shift = static_cast<int>(rank & 1) * 4;
      const int stored = (payload[rank >> 1] >> shift) & 15;
      ASSERT_LT(stored, built.meta.unreached_value());
      if (c.change == Change::Lower) {
        ASSERT_GT(stored, 0);
      }
      const int value = c.change == Change::Higher  ? stored + 1
                        : c.change == Change::Lower ? stored - 1
                                                    : built.meta.unreached_value();
      payload[rank >> 1] =
          static_cast<std::uint8_t>((payload[rank >> 1] & ~(15 << shift)) | (value << shift));
      what = "entry " + std::to_string(rank) + " " + std::to_string(stored) + " -> " +
             std::to_string(value);
    }
    pdb::PdbMeta meta = built.meta;
    meta.payload_checksum = pdb::checksum(payload);
    const fs::path file = dir / (c.name + ".pdb");
    pdb::write_table(file, meta, payload);

    const RunResult info = cli::run_pdbgen({"info", file.string()});
    EXPECT_EQ(info.describe(), "exit 0") << "the checksum must hold: " << info.err;
    const RunResult verify = cli::run_pdbgen({"verify", "--threads", "1", file.string()});
    if (c.change == Change::None) {
      EXPECT_EQ(verify.describe(), "exit 0") << verify.out << verify.err;
      EXPECT_FALSE(cli::contains(verify.out, "FAILED")) << verify.out;
    } else {
      EXPECT_EQ(verify.describe(), "exit 2") << what << "\n" << verify.out << verify.err;
      EXPECT_TRUE(cli::contains(verify.out, file.string() + ": FAILED: ")) << verify.out;
    }
    observed += (observed.empty() ? "" : "; ") + what + ": " + verify.describe();
  }
  record_fault("database",
               "`pdbgen verify` on 3x3 tables with a right checksum and one entry changed "
               "(two moves higher, two lower, unreached)",
               observed);
}

// #46: `pdbgen info` (and verify) on a text file says it is not a pattern database, whether it is
// shorter than a header or not, rather than "truncated".
TEST(FaultPdbgenVerify, ATextFileIsNotAPatternDatabase) {
  NPUZZLE_REQUIRE_BINARY(pdbgen_binary());
  const fs::path dir = fresh_dir("pdbgen_text_file");
  const std::string shorter = write_text(dir / "notes.txt", "1 2 3 4 5 6 7 8 0\n");
  const std::string longer = write_text(dir / "long.txt", std::string(20000, 'x') + "\n");
  for (const std::string& file : {shorter, longer}) {
    for (const char* command : {"info", "verify"}) {
      SCOPED_TRACE(file + " " + command);
      const RunResult run = cli::run_pdbgen({command, file});
      EXPECT_EQ(run.describe(), "exit 2") << run.err;
      EXPECT_TRUE(
          cli::contains(run.err, "pdbgen: pattern database " + file + ": not a pattern database ("))
          << run.err;
      EXPECT_FALSE(cli::contains(run.err, "truncated")) << run.err;
    }
  }
}

}  // namespace
}  // namespace npuzzle::fault
