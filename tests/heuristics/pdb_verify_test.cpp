// verify_table (heuristics/pdb/verify.cpp) on broken tables: a table built by the builder passes;
// the same table with one entry changed (two moves too high, two moves too low, or marked
// unreached) must fail. Every entry of small exact tables (2x3, 3x2: every tile in the pattern) is
// broken in turn, and must be found. In a partial table an entry is the least distance over the
// regions of free cells the blank may be in, which no check of neighbouring entries can pin down
// where the free cells are split; what must be found there is every break of an entry whose
// placement and neighbouring placements (one pattern tile slid into an adjacent free cell) all
// leave the free cells in one region (worked out here by a flood fill of the test's own), and every
// unreached marker; the other breaks found are counted and printed. The checksum plays no part
// (tables are made in memory); tests/tools/pdbgen_verify_test.cpp writes broken tables with a
// right checksum and runs `pdbgen verify` on them.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "heuristics/pdb/build.hpp"
#include "heuristics/pdb/file.hpp"
#include "heuristics/pdb/index.hpp"
#include "tests/heuristics/goal_tiles.hpp"

namespace npuzzle {
namespace {

enum class Break { TooHigh, TooLow, Unreached };

const char* break_name(Break b) {
  switch (b) {
    case Break::TooHigh:
      return "two moves too high";
    case Break::TooLow:
      return "two moves too low";
    case Break::Unreached:
      return "marked unreached";
  }
  return "";
}

pdb::BuildOptions build_options() {
  pdb::BuildOptions options;
  options.threads = 1;
  return options;
}

int stored_at(const pdb::PdbMeta& meta, const std::vector<std::uint8_t>& payload,
              std::uint64_t rank) {
  if (meta.entry_bits == 8) return payload[rank];
  return (payload[rank >> 1] >> ((rank & 1) * 4)) & 15;
}

void store_at(const pdb::PdbMeta& meta, std::vector<std::uint8_t>& payload, std::uint64_t rank,
              int value) {
  if (meta.entry_bits == 8) {
    payload[rank] = static_cast<std::uint8_t>(value);
    return;
  }
  const int shift = static_cast<int>(rank & 1) * 4;
  std::uint8_t& byte = payload[rank >> 1];
  byte = static_cast<std::uint8_t>((byte & ~(15 << shift)) | (value << shift));
}

// The stored value `b` makes of `stored`, or -1 when that entry cannot be broken that way (the
// lowest value cannot go lower; the highest value below the unreached marker cannot go higher;
// an unreached entry is left alone).
int broken_value(const pdb::PdbMeta& meta, int stored, Break b) {
  const int unreached = meta.unreached_value();
  if (stored == unreached) return -1;
  switch (b) {
    case Break::TooHigh:
      return stored + 1 < unreached ? stored + 1 : -1;
    case Break::TooLow:
      return stored > 0 ? stored - 1 : -1;
    case Break::Unreached:
      return unreached;
  }
  return -1;
}

// The free cells of `cells` (the pattern tiles' cells) on a rows x cols board form one region.
bool free_cells_connected(const std::vector<int>& cells, int rows, int cols) {
  std::vector<int> state(static_cast<std::size_t>(rows * cols), 0);  // 1 tile, 2 reached
  for (int c : cells) state[static_cast<std::size_t>(c)] = 1;
  std::vector<int> stack;
  for (int c = 0; c < rows * cols && stack.empty(); ++c) {
    if (state[static_cast<std::size_t>(c)] == 0) stack.push_back(c);
  }
  int reached = 0;
  while (!stack.empty()) {
    const int c = stack.back();
    stack.pop_back();
    if (state[static_cast<std::size_t>(c)] != 0) continue;
    state[static_cast<std::size_t>(c)] = 2;
    ++reached;
    const int r = c / cols, col = c % cols;
    if (r > 0) stack.push_back(c - cols);
    if (r + 1 < rows) stack.push_back(c + cols);
    if (col > 0) stack.push_back(c - 1);
    if (col + 1 < cols) stack.push_back(c + 1);
  }
  return reached == rows * cols - static_cast<int>(cells.size());
}

// The placement of rank `rank` and every placement one slide of a pattern tile away leave the free
// cells in one region.
bool all_connected(const pdb::PdbMeta& meta, std::uint64_t rank) {
  const int k = static_cast<int>(meta.tiles.size());
  std::uint8_t raw[32];
  pdb::unrank_placement(rank, k, meta.cells(), raw);
  std::vector<int> cells(raw, raw + k);
  if (!free_cells_connected(cells, meta.rows, meta.cols)) return false;
  for (int i = 0; i < k; ++i) {
    const int from = cells[static_cast<std::size_t>(i)];
    const int r = from / meta.cols, c = from % meta.cols;
    for (const auto& [dr, dc] : {std::pair{-1, 0}, {1, 0}, {0, -1}, {0, 1}}) {
      if (r + dr < 0 || r + dr >= meta.rows || c + dc < 0 || c + dc >= meta.cols) continue;
      const int to = (r + dr) * meta.cols + c + dc;
      if (std::find(cells.begin(), cells.end(), to) != cells.end()) continue;
      cells[static_cast<std::size_t>(i)] = to;
      const bool connected = free_cells_connected(cells, meta.rows, meta.cols);
      cells[static_cast<std::size_t>(i)] = from;
      if (!connected) return false;
    }
  }
  return true;
}

struct Tally {
  int broken = 0, found = 0;
  int must_find = 0;                  // breaks a check of neighbouring entries must find
  std::vector<std::uint64_t> missed;  // ranks of those that verify_table passed
};

// Breaks every entry of `built` in turn, the way `b` says, and runs verify_table on each.
Tally break_every_entry(const pdb::BuildResult& built, Break b) {
  const bool exact = static_cast<int>(built.meta.tiles.size()) == built.meta.cells() - 1;
  Tally tally;
  for (std::uint64_t r = 0; r < built.meta.entry_count; ++r) {
    const int value = broken_value(built.meta, stored_at(built.meta, built.payload, r), b);
    if (value < 0) continue;
    std::vector<std::uint8_t> payload = built.payload;
    store_at(built.meta, payload, r, value);
    const auto table = pdb::PdbTable::from_memory(built.meta, std::move(payload));
    ++tally.broken;
    const bool found = !pdb::verify_table(*table, 1).ok;
    tally.found += found;
    if (exact || b == Break::Unreached || all_connected(built.meta, r)) {
      ++tally.must_find;
      if (!found) tally.missed.push_back(r);
    }
  }
  return tally;
}

using testing::blank_first;

void expect_every_break_found(const pdb::BuildSpec& spec) {
  const pdb::BuildResult built = pdb::build_table(spec, build_options());
  const auto intact = pdb::PdbTable::from_memory(built.meta, built.payload);
  const pdb::VerifyReport report = pdb::verify_table(*intact, 1);
  ASSERT_TRUE(report.ok) << "the table as built: " << report.message;
  for (Break b : {Break::TooHigh, Break::TooLow, Break::Unreached}) {
    SCOPED_TRACE(break_name(b));
    const Tally tally = break_every_entry(built, b);
    EXPECT_GT(tally.must_find, 0);
    EXPECT_TRUE(tally.missed.empty())
        << tally.missed.size() << " of " << tally.must_find << " broken entries passed, the first "
        << (tally.missed.empty() ? 0 : tally.missed.front());
    std::printf("%s: %s, %d entries broken, %d found (%d must be)\n", built.meta.describe().c_str(),
                break_name(b), tally.broken, tally.found, tally.must_find);
  }
}

TEST(PdbVerify, ExactTablesEveryBrokenEntryIsFound) {
  expect_every_break_found({2, 3, blank_first(6), {1, 2, 3, 4, 5}});
  expect_every_break_found({3, 2, blank_first(6), {5, 4, 3, 2, 1}});
}

TEST(PdbVerify, PartialTablesEveryBrokenEntryIsFound) {
  expect_every_break_found({3, 3, blank_first(9), {1, 2}});
  expect_every_break_found({3, 3, blank_first(9), {4, 8, 2}});
  expect_every_break_found({3, 4, blank_first(12), {1, 2, 3}});
  expect_every_break_found({4, 3, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0}, {11, 5}});
}

// Progress (#46: a 7-8 table ran two minutes silent): the callback reports after each slice of the
// table, checked counts rising to the whole; a stop set from it ends the check at that slice.
TEST(PdbVerify, ProgressIsReportedSliceBySliceUpToTheWhole) {
  for (const bool zero_aware : {false, true}) {
    SCOPED_TRACE(zero_aware ? "zero-aware" : "minimised");
    // 3x5, tiles 1-6: 3603600 placements, several slices of at least 64 grains.
    const pdb::BuildResult built =
        pdb::build_table({3, 5, blank_first(15), {1, 2, 3, 4, 5, 6}, zero_aware}, build_options());
    const auto table = pdb::PdbTable::from_memory(built.meta, built.payload);
    std::vector<pdb::VerifyProgress> calls;
    pdb::VerifyOptions options;
    options.threads = 2;
    options.progress = [&](const pdb::VerifyProgress& p) { calls.push_back(p); };
    const pdb::VerifyReport report = pdb::verify_table(*table, options);
    EXPECT_TRUE(report.ok) << report.message;
    ASSERT_GE(calls.size(), 2u);
    for (std::size_t i = 0; i < calls.size(); ++i) {
      EXPECT_EQ(calls[i].total, built.meta.entry_count);
      if (i > 0) {
        EXPECT_GT(calls[i].checked, calls[i - 1].checked);
        EXPECT_GE(calls[i].seconds, calls[i - 1].seconds);
      }
    }
    EXPECT_EQ(calls.back().checked, built.meta.entry_count);

    std::atomic<bool> stop{false};
    std::size_t stopped_calls = 0;
    options.stop = &stop;
    options.progress = [&](const pdb::VerifyProgress&) {
      ++stopped_calls;
      stop.store(true);
    };
    const pdb::VerifyReport interrupted = pdb::verify_table(*table, options);
    EXPECT_TRUE(interrupted.interrupted);
    EXPECT_EQ(stopped_calls, 1u);
  }
}

}  // namespace
}  // namespace npuzzle
