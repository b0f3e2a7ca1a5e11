// `npuzzle random`: uniformly random solvable boards (relative to the goal), or random walks from
// the goal, one a line in Korf's one-line form; the same seed gives the same boards.
#include <cerrno>
#include <iostream>
#include <memory>
#include <optional>
#include <random>

#include "core/random.hpp"
#include "tools/app/app.hpp"
#include "tools/app/commands.hpp"
#include "tools/checked_output.hpp"
#include "tools/help_format.hpp"

namespace npuzzle {
namespace {

struct RandomOptions {
  std::string size = "4x4";
  std::string count = "1";
  std::string seed;  // "" -> a fresh seed, reported on stderr
  std::string walk;  // a number: a random walk of that many moves from the goal instead
  std::string goal;  // --goal; "" for $NPUZZLE_GOAL, else blank-first
  bool with_id = false;
};

constexpr std::uint64_t kMaxWalk = 1'000'000'000;

ExitCode run_random(const RandomOptions& o) {
  const BoardSize size = parse_size_option(o.size);
  const std::uint64_t count = parse_count(o.count, "--count");
  const GoalSpec goal_spec = goal_in_force(o.goal);
  const std::vector<int> goal = goal_spec.tiles_for(size.cells());
  if (static_cast<int>(goal.size()) != size.cells()) {
    const std::string origin = goal_origin(o.goal);
    throw UsageError((origin.empty() ? "--goal" : "the goal" + origin) + " has " +
                     std::to_string(goal.size()) + " tiles but --size " + size.name() + " has " +
                     std::to_string(size.cells()) + " cells");
  }
  std::uint64_t seed = 0;
  if (o.seed.empty()) {
    std::random_device device;
    seed = (static_cast<std::uint64_t>(device()) << 32) | device();
    std::cerr << "npuzzle: --seed " << seed << "\n";
  } else {
    seed = parse_count(o.seed, "--seed");
  }
  std::optional<int> walk;
  if (!o.walk.empty()) {
    const std::uint64_t moves = parse_count(o.walk, "--walk");
    if (moves > kMaxWalk) {
      throw UsageError("--walk: at most " + std::to_string(kMaxWalk) + " moves");
    }
    walk = static_cast<int>(moves);
  }
  Rng rng(seed);
  for (std::uint64_t i = 1; i <= count && !interrupt_requested.load(); ++i) {
    const std::vector<int> tiles = walk ? random_walk(size.rows, size.cols, goal, *walk, rng)
                                        : random_solvable(size.rows, size.cols, goal, rng);
    if (o.with_id) std::cout << i << ' ';
    for (std::size_t c = 0; c < tiles.size(); ++c) std::cout << (c ? " " : "") << tiles[c];
    std::cout << '\n';
    check_stdout();
  }
  flush_stdout_or_throw();
  return interrupt_requested.load() ? ExitCode::Limit : ExitCode::Solved;
}

}  // namespace

void add_random_command(CLI::App& app, Action& action) {
  auto options = std::make_shared<RandomOptions>();
  CLI::App* cmd = app.add_subcommand("random", "print random boards that can reach the goal");
  CommandManual& manual = manual_of(*cmd);
  manual.description =
      "Prints random boards that can reach the goal, one a line (tiles row by row, 0 the blank): "
      "uniformly random ones, or with --walk the end of a random walk from the goal. The same "
      "seed gives the same boards.";
  manual.examples = {
      {"npuzzle random --count 10 --seed 1", "ten random 15-puzzle boards, the same every time"},
      {"npuzzle random --size 3x3 --count 1K > boards.txt",
       "a thousand 8-puzzle boards in a file, for `npuzzle solve -f boards.txt`"},
      {"npuzzle random --walk 20 --with-id", "a board 20 random moves from the goal, numbered"}};
  manual.exit_codes = {
      {0, "boards printed"}, {1, "usage error"}, {2, "the output could not be written"}};
  cmd->add_option("--size", options->size, "board size RxC (default 4x4)")->option_text("RxC");
  cmd->add_option("--count", options->count, "how many boards (default 1)")->option_text("N");
  cmd->add_option("--seed", options->seed, "random seed (default: a fresh one, shown on stderr)")
      ->option_text("N");
  cmd->add_option("--walk", options->walk,
                  "a random walk of N moves from the goal (no immediate reversals) instead of a "
                  "uniformly random board")
      ->option_text("N");
  cmd->add_option("--goal", options->goal,
                  "blank-first (default, or $NPUZZLE_GOAL), blank-last or the goal's tiles")
      ->option_text("GOAL");
  cmd->add_flag("--with-id", options->with_id, "start each line with its number, 1, 2, …");
  cmd->callback([options, &action] { action = [options] { return run_random(*options); }; });
}

}  // namespace npuzzle
