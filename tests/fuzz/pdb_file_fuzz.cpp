// libFuzzer target: the pattern-database loader (heuristics/pdb/file.hpp), fed arbitrary files.
//
// Two modes, chosen by the first byte:
//   raw (odd):   the remaining bytes are written as the file and loaded.
//   header (even): the bytes choose the header's fields (board size, goal, pattern tiles, entry
//     width and count, maxima) and the payload; the file is written with write_table, so both
//     checksums are right and the loader's checks of the fields themselves are what is exercised.
// A load must either throw PdbError or give a table whose every entry can be read, whose sizes
// agree, and whose goal and pattern describe a real board (a permutation of the cells; distinct
// pattern tiles that are not the blank) — what every consumer of a table relies on.
#include <fuzzer/FuzzedDataProvider.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "heuristics/pdb/file.hpp"
#include "heuristics/pdb/index.hpp"

namespace {

using namespace npuzzle::pdb;

// An invariant broken: say which (the fuzzer keeps the input), then crash.
void require(bool condition, const char* what) {
  if (condition) return;
  std::fprintf(stderr, "invariant broken: %s\n", what);
  std::abort();
}

const std::filesystem::path& file_path() {
  static const std::filesystem::path path =
      std::filesystem::temp_directory_path() /
      ("npuzzle_fuzz_pdb_" + std::to_string(::getpid()) + ".pdb");
  return path;
}

PdbMeta fuzzed_meta(FuzzedDataProvider& in, std::vector<std::uint8_t>& payload) {
  PdbMeta meta;
  meta.rows = in.ConsumeIntegralInRange(2, 5);
  meta.cols = in.ConsumeIntegralInRange(2, 5);
  const int cells = meta.cells();
  for (int c = 0; c < cells; ++c) {
    meta.goal.push_back(in.ConsumeBool() ? c : in.ConsumeIntegralInRange(0, 255));
  }
  const int k = in.ConsumeIntegralInRange(1, std::min(cells - 1, 3));
  for (int i = 0; i < k; ++i) {
    meta.tiles.push_back(in.ConsumeBool() ? i + 1 : in.ConsumeIntegralInRange(0, 255));
  }
  meta.ranking = in.ConsumeBool() ? 1u : in.ConsumeIntegral<std::uint32_t>();
  meta.encoding = in.ConsumeBool() ? kEncodingHalfExcess : in.ConsumeIntegral<std::uint32_t>();
  meta.entry_bits = in.PickValueInArray({4, 8, 4, 8, 0, 7, 16});
  meta.entry_count =
      in.ConsumeBool() ? placement_count(cells, k) : in.ConsumeIntegral<std::uint16_t>();
  meta.max_stored = in.ConsumeIntegralInRange(0, 300);
  meta.max_distance = in.ConsumeIntegralInRange(0, 300);
  meta.generator = in.ConsumeRandomLengthString(60);
  payload = in.ConsumeRemainingBytes<std::uint8_t>();
  if (payload.size() < meta.payload_bytes() && meta.payload_bytes() <= (1u << 20)) {
    payload.resize(meta.payload_bytes(), 0x11);
  }
  meta.payload_checksum = checksum(payload);
  return meta;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::filesystem::path& path = file_path();
  std::filesystem::remove(path);
  if (data[0] & 1) {
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(data + 1), static_cast<std::streamsize>(size - 1));
  } else {
    FuzzedDataProvider in(data + 1, size - 1);
    std::vector<std::uint8_t> payload;
    const PdbMeta meta = fuzzed_meta(in, payload);
    try {
      write_table(path, meta, payload);
    } catch (const PdbError&) {
      return 0;
    }
  }
  try {
    const auto table = PdbTable::load(path);
    const PdbMeta& m = table->meta();
    require(m.entry_bits == 4 || m.entry_bits == 8, "loaded: entry width not 4 or 8");
    require(table->payload().size() == m.payload_bytes(), "loaded: payload size differs");
    require(m.entry_count == placement_count(m.cells(), static_cast<int>(m.tiles.size())),
            "loaded: entry count is not the pattern's placement count");
    std::set<int> goal(m.goal.begin(), m.goal.end());
    require(static_cast<int>(m.goal.size()) == m.cells() && goal.size() == m.goal.size() &&
                *goal.begin() == 0 && *goal.rbegin() == m.cells() - 1,
            "loaded: the goal is not a permutation of the cells");
    std::set<int> tiles(m.tiles.begin(), m.tiles.end());
    require(tiles.size() == m.tiles.size() && *tiles.begin() >= 1 && *tiles.rbegin() < m.cells(),
            "loaded: pattern tiles repeated, the blank, or out of range");
    volatile int sink = 0;  // every entry is read (ASan checks the reads)
    for (std::uint64_t r = 0; r < m.entry_count; ++r) sink = sink + table->stored(r);
    static_cast<void>(m.describe());
  } catch (const PdbError& e) {
    require(e.kind() == ErrorKind::Database || e.kind() == ErrorKind::Missing ||
                e.kind() == ErrorKind::Io,
            "a load failure of another kind than database, missing or I/O (exit code 2)");
  }
  std::filesystem::remove(path);
  return 0;
}
