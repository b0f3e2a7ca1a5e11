// text/option_values.hpp — the option values npuzzle and pdbgen share, with one grammar each: a
// board size, a goal, a memory size, a count. A bad value throws UsageError (request_error.hpp)
// carrying a typed RequestError (BadValue, about the option's OptionField), which each front end
// words for itself.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "core/goal.hpp"
#include "text/parse.hpp"
#include "text/request_error.hpp"

namespace npuzzle {

// "" -> unknown size; "RxC" -> that size (one of core/board_sizes.hpp); else throws UsageError
// (about OptionField::Size).
BoardSize parse_size_option(const std::string& text);
// "blank-first" (also ""), "blank-last" or the goal's tiles row by row, blanks around it ignored;
// throws UsageError (about OptionField::Goal).
GoalSpec parse_goal_option(const std::string& text);
// The goal with these tiles (row by row, 0 the blank): blank-first or blank-last when it is one of
// them; throws UsageError (about OptionField::Goal) unless they are a permutation of 0 .. n-1.
GoalSpec goal_option(const std::vector<int>& tiles);
// "512M", "2G", "1.5G", "100000", "64K", "6GiB": bytes (powers of 1024; an optional trailing B or
// iB; a fraction allowed); throws UsageError (about OptionField::MemLimit) for anything else.
std::uint64_t parse_memory_size(const std::string& text);
// A count, the one grammar of every option that takes one (--node-limit, --count, --threads …):
// decimal digits, grouped in threes by ',' or '_' if wished (1,000,000, 1_000_000), with a
// fraction, an exponent (1e6, 2.5e3) or a suffix K, M, G, T (10^3, 10^6, 10^9, 10^12: 1M, 1.5K),
// as long as the value is a whole number from 0 to `at_most`. No sign, no blanks. Anything else
// throws UsageError naming `option` and saying what is wrong (not a number, not a whole number,
// negative, too large).
std::uint64_t parse_count(const std::string& text, const std::string& option,
                          std::uint64_t at_most = std::numeric_limits<std::uint64_t>::max());

// The most threads any option accepts (--threads of solve and bench, and of pdbgen): more are
// refused as a usage error rather than exhausting memory with thread stacks and per-thread tables.
inline constexpr int kMaxThreads = 1024;

}  // namespace npuzzle
