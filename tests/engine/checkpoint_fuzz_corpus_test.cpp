// The signed checkpoints' fuzz corpus (tests/fuzz/corpus/checkpoint) replayed as a plain test
// through the fuzz target (tests/fuzz/checkpoint_fuzz.cpp, compiled here without libFuzzer): every
// file is read under the target's test key or refused, and one that is read is written again as a
// resumed search writes it and read back, signed here only if it was
// (tests/support/fuzz_corpus.hpp). The command line's target is replayed in this program too
// (cli_options_fuzz_corpus_test.cpp), so this one's entry point is renamed.
#include <gtest/gtest.h>

#define LLVMFuzzerTestOneInput CheckpointFuzzTestOneInput
#include "tests/fuzz/checkpoint_fuzz.cpp"
#undef LLVMFuzzerTestOneInput
#include "tests/support/fuzz_corpus.hpp"

namespace npuzzle {
namespace {

TEST(FuzzCorpus, CheckpointTargetHoldsOnEveryFile) {
  fuzz_corpus::expect_every_file_holds("checkpoint", 6, &CheckpointFuzzTestOneInput);
}

}  // namespace
}  // namespace npuzzle
