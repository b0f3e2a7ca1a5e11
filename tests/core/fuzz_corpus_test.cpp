// The parser's fuzz corpus (tests/fuzz/corpus/parse) replayed as a plain test: the fuzz target
// (tests/fuzz/parse_fuzz.cpp, compiled here without libFuzzer) runs on every file of the corpus,
// each in a child process, and must return; a broken invariant aborts the child and fails the test
// naming the file. The fuzz builds (clang, libFuzzer) are not part of CI; this keeps the corpus and
// the target's checks in the default run.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

#include "tests/fuzz/parse_fuzz.cpp"

namespace npuzzle {
namespace {

std::vector<std::filesystem::path> corpus(const char* target) {
  std::vector<std::filesystem::path> files;
  const auto dir = std::filesystem::path(NPUZZLE_SOURCE_DIR) / "tests/fuzz/corpus" / target;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.is_regular_file()) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

TEST(FuzzCorpus, ParseTargetHoldsOnEveryFile) {
  ::testing::FLAGS_gtest_death_test_style = "threadsafe";
  const auto files = corpus("parse");
  EXPECT_GE(files.size(), 10u);
  for (const auto& file : files) {
    std::ifstream in(file, std::ios::binary);
    const std::vector<std::uint8_t> bytes{std::istreambuf_iterator<char>(in),
                                          std::istreambuf_iterator<char>()};
    EXPECT_EXIT(
        {
          LLVMFuzzerTestOneInput(bytes.data(), bytes.size());
          std::exit(0);
        },
        ::testing::ExitedWithCode(0), "")
        << file;
  }
}

}  // namespace
}  // namespace npuzzle
