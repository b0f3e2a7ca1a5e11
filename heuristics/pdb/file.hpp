// heuristics/pdb/file.hpp — the pattern-database file format, its checksum, atomic writing and
// read-only memory-mapped loading.
//
// A file is a 4096-byte header followed by the payload (so the payload is page-aligned when the
// file is mapped). The header holds: magic "NPZLPDB\n", format version, header size, board rows and
// columns, the goal (tile on each cell), the pattern tiles in ranking order, the ranking scheme
// (pdb_index.hpp), the entry encoding and width (4 or 8 bits), the entry count, the payload size
// and checksum, the largest distance, the generator version, and a checksum of the header itself.
//
// Entry encoding 1 ("half excess"): an entry stores (d - m) / 2, where d is the fewest moves of
// pattern tiles that bring the pattern home and m is the pattern tiles' Manhattan distance (d - m
// is always even: every move changes one tile's Manhattan distance by one). The all-ones value
// marks a placement the breadth-first search never reached (only possible when the pattern holds
// every tile, where half the placements have the wrong parity). 4-bit entries pack two per byte,
// low nibble first.
//
// Entry encoding 2 ("zero-aware", Clausecker and Reinefeld's zero-aware tables stored in one bit):
// the abstract state is the placement *and* the region of free cells holding the blank, so d is
// exact for it and every pattern move changes it by exactly one. Each placement has one byte whose
// bit j belongs to the j-th label cell of its free cells (Geometry::label_cells, in cell order;
// every label cell of a region carries the region's bit): bit = floor(d / 2) mod 2. With the
// parity of d (that of the pattern's Manhattan distance) it gives d modulo 4, enough to tell d - 1
// from d + 1 after a move, and to walk down to the goal from any state to find d itself
// (heuristics/pdb/zero_aware.hpp). Only with 8-bit entries (at most 8 label cells a placement) and
// patterns that leave at least two cells free.
//
// Invariant of a loaded PdbTable: header and payload checksums verified, sizes consistent, and the
// payload is mapped read-only (or owned, for tables built in memory); it is immutable and can be
// read from any number of threads.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace npuzzle::pdb {

inline constexpr std::uint32_t kFormatVersion = 1;
inline constexpr std::uint32_t kEncodingHalfExcess = 1;
inline constexpr std::uint32_t kEncodingZeroAware = 2;
inline constexpr std::size_t kHeaderBytes = 4096;
inline constexpr const char* kGeneratorVersion = "npuzzle-pdbgen " NPUZZLE_VERSION;

// What went wrong (the front ends give each its exit code: engine/exit_code.hpp).
enum class ErrorKind { Usage, Database, Missing, Io, Memory, Interrupted, TimeLimit };

class PdbError : public std::runtime_error {
 public:
  PdbError(ErrorKind kind, const std::string& message) : std::runtime_error(message), kind_(kind) {}
  ErrorKind kind() const { return kind_; }

 private:
  ErrorKind kind_;
};

// Everything the header says about a table.
struct PdbMeta {
  int rows = 0;
  int cols = 0;
  std::vector<int> goal;   // tile on each cell, row-major
  std::vector<int> tiles;  // the pattern tiles in ranking order
  std::uint32_t ranking = 0;
  std::uint32_t encoding = 0;
  int entry_bits = 0;  // 4 or 8 (always 8 when zero-aware)
  std::uint64_t entry_count = 0;
  int max_stored = 0;    // largest stored value among reached placements
  int max_distance = 0;  // largest distance (moves of pattern tiles)
  std::uint64_t payload_checksum = 0;
  std::string generator;

  int cells() const { return rows * cols; }
  std::uint64_t payload_bytes() const {
    return entry_bits == 4 ? (entry_count + 1) / 2 : entry_count;
  }
  int unreached_value() const { return entry_bits == 4 ? 15 : 255; }
  bool zero_aware() const { return encoding == kEncodingZeroAware; }
  std::string describe() const;  // one line: size, goal, tiles, entries, width
};

// FNV-1a over little-endian 64-bit words in four interleaved lanes (tail bytes one at a time), the
// lanes folded together at the end. Every step is a bijection of the lane state, so any change of a
// single word (any flipped byte) changes the result.
std::uint64_t checksum(std::span<const std::uint8_t> bytes);

// How PdbTable::load holds a payload: copied into private memory on huge pages, or read where the
// file is mapped (see load()). Passed down by whoever loads the tables (the cache of a front end's
// session, pdbgen), never kept in the process.
struct LoadPolicy {
  // Payloads from this size up are copied when they can be; smaller ones stay mapped from the
  // file.
  static constexpr std::uint64_t kPrivateCopyFromBytes = std::uint64_t{32} << 20;
  // No payload is copied.
  static constexpr std::uint64_t kNeverCopy = ~std::uint64_t{0};

