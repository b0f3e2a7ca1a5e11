#include "tools/app/bench_sweep.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <numeric>
#include <sstream>

#include "engine/file_io.hpp"
#include "engine/option_use.hpp"
#include "parallel/batch.hpp"
#include "tools/app/app.hpp"
#include "tools/app/compare.hpp"
#include "tools/app/instance_stream.hpp"
#include "tools/app/option_flags.hpp"
#include "tools/app/report.hpp"
#include "tools/app/table.hpp"

namespace npuzzle {
namespace {

// How a row's answer compares with the set, and the problem ("" when it agrees). Every solution
// was replayed to the goal by the solver; without a known optimum that is the whole check.
Check check_row(const BenchRow& row, std::string& problem) {
  const SearchResult& r = row.outcome.result;
  problem.clear();
  if (row.outcome.failed()) {
    problem = row.outcome.error_message(command_line_words());
    return Check::Error;
  }
  if (r.status != Status::Solved) {
    problem = row.outcome.status_name() + ": " + row.outcome.reason(command_line_words());
    return r.status == Status::Limit || r.status == Status::OutOfMemory ? Check::Limit
                                                                        : Check::Error;
  }
  const int length = static_cast<int>(r.path.size());
  if (row.optimal_length > 0 && r.optimal && length != row.optimal_length) {
    problem = "length " + std::to_string(length) + " but the known optimum is " +
              std::to_string(row.optimal_length);
  } else if (length < row.optimal_length) {
    problem = "length " + std::to_string(length) + " is below the known optimum " +
              std::to_string(row.optimal_length);
  }
  return problem.empty() ? Check::Ok : Check::Mismatch;
}

// "ida + md", "astar + md (lifo)", "bfs": the configuration a line on stderr is about.
std::string configuration_name(const Sweep& sweep, const std::string& heuristic) {
  return sweep.algorithm + (heuristic.empty() || heuristic == "none" ? "" : " + " + heuristic) +
         (sweep.tie_break.empty() ? "" : " (" + sweep.tie_break + ")");
}

}  // namespace

const char* check_name(Check c) {
  switch (c) {
    case Check::Ok:
      return "ok";
    case Check::Mismatch:
      return "mismatch";
    case Check::Limit:
      return "limit";
    case Check::Error:
      return "error";
    case Check::NotRun:
      return "not run";
  }
  return "error";
}

Relative relative(const Sweep& s, const Sweep& base) {
  const double speedup = base.seconds / std::max(s.seconds, 1e-9);
  return {speedup, speedup * base.threads / s.threads,
          s.mean_worker > 0 ? s.max_worker / s.mean_worker : 1.0,
          static_cast<double>(s.expanded) / std::max<double>(static_cast<double>(base.expanded), 1),
          static_cast<double>(s.sent) / std::max<double>(static_cast<double>(s.expanded), 1)};
}

Sweep run_sweep(SolveSession& session, const SolveRequest& request, int threads,
                const std::vector<BenchInstance>& set, bool quiet, std::string& heuristic_used) {
  SolveRequest mine = request;
  mine.threads = threads;
  mine.instances_at_once = is_parallel(*request.algorithm) ? 1 : threads;
  Sweep sweep;
  sweep.algorithm = algorithm_name(*request.algorithm);
  sweep.tie_break = tie_break_in_force(request);
  sweep.parallel = is_parallel(*request.algorithm);
  sweep.threads = threads;
  const auto start = std::chrono::steady_clock::now();
  const auto solve = [&](std::size_t i) {
    const Instance& instance = set[i].instance;
    BenchRow row{instance.id, threads, set[i].optimal_length, {}, Check::Ok, 0, 0};
    // Ctrl-C before this instance's turn: it is not run (not a limit with no nodes).
    if (interrupt_requested.load()) {
      row.check = Check::NotRun;
      return row;
    }
    row.outcome = solve_instance(session, mine, board_of(instance));
    return row;
  };
  const auto emit = [&](std::size_t, BenchRow row) {
    if (row.check == Check::NotRun) {
      ++sweep.instances;
      ++sweep.not_run;
      sweep.rows.push_back(std::move(row));
      return;
    }
    const SearchResult& r = row.outcome.result;
    std::string problem;
    row.check = check_row(row, problem);
    heuristic_used = row.outcome.heuristic.name();
    sweep.heuristic = heuristic_used;
    ++sweep.instances;
    sweep.solved += row.check == Check::Ok;
    sweep.optimal += row.check == Check::Ok && r.optimal;
    sweep.limited += row.check == Check::Limit;
    sweep.mismatched += row.check == Check::Mismatch;
    sweep.errors += row.check == Check::Error;
    if (row.check == Check::Ok) sweep.length += r.path.size();
    const std::string configuration = configuration_name(sweep, row.outcome.heuristic.name());
    if (!problem.empty()) {
      if (!quiet || row.check != Check::Limit) {
        std::cerr << "npuzzle bench: instance " << row.id << " with " << configuration << " on "
                  << threads << " threads: " << problem << "\n";
      }
      const ExitCode code = exit_code_for(row.outcome);
      sweep.exit_code =
          std::max(sweep.exit_code, code == ExitCode::Solved ? ExitCode::Input : code);
    } else if (!quiet) {
      std::fprintf(stderr, "  %s, threads %d, instance %lld: %s, %s generated, %s\n",
                   configuration.c_str(), threads, static_cast<long long>(row.id),
                   count_of(r.path.size(), "move").c_str(), count_cell(r.stats.generated).c_str(),
                   format_duration(r.stats.seconds).c_str());
    }
    sweep.expanded += r.stats.expanded;
    sweep.generated += r.stats.generated;
    sweep.sent += r.stats.sent;
    const auto& workers = r.stats.expanded_per_worker;
    if (!workers.empty()) {
      row.max_worker = *std::max_element(workers.begin(), workers.end());
      row.mean_worker =
          static_cast<double>(std::accumulate(workers.begin(), workers.end(), std::uint64_t{0})) /
          static_cast<double>(workers.size());
      sweep.max_worker += static_cast<double>(row.max_worker);
      sweep.mean_worker += row.mean_worker;
    }
    sweep.rows.push_back(std::move(row));
  };
  run_in_order(set.size(), algorithm_info(*request.algorithm).threads ? 1 : threads, solve, emit);
  sweep.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  sweep.interrupted = interrupt_requested.load();
  if (sweep.not_run > 0 && !quiet) {
    std::cerr << "npuzzle bench: interrupted: " << count_of(sweep.not_run, "instance") << " of "
              << sweep.instances << " not run with " << configuration_name(sweep, sweep.heuristic)
              << " on " << threads << " threads\n";
  }
  return sweep;
}

Sweep median_sweep(SolveSession& session, const SolveRequest& request, int threads,
                   const std::vector<BenchInstance>& set, int repeat, bool quiet,
                   std::string& heuristic_used) {
  std::vector<Sweep> runs;
  for (int r = 0; r < repeat; ++r) {
    runs.push_back(run_sweep(session, request, threads, set, quiet, heuristic_used));
    if (runs.back().exit_code != ExitCode::Solved || runs.back().interrupted) return runs.back();
  }
  std::sort(runs.begin(), runs.end(),
            [](const Sweep& a, const Sweep& b) { return a.seconds < b.seconds; });
  if (repeat > 1 && !quiet) {
    std::fprintf(stderr, "  %s, threads %d: %d runs, %s to %s, median %s\n",
                 configuration_name(runs.front(), heuristic_used).c_str(), threads, repeat,
                 format_duration(runs.front().seconds).c_str(),
                 format_duration(runs.back().seconds).c_str(),
                 format_duration(runs[runs.size() / 2].seconds).c_str());
  }
  return runs[runs.size() / 2];
}

std::vector<BenchInstance> read_instances(const std::string& file, BoardSize size,
                                          bool& known_optimum, double wait_limit,
                                          bool& waited_out) {
  // Read as `npuzzle solve -f` reads: a line at a time, lines over 1 MiB refused, a FIFO waited
  // for without blocking Ctrl-C, and no longer than the time limit without a byte.
  InstanceStream input(file, command_line_parse(size), &interrupt_requested);
  if (wait_limit > 0 && !input.terminal()) input.limit_wait(wait_limit);
  std::vector<BenchInstance> set;
  for (auto entries = input.next(1024); !entries.empty(); entries = input.next(1024)) {
    for (ParsedInstance& entry : entries) {
      if (!entry.ok()) throw InputError(file + ": " + entry.describe_error());
      if (set.empty()) known_optimum = entry.instance.expected_length.has_value();
      const Instance& first = set.empty() ? entry.instance : set.front().instance;
      const std::string where = file + ": line " + std::to_string(entry.instance.line) + ": ";
      if (entry.instance.rows != first.rows || entry.instance.cols != first.cols) {
        throw InputError(where +
                         "a board of another size than the first (every board of a set "
                         "has the same size)");
      }
      if (entry.instance.expected_length.has_value() != known_optimum) {
        throw InputError(where + (known_optimum ? "no optimal length, unlike the first line"
                                                : "an optimal length, unlike the first line"));
      }
      const int optimum = entry.instance.expected_length.value_or(0);
      set.push_back({std::move(entry.instance), optimum});
    }
  }
  waited_out = input.waited_out();
  return set;
}

}  // namespace npuzzle
