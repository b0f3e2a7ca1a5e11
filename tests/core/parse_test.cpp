// Parser tests: a corpus of good and bad inputs (tests/data/parse/*.txt) whose expected entries are
// written in the files themselves as `#!` comment lines (the parser skips them like any comment):
//   #! size RxC                 parse with --size RxC
//   #! ok ID RxC LINE           the next entry is a good RxC instance with that id, starting on
//   LINE
//   #! error LINE FRAGMENT      the next entry is bad, on LINE, its message containing FRAGMENT
// plus direct tests of the tile values, the bench-set reader and the small helpers.
#include "text/parse.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <numeric>
#include <sstream>

#include "core/board_sizes.hpp"

namespace npuzzle {
namespace {

const std::filesystem::path kCorpus =
    std::filesystem::path(NPUZZLE_SOURCE_DIR) / "tests" / "data" / "parse";

struct Expected {
  bool ok = false;
  std::int64_t id = 0;
  std::string size;
  int line = 0;
  std::string fragment;
};

struct CorpusFile {
  ParseOptions options;
  std::vector<Expected> expected;
  std::string text;
};

CorpusFile load(const std::filesystem::path& path) {
  std::ifstream in(path);
  CorpusFile file;
  std::string line;
  while (std::getline(in, line)) {
    file.text += line + "\n";
    if (line.rfind("#! ", 0) != 0) continue;
    std::istringstream directive(line.substr(3));
    std::string kind;
    directive >> kind;
    if (kind == "size") {
      std::string size;
      directive >> size;
      file.options.size = parse_board_size(size).value();
    } else if (kind == "ok") {
      Expected e;
      e.ok = true;
      directive >> e.id >> e.size >> e.line;
      file.expected.push_back(e);
    } else if (kind == "error") {
      Expected e;
      directive >> e.line;
      std::getline(directive >> std::ws, e.fragment);
      file.expected.push_back(e);
    } else {
      ADD_FAILURE() << path << ": unknown directive " << kind;
    }
  }
  return file;
}

TEST(ParseCorpus, EveryFileGivesItsExpectedEntries) {
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(kCorpus)) {
    if (entry.path().extension() != ".txt") continue;
    ++files;
    SCOPED_TRACE(entry.path().filename().string());
    const CorpusFile file = load(entry.path());
    ASSERT_FALSE(file.expected.empty()) << "a corpus file without expectations";
    const auto parsed = parse_instances(file.text, file.options);
    ASSERT_EQ(parsed.size(), file.expected.size());
    for (std::size_t i = 0; i < parsed.size(); ++i) {
      SCOPED_TRACE("entry " + std::to_string(i + 1));
      const Expected& e = file.expected[i];
      const ParsedInstance& p = parsed[i];
      EXPECT_EQ(p.instance.line, e.line);
      if (e.ok) {
        ASSERT_TRUE(p.ok()) << p.describe_error();
        EXPECT_EQ(p.instance.id, e.id);
        EXPECT_EQ(BoardSize({p.instance.rows, p.instance.cols}).name(), e.size);
        EXPECT_TRUE(check_tiles(p.instance.tiles, {p.instance.rows, p.instance.cols}).empty());
      } else {
        ASSERT_FALSE(p.ok());
        EXPECT_NE(p.error.find(e.fragment), std::string::npos) << p.error;
        EXPECT_EQ(p.describe_error().rfind("line " + std::to_string(e.line) + ": ", 0), 0u);
      }
    }
  }
  EXPECT_GE(files, 8);
}

TEST(Parse, TilesAreRowMajorAndBlankSymbolsAreZero) {
  const auto parsed = parse_instances("1 2 3\n4 x 5\n6 7 8\n\n3, 1, 2, _\n");
  ASSERT_EQ(parsed.size(), 2u);
  ASSERT_TRUE(parsed[0].ok());
  EXPECT_EQ(parsed[0].instance.tiles, (std::vector<int>{1, 2, 3, 4, 0, 5, 6, 7, 8}));
  ASSERT_TRUE(parsed[1].ok());
  EXPECT_EQ(parsed[1].instance.tiles, (std::vector<int>{3, 1, 2, 0}));
  EXPECT_EQ(parsed[1].instance.id, 2);
}

TEST(Parse, IdIsTheGivenNumberElseTheOrdinalCountingBadEntries) {
  const auto parsed = parse_instances(
      "1 2 3 4 5 6 7 8 0\n"
      "1 1 2 3 4 5 6 7 8\n"  // bad: tile 1 twice
      "77 1 2 3 4 5 6 7 8 0\n"
      "8 7 6 5 4 3 2 1 0\n");
  ASSERT_EQ(parsed.size(), 4u);
  EXPECT_EQ(parsed[0].instance.id, 1);
  EXPECT_EQ(parsed[1].instance.id, 2);
  EXPECT_FALSE(parsed[1].ok());
  EXPECT_EQ(parsed[2].instance.id, 77);
  EXPECT_EQ(parsed[3].instance.id, 4);
}

TEST(Parse, CarriageReturnsAndTabsAreWhiteSpace) {
  const auto parsed = parse_instances("1\t2 3 4 5 6 7 8 0\r\n1 2\r\n3 0\r\n");
  ASSERT_EQ(parsed.size(), 2u);
  EXPECT_TRUE(parsed[0].ok());
  ASSERT_TRUE(parsed[1].ok()) << parsed[1].describe_error();
  EXPECT_EQ(parsed[1].instance.rows, 2);
}

TEST(Parse, StreamAndStringAgree) {
  const std::string text = "3 1 2 0\n\n1 2 3 4 5 6 7 8 0\n";
  std::istringstream in(text);
  const auto a = parse_instances(in), b = parse_instances(text);
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) EXPECT_EQ(a[i].instance.tiles, b[i].instance.tiles);
}

