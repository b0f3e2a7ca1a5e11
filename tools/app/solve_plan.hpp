// tools/app/solve_plan.hpp — the plan of `npuzzle solve`: its options as parsed, and what they ask
// to solve (the configurations, the goal, the output, the checkpoint, the input), read and checked
// before any board is solved.
//
// Invariants of a SolvePlan: every configuration's request is complete (goal, threads, instances at
// once, checkpoint, log) and checked; with a checkpoint there is exactly one configuration; with
// --resume the board, the goal, the heuristic (and unless --algo is given the algorithm) are the
// checkpoint's; a checkpoint file and an --animate page can be written (refused otherwise, before
// the input is opened); `input` is open, its wait for the first byte limited by --time-limit
// unless it is a terminal.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/goal.hpp"
#include "engine/checkpoint.hpp"
#include "tools/app/compare.hpp"
#include "tools/app/instance_stream.hpp"
#include "tools/app/report.hpp"
#include "tools/app/search_options.hpp"

namespace npuzzle {

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

struct SolvePlan {
  std::shared_ptr<const CheckpointRequest> checkpoint;  // --checkpoint or --resume; else nullptr
  std::vector<Configuration> configurations;            // each solves every instance
  GoalSpec goal;                                        // the goal in force
  std::string goal_origin;  // where it came from: " (from the checkpoint)", goal_origin (app.hpp)
  std::string goal_named;   // the goal as the messages name it, with where it came from
  int batch_threads = 1;    // instances solved at once: one when a search takes the threads itself
  OutputOptions output;
  bool compare = false;  // several configurations: their results are compared
  std::unique_ptr<InstanceStream> input;
};

// Reads the options and opens the input. Throws UsageError for options that do not go together,
// InputError (or another engine error) for a checkpoint that cannot be read or a file that cannot
// be written. Says on stderr (unless --quiet) when a resumed checkpoint is not signed by this user,
// and when the boards are read from a terminal.
SolvePlan plan_solve(const SolveOptions& o);

}  // namespace npuzzle
