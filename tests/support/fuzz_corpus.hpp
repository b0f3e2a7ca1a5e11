// tests/support/fuzz_corpus.hpp — a fuzz target's seed corpus (tests/fuzz/corpus/<target>) replayed
// as a plain test: the target's LLVMFuzzerTestOneInput (its .cpp included by the test, compiled
// without libFuzzer) runs on every file of the corpus, each in a child process, and must return; a
// broken invariant aborts the child and fails the test naming the file. The fuzz builds (clang,
// libFuzzer) are not part of CI; this keeps every corpus and the targets' checks in the default
// run.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

namespace npuzzle::fuzz_corpus {

// The files of tests/fuzz/corpus/<target>, sorted.
inline std::vector<std::filesystem::path> files(const char* target) {
  std::vector<std::filesystem::path> out;
  const auto dir = std::filesystem::path(NPUZZLE_SOURCE_DIR) / "tests/fuzz/corpus" / target;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.is_regular_file()) out.push_back(entry.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

using OneInput = int (*)(const std::uint8_t*, std::size_t);

// Runs `one_input` on every file of the corpus of `target` (at least `at_least` of them), each in
// a child process that must exit 0.
inline void expect_every_file_holds(const char* target, std::size_t at_least, OneInput one_input) {
  ::testing::FLAGS_gtest_death_test_style = "threadsafe";
  const auto corpus = files(target);
  EXPECT_GE(corpus.size(), at_least) << "tests/fuzz/corpus/" << target;
  for (const auto& file : corpus) {
    std::ifstream in(file, std::ios::binary);
    const std::vector<std::uint8_t> bytes{std::istreambuf_iterator<char>(in),
                                          std::istreambuf_iterator<char>()};
    EXPECT_EXIT(
        {
          one_input(bytes.data(), bytes.size());
          std::exit(0);
        },
        ::testing::ExitedWithCode(0), "")
        << file;
  }
}

}  // namespace npuzzle::fuzz_corpus
