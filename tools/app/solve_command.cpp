// `npuzzle solve`: read instances (a board on the command line, a file, or stdin), solve each,
// print the results in input order. Sequential algorithms with --threads N solve N instances at a
// time. --checkpoint and --resume (ida, pida, aida) keep one search's position in a file
// (engine/checkpoint.hpp).
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <utility>

#include "engine/checkpoint.hpp"
#include "engine/checkpoint_signature.hpp"
#include "engine/file_io.hpp"
#include "engine/option_use.hpp"
#include "parallel/batch.hpp"
#include "tools/app/advice.hpp"
#include "tools/app/animate.hpp"
#include "tools/app/app.hpp"
#include "tools/app/commands.hpp"
#include "tools/app/compare.hpp"
#include "tools/app/heartbeat.hpp"
#include "tools/app/instance_stream.hpp"
#include "tools/app/report.hpp"
#include "tools/checked_output.hpp"
#include "tools/count_option.hpp"
#include "tools/help_format.hpp"

namespace npuzzle {
namespace {

struct SolveOptions {
  std::vector<std::string> board;  // the words of a board given on the command line, or "-"
  std::string file;
  std::string size;
  std::string goal;  // --goal; "" for $NPUZZLE_GOAL, else blank-first
  SearchOptions search;
  int threads = 1;
  std::string output = "text";
  std::string moves = "blank";
  bool show_boards = false;
  bool summary = false;  // --summary: the totals only, no line per instance
  bool quiet = false;
  bool verbose = false;
  std::string animate;     // --animate FILE.html
  std::string progress;    // --progress[=SECONDS] as given ("5" when bare); "": only on a terminal
  std::string checkpoint;  // --checkpoint FILE
  double checkpoint_every = 600;  // --checkpoint-every SECONDS
  std::string resume;             // --resume FILE
  bool trust_other_user = false;  // --trust-other-user: resume another user's checkpoint
};

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
  request->from = read_checkpoint(o.resume, o.trust_other_user);
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

struct Summary {
  std::size_t instances = 0, solved = 0, unsolvable = 0, limited = 0, errors = 0;
  std::size_t wrong_lengths = 0;  // optimal solutions of another length than the input states
  std::uint64_t expanded = 0, generated = 0;
  ExitCode exit_code = ExitCode::Solved;

