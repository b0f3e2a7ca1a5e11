#include "tools/app/instance_stream.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>

namespace npuzzle {
namespace {

constexpr std::size_t kReadBytes = 1 << 16;
constexpr char kByteOrderMark[] = "\xEF\xBB\xBF";

// The tokens of a line as the parser counts them (separators: blanks and commas; '#' starts a
// comment), and whether it held a comment.
int token_count(const std::string& line, bool& comment) {
  int count = 0;
  bool in_token = false;
  comment = false;
  for (const char c : line) {
    if (c == '#') {
      comment = true;
      break;
    }
    const bool separator = c == ' ' || c == '\t' || c == ',' || c == '\r' || c == '\v' || c == '\f';
    if (!separator && !in_token) ++count;
    in_token = !separator;
  }
  return count;
}

}  // namespace

InstanceStream::InstanceStream(const std::string& path, const ParseOptions& options,
                               const std::atomic<bool>* stop)
    : options_(options), stop_(stop) {
  if (path.empty() || path == "-") {
    fd_ = STDIN_FILENO;
    name_ = "standard input";
    return;
  }
  name_ = printable(path);
  name_.insert(name_.begin(), '\'');
  name_ += '\'';
  // Without blocking: a FIFO with no writer yet would hold open() up, deaf to Ctrl-C; read_more
  // waits for its data in poll(), watching `stop`.
  fd_ = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd_ < 0) throw InputError("cannot read " + name_ + ": " + std::strerror(errno));
  owns_fd_ = true;
  struct stat st {};
  if (::fstat(fd_, &st) == 0 && S_ISDIR(st.st_mode)) {
    ::close(fd_);
    fd_ = -1;
    // The system's words (as for the other file errors), then what it means here.
    throw InputError("cannot read " + name_ + ": " + std::strerror(EISDIR) +
                     " (it is a directory, not a file of boards)");
  }
}

InstanceStream::InstanceStream(std::string text, const ParseOptions& options)
    : ended_(true), options_(options), buffer_(std::move(text)) {
  name_ = "the command line";
}

InstanceStream::InstanceStream(std::vector<ParsedInstance> instances)
    : ended_(true), parsed_(std::move(instances)) {
  name_ = "the checkpoint";
}

InstanceStream::~InstanceStream() {
  if (owns_fd_ && fd_ >= 0) ::close(fd_);
}

bool InstanceStream::ready() const {
  if (ended_) return true;
  pollfd p{fd_, POLLIN, 0};
  return ::poll(&p, 1, 0) > 0;
}

bool InstanceStream::terminal() const { return fd_ >= 0 && ::isatty(fd_) != 0; }

bool InstanceStream::read_more(bool wait) {
  if (ended_) return false;
  const auto began = std::chrono::steady_clock::now();
  for (;;) {
    if (stop_ && stop_->load(std::memory_order_relaxed)) {
      ended_ = true;
      return false;
    }
    if (wait && wait_limit_ > 0 &&
        std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count() >=
            wait_limit_) {
      ended_ = waited_out_ = true;
      return false;
    }
    pollfd p{fd_, POLLIN, 0};
    const int polled = ::poll(&p, 1, wait ? 100 : 0);
    if (polled < 0 && errno != EINTR)
      throw InputError("cannot read " + name_ + ": " + std::strerror(errno));
    if (polled <= 0) {
      if (!wait) return true;
      continue;
    }
    char chunk[kReadBytes];
    const ssize_t got = ::read(fd_, chunk, sizeof chunk);
    if (got < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      throw InputError("cannot read " + name_ + ": " + std::strerror(errno));
    }
    if (got == 0) {
      ended_ = true;
      return false;
    }
    buffer_.erase(0, consumed_);
    consumed_ = 0;
    buffer_.append(chunk, static_cast<std::size_t>(got));
    return true;
  }
}

void InstanceStream::take_line(std::string line) {
  ++lines_read_;
  bool comment = false;
  const int tokens = token_count(line, comment);
  if (tokens == 0 && piece_tokens_ == 0) {  // nothing but blank and comment lines: nothing to parse
    piece_.clear();
    piece_lines_ = 0;
    return;
  }
  piece_tokens_ += tokens;
  piece_ += line;
  piece_ += '\n';
  ++piece_lines_;
  const BoardSize size = options_.size;
  // A whole board: its tiles, after an instance number and a length if given.
  const bool whole_board = size.known() && tokens >= size.cells() && tokens <= size.cells() + 2;
  // Lines no board continues over: blank lines, lines of a whole board or too long for a row.
  const bool boundary = (tokens == 0 && !comment) || tokens > 5 || whole_board;
  run_lines_ = boundary ? 0 : run_lines_ + (tokens > 0 ? 1 : 0);
  if (boundary || run_lines_ >= kMaxRunLines) {
    run_lines_ = 0;
    parse_piece();
  }
}

void InstanceStream::parse_piece() {
  if (piece_.empty()) return;
  ParseOptions options = options_;
  options.first_line = lines_read_ - piece_lines_ + 1;
  options.instances_before = options_.instances_before;
  std::vector<ParsedInstance> entries = parse_instances(piece_, options);
  options_.instances_before += static_cast<std::int64_t>(entries.size());
  for (ParsedInstance& entry : entries) parsed_.push_back(std::move(entry));
  piece_.clear();
  piece_lines_ = 0;
  piece_tokens_ = 0;
}

void InstanceStream::overlong() const {
  std::string message = "line ";
  message += std::to_string(lines_read_ + 1);
  message += " of ";
  message += name_;
  message += " is longer than 1 MiB: not a file of boards";
  throw InputError(message);
}

std::vector<ParsedInstance> InstanceStream::next(std::size_t max) {
  if (handed_ == parsed_.size()) {
    parsed_.clear();
    handed_ = 0;
  }
  // Read until `max` instances are parsed, or (having one) no input is ready, or the input ends.
  while (parsed_.size() - handed_ < max) {
    if (at_start_ && buffer_.size() >= 3) {
      if (buffer_.compare(0, 3, kByteOrderMark) == 0) consumed_ = 3;
      at_start_ = false;
    }
    const std::size_t newline = buffer_.find('\n', consumed_);
    if (newline != std::string::npos) {
      if (newline - consumed_ > kMaxLineBytes) overlong();
      std::string line = buffer_.substr(consumed_, newline - consumed_);
      consumed_ = newline + 1;
      take_line(std::move(line));
      continue;
    }
    if (buffer_.size() - consumed_ > kMaxLineBytes) overlong();
    const bool have_some = parsed_.size() > handed_;
    if (have_some && !ready()) break;
    if (!read_more(true)) {
      if (waited_out_ || (stop_ && stop_->load(std::memory_order_relaxed))) break;
      if (at_start_ && buffer_.compare(0, 3, kByteOrderMark) == 0) consumed_ = 3;
      at_start_ = false;
      if (consumed_ < buffer_.size()) take_line(buffer_.substr(consumed_));
      buffer_.clear();
      consumed_ = 0;
      parse_piece();
      break;
    }
  }
  const std::size_t count = std::min(max, parsed_.size() - handed_);
  std::vector<ParsedInstance> out;
  out.reserve(count);
  for (std::size_t i = 0; i < count; ++i) out.push_back(std::move(parsed_[handed_ + i]));
  handed_ += count;
  return out;
}

}  // namespace npuzzle
