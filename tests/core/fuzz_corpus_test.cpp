// The parser's fuzz corpus (tests/fuzz/corpus/parse) replayed as a plain test through the fuzz
// target (tests/fuzz/parse_fuzz.cpp, compiled here without libFuzzer):
// tests/support/fuzz_corpus.hpp. The corpora of the other targets are replayed by the heuristics
// suite (pdb_file) and the engine suite (cli_options).
#include <gtest/gtest.h>

#include "tests/fuzz/parse_fuzz.cpp"
#include "tests/support/fuzz_corpus.hpp"

namespace npuzzle {
namespace {

TEST(FuzzCorpus, ParseTargetHoldsOnEveryFile) {
  fuzz_corpus::expect_every_file_holds("parse", 10, &LLVMFuzzerTestOneInput);
}

}  // namespace
}  // namespace npuzzle