TEST(Parse, EmptyInputHasNoInstances) {
  EXPECT_TRUE(parse_instances("").empty());
  EXPECT_TRUE(parse_instances("# only a comment\n\n   \n").empty());
}

TEST(Parse, HugeNumbersAreNamedTooLargeNotOverflowed) {
  const auto parsed = parse_instances(
      "1 2 3 4 5 6 7 8 99999999999999999999999\n"
      "18446744073709551617 1 2 3 4 5 6 7 8 0\n"
      "999999999 1 2 3 4 5 6 7 8 0\n");
  ASSERT_EQ(parsed.size(), 3u);
  EXPECT_EQ(parsed[0].error, "number '99999999999999999999999' is too large");
  EXPECT_EQ(parsed[1].error, "number '18446744073709551617' is too large");
  ASSERT_TRUE(parsed[2].ok()) << parsed[2].error;
  EXPECT_EQ(parsed[2].instance.id, 999999999);
}

TEST(Parse, MessagesShowTokensPrintableAndCut) {
  const auto parsed = parse_instances(std::string("1 2 \x1b[2J\xc3\xa9\xff 3 4 5 6 7 8\n") +
                                      std::string(100, 'z') + " 1 2 3 4 5 6 7 8\n");
  ASSERT_EQ(parsed.size(), 2u);
  EXPECT_EQ(parsed[0].error, "unknown token '\\x1b[2J\xc3\xa9\\xff'");
  EXPECT_EQ(parsed[1].error, "unknown token '" + std::string(40, 'z') + "...'");
}

TEST(Printable, KeepsTextAndUtf8EscapesTheRest) {
  EXPECT_EQ(printable("plain text, tiles 1..15"), "plain text, tiles 1..15");
  EXPECT_EQ(printable("tiles\xe2\x80\xa6 caf\xc3\xa9"), "tiles\xe2\x80\xa6 caf\xc3\xa9");
  EXPECT_EQ(printable(std::string("a\0b\n\t\x7f", 6)), "a\\x00b\\x0a\\x09\\x7f");
  EXPECT_EQ(printable("\xc3"), "\\xc3");                             // cut sequence
  EXPECT_EQ(printable("\xc0\xaf"), "\\xc0\\xaf");                    // overlong '/'
  EXPECT_EQ(printable("\xed\xa0\x80"), "\\xed\\xa0\\x80");           // a surrogate
  EXPECT_EQ(printable("\xf4\x90\x80\x80"), "\\xf4\\x90\\x80\\x80");  // above U+10FFFF
  EXPECT_EQ(printable("\xf0\x9f\x99\x82"), "\xf0\x9f\x99\x82");      // U+1F642 kept
}

