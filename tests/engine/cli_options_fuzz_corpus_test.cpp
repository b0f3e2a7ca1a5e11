// The command line's fuzz corpus (tests/fuzz/corpus/cli_options) replayed as a plain test through
// the fuzz target (tests/fuzz/cli_options_fuzz.cpp, compiled here without libFuzzer): the words of
// every file parsed as `npuzzle`'s command line and through the checks run before any search, each
// succeeding or throwing its documented error (tests/support/fuzz_corpus.hpp). In the engine suite,
// the one that links the command line's library.
#include <gtest/gtest.h>

#include "tests/fuzz/cli_options_fuzz.cpp"
#include "tests/support/fuzz_corpus.hpp"

namespace npuzzle {
namespace {

TEST(FuzzCorpus, CliOptionsTargetHoldsOnEveryFile) {
  fuzz_corpus::expect_every_file_holds("cli_options", 8, &LLVMFuzzerTestOneInput);
}

}  // namespace
}  // namespace npuzzle
