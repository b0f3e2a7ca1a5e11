#include "tools/app/file_io.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "core/parse.hpp"

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

std::string read_text_file(const std::string& path, const std::string& what) {
  Descriptor fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (fd.get() < 0) fail("read", what, path, errno);
  struct stat info {};
  if (::fstat(fd.get(), &info) != 0) fail("read", what, path, errno);
  if (S_ISDIR(info.st_mode)) fail("read", what, path, EISDIR);
  std::string text;
  char buffer[1 << 16];
  for (;;) {
    const ssize_t n = ::read(fd.get(), buffer, sizeof buffer);
    if (n == 0) break;
    if (n < 0) {
      if (errno == EINTR) continue;
      fail("read", what, path, errno);
    }
    text.append(buffer, static_cast<std::size_t>(n));
  }
  return text;
}

void open_for_writing(std::ofstream& out, const std::string& path, const std::string& what) {
  errno = 0;
  out.open(path);
  if (!out) fail("write", what, path, errno != 0 ? errno : EIO);
}

void write_file_atomically(const std::string& path, std::string_view text,
                           const std::string& what) {
  struct stat info {};
  if (::stat(path.c_str(), &info) == 0 && S_ISDIR(info.st_mode)) fail("write", what, path, EISDIR);
  std::string temporary = path + ".tmp.XXXXXX";
  Descriptor fd(::mkstemp(temporary.data()));
  if (fd.get() < 0) fail("write", what, path, errno);
  const auto give_up = [&](int error_number) {
    ::unlink(temporary.c_str());
    fail("write", what, path, error_number);
  };
  for (std::size_t done = 0; done < text.size();) {
    const ssize_t n = ::write(fd.get(), text.data() + done, text.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      give_up(errno);
    }
    done += static_cast<std::size_t>(n);
  }
  const mode_t mask = ::umask(0);  // a new file gets the mode any other new file would get
  ::umask(mask);
  if (::fchmod(fd.get(), 0666 & ~mask) != 0) give_up(errno);
  if (::fsync(fd.get()) != 0) give_up(errno);
  if (const int error_number = fd.close(); error_number != 0) give_up(error_number);
  if (::rename(temporary.c_str(), path.c_str()) != 0) give_up(errno);
}

}  // namespace npuzzle
