// `npuzzle solve`: read instances (a board on the command line, a file, or stdin), solve each,
// print the results in input order. Sequential algorithms with --threads N solve N instances at a
// time.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <mutex>

#include "parallel/batch.hpp"
#include "tools/app/app.hpp"
#include "tools/app/commands.hpp"
#include "tools/app/instance_stream.hpp"
#include "tools/app/report.hpp"
#include "tools/checked_output.hpp"

namespace npuzzle {
namespace {

struct SolveOptions {
  std::vector<std::string> board;  // the words of a board given on the command line, or "-"
  std::string file;
  std::string size;
  std::string goal = "blank-first";
  SearchOptions search;
  int threads = 1;
  std::string output = "text";
  std::string moves = "blank";
  bool show_boards = false;
  bool quiet = false;
  bool verbose = false;
};

// The instances to solve: the board on the command line, the file, or standard input.
std::unique_ptr<InstanceStream> open_input(const SolveOptions& o, const ParseOptions& parse) {
  if (!o.file.empty()) return std::make_unique<InstanceStream>(o.file, parse, &interrupt_requested);
  if (!o.board.empty() && !(o.board.size() == 1 && o.board[0] == "-")) {
    std::string joined;
    for (const std::string& word : o.board) joined += word + " ";
    return std::make_unique<InstanceStream>(std::move(joined), parse);
  }
  if (isatty(STDIN_FILENO)) {
    std::cerr << "npuzzle: reading boards from standard input (end with Ctrl-D)\n";
  }
  return std::make_unique<InstanceStream>("-", parse, &interrupt_requested);
}

struct Summary {
  std::size_t instances = 0, solved = 0, unsolvable = 0, limited = 0, errors = 0;
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
    exit_code = std::max(exit_code, r.outcome.exit_code());
  }
};

ExitCode run_solve(const SolveOptions& o) {
  if (!o.file.empty() && !o.board.empty()) throw UsageError("give a BOARD or -f FILE, not both");
  SolveRequest request = make_request(o.search);
  request.goal = parse_goal_option(o.goal);
  if (o.threads < 1) throw UsageError("--threads must be at least 1");
  if (o.threads > kMaxThreads) {
    throw UsageError("--threads: at most " + std::to_string(kMaxThreads) + " (got " +
                     std::to_string(o.threads) + ")");
  }
  request.threads = o.threads;
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
  const ParseOptions parse_options{parse_size_option(o.size)};

  const std::unique_ptr<InstanceStream> input = open_input(o, parse_options);

  const bool parallel_search = is_parallel(request.algorithm);
  const auto start = std::chrono::steady_clock::now();
  std::mutex log_mutex;  // progress lines from concurrent instances
  Summary summary;
  std::vector<ParsedInstance> entries;  // the piece of the input being solved
  const auto solve = [&](std::size_t i) {
    const ParsedInstance& entry = entries[i];
    InstanceReport report;
    report.id = entry.instance.id;
    report.line = entry.instance.line;
    report.algorithm = algorithm_name(request.algorithm);
    if (!entry.ok()) {
      report.outcome.error = entry.error;  // the report names the line
      report.outcome.error_exit_code = ExitCode::Input;
      return report;
    }
    report.rows = entry.instance.rows;
    report.cols = entry.instance.cols;
    report.tiles = entry.instance.tiles;
    SolveRequest mine = request;
    if (o.verbose) {
      const std::int64_t id = report.id;
      mine.progress = [id, &log_mutex](const Progress& p) {
        std::lock_guard<std::mutex> lock(log_mutex);
        std::fprintf(stderr, "[%lld] bound %d: expanded %llu, generated %llu, %.3f s\n",
                     static_cast<long long>(id), p.bound,
                     static_cast<unsigned long long>(p.expanded),
                     static_cast<unsigned long long>(p.generated), p.seconds);
      };
    }
    report.outcome = solve_instance(mine, report.rows, report.cols, report.tiles);
    return report;
  };
  const auto emit = [&](std::size_t, InstanceReport report) {
    summary.add(report);
    print_report(report, output, std::cout, std::cerr);
    try {
      flush_stdout_or_throw();
    } catch (const OutputError&) {
      interrupt_requested.store(true);  // the searches still running stop: no one reads them
      throw;
    }
  };
  // A piece of the input at a time (16 instances per thread), so answers start early and memory
  // stays bounded however long the input is.
  const int batch_threads = parallel_search ? 1 : o.threads;
  request.instances_at_once = batch_threads;
  const std::size_t piece = 16 * static_cast<std::size_t>(batch_threads);
  for (entries = input->next(piece); !entries.empty(); entries = input->next(piece)) {
    run_in_order(entries.size(), batch_threads, solve, emit);
  }
  if (summary.instances == 0 && !interrupt_requested.load()) {
    throw InputError("no board in the input");
  }
  if (interrupt_requested.load()) summary.exit_code = std::max(summary.exit_code, ExitCode::Limit);

  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (output.format == OutputFormat::Text && !o.quiet && summary.instances > 1) {
    std::fprintf(stderr,
                 "summary: %zu instances, %zu solved, %zu unsolvable, %zu stopped by a limit, "
                 "%zu errors; %llu expanded, %llu generated; %.3f s\n",
                 summary.instances, summary.solved, summary.unsolvable, summary.limited,
                 summary.errors, static_cast<unsigned long long>(summary.expanded),
                 static_cast<unsigned long long>(summary.generated), seconds);
  }
  if (interrupt_requested.load() && !o.quiet) std::fprintf(stderr, "npuzzle: interrupted\n");
  return summary.exit_code;
}

}  // namespace

void add_solve_command(CLI::App& app, Action& action) {
  auto options = std::make_shared<SolveOptions>();
  CLI::App* cmd = app.add_subcommand(
      "solve",
      "Solve boards optimally. BOARD is the tiles row by row (0, x, X, _ or . for the blank), "
      "quoted or as separate words; without BOARD or -f, or with -, boards are read from stdin "
      "(one a line in Korf's form `[id] tiles…`, or as grids of rows).");
  cmd->add_option("board", options->board, "the board's tiles, or - for stdin");
  cmd->add_option("-f,--file", options->file, "read the instances from FILE");
  cmd->add_option("--size", options->size,
                  "board size RxC (needed when the tile count fits several: 6, 8, 10, 12, 15, 20)");
  cmd->add_option("--goal", options->goal,
                  "blank-first (0 1 2 …, default), blank-last (1 2 … 0) or the goal's tiles");
  add_search_options(*cmd, options->search);
  cmd->add_option("--threads", options->threads,
                  "threads: per instance for hda and pida; otherwise instances solved at once");
  cmd->add_option("--output", options->output,
                  "text (default), json (one object a line), moves (the move string a line)");
  cmd->add_option("--moves", options->moves,
                  "blank (directions the blank goes: U D L R, default) or tile (tile numbers)");
  cmd->add_flag("--show-boards", options->show_boards, "print the board after every move");
  cmd->add_flag("-q,--quiet", options->quiet, "no summary or notes on stderr");
  cmd->add_flag("-v,--verbose", options->verbose, "a progress line per IDA* iteration on stderr");
  cmd->callback([options, &action] { action = [options] { return run_solve(*options); }; });
}

}  // namespace npuzzle