  std::uint64_t copy_from_bytes = kPrivateCopyFromBytes;
  // How many processes of the host may each take a private copy of the same table (below 1
  // counts as 1): a payload is copied only when that many copies fit in half of the memory
  // available; otherwise the table stays in the file's shared mapping, one copy in the page cache
  // for every process of the host that maps it. The ranks of an MPI run that share the host
  // (engine/distributed.hpp, table_copies_per_host) load their tables at the same time: each
  // counts the others' copies before it takes its own.
  int copies_per_host = 1;
};

// One pattern database, immutable once made.
class PdbTable {
 public:
  ~PdbTable();
  PdbTable(const PdbTable&) = delete;
  PdbTable& operator=(const PdbTable&) = delete;

  // Maps `path` read-only and checks it. Throws PdbError(Database) with a message naming the file
  // and the fault: missing, not a database, other version, truncated, corrupted (checksum), or
  // PdbError(Missing) when the file does not exist.
  // A payload of `policy.copy_from_bytes` or more is then copied into an anonymous mapping aligned
  // to 2 MiB and advised onto transparent huge pages (with 4 KiB pages a search's random reads miss
  // the TLB on almost every look-up of a large table), and the checksum is taken of the copy.
  // The copy is skipped, and the file's mapping kept (shared by every process that maps the
  // file), when the kernel's transparent huge pages are off, when the payload times
  // `policy.copies_per_host` is more than half of the memory available, when the environment has
  // NPUZZLE_PDB_HUGE_PAGES=0, or when the anonymous mapping fails.
  static std::shared_ptr<const PdbTable> load(const std::filesystem::path& path,
                                              const LoadPolicy& policy = {});
  // A table held in memory (just built); `payload` must match `meta`.
  static std::shared_ptr<const PdbTable> from_memory(PdbMeta meta,
                                                     std::vector<std::uint8_t> payload);
  // A table that reads `payload` where it is: the caller keeps it alive and unchanged for as long
  // as the table lives; `payload` must match `meta`.
  static std::shared_ptr<const PdbTable> borrowing(PdbMeta meta,
                                                   std::span<const std::uint8_t> payload);

  const PdbMeta& meta() const { return meta_; }
  const std::filesystem::path& path() const { return path_; }
  std::span<const std::uint8_t> payload() const { return {data_, meta_.payload_bytes()}; }

  // The stored (half-excess) value of placement `rank` (encoding 1; the byte of label bits when
  // zero-aware).
  int stored(std::uint64_t rank) const {
    if (entry_bits_ == 4) return (data_[rank >> 1] >> ((rank & 1) << 2)) & 15;
    return data_[rank];
  }
  const std::uint8_t* data() const { return data_; }
  // True when the payload is a private copy (see load()), which no change of the file can reach.
  bool private_copy() const { return copy_base_ != nullptr; }

  // Whether the file this table was loaded from has been written to or truncated in place since
  // (same inode, other size, or another modification time and other contents: a `touch` or the
  // same bytes written again is no change): lookups may then read other values than the
  // checksummed ones. A file replaced by rename is no change (the mapping keeps the old one).
  // Always false for a table made in memory or copied (the look-ups read the checksummed copy).
  // Safe to call from one thread while others look up.
  bool changed_on_disk() const;
  // Throws PdbError(Database) naming the file when changed_on_disk().
  void expect_unchanged_on_disk() const;

 private:
  PdbTable() = default;

  PdbMeta meta_;
  std::filesystem::path path_;
  const std::uint8_t* data_ = nullptr;
  int entry_bits_ = 8;
  void* map_base_ = nullptr;  // the whole mapped file, when loaded from disk
  std::size_t map_bytes_ = 0;
  void* copy_base_ = nullptr;  // the private copy's mapping, when the payload was copied
  std::size_t copy_bytes_ = 0;
  int fd_ = -1;  // the file, kept open to check it did not change (not for a copy)
  // Its last modification time seen with the loaded contents (its size: map_bytes_).
  mutable std::atomic<std::int64_t> checked_mtime_ns_{0};
  std::uint64_t header_checksum_ = 0;  // of the header block as loaded
  std::vector<std::uint8_t> owned_;    // the payload, when made in memory
};

// Checks that `table` is the database asked for: board size, goal and pattern tiles (in order).
// Throws PdbError(Database) naming the field that differs.
void expect_matches(const PdbTable& table, int rows, int cols, const std::vector<int>& goal,
                    const std::vector<int>& tiles);

// Writes `meta` + `payload` to `path` atomically: to a temporary name in the same directory,
// flushed, then renamed. On any failure (disk full, file size limit, interrupt via `stop`) the
// temporary file is removed, no file appears at `path`, and PdbError(Io or Interrupted) says what
// happened.
void write_table(const std::filesystem::path& path, const PdbMeta& meta,
                 std::span<const std::uint8_t> payload, const std::atomic<bool>* stop = nullptr);

}  // namespace npuzzle::pdb
