// The checkpoint signature: SipHash-2-4 against its authors' published test vectors, and what a
// checkpoint's signature makes of an edited or foreign file; the heuristic and database lines read
// back as values.
#include "engine/checkpoint_signature.hpp"

#include <gtest/gtest.h>

#include <cinttypes>
#include <cstdio>
#include <span>
#include <string>
#include <utility>

#include "engine/checkpoint.hpp"
#include "engine/heuristic_registry.hpp"
#include "heuristics/pdb/file.hpp"

namespace npuzzle {
namespace {

// Key 00 01 … 0f, message 00 01 … (n-1) bytes long: the reference implementation's vectors.
TEST(Siphash24, MatchesThePublishedVectors) {
  const SignatureKey key{0x0706050403020100ULL, 0x0f0e0d0c0b0a0908ULL};
  std::string message;
  for (int i = 0; i < 64; ++i) message += static_cast<char>(i);
  const auto of_length = [&](std::size_t n) { return siphash24(key, message.substr(0, n)); };
  EXPECT_EQ(of_length(0), 0x726fdb47dd0e0e31ULL);
  EXPECT_EQ(of_length(1), 0x74f839c593dc67fdULL);
  EXPECT_EQ(of_length(7), 0xab0200f58b01d137ULL);
  EXPECT_EQ(of_length(8), 0x93f5f5799a932462ULL);
  EXPECT_EQ(of_length(15), 0xa129ca6149be45e5ULL);
  EXPECT_EQ(of_length(16), 0x3f2acc7f57c29bdbULL);
  EXPECT_EQ(of_length(63), 0x958a324ceb064572ULL);
}

TEST(Siphash24, DependsOnEveryKeyWord) {
  EXPECT_NE(siphash24({1, 2}, "npuzzle"), siphash24({1, 3}, "npuzzle"));
  EXPECT_NE(siphash24({1, 2}, "npuzzle"), siphash24({0, 2}, "npuzzle"));
}

CheckpointFile small_checkpoint() {
  CheckpointFile f;
  f.heuristic = HeuristicChoice{};
  f.board.size = {3, 3};
  f.board.tiles = {1, 0, 2, 3, 4, 5, 6, 7, 8};
  f.goal = {0, 1, 2, 3, 4, 5, 6, 7, 8};
  f.position.bound = 1;
  f.position.target = 16;
  return f;
}

// Replaces the first `from` by `to` and recomputes the checksum, as anyone can.
std::string edited_with_checksum(std::string text, const std::string& from, const std::string& to) {
  text.replace(text.find(from), from.size(), to);
  text.erase(text.rfind("checksum "));
  const std::uint64_t sum =
      pdb::checksum(std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()));
  char line[40];
  std::snprintf(line, sizeof line, "checksum %016" PRIx64 "\n", sum);
  return text + line;
}

TEST(CheckpointSignature, AFileThisUserWroteIsSignedHere) {
  ASSERT_TRUE(checkpoint_key().has_value()) << "no key at " << checkpoint_key_path();
  const std::string text = format_checkpoint(small_checkpoint());
  EXPECT_NE(text.find("\nsignature "), std::string::npos) << text;
  EXPECT_TRUE(parse_checkpoint(text).signed_here);
}

TEST(CheckpointSignature, AnEditedFileWithItsChecksumRecomputedIsNotSignedHere) {
  ASSERT_TRUE(checkpoint_key().has_value());
  const std::string text = format_checkpoint(small_checkpoint());
  const CheckpointFile edited =
      parse_checkpoint(edited_with_checksum(text, "bound 1\n", "bound 3\n"));
  EXPECT_EQ(edited.position.bound, 3);
  EXPECT_FALSE(edited.signed_here);
}

TEST(CheckpointSignature, AnUnsignedOrOlderFileIsNotSignedHere) {
  const std::string text = format_checkpoint(small_checkpoint());
  const std::size_t signature = text.find("\nsignature ") + 11;
  std::string unsigned_text = text;
  unsigned_text.replace(signature, 16, "none");
  EXPECT_FALSE(
      parse_checkpoint(edited_with_checksum(unsigned_text, "bound 1\n", "bound 1\n")).signed_here);
  std::string version_three = text;
  version_three.erase(text.find("\nsignature ") + 1,
                      10 + 16 + 1);  // "signature " + 16 hex + newline
  EXPECT_FALSE(parse_checkpoint(edited_with_checksum(version_three, "npuzzle-checkpoint 4",
                                                     "npuzzle-checkpoint 3"))
                   .signed_here);
}

// A search gone on from a checkpoint not signed here keeps the doubt: what it writes is unsigned,
// whatever it writes after (CheckpointRequest::vouched), so no round trip signs a forged position.
TEST(CheckpointSignature, AFileContinuingOneNotSignedHereIsWrittenUnsigned) {
  const SignatureKey key{1, 2};
  const std::string signed_text = format_checkpoint(small_checkpoint(), key);
  CheckpointRequest resumed;
  resumed.resume = true;
  resumed.from = parse_checkpoint(signed_text, key);
  EXPECT_TRUE(resumed.vouched());
  resumed.from = parse_checkpoint(edited_with_checksum(signed_text, "bound 1\n", "bound 3\n"), key);
  ASSERT_FALSE(resumed.vouched());
  CheckpointFile rewritten = resumed.from;
  rewritten.signed_here = resumed.vouched();
  const std::string text = format_checkpoint(rewritten, key);
  EXPECT_NE(text.find("\nsignature none\n"), std::string::npos) << text;
  const CheckpointFile read = parse_checkpoint(text, key);
  EXPECT_FALSE(read.signed_here);
  EXPECT_EQ(read.position.bound, 3);
}

// A heuristic the checkpoint's board cannot have makes the file inconsistent (InputError), not
// the caller's options wrong; a partition no board could have makes it corrupt.
TEST(CheckpointSignature, AHeuristicTheBoardCannotHaveIsRefused) {
  const std::string text = format_checkpoint(small_checkpoint());
  for (const auto& [heuristic, expected] :
       {std::pair{"heuristic pdb:1,2,3/4,5,30\n", "inconsistent: heuristic pdb:"},
        std::pair{"heuristic pdb:1,2,3/3,4\n", "corrupt: heuristic: partition '1,2,3/3,4'"}}) {
    try {
      parse_checkpoint(edited_with_checksum(text, "heuristic misplaced\n", heuristic));
      ADD_FAILURE() << heuristic << " was read";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(expected), std::string::npos) << e.what();
    }
  }
}

