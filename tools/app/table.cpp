#include "tools/app/table.hpp"

#include <algorithm>
#include <cmath>

#include "tools/app/report.hpp"

namespace npuzzle {

std::string format_duration(double seconds) {
  if (seconds < 0) seconds = 0;
  if (seconds < 1e-3) return fixed(seconds * 1e6, 0) + " µs";
  if (seconds < 1) return fixed(seconds * 1e3, seconds < 0.1 ? 2 : 1) + " ms";
  if (seconds < 60) return fixed(seconds, seconds < 10 ? 3 : 2) + " s";
  const auto whole = static_cast<long long>(seconds + 0.5);
  return std::to_string(whole / 60) + " min " + std::to_string(whole % 60) + " s";
}

std::string count_cell(std::uint64_t n) { return with_commas(n); }

std::string mean_count_cell(double mean) {
  return with_commas(static_cast<std::uint64_t>(std::llround(std::max(mean, 0.0))));
}

std::string rate_cell(std::uint64_t count, double seconds) {
  return fixed(static_cast<double>(count) / std::max(seconds, 1e-9) / 1e6, 2) + " M/s";
}

std::string solved_cell(std::uint64_t solved, std::uint64_t runs) {
  return with_commas(solved) + "/" + with_commas(runs);
}

void print_table(const std::vector<std::vector<std::string>>& rows, std::size_t left,
                 const std::string& indent, std::ostream& out) {
  std::vector<std::size_t> width;
  const auto shown_width = [](const std::string& cell) {  // UTF-8 code points ("µ" is one)
    return static_cast<std::size_t>(std::count_if(cell.begin(), cell.end(), [](char c) {
      return (static_cast<unsigned char>(c) & 0xc0) != 0x80;
    }));
  };
  for (const auto& row : rows) {
    if (width.size() < row.size()) width.resize(row.size(), 0);
    for (std::size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], shown_width(row[c]));
  }
  for (const auto& row : rows) {
    std::string line = indent;
    for (std::size_t c = 0; c < row.size(); ++c) {
      const std::string pad(width[c] - shown_width(row[c]), ' ');
      if (c > 0) line += "  ";
      line += c < left ? row[c] + pad : pad + row[c];
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out << line << '\n';
  }
}

}  // namespace npuzzle
