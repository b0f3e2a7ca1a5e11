#include "tools/app/report.hpp"

#include <algorithm>
#include <cstdio>

#include "text/parse.hpp"
#include "tools/app/option_flags.hpp"
#include "tools/app/table.hpp"

namespace npuzzle {

std::string move_string(const std::vector<Move>& path) {
  std::string out;
  out.reserve(path.size());
  for (Move m : path) out += move_char(m);
  return out;
}

std::optional<std::vector<Move>> parse_moves(const std::string& text, std::string& error) {
  std::vector<Move> path;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == ' ' || c == ',' || c == '\t' || c == '\n' || c == '\r') continue;
    Move m;
    if (!parse_move(c, m)) {
      error = "unknown move '" + printable(std::string(1, c)) + "' at character " +
              std::to_string(i + 1) + " (moves are U D L R, the direction the blank goes)";
      return std::nullopt;
    }
    path.push_back(m);
  }
  return path;
}

std::string format_board(const std::vector<int>& tiles, int cols, const std::string& indent) {
  const int width = tiles.size() > 10 ? 3 : 2;
  std::string out;
  for (std::size_t i = 0; i < tiles.size(); ++i) {
    if (i % static_cast<std::size_t>(cols) == 0) out += indent;
    const std::string cell = tiles[i] == 0 ? "." : std::to_string(tiles[i]);
    out += std::string(static_cast<std::size_t>(width) - cell.size(), ' ') + cell;
    if ((i + 1) % static_cast<std::size_t>(cols) == 0) out += '\n';
  }
  return out;
}

