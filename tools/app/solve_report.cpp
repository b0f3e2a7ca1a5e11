// The reporter of `npuzzle solve` (solve_report.hpp): what each instance's runs print, and the
// totals, notes and summary at the end.
#include "tools/app/solve_report.hpp"

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <system_error>
#include <utility>

#include "engine/file_io.hpp"
#include "tools/app/advice.hpp"
#include "tools/app/app.hpp"
#include "tools/app/table.hpp"
#include "tools/checked_output.hpp"

namespace npuzzle {
namespace {

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

// When the checkpoint file `path` was last written (none: the clock's minimum).
std::filesystem::file_time_type checkpoint_written(const std::string& path) {
  std::error_code none;
  const auto time = std::filesystem::last_write_time(path, none);
  return none ? std::filesystem::file_time_type::min() : time;
}

}  // namespace

void SolveSummary::add(const InstanceReport& r) {
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

void SolveSummary::add_wrong_length() {
  ++wrong_lengths;
  exit_code = std::max(exit_code, ExitCode::Input);
}

SolveReporter::SolveReporter(const SolveOptions& options, const SolvePlan& plan)
    : options_(options),
      plan_(plan),
      checkpoint_before_(plan.checkpoint && !plan.checkpoint->path.empty()
                             ? checkpoint_written(plan.checkpoint->path)
                             : std::filesystem::file_time_type::min()),
      start_(std::chrono::steady_clock::now()) {}

void SolveReporter::begin_piece(const std::vector<ParsedInstance>& entries) {
  const SolveOptions& o = options_;
  std::vector<BoardSize> sizes;  // warnings about these boards: each once, before its searches
  for (const ParsedInstance& entry : entries) {
    if (entry.ok()) sizes.push_back({entry.instance.rows, entry.instance.cols});
  }
  print_warnings(new_warnings(plan_.configurations, o.threads, sizes, warned_), o.quiet);
  batch_ = batch_ || entries.size() > 1 || instances_ > 0;
}

void SolveReporter::add_instance(std::vector<InstanceReport> runs) {
  const SolveOptions& o = options_;
  const GoalSpec& goal = plan_.goal;
  const std::string& goal_named = plan_.goal_named;
  const OutputOptions& output = plan_.output;
  const bool compare = plan_.compare;
  ++instances_;
  if (batch_ && !runs.empty() && !runs.front().outcome.solvable_for.empty()) {
    ++other_goal_boards_;
    other_goal_ = runs.front().outcome.solvable_for;
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
  if (!o.animate.empty() && !runs.empty()) animated_.push_back(animated_instance(runs, goal));
  for (const InstanceReport& report : runs) {
    summary_.add(report);
    totals_.add(report);
    compare_expected_length(report);
  }
}

void SolveReporter::raise_exit_code(ExitCode code) {
  summary_.exit_code = std::max(summary_.exit_code, code);
}

ExitCode SolveReporter::finish() {
  const SolveOptions& o = options_;
  const std::shared_ptr<const CheckpointRequest>& checkpoint = plan_.checkpoint;
  const std::vector<Configuration>& configurations = plan_.configurations;
  const GoalSpec& goal = plan_.goal;
  const std::string& goal_named = plan_.goal_named;
  const OutputOptions& output = plan_.output;
  const bool compare = plan_.compare;
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  if (output.format == OutputFormat::Text && (instances_ > 1 || o.summary)) {
    if (!o.summary) std::cout << '\n';
    totals_.print(std::cout);
    flush_stdout_or_throw();
  }
  if (other_goal_boards_ > 0 && !o.quiet) {
    if (other_goal_boards_ == instances_) {
      std::cerr << "npuzzle: note: every board is unsolvable for the goal in force, " << goal_named
                << ", and solvable for " << other_goal_ << ": solve them with --goal "
                << other_goal_ << ", or make boards for " << goal.describe()
                << " with `npuzzle random --goal " << goal.describe() << "`\n";
    } else {
      std::cerr << "npuzzle: note: " << other_goal_boards_ << " of "
                << count_of(instances_, "board") << " are unsolvable for the goal in force, "
                << goal_named << ", and solvable for " << other_goal_ << " (--goal " << other_goal_
                << ")\n";
    }
  }
  if (output.format == OutputFormat::Text && !o.quiet && summary_.instances > 1) {
    std::fprintf(
        stderr,
        "summary: %s, %zu solved, %zu unsolvable, %zu stopped by a limit, "
        "%s%s; goal %s%s; %s expanded, %s generated; %s\n",
        compare ? (count_of(summary_.instances, "run") + " (" + count_of(instances_, "instance") +
                   " x " + count_of(configurations.size(), "configuration") + ")")
                      .c_str()
                : count_of(summary_.instances, "instance").c_str(),
        summary_.solved, summary_.unsolvable, summary_.limited,
        count_of(summary_.errors, "error").c_str(),
        summary_.wrong_lengths == 0
            ? ""
            : (", " + count_of(summary_.wrong_lengths, "length") + " unlike the input's").c_str(),
        goal_named.c_str(),
        compare || configurations.front().tie_break.empty()
            ? ""
            : ("; tie-break " + configurations.front().tie_break).c_str(),
        count_cell(summary_.expanded).c_str(), count_cell(summary_.generated).c_str(),
        format_duration(seconds).c_str());
  }
  if (!o.animate.empty()) write_file_atomically(o.animate, animation_page(animated_), "page");
  if (interrupt_requested.load() && !o.quiet) std::fprintf(stderr, "npuzzle: interrupted\n");
  // A search stopped with its position kept: say where, and how to go on; or that it was stopped
  // before its search began (while its databases were being built), with no position to keep.
  if (checkpoint && !checkpoint->path.empty() && summary_.limited > 0 && !o.quiet) {
    if (checkpoint_written(checkpoint->path) != checkpoint_before_) {
      std::fprintf(stderr,
                   "npuzzle: checkpoint saved in %s; continue with `npuzzle solve --resume %s`\n",
                   printable(checkpoint->path).c_str(), printable(checkpoint->path).c_str());
    } else {
      std::fprintf(stderr,
                   "npuzzle: no checkpoint written in %s: stopped before the search began\n",
                   printable(checkpoint->path).c_str());
    }
  }
  return summary_.exit_code;
}

void SolveReporter::compare_expected_length(const InstanceReport& report) {
  const SolveOptions& o = options_;
  const std::string& origin = plan_.goal_origin;
  const std::string& goal_named = plan_.goal_named;
  if (!report.expected_length) return;
  // The optimal lengths an input states are for the blank-first goal (as in the benchmark sets);
  // with another goal they are not compared, and a warning says so once.
  const bool lengths_comparable = plan_.goal.kind == GoalSpec::Kind::BlankFirst;
  if (!lengths_comparable) {
    if (!o.quiet && !std::exchange(warned_lengths_not_compared_, true)) {
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
    summary_.add_wrong_length();
  }
}

}  // namespace npuzzle
