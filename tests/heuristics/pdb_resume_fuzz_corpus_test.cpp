// The resume file's fuzz corpus (tests/fuzz/corpus/pdb_resume) replayed as a plain test through the
// fuzz target (tests/fuzz/pdb_resume_fuzz.cpp, compiled here without libFuzzer): every file, raw or
// a real saved build changed (with or without its checksums recomputed), must give the table a build
// without it gives (tests/support/fuzz_corpus.hpp).
#include <gtest/gtest.h>

#define NPUZZLE_FUZZ_REPLAY_ONLY
#include "tests/fuzz/pdb_resume_fuzz.cpp"
#undef NPUZZLE_FUZZ_REPLAY_ONLY
#include "tests/support/fuzz_corpus.hpp"

namespace npuzzle {
namespace {

TEST(FuzzCorpus, PdbResumeTargetGivesTheRightTableFromEveryFile) {
  fuzz_corpus::expect_every_file_holds("pdb_resume", 8, &pdb_resume_fuzz::one_input);
}

}  // namespace
}  // namespace npuzzle
