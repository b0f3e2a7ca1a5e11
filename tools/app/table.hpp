// tools/app/table.hpp — the tables the tools print (solve's table per instance and its totals per
// configuration, bench's sweeps and its comparison of configurations) and the one way their
// numbers are written: counts (and means of counts) whole, with thousands separators; times in
// the unit that shows them (format_duration: µs, ms, s, min); rates in millions a second with two
// decimals and their unit; other figures (lengths, speedups) with fixed decimals per column.
#pragma once

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace npuzzle {

// "812 µs", "12.3 ms", "4.56 s", "2 min 5 s".
std::string format_duration(double seconds);
std::string count_cell(std::uint64_t n);                            // "1,234,567"
std::string mean_count_cell(double mean);                           // "1,234" (rounded)
std::string rate_cell(std::uint64_t count, double seconds);         // "12.49 M/s"
std::string solved_cell(std::uint64_t solved, std::uint64_t runs);  // "98/100"

// Columns of text two spaces apart, sized to their widest cell (UTF-8 code points): the first
// `left` columns left-aligned (names), the others right-aligned; each line starts with `indent`,
// trailing spaces dropped. rows[0] is the header.
void print_table(const std::vector<std::vector<std::string>>& rows, std::size_t left,
                 const std::string& indent, std::ostream& out);

}  // namespace npuzzle
