#include "engine/file_io.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <system_error>

#include "text/parse.hpp"

namespace npuzzle {
namespace {

[[noreturn]] void fail(const std::string& verb, const std::string& what, const std::string& path,
                       int error_number) {
  throw InputError("cannot " + verb + " " + what + " '" + printable(path) +
                   "': " + system_reason(error_number));
}

// Closes a descriptor on every path out of a function.
class Descriptor {
 public:
  explicit Descriptor(int fd) : fd_(fd) {}
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;
  ~Descriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  int get() const { return fd_; }
  // Closes now and returns 0, or the errno of a failed close.
  int close() {
    const int result = ::close(fd_);
    fd_ = -1;
    return result == 0 ? 0 : errno;
  }

 private:
  int fd_;
};

}  // namespace

std::string system_reason(int error_number) { return std::strerror(error_number); }

std::string file_kind(unsigned mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

std::string read_text_file(const std::string& path, const std::string& what, std::size_t max_bytes,
                           std::string_view prefix, uid_t* owner) {
  // Without blocking: a FIFO with no writer would hold open() up, deaf to Ctrl-C.
  Descriptor fd(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC));
  if (fd.get() < 0) fail("read", what, path, errno);
  struct stat info {};
  if (::fstat(fd.get(), &info) != 0) fail("read", what, path, errno);
  if (S_ISDIR(info.st_mode)) fail("read", what, path, EISDIR);
  if (!S_ISREG(info.st_mode)) {
    throw InputError("cannot read " + what + " '" + printable(path) + "': it is " +
                     file_kind(info.st_mode) + ", not a regular file");
  }
  const auto too_large = [&] {
    throw InputError("cannot read " + what + " '" + printable(path) + "': larger than " +
                     std::to_string(max_bytes) + " bytes, more than any " + what + " holds");
  };
  if (static_cast<std::uint64_t>(info.st_size) > max_bytes) too_large();
  if (owner) *owner = info.st_uid;
  std::string text;
  char buffer[1 << 16];
  for (;;) {
    const ssize_t n = ::read(fd.get(), buffer, sizeof buffer);
    if (n == 0) break;
    if (n < 0) {
      if (errno == EINTR) continue;
      fail("read", what, path, errno);
    }
    if (static_cast<std::size_t>(n) > max_bytes - text.size()) too_large();  // it grew meanwhile
    text.append(buffer, static_cast<std::size_t>(n));
    const std::size_t compared = std::min(text.size(), prefix.size());
    if (text.compare(0, compared, prefix.substr(0, compared)) != 0) break;
  }
  return text;
}

namespace {

// Where a write of `path` goes: the file its symbolic links lead to, and how it is written there.
struct Destination {
  std::string path;  // `path` with its symbolic links followed (the file itself when none)
  // "'link' (a link to 'target')" or "'path'": how messages name it.
  std::string named;
  bool exists = false;
  mode_t mode = 0;       // when it exists
  bool through = false;  // an existing file that is not a regular one (a device, a FIFO)
};

[[noreturn]] void fail_at(const std::string& what, const Destination& d, int error_number) {
  throw InputError("cannot write " + what + " " + d.named + ": " + system_reason(error_number));
}

// Follows the chain of symbolic links `path` names (relative ones from the link's directory) to
// the file at its end, which need not exist: writing through a dangling link creates its target.
// Returns 0 and sets `resolved`, or an errno (ELOOP for a chain longer than 40 links).
int follow_links(const std::string& path, std::string& resolved) {
  std::string current = path;
  for (int links = 0; links <= 40; ++links) {
    struct stat info {};
    if (::lstat(current.c_str(), &info) != 0 || !S_ISLNK(info.st_mode)) {
      resolved = current;  // not a link, or nothing there (the errors come when it is written)
      return 0;
    }
    std::string target(static_cast<std::size_t>(info.st_size) + 1, '\0');
    for (;;) {
      const ssize_t n = ::readlink(current.c_str(), target.data(), target.size());
      if (n < 0) return errno;
      if (static_cast<std::size_t>(n) < target.size()) {
        target.resize(static_cast<std::size_t>(n));
        break;
      }
      target.resize(target.size() * 2);  // the link changed meanwhile: read it again
    }
    if (target.empty()) return ENOENT;
    if (target.front() != '/') {
      const std::size_t slash = current.rfind('/');
      if (slash != std::string::npos) target = current.substr(0, slash + 1) + target;
    }
    current = std::move(target);
  }
  return ELOOP;
}

Destination destination(const std::string& path, const std::string& what) {
  Destination d;
  d.named.append("'").append(printable(path)).append("'");  // (GCC 12 warns at "'" + string&&)
  if (const int error_number = follow_links(path, d.path); error_number != 0) {
    d.path = path;
    fail_at(what, d, error_number);
  }
  if (d.path != path) d.named += " (a link to '" + printable(d.path) + "')";
  struct stat info {};
  if (::stat(d.path.c_str(), &info) == 0) {
    if (S_ISDIR(info.st_mode)) fail_at(what, d, EISDIR);
    d.exists = true;
    d.mode = info.st_mode;
    d.through = !S_ISREG(info.st_mode);
  }
  return d;
}

// 0, or the errno of the write that failed.
int write_all(int fd, std::string_view text) {
  for (std::size_t done = 0; done < text.size();) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    done += static_cast<std::size_t>(n);
  }
  return 0;
}

// The name of a new temporary file beside the destination, created (mode 0600, open on `fd`).
std::string temporary_beside(const Destination& d, int& fd) {
  std::string temporary = d.path + ".tmp.XXXXXX";
  fd = ::mkstemp(temporary.data());
  return temporary;
}

// Opens an existing device or FIFO for writing, never creating it: without blocking, so that a FIFO
// no process reads is refused (ENXIO) rather than waited for; then back to blocking writes.
int open_through(const Destination& d, const std::string& what, int flags) {
  const int fd = ::open(d.path.c_str(), O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | flags);
  if (fd < 0) {
    if (errno == ENXIO && S_ISFIFO(d.mode)) {
      throw InputError("cannot write " + what + " " + d.named +
                       ": it is a FIFO that no process reads");
    }
    fail_at(what, d, errno);
  }
  const int status = ::fcntl(fd, F_GETFL);
  if (status < 0 || ::fcntl(fd, F_SETFL, status & ~O_NONBLOCK) != 0) {
    const int error_number = errno;
    ::close(fd);
    fail_at(what, d, error_number);
  }
  return fd;
}

// An existing device or FIFO: opened (never created) and written as it is, like the shell's `>`.
void write_through(const Destination& d, std::string_view text, const std::string& what) {
  Descriptor fd(open_through(d, what, O_TRUNC));
  if (const int error_number = write_all(fd.get(), text); error_number != 0) {
    fail_at(what, d, error_number);
  }
  // A block device keeps what it was given; a FIFO, a terminal or /dev/null cannot be synced.
  if (::fsync(fd.get()) != 0 && errno != EINVAL && errno != EROFS && errno != ENOTSUP) {
    fail_at(what, d, errno);
  }
  if (const int error_number = fd.close(); error_number != 0) fail_at(what, d, error_number);
}

}  // namespace

