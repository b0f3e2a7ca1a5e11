// tools/app/report.hpp — boards at run time (for printing and checking) and the output of one
// solved (or failed) instance: text, JSON (one object a line) or the bare move string.
//
// Everything here works on row-major tile vectors of any size; it is off the search's hot path.
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/board.hpp"
#include "core/run_board.hpp"
#include "engine/solver.hpp"

namespace npuzzle {

// ---- boards at run time ----

std::string move_string(const std::vector<Move>& path);  // "RDLU"
// Parses blank moves "RDLU" (either case; spaces and commas ignored). On a bad character returns
// nullopt and sets `error`.
std::optional<std::vector<Move>> parse_moves(const std::string& text, std::string& error);
// The board as a grid, one row a line, the blank shown as `.`, each line prefixed by `indent`.
std::string format_board(const std::vector<int>& tiles, int cols, const std::string& indent);
// "1 move", "52 moves": a count with its noun, singular for one (nouns that take an s).
std::string count_of(std::uint64_t n, const std::string& noun);
std::string with_commas(std::uint64_t n);       // 1234567 -> "1,234,567"
std::string fixed(double value, int decimals);  // printf's %.*f

// ---- one instance's result ----

enum class OutputFormat { Text, Json, Moves };
enum class MoveStyle { Blank, Tile };

struct OutputOptions {
  OutputFormat format = OutputFormat::Text;
  MoveStyle moves = MoveStyle::Blank;
  bool show_boards = false;
};

struct InstanceReport {
  std::int64_t id = 0;
  int line = 0;
  RunBoard board;  // size 0x0 when the instance could not be read
  std::string algorithm;
  std::string tie_break;    // the rule in force ("lifo", "fifo", "larger-g") when taken; else ""
  std::string goal;         // the goal's name: "blank-first", "blank-last" or its tiles
  std::string goal_origin;  // where it came from, for text: " (from NPUZZLE_GOAL)" or ""
  std::optional<int> expected_length;  // the optimal length the input states, if it does
  SolveOutcome outcome;
};

nlohmann::json to_json(const InstanceReport& report, MoveStyle moves);
// When a solution proven optimal has another length than the input states: "instance 3 (line 3):
// solved in 52 moves (optimal, ida + md), the input gives 54". Else "" (no stated length, no
// solution, or one not proven optimal).
std::string expected_length_disagreement(const InstanceReport& report);
// Why a run has no solution, as the text output says it: the error, "unsolvable: …", or "limit
// (node limit, best lower bound 40)". Only for a run that was not solved.
std::string problem_text(const InstanceReport& report);
// Writes the report in the chosen format on `out`; in text format an instance that could not be
// read or solved for an error goes to `err` instead. Moves format: one line per instance, a `# `
// comment line for an instance without a solution.
void print_report(const InstanceReport& report, const OutputOptions& options, std::ostream& out,
                  std::ostream& err);

}  // namespace npuzzle
