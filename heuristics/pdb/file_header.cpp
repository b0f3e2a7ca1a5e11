// The header block of a database file (heuristics/pdb/file_header.hpp), the checksum of the format,
// the one-line description of a header, and the check that a table is the one asked for.
#include "heuristics/pdb/file_header.hpp"

#include <cstddef>
#include <cstring>
#include <sstream>

#include "core/board_sizes.hpp"
#include "heuristics/pdb/index.hpp"
#include "heuristics/pdb/partition.hpp"

namespace npuzzle::pdb {
namespace {

constexpr std::uint64_t kFnvOffset = 0xcbf29ce484222325ULL;
constexpr std::uint64_t kFnvPrime = 0x100000001b3ULL;

// The on-disk header (little-endian, as laid out by this struct on x86-64), padded to kHeaderBytes.
struct RawHeader {
  char magic[8];
  std::uint32_t format_version;
  std::uint32_t header_bytes;
  std::uint8_t rows, cols, pattern_size, entry_bits;
  std::uint32_t ranking;
  std::uint32_t encoding;
  std::uint32_t max_stored;
  std::uint32_t max_distance;
  std::uint64_t entry_count;
  std::uint64_t payload_bytes;
  std::uint64_t payload_checksum;
  std::uint8_t goal[32];
  std::uint8_t tiles[32];
  char generator[48];
  std::uint64_t header_checksum;  // checksum of the kHeaderBytes with this field zero
};
static_assert(sizeof(RawHeader) < kHeaderBytes);
static_assert(kMaxBoardCells <= sizeof(RawHeader::goal), "the header's goal holds every cell");
static_assert(kMaxBoardCells <= sizeof(RawHeader::tiles), "the header's pattern holds every tile");

std::uint64_t header_checksum(std::vector<std::uint8_t> block) {
  auto* raw = reinterpret_cast<RawHeader*>(block.data());
  raw->header_checksum = 0;
  return checksum(block);
}

}  // namespace

[[noreturn]] void fail_database_file(const std::filesystem::path& path, const std::string& what) {
  throw PdbError(ErrorKind::Database, "pattern database " + path.string() + ": " + what);
}

std::vector<std::uint8_t> encode_header(const PdbMeta& meta) {
  std::vector<std::uint8_t> block(kHeaderBytes, 0);
  RawHeader raw{};
  std::memcpy(raw.magic, kFileMagic, sizeof kFileMagic);
  raw.format_version = kFormatVersion;
  raw.header_bytes = kHeaderBytes;
  raw.rows = static_cast<std::uint8_t>(meta.rows);
  raw.cols = static_cast<std::uint8_t>(meta.cols);
  raw.pattern_size = static_cast<std::uint8_t>(meta.tiles.size());
  raw.entry_bits = static_cast<std::uint8_t>(meta.entry_bits);
  raw.ranking = meta.ranking;
  raw.encoding = meta.encoding;
  raw.max_stored = static_cast<std::uint32_t>(meta.max_stored);
  raw.max_distance = static_cast<std::uint32_t>(meta.max_distance);
  raw.entry_count = meta.entry_count;
  raw.payload_bytes = meta.payload_bytes();
  raw.payload_checksum = meta.payload_checksum;
  for (std::size_t i = 0; i < meta.goal.size(); ++i)
    raw.goal[i] = static_cast<std::uint8_t>(meta.goal[i]);
  for (std::size_t i = 0; i < meta.tiles.size(); ++i) {
    raw.tiles[i] = static_cast<std::uint8_t>(meta.tiles[i]);
  }
  std::strncpy(raw.generator, meta.generator.c_str(), sizeof raw.generator - 1);
  std::memcpy(block.data(), &raw, sizeof raw);
  const std::uint64_t sum = header_checksum(block);
  std::memcpy(block.data() + offsetof(RawHeader, header_checksum), &sum, sizeof sum);
  return block;
}

// Decodes and checks a header block read from `path`.
PdbMeta decode_header(const std::filesystem::path& path, const std::vector<std::uint8_t>& block) {
  RawHeader raw;
  std::memcpy(&raw, block.data(), sizeof raw);
  if (std::memcmp(raw.magic, kFileMagic, sizeof kFileMagic) != 0)
    fail_database_file(path, kNotADatabase);
  if (raw.format_version != kFormatVersion) {
    fail_database_file(path, "format version " + std::to_string(raw.format_version) +
                                 ", this program reads version " + std::to_string(kFormatVersion) +
                                 "; rebuild it with pdbgen");
  }
  if (header_checksum(block) != raw.header_checksum)
    fail_database_file(path, "header corrupted (checksum mismatch)");
  PdbMeta meta;
  meta.rows = raw.rows;
  meta.cols = raw.cols;
  if (raw.header_bytes != kHeaderBytes || !is_board_size(meta.rows, meta.cols) ||
      raw.pattern_size < 1 || raw.pattern_size >= meta.cells() ||
      (raw.entry_bits != 4 && raw.entry_bits != 8) ||
      raw.ranking != kRankingLexPartialPermutation ||
      (raw.encoding != kEncodingHalfExcess &&
       (raw.encoding != kEncodingZeroAware || raw.entry_bits != 8 ||
        raw.pattern_size + 2 > meta.cells()))) {
    fail_database_file(path, "unsupported header fields");
  }
  meta.goal.assign(raw.goal, raw.goal + meta.cells());
  meta.tiles.assign(raw.tiles, raw.tiles + raw.pattern_size);
  std::vector<bool> seen(static_cast<std::size_t>(meta.cells()), false);
  for (int t : meta.goal) {
    if (t >= meta.cells() || seen[static_cast<std::size_t>(t)])
      fail_database_file(path, "the goal is not a permutation");
    seen[static_cast<std::size_t>(t)] = true;
  }
  seen.assign(seen.size(), false);
  for (int t : meta.tiles) {
    if (t == 0 || t >= meta.cells() || seen[static_cast<std::size_t>(t)]) {
      fail_database_file(
          path, "pattern tile " + std::to_string(t) + " is not a distinct tile of the board");
    }
    seen[static_cast<std::size_t>(t)] = true;
  }
  meta.ranking = raw.ranking;
  meta.encoding = raw.encoding;
  meta.entry_bits = raw.entry_bits;
  meta.entry_count = raw.entry_count;
  meta.max_stored = static_cast<int>(raw.max_stored);
  meta.max_distance = static_cast<int>(raw.max_distance);
  meta.payload_checksum = raw.payload_checksum;
  raw.generator[sizeof raw.generator - 1] = 0;
  meta.generator = raw.generator;
  if (meta.entry_count != placement_count(meta.cells(), raw.pattern_size) ||
      raw.payload_bytes != meta.payload_bytes()) {
    fail_database_file(path, "entry count does not match the pattern");
  }
  return meta;
}

std::string PdbMeta::describe() const {
  std::ostringstream out;
  out << rows << "x" << cols << " goal " << join_numbers(goal, ",") << ", pattern {"
      << join_numbers(tiles, ",") << "}, " << entry_count << (zero_aware() ? " zero-aware" : "")
      << " entries of " << entry_bits << " bits, max distance " << max_distance;
  return out.str();
}

std::uint64_t checksum(std::span<const std::uint8_t> bytes) {
  std::uint64_t lane[4] = {kFnvOffset, kFnvOffset ^ 1, kFnvOffset ^ 2, kFnvOffset ^ 3};
  const std::size_t words = bytes.size() / 8;
  const std::size_t blocks = words / 4;
  const std::uint8_t* p = bytes.data();
  for (std::size_t b = 0; b < blocks; ++b, p += 32) {
    for (int j = 0; j < 4; ++j) {
      std::uint64_t w;
      std::memcpy(&w, p + 8 * j, 8);
      lane[j] = (lane[j] ^ w) * kFnvPrime;
    }
  }
  std::uint64_t h = kFnvOffset;
  for (int j = 0; j < 4; ++j) h = (h ^ lane[j]) * kFnvPrime;
  for (const std::uint8_t* end = bytes.data() + bytes.size(); p < end; ++p)
    h = (h ^ *p) * kFnvPrime;
  h = (h ^ bytes.size()) * kFnvPrime;
  return h;
}

void expect_matches(const PdbTable& table, int rows, int cols, const std::vector<int>& goal,
                    const std::vector<int>& tiles) {
  const PdbMeta& m = table.meta();
  const std::string name = table.path().empty() ? std::string("in memory") : table.path().string();
  auto mismatch = [&](const std::string& what, const std::string& has, const std::string& wanted) {
    throw PdbError(ErrorKind::Database, "pattern database " + name + " is for " + what + " " + has +
                                            ", not " + wanted + " as asked");
  };
  if (m.rows != rows || m.cols != cols) {
    mismatch("board size", std::to_string(m.rows) + "x" + std::to_string(m.cols),
             std::to_string(rows) + "x" + std::to_string(cols));
  }
  if (m.goal != goal) mismatch("goal", join_numbers(m.goal, ","), join_numbers(goal, ","));
  if (m.tiles != tiles) mismatch("pattern", join_numbers(m.tiles, ","), join_numbers(tiles, ","));
}

}  // namespace npuzzle::pdb
