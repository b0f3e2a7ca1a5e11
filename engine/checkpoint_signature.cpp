#include "engine/checkpoint_signature.hpp"

#include <fcntl.h>
#include <sys/random.h>
#include <unistd.h>

#include <bit>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <system_error>

#include "text/parse.hpp"

namespace npuzzle {
namespace {

constexpr std::size_t kKeyHexDigits = 32;

struct SipState {
  std::uint64_t v0, v1, v2, v3;

  void round() {
    v0 += v1;
    v1 = std::rotl(v1, 13);
    v1 ^= v0;
    v0 = std::rotl(v0, 32);
    v2 += v3;
    v3 = std::rotl(v3, 16);
    v3 ^= v2;
    v0 += v3;
    v3 = std::rotl(v3, 21);
    v3 ^= v0;
    v2 += v1;
    v1 = std::rotl(v1, 17);
    v1 ^= v2;
    v2 = std::rotl(v2, 32);
  }
  void absorb(std::uint64_t m) {
    v3 ^= m;
    round();
    round();
    v0 ^= m;
  }
};

std::uint64_t little_endian_word(const unsigned char* bytes, std::size_t count) {
  std::uint64_t word = 0;
  for (std::size_t i = 0; i < count; ++i) word |= std::uint64_t{bytes[i]} << (8 * i);
  return word;
}

// The key's text: 32 hex digits, bytes 0 to 15 in order.
std::string key_text(const SignatureKey& key) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string text;
  for (std::uint64_t word : key) {
    for (int byte = 0; byte < 8; ++byte) {
      const unsigned value = (word >> (8 * byte)) & 0xff;
      text += kDigits[value >> 4];
      text += kDigits[value & 15];
    }
  }
  return text + "\n";
}

std::optional<SignatureKey> parse_key(std::string_view text) {
  if (text.size() != kKeyHexDigits + 1 || text.back() != '\n') return std::nullopt;
  SignatureKey key{};
  for (std::size_t i = 0; i < kKeyHexDigits; ++i) {
    const char c = text[i];
    const int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
    if (digit < 0) return std::nullopt;
    const std::size_t byte = i / 2;
    const int shift = static_cast<int>(8 * (byte % 8) + (i % 2 == 0 ? 4 : 0));
    key[byte / 8] |= std::uint64_t(digit) << shift;
  }
  return key;
}

// A key file read: the key, or that there is no file (one is then made), or what is wrong with it
// (said after "the key 'PATH' ").
struct KeyRead {
  std::optional<SignatureKey> key = std::nullopt;
  bool missing = false;
  std::string problem = "";
};

KeyRead read_key(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOENT || errno == ENOTDIR) return {.missing = true};
    return {.problem = std::string("cannot be read: ") + std::strerror(errno)};
  }
  char buffer[kKeyHexDigits + 2];
  std::size_t got = 0;
  int read_error = 0;
  while (got < sizeof buffer) {
    const ssize_t n = ::read(fd, buffer + got, sizeof buffer - got);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) read_error = errno;
    if (n <= 0) break;
    got += static_cast<std::size_t>(n);
  }
  ::close(fd);
  if (read_error != 0)
    return {.problem = std::string("cannot be read: ") + std::strerror(read_error)};
  if (std::optional<SignatureKey> key = parse_key(std::string_view(buffer, got)))
    return {.key = key};
  return {.problem =
              "is not a key (32 hex digits and a newline); it is left as it is: remove it "
              "and a new key is made"};
}

bool write_all(int fd, std::string_view text) {
  while (!text.empty()) {
    const ssize_t n = ::write(fd, text.data(), text.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    text.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

// Makes a key and links it in place whole (never a half-written key); a process that made one at
// the same moment wins the link, and every process reads the key that won.
KeyRead make_key(const std::string& path) {
  const auto failed = [](const char* step, int error_number) {
    return KeyRead{.problem = std::string("cannot be made (") + step +
                              "): " + std::strerror(error_number)};
  };
  SignatureKey key{};
  if (::getrandom(key.data(), sizeof key, 0) != static_cast<ssize_t>(sizeof key)) {
    return failed("no random bytes", errno);
  }
  std::error_code ignored;
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ignored);
  std::string temporary = path + ".tmp.XXXXXX";
  const int fd = ::mkostemp(temporary.data(), O_CLOEXEC);  // mode 0600
  if (fd < 0) return failed("creating a file beside it", errno);
  int write_error = write_all(fd, key_text(key)) && ::fsync(fd) == 0 ? 0 : errno;
  if (::close(fd) != 0 && write_error == 0) write_error = errno;
  const int link_error =
      write_error == 0 && ::link(temporary.c_str(), path.c_str()) != 0 ? errno : 0;
  ::unlink(temporary.c_str());
  if (write_error != 0) return failed("writing it", write_error);
  if (link_error == 0) return {.key = key};
  if (link_error != EEXIST) return failed("linking it in place", link_error);
  return read_key(path);
}

// This user's key, or why there is none: read or made once per process.
struct KeyState {
  std::optional<SignatureKey> key = std::nullopt;
  std::string problem = "";
};

const KeyState& key_state() {
  static const KeyState state = []() -> KeyState {
    const std::string path = checkpoint_key_path();
    if (path.empty()) {
      return {.problem =
                  "there is no key: neither HOME nor an absolute XDG_STATE_HOME is set "
                  "(the key is $XDG_STATE_HOME/npuzzle/checkpoint-key, else "
                  "~/.local/state/npuzzle/checkpoint-key)"};
    }
    KeyRead read = read_key(path);
    if (read.missing) read = make_key(path);
    if (read.key) return {.key = read.key};
    return {.problem = "the key '" + printable(path) + "' " + read.problem};
  }();
  return state;
}

}  // namespace

std::uint64_t siphash24(const SignatureKey& key, std::string_view data) {
  SipState s{key[0] ^ 0x736f6d6570736575ULL, key[1] ^ 0x646f72616e646f6dULL,
             key[0] ^ 0x6c7967656e657261ULL, key[1] ^ 0x7465646279746573ULL};
  const auto* bytes = reinterpret_cast<const unsigned char*>(data.data());
  const std::size_t whole = data.size() / 8 * 8;
  for (std::size_t i = 0; i < whole; i += 8) s.absorb(little_endian_word(bytes + i, 8));
  s.absorb(little_endian_word(bytes + whole, data.size() - whole) |
           (std::uint64_t{data.size() & 0xff} << 56));
  s.v2 ^= 0xff;
  for (int i = 0; i < 4; ++i) s.round();
  return s.v0 ^ s.v1 ^ s.v2 ^ s.v3;
}

std::string checkpoint_key_path() {
  if (const char* state = std::getenv("XDG_STATE_HOME"); state && *state == '/') {
    return std::string(state) + "/npuzzle/checkpoint-key";
  }
  if (const char* home = std::getenv("HOME"); home && *home) {
    return std::string(home) + "/.local/state/npuzzle/checkpoint-key";
  }
  return "";
}

const std::optional<SignatureKey>& checkpoint_key() { return key_state().key; }

const std::string& checkpoint_key_problem() { return key_state().problem; }

}  // namespace npuzzle
