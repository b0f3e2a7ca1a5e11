// tests/tools/checkpoint_support.hpp — helpers of the checkpoint tests (checkpoint_test.cpp,
// fault_checkpoint_test.cpp): Korf's instances from bench/data, the fields of a checkpoint file,
// and a checkpoint's text re-signed after a deliberate edit (so a test reaches the checks behind
// the file's own checksum).
#pragma once

#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <span>
#include <sstream>
#include <stdexcept>
#include <string>

#include "heuristics/pdb/file.hpp"
#include "tests/support/korf.hpp"

namespace npuzzle::checkpoint_test {

struct KorfInstance {
  int length = 0;     // the optimal solution's length
  std::string tiles;  // "14 13 15 …", goal blank first
};

// Instance `id` of bench/data/korf100.txt (tests/support/korf.hpp).
inline KorfInstance korf(int id) {
  const korf_data::Instance& k = korf_data::by_id(id);
  return {k.length, k.text()};
}

// The value of the line `key …` of a checkpoint's text ("" when there is none).
inline std::string field(const std::string& text, const std::string& key) {
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind(key + " ", 0) == 0) return line.substr(key.size() + 1);
  }
  return {};
}

inline std::uint64_t number_field(const std::string& text, const std::string& key) {
  const std::string value = field(text, key);
  return value.empty() ? 0 : std::stoull(value);
}

// The sum of the `iteration-expanded` line's counts.
inline std::uint64_t finished_iterations_expanded(const std::string& text) {
  std::istringstream in(field(text, "iteration-expanded"));
  std::uint64_t sum = 0;
  for (std::uint64_t e = 0; in >> e;) sum += e;
  return sum;
}

// `text` (a checkpoint) with its first `from` replaced by `to` and a checksum line that matches.
inline std::string edited_and_signed(const std::string& text, const std::string& from,
                                     const std::string& to) {
  std::string body = text.substr(0, text.rfind("checksum "));
  const std::size_t at = body.find(from);
  if (at == std::string::npos) throw std::runtime_error("'" + from + "' is not in the checkpoint");
  body.replace(at, from.size(), to);
  const std::uint64_t sum =
      pdb::checksum(std::span(reinterpret_cast<const std::uint8_t*>(body.data()), body.size()));
  char line[40];
  std::snprintf(line, sizeof line, "checksum %016" PRIx64 "\n", sum);
  return body + line;
}

}  // namespace npuzzle::checkpoint_test
