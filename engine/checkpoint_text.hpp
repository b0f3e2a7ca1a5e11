// engine/checkpoint_text.hpp — the words and sums of a checkpoint's text (engine/checkpoint.hpp
// gives the format) that its writer (engine/checkpoint.cpp) and its reader
// (engine/checkpoint_read.cpp) share, so the two always agree on them.
//
// Invariants: the text begins with kCheckpointMagic and a space; checkpoint_hex() writes exactly 16
// lowercase hex digits, the form of the checksum and signature lines; checkpoint_checksum() is
// pdb::checksum of the text's bytes.
#pragma once

#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <span>
#include <string>
#include <string_view>

#include "heuristics/pdb/file.hpp"

namespace npuzzle {

inline constexpr std::string_view kCheckpointMagic = "npuzzle-checkpoint";
// The next-bound line's word for "no f above the bound seen yet" (IdaPosition: INT_MAX).
inline constexpr std::string_view kNoNextBound = "none";
// The signature line's word for a checkpoint written with no key to sign it.
inline constexpr std::string_view kUnsigned = "none";

inline std::uint64_t checkpoint_checksum(std::string_view text) {
  return pdb::checksum(std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()));
}

// `value` as 16 hex digits, the form of the checksum, signature and frontier-checksum lines.
inline std::string checkpoint_hex(std::uint64_t value) {
  char text[17];
  std::snprintf(text, sizeof text, "%016" PRIx64, value);
  return text;
}

}  // namespace npuzzle
