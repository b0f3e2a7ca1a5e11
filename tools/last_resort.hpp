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
#include <cstdlib>
#include <cstring>
#include <exception>
#include <new>
#include <stdexcept>
#include <string>
#include <system_error>

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

inline void write_stderr(const std::string& text) {
  [[maybe_unused]] const auto written = ::write(STDERR_FILENO, text.data(), text.size());
}

}  // namespace detail

// Inside a catch block: the message for the exception being handled when it is a memory or thread
// failure ("out of memory: …"), else "".
inline std::string memory_failure_of_current_exception() {
  try {
    throw;
  } catch (const std::bad_alloc&) {
    return "out of memory";
  } catch (const std::system_error& e) {
    if (is_thread_creation_failure(e)) return std::string("out of memory: ") + e.what();
  } catch (const std::runtime_error& e) {
    // oneTBB reports a failed pthread_create with a runtime_error naming it.
    if (std::strstr(e.what(), "pthread_create") != nullptr) {
      return std::string("out of memory: cannot create a thread (") + e.what() + ")";
    }
  } catch (...) {
  }
  return {};
}

namespace detail {

[[noreturn]] inline void on_terminate() {
  const std::string tool = terminate_tool_name();
  if (std::current_exception()) {
    const std::string memory = memory_failure_of_current_exception();
    if (!memory.empty()) {
      write_stderr(tool + ": " + memory + "\n");
      ::_exit(5);
    }
  }
  write_stderr(tool + ": internal error: terminated\n");
  std::abort();
}

}  // namespace detail

// Installs the terminate handler described above; `tool` prefixes its message.
inline void install_last_resort_handler(const char* tool) {
  detail::terminate_tool_name() = tool;
  std::set_terminate(detail::on_terminate);
}

}  // namespace npuzzle
