#include "heuristics/pdb/resume.hpp"

#include <fcntl.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>

#include "heuristics/pdb/file.hpp"
#include "heuristics/pdb/index.hpp"
#include "heuristics/pdb/open.hpp"

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
  std::uint64_t header_checksum;  // of every byte of the header before it
};
static_assert(sizeof(ResumeHeader) == 160, "the layout of version 2");
constexpr char kResumeMagic[8] = {'N', 'P', 'Z', 'L', 'P', 'A', 'R', 'T'};
// 1: no header checksum (not read any more: its saved depth and counts were unchecked).
constexpr std::uint32_t kResumeVersion = 2;
static_assert(kMaxCells <= 32);
// No breadth-first round of any table goes past this distance (5x5 tables stay below 256).
constexpr std::int32_t kMaxSavedDepth = 1024;

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

std::uint64_t header_checksum(const ResumeHeader& h) {
  return checksum(
      {reinterpret_cast<const std::uint8_t*>(&h), offsetof(ResumeHeader, header_checksum)});
}

bool same_table(const ResumeHeader& a, const ResumeHeader& b) {
  return a.rows == b.rows && a.cols == b.cols && a.k == b.k && a.zero_aware == b.zero_aware &&
         std::memcmp(a.goal, b.goal, sizeof a.goal) == 0 &&
         std::memcmp(a.tiles, b.tiles, sizeof a.tiles) == 0 && a.count == b.count &&
         a.body_bytes == b.body_bytes;
}

// Why the saved counts cannot be a build's of `count` placements, or "".
std::string counts_fault(const ResumePoint& p, std::uint64_t count) {
  if (p.depth < 0 || p.depth > kMaxSavedDepth) return "its saved distance is out of range";
  if (p.max_distance < 0 || p.max_distance > p.depth + 1 || p.max_stored < 0 ||
      p.max_stored > p.depth) {
    return "its saved largest distance is out of range";
  }
  if (p.placements > count || p.states < p.placements || p.pending > p.states) {
    return "its saved counts are out of range";
  }
  if (!std::isfinite(p.seconds) || p.seconds < 0) return "its saved building time is out of range";
  return {};
}

// "nobody (uid 65534)", or "uid 65534" when the user has no name here.
std::string owner_name(uid_t uid) {
  struct passwd entry {};
  struct passwd* found = nullptr;
  char buffer[1024];
  std::string text = "uid " + std::to_string(uid);
  if (::getpwuid_r(uid, &entry, buffer, sizeof buffer, &found) == 0 && found != nullptr) {
    text = std::string(found->pw_name) + " (" + text + ")";
  }
  return text;
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

class ResumeFd {
 public:
  explicit ResumeFd(int fd) : fd_(fd) {}
  ~ResumeFd() {
    if (fd_ >= 0) ::close(fd_);
  }
  ResumeFd(const ResumeFd&) = delete;
  ResumeFd& operator=(const ResumeFd&) = delete;
  int get() const { return fd_; }

 private:
  int fd_;
};

ResumeLoad rejected(std::string reason) {
  return {ResumeLoad::Status::Rejected, std::move(reason)};
}

}  // namespace

std::string save_resume(const std::filesystem::path& file, const BuildSpec& spec,
                        std::uint64_t count, const ResumePoint& point,
                        std::span<const std::uint8_t> body) {
  remove_stale_temporaries(file);
  ResumeHeader h = table_header(spec, count, body.size());
  h.point = point;
  h.body_checksum = checksum(body);
  h.header_checksum = header_checksum(h);
  const std::filesystem::path temporary = temporary_name(file);
  const int fd =
      ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
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

ResumeLoad load_resume(const std::filesystem::path& file, const BuildSpec& spec,
                       std::uint64_t count, ResumePoint& point, std::span<std::uint8_t> body,
                       bool trust_other_user) {
  if (!entry_present(file)) return {};
  // Non-blocking: a FIFO without a writer must not hold the build in open().
  const ResumeFd fd(::open(file.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC));
  if (fd.get() < 0) return rejected(std::string("cannot open it: ") + std::strerror(errno));
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0) return rejected(std::strerror(errno));
  if (!S_ISREG(st.st_mode))
    return rejected(std::string(file_kind_name(st.st_mode)) + ", not a saved build");
  if (st.st_uid != ::geteuid() && !trust_other_user) {
    return {ResumeLoad::Status::OtherOwner, owner_name(st.st_uid)};
  }
  ::fcntl(fd.get(), F_SETFL, ::fcntl(fd.get(), F_GETFL) & ~O_NONBLOCK);

  ResumeHeader h{};
  if (!transfer_all(fd.get(), reinterpret_cast<std::uint8_t*>(&h), sizeof h, ::read) ||
      std::memcmp(h.magic, kResumeMagic, sizeof h.magic) != 0) {
    return rejected("not a saved build");
  }
  if (h.version != kResumeVersion) {
    return rejected("a saved build of format version " + std::to_string(h.version) + ", not " +
                    std::to_string(kResumeVersion));
  }
  if (h.header_checksum != header_checksum(h)) return rejected("its header checksum does not hold");
  if (!same_table(h, table_header(spec, count, body.size()))) {
    return rejected("a saved build of another table");
  }
  if (static_cast<std::uint64_t>(st.st_size) != sizeof h + body.size()) {
    return rejected("its size is not that of a saved build of this table");
  }
  if (std::string fault = counts_fault(h.point, count); !fault.empty()) return rejected(fault);
  if (!transfer_all(fd.get(), body.data(), body.size(), ::read)) {
    return rejected("it could not be read to the end");
  }
  if (checksum(body) != h.body_checksum) return rejected("its body checksum does not hold");
  point = h.point;
  return {ResumeLoad::Status::Loaded, {}};
}

std::filesystem::path set_aside_resume(const std::filesystem::path& file, std::string& error) {
  std::filesystem::path aside = file;
  aside += ".rejected-" + std::to_string(static_cast<long long>(std::time(nullptr))) + "-" +
           std::to_string(static_cast<long>(::getpid()));
  if (std::rename(file.c_str(), aside.c_str()) != 0) {
    error = std::strerror(errno);
    return {};
  }
  return aside;
}

}  // namespace npuzzle::pdb
