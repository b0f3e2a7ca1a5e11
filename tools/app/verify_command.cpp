// `npuzzle verify BOARD MOVES`: replays moves from a board; exit 0 when they reach the goal.
// The board is given as `solve` takes it: its tiles as words, or quoted as one; MOVES are blank
// moves (`RDLU` or `R D L U`) or the tile numbers `solve --moves tile` prints (`5 6 2` as words
// after the board's tiles, or quoted).
#include <algorithm>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>

#include "tools/app/app.hpp"
#include "tools/app/commands.hpp"
#include "tools/app/option_flags.hpp"
#include "tools/app/report.hpp"
#include "tools/help_format.hpp"

namespace npuzzle {
namespace {

struct VerifyOptions {
  std::vector<std::string> words;  // the board's words, then the moves
  std::string size;
  std::string goal;  // --goal; "" for $NPUZZLE_GOAL, else blank-first
};

// A word of blank moves: U D L R (either case), possibly with commas; "" is none.
bool is_letter_moves(const std::string& word) {
  Move m;
  return std::all_of(word.begin(), word.end(),
                     [&](char c) { return c == ',' || c == ' ' || parse_move(c, m); });
}

// The words of a number list ("5 6 2", "5,6", "[5, 6]"), or nullopt when one is not a number.
std::optional<std::vector<int>> numbers_in(const std::string& text) {
  std::vector<int> numbers;
  std::string clean = text;
  for (char& c : clean) {
    if (c == '[' || c == ']' || c == ',') c = ' ';
  }
  std::istringstream in(clean);
  for (std::string word; in >> word;) {
    if (word.size() > 3 ||
        !std::all_of(word.begin(), word.end(), [](char c) { return c >= '0' && c <= '9'; })) {
      return std::nullopt;
    }
    numbers.push_back(std::stoi(word));
  }
  return numbers;
}

// BOARD and MOVES from the words: the moves are the last words when they are blank moves (`RDL`
// or `R D L`); else tile numbers, as `--moves tile` prints them, after the board (its tiles as
// words: the longest run of first words that holds each of 0 .. N-1 once, N a board's cell count
// or --size's; or quoted as one word).
struct Split {
  std::string board;
  std::string moves;       // blank moves, when `tiles` is empty
  std::vector<int> tiles;  // else the tiles moved
  bool by_tiles = false;
};

Split split_words(const std::vector<std::string>& words, BoardSize size) {
  Split out;
  std::size_t first_move = words.size();
  while (first_move > 1 && is_letter_moves(words[first_move - 1])) --first_move;
  if (first_move < words.size()) {
    for (std::size_t i = 0; i < first_move; ++i) out.board += words[i] + " ";
    for (std::size_t i = first_move; i < words.size(); ++i) out.moves += words[i];
    return out;
  }
  // Tile numbers: the board's words first.
  std::vector<std::string> tokens;
  std::size_t board_words = 0;
  if (words.front().find_first_of(" \t,\n") != std::string::npos) {
    board_words = 1;  // quoted
  } else {
    const auto is_permutation_prefix = [&](std::size_t n) {
      std::vector<bool> seen(n, false);
      for (std::size_t i = 0; i < n; ++i) {
        const std::string& w = words[i];
        const bool blank = w == "x" || w == "X" || w == "_" || w == ".";
        const auto value =
            blank ? std::optional<std::vector<int>>(std::vector<int>{0}) : numbers_in(w);
        if (!value || value->size() != 1) return false;
        const int t = value->front();
        if (t < 0 || static_cast<std::size_t>(t) >= n || seen[static_cast<std::size_t>(t)]) {
          return false;
        }
        seen[static_cast<std::size_t>(t)] = true;
      }
      return true;
    };
    for (std::size_t n = words.size() - 1; n >= 4; --n) {
      if (size.known() && n != static_cast<std::size_t>(size.cells())) continue;
      if (is_permutation_prefix(n)) {
        board_words = n;
        break;
      }
    }
  }
  std::vector<int> tiles;
  bool numbers = board_words > 0 && board_words < words.size();
  for (std::size_t i = board_words; numbers && i < words.size(); ++i) {
    const auto listed = numbers_in(words[i]);
    if (!listed)
      numbers = false;
    else
      tiles.insert(tiles.end(), listed->begin(), listed->end());
  }
  if (!numbers) {  // neither: the last word is MOVES (and its error says what is wrong)
    for (std::size_t i = 0; i + 1 < words.size(); ++i) out.board += words[i] + " ";
    out.moves = words.back();
    return out;
  }
  for (std::size_t i = 0; i < board_words; ++i) out.board += words[i] + " ";
  out.tiles = std::move(tiles);
  out.by_tiles = true;
  return out;
}

// The blank moves that slide `tiles` in turn from `board`; "" and `error` set at a tile that is
// not next to the blank.
std::optional<std::vector<Move>> moves_of_tiles(RunBoard board, const std::vector<int>& tiles,
                                                std::string& error) {
  std::vector<Move> path;
  for (std::size_t k = 0; k < tiles.size(); ++k) {
    bool found = false;
    for (Move m : {Move::Up, Move::Down, Move::Left, Move::Right}) {
      RunBoard next = board;
      if (next.apply(m) < 0) continue;
      if (board.tiles_moved({m}) == std::vector<int>{tiles[k]}) {
        path.push_back(m);
        board = std::move(next);
        found = true;
        break;
      }
    }
    if (!found) {
      error = "tile " + std::to_string(tiles[k]) + " at step " + std::to_string(k + 1) +
              " is not next to the blank";
      return std::nullopt;
    }
  }
  return path;
}

ExitCode run_verify(const VerifyOptions& o) {
  if (o.words.size() < 2) throw UsageError("verify takes BOARD and then MOVES (\"\" for none)");
  const Split split = split_words(o.words, parse_size_option(o.size));
  const std::string& board_text = split.board;
  const std::string& moves = split.moves;
  const GoalSpec goal_spec = goal_in_force(o.goal);
  const auto entries = parse_instances(board_text, command_line_parse(parse_size_option(o.size)));
  if (entries.size() != 1) {
    throw InputError("BOARD must hold exactly one board, found " + std::to_string(entries.size()));
  }
  if (!entries[0].ok()) throw InputError("BOARD: " + entries[0].error);
  const Instance& instance = entries[0].instance;
  const std::vector<int> goal = goal_spec.tiles_for(static_cast<int>(instance.tiles.size()));
  if (goal.size() != instance.tiles.size()) {
    throw InputError("the goal" + goal_origin(o.goal) + " has " + std::to_string(goal.size()) +
                     " tiles but BOARD is " + board_of(instance).size.name());
  }
  std::string error;
  RunBoard board = board_of(instance);
  const auto path =
      split.by_tiles ? moves_of_tiles(board, split.tiles, error) : parse_moves(moves, error);
  if (!path && split.by_tiles) {
    std::cout << "invalid: " << error << "\n";
    return ExitCode::Input;
  }
  if (!path) throw InputError("MOVES: " + error);
  for (std::size_t k = 0; k < path->size(); ++k) {
    if (board.apply((*path)[k]) < 0) {
      std::cout << "invalid: illegal move " << move_char((*path)[k]) << " at step " << (k + 1)
                << ": the blank cannot go that way\n"
                << format_board(board.tiles, instance.cols, "  ");
      return ExitCode::Input;
    }
  }
  const std::string goal_name = "the goal " + goal_spec.describe() + goal_origin(o.goal);
  if (board.tiles != goal) {
    std::cout << "invalid: the " << count_of(path->size(), "move")
              << (path->size() == 1 ? " ends" : " end") << " on a board that is not " << goal_name
              << ":\n"
              << format_board(board.tiles, instance.cols, "  ") << "  expected " << goal_name
              << ":\n"
              << format_board(goal, instance.cols, "  ");
    for (const GoalSpec& other : {GoalSpec::blank_first(), GoalSpec::blank_last()}) {
      if (other.kind != goal_spec.kind &&
          board.tiles == other.tiles_for(static_cast<int>(goal.size()))) {
        std::cout << "  (the moves reach the goal " << other.describe() << ": add --goal "
                  << other.describe() << ")\n";
      }
    }
    return ExitCode::Input;
  }
  std::cout << "valid: reaches " << goal_name << " in " << count_of(path->size(), "move") << "\n";
  return ExitCode::Solved;
}

}  // namespace

void add_verify_command(CLI::App& app, Action& action) {
  auto options = std::make_shared<VerifyOptions>();
  CLI::App* cmd = app.add_subcommand("verify", "check that moves take a board to the goal");
  CommandManual& manual = manual_of(*cmd);
  manual.description =
      "Checks that MOVES take BOARD to the goal: blank directions U D L R (RDLU or R D L U) or "
      "the tiles moved, as `solve --moves tile` prints them (5 6 2).";
  manual.examples = {
      {"npuzzle verify 1 2 5 3 4 0 6 7 8 ULL", "three blank moves that solve this 8-puzzle board"},
      {"npuzzle verify '1 2 5 3 4 0 6 7 8' '5 2 1'", "the same moves, as the tiles that slide"},
      {"npuzzle verify --goal blank-last '1 2 3 4 5 6 7 0 8' R", "one move to the goal 1 2 … 8 0"}};
  manual.exit_codes = {{0, "the moves reach the goal"},
                       {1, "usage error"},
                       {2,
                        "a bad board or move, an illegal move, or moves that end elsewhere than "
                        "the goal"}};
  cmd->add_option("BOARD-and-MOVES", options->words,
                  "the board's tiles row by row (as words, like solve, or quoted), then the moves: "
                  "RDLU, R D L U, or tile numbers 5 6 2 (\"\" for none)")
      ->required()
      ->option_text("BOARD MOVES");
  cmd->add_option("--size", options->size, "board size RxC when the tile count is ambiguous")
      ->option_text("RxC");
  cmd->add_option("--goal", options->goal,
                  "blank-first (default, or $NPUZZLE_GOAL), blank-last or the goal's tiles")
      ->option_text("GOAL");
  cmd->callback([options, &action] { action = [options] { return run_verify(*options); }; });
}

}  // namespace npuzzle