TEST(Parse, SizeGivenResolvesAmbiguousCounts) {
  const auto a = parse_instances("1 2 3 4 5 0", {{2, 3}});
  ASSERT_TRUE(a[0].ok());
  EXPECT_EQ(a[0].instance.cols, 3);
  const auto b = parse_instances("1 2 3 4 5 0", {{3, 2}});
  ASSERT_TRUE(b[0].ok());
  EXPECT_EQ(b[0].instance.cols, 2);
  const auto c = parse_instances("5 4 3 2 1 0 9 8 7 6", {{2, 5}});
  ASSERT_TRUE(c[0].ok());
  EXPECT_EQ(c[0].instance.id, 1);
}

TEST(Parse, OneLineBoardMayStartWithTheIdAndTheOptimalLength) {
  // Korf's instance 1 as in bench/data/korf100.txt (18 tokens), and a 3x3 line of 11.
  const auto parsed = parse_instances(
      "1 57 14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\n"
      "4 1 1 0 2 3 4 5 6 7 8\n");
  ASSERT_EQ(parsed.size(), 2u);
  ASSERT_TRUE(parsed[0].ok()) << parsed[0].describe_error();
  EXPECT_EQ(parsed[0].instance.id, 1);
  EXPECT_EQ(parsed[0].instance.rows, 4);
  EXPECT_EQ(parsed[0].instance.tiles,
            (std::vector<int>{14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3}));
  EXPECT_EQ(parsed[0].instance.expected_length, 57);
  ASSERT_TRUE(parsed[1].ok()) << parsed[1].describe_error();
  EXPECT_EQ(parsed[1].instance.id, 4);
  EXPECT_EQ(parsed[1].instance.rows, 3);
  EXPECT_EQ(parsed[1].instance.tiles, (std::vector<int>{1, 0, 2, 3, 4, 5, 6, 7, 8}));
  EXPECT_EQ(parsed[1].instance.expected_length, 1);
}

TEST(Parse, OnlyTheLengthFormStatesALength) {
  const auto parsed = parse_instances(
      "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\n"
      "7 14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\n"
      "1 2 3\n4 x 5\n6 7 8\n\n"
      "9 0 1 0 2 3 4 5 6 7 8\n");  // a length of 0 is a length
  ASSERT_EQ(parsed.size(), 4u);
  for (const ParsedInstance& p : parsed) ASSERT_TRUE(p.ok()) << p.describe_error();
  EXPECT_EQ(parsed[0].instance.expected_length, std::nullopt);
  EXPECT_EQ(parsed[1].instance.id, 7);
  EXPECT_EQ(parsed[1].instance.expected_length, std::nullopt);
  EXPECT_EQ(parsed[2].instance.expected_length, std::nullopt);
  EXPECT_EQ(parsed[3].instance.expected_length, 0);
}

TEST(Parse, ALengthThatIsNoWholeNumberNamesTheLength) {
  for (const char* length : {"-3", "x", "abc", "5.5", "9999999999"}) {
    SCOPED_TRACE(length);
    const auto parsed =
        parse_instances(std::string("1 ") + length + " 14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\n");
    ASSERT_EQ(parsed.size(), 1u);
    ASSERT_FALSE(parsed[0].ok());
    EXPECT_EQ(parsed[0].error.rfind(std::string("optimal length '") + length + "' is ", 0), 0u)
        << parsed[0].error;
  }
}

TEST(Parse, SizeGivenAcceptsTheLengthFormOfThatSize) {
  const auto a = parse_instances("3 1 1 0 2 3 4 5 6 7 8", {{3, 3}});
  ASSERT_TRUE(a[0].ok()) << a[0].describe_error();
  EXPECT_EQ(a[0].instance.id, 3);
  EXPECT_EQ(a[0].instance.expected_length, 1);
  const auto b = parse_instances("8 1 1 0 2 3", {{2, 2}});
  ASSERT_TRUE(b[0].ok()) << b[0].describe_error();
  EXPECT_EQ(b[0].instance.id, 8);
  EXPECT_EQ(b[0].instance.expected_length, 1);
  EXPECT_EQ(b[0].instance.tiles, (std::vector<int>{1, 0, 2, 3}));
  const auto c = parse_instances("3 1 1 0 2 3 4 5 6 7 8 9", {{3, 3}});  // 12 tokens
  ASSERT_FALSE(c[0].ok());
  EXPECT_NE(c[0].error.find("needs 9 tiles, optionally after an instance number, or an instance "
                            "number and the optimal length"),
            std::string::npos)
      << c[0].error;
}

