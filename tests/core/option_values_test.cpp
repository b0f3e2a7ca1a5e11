// The count grammar every count option shares (text/option_values.hpp, parse_count): the forms a
// user writes for a large number give the same value, and anything that is not a whole number in
// range is a usage error that names the option and says what is wrong.
#include "text/option_values.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>

namespace npuzzle {
namespace {

// The message of the UsageError parse_count throws for `text`, or "" when it accepts it.
std::string refusal(const std::string& text, std::uint64_t at_most = UINT64_MAX) {
  try {
    parse_count(text, "--node-limit", at_most);
  } catch (const UsageError& e) {
    return e.what();
  }
  return {};
}

TEST(ParseCount, EveryWayOfWritingAMillionGivesAMillion) {
  for (const char* text :
       {"1000000", "1e6", "1E6", "1e+6", "1M", "1m", "1000K", "0.001G", "1,000,000", "1_000_000",
        "1,000K", "1.0e6", "10e5", "1000000.000", "001000000", "10000000e-1"}) {
    EXPECT_EQ(parse_count(text, "--node-limit"), 1'000'000u) << text;
  }
}

TEST(ParseCount, SuffixesAreDecimalPowers) {
  EXPECT_EQ(parse_count("1K", "--count"), 1'000u);
  EXPECT_EQ(parse_count("2.5K", "--count"), 2'500u);
  EXPECT_EQ(parse_count("3G", "--count"), 3'000'000'000u);
  EXPECT_EQ(parse_count("4T", "--count"), 4'000'000'000'000u);
  EXPECT_EQ(parse_count("0", "--count"), 0u);
  EXPECT_EQ(parse_count("0e999", "--count"), 0u);
  EXPECT_EQ(parse_count("12", "--count"), 12u);
}

TEST(ParseCount, TheLargestValueIsExact) {
  const std::uint64_t most = std::numeric_limits<std::uint64_t>::max();
  EXPECT_EQ(parse_count("18446744073709551615", "--seed"), most);
  EXPECT_EQ(parse_count("18,446,744,073,709,551,615", "--seed"), most);
  EXPECT_EQ(parse_count("1e19", "--seed"), 10'000'000'000'000'000'000u);
}

TEST(ParseCount, RefusalsNameTheOptionAndTheProblem) {
  EXPECT_EQ(refusal("1.5"), "--node-limit: '1.5' is not a whole number");
  EXPECT_EQ(refusal("1e-3"), "--node-limit: '1e-3' is not a whole number");
  EXPECT_EQ(refusal("1.0001K"), "--node-limit: '1.0001K' is not a whole number");
  EXPECT_EQ(refusal("1e30"), "--node-limit: '1e30' is too large (at most 18446744073709551615)");
  EXPECT_EQ(refusal("18446744073709551616"),
            "--node-limit: '18446744073709551616' is too large (at most 18446744073709551615)");
  EXPECT_EQ(refusal("2000", 1024), "--node-limit: '2000' is too large (at most 1024)");
  EXPECT_EQ(refusal("2K", 1024), "--node-limit: '2K' is too large (at most 1024)");
  EXPECT_EQ(refusal("1025", 1024), "--node-limit: '1025' is too large (at most 1024)");
  EXPECT_EQ(refusal("1024", 1024), "");
  EXPECT_EQ(refusal("-5"), "--node-limit: '-5' is negative (a count is 0 or more)");
  EXPECT_EQ(refusal("1,5"),
            "--node-limit: '1,5' is not a count: digits are grouped in threes (1,000,000 or "
            "1_000_000)");
  for (const char* text : {"", "abc", "1x", "1MM", "M", "1.", ".5", "+5", " 5", "5 ", "1e", "1e+",
                           "1,000_000", "0x10", "1KB", "nan", "inf", "1,,000"}) {
    EXPECT_EQ(refusal(text).rfind("--node-limit: '", 0), 0u) << text;
    EXPECT_NE(refusal(text).find("is not a count"), std::string::npos) << text << refusal(text);
  }
}

TEST(ParseCount, AControlCharacterIsShownEscaped) {
  EXPECT_EQ(refusal("5\x1b").find('\x1b'), std::string::npos);
}

}  // namespace
}  // namespace npuzzle
