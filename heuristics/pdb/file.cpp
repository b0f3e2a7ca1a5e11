// Reading, mapping and writing whole pattern-database files: the checked read-only mapping, the
// private copy on huge pages, the check for a file changed in place, and the atomic write. The
// header block itself is heuristics/pdb/file_header.cpp.
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
#include <string>

#include "heuristics/pdb/file_header.hpp"
#include "heuristics/pdb/open.hpp"

namespace npuzzle::pdb {

PdbTable::~PdbTable() {
  if (copy_base_) munmap(copy_base_, copy_bytes_);
  if (map_base_) munmap(map_base_, map_bytes_);
  if (fd_ >= 0) ::close(fd_);
}

namespace {

std::string errno_text(int error) { return std::strerror(error); }

std::int64_t modification_ns(const struct stat& st) {
  return static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1'000'000'000 + st.st_mtim.tv_nsec;
}

constexpr std::size_t kHugePageBytes = std::size_t{2} << 20;

// Whether a payload of `bytes` is worth and allowed a private copy on huge pages: the kernel's
// transparent huge pages not off, NPUZZLE_PDB_HUGE_PAGES not 0, and `copies_per_host` copies of it
// at most half of the memory available.
bool huge_page_copy_wanted(std::uint64_t bytes, int copies_per_host) {
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
    if (key == "MemAvailable:") {
      const auto copies = static_cast<std::uint64_t>(std::max(copies_per_host, 1));
      return bytes <= kib * 1024 / 2 / copies;
    }
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
      fail_database_file(path, "cannot read: " + errno_text(read_error));
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
                                               const LoadPolicy& policy) {
  struct stat st {};
  const int fd = open_database_file(path, st);
  const auto size = static_cast<std::uint64_t>(st.st_size);
  if (size < kHeaderBytes) {
    // A short file that does not even begin as a database (a text file) is not one, rather than a
    // database cut short.
    char start[sizeof kFileMagic] = {};
    const bool begins = size >= sizeof kFileMagic &&
                        ::pread(fd, start, sizeof start, 0) == static_cast<ssize_t>(sizeof start) &&
                        std::memcmp(start, kFileMagic, sizeof kFileMagic) == 0;
    ::close(fd);
    if (!begins) fail_database_file(path, kNotADatabase);
    fail_database_file(path,
                       "truncated (" + std::to_string(size) + " bytes, shorter than the header)");
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
    fail_database_file(path, (size < expected ? "truncated (" : "has trailing bytes (") +
                                 std::to_string(size) + " bytes, expected " +
                                 std::to_string(expected) + ")");
  }
  table->data_ = bytes + kHeaderBytes;
  table->entry_bits_ = table->meta_.entry_bits;
  table->header_checksum_ = checksum({bytes, kHeaderBytes});
  madvise(base, size, MADV_WILLNEED);
  const std::uint64_t payload_bytes = table->meta_.payload_bytes();
  if (payload_bytes > 0 && payload_bytes >= policy.copy_from_bytes &&
      huge_page_copy_wanted(payload_bytes, policy.copies_per_host)) {
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
    fail_database_file(path, "corrupted (payload checksum mismatch); rebuild it with pdbgen");
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
