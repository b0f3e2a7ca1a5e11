// tests/tools/cli_support.hpp — running npuzzle and pdbgen end to end and reading what they print,
// for the end-to-end tests of the tools and browser suites (on top of tests/support/process.hpp's
// run_program, so a hang is killed and reported, never a stuck test).
#pragma once

#include <nlohmann/json.hpp>

#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "tests/tools/fault_support.hpp"

namespace npuzzle::cli {

// Runs `binary` with `args`, `stdin_text` on its standard input (none: /dev/null), killed after
// `timeout_seconds`.
inline fault::RunResult run_tool(const std::string& binary, std::vector<std::string> args,
                                 const std::string& stdin_text = "", double timeout_seconds = 120) {
  fault::RunSpec spec;
  spec.argv = std::move(args);
  spec.argv.insert(spec.argv.begin(), binary);
  spec.stdin_text = stdin_text;
  spec.timeout_seconds = timeout_seconds;
  return fault::run_program(spec);
}

inline fault::RunResult run_npuzzle(std::vector<std::string> args,
                                    const std::string& stdin_text = "") {
  return run_tool(fault::npuzzle_binary(), std::move(args), stdin_text);
}

inline fault::RunResult run_pdbgen(std::vector<std::string> args) {
  return run_tool(fault::pdbgen_binary(), std::move(args));
}

inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The JSON objects of `text`, one a line; blank lines are skipped, anything else that is not JSON
// throws (and fails the test that asked).
inline std::vector<nlohmann::json> json_lines(const std::string& text) {
  std::vector<nlohmann::json> objects;
  for (const std::string& line : lines_of(text)) {
    if (!line.empty()) objects.push_back(nlohmann::json::parse(line));
  }
  return objects;
}

inline bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace npuzzle::cli
