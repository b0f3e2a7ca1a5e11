// The runner of `npuzzle solve` (solve_runner.hpp): the instances solved a piece at a time, each
// by every configuration.
#include "tools/app/solve_runner.hpp"

#include <unistd.h>

#include <cstdio>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "engine/algorithm_registry.hpp"
#include "engine/option_use.hpp"
#include "parallel/batch.hpp"
#include "tools/app/app.hpp"
#include "tools/app/heartbeat.hpp"

namespace npuzzle {

void solve_instances(const SolveOptions& o, SolvePlan& plan, SolveReporter& reporter,
                     SolveSession& session) {
  const std::shared_ptr<const CheckpointRequest>& checkpoint = plan.checkpoint;
  const std::vector<Configuration>& configurations = plan.configurations;
  const GoalSpec& goal = plan.goal;
  const std::string& origin = plan.goal_origin;
  const std::unique_ptr<InstanceStream>& input = plan.input;
  std::mutex log_mutex;  // progress lines from concurrent instances
  // The heartbeat: with --progress, or on a terminal or with --verbose (every 5 s) unless --quiet;
  // -1: none. On a terminal the searches that last longer also print a line per IDA* iteration.
  const bool terminal = !o.quiet && isatty(STDERR_FILENO) != 0;
  const double heartbeat_interval = !o.progress.empty() ? progress_interval(o.progress)
                                    : terminal || (o.verbose && !o.quiet) ? 5.0
                                                                          : -1.0;
  std::vector<ParsedInstance> entries;  // the piece of the input being solved
  // All configurations of instance i, one after another.
  const auto solve = [&](std::size_t i) {
    const ParsedInstance& entry = entries[i];
    std::vector<InstanceReport> runs;
    for (const Configuration& c : configurations) {
      InstanceReport report;
      report.id = entry.instance.id;
      report.line = entry.instance.line;
      // Named, or the board's default once its size is known ("" for a line that was not read).
      report.algorithm = c.request.algorithm ? algorithm_name(*c.request.algorithm) : "";
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
      SolveRequest mine = with_algorithm_for(c.request, report.board.size);
      report.algorithm = algorithm_name(*mine.algorithm);
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
                (takes_option(*mine.algorithm, SearchOption::Heuristic)
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
      report.outcome = solve_instance(session, mine, report.board);
      runs.push_back(std::move(report));
    }
    return runs;
  };
  // A piece of the input at a time (16 instances per thread), so answers start early and memory
  // stays bounded however long the input is.
  const std::size_t piece = checkpoint ? 2 : 16 * static_cast<std::size_t>(plan.batch_threads);
  ThreadBudget budget(plan.batch_threads);  // one arena for every piece
  for (entries = input->next(piece); !entries.empty(); entries = input->next(piece)) {
    if (checkpoint && (entries.size() > 1 || reporter.summary().instances > 0)) {
      throw UsageError("--checkpoint keeps the position of one search: give one board");
    }
    reporter.begin_piece(entries);
    run_in_order(budget, entries.size(), solve, [&](std::size_t, std::vector<InstanceReport> runs) {
      reporter.add_instance(std::move(runs));
    });
  }
  if (input->waited_out()) {
    if (!o.quiet) {
      std::fprintf(stderr,
                   "npuzzle: no input came for %g s (--time-limit): stopped waiting for the next "
                   "board\n",
                   o.search.time_limit);
    }
    reporter.raise_exit_code(ExitCode::Limit);
  } else if (reporter.summary().instances == 0 && !interrupt_requested.load()) {
    throw InputError("no board in the input");
  }
  // The one board of a checkpointed search failed with an input error (its checkpoint not written,
  // or refused): exit code 2, whether a limit or a signal stopped it.
  const bool checkpoint_failed = checkpoint && reporter.summary().exit_code == ExitCode::Input;
  if (interrupt_requested.load() && !checkpoint_failed) {
    reporter.raise_exit_code(ExitCode::Limit);
  }
}

}  // namespace npuzzle
