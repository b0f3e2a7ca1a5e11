// `npuzzle solve`: read instances (a board on the command line, a file, or stdin), solve each,
// print the results in input order. Sequential algorithms with --threads N solve N instances at a
// time. --checkpoint and --resume (ida, pida, aida) keep one search's position in a file
// (engine/checkpoint.hpp).
//
// The command's wiring: its options (SolveOptions), then the plan (solve_plan.hpp), the runner
// (solve_runner.hpp) and the reporter (solve_report.hpp).
#include <memory>

#include "tools/app/commands.hpp"
#include "tools/app/solve_plan.hpp"
#include "tools/app/solve_report.hpp"
#include "tools/app/solve_runner.hpp"
#include "tools/count_option.hpp"
#include "tools/help_format.hpp"

namespace npuzzle {
namespace {

ExitCode run_solve(const SolveOptions& o, SolveSession& session) {
  SolvePlan plan = plan_solve(o);
  SolveReporter reporter(o, plan);
  solve_instances(o, plan, reporter, session);
  return reporter.finish();
}

}  // namespace

void add_solve_command(CLI::App& app, Action& action, SolveSession& session) {
  auto options = std::make_shared<SolveOptions>();
  CLI::App* cmd = app.add_subcommand("solve", "solve boards optimally");
  CommandManual& manual = manual_of(*cmd);
  manual.description =
      "Solves each board optimally and prints its solution. BOARD is the tiles row by row (0, x, "
      "X, _ or . for the blank), quoted or as separate words; without BOARD or -f, or with -, "
      "boards are read from standard input (one a line in Korf's form `[id] tiles…` or the "
      "benchmark sets' `id length tiles…`, or as grids of rows). A length the input gives is "
      "checked against optimal solutions.\n\n"
      "With lists of --algo, --heuristic or --tie-break every configuration solves every board "
      "and the results are compared. With many instances the exit code is the highest among "
      "them.";
  manual.examples = {
      {"npuzzle solve 5 1 8 0 3 2 7 4 6", "solve one 8-puzzle board, given as words"},
      {"npuzzle solve --output json 1 2 5 3 4 0 6 7 8",
       "the result as one JSON object: length, moves, nodes, time"},
      {"npuzzle solve --algo bfs,astar,ida 5 1 8 0 3 2 7 4 6",
       "compare three searches on one board: nodes, time, length"},
      {"npuzzle random --walk 40 | npuzzle solve --node-limit 1M",
       "a 15-puzzle board from stdin, solved within a million expanded nodes"}};
  manual.exit_codes = {
      {0, "every instance solved"},
      {1, "usage error"},
      {2,
       "input error: a bad board or file, a bad database, the --animate page or a checkpoint not "
       "written, a checkpoint refused, an optimal length that disagrees with the one the input "
       "gives"},
      {3, "unsolvable"},
      {4, "a limit was hit, or Ctrl-C"},
      {5, "out of memory"}};
  cmd->add_option("board", options->board, "the board's tiles, or - for stdin")
      ->option_text("BOARD...");
  cmd->add_option("-f,--file", options->file, "read the instances from FILE")->option_text("FILE");
  cmd->add_option("--size", options->size,
                  "board size RxC (needed when the tile count fits several: 6, 8, 10, 12, 15, 20)")
      ->option_text("RxC");
  cmd->add_option("--goal", options->goal,
                  "blank-first (0 1 2 …, default, or $NPUZZLE_GOAL), blank-last (1 2 … 0) or the "
                  "goal's tiles")
      ->option_text("GOAL");
  add_search_options(*cmd, options->search);
  cmd->add_option("--threads", options->threads,
                  "threads: per instance for hda, pida and aida named with --algo; otherwise "
                  "(the default algorithm included) instances solved at once (default 1)")
      ->transform(count_value(kMaxThreads))
      ->option_text("N");
  cmd->add_option("--output", options->output,
                  "text (default), json (one object a line), moves (the move string a line)")
      ->option_text("text|json|moves");
  cmd->add_option("--moves", options->moves,
                  "blank (directions the blank goes: U D L R, default) or tile (tile numbers)")
      ->option_text("blank|tile");
  cmd->add_flag("--show-boards", options->show_boards, "print the board after every move");
  cmd->add_flag("--summary", options->summary,
                "no line per instance: the totals per configuration only (algorithm, heuristic, "
                "tie-break rule, solved / optimal / limit counts, mean length and nodes, times; "
                "text output; errors still go to stderr), for many instances");
  cmd->add_option("--animate", options->animate,
                  "write FILE.html: a page that plays the solutions (open it in a browser)")
      ->option_text("FILE.html");
  CLI::Option* quiet = cmd->add_flag("-q,--quiet", options->quiet, "no summary or notes on stderr");
  cmd->add_flag("-v,--verbose", options->verbose,
                "a progress line per IDA* iteration on stderr, and the heartbeat (not with "
                "--quiet)")
      ->excludes(quiet);
  cmd->add_flag("--progress{5}", options->progress,
                "a heartbeat on stderr every SECONDS (above 0; default 5) while a search runs: "
                "nodes, rate, f or bound, memory held (always on a terminal unless --quiet)")
      ->option_text("[=SECONDS]");
  cmd->add_option("--checkpoint", options->checkpoint,
                  "ida, pida, aida: keep the search's position in FILE (written atomically every "
                  "--checkpoint-every seconds and when a limit or a signal stops the search)")
      ->option_text("FILE");
  cmd->add_option("--checkpoint-every", options->checkpoint_every,
                  "seconds between checkpoints (default 600)")
      ->option_text("SECONDS");
  cmd->add_option("--resume", options->resume,
                  "go on from the checkpoint FILE (its board, goal and heuristic; no BOARD), "
                  "keeping further checkpoints in it")
      ->option_text("FILE");
  cmd->add_flag("--trust-other-user", options->trust_other_user,
                "with --resume: go on from a checkpoint FILE owned by another user (refused "
                "otherwise, exit code 2); its solution is claimed optimal only if FILE carries "
                "your signature");
  cmd->callback([options, cmd, &action, &session] {
    options->search.given = given_options(*cmd);
    if (cmd->count("--progress") == 0) options->progress.clear();  // CLI11 sets a flag's default
    action = [options, &session] { return run_solve(*options, session); };
  });
}

}  // namespace npuzzle
