// libFuzzer target: signed checkpoints (engine/checkpoint.hpp), read under a fixed test key. The
// input is a checkpoint's text. When it parses, it is written again as a search resumed from it
// writes its next checkpoint (the same position, signed only when CheckpointRequest::vouched says
// so) and read back. Parsing must return or throw InputError, never crash; the rewritten file must
// parse to the same checkpoint, and be signed here only if the input was: no round trip turns a
// file the key did not sign into one it did. A file signed here is exactly what format_checkpoint
// writes (nothing in it can change without breaking the signature).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

#include "engine/checkpoint.hpp"

// Named apart from the other targets' helpers: the engine suite replays this corpus and the
// command line's in one program (tests/engine/checkpoint_fuzz_corpus_test.cpp).
namespace npuzzle::checkpoint_fuzz {
namespace {

// An invariant broken: say which (the fuzzer keeps the input), then crash.
void require(bool condition, const char* what) {
  if (condition) return;
  std::fprintf(stderr, "invariant broken: %s\n", what);
  std::abort();
}

// The key the seed corpus (tests/fuzz/corpus/checkpoint) is signed with.
constexpr SignatureKey kTestKey = {0x0706050403020100ULL, 0x0f0e0d0c0b0a0908ULL};

bool same_checkpoint(const CheckpointFile& a, const CheckpointFile& b) {
  const IdaPosition& p = a.position;
  const IdaPosition& q = b.position;
  return a.algorithm == b.algorithm && a.heuristic == b.heuristic && a.board == b.board &&
         a.goal == b.goal && a.instance == b.instance && a.line == b.line &&
         a.databases == b.databases && p.bound == q.bound && p.target == q.target &&
         p.subtrees == q.subtrees && p.done == q.done && p.partial == q.partial &&
         p.expanded == q.expanded && p.generated == q.generated && p.iterations == q.iterations &&
         p.next_bound == q.next_bound && p.iteration_expanded == q.iteration_expanded;
}

}  // namespace
}  // namespace npuzzle::checkpoint_fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace npuzzle;
  using namespace npuzzle::checkpoint_fuzz;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::optional<SignatureKey> key = kTestKey;
  CheckpointFile read;
  try {
    read = parse_checkpoint(text, key);
  } catch (const InputError&) {
    return 0;
  }
  CheckpointRequest resumed;
  resumed.resume = true;
  resumed.from = read;
  CheckpointFile rewritten = read;
  rewritten.signed_here = resumed.vouched();
  const std::string written = format_checkpoint(rewritten, key);
  CheckpointFile again;
  try {
    again = parse_checkpoint(written, key);
  } catch (const InputError& e) {
    std::fprintf(stderr, "%s\n", e.what());
    require(false, "a checkpoint written from one that was read is refused");
  }
  require(same_checkpoint(again, read), "the rewritten checkpoint reads otherwise");
  require(!again.signed_here || read.signed_here,
          "the rewritten checkpoint is signed here although what it continues was not");
  require(again.signed_here || !read.signed_here, "a checkpoint signed here lost its signature");
  require(!read.signed_here || written == text, "a file signed here is not what format writes");
  return 0;
}