  void add(const InstanceReport& r) {
    ++instances;
    const Status status = r.outcome.result.status;
    const bool failed = r.outcome.failed();
    solved += !failed && status == Status::Solved;
    unsolvable += !failed && status == Status::Unsolvable;
    limited += !failed && (status == Status::Limit || status == Status::OutOfMemory);
    errors += failed;
    expanded += r.outcome.result.stats.expanded;
    generated += r.outcome.result.stats.generated;
    exit_code = std::max(exit_code, exit_code_for(r.outcome));
  }
  // Like `npuzzle bench` with a set's known optimum: a length that disagrees is exit code 2.
  void add_wrong_length() {
    ++wrong_lengths;
    exit_code = std::max(exit_code, ExitCode::Input);
  }
};

// The page's view of one input instance: its board, the solution of each configuration that found
// one, and why the others did not (once when it is the same for all).
AnimatedInstance animated_instance(const std::vector<InstanceReport>& runs, const GoalSpec& goal) {
  const InstanceReport& first = runs.front();
  AnimatedInstance a;
  a.title = "instance " + std::to_string(first.id) + " (line " + std::to_string(first.line) +
            (first.board.size.known() ? ", " + first.board.size.name() : std::string()) + ")";
  if (first.board.size.known()) {
    a.rows = first.board.size.rows;
    a.cols = first.board.size.cols;
    a.start = first.board.tiles;
    a.goal = goal.tiles_for(first.board.size.cells());
  }
  a.goal_name = goal.describe();
  for (const InstanceReport& r : runs) {
    const std::string name =
        r.algorithm + (r.outcome.heuristic.none() ? "" : " + " + r.outcome.heuristic.name());
    if (r.outcome.solved()) {
      const SearchResult& result = r.outcome.result;
      a.runs.push_back({name + ": " + count_of(result.path.size(), "move") +
                            (result.optimal ? " (optimal)" : ""),
                        result.path});
    } else {
      a.messages.push_back(name + ": " + problem_text(r));
    }
  }
  // The same reason for every configuration (an unsolvable board, a line not read): said once.
  const bool alike = a.runs.empty() && std::all_of(runs.begin(), runs.end(), [&](const auto& r) {
                       return problem_text(r) == problem_text(first);
                     });
  if (alike) a.messages = {problem_text(first)};
  return a;
}

ExitCode run_solve(SolveOptions o) {
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
      std::any_of(configurations.begin(), configurations.end(),
                  [](const Configuration& c) { return is_parallel(c.request.algorithm); });
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
  const ParseOptions parse_options{parse_size_option(o.size)};
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

  const std::unique_ptr<InstanceStream> input = open_input(o, parse_options, checkpoint.get());
  // A board that never comes counts against the time limit (a FIFO with no writer, a silent
  // pipe); a person typing at a terminal is not hurried.
  if (o.search.time_limit > 0 && !input->terminal()) input->limit_wait(o.search.time_limit);
  // When the checkpoint file was last written before this run (none: the clock's minimum).
  const auto checkpoint_written = [&] {
    std::error_code none;
    const auto time = std::filesystem::last_write_time(checkpoint->path, none);
    return none ? std::filesystem::file_time_type::min() : time;
  };
  const std::filesystem::file_time_type checkpoint_before =
      checkpoint && !checkpoint->path.empty() ? checkpoint_written()
                                              : std::filesystem::file_time_type::min();

  const auto start = std::chrono::steady_clock::now();
  std::mutex log_mutex;  // progress lines from concurrent instances
  // The heartbeat: with --progress, or on a terminal or with --verbose (every 5 s) unless --quiet;
  // -1: none. On a terminal the searches that last longer also print a line per IDA* iteration.
  const bool terminal = !o.quiet && isatty(STDERR_FILENO) != 0;
  const double heartbeat_interval = !o.progress.empty() ? progress_interval(o.progress)
                                    : terminal || (o.verbose && !o.quiet) ? 5.0
                                                                          : -1.0;
  Summary summary;
  std::vector<ParsedInstance> entries;  // the piece of the input being solved
  std::size_t instances = 0;            // input lines read (each run by every configuration)
  ConfigurationTotals totals;
  std::vector<AnimatedInstance> animated;  // the page's instances, in input order
  std::set<std::string> warned;  // warnings already printed (each once, before its instances)
  // The optimal lengths an input states are for the blank-first goal (as in the benchmark sets);
  // with another goal they are not compared, and a warning says so once.
  const bool lengths_comparable = goal.kind == GoalSpec::Kind::BlankFirst;
  bool warned_lengths_not_compared = false;
  const auto compare_expected_length = [&](const InstanceReport& report) {
    if (!report.expected_length) return;
    if (!lengths_comparable) {
      if (!o.quiet && !std::exchange(warned_lengths_not_compared, true)) {
        std::cerr << "npuzzle: warning: the input's optimal lengths are for --goal blank-first; "
                     "with "
                  << (origin.empty() ? "--goal " : "the goal ") << goal_named
                  << " they are not checked\n";
      }
      return;
    }
    // Reported even with --quiet, like a bad line: it changes the exit code.
    if (const std::string note = expected_length_disagreement(report); !note.empty()) {
      std::cerr << "npuzzle: " << note << '\n';
      summary.add_wrong_length();
    }
  };
  // In a batch (more than one instance), boards unsolvable for the goal in force but solvable for
  // the other standard goal are counted and named once at the end, not on every line (JSON keeps
  // the hint on each object).
  bool batch = false;
  std::size_t other_goal_boards = 0;
  std::string other_goal;
  // All configurations of instance i, one after another.
  const auto solve = [&](std::size_t i) {
    const ParsedInstance& entry = entries[i];
    std::vector<InstanceReport> runs;
    for (const Configuration& c : configurations) {
      InstanceReport report;
      report.id = entry.instance.id;
      report.line = entry.instance.line;
      report.algorithm = algorithm_name(c.request.algorithm);
      report.tie_break = c.tie_break;
      report.goal = goal.describe();
      report.goal_origin = origin;
      if (!entry.ok()) {
        report.outcome.error = entry.error;  // the report names the line
        report.outcome.error_kind = SolveError::Input;
        runs.push_back(std::move(report));
        break;  // one error line is enough
      }
      report.board = board_of(entry.instance);
      report.expected_length = entry.instance.expected_length;
      SolveRequest mine = c.request;
      if (mine.checkpoint) {  // the file names the instance, for a resumed run to keep
        auto named = std::make_shared<CheckpointRequest>(*mine.checkpoint);
        named->instance = report.id;
        named->line = report.line;
        mine.checkpoint = std::move(named);
      }
      HeartbeatFn heartbeat;
      if (heartbeat_interval >= 0) {
        auto printer = std::make_shared<HeartbeatPrinter>(
            "[" + std::to_string(report.id) + "] " + report.algorithm +
                (takes_option(c.request.algorithm, SearchOption::Heuristic)
                     ? " + " +
                           c.request.heuristic.value_or(default_heuristic(report.board.size)).name()
                     : std::string()),
            heartbeat_interval, log_mutex);
        heartbeat = [printer](const Heartbeat& h) { (*printer)(h); };
        mine.limits.heartbeat = &heartbeat;  // `heartbeat` outlives the search
      }
      if (o.verbose || terminal) {
        const std::int64_t id = report.id;
        const bool every = o.verbose;
        mine.progress = [id, every, heartbeat_interval, &log_mutex](const Progress& p) {
          if (!every && p.seconds < heartbeat_interval) return;  // short solves stay quiet
          std::lock_guard<std::mutex> lock(log_mutex);
          std::fprintf(stderr, "%s\n", iteration_line(id, p).c_str());
        };
      }
      report.outcome = solve_instance(mine, report.board);
      runs.push_back(std::move(report));
    }
    return runs;
  };
  const auto emit = [&](std::size_t, std::vector<InstanceReport> runs) {
    ++instances;
    if (batch && !runs.empty() && !runs.front().outcome.solvable_for.empty()) {
      ++other_goal_boards;
      other_goal = runs.front().outcome.solvable_for;
      if (output.format != OutputFormat::Json) {
        for (InstanceReport& report : runs) report.outcome.solvable_for.clear();
      }
    }
    // A board that is itself the other standard goal was most likely meant as that goal: say so.
    if (!runs.empty() && runs.front().board.size.known() && !o.quiet) {
      const RunBoard& board = runs.front().board;
      for (const GoalSpec& other : {GoalSpec::blank_first(), GoalSpec::blank_last()}) {
        if (other.kind != goal.kind && board.tiles == other.tiles_for(board.size.cells())) {
          std::cerr << "npuzzle: note: instance " << runs.front().id << " is the goal "
                    << other.describe() << " itself; the goal in force is " << goal_named
                    << " (for the other: --goal " << other.describe() << ")\n";
        }
      }
    }
    if (o.summary) {
      for (const InstanceReport& report : runs) {  // errors still say what went wrong, on stderr
        if (report.outcome.failed()) print_report(report, output, std::cout, std::cerr);
      }
    } else if (compare && output.format == OutputFormat::Text) {
      print_instance_table(runs, std::cout, std::cerr);
    } else {
      for (const InstanceReport& report : runs) print_report(report, output, std::cout, std::cerr);
    }
    try {
      flush_stdout_or_throw();
    } catch (const OutputError&) {
      interrupt_requested.store(true);  // the searches still running stop: no one reads them
      throw;
    }
    if (!o.animate.empty() && !runs.empty()) animated.push_back(animated_instance(runs, goal));
    for (const InstanceReport& report : runs) {
      summary.add(report);
      totals.add(report);
      compare_expected_length(report);
    }
  };
  // A piece of the input at a time (16 instances per thread), so answers start early and memory
  // stays bounded however long the input is.
  const std::size_t piece = checkpoint ? 2 : 16 * static_cast<std::size_t>(batch_threads);
  ThreadBudget budget(batch_threads);  // one arena for every piece
  for (entries = input->next(piece); !entries.empty(); entries = input->next(piece)) {
    if (checkpoint && (entries.size() > 1 || summary.instances > 0)) {
      throw UsageError("--checkpoint keeps the position of one search: give one board");
    }
    std::vector<BoardSize> sizes;  // warnings about these boards: each once, before its searches
    for (const ParsedInstance& entry : entries) {
      if (entry.ok()) sizes.push_back({entry.instance.rows, entry.instance.cols});
    }
    print_warnings(new_warnings(configurations, o.threads, sizes, warned), o.quiet);
    batch = batch || entries.size() > 1 || instances > 0;
    run_in_order(budget, entries.size(), solve, emit);
  }
  if (input->waited_out()) {
    if (!o.quiet) {
      std::fprintf(stderr,
                   "npuzzle: no input came for %g s (--time-limit): stopped waiting for the next "
                   "board\n",
                   o.search.time_limit);
    }
    summary.exit_code = std::max(summary.exit_code, ExitCode::Limit);
  } else if (summary.instances == 0 && !interrupt_requested.load()) {
    throw InputError("no board in the input");
  }
  // The one board of a checkpointed search failed with an input error (its checkpoint not written,
  // or refused): exit code 2, whether a limit or a signal stopped it.
  const bool checkpoint_failed = checkpoint && summary.exit_code == ExitCode::Input;
  if (interrupt_requested.load() && !checkpoint_failed) {
    summary.exit_code = std::max(summary.exit_code, ExitCode::Limit);
  }

  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (output.format == OutputFormat::Text && (instances > 1 || o.summary)) {
    if (!o.summary) std::cout << '\n';
    totals.print(std::cout);
    flush_stdout_or_throw();
  }
  if (other_goal_boards > 0 && !o.quiet) {
    if (other_goal_boards == instances) {
      std::cerr << "npuzzle: note: every board is unsolvable for the goal in force, " << goal_named
                << ", and solvable for " << other_goal << ": solve them with --goal " << other_goal
                << ", or make boards for " << goal.describe() << " with `npuzzle random --goal "
                << goal.describe() << "`\n";
    } else {
      std::cerr << "npuzzle: note: " << other_goal_boards << " of " << count_of(instances, "board")
                << " are unsolvable for the goal in force, " << goal_named << ", and solvable for "
                << other_goal << " (--goal " << other_goal << ")\n";
    }
  }
  if (output.format == OutputFormat::Text && !o.quiet && summary.instances > 1) {
    std::fprintf(
        stderr,
        "summary: %s, %zu solved, %zu unsolvable, %zu stopped by a limit, "
        "%s%s; goal %s%s; %s expanded, %s generated; %s\n",
        compare ? (count_of(summary.instances, "run") + " (" + count_of(instances, "instance") +
                   " x " + count_of(configurations.size(), "configuration") + ")")
                      .c_str()
                : count_of(summary.instances, "instance").c_str(),
        summary.solved, summary.unsolvable, summary.limited,
        count_of(summary.errors, "error").c_str(),
        summary.wrong_lengths == 0
            ? ""
            : (", " + count_of(summary.wrong_lengths, "length") + " unlike the input's").c_str(),
        goal_named.c_str(),
        compare || configurations.front().tie_break.empty()
            ? ""
            : ("; tie-break " + configurations.front().tie_break).c_str(),
        count_cell(summary.expanded).c_str(), count_cell(summary.generated).c_str(),
        format_duration(seconds).c_str());
  }
  if (!o.animate.empty()) write_file_atomically(o.animate, animation_page(animated), "page");
  if (interrupt_requested.load() && !o.quiet) std::fprintf(stderr, "npuzzle: interrupted\n");
  // A search stopped with its position kept: say where, and how to go on; or that it was stopped
  // before its search began (while its databases were being built), with no position to keep.
  if (checkpoint && !checkpoint->path.empty() && summary.limited > 0 && !o.quiet) {
    if (checkpoint_written() != checkpoint_before) {
      std::fprintf(stderr,
                   "npuzzle: checkpoint saved in %s; continue with `npuzzle solve --resume %s`\n",
                   printable(checkpoint->path).c_str(), printable(checkpoint->path).c_str());
    } else {
      std::fprintf(stderr,
                   "npuzzle: no checkpoint written in %s: stopped before the search began\n",
                   printable(checkpoint->path).c_str());
    }
  }
  return summary.exit_code;
}

}  // namespace

void add_solve_command(CLI::App& app, Action& action) {
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
                  "threads: per instance for hda and pida; otherwise instances solved at once "
                  "(default 1)")
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
  cmd->callback([options, cmd, &action] {
    options->search.given = given_options(*cmd);
    if (cmd->count("--progress") == 0) options->progress.clear();  // CLI11 sets a flag's default
    action = [options] { return run_solve(*options); };
  });
}

}  // namespace npuzzle
