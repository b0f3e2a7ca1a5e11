// The database loader's fuzz corpus (tests/fuzz/corpus/pdb_file) replayed as a plain test through
// the fuzz target (tests/fuzz/pdb_file_fuzz.cpp, compiled here without libFuzzer): every file, raw
// or header mode, must load or be refused with exit code 2, and a loaded table must satisfy the
// target's invariants (tests/support/fuzz_corpus.hpp). The target decodes its header mode with
// libFuzzer's FuzzedDataProvider.h (Debian: libclang-rt-14-dev, which tools/setup.sh --all
// installs); tests/CMakeLists.txt finds it, and without it the test is skipped, saying why.
#include <gtest/gtest.h>

#if __has_include(<fuzzer/FuzzedDataProvider.h>)
#include "tests/fuzz/pdb_file_fuzz.cpp"
#include "tests/support/fuzz_corpus.hpp"
#define NPUZZLE_HAVE_PDB_FILE_FUZZ 1
#endif

namespace npuzzle {
namespace {

TEST(FuzzCorpus, PdbFileTargetHoldsOnEveryFile) {
#ifdef NPUZZLE_HAVE_PDB_FILE_FUZZ
  fuzz_corpus::expect_every_file_holds("pdb_file", 4, &LLVMFuzzerTestOneInput);
#else
  GTEST_SKIP() << "fuzzer/FuzzedDataProvider.h not found (libclang-rt-14-dev)";
#endif
}

}  // namespace
}  // namespace npuzzle