std::string count_of(std::uint64_t n, const std::string& noun) {
  return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

std::string with_commas(std::uint64_t n) {
  std::string digits = std::to_string(n), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string fixed(double value, int decimals) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
  return buffer;
}

namespace {

std::string join(const std::vector<int>& values) {
  std::string out;
  for (int v : values) {
    if (!out.empty()) out += ' ';
    out += std::to_string(v);
  }
  return out;
}

std::string statistics_line(const SearchStats& stats) {
  const double rate = stats.seconds > 0 ? static_cast<double>(stats.generated) / stats.seconds : 0;
  return "expanded " + count_cell(stats.expanded) + ", generated " + count_cell(stats.generated) +
         ", " + format_duration(stats.seconds) + ", " + fixed(rate / 1e6, 2) + " M generated/s";
}

std::string title(const InstanceReport& r) {
  std::string t = "instance " + std::to_string(r.id) + " (line " + std::to_string(r.line);
  if (r.board.size.known()) t += ", " + r.board.size.name();
  return t + ")";
}

}  // namespace

nlohmann::json to_json(const InstanceReport& r, MoveStyle moves) {
  const SearchResult& result = r.outcome.result;
  const bool solved = r.outcome.solved();
  nlohmann::json j;
  j["id"] = r.id;
  j["line"] = r.line;
  j["size"] = r.board.size.known() ? nlohmann::json(r.board.size.name()) : nlohmann::json();
  j["status"] = r.outcome.status_name();
  j["length"] = solved ? nlohmann::json(result.path.size()) : nlohmann::json();
  j["optimal"] = solved && result.optimal;
  j["moves"] = solved ? nlohmann::json(move_string(result.path)) : nlohmann::json();
  if (solved && moves == MoveStyle::Tile) {
    j["tiles_moved"] = r.board.tiles_moved(result.path);
  }
  j["expanded"] = result.stats.expanded;
  j["generated"] = result.stats.generated;
  j["peak_stored"] = result.stats.stored;
  j["seconds"] = result.stats.seconds;
  j["goal"] = r.goal;
  // null, like the heuristic, for a line that could not be read (no search was chosen for it)
  j["algorithm"] = r.algorithm.empty() ? nlohmann::json() : nlohmann::json(r.algorithm);
  j["heuristic"] =
      r.board.size.known() ? nlohmann::json(r.outcome.heuristic.name()) : nlohmann::json();
  j["threads"] = r.outcome.threads;
  j["ranks"] = r.outcome.ranks;
  if (r.expected_length) j["expected_length"] = *r.expected_length;
  if (!r.tie_break.empty()) j["tie_break"] = r.tie_break;
  const bool stopped = result.status == Status::Limit || result.status == Status::OutOfMemory;
  if (r.outcome.failed()) {
    j["error"] = printable(r.outcome.error_message(command_line_words()));
  } else if (!solved) {
    j["reason"] =
        r.outcome.reason(command_line_words());  // unsolvable, or which limit stopped the search
  }
  if (!r.outcome.failed() && stopped) j["bound"] = result.bound;
  return j;
}

std::string expected_length_disagreement(const InstanceReport& r) {
  const SearchResult& result = r.outcome.result;
  if (!r.expected_length || !r.outcome.solved() || !result.optimal) return {};
  if (result.path.size() == static_cast<std::size_t>(*r.expected_length)) return {};
  return title(r) + ": solved in " + count_of(result.path.size(), "move") + " (optimal, " +
         r.algorithm + (r.outcome.heuristic.none() ? "" : " + " + r.outcome.heuristic.name()) +
         "), the input gives " + std::to_string(*r.expected_length);
}

std::string problem_text(const InstanceReport& r) {
  const SearchResult& result = r.outcome.result;
  if (r.outcome.failed()) return printable(r.outcome.error_message(command_line_words()));
  if (result.status == Status::Unsolvable)
    return "unsolvable: " + r.outcome.reason(command_line_words());
  return r.outcome.status_name() + " (" + r.outcome.reason(command_line_words()) +
         ", best lower bound " + std::to_string(result.bound) + ")";
}

void print_report(const InstanceReport& r, const OutputOptions& options, std::ostream& out,
                  std::ostream& err) {
  const SearchResult& result = r.outcome.result;
  if (options.format == OutputFormat::Json) {
    out << to_json(r, options.moves).dump() << '\n';
    return;
  }
  const bool solved = r.outcome.solved();
  const std::string problem = solved ? std::string() : problem_text(r);
  if (options.format == OutputFormat::Moves) {
    if (solved) {
      out << (options.moves == MoveStyle::Tile ? join(r.board.tiles_moved(result.path))
                                               : move_string(result.path))
          << '\n';
    } else {
      out << "# " << title(r) << ": " << problem << '\n';
    }
    return;
  }
  if (r.outcome.failed()) {
    err << "npuzzle: " << title(r) << ": " << problem << '\n';
    return;
  }
  if (!solved) {
    out << title(r) << ": " << problem << '\n';
    if (result.status == Status::Unsolvable) return;
    out << "  " << statistics_line(result.stats) << '\n';
    return;
  }
  out << title(r) << ": solved in " << count_of(result.path.size(), "move")
      << (result.optimal ? " (optimal)" : " (not proven optimal)") << " to the goal " << r.goal
      << r.goal_origin << ", " << r.algorithm
      << (r.outcome.heuristic.none() ? "" : " + " + r.outcome.heuristic.name())
      << (r.tie_break.empty() ? "" : ", tie-break " + r.tie_break) << '\n';
  if (options.moves == MoveStyle::Tile) {
    out << "  tiles moved: " << join(r.board.tiles_moved(result.path)) << '\n';
  } else {
    out << "  blank moves: " << move_string(result.path) << '\n';
  }
  out << "  " << statistics_line(result.stats) << '\n';
  if (options.show_boards) {
    RunBoard board = r.board;
    out << "  start:\n" << format_board(board.tiles, board.size.cols, "    ");
    const std::vector<int> moved = r.board.tiles_moved(result.path);
    for (std::size_t k = 0; k < result.path.size(); ++k) {
      board.apply(result.path[k]);
      out << "  " << (k + 1) << ": blank " << move_char(result.path[k]) << ", tile " << moved[k]
          << " slides\n"
          << format_board(board.tiles, board.size.cols, "    ");
    }
  }
}

}  // namespace npuzzle
