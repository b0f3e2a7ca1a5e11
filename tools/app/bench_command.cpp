// `npuzzle bench [SET]`: solve a benchmark set (default Korf's 100) or a file of plain boards once
// per thread count and configuration (the --algo, --heuristic and --tie-break lists expanded as
// `solve` expands them, compare.hpp), check every answer (replayed to the goal; against the set's
// known optimum when it has one), and print a title and a table of solved / optimal / limit /
// mismatch counts, time, nodes, rate, speedup and efficiency per thread count (plus load balance,
// search overhead and communication for the parallel algorithms): with one configuration a row per
// thread count, with several one table comparing them, a row per configuration and thread count;
// per instance rows go to --csv, a plot of speedup, efficiency, balance, overhead and
// communication to --plot (gnuplot, PNG; one configuration).
//
// Thread counts mean threads per instance for hda and pida (instances one after another), and
// instances solved at once for the sequential algorithms (throughput scaling). Speedups are
// relative to the first thread count, or to --baseline ALGO (a sequential algorithm run first on
// one thread with the configuration's heuristic and tie-break, once per pair, e.g. ida for pida,
// astar for hda). --repeat N runs every sweep N times and keeps the run of median wall time (the
// machine is noisy; node counts of the parallel searches vary a little per run).
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <iterator>
#include <limits>
#include <list>
#include <map>
#include <memory>
#include <set>
#include <sstream>

#include "engine/algorithm_registry.hpp"
#include "engine/file_io.hpp"
#include "tools/app/advice.hpp"
#include "tools/app/app.hpp"
#include "tools/app/bench_output.hpp"
#include "tools/app/bench_sweep.hpp"
#include "tools/app/commands.hpp"
#include "tools/app/compare.hpp"
#include "tools/app/data_files.hpp"
#include "tools/app/report.hpp"
#include "tools/checked_output.hpp"
#include "tools/count_option.hpp"
#include "tools/help_format.hpp"

