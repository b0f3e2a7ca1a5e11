// tools/app/option_flags.hpp — the command line's words for the library's typed errors
// (text/request_error.hpp): each option by its flag ("--tie-break"), with a value as it is written
// ("--algo ida"). npuzzle and pdbgen render a UsageError, and an outcome's error and reason, with
// them, and the board parser's messages (command_line_parse), so that the library folders never
// spell a flag. Header-only: pdbgen includes it too.
//
// Invariant: one flag per OptionField, in its order (kOptionFlags' size is checked).
#pragma once

#include <array>
#include <string>

#include "text/parse.hpp"
#include "text/request_error.hpp"

namespace npuzzle {

inline constexpr std::array<const char*, kOptionFieldCount> kOptionFlags = {
    "--heuristic", "--pdb-dir",    "--tie-break",        "--owner-hash", "--mem-limit",
    "--verbose",   "--checkpoint", "--checkpoint-every", "--resume",     "--algo",
    "--goal",      "--size",       "--threads",          "--time-limit", "--node-limit",
    "--count",     "--walk"};
static_assert(kOptionFlags.back() != nullptr, "a flag for every OptionField");

inline const char* option_flag(OptionField option) {
  return kOptionFlags[static_cast<std::size_t>(option)];
}

struct CommandLineWords final : OptionWords {
  std::string name(OptionField option) const override { return option_flag(option); }
  std::string with_value(OptionField option, const std::string& value) const override {
    return name(option) + " " + value;
  }
};

inline const OptionWords& command_line_words() {
  static const CommandLineWords words;
  return words;
}

// The message the command line prints for `error` (after "npuzzle: " or "pdbgen: ").
inline std::string command_line_message(const UsageError& error) {
  return render_request_error(error.error(), command_line_words());
}

// The parser's options for boards of `size` (unknown: told from the input), its messages in the
// command line's words ("give --size RxC").
inline ParseOptions command_line_parse(BoardSize size) {
  ParseOptions options;
  options.size = size;
  options.words = &command_line_words();
  return options;
}

}  // namespace npuzzle
