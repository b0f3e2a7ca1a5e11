#include "heuristics/pdb_resume.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include "heuristics/pdb_file.hpp"
#include "heuristics/pdb_index.hpp"

namespace npuzzle::pdb {
namespace {

// The head of a resume file, little-endian as laid out on x86-64; the working table follows it.
struct ResumeHeader {
  char magic[8];
  std::uint32_t version;
  std::uint8_t rows, cols, k, zero_aware;
  std::uint8_t goal[32];
  std::uint8_t tiles[32];
  std::uint64_t count;       // placements
  std::uint64_t body_bytes;  // the working table's bytes
  ResumePoint point;
  std::uint64_t body_checksum;
};
static_assert(sizeof(ResumeHeader) == 152, "the layout of version 1");
constexpr char kResumeMagic[8] = {'N', 'P', 'Z', 'L', 'P', 'A', 'R', 'T'};
constexpr std::uint32_t kResumeVersion = 1;
static_assert(kMaxCells <= 32);

// The fields that name the table (the rest zero).
ResumeHeader table_header(const BuildSpec& spec, std::uint64_t count, std::uint64_t body_bytes) {
  ResumeHeader h{};
  std::memcpy(h.magic, kResumeMagic, sizeof h.magic);
  h.version = kResumeVersion;
  h.rows = static_cast<std::uint8_t>(spec.rows);
  h.cols = static_cast<std::uint8_t>(spec.cols);
  h.k = static_cast<std::uint8_t>(spec.tiles.size());
  h.zero_aware = spec.zero_aware ? 1 : 0;
  for (std::size_t i = 0; i < spec.goal.size(); ++i) {
    h.goal[i] = static_cast<std::uint8_t>(spec.goal[i]);
  }
  for (std::size_t i = 0; i < spec.tiles.size(); ++i) {
    h.tiles[i] = static_cast<std::uint8_t>(spec.tiles[i]);
  }
  h.count = count;
  h.body_bytes = body_bytes;
  return h;
}

bool same_table(const ResumeHeader& a, const ResumeHeader& b) {
  return std::memcmp(a.magic, b.magic, sizeof a.magic) == 0 && a.version == b.version &&
         a.rows == b.rows && a.cols == b.cols && a.k == b.k && a.zero_aware == b.zero_aware &&
         std::memcmp(a.goal, b.goal, sizeof a.goal) == 0 &&
         std::memcmp(a.tiles, b.tiles, sizeof a.tiles) == 0 && a.count == b.count &&
         a.body_bytes == b.body_bytes;
}

// Moves `bytes` at `data` through `io` (::write or ::read) in pieces of at most 1 GiB (a call moves
// at most about 2 GiB); false on an error or an early end of file.
template <class Data, class Io>
bool transfer_all(int fd, Data* data, std::uint64_t bytes, Io io) {
  while (bytes > 0) {
    const ssize_t n = io(fd, data, std::min<std::uint64_t>(bytes, std::uint64_t{1} << 30));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    data += n;
    bytes -= static_cast<std::uint64_t>(n);
  }
  return true;
}

}  // namespace

std::string save_resume(const std::filesystem::path& file, const BuildSpec& spec,
                        std::uint64_t count, const ResumePoint& point,
                        std::span<const std::uint8_t> body) {
  ResumeHeader h = table_header(spec, count, body.size());
  h.point = point;
  h.body_checksum = checksum(body);
  std::filesystem::path temporary = file;
  temporary += ".tmp." + std::to_string(::getpid());
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  bool ok = fd >= 0 &&
            transfer_all(fd, reinterpret_cast<const std::uint8_t*>(&h), sizeof h, ::write) &&
            transfer_all(fd, body.data(), body.size(), ::write) && ::fsync(fd) == 0;
  int error = ok ? 0 : errno;
  if (fd >= 0 && ::close(fd) != 0 && ok) {
    ok = false;
    error = errno;
  }
  if (ok && std::rename(temporary.c_str(), file.c_str()) != 0) {
    ok = false;
    error = errno;
  }
  if (ok) return {};
  ::unlink(temporary.c_str());
  return std::strerror(error != 0 ? error : EIO);
}

bool load_resume(const std::filesystem::path& file, const BuildSpec& spec, std::uint64_t count,
                 ResumePoint& point, std::span<std::uint8_t> body) {
  const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  ResumeHeader h{};
  const bool ok = transfer_all(fd, reinterpret_cast<std::uint8_t*>(&h), sizeof h, ::read) &&
                  same_table(h, table_header(spec, count, body.size())) &&
                  transfer_all(fd, body.data(), body.size(), ::read) &&
                  checksum(body) == h.body_checksum;
  ::close(fd);
  if (ok) point = h.point;
  return ok;
}

}  // namespace npuzzle::pdb
