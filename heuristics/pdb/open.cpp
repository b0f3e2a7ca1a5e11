#include "heuristics/pdb/open.hpp"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <system_error>

#include "heuristics/pdb/file.hpp"

namespace npuzzle::pdb {
namespace {

[[noreturn]] void refuse(const std::filesystem::path& path, const std::string& what) {
  throw PdbError(ErrorKind::Database, "pattern database " + path.string() + ": " + what);
}

std::string open_error(int error) {
  if (error == ELOOP) return "a loop of symbolic links";
  return std::strerror(error);
}

// The pid in "<pid>" or "<pid>.<tag>" (the part of a temporary name after ".tmp."), or 0.
pid_t pid_in(const std::string& rest) {
  pid_t pid = 0;
  std::size_t i = 0;
  for (; i < rest.size() && rest[i] >= '0' && rest[i] <= '9' && i < 10; ++i) {
    pid = pid * 10 + (rest[i] - '0');
  }
  if (i == 0 || (i < rest.size() && rest[i] != '.')) return 0;
  return pid;
}

bool process_alive(pid_t pid) { return ::kill(pid, 0) == 0 || errno == EPERM; }

}  // namespace

const char* file_kind_name(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
  return "not a regular file";
}

bool entry_present(const std::filesystem::path& path) noexcept {
  struct stat st {};
  return ::lstat(path.c_str(), &st) == 0;
}

int open_database_file(const std::filesystem::path& path, struct stat& st) {
  if (::stat(path.c_str(), &st) != 0) {
    const int error = errno;
    if (error == ENOENT && !entry_present(path)) {
      throw PdbError(ErrorKind::Missing, "pattern database " + path.string() + " does not exist");
    }
    if (error == ENOENT) refuse(path, "a symbolic link to nothing");
    refuse(path, "cannot open: " + open_error(error));
  }
  if (!S_ISREG(st.st_mode))
    refuse(path, std::string(file_kind_name(st.st_mode)) + ", not a database file");
  // Non-blocking, in case it was swapped for a FIFO since the stat; checked again on the open file.
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  if (fd < 0) refuse(path, "cannot open: " + open_error(errno));
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    refuse(path, "not a regular file, not a database file");
  }
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  return fd;
}

std::filesystem::path temporary_name(const std::filesystem::path& path) {
  static thread_local std::mt19937_64 random{
      std::random_device{}() ^
      static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count())};
  char tag[17];
  std::snprintf(tag, sizeof tag, "%016llx", static_cast<unsigned long long>(random()));
  return path.string() + ".tmp." + std::to_string(static_cast<long>(::getpid())) + "." + tag;
}

int remove_stale_temporaries(const std::filesystem::path& path) noexcept {
  int removed = 0;
  try {
    const std::string prefix = path.filename().string() + ".tmp.";
    std::error_code ec;
    std::filesystem::directory_iterator it(path.parent_path().empty() ? "." : path.parent_path(),
                                           ec);
    if (ec) return 0;
    const auto now = std::chrono::system_clock::now();
    for (; it != std::filesystem::directory_iterator(); it.increment(ec)) {
      if (ec) break;
      const std::string name = it->path().filename().string();
      if (name.rfind(prefix, 0) != 0) continue;
      const pid_t pid = pid_in(name.substr(prefix.size()));
      struct stat st {};
      if (pid <= 0 || ::lstat(it->path().c_str(), &st) != 0 || !S_ISREG(st.st_mode)) continue;
      const auto modified =
          std::chrono::system_clock::time_point(std::chrono::seconds(st.st_mtim.tv_sec));
      if (now - modified < kStaleTemporaryAge || process_alive(pid)) continue;
      if (::unlink(it->path().c_str()) == 0) ++removed;
    }
  } catch (...) {  // a name that cannot be converted, an allocation: leave the files alone
  }
  return removed;
}

}  // namespace npuzzle::pdb
