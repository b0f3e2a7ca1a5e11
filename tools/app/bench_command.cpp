// `npuzzle bench [SET]`: solve a benchmark set (default Korf's 100) once per thread count, check
// every length against the set's known optimum, and print time, nodes, speedup and efficiency per
// thread count (plus load balance, search overhead and communication for the parallel algorithms);
// per instance rows go to --csv, a plot of speedup, efficiency, balance, overhead and communication
// to --plot (gnuplot, PNG).
//
// Thread counts mean threads per instance for hda and pida (instances one after another), and
// instances solved at once for the sequential algorithms (throughput scaling). Speedups are
// relative to the first thread count, or to --baseline ALGO (a sequential algorithm run first on
// one thread, e.g. ida for pida, astar for hda). --repeat N runs every sweep N times and keeps the
// run of median wall time (the machine is noisy; node counts of the parallel searches vary a little
// per run).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <numeric>
#include <optional>
#include <set>
#include <sstream>

#include "parallel/batch.hpp"
#include "tools/app/app.hpp"
#include "tools/app/commands.hpp"
#include "tools/app/report.hpp"

namespace npuzzle {
namespace {

struct BenchOptions {
  std::string set = NPUZZLE_BENCH_SET;
  std::string threads = "1";
  std::string ids;
  std::string csv;
  std::string plot;
  std::string baseline;
  int repeat = 1;
  SearchOptions search;
  bool quiet = false;
};

// One instance solved with one thread count.
struct Row {
  std::int64_t id = 0;
  int threads = 0;
  int optimal_length = 0;
  SolveOutcome outcome;
};

// Totals of one run of the set with one algorithm and thread count.
struct Sweep {
  std::string algorithm;
  int threads = 0;
  double seconds = 0;  // wall clock for the whole set
  std::uint64_t expanded = 0, generated = 0, sent = 0;
  double max_worker = 0, mean_worker = 0;  // summed over instances with per-worker counts
  std::string csv_rows;                    // this run's lines of the --csv file
  ExitCode exit_code = ExitCode::Solved;
  bool interrupted = false;
};

int parse_count(const std::string& text, const std::string& what) {
  try {
    std::size_t used = 0;
    const int value = std::stoi(text, &used);
    if (used == text.size() && value >= 1) return value;
  } catch (const std::logic_error&) {
  }
  throw UsageError(what + ": '" + text + "' is not a positive number");
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
      counts.push_back(parse_count(part, "--threads"));
      continue;
    }
    const int first = parse_count(part.substr(0, colon), "--threads");
    const int last = parse_count(part.substr(colon + 1), "--threads");
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
    const int first = parse_count(part.substr(0, dash), "--ids");
    const int last =
        dash == std::string::npos ? first : parse_count(part.substr(dash + 1), "--ids");
    if (last < first) throw UsageError("--ids: empty range '" + part + "'");
    for (int id = first; id <= last; ++id) ids.insert(id);
  }
  return ids;
}

// The problem with a row's answer, or "" when it agrees with the set.
std::string check_row(const Row& row) {
  const SearchResult& r = row.outcome.result;
  if (row.outcome.failed()) return row.outcome.error;
  if (r.status != Status::Solved) return row.outcome.status_name() + ": " + row.outcome.reason();
  const int length = static_cast<int>(r.path.size());
  if (r.optimal && length != row.optimal_length) {
    return "length " + std::to_string(length) + " but the known optimum is " +
           std::to_string(row.optimal_length);
  }
  if (length < row.optimal_length) {
    return "length " + std::to_string(length) + " is below the known optimum " +
           std::to_string(row.optimal_length);
  }
  return {};
}

// The figures of `s` relative to `base` (the baseline or the first sweep).
struct Relative {
  double speedup, efficiency, balance, overhead, communication;
};
Relative relative(const Sweep& s, const Sweep& base) {
  const double speedup = base.seconds / std::max(s.seconds, 1e-9);
  return {speedup, speedup * base.threads / s.threads,
          s.mean_worker > 0 ? s.max_worker / s.mean_worker : 1.0,
          static_cast<double>(s.expanded) / std::max<double>(static_cast<double>(base.expanded), 1),
          static_cast<double>(s.sent) / std::max<double>(static_cast<double>(s.expanded), 1)};
}