namespace npuzzle {
namespace {

struct BenchOptions {
  std::string set = data_file("korf100.txt");
  std::string size;  // --size, for plain board files
  std::string goal;  // --goal; "": $NPUZZLE_GOAL, else blank-first (the sets' lengths hold for it)
  std::string threads = "1";
  std::string ids;
  std::string csv;
  std::string plot;
  std::string baseline;
  int repeat = 1;
  SearchOptions search;
  bool quiet = false;
};

constexpr std::uint64_t kMaxId = std::numeric_limits<int>::max();

// A thread count or an instance number: a count (text/option_values.hpp) of at least 1.
int positive_count(const std::string& text, const std::string& what, std::uint64_t at_most) {
  const std::uint64_t value = parse_count(text, what, at_most);
  if (value == 0) throw UsageError(what + ": '" + printable(text) + "' is not a positive number");
  return static_cast<int>(value);
}

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::size_t begin = 0;
  for (std::size_t end; (end = text.find(separator, begin)) != std::string::npos; begin = end + 1) {
    parts.push_back(text.substr(begin, end - begin));
  }
  parts.push_back(text.substr(begin));
  return parts;
}

// "1,2,4", "1:8" (every count from 1 to 8) or a mix: "1:4,8,16".
std::vector<int> parse_thread_counts(const std::string& text) {
  std::vector<int> counts;
  for (const std::string& part : split(text, ',')) {
    const std::size_t colon = part.find(':');
    if (colon == std::string::npos) {
      counts.push_back(positive_count(part, "--threads", kMaxThreads));
      continue;
    }
    const int first = positive_count(part.substr(0, colon), "--threads", kMaxThreads);
    const int last = positive_count(part.substr(colon + 1), "--threads", kMaxThreads);
    if (last < first) throw UsageError("--threads: empty range '" + part + "'");
    for (int t = first; t <= last; ++t) counts.push_back(t);
  }
  if (counts.size() > 64 || *std::max_element(counts.begin(), counts.end()) > 1024) {
    throw UsageError("--threads: at most 64 counts of at most 1024 threads");
  }
  return counts;
}

// "1-10,82": the ids to keep; empty text keeps all.
std::set<std::int64_t> parse_ids(const std::string& text) {
  std::set<std::int64_t> ids;
  if (text.empty()) return ids;
  for (const std::string& part : split(text, ',')) {
    const std::size_t dash = part.find('-');
    const int first = positive_count(part.substr(0, dash), "--ids", kMaxId);
    const int last =
        dash == std::string::npos ? first : positive_count(part.substr(dash + 1), "--ids", kMaxId);
    if (last < first) throw UsageError("--ids: empty range '" + part + "'");
    for (int id = first; id <= last; ++id) ids.insert(id);
  }
  return ids;
}

ExitCode run_bench(const BenchOptions& o, SolveSession& session) {
  std::vector<Algorithm> baseline;  // --baseline: run first; the speedups are relative to it
  if (!o.baseline.empty()) baseline.push_back(*parse_algorithm(o.baseline));
  std::vector<Configuration> configurations = make_configurations(o.search, baseline);
  if (configurations.size() > 1 && !o.plot.empty()) {
    throw UsageError(
        "--plot draws one configuration: give one --algo, --heuristic and --tie-break (the "
        "tables and --csv compare several)");
  }
  if (!o.csv.empty() && !o.plot.empty()) {
    if (same_file_path(o.csv, o.plot)) {
      throw UsageError("--csv and --plot name the same file '" + printable(o.csv) +
                       "': give each its own");
    }
  }
  const std::vector<int> thread_counts = parse_thread_counts(o.threads);
  const std::set<std::int64_t> wanted = parse_ids(o.ids);

  const GoalSpec goal = goal_in_force(o.goal);
  const std::string goal_named = goal.describe() + goal_origin(o.goal);  // for the messages
  for (Configuration& c : configurations) {
    c.request.goal = goal;
    c.request.log = command_line_log(o.quiet);
  }
  // A file that cannot be written is refused now, not after the benchmark.
  if (!o.csv.empty()) check_writable(o.csv, "CSV file");
  if (!o.plot.empty()) check_writable(o.plot, "plot");
  bool known_optimum = false;
  bool waited_out = false;
  std::vector<BenchInstance> set =
      read_instances(given_or_data_file(o.set), parse_size_option(o.size), known_optimum,
                     o.search.time_limit, waited_out);
  if (interrupt_requested.load()) {  // while the set was read (a FIFO waiting for its writer)
    std::cerr << "npuzzle: interrupted while reading " << printable(o.set) << "\n";
    return ExitCode::Limit;
  }
  if (waited_out) {
    std::cerr << "npuzzle: no input came from " << printable(o.set) << " for "
              << o.search.time_limit << " s (--time-limit): the set was not read to its end\n";
    return ExitCode::Limit;
  }
  if (known_optimum && goal.kind != GoalSpec::Kind::BlankFirst) {
    for (BenchInstance& b : set) b.optimal_length = 0;
    known_optimum = false;
    if (!o.quiet) {
      std::cerr << "npuzzle: warning: the set's optimal lengths are for --goal blank-first; with "
                << (goal_origin(o.goal).empty() ? "--goal " : "the goal ") << goal_named
                << " they are not checked\n";
    }
  }
  if (!wanted.empty()) {
    std::erase_if(set, [&](const BenchInstance& b) { return !wanted.count(b.instance.id); });
  }
  if (set.empty()) throw InputError("no instance of '" + o.set + "' selected");
  std::vector<BoardSize> sizes;
  for (const BenchInstance& b : set) sizes.push_back({b.instance.rows, b.instance.cols});
  // No --algo: the default of the set's (first) board size, its threads inside the search as the
  // sweep's thread counts ask.
  for (Configuration& c : configurations) {
    if (!c.request.algorithm) c.request.algorithm = default_algorithm(sizes.front());
  }
  std::set<std::string> warned;
  print_warnings(
      new_warnings(configurations, *std::max_element(thread_counts.begin(), thread_counts.end()),
                   sizes, warned),
      o.quiet);

  // The CSV is written whole, atomically, after each sweep: a failed write leaves the file as it
  // was (the earlier run's, or the rows of the sweeps before), never a row cut short.
  std::ostringstream csv;
  if (!o.csv.empty()) write_csv_header(csv);

  ExitCode exit_code = ExitCode::Solved;
  const auto keep = [&](Sweep sweep) {
    if (!o.csv.empty()) {
      write_csv_rows(csv, sweep);
      write_file_atomically(o.csv, csv.str(), "CSV file");
    }
    exit_code = std::max(exit_code, sweep.exit_code);
    return sweep;
  };
  const std::string set_name = o.set.substr(o.set.find_last_of('/') + 1);
  const std::string set_text = set_name + ", " + count_of(set.size(), "instance");
  const std::string notes =
      std::string(known_optimum ? "" : ", no known optimum: lengths not checked against one") +
      (o.repeat > 1 ? ", median of " + std::to_string(o.repeat) + " runs" : "");
  // Several configurations: one table of them all, printed once every sweep has run (or Ctrl-C
  // stopped them), a row per configuration and thread count (and per baseline), the sweeps kept
  // in `compared` for it.
  const bool comparison = configurations.size() > 1;
  std::list<Sweep> compared;
  std::vector<SweepRow> comparison_rows;
  const auto comparison_row = [](const Sweep& sweep, const Sweep& base) {
    return SweepRow{
        &sweep, &base, {sweep.heuristic, sweep.tie_break.empty() ? "-" : sweep.tie_break}};
  };
  // The baseline's sweeps by heuristic and tie-break: each run once, shared by the configurations.
  std::map<std::string, Sweep> baselines;
  for (const Configuration& c : configurations) {
    std::string heuristic_used;
    const Sweep* base_sweep = nullptr;
    if (!baseline.empty()) {
      SolveRequest base_request = c.request;
      base_request.algorithm = baseline.front();
      const std::string key =
          (base_request.heuristic ? base_request.heuristic->name() : "") + "|" +
          (base_request.tie_break ? tie_break_name(*base_request.tie_break) : "");
      auto found = baselines.find(key);
      if (found == baselines.end()) {
        found = baselines
                    .emplace(key, keep(median_sweep(session, base_request, 1, set, o.repeat,
                                                    o.quiet, heuristic_used)))
                    .first;
        if (comparison) comparison_rows.push_back(comparison_row(found->second, found->second));
      }
      base_sweep = &found->second;
    }
    std::vector<Sweep> sweeps;
    for (int threads : thread_counts) {
      if (interrupt_requested.load()) break;
      sweeps.push_back(
          keep(median_sweep(session, c.request, threads, set, o.repeat, o.quiet, heuristic_used)));
    }
    if (comparison) {
      for (Sweep& s : sweeps) compared.push_back(std::move(s));
      const auto first = std::prev(compared.end(), static_cast<std::ptrdiff_t>(sweeps.size()));
      for (auto s = first; s != compared.end(); ++s) {
        comparison_rows.push_back(comparison_row(*s, base_sweep ? *base_sweep : *first));
      }
      if (interrupt_requested.load()) break;
      continue;
    }

    const std::string algorithm = algorithm_name(*c.request.algorithm);
    const bool parallel_search = algorithm_info(*c.request.algorithm).threads;
    std::printf("bench: %s, %s + %s%s, goal %s, %s%s\n", set_text.c_str(), algorithm.c_str(),
                heuristic_used.c_str(),
                c.tie_break.empty() ? "" : (" (" + c.tie_break + ")").c_str(), goal_named.c_str(),
                parallel_search ? "threads per instance" : "threads = instances solved at once",
                notes.c_str());
    if (sweeps.empty()) {  // interrupted before the first thread count
      print_sweep_table(stdout, {}, {}, parallel_search);
      break;
    }
    const Sweep& base = base_sweep ? *base_sweep : sweeps.front();
    std::vector<SweepRow> rows;
    if (base_sweep) rows.push_back({base_sweep, &base, {}});
    for (const Sweep& s : sweeps) rows.push_back({&s, &base, {}});
    print_sweep_table(stdout, rows, {}, parallel_search);
    flush_stdout_or_throw();
    if (!o.plot.empty()) {
      write_plot(o.plot, sweeps, base,
                 "npuzzle bench: " + algorithm + " + " + heuristic_used + ", " + set_name + " (" +
                     count_of(set.size(), "instance") + ")",
                 parallel_search, c.request.algorithm == Algorithm::Hda);
    }
    if (interrupt_requested.load()) break;
  }
  if (comparison) {
    const auto parallel = [](const Configuration& c) { return is_parallel(*c.request.algorithm); };
    const bool any_parallel = std::any_of(configurations.begin(), configurations.end(), parallel);
    const bool all_parallel = std::all_of(configurations.begin(), configurations.end(), parallel);
    std::printf("bench: %s, %s, goal %s, %s%s\n", set_text.c_str(),
                count_of(configurations.size(), "configuration").c_str(), goal_named.c_str(),
                all_parallel   ? "threads per instance"
                : any_parallel ? "threads per instance for the parallel searches, instances "
                                 "solved at once for the others"
                               : "threads = instances solved at once",
                notes.c_str());
    // The tie-break column only when a configuration takes one.
    const bool ties = std::any_of(comparison_rows.begin(), comparison_rows.end(),
                                  [](const SweepRow& r) { return r.labels.back() != "-"; });
    if (!ties) {
      for (SweepRow& r : comparison_rows) r.labels.pop_back();
    }
    print_sweep_table(stdout, comparison_rows,
                      ties ? std::vector<std::string>{"heuristic", "tie-break"}
                           : std::vector<std::string>{"heuristic"},
                      any_parallel);
    flush_stdout_or_throw();
  }
  if (interrupt_requested.load()) exit_code = std::max(exit_code, ExitCode::Limit);
  return exit_code;
}

}  // namespace