TEST(Parse, SixTokensAreALengthAnd2x2OnlyWithout2x3) {
  const auto parsed = parse_instances("8 1 1 0 2 3\n");
  ASSERT_EQ(parsed.size(), 1u);
  if (is_board_size(2, 3)) {
    ASSERT_FALSE(parsed[0].ok());
    EXPECT_EQ(parsed[0].error,
              "ambiguous size: 6 tiles could be 2x3 or 3x2 (or an instance number, an optimal "
              "length and a 2x2 board); give size RxC");
  } else {
    ASSERT_TRUE(parsed[0].ok()) << parsed[0].describe_error();
    EXPECT_EQ(parsed[0].instance.expected_length, 1);
  }
}

TEST(Parse, WrongCountNamesTheLengthForm) {
  const auto parsed = parse_instances("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 0\n");  // 19
  ASSERT_FALSE(parsed[0].ok());
  EXPECT_EQ(parsed[0].error,
            "wrong count: 19 tokens; a one-line board has 4, 9, 16 or 25 tiles, optionally after "
            "an instance number, or an instance number and the optimal length (other sizes need "
            "size RxC)");
}

TEST(BoardSizeText, ParsesRxCOnly) {
  EXPECT_EQ(parse_board_size("4x4"), (BoardSize{4, 4}));
  EXPECT_EQ(parse_board_size("2X5"), (BoardSize{2, 5}));
  EXPECT_FALSE(parse_board_size("1x4"));
  EXPECT_FALSE(parse_board_size("6x6"));
  EXPECT_FALSE(parse_board_size("4x"));
  EXPECT_FALSE(parse_board_size("4*4"));
  EXPECT_FALSE(parse_board_size("44x4"));
}

TEST(TileList, AcceptsPermutationsOfAnyBoardSize) {
  EXPECT_EQ(parse_tile_list("1,2,3,8,0,4,7,6,5"), (std::vector<int>{1, 2, 3, 8, 0, 4, 7, 6, 5}));
  EXPECT_EQ(parse_tile_list("1 2 3 4 5 x").size(), 6u);
  EXPECT_THROW(parse_tile_list("1 2 3 4 5 6 7"), InputError);
  EXPECT_THROW(parse_tile_list("1 1 2 3"), InputError);
  EXPECT_THROW(parse_tile_list("1 2 3 a"), InputError);
  EXPECT_THROW(parse_tile_list(""), InputError);
}

TEST(CheckTiles, NamesTheProblem) {
  EXPECT_EQ(check_tiles({0, 1, 2, 3}, {2, 2}), "");
  EXPECT_NE(check_tiles({0, 1, 2}, {2, 2}).find("wrong count"), std::string::npos);
  EXPECT_EQ(check_tiles({0, 1, 2, 4}, {2, 2}), "tile 4 out of range 0..3 for 2x2");
  EXPECT_EQ(check_tiles({0, 1, 1, 3}, {2, 2}), "duplicate tile 1 and missing tile 2");
}

// Common slips get a hint: tiles 1..N with N as the blank, and a square board one tile short.
TEST(CheckTiles, HintsAtCommonMistakes) {
  EXPECT_EQ(check_tiles({1, 2, 3, 4}, {2, 2}),
            "tile 4 out of range 0..3 for 2x2 (is 4 the blank? write the blank as 0 or _)");
  const auto eight = parse_instances("1 2 3 4 5 6 7 8\n");
  ASSERT_EQ(eight.size(), 1u);
  EXPECT_NE(eight[0].error.find("(a 3x3 board missing a tile?)"), std::string::npos)
      << eight[0].error;
  const auto fifteen = parse_instances("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n");
  EXPECT_NE(fifteen[0].error.find("(a 4x4 board missing a tile?)"), std::string::npos)
      << fifteen[0].error;
  const auto sized = parse_instances("1 2 3 4 5 6 7 8\n", ParseOptions{{3, 3}});
  EXPECT_NE(sized[0].error.find("(a tile missing?)"), std::string::npos) << sized[0].error;
  const auto six = parse_instances("1 2 3 4 5 0\n");  // 2x3 or 3x2: no missing-tile hint
  EXPECT_EQ(six[0].error.find("missing a tile"), std::string::npos) << six[0].error;
}