void write_plot(const std::string& file, const std::vector<Sweep>& sweeps, const Sweep& base,
                const std::string& title) {
  if (file.find_first_of("'\"\n") != std::string::npos) {
    throw UsageError("--plot: the file name must not contain quotes");
  }
  FILE* gnuplot = popen("gnuplot", "w");
  if (!gnuplot) throw InputError("cannot run gnuplot (install gnuplot-nox)");
  std::fprintf(gnuplot, "$data << EOD\n");
  for (const Sweep& s : sweeps) {
    const Relative r = relative(s, base);
    std::fprintf(gnuplot, "%d %.6f %.6f %.6f %.6f %.6f %.6f\n", s.threads, r.speedup, r.efficiency,
                 static_cast<double>(s.threads) / base.threads, r.balance, r.overhead,
                 r.communication);
  }
  std::fprintf(gnuplot,
               "EOD\n"
               "set terminal pngcairo size 1500,450\n"
               "set output '%s'\n"
               "set multiplot layout 1,3 title '%s'\n"
               "set xlabel 'threads'\nset grid\nset key left top\n"
               "set ylabel 'speedup over %s'\n"
               "plot $data using 1:2 with linespoints title 'speedup', "
               "$data using 1:4 with lines dashtype 2 title 'ideal'\n"
               "set ylabel 'efficiency'\nset yrange [0:*]\n"
               "plot $data using 1:3 with linespoints title 'efficiency'\n"
               "set ylabel 'ratio'\nset yrange [0:*]\n"
               "plot $data using 1:5 with linespoints title 'load balance (max / mean worker)', "
               "$data using 1:6 with linespoints title 'search overhead (expanded / base)', "
               "$data using 1:7 with linespoints title 'communication (sent / expanded)'\n"
               "unset multiplot\n",
               file.c_str(), title.c_str(),
               (base.algorithm + " on " + std::to_string(base.threads)).c_str());
  if (pclose(gnuplot) != 0) throw InputError("gnuplot failed (is gnuplot-nox installed?)");
}

// Solves the whole set once with `request` on `threads` threads (threads per instance for the
// parallel searches, instances at once for the others), checking every answer.
Sweep run_sweep(const SolveRequest& request, int threads, const std::vector<BenchInstance>& set,
                bool quiet, std::string& heuristic_used) {
  SolveRequest mine = request;
  mine.threads = threads;
  Sweep sweep;
  sweep.algorithm = algorithm_name(request.algorithm);
  sweep.threads = threads;
  const bool parallel_search = is_parallel(request.algorithm);
  std::ostringstream csv;
  const auto start = std::chrono::steady_clock::now();
  const auto solve = [&](std::size_t i) {
    const Instance& instance = set[i].instance;
    Row row{instance.id, threads, set[i].optimal_length, {}};
    row.outcome = solve_instance(mine, instance.rows, instance.cols, instance.tiles);
    return row;
  };
  const auto emit = [&](std::size_t, Row row) {
    const SearchResult& r = row.outcome.result;
    const std::string problem = check_row(row);
    heuristic_used = row.outcome.heuristic;
    if (!problem.empty()) {
      std::cerr << "npuzzle bench: instance " << row.id << " with " << sweep.algorithm << " on "
                << threads << " threads: " << problem << "\n";
      sweep.exit_code = std::max(sweep.exit_code, row.outcome.exit_code() == ExitCode::Solved
                                                      ? ExitCode::Input
                                                      : row.outcome.exit_code());
    } else if (!quiet) {
      std::fprintf(stderr, "  %s, threads %d, instance %lld: %zu moves, %llu generated, %.3f s\n",
                   sweep.algorithm.c_str(), threads, static_cast<long long>(row.id), r.path.size(),
                   static_cast<unsigned long long>(r.stats.generated), r.stats.seconds);
    }
    sweep.expanded += r.stats.expanded;
    sweep.generated += r.stats.generated;
    sweep.sent += r.stats.sent;
    std::uint64_t max_worker = 0;
    double mean_worker = 0;
    const auto& workers = r.stats.expanded_per_worker;
    if (!workers.empty()) {
      max_worker = *std::max_element(workers.begin(), workers.end());
      mean_worker =
          static_cast<double>(std::accumulate(workers.begin(), workers.end(), std::uint64_t{0})) /
          static_cast<double>(workers.size());
      sweep.max_worker += static_cast<double>(max_worker);
      sweep.mean_worker += mean_worker;
    }
    char mean_text[32];
    std::snprintf(mean_text, sizeof mean_text, "%.1f", mean_worker);
    csv << row.id << ',' << threads << ','
        << (r.status == Status::Solved ? std::to_string(r.path.size()) : "") << ','
        << row.optimal_length << ',' << row.outcome.status_name() << ',' << r.stats.expanded << ','
        << r.stats.generated << ',' << r.stats.seconds << ',' << sweep.algorithm << ','
        << row.outcome.heuristic << ',' << max_worker << ',' << mean_text << ',' << r.stats.sent
        << ',' << row.outcome.ranks << '\n';
  };
  run_in_order(set.size(), parallel_search ? 1 : threads, solve, emit);
  sweep.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  sweep.csv_rows = csv.str();
  sweep.interrupted = interrupt_requested.load();
  return sweep;
}