// The pattern databases a checkpoint names are values (checksum, tiles): written and read back
// equal, and a line that is not one is refused as corrupt.
TEST(CheckpointDatabases, AreReadBackAsTheValuesWrittenAndMalformedLinesAreCorrupt) {
  CheckpointFile f = small_checkpoint();
  std::string error;
  f.heuristic = parse_heuristic("pdb:1,2,3/4,5,6,7,8", error).value();
  f.databases = {{0x0123456789abcdefULL, {1, 2, 3}}, {0xfedcba9876543210ULL, {4, 5, 6, 7, 8}}};
  const std::string text = format_checkpoint(f);
  EXPECT_NE(text.find("\ndatabase 0123456789abcdef 1,2,3\n"), std::string::npos) << text;
  const CheckpointFile read = parse_checkpoint(text);
  EXPECT_EQ(read.databases, f.databases);
  EXPECT_EQ(read.heuristic, f.heuristic);
  for (const char* bad : {"database 0123456789abcdef\n", "database 0123456789abcde 1,2,3\n",
                          "database 0123456789abcdeg 1,2,3\n", "database 0123456789abcdef 1,,3\n",
                          "database 0123456789abcdef 1,2,x\n"}) {
    try {
      parse_checkpoint(edited_with_checksum(text, "database 0123456789abcdef 1,2,3\n", bad));
      ADD_FAILURE() << bad << " was read";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("corrupt: database"), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace npuzzle