TEST(BenchSet, ReadsKorf100WithLengths) {
  std::ifstream in(std::string(NPUZZLE_DATA_DIR) + "/korf100.txt");
  ASSERT_TRUE(in);
  const auto set = read_bench_set(in);
  ASSERT_EQ(set.size(), 100u);
  EXPECT_EQ(set[0].instance.id, 1);
  EXPECT_EQ(set[0].optimal_length, 57);
  EXPECT_EQ(set[0].instance.tiles[0], 14);
  EXPECT_EQ(set[99].instance.id, 100);
  for (const auto& b : set) {
    EXPECT_EQ(b.instance.rows, 4);
    EXPECT_TRUE(check_tiles(b.instance.tiles, {4, 4}).empty());
  }
}

TEST(BenchSet, ReadsKorf24) {
  std::ifstream in(std::string(NPUZZLE_DATA_DIR) + "/korf24_50.txt");
  const auto set = read_bench_set(in);
  ASSERT_EQ(set.size(), 50u);
  EXPECT_EQ(set[0].instance.cols, 5);
  EXPECT_EQ(set[0].optimal_length, 95);
}

std::string bench_error(const std::string& text, BoardSize size = {}) {
  std::istringstream in(text);
  try {
    read_bench_set(in, size);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(BenchSet, ErrorsNameTheLine) {
  EXPECT_EQ(bench_error("# ok\n1 0 0 1 2 3\n\n2 1 1 0 2 3\n"), "");
  EXPECT_EQ(bench_error("1 0 0 1 2 3\n2 1 1 1 2 3\n"),
            "line 2: duplicate tile 1 and missing tile 0");
  EXPECT_NE(bench_error("1 0 0 1 2 3\n2 0 0 1 2 3 4 5 6 7 8\n").find("line 2: size mismatch"),
            std::string::npos);
  EXPECT_NE(bench_error("1 0 0 1 2 3 4 5\n").find("line 1: ambiguous size"), std::string::npos);
  EXPECT_EQ(bench_error("1 0 0 1 2 3 4 5\n", {2, 3}), "");
  EXPECT_NE(bench_error("a 0 0 1 2 3\n").find("line 1: unknown token 'a'"), std::string::npos);
  EXPECT_NE(bench_error("x 0 0 1 2 3\n").find("must be numbers"), std::string::npos);
  EXPECT_NE(bench_error("1 0 0 1\n").find("line 1: wrong count"), std::string::npos);
}

// #46: common board notations are read (brackets and row separators off the words' ends), and a
// token of numbers joined by other marks gets a hint naming the forms read.
TEST(Parse, BracketNotationsAreRead) {
  for (const char* text :
       {"[[1,2,3],[4,0,5],[7,8,6]]", "((1, 2, 3), (4, 0, 5), (7, 8, 6))", "[1 2 3; 4 0 5; 7 8 6]",
        "{{1,2,3},{4,0,5},{7,8,6}}", "[1, 2, 3]\n[4, 0, 5]\n[7, 8, 6]\n"}) {
    SCOPED_TRACE(text);
    const auto parsed = parse_instances(std::string(text));
    ASSERT_EQ(parsed.size(), 1u);
    ASSERT_TRUE(parsed[0].ok()) << parsed[0].error;
    EXPECT_EQ(parsed[0].instance.tiles, (std::vector<int>{1, 2, 3, 4, 0, 5, 7, 8, 6}));
    EXPECT_EQ(parsed[0].instance.rows, 3);
  }
  const auto dashed = parse_instances(std::string("1-2-3 4-0-5 7-8-6"));
  ASSERT_EQ(dashed.size(), 1u);
  EXPECT_FALSE(dashed[0].ok());
  EXPECT_NE(dashed[0].error.find("unknown token '1-2-3' (tiles are separated by spaces or commas"),
            std::string::npos)
      << dashed[0].error;
  EXPECT_NE(dashed[0].error.find("[[1,2,3],[4,0,5],[7,8,6]]"), std::string::npos);
}

}  // namespace
}  // namespace npuzzle
