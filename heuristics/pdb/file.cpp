#include "heuristics/pdb/file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <limits>
#include <sstream>

#include "core/board_sizes.hpp"
#include "heuristics/pdb/index.hpp"
#include "heuristics/pdb/open.hpp"

namespace npuzzle::pdb {
namespace {

constexpr char kMagic[8] = {'N', 'P', 'Z', 'L', 'P', 'D', 'B', '\n'};
// A file whose first bytes are not kMagic (a text file, another program's data).
constexpr const char* kNotADatabase =
    "not a pattern database (its first bytes are not the NPZLPDB header that pdbgen writes; bad "
    "magic)";
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

std::string errno_text(int error) { return std::strerror(error); }

std::string join(const std::vector<int>& v) {
  std::string s;
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (i) s += ',';
    s += std::to_string(v[i]);
  }
  return s;
}

std::uint64_t header_checksum(std::vector<std::uint8_t> block) {
  auto* raw = reinterpret_cast<RawHeader*>(block.data());
  raw->header_checksum = 0;
  return checksum(block);
}

std::vector<std::uint8_t> encode_header(const PdbMeta& meta) {
  std::vector<std::uint8_t> block(kHeaderBytes, 0);
  RawHeader raw{};
  std::memcpy(raw.magic, kMagic, sizeof kMagic);
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

[[noreturn]] void fail(const std::filesystem::path& path, const std::string& what) {
  throw PdbError(ErrorKind::Database, "pattern database " + path.string() + ": " + what);
}

// Decodes and checks a header block read from `path`.
PdbMeta decode_header(const std::filesystem::path& path, const std::vector<std::uint8_t>& block) {
  RawHeader raw;
  std::memcpy(&raw, block.data(), sizeof raw);
  if (std::memcmp(raw.magic, kMagic, sizeof kMagic) != 0) fail(path, kNotADatabase);
  if (raw.format_version != kFormatVersion) {
    fail(path, "format version " + std::to_string(raw.format_version) +
                   ", this program reads version " + std::to_string(kFormatVersion) +
                   "; rebuild it with pdbgen");
  }
  if (header_checksum(block) != raw.header_checksum)
    fail(path, "header corrupted (checksum mismatch)");
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
    fail(path, "unsupported header fields");
  }
  meta.goal.assign(raw.goal, raw.goal + meta.cells());
  meta.tiles.assign(raw.tiles, raw.tiles + raw.pattern_size);
  std::vector<bool> seen(static_cast<std::size_t>(meta.cells()), false);
  for (int t : meta.goal) {
    if (t >= meta.cells() || seen[static_cast<std::size_t>(t)])
      fail(path, "the goal is not a permutation");
    seen[static_cast<std::size_t>(t)] = true;
  }
  seen.assign(seen.size(), false);
  for (int t : meta.tiles) {
    if (t == 0 || t >= meta.cells() || seen[static_cast<std::size_t>(t)]) {
      fail(path, "pattern tile " + std::to_string(t) + " is not a distinct tile of the board");
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
    fail(path, "entry count does not match the pattern");
  }
  return meta;
}

}  // namespace

std::string PdbMeta::describe() const {
  std::ostringstream out;
  out << rows << "x" << cols << " goal " << join(goal) << ", pattern {" << join(tiles) << "}, "
      << entry_count << (zero_aware() ? " zero-aware" : "") << " entries of " << entry_bits
      << " bits, max distance " << max_distance;
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

PdbTable::~PdbTable() {
  if (copy_base_) munmap(copy_base_, copy_bytes_);
  if (map_base_) munmap(map_base_, map_bytes_);
  if (fd_ >= 0) ::close(fd_);
}

namespace {

std::int64_t modification_ns(const struct stat& st) {
  return static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1'000'000'000 + st.st_mtim.tv_nsec;
}

constexpr std::size_t kHugePageBytes = std::size_t{2} << 20;

// Whether a payload of `bytes` is worth and allowed a private copy on huge pages: the kernel's
// transparent huge pages not off, NPUZZLE_PDB_HUGE_PAGES not 0, and at most half of the memory
// available.
bool huge_page_copy_wanted(std::uint64_t bytes) {
  if (const char* env = std::getenv("NPUZZLE_PDB_HUGE_PAGES"); env && std::string(env) == "0") {
    return false;
  }
  std::ifstream thp("/sys/kernel/mm/transparent_hugepage/enabled");
  std::string mode;
  if (!std::getline(thp, mode) || mode.find("[never]") != std::string::npos) return false;
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  std::uint64_t kib = 0;
  while (meminfo >> key >> kib) {
    if (key == "MemAvailable:") return bytes <= kib * 1024 / 2;
    meminfo.ignore(std::numeric_limits<std::streamsize>::max(), '\n');
  }
  return false;
}

// An anonymous mapping holding a table's payload, from `payload` on (aligned to a huge page).
struct PrivateCopy {
  void* base = nullptr;  // the mapping, or null when none could be made
  std::size_t length = 0;
  const std::uint8_t* payload = nullptr;
};

// Reads the `bytes` of payload of the database file `fd` (at `path`) into a new anonymous mapping
// on transparent huge pages, made read-only. Read, not copied from the file's mapping: the file's
// pages then never count in this process's resident size next to the copy. Returns no mapping
// when one cannot be made; throws PdbError(Database) naming the file when the read fails.
PrivateCopy read_private_copy(const std::filesystem::path& path, int fd, std::uint64_t bytes) {
  // Room to align the start to a huge page; the whole length in huge pages.
  const std::size_t length = (bytes + 2 * kHugePageBytes - 1) & ~(kHugePageBytes - 1);
  void* base = mmap(nullptr, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (base == MAP_FAILED) return {};
  auto* start = reinterpret_cast<std::uint8_t*>(
      (reinterpret_cast<std::uintptr_t>(base) + kHugePageBytes - 1) & ~(kHugePageBytes - 1));
  madvise(start, length - static_cast<std::size_t>(start - static_cast<std::uint8_t*>(base)),
          MADV_HUGEPAGE);
  std::uint64_t done = 0;
  while (done < bytes) {
    const auto chunk = static_cast<std::size_t>(std::min<std::uint64_t>(bytes - done, 64 << 20));
    const ssize_t got = ::pread(fd, start + done, chunk, static_cast<off_t>(kHeaderBytes + done));
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) {
      const int read_error = got < 0 ? errno : EIO;
      munmap(base, length);
      fail(path, "cannot read: " + errno_text(read_error));
    }
    done += static_cast<std::uint64_t>(got);
  }
  mprotect(base, length, PROT_READ);
  return {base, length, start};
}

}  // namespace

bool PdbTable::changed_on_disk() const {
  if (fd_ < 0) return false;
  struct stat st {};
  if (fstat(fd_, &st) != 0 || static_cast<std::size_t>(st.st_size) != map_bytes_) return true;
  const std::int64_t mtime = modification_ns(st);
  if (mtime == checked_mtime_ns_.load(std::memory_order_relaxed)) return false;
  // Touched or written to: the contents decide (a `touch` or an identical copy is no change). The
  // mapping is shared, so it shows what is in the file now.
  const auto* bytes = static_cast<const std::uint8_t*>(map_base_);
  if (checksum({bytes, kHeaderBytes}) != header_checksum_ ||
      checksum(payload()) != meta_.payload_checksum) {
    return true;
  }
  checked_mtime_ns_.store(mtime, std::memory_order_relaxed);
  return false;
}

void PdbTable::expect_unchanged_on_disk() const {
  if (changed_on_disk()) {
    throw PdbError(ErrorKind::Database,
                   "pattern database " + path_.string() +
                       " was changed on disk while in use (written to in place, not replaced by "
                       "rename); the search's answer is not trusted: run it again");
  }
}

std::shared_ptr<const PdbTable> PdbTable::load(const std::filesystem::path& path,
                                               std::uint64_t copy_from_bytes) {
  struct stat st {};
  const int fd = open_database_file(path, st);
  const auto size = static_cast<std::uint64_t>(st.st_size);
  if (size < kHeaderBytes) {
    // A short file that does not even begin as a database (a text file) is not one, rather than a
    // database cut short.
    char start[sizeof kMagic] = {};
    const bool begins = size >= sizeof kMagic &&
                        ::pread(fd, start, sizeof start, 0) == static_cast<ssize_t>(sizeof start) &&
                        std::memcmp(start, kMagic, sizeof kMagic) == 0;
    ::close(fd);
    if (!begins) fail(path, kNotADatabase);
    fail(path, "truncated (" + std::to_string(size) + " bytes, shorter than the header)");
  }
  void* base = mmap(nullptr, size, PROT_READ, MAP_SHARED, fd, 0);
  const int map_error = errno;
  if (base == MAP_FAILED) {
    ::close(fd);
    // No address space for it (ulimit -v, or the kernel's map limit) is memory, not the file.
    throw PdbError(map_error == ENOMEM ? ErrorKind::Memory : ErrorKind::Database,
                   "pattern database " + path.string() + ": cannot map: " + errno_text(map_error));
  }
  std::shared_ptr<PdbTable> table(new PdbTable());
  table->map_base_ = base;
  table->map_bytes_ = size;
  table->fd_ = fd;
  table->checked_mtime_ns_.store(modification_ns(st));
  table->path_ = path;
  const auto* bytes = static_cast<const std::uint8_t*>(base);
  table->meta_ = decode_header(path, std::vector<std::uint8_t>(bytes, bytes + kHeaderBytes));
  const std::uint64_t expected = kHeaderBytes + table->meta_.payload_bytes();
  if (size != expected) {
    fail(path, (size < expected ? "truncated (" : "has trailing bytes (") + std::to_string(size) +
                   " bytes, expected " + std::to_string(expected) + ")");
  }
  table->data_ = bytes + kHeaderBytes;
  table->entry_bits_ = table->meta_.entry_bits;
  table->header_checksum_ = checksum({bytes, kHeaderBytes});
  madvise(base, size, MADV_WILLNEED);
  const std::uint64_t payload_bytes = table->meta_.payload_bytes();
  if (payload_bytes > 0 && payload_bytes >= copy_from_bytes &&
      huge_page_copy_wanted(payload_bytes)) {
    if (const PrivateCopy copy = read_private_copy(path, fd, payload_bytes); copy.base) {
      table->copy_base_ = copy.base;
      table->copy_bytes_ = copy.length;
      table->data_ = copy.payload;
      munmap(base, size);
      table->map_base_ = nullptr;
      ::close(fd);
      table->fd_ = -1;
    }
  }
  if (checksum(table->payload()) != table->meta_.payload_checksum) {
    fail(path, "corrupted (payload checksum mismatch); rebuild it with pdbgen");
  }
  return table;
}

std::shared_ptr<const PdbTable> PdbTable::from_memory(PdbMeta meta,
                                                      std::vector<std::uint8_t> payload) {
  if (payload.size() != meta.payload_bytes()) {
    throw PdbError(ErrorKind::Database, "payload size does not match the table header");
  }
  std::shared_ptr<PdbTable> table(new PdbTable());
  table->meta_ = std::move(meta);
  table->owned_ = std::move(payload);
  table->data_ = table->owned_.data();
  table->entry_bits_ = table->meta_.entry_bits;
  return table;
}

std::shared_ptr<const PdbTable> PdbTable::borrowing(PdbMeta meta,
                                                    std::span<const std::uint8_t> payload) {
  if (payload.size() != meta.payload_bytes()) {
    throw PdbError(ErrorKind::Database, "payload size does not match the table header");
  }
  std::shared_ptr<PdbTable> table(new PdbTable());
  table->meta_ = std::move(meta);
  table->data_ = payload.data();
  table->entry_bits_ = table->meta_.entry_bits;
  return table;
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
  if (m.goal != goal) mismatch("goal", join(m.goal), join(goal));
  if (m.tiles != tiles) mismatch("pattern", join(m.tiles), join(tiles));
}

void write_table(const std::filesystem::path& path, const PdbMeta& meta,
                 std::span<const std::uint8_t> payload, const std::atomic<bool>* stop) {
  const std::vector<std::uint8_t> header = encode_header(meta);
  remove_stale_temporaries(path);
  const std::filesystem::path temp = temporary_name(path);
  const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0644);
  if (fd < 0) {
    throw PdbError(ErrorKind::Io, "cannot create " + temp.string() + ": " + errno_text(errno));
  }
  auto abandon = [&](ErrorKind kind, const std::string& what) {
    ::close(fd);
    ::unlink(temp.c_str());
    throw PdbError(
        kind, "writing " + path.string() + " failed: " + what + " (the partial file was removed)");
  };
  auto put = [&](const std::uint8_t* p, std::size_t n) {
    while (n > 0) {
      if (stop && stop->load(std::memory_order_relaxed))
        abandon(ErrorKind::Interrupted, "interrupted");
      const std::size_t chunk = std::min<std::size_t>(n, std::size_t{1} << 24);
      const ssize_t written = ::write(fd, p, chunk);
      if (written < 0) {
        if (errno == EINTR) continue;
        abandon(ErrorKind::Io, errno_text(errno));
      }
      if (written == 0) abandon(ErrorKind::Io, "no progress writing");
      p += written;
      n -= static_cast<std::size_t>(written);
    }
  };
  put(header.data(), header.size());
  put(payload.data(), payload.size());
  if (::fsync(fd) != 0) abandon(ErrorKind::Io, "fsync: " + errno_text(errno));
  if (::close(fd) != 0) {
    ::unlink(temp.c_str());
    throw PdbError(ErrorKind::Io,
                   "writing " + path.string() + " failed: close: " + errno_text(errno));
  }
  if (stop && stop->load(std::memory_order_relaxed)) {
    ::unlink(temp.c_str());
    throw PdbError(ErrorKind::Interrupted, "writing " + path.string() + " interrupted (removed)");
  }
  if (std::rename(temp.c_str(), path.c_str()) != 0) {
    const int error = errno;
    ::unlink(temp.c_str());
    throw PdbError(ErrorKind::Io, "cannot rename " + temp.string() + " to " + path.string() + ": " +
                                      errno_text(error));
  }
}

}  // namespace npuzzle::pdb