void write_file_atomically(const std::string& path, std::string_view text,
                           const std::string& what) {
  const Destination d = destination(path, what);
  if (d.through) {
    write_through(d, text, what);
    return;
  }
  int raw_fd = -1;
  const std::string temporary = temporary_beside(d, raw_fd);
  Descriptor fd(raw_fd);
  if (fd.get() < 0) fail_at(what, d, errno);
  const auto give_up = [&](int error_number) {
    ::unlink(temporary.c_str());
    fail_at(what, d, error_number);
  };
  if (const int error_number = write_all(fd.get(), text); error_number != 0) give_up(error_number);
  // The file replaced keeps its permissions; a new one gets those any other new file would get.
  mode_t mode = d.mode & 0777;
  if (!d.exists) {
    const mode_t mask = ::umask(0);
    ::umask(mask);
    mode = 0666 & ~mask;
  }
  if (::fchmod(fd.get(), mode) != 0) give_up(errno);
  if (::fsync(fd.get()) != 0) give_up(errno);
  if (const int error_number = fd.close(); error_number != 0) give_up(error_number);
  if (::rename(temporary.c_str(), d.path.c_str()) != 0) give_up(errno);
}

bool same_file_path(const std::string& a, const std::string& b) {
  std::error_code failed_a, failed_b;
  const std::filesystem::path resolved_a = std::filesystem::weakly_canonical(a, failed_a);
  const std::filesystem::path resolved_b = std::filesystem::weakly_canonical(b, failed_b);
  if (failed_a || failed_b) return a == b;  // one that cannot be resolved is compared as given
  return resolved_a == resolved_b;
}

void remove_stale_temporaries(const std::string& path, double min_age_seconds) {
  std::string target;
  if (follow_links(path, target) != 0) return;
  const std::size_t slash = target.rfind('/');
  const std::string directory = slash == std::string::npos ? "." : target.substr(0, slash + 1);
  const std::string prefix = target.substr(slash == std::string::npos ? 0 : slash + 1) + ".tmp.";
  constexpr std::size_t kSuffix = 6;  // mkstemp's XXXXXX
  DIR* listing = ::opendir(directory.c_str());
  if (!listing) return;
  const double now = static_cast<double>(::time(nullptr));
  while (const dirent* entry = ::readdir(listing)) {
    const std::string_view name = entry->d_name;
    if (name.size() != prefix.size() + kSuffix || name.substr(0, prefix.size()) != prefix) continue;
    const std::string file = (slash == std::string::npos ? "" : directory) + std::string(name);
    struct stat info {};
    if (::lstat(file.c_str(), &info) != 0 || !S_ISREG(info.st_mode) || info.st_uid != ::getuid() ||
        now - static_cast<double>(info.st_mtime) < min_age_seconds) {
      continue;
    }
    ::unlink(file.c_str());
  }
  ::closedir(listing);
}

void check_writable(const std::string& path, const std::string& what, bool regular_only) {
  const Destination d = destination(path, what);
  if (d.through) {
    if (regular_only) {
      throw InputError("cannot write " + what + " " + d.named + ": it is " + file_kind(d.mode) +
                       ", not a regular file");
    }
    ::close(open_through(d, what, 0));  // opened without truncating or writing
    return;
  }
  int fd = -1;
  const std::string temporary = temporary_beside(d, fd);
  if (fd < 0) fail_at(what, d, errno);
  ::close(fd);
  ::unlink(temporary.c_str());
}

}  // namespace npuzzle
