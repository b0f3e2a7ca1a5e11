// `npuzzle verify BOARD MOVES`: replays blank moves from a board; exit 0 when they reach the goal.
#include <iostream>
#include <memory>

#include "tools/app/commands.hpp"
#include "tools/app/report.hpp"

namespace npuzzle {
namespace {

struct VerifyOptions {
  std::string board;
  std::string moves;
  std::string size;
  std::string goal = "blank-first";
};

ExitCode run_verify(const VerifyOptions& o) {
  const GoalSpec goal_spec = parse_goal_option(o.goal);
  const auto entries = parse_instances(o.board, ParseOptions{parse_size_option(o.size)});
  if (entries.size() != 1) {
    throw InputError("BOARD must hold exactly one board, found " + std::to_string(entries.size()));
  }
  if (!entries[0].ok()) throw InputError("BOARD: " + entries[0].error);
  const Instance& instance = entries[0].instance;
  const std::vector<int> goal = goal_spec.tiles_for(static_cast<int>(instance.tiles.size()));
  if (goal.size() != instance.tiles.size()) {
    throw InputError("the goal has " + std::to_string(goal.size()) + " tiles but BOARD is " +
                     size_name(instance.rows, instance.cols));
  }
  std::string error;
  const auto path = parse_moves(o.moves, error);
  if (!path) throw InputError("MOVES: " + error);
  std::vector<int> board = instance.tiles;
  for (std::size_t k = 0; k < path->size(); ++k) {
    if (!apply_move(board, instance.rows, instance.cols, (*path)[k])) {
      std::cout << "invalid: illegal move " << move_char((*path)[k]) << " at step " << (k + 1)
                << ": the blank cannot go that way\n"
                << format_board(board, instance.cols, "  ");
      return ExitCode::Input;
    }
  }
  if (board != goal) {
    std::cout << "invalid: the " << path->size() << " moves end on a board that is not the goal:\n"
              << format_board(board, instance.cols, "  ");
    return ExitCode::Input;
  }
  std::cout << "valid: reaches the goal in " << path->size()
            << (path->size() == 1 ? " move\n" : " moves\n");
  return ExitCode::Solved;
}

}  // namespace

void add_verify_command(CLI::App& app, Action& action) {
  auto options = std::make_shared<VerifyOptions>();
  CLI::App* cmd = app.add_subcommand(
      "verify",
      "Check that MOVES (blank directions U D L R) take BOARD to the goal: exit 0 if they do, "
      "2 if a move is illegal or the board reached is not the goal.");
  cmd->add_option("board", options->board, "the board's tiles (quoted), row by row")->required();
  cmd->add_option("moves", options->moves, "the moves, e.g. RDLU (\"\" for none)")->required();
  cmd->add_option("--size", options->size, "board size RxC when the tile count is ambiguous");
  cmd->add_option("--goal", options->goal, "blank-first (default), blank-last or the goal's tiles");
  cmd->callback([options, &action] { action = [options] { return run_verify(*options); }; });
}

}  // namespace npuzzle
