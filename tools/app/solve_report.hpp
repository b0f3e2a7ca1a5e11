// tools/app/solve_report.hpp — the reporter of `npuzzle solve`: the results of each input instance
// as they come (text, a table per instance when configurations are compared, JSON or moves on
// stdout; errors on stderr), the warnings and notes on stderr, the totals, the summary line, the
// --animate page and the word on a checkpoint at the end.
//
// Invariants: the instances are handed over in input order, each with the runs of every
// configuration (one run when its line could not be read); stdout is flushed after each instance;
// the exit code is the highest among the runs and what the runner raised it to, and with
// --quiet nothing but errors and a length that disagrees with the input's goes to stderr.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "engine/exit_code.hpp"
#include "tools/app/animate.hpp"
#include "tools/app/compare.hpp"
#include "tools/app/report.hpp"
#include "tools/app/solve_plan.hpp"

namespace npuzzle {

// The counts of the summary line, and the exit code they make.
struct SolveSummary {
  std::size_t instances = 0, solved = 0, unsolvable = 0, limited = 0, errors = 0;
  std::size_t wrong_lengths = 0;  // optimal solutions of another length than the input states
  std::uint64_t expanded = 0, generated = 0;
  ExitCode exit_code = ExitCode::Solved;

  void add(const InstanceReport& r);
  // Like `npuzzle bench` with a set's known optimum: a length that disagrees is exit code 2.
  void add_wrong_length();
};

class SolveReporter {
 public:
  // Notes when the checkpoint was last written (to tell at the end whether the search saved its
  // position) and when the solving starts. `options` and `plan` must outlive the reporter.
  SolveReporter(const SolveOptions& options, const SolvePlan& plan);

  // A piece of the input about to be solved: the warnings about its boards (each once, before its
  // searches).
  void begin_piece(const std::vector<ParsedInstance>& entries);
  // The runs of the next input instance, one per configuration: printed, counted, kept for the
  // page. Throws OutputError (after asking the searches still running to stop) when stdout fails.
  void add_instance(std::vector<InstanceReport> runs);

  // The counts so far (SolveSummary::instances: runs, every configuration's of every instance).
  const SolveSummary& summary() const { return summary_; }
  // Raises the exit code to `code` at least (a limit that stopped the reading, an interrupt).
  void raise_exit_code(ExitCode code);

  // The end: the totals, the notes and summary line, the page and what became of the checkpoint;
  // returns the exit code.
  ExitCode finish();

 private:
  void compare_expected_length(const InstanceReport& report);

  const SolveOptions& options_;
  const SolvePlan& plan_;
  std::filesystem::file_time_type checkpoint_before_;  // the clock's minimum: none
  std::chrono::steady_clock::time_point start_;
  SolveSummary summary_;
  std::size_t instances_ = 0;  // input lines read (each run by every configuration)
  ConfigurationTotals totals_;
  std::vector<AnimatedInstance> animated_;  // the page's instances, in input order
  std::set<std::string> warned_;  // warnings already printed (each once, before its instances)
  bool warned_lengths_not_compared_ = false;
  // In a batch (more than one instance), boards unsolvable for the goal in force but solvable for
  // the other standard goal are counted and named once at the end, not on every line (JSON keeps
  // the hint on each object).
  bool batch_ = false;
  std::size_t other_goal_boards_ = 0;
  std::string other_goal_;
};

}  // namespace npuzzle
