// tools/app/bench_sweep.hpp — one sweep of `npuzzle bench`: the whole set solved once with one
// algorithm and thread count, every answer checked against the set's known optimum (when the set
// has one: plain board files do not), and the instances of a set or board file.
//
// Thread counts mean threads per instance for the parallel algorithms (instances one after
// another), and instances solved at once for the sequential ones (throughput scaling). A sweep's
// speedup and efficiency only mean something when it and the base solved every instance
// (all_solved()); the table and plot leave them out otherwise.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/exit_code.hpp"
#include "engine/solver.hpp"
#include "text/parse.hpp"

namespace npuzzle {

// How a row's answer compares with what is known. NotRun: the instance was never started (Ctrl-C
// came before its turn); it has no answer and no figures.
enum class Check { Ok, Mismatch, Limit, Error, NotRun };
const char* check_name(Check c);  // "ok", "mismatch", "limit", "error", "not run"

// One instance solved with one thread count.
struct BenchRow {
  std::int64_t id = 0;
  int threads = 0;
  int optimal_length = 0;  // 0: not known (plain board files)
  SolveOutcome outcome;
  Check check = Check::Ok;
  std::uint64_t max_worker = 0;  // parallel searches: the most expansions of one worker
  double mean_worker = 0;        // and the mean over the workers
};

// Totals of one run of the set with one configuration and thread count.
struct Sweep {
  std::string algorithm;
  std::string heuristic;  // the heuristic used, as the solver names it ("none" for bfs)
  bool parallel = false;  // a parallel search (threads per instance; load balance and overhead)
  std::string tie_break;  // the rule in force ("lifo", "fifo", "larger-g") when taken; else ""
  int threads = 0;
  double seconds = 0;  // wall clock for the whole set
  std::uint64_t expanded = 0, generated = 0, sent = 0;
  double max_worker = 0, mean_worker = 0;  // summed over instances with per-worker counts
  std::vector<BenchRow> rows;              // in the set's order
  std::size_t instances = 0, solved = 0, limited = 0, mismatched = 0, errors = 0;
  std::size_t not_run = 0;   // instances never started: Ctrl-C came first (counted in instances)
  std::size_t optimal = 0;   // solved instances whose solution the algorithm proved shortest
  std::uint64_t length = 0;  // summed over the solved instances
  bool all_solved() const { return solved == instances; }
  ExitCode exit_code = ExitCode::Solved;
  bool interrupted = false;
};

// The figures of a sweep relative to a base sweep (the baseline or the first sweep).
struct Relative {
  double speedup, efficiency, balance, overhead, communication;
};
Relative relative(const Sweep& s, const Sweep& base);

// Solves the whole set once with `request` on `threads` threads, checking every answer; a wrong
// or missing answer raises the sweep's exit code and is reported on stderr (a limit only when not
// `quiet`: the table counts them). `heuristic_used` is set to the heuristic the solver chose.
Sweep run_sweep(SolveSession& session, const SolveRequest& request, int threads,
                const std::vector<BenchInstance>& set, bool quiet, std::string& heuristic_used);

// Runs a sweep `repeat` times and keeps the run with the median wall time (the first run that
// fails or is interrupted is returned at once).
Sweep median_sweep(SolveSession& session, const SolveRequest& request, int threads,
                   const std::vector<BenchInstance>& set, int repeat, bool quiet,
                   std::string& heuristic_used);

// The instances of `file`: a benchmark set (`id optimal_length tiles…` a line; `known_optimum`
// set) or plain boards (one a line in the solver's forms, or grids; no optimum known). A line of
// a set has two numbers more than the board's cells, a plain line at most one: the first line
// with tokens decides. Throws InputError. With `wait_limit` above 0, a file or pipe (not a
// terminal) that sends nothing for that many seconds ends the set early and sets `waited_out`.
std::vector<BenchInstance> read_instances(const std::string& file, BoardSize size,
                                          bool& known_optimum, double wait_limit, bool& waited_out);

}  // namespace npuzzle
