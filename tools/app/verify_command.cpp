// `npuzzle verify BOARD MOVES`: replays blank moves from a board; exit 0 when they reach the goal.
// The board is given as `solve` takes it: its tiles as words, or quoted as one; MOVES is the last
// word.
#include <iostream>
#include <memory>

#include "tools/app/app.hpp"
#include "tools/app/commands.hpp"
#include "tools/app/report.hpp"

namespace npuzzle {
namespace {

struct VerifyOptions {
  std::vector<std::string> words;  // the board's words, then the moves
  std::string size;
  std::string goal;  // --goal; "" for $NPUZZLE_GOAL, else blank-first
};

ExitCode run_verify(const VerifyOptions& o) {
  if (o.words.size() < 2) throw UsageError("verify takes BOARD and then MOVES (\"\" for none)");
  std::string board_text;
  for (std::size_t i = 0; i + 1 < o.words.size(); ++i) board_text += o.words[i] + " ";
  const std::string& moves = o.words.back();
  const GoalSpec goal_spec = goal_in_force(o.goal);
  const auto entries = parse_instances(board_text, ParseOptions{parse_size_option(o.size)});
  if (entries.size() != 1) {
    throw InputError("BOARD must hold exactly one board, found " + std::to_string(entries.size()));
  }
  if (!entries[0].ok()) throw InputError("BOARD: " + entries[0].error);
  const Instance& instance = entries[0].instance;
  const std::vector<int> goal = goal_spec.tiles_for(static_cast<int>(instance.tiles.size()));
  if (goal.size() != instance.tiles.size()) {
    throw InputError("the goal has " + std::to_string(goal.size()) + " tiles but BOARD is " +
                     board_of(instance).size.name());
  }
  std::string error;
  const auto path = parse_moves(moves, error);
  if (!path) throw InputError("MOVES: " + error);
  RunBoard board = board_of(instance);
  for (std::size_t k = 0; k < path->size(); ++k) {
    if (board.apply((*path)[k]) < 0) {
      std::cout << "invalid: illegal move " << move_char((*path)[k]) << " at step " << (k + 1)
                << ": the blank cannot go that way\n"
                << format_board(board.tiles, instance.cols, "  ");
      return ExitCode::Input;
    }
  }
  const std::string goal_name = "the goal " + goal_spec.describe();
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
  CLI::App* cmd = app.add_subcommand(
      "verify",
      "Check that MOVES (blank directions U D L R) take BOARD to the goal: exit 0 if they do, "
      "2 if a move is illegal or the board reached is not the goal.");
  cmd->footer(
      "Exit codes: 0 the moves reach the goal, 1 usage error, 2 a bad board or move, an illegal "
      "move, or moves that end elsewhere.");
  cmd->add_option("BOARD-and-MOVES", options->words,
                  "the board's tiles row by row (as words, like solve, or quoted), then the moves, "
                  "e.g. RDLU (\"\" for none)")
      ->required();
  cmd->add_option("--size", options->size, "board size RxC when the tile count is ambiguous");
  cmd->add_option("--goal", options->goal,
                  "blank-first (default, or $NPUZZLE_GOAL), blank-last or the goal's tiles");
  cmd->callback([options, &action] { action = [options] { return run_verify(*options); }; });
}

}  // namespace npuzzle
