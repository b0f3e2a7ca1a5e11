// tools/last_resort.hpp — what npuzzle and pdbgen do when the system refuses a thread or memory.
//
// Creating a thread fails (std::system_error, EAGAIN or ENOMEM from pthread_create) when the
// address space or the process limit is exhausted: the tools report it like any allocation failure,
// exit code 5 ("out of memory"). A failure inside a library thread that cannot be caught where it
// happens (oneTBB starting its workers, a destructor) reaches std::terminate: the handler installed
// here still ends the process with a message and exit 5 for a memory or thread failure, instead of
// an abort without explanation. Header-only so that both tools use it without a shared library.
#pragma once

#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <initializer_list>
#include <new>
#include <stdexcept>
#include <string>
#include <system_error>

#include "engine/exit_code.hpp"

namespace npuzzle {

inline bool is_thread_creation_failure(const std::system_error& e) {
  return e.code() == std::errc::resource_unavailable_try_again ||
         e.code() == std::errc::not_enough_memory;
}

namespace detail {

inline const char*& terminate_tool_name() {
  static const char* name = "npuzzle";
  return name;
}

// Writes the pieces to stderr without allocating (memory may be exhausted).
inline void write_stderr(std::initializer_list<const char*> pieces) {
  for (const char* piece : pieces) {
    [[maybe_unused]] const auto written = ::write(STDERR_FILENO, piece, std::strlen(piece));
  }
}

// What the exception being handled is, without allocating: a memory or thread failure gives the
// text after "out of memory", else nullptr.
inline const char* memory_failure_kind(const char*& detail) noexcept {
  detail = "";
  try {
    throw;
  } catch (const std::bad_alloc&) {
    return "";
  } catch (const std::system_error& e) {
    if (is_thread_creation_failure(e)) {
      detail = e.what();
      return ": cannot create a thread: ";
    }
  } catch (const std::runtime_error& e) {
    if (std::strstr(e.what(), "pthread_create") != nullptr) {  // oneTBB starting a worker
      detail = e.what();
      return ": cannot create a thread: ";
    }
  } catch (...) {
  }
  return nullptr;
}

}  // namespace detail

// Inside a catch block: the message for the exception being handled when it is a memory or thread
// failure ("out of memory: …"), else "".
inline std::string memory_failure_of_current_exception() {
  const char* detail = "";
  const char* kind = detail::memory_failure_kind(detail);
  if (kind == nullptr) return {};
  return std::string("out of memory") + kind + detail;
}

namespace detail {

[[noreturn]] inline void on_terminate() {
  const char* tool = terminate_tool_name();
  if (std::current_exception()) {
    const char* detail = "";
    if (const char* kind = memory_failure_kind(detail)) {
      write_stderr({tool, ": out of memory", kind, detail, "\n"});
      ::_exit(to_int(ExitCode::OutOfMemory));
    }
  }
  write_stderr({tool, ": internal error: terminated\n"});
  std::abort();
}

}  // namespace detail

// Installs the terminate handler described above; `tool` prefixes its message.
inline void install_last_resort_handler(const char* tool) {
  detail::terminate_tool_name() = tool;
  std::set_terminate(detail::on_terminate);
}

// Before main an allocation that fails cannot become an exception: under an address-space limit
// that low (`ulimit -v` of a few tens of MiB) the runtime's emergency buffer for exceptions is
// missing too, and the process would abort. This new-handler, installed by the tools before their
// static objects are built, reports it and exits with code 5; main removes it (std::set_new_handler
// (nullptr)), after which a failed allocation throws std::bad_alloc as usual.
[[noreturn]] inline void out_of_memory_at_start_up() {
  detail::write_stderr({detail::terminate_tool_name(),
                        ": out of memory at start-up (is the address-space limit, ulimit -v, too "
                        "low?)\n"});
  ::_exit(to_int(ExitCode::OutOfMemory));
}

// What both tools do first, from a constructor that runs before their static objects are built:
// the terminate and start-up new-handlers above, `on_stop` for SIGINT, SIGTERM and SIGHUP (a signal
// at start-up stops the run like one during it), and those signals unblocked when the parent left
// them blocked (one already pending arrives now).
inline void prepare_start_up(const char* tool, void (*on_stop)(int)) {
  install_last_resort_handler(tool);
  std::set_new_handler(out_of_memory_at_start_up);
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  for (const int signal : {SIGINT, SIGTERM, SIGHUP}) {
    std::signal(signal, on_stop);
    sigaddset(&stop_signals, signal);
  }
  ::sigprocmask(SIG_UNBLOCK, &stop_signals, nullptr);
}

}  // namespace npuzzle
