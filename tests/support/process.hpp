// tests/support/process.hpp — the one way the tests run a program: the built binaries (npuzzle,
// pdbgen) or a shell, each run with a deadline, so that a hang kills the child and fails the test
// that started it instead of stalling the suite.
//
// `run_program` forks and execs a binary with stdout and stderr captured in files, stdin from a
// file (or /dev/null), a hard timeout (a hang is killed, reported as timed out and fails the test
// that ran it), optional extra environment, an optional file-size limit (RLIMIT_FSIZE with SIGXFSZ
// ignored, as `ulimit -f` gives), and an optional action once the child has started working: when
// its stderr first contains a trigger text (or after a delay), a signal is sent or a callback runs
// (e.g. replacing a file on disk). Standard output can go to a given path (/dev/full), be closed,
// or be a pipe whose reader is gone (SIGPIPE ignored); an address-space limit (RLIMIT_AS, as
// `ulimit -v`) makes allocations fail for real; a signal can be pending at the start (blocked and
// raised before exec); the child's peak resident size is reported (wait4's ru_maxrss).
//
// `PipedChild` is a program the test talks to while it runs: its stdin and stdout are pipes the
// test holds; every read and wait has a deadline, and the child is killed when the object goes.
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace npuzzle::process {

namespace fs = std::filesystem;

inline std::string npuzzle_binary() { return NPUZZLE_BINARY_DIR "/tools/npuzzle"; }
inline std::string pdbgen_binary() { return NPUZZLE_BINARY_DIR "/tools/pdbgen"; }

// Skips the current test (with the reason) when `path` is not an executable file.
#define NPUZZLE_REQUIRE_BINARY(path)                                                        \
  do {                                                                                      \
    if (::access((path).c_str(), X_OK) != 0) GTEST_SKIP() << (path) << " is not built yet"; \
  } while (0)

// Whether an executable named `program` is in a directory of $PATH (found without running
// anything, as `command -v` would).
inline bool on_path(const std::string& program) {
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path ? path : "");
  for (std::string dir; std::getline(dirs, dir, ':');) {
    if (!dir.empty() && ::access((dir + "/" + program).c_str(), X_OK) == 0) return true;
  }
  return false;
}

// A per-process scratch directory, removed when the test binary exits.
inline const fs::path& scratch_dir() {
  static const fs::path dir = [] {
    fs::path d = fs::temp_directory_path() / ("npuzzle_test_" + std::to_string(::getpid()));
    fs::create_directories(d);
    std::atexit([] {
      std::error_code ec;
      fs::remove_all(fs::temp_directory_path() / ("npuzzle_test_" + std::to_string(::getpid())),
                     ec);
    });
    return d;
  }();
  return dir;
}

