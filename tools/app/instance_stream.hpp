// tools/app/instance_stream.hpp — the instances of `npuzzle solve`, read a piece at a time.
//
// The input (a file, standard input, or a board given on the command line) is never held whole:
// `next` reads until it has up to `max` instances or no more input is ready at the moment (a pipe
// that waits for its writer), so answers start while the input still arrives and memory stays
// bounded by the instances in flight. The text is cut only where no board can continue (after a
// blank line, or a line of more than five tokens or of a whole board for --size), so the instances
// are exactly those parse_instances would read from the whole text, with the same ids and line
// numbers; a run of more than kMaxRunLines short lines with no such place is cut there.
//
// Faults: a line longer than kMaxLineBytes (a binary file, /dev/zero) ends the input with
// InputError; a UTF-8 byte order mark at the start is skipped; `-f DIR` is refused as a directory;
// `stop` (Ctrl-C, SIGTERM) is seen within 0.1 s even while waiting for input (a FIFO with no writer
// yet included: it is opened without blocking), and ends it.
#pragma once

#include <atomic>
#include <cstddef>
#include <string>
#include <vector>

#include "text/parse.hpp"

namespace npuzzle {

class InstanceStream {
 public:
  static constexpr std::size_t kMaxLineBytes = std::size_t{1} << 20;
  static constexpr int kMaxRunLines = 3600;  // a multiple of every board height (2 .. 5)

  // Reads the file `path` ("" or "-": standard input). Throws InputError when it cannot be read.
  InstanceStream(const std::string& path, const ParseOptions& options,
                 const std::atomic<bool>* stop);
  // Reads `text` (a board given on the command line).
  InstanceStream(std::string text, const ParseOptions& options);
  // Hands out `instances`, already read (the board of a checkpoint).
  explicit InstanceStream(std::vector<ParsedInstance> instances);
  ~InstanceStream();
  InstanceStream(const InstanceStream&) = delete;
  InstanceStream& operator=(const InstanceStream&) = delete;

  // The next instances in input order: at least one unless the input has ended (or `stop` was
  // set), at most `max`. Throws InputError for an unreadable input or an overlong line.
  std::vector<ParsedInstance> next(std::size_t max);

  // Stops waiting for input after `seconds` without a byte (0: waits for ever): next() then
  // returns what it has, a line cut short left unread, and waited_out() is true.
  void limit_wait(double seconds) { wait_limit_ = seconds; }
  bool waited_out() const { return waited_out_; }
  // Whether the input is a terminal (a person typing, whom no wait limit should hurry).
  bool terminal() const;

 private:
  bool read_more(bool wait);  // appends input to buffer_; false at end of input (or stop)
  bool ready() const;         // input can be read without waiting
  void take_line(std::string line);
  void parse_piece();
  [[noreturn]] void overlong() const;

  int fd_ = -1;
  bool owns_fd_ = false;
  bool ended_ = false;
  bool at_start_ = true;  // no byte read yet (for the byte order mark)
  std::string name_;
  ParseOptions options_;
  const std::atomic<bool>* stop_ = nullptr;
  double wait_limit_ = 0;  // seconds without input after which read_more gives up (0: never)
  bool waited_out_ = false;
  std::string buffer_;        // read; lines from consumed_ on are not yet taken
  std::size_t consumed_ = 0;  // of buffer_
  std::string piece_;         // whole lines not yet parsed
  int piece_lines_ = 0, run_lines_ = 0;
  std::size_t piece_tokens_ = 0;
  int lines_read_ = 0;
  std::vector<ParsedInstance> parsed_;  // parsed, not yet handed out
  std::size_t handed_ = 0;              // of parsed_
};

}  // namespace npuzzle