// Runs a sweep `repeat` times and keeps the run with the median wall time.
Sweep median_sweep(const SolveRequest& request, int threads, const std::vector<BenchInstance>& set,
                   int repeat, bool quiet, std::string& heuristic_used) {
  std::vector<Sweep> runs;
  for (int r = 0; r < repeat; ++r) {
    runs.push_back(run_sweep(request, threads, set, quiet, heuristic_used));
    if (runs.back().exit_code != ExitCode::Solved || runs.back().interrupted) return runs.back();
  }
  std::sort(runs.begin(), runs.end(),
            [](const Sweep& a, const Sweep& b) { return a.seconds < b.seconds; });
  if (repeat > 1 && !quiet) {
    std::fprintf(stderr, "  %s, threads %d: %d runs, %.3f to %.3f s, median %.3f s\n",
                 runs.front().algorithm.c_str(), threads, repeat, runs.front().seconds,
                 runs.back().seconds, runs[runs.size() / 2].seconds);
  }
  return runs[runs.size() / 2];
}

ExitCode run_bench(const BenchOptions& o) {
  SolveRequest request = make_request(o.search);
  const std::vector<int> thread_counts = parse_thread_counts(o.threads);
  const std::set<std::int64_t> wanted = parse_ids(o.ids);

  std::ifstream in(o.set);
  if (!in) throw InputError("cannot read the bench set '" + o.set + "'");
  std::vector<BenchInstance> set;
  try {
    set = read_bench_set(in);
  } catch (const InputError& e) {
    throw InputError(o.set + ": " + e.what());
  }
  if (!wanted.empty()) {
    std::erase_if(set, [&](const BenchInstance& b) { return !wanted.count(b.instance.id); });
  }
  if (set.empty()) throw InputError("no instance of '" + o.set + "' selected");

  std::ofstream csv;
  if (!o.csv.empty()) {
    csv.open(o.csv);
    if (!csv) throw InputError("cannot write '" + o.csv + "'");
    csv << "id,threads,length,optimal_length,status,expanded,generated,seconds,algorithm,"
           "heuristic,max_worker_expanded,mean_worker_expanded,sent,ranks\n";
  }

  std::optional<Sweep> baseline;
  std::string heuristic_used;
  ExitCode exit_code = ExitCode::Solved;
  const auto keep = [&](Sweep sweep) {
    csv << sweep.csv_rows;
    exit_code = std::max(exit_code, sweep.exit_code);
    return sweep;
  };
  if (!o.baseline.empty()) {
    SolveRequest base_request = request;
    base_request.algorithm = *parse_algorithm(o.baseline);
    baseline = keep(median_sweep(base_request, 1, set, o.repeat, o.quiet, heuristic_used));
  }
  std::vector<Sweep> sweeps;
  for (int threads : thread_counts) {
    if (interrupt_requested.load()) break;
    sweeps.push_back(keep(median_sweep(request, threads, set, o.repeat, o.quiet, heuristic_used)));
  }

  const std::string algorithm = algorithm_name(request.algorithm);
  const bool parallel_search = is_parallel(request.algorithm);
  const std::string set_name = o.set.substr(o.set.find_last_of('/') + 1);
  std::printf("bench: %s, %zu instances, %s + %s, %s%s\n", set_name.c_str(), set.size(),
              algorithm.c_str(), heuristic_used.c_str(),
              parallel_search ? "threads per instance" : "threads = instances solved at once",
              o.repeat > 1 ? (", median of " + std::to_string(o.repeat) + " runs").c_str() : "");
  std::printf("%7s %7s %10s %15s %15s %9s %8s %10s", "algo", "threads", "seconds", "expanded",
              "generated", "Mgen/s", "speedup", "efficiency");
  if (parallel_search) std::printf(" %8s %8s %9s", "balance", "overhead", "sent/exp");
  std::printf("\n");
  if (sweeps.empty()) return std::max(exit_code, ExitCode::Limit);
  const Sweep& base = baseline ? *baseline : sweeps.front();
  const auto print = [&](const Sweep& s) {
    const Relative r = relative(s, base);
    std::printf("%7s %7d %10.3f %15llu %15llu %9.2f %8.2f %10.2f", s.algorithm.c_str(), s.threads,
                s.seconds, static_cast<unsigned long long>(s.expanded),
                static_cast<unsigned long long>(s.generated),
                static_cast<double>(s.generated) / std::max(s.seconds, 1e-9) / 1e6, r.speedup,
                r.efficiency);
    if (parallel_search) std::printf(" %8.3f %8.3f %9.4f", r.balance, r.overhead, r.communication);
    std::printf("\n");
  };
  if (baseline) print(*baseline);
  for (const Sweep& s : sweeps) print(s);
  std::fflush(stdout);
  if (!o.plot.empty()) {
    write_plot(o.plot, sweeps, base,
               "npuzzle bench: " + algorithm + " + " + heuristic_used + ", " + set_name + " (" +
                   std::to_string(set.size()) + " instances)");
  }
  if (interrupt_requested.load()) exit_code = std::max(exit_code, ExitCode::Limit);
  return exit_code;
}

}  // namespace

