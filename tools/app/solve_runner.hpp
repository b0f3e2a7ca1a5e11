// tools/app/solve_runner.hpp — the runner of `npuzzle solve`: every instance of the plan's input
// solved by every configuration, a piece of the input at a time, N instances at once with
// --threads N (one when a search takes the threads itself), each with its heartbeat and progress
// lines on stderr, its checkpoint named after the instance, and the reporter handed the runs of
// each instance in input order.
//
// Invariants: Ctrl-C (interrupt_requested, app.hpp) stops the searches and the reading, and raises
// the exit code to 4 unless the checkpointed search failed with an input error; a checkpointed
// run solves one board (a second one is a usage error); an input with no board at all is an input
// error unless it was interrupted or waited out (--time-limit, exit code 4).
#pragma once

#include "tools/app/solve_plan.hpp"
#include "tools/app/solve_report.hpp"

namespace npuzzle {

// Reads `plan.input` to its end and solves what it holds with `session`'s databases, reporting to
// `reporter`. Throws
// UsageError for a bad --progress or a second board with a checkpoint, InputError for an input
// with no board, OutputError when stdout fails.
void solve_instances(const SolveOptions& o, SolvePlan& plan, SolveReporter& reporter,
                     SolveSession& session);

}  // namespace npuzzle
