// tools/checked_output.hpp — writes that cannot fail silently.
//
// A result that could not be written is a lost result: every front end flushes its output after
// each result and at exit through these helpers, and a failed write (disk full, closed standard
// output, a reader gone with SIGPIPE ignored, a file size limit) throws OutputError, which the
// tools turn into a message on stderr and exit code 2 (the input/output error code) after stopping
// the work in progress. Header-only: npuzzle and pdbgen both use it.
#pragma once

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <ostream>
#include <stdexcept>
#include <string>

namespace npuzzle {

class OutputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

namespace detail {

[[noreturn]] inline void output_failed(const std::string& what, int error) {
  throw OutputError("writing " + what +
                    " failed: " + (error != 0 ? std::strerror(error) : "input/output error"));
}

}  // namespace detail

// Flushes `out` (named `what` in the message, e.g. "the CSV file out.csv") and throws OutputError
// when the stream has failed, now or at an earlier write.
inline void flush_or_throw(std::ostream& out, const std::string& what) {
  errno = 0;
  out.flush();
  const int error = errno;
  if (!out) detail::output_failed(what, error);
}

// The same for standard output, through both std::cout and C's stdout (printf).
inline void flush_stdout_or_throw() {
  errno = 0;
  std::cout.flush();
  const bool flushed = std::fflush(stdout) == 0;
  const int error = errno;
  if (!flushed || !std::cout || std::ferror(stdout))
    detail::output_failed("standard output", error);
}

// Throws OutputError when a write to standard output failed already (no flush: for the lines of a
// long listing, to stop at the first buffer that cannot be written).
inline void check_stdout() {
  if (!std::cout || std::ferror(stdout)) detail::output_failed("standard output", errno);
}

}  // namespace npuzzle