void add_bench_command(CLI::App& app, Action& action) {
  auto options = std::make_shared<BenchOptions>();
  CLI::App* cmd = app.add_subcommand(
      "bench",
      "Solve a benchmark set (lines `id optimal_length tiles…`, goal blank-first) for each thread "
      "count, check every length against the known optimum (a mismatch is exit code 2), and print "
      "time, nodes, speedup and efficiency.");
  cmd->add_option("set", options->set, "the set (default: Korf's 100, " NPUZZLE_BENCH_SET ")");
  cmd->add_option("--threads", options->threads,
                  "thread counts: a list 1,2,4 or a range 1:N (hda, pida: threads per instance; "
                  "others: instances at once)");
  cmd->add_option("--ids", options->ids, "the instances to run, e.g. 1-10,82 (default all)");
  add_search_options(*cmd, options->search);
  cmd->add_option("--csv", options->csv, "write one row per instance and thread count to FILE");
  cmd->add_option("--plot", options->plot,
                  "draw speedup, efficiency, load balance, overhead and communication against "
                  "threads to FILE (PNG, gnuplot)");
  cmd->add_option("--baseline", options->baseline,
                  "run this sequential algorithm first (one thread) and give speedups relative to "
                  "it, e.g. --algo pida --baseline ida")
      ->check([](const std::string& text) -> std::string {
        const auto a = parse_algorithm(text);
        if (!a) return "unknown algorithm '" + text + "'";
        if (is_parallel(*a)) return "the baseline must be a sequential algorithm";
        return {};
      });
  cmd->add_option("--repeat", options->repeat,
                  "run each thread count N times and keep the run of median time (default 1)")
      ->check(CLI::Range(1, 100));
  cmd->add_flag("-q,--quiet", options->quiet, "no per-instance lines on stderr");
  cmd->callback([options, &action] { action = [options] { return run_bench(*options); }; });
}

}  // namespace npuzzle
