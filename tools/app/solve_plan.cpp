// The plan of `npuzzle solve` (solve_plan.hpp): the options and the input read into what to
// solve, checked before any board is.
#include "tools/app/solve_plan.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <memory>
#include <set>
#include <string>
#include <utility>

#include "core/input_error.hpp"
#include "engine/checkpoint_signature.hpp"
#include "engine/file_io.hpp"
#include "engine/option_use.hpp"
#include "tools/app/app.hpp"
#include "tools/app/option_flags.hpp"

namespace npuzzle {
namespace {

// --checkpoint and --resume: what the search is asked to do, or nullptr. With --resume FILE the
// board, its size, the goal, the heuristic and (unless --algo is given) the algorithm come from
// FILE, which also takes the further checkpoints unless --checkpoint names another file.
std::shared_ptr<const CheckpointRequest> checkpoint_request(const SolveOptions& o) {
  const std::set<std::string>& given = o.search.given;
  const bool resume = given.count("--resume") != 0;
  if (!resume && given.count("--trust-other-user")) {
    throw UsageError("--trust-other-user needs --resume FILE");
  }
  if (!resume && !given.count("--checkpoint")) {
    if (given.count("--checkpoint-every")) {
      throw UsageError("--checkpoint-every needs --checkpoint FILE or --resume FILE");
    }
    return nullptr;
  }
  if (!(o.checkpoint_every > 0) || !std::isfinite(o.checkpoint_every)) {
    throw UsageError("--checkpoint-every: a number of seconds above 0");
  }
  auto request = std::make_shared<CheckpointRequest>();
  request->path = given.count("--checkpoint") ? o.checkpoint : o.resume;
  request->every_seconds = o.checkpoint_every;
  if (!resume) return request;
  for (const char* option : {"--file", "--size", "--goal", "--heuristic"}) {
    if (given.count(option)) {
      throw UsageError(std::string("--resume: the checkpoint names the board, its size, the goal "
                                   "and the heuristic; ") +
                       option + " cannot change them");
    }
  }
  if (!o.board.empty()) throw UsageError("--resume takes no BOARD: the checkpoint holds it");
  request->resume = true;
  request->from_path = o.resume;
  try {
    request->from = read_checkpoint(o.resume, o.trust_other_user);
  } catch (const OtherUsersFileError& e) {
    throw InputError(std::string(e.what()) +
                     " (--trust-other-user resumes it, its bound believed only if it carries your "
                     "signature)");
  }
  if (!request->from.signed_here && !o.quiet) {
    const std::string why =
        checkpoint_key()
            ? "does not carry this user's signature (written by another user, on "
              "another machine, by an older npuzzle or without a key, edited, or "
              "continuing a search resumed from such a checkpoint)"
            : "cannot be vouched for, as no signature can be checked: " + checkpoint_key_problem();
    std::cerr << "npuzzle: note: checkpoint " << printable(o.resume) << " " << why
              << ": the search goes on from it, but a solution it finds is not claimed optimal, "
                 "and the checkpoints it writes are unsigned; solve without --resume to prove "
                 "optimality\n";
  }
  return request;
}

// The instances to solve: the board on the command line, the file, or standard input.
std::unique_ptr<InstanceStream> open_input(const SolveOptions& o, const ParseOptions& parse,
                                           const CheckpointRequest* checkpoint) {
  if (checkpoint && checkpoint->resume) {  // the checkpoint's board, its number and line kept
    ParsedInstance resumed;
    resumed.instance.id = checkpoint->from.instance;
    resumed.instance.line = checkpoint->from.line;
    resumed.instance.rows = checkpoint->from.board.size.rows;
    resumed.instance.cols = checkpoint->from.board.size.cols;
    resumed.instance.tiles = checkpoint->from.board.tiles;
    return std::make_unique<InstanceStream>(std::vector<ParsedInstance>{std::move(resumed)});
  }
  if (!o.file.empty()) return std::make_unique<InstanceStream>(o.file, parse, &interrupt_requested);
  if (!o.board.empty() && !(o.board.size() == 1 && o.board[0] == "-")) {
    std::string joined;
    for (const std::string& word : o.board) joined += word + " ";
    return std::make_unique<InstanceStream>(std::move(joined), parse);
  }
  if (!o.quiet && isatty(STDIN_FILENO)) {
    std::cerr << "npuzzle: reading boards from standard input (end with Ctrl-D)\n";
  }
  return std::make_unique<InstanceStream>("-", parse, &interrupt_requested);
}

}  // namespace

SolvePlan plan_solve(const SolveOptions& o) {
  if (!o.file.empty() && !o.board.empty()) throw UsageError("give a BOARD or -f FILE, not both");
  const std::shared_ptr<const CheckpointRequest> checkpoint = checkpoint_request(o);
  std::vector<Configuration> configurations = make_configurations(o.search);
  if (checkpoint && configurations.size() != 1) {
    throw UsageError(
        "--checkpoint keeps the position of one search: give one --algo and one "
        "--heuristic");
  }
  const bool resume = checkpoint && checkpoint->resume;
  if (resume) {  // the heuristic, the goal and (unless --algo is given) the algorithm
    Configuration& c = configurations.front();
    c.request =
        request_from_checkpoint(checkpoint->from, c.request, o.search.given.count("--algo"));
  }
  const GoalSpec goal = resume ? configurations.front().request.goal : goal_in_force(o.goal);
  // The goal as the messages name it, with where it came from.
  const std::string origin = resume ? " (from the checkpoint)" : goal_origin(o.goal);
  const std::string goal_named = goal.describe() + origin;
  const bool parallel_search =
      std::any_of(configurations.begin(), configurations.end(), [](const Configuration& c) {
        return c.request.algorithm && is_parallel(*c.request.algorithm);
      });
  // Instances solved at once: one when a search takes the threads itself.
  const int batch_threads = parallel_search ? 1 : o.threads;
  for (Configuration& c : configurations) {
    c.request.goal = goal;
    c.request.threads = o.threads;
    c.request.instances_at_once = batch_threads;
    c.request.checkpoint = checkpoint;
    c.request.log = command_line_log(o.quiet);
    check_request(c.request, {});  // the options were checked with the configurations
  }
  OutputOptions output;
  if (o.output == "json") {
    output.format = OutputFormat::Json;
  } else if (o.output == "moves") {
    output.format = OutputFormat::Moves;
  } else if (o.output != "text") {
    throw UsageError("--output: unknown format '" + o.output + "' (text, json, moves)");
  }
  if (o.moves == "tile") {
    output.moves = MoveStyle::Tile;
  } else if (o.moves != "blank") {
    throw UsageError("--moves: unknown style '" + o.moves + "' (blank, tile)");
  }
  output.show_boards = o.show_boards;
  if (o.summary && (output.format != OutputFormat::Text || o.show_boards)) {
    throw UsageError("--summary prints the totals only: not with --output " + o.output +
                     (o.show_boards ? " or --show-boards" : ""));
  }
  const bool compare = configurations.size() > 1;
  if (compare && output.format == OutputFormat::Moves) {
    throw UsageError(
        "--output moves shows one solution per instance: give one --algo and one "
        "--heuristic (text and json compare several)");
  }
  const ParseOptions parse_options = command_line_parse(parse_size_option(o.size));
  // A checkpoint or page that could not be written is refused now (exit code 2), not at the first
  // checkpoint, --checkpoint-every seconds into the search, or after the solving.
  if (checkpoint && !checkpoint->path.empty() && !o.animate.empty() &&
      same_file_path(checkpoint->path, o.animate)) {
    throw UsageError("--animate and the checkpoint name the same file '" + printable(o.animate) +
                     "': give each its own");
  }
  // A checkpoint is a regular file (a FIFO or a device would hold a write up, or lose it); the
  // temporary files of an earlier run killed while writing it are removed.
  if (checkpoint && !checkpoint->path.empty()) {
    remove_stale_temporaries(checkpoint->path, 60);
    check_writable(checkpoint->path, "checkpoint", true);
  }
  if (!o.animate.empty()) check_writable(o.animate, "page");

  std::unique_ptr<InstanceStream> input = open_input(o, parse_options, checkpoint.get());
  // A board that never comes counts against the time limit (a FIFO with no writer, a silent
  // pipe); a person typing at a terminal is not hurried.
  if (o.search.time_limit > 0 && !input->terminal()) input->limit_wait(o.search.time_limit);
  return SolvePlan{.checkpoint = checkpoint,
                   .configurations = std::move(configurations),
                   .goal = goal,
                   .goal_origin = origin,
                   .goal_named = goal_named,
                   .batch_threads = batch_threads,
                   .output = output,
                   .compare = compare,
                   .input = std::move(input)};
}

}  // namespace npuzzle