// A fresh empty directory under the scratch directory.
inline fs::path fresh_dir(const std::string& name) {
  const fs::path dir = scratch_dir() / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

inline std::string write_text(const fs::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
  return path.string();
}

inline std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

struct RunSpec {
  std::vector<std::string> argv;                         // argv[0] is the binary's path
  std::string stdin_text;                                // empty: stdin is /dev/null
  std::vector<std::pair<std::string, std::string>> env;  // added to the environment
  std::vector<std::string> unset_env;                    // removed from it (before `env`)
  double timeout_seconds = 60;                           // then SIGKILL and timed_out
  std::optional<long> file_size_limit;                   // RLIMIT_FSIZE in bytes
  bool sigxfsz_default = false;  // with file_size_limit: SIGXFSZ left to kill, unless the tool
                                 // ignores it itself (the default: ignored, writes fail)
  std::optional<long> address_space_limit;  // RLIMIT_AS in bytes (ulimit -v)
  // Standard output: "" captured; a path such as "/dev/full"; "closed"; "broken-pipe" (a pipe
  // whose reader is gone, SIGPIPE ignored so that writes fail with EPIPE).
  std::string stdout_to;
  bool ignore_sigpipe = false;
  // The action: once stderr contains `trigger` (any time when empty) and `delay_seconds` more
  // have passed, send `signal_number` (when non-zero) and call `on_trigger` (when set), once.
  std::string trigger;
  bool trigger_in_stdout = false;  // look for `trigger` in stdout instead of stderr
  double delay_seconds = 0;
  int signal_number = 0;
  std::function<void()> on_trigger;
  // A signal already pending when the program starts: blocked and raised in the child just before
  // exec, so it arrives the moment the program unblocks it (a signal at start-up, without timing).
  int pending_signal = 0;
};

struct RunResult {
  int exit_code = -1;   // when the child exited
  int term_signal = 0;  // when a signal ended the child
  bool timed_out = false;
  bool triggered = false;            // the action ran
  long max_rss_kib = 0;              // the child's peak resident set (ru_maxrss)
  double seconds_after_trigger = 0;  // from the action to the child's end
  std::string out, err;
  bool exited() const { return !timed_out && term_signal == 0; }
  // "exit 2", "killed by signal 11", "hung (killed after the timeout)".
  std::string describe() const {
    if (timed_out) return "hung (killed after the timeout)";
    if (term_signal) return "killed by signal " + std::to_string(term_signal);
    return "exit " + std::to_string(exit_code);
  }
};

inline RunResult run_program(const RunSpec& spec) {
  static int counter = 0;
  const std::string tag = std::to_string(++counter);
  const fs::path out_path = scratch_dir() / ("out" + tag);
  const fs::path err_path = scratch_dir() / ("err" + tag);
  const fs::path in_path = scratch_dir() / ("in" + tag);
  if (!spec.stdin_text.empty()) write_text(in_path, spec.stdin_text);

  std::vector<char*> args;
  for (const std::string& a : spec.argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);

  RunResult result;
  int pipe_fds[2] = {-1, -1};
  if (spec.stdout_to == "broken-pipe") {
    if (::pipe(pipe_fds) != 0) {
      ADD_FAILURE() << "pipe failed";
      return result;
    }
    // The reader is gone before the child starts: its first write fails with EPIPE, however
    // loaded the machine (a reader closed after the fork left the child a pipe buffer to fill).
    ::close(pipe_fds[0]);
    pipe_fds[0] = -1;
  }
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = ::fork();
  if (pid < 0) {
    ADD_FAILURE() << "fork failed";
    return result;
  }
  if (pid == 0) {
    const int in_fd =
        ::open(spec.stdin_text.empty() ? "/dev/null" : in_path.c_str(), O_RDONLY | O_CLOEXEC);
    const std::string out_name =
        spec.stdout_to.empty() || spec.stdout_to == "closed" || spec.stdout_to == "broken-pipe"
            ? out_path.string()
            : spec.stdout_to;
    int out_fd = ::open(out_name.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    const int err_fd = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (spec.stdout_to == "broken-pipe") out_fd = pipe_fds[1];
    if (in_fd < 0 || out_fd < 0 || err_fd < 0) ::_exit(126);
    ::dup2(in_fd, 0);
    ::dup2(out_fd, 1);
    ::dup2(err_fd, 2);
    if (spec.stdout_to == "closed") ::close(1);
    ::signal(SIGPIPE, spec.ignore_sigpipe ? SIG_IGN : SIG_DFL);
    if (spec.address_space_limit) {
      const rlimit limit{static_cast<rlim_t>(*spec.address_space_limit),
                         static_cast<rlim_t>(*spec.address_space_limit)};
      ::setrlimit(RLIMIT_AS, &limit);
    }
    for (const std::string& name : spec.unset_env) ::unsetenv(name.c_str());
    for (const auto& [name, value] : spec.env) ::setenv(name.c_str(), value.c_str(), 1);
    ::signal(SIGINT, SIG_DFL);
    ::signal(SIGTERM, SIG_DFL);
    ::signal(SIGHUP, SIG_DFL);
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
    if (spec.pending_signal) {
      sigset_t pending;
      sigemptyset(&pending);
      sigaddset(&pending, spec.pending_signal);
      ::sigprocmask(SIG_BLOCK, &pending, nullptr);
      ::raise(spec.pending_signal);
    }
    if (spec.file_size_limit) {
      // Kept across exec: writes fail with EFBIG instead.
      ::signal(SIGXFSZ, spec.sigxfsz_default ? SIG_DFL : SIG_IGN);
      const rlimit limit{static_cast<rlim_t>(*spec.file_size_limit),
                         static_cast<rlim_t>(*spec.file_size_limit)};
      ::setrlimit(RLIMIT_FSIZE, &limit);
    }
    ::execv(args[0], args.data());
    ::_exit(127);
  }

  if (pipe_fds[1] >= 0) ::close(pipe_fds[1]);  // the child holds the only writer
  const auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  const bool has_action = spec.signal_number != 0 || static_cast<bool>(spec.on_trigger);
  std::optional<double> trigger_seen;  // when the trigger text first appeared
  double action_time = 0;
  int status = 0;
  rusage usage{};
  for (;;) {
    const pid_t done = ::wait4(pid, &status, WNOHANG, &usage);
    if (done == pid) break;
    const double now = elapsed();
    if (has_action && !result.triggered) {
      if (!trigger_seen &&
          (spec.trigger.empty() ||
           read_text(spec.trigger_in_stdout ? out_path : err_path).find(spec.trigger) !=
               std::string::npos)) {
        trigger_seen = now;
      }
      if (trigger_seen && now >= *trigger_seen + spec.delay_seconds) {
        if (spec.on_trigger) spec.on_trigger();
        if (spec.signal_number) ::kill(pid, spec.signal_number);
        result.triggered = true;
        action_time = elapsed();
      }
    }
    if (now > spec.timeout_seconds) {
      ::kill(pid, SIGKILL);
      ::wait4(pid, &status, 0, &usage);
      result.timed_out = true;
      ADD_FAILURE() << spec.argv.front() << " still running after " << spec.timeout_seconds
                    << " s: killed";
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(has_action && !result.triggered ? 1 : 5));
  }
  if (result.triggered) result.seconds_after_trigger = elapsed() - action_time;
  result.max_rss_kib = usage.ru_maxrss;
  if (!result.timed_out) {
    if (WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) result.term_signal = WTERMSIG(status);
  }
  result.out = read_text(out_path);
  result.err = read_text(err_path);
  std::error_code ec;
  fs::remove(out_path, ec);
  fs::remove(err_path, ec);
  fs::remove(in_path, ec);
  return result;
}

// A program with its stdin and stdout on pipes held by the test (stderr to /dev/null), started at
// construction and killed (SIGKILL) when the object goes if it has not been waited for.
class PipedChild {
 public:
  explicit PipedChild(const std::vector<std::string>& argv) {
    int in[2], out[2];
    if (::pipe(in) != 0) return;
    if (::pipe(out) != 0) {
      ::close(in[0]);
      ::close(in[1]);
      return;
    }
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    pid_ = ::fork();
    if (pid_ == 0) {
      ::dup2(in[0], 0);
      ::dup2(out[1], 1);
      const int null = ::open("/dev/null", O_WRONLY);
      ::dup2(null, 2);
      for (int fd : {in[0], in[1], out[0], out[1], null}) ::close(fd);
      ::signal(SIGINT, SIG_DFL);
      ::execv(args[0], args.data());
      ::_exit(127);
    }
    ::close(in[0]);
    ::close(out[1]);
    to_child_ = in[1];
    from_child_ = out[0];
  }
  PipedChild(const PipedChild&) = delete;
  PipedChild& operator=(const PipedChild&) = delete;
  ~PipedChild() {
    if (to_child_ >= 0) ::close(to_child_);
    if (from_child_ >= 0) ::close(from_child_);
    if (pid_ > 0 && !reaped_) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
  }
  bool started() const { return pid_ > 0; }
  pid_t pid() const { return pid_; }
  void send(const std::string& text) {
    [[maybe_unused]] const auto n = ::write(to_child_, text.data(), text.size());
  }
  void close_input() {
    ::close(to_child_);
    to_child_ = -1;
  }
  // The next line of output, or "" after `seconds` without one.
  std::string line(double seconds) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    for (;;) {
      if (const auto nl = buffered_.find('\n'); nl != std::string::npos) {
        std::string l = buffered_.substr(0, nl);
        buffered_.erase(0, nl + 1);
        return l;
      }
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0) return {};
      pollfd p{from_child_, POLLIN, 0};
      if (::poll(&p, 1, static_cast<int>(left.count())) <= 0) continue;
      char chunk[4096];
      const ssize_t got = ::read(from_child_, chunk, sizeof chunk);
      if (got <= 0) return {};
      buffered_.append(chunk, static_cast<std::size_t>(got));
    }
  }
  // Waits up to `seconds` for the exit; -1 when still running (it is killed when the object goes),
  // else the exit code, or 128 + the signal.
  int wait(double seconds) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    int status = 0;
    while (std::chrono::steady_clock::now() < deadline) {
      if (::waitpid(pid_, &status, WNOHANG) == pid_) {
        reaped_ = true;
        return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return -1;
  }

 private:
  pid_t pid_ = -1;
  int to_child_ = -1, from_child_ = -1;
  bool reaped_ = false;
  std::string buffered_;
};

}  // namespace npuzzle::process