void add_bench_command(CLI::App& app, Action& action, SolveSession& session) {
  auto options = std::make_shared<BenchOptions>();
  CLI::App* cmd = app.add_subcommand("bench", "benchmark the searches on a set of boards");
  CommandManual& manual = manual_of(*cmd);
  manual.description =
      "Solves a benchmark set (lines `id optimal_length tiles…`, goal blank-first) or a file of "
      "plain boards (one a line, no known optimum) for each thread count, checks every answer "
      "(replayed to the goal; a length that disagrees with the known optimum is exit code 2), and "
      "prints solved / optimal / limit / mismatch counts, time, nodes, nodes per second, speedup "
      "and efficiency: a row per thread count, and with lists of --algo, --heuristic or "
      "--tie-break one table comparing the configurations, a row per configuration and thread "
      "count.";
  manual.examples = {
      {"npuzzle bench --ids 55,79 --heuristic lc", "two of Korf's 100 boards with IDA*"},
      {"npuzzle bench --ids 55 --algo ida,astar --heuristic lc",
       "IDA* against A* on one board: nodes and time side by side"},
      {"npuzzle bench --ids 55 --heuristic lc --threads 1,2",
       "one and two threads (instances at once for ida): speedup and efficiency"},
      {"npuzzle random --size 3x3 --count 20 > boards.txt",
       "twenty random 8-puzzle boards in a plain board file, for the next example"},
      {"npuzzle bench boards.txt --algo ida,astar", "IDA* and A* on those boards, compared"}};
  manual.exit_codes = {
      {0, "every answer checked"},
      {1, "usage error"},
      {2, "a bad set, a length that disagrees with the known optimum or a file not written"},
      {4, "a limit was hit, or Ctrl-C"},
      {5, "out of memory"}};
  cmd->add_option("set", options->set,
                  "the set (default: Korf's 100, " + options->set +
                      ", which ships with the program; hard80.txt and korf24_50.txt are there "
                      "too, and a bare name not in the current directory is looked up there)")
      ->option_text("SET");
  cmd->add_option("--threads", options->threads,
                  "thread counts: a list 1,2,4 or a range 1:N (hda, pida, aida: threads per "
                  "instance; others: instances at once; without --algo, the default of the set's "
                  "board size)")
      ->option_text("N[,N...]|N:M");
  cmd->add_option("--ids", options->ids, "the instances to run, e.g. 1-10,82 (default all)")
      ->option_text("LIST");
  cmd->add_option("--size", options->size,
                  "board size RxC of a plain board file when the tile count fits several")
      ->option_text("RxC");
  cmd->add_option(
         "--goal", options->goal,
         "blank-first (default, or $NPUZZLE_GOAL; the sets' optimal lengths are for blank-first), "
         "blank-last or the goal's tiles")
      ->option_text("GOAL");
  add_search_options(*cmd, options->search);
  cmd->add_option("--csv", options->csv,
                  "write one row per instance, thread count and configuration to FILE")
      ->option_text("FILE");
  cmd->add_option("--plot", options->plot,
                  "draw speedup, efficiency, load balance, overhead and communication against "
                  "threads to FILE (PNG, gnuplot; one configuration)")
      ->option_text("FILE");
  cmd->add_option("--baseline", options->baseline,
                  "run this sequential algorithm first (one thread) and give speedups relative to "
                  "it, e.g. --algo pida --baseline ida")
      ->option_text("ALGO")
      ->check([](const std::string& text) -> std::string {
        const auto a = parse_algorithm(text);
        if (!a) return unknown_algorithm(text);
        if (is_parallel(*a)) return "the baseline must be a sequential algorithm";
        return {};
      });
  cmd->add_option("--repeat", options->repeat,
                  "run each thread count N times, N from 1 to 100, and keep the run of median time "
                  "(default 1)")
      ->transform(count_value(100))
      ->check(CLI::Range(1, 100))
      ->option_text("N");
  cmd->add_flag("-q,--quiet", options->quiet,
                "no per-instance lines, notes or warnings on stderr (the tables count the limits; "
                "a wrong length or an error is still reported)");
  cmd->callback([options, cmd, &action, &session] {
    options->search.given = given_options(*cmd);
    action = [options, &session] { return run_bench(*options, session); };
  });
}

}  // namespace npuzzle
