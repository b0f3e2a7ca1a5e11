// tests/tools/fault_support.hpp — running the built binaries under faults, for the fault_*_test
// files of the tools suite: the runner of tests/support/process.hpp (run_program, with its
// deadline) and the record of what each fault test tried.
//
// Every fault test calls `record_fault` with what was tried and what the program did; the records
// become properties of the test in a gtest JSON report, from which tests/fault_table.sh writes
// tests/FAULTS.md. What is recorded is what was observed in that run, not a hard-coded claim.
#pragma once

#include <gtest/gtest.h>
#include <sys/time.h>

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/process.hpp"

namespace npuzzle::fault {

namespace fs = std::filesystem;

using process::fresh_dir;
using process::npuzzle_binary;
using process::pdbgen_binary;
using process::read_text;
using process::run_program;
using process::RunResult;
using process::RunSpec;
using process::scratch_dir;
using process::write_text;

// A 3x3 board a few moves from the blank-first goal: solved in a millisecond.
inline constexpr const char* kEasy = "1 2 3 4 0 5 7 8 6";

// The names of the files in `dir`, sorted: what a test expects to find, or to find nothing of.
inline std::vector<std::string> files_in(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir)) {
    names.push_back(entry.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

// `names` joined with ", " ("none" when there are none), for a failure message or the fault table.
inline std::string joined(const std::vector<std::string>& names) {
  std::string text;
  for (const std::string& name : names) text += (text.empty() ? "" : ", ") + name;
  return text.empty() ? "none" : text;
}

// The first line of `text` that contains `needle` ("" when none), for the fault table.
inline std::string line_with(const std::string& text, const std::string& needle) {
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.find(needle) != std::string::npos) return line;
  }
  return {};
}

// The first non-empty line of `text`, shortened for a table cell (never inside a UTF-8 character).
inline std::string first_line(const std::string& text) {
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.empty()) continue;
    if (line.size() <= 160) return line;
    std::size_t cut = 157;
    while (cut > 0 && (static_cast<unsigned char>(line[cut]) & 0xC0) == 0x80) --cut;
    return line.substr(0, cut) + "...";
  }
  return {};
}

// Records one row of the fault table for the current test: the area ("signals", "limits",
// "database", "input"), the fault tried, and what the program did (as observed in this run). The
// scratch directory's path is shown as SCRATCH, so the table does not change from run to run.
// Sets a file's modification time `seconds` in the past (a temporary of a build long dead).
inline void make_older(const fs::path& path, int seconds) {
  timeval times[2];
  ::gettimeofday(&times[0], nullptr);
  times[0].tv_sec -= seconds;
  times[1] = times[0];
  ::utimes(path.c_str(), times);
}

inline void record_fault(const std::string& area, const std::string& fault, std::string observed) {
  const std::string dir = scratch_dir().string();
  for (auto at = observed.find(dir); at != std::string::npos; at = observed.find(dir, at)) {
    observed.replace(at, dir.size(), "SCRATCH");
  }
  ::testing::Test::RecordProperty("fault_area", area);
  ::testing::Test::RecordProperty("fault", fault);
  ::testing::Test::RecordProperty("observed", observed);
}

}  // namespace npuzzle::fault
