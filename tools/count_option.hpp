// tools/count_option.hpp — a CLI11 option bound to a number that is a count (--threads, --repeat)
// reads it with the one count grammar of text/option_values.hpp (1000, 1e3, 1K, 1,000, 1_000):
// the transform rewrites the value in plain digits for CLI11's conversion, or refuses it with
// parse_count's reason (CLI11 puts the option's name in front: "--threads: '1.5' is not a whole
// number").
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <string>

#include "text/option_values.hpp"

namespace npuzzle {

inline CLI::Validator count_value(std::uint64_t at_most) {
  return CLI::Validator(
      [at_most](std::string& text) -> std::string {
        static const std::string kNoName = "-";
        try {
          text = std::to_string(parse_count(text, kNoName, at_most));
          return {};
        } catch (const UsageError& e) {
          return std::string(e.what()).substr(kNoName.size() + 2);  // after "-: "
        }
      },
      "N");
}

}  // namespace npuzzle
