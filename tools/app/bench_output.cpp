#include "tools/app/bench_output.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <sstream>

#include "tools/app/report.hpp"
#include "tools/app/table.hpp"
#include "tools/checked_output.hpp"

namespace npuzzle {
namespace {

// What a sweep column shows: the sweep, its figures relative to the base, and the base.
struct SweepView {
  const Sweep& sweep;
  const Relative relative;
  const Sweep& base;
};

constexpr double kNone = std::numeric_limits<double>::quiet_NaN();  // shown as "-"

// A figure relative to the base: it compares runs that did the same work, so only when both
// solved every instance.
double compared(const SweepView& v, double figure) {
  return v.sweep.all_solved() && v.base.all_solved() ? figure : kNone;
}

// A figure of the parallel searches' workers: none for a sequential search (a baseline, or a
// configuration compared with parallel ones).
double of_workers(const SweepView& v, double figure) {
  return v.sweep.parallel ? compared(v, figure) : kNone;
}

struct SweepColumn {
  const char* name;                                   // table header; plot key
  bool parallel_only;                                 // shown only for the parallel algorithms
  bool in_table;                                      // a column of the table
  int precision;                                      // plot data decimals (-1: an integer)
  std::function<double(const SweepView&)> number;     // the plotted value (nullptr: not plotted)
  std::function<std::string(const SweepView&)> text;  // the table's cell (table.hpp's formats)
};

std::string decimal_cell(double value, int decimals) {
  return std::isnan(value) ? "-" : fixed(value, decimals);
}

double mean_length(const SweepView& v) {
  return v.sweep.solved > 0
             ? static_cast<double>(v.sweep.length) / static_cast<double>(v.sweep.solved)
             : kNone;
}

const std::vector<SweepColumn>& sweep_columns() {
  using V = const SweepView&;
  const auto speedup = [](V v) { return compared(v, v.relative.speedup); };
  const auto efficiency = [](V v) { return compared(v, v.relative.efficiency); };
  const auto balance = [](V v) { return of_workers(v, v.relative.balance); };
  const auto overhead = [](V v) { return of_workers(v, v.relative.overhead); };
  const auto communication = [](V v) { return of_workers(v, v.relative.communication); };
  static const std::vector<SweepColumn> columns = {
      {"algorithm", false, true, -1, nullptr, [](V v) { return v.sweep.algorithm; }},
      {"threads", false, true, -1, [](V v) { return static_cast<double>(v.sweep.threads); },
       [](V v) { return count_cell(static_cast<std::uint64_t>(v.sweep.threads)); }},
      {"solved", false, true, -1, nullptr,
       [](V v) { return solved_cell(v.sweep.solved, v.sweep.instances); }},
      {"optimal", false, true, -1, nullptr, [](V v) { return count_cell(v.sweep.optimal); }},
      {"limit", false, true, -1, nullptr, [](V v) { return count_cell(v.sweep.limited); }},
      {"mismatch", false, true, -1, nullptr, [](V v) { return count_cell(v.sweep.mismatched); }},
      {"time", false, true, -1, nullptr, [](V v) { return format_duration(v.sweep.seconds); }},
      {"expanded", false, true, -1, nullptr, [](V v) { return count_cell(v.sweep.expanded); }},
      {"generated", false, true, -1, nullptr, [](V v) { return count_cell(v.sweep.generated); }},
      {"generated/s", false, true, -1, nullptr,
       [](V v) { return rate_cell(v.sweep.generated, v.sweep.seconds); }},
      {"length", false, true, -1, nullptr, [](V v) { return decimal_cell(mean_length(v), 2); }},
      {"speedup", false, true, 6, speedup, [speedup](V v) { return decimal_cell(speedup(v), 2); }},
      {"efficiency", false, true, 6, efficiency,
       [efficiency](V v) { return decimal_cell(efficiency(v), 2); }},
      {"ideal", false, false, 6,
       [](V v) { return static_cast<double>(v.sweep.threads) / v.base.threads; }, nullptr},
      {"balance", true, true, 6, balance, [balance](V v) { return decimal_cell(balance(v), 3); }},
      {"overhead", true, true, 6, overhead,
       [overhead](V v) { return decimal_cell(overhead(v), 3); }},
      {"sent/exp", true, true, 6, communication,
       [communication](V v) { return decimal_cell(communication(v), 4); }},
  };
  return columns;
}

struct InstanceColumn {
  const char* name;  // the CSV header
  std::function<std::string(const BenchRow&, const Sweep&)> text;
};

std::string decimal(double value, const char* format) {
  char text[48];
  std::snprintf(text, sizeof text, format, value);
  return text;
}

// Whether the row's instance was run; `number` as text when it was, else "" (no figures).
bool ran(const BenchRow& row) { return row.check != Check::NotRun; }
template <class N>
std::string ran(const BenchRow& row, N number) {
  return ran(row) ? std::to_string(number) : std::string();
}

const std::vector<InstanceColumn>& instance_columns() {
  using R = const BenchRow&;
  using S = const Sweep&;
  static const std::vector<InstanceColumn> columns = {
      {"id", [](R r, S) { return std::to_string(r.id); }},
      {"threads", [](R r, S) { return std::to_string(r.threads); }},
      {"length",
       [](R r, S) {
         return r.outcome.result.status == Status::Solved
                    ? std::to_string(r.outcome.result.path.size())
                    : std::string();
       }},
      {"optimal_length",
       [](R r, S) { return r.optimal_length > 0 ? std::to_string(r.optimal_length) : ""; }},
      {"status", [](R r, S) { return ran(r) ? r.outcome.status_name() : "not run"; }},
      {"check", [](R r, S) { return std::string(check_name(r.check)); }},
      {"expanded", [](R r, S) { return ran(r, r.outcome.result.stats.expanded); }},
      {"generated", [](R r, S) { return ran(r, r.outcome.result.stats.generated); }},
      {"seconds",
       [](R r, S) { return ran(r) ? decimal(r.outcome.result.stats.seconds, "%g") : ""; }},
      {"algorithm", [](R, S s) { return s.algorithm; }},
      {"heuristic", [](R r, S s) { return ran(r) ? r.outcome.heuristic.name() : s.heuristic; }},
      {"tie_break", [](R, S s) { return s.tie_break; }},
      {"max_worker_expanded", [](R r, S) { return ran(r, r.max_worker); }},
      {"mean_worker_expanded", [](R r, S) { return ran(r) ? decimal(r.mean_worker, "%.1f") : ""; }},
      {"sent", [](R r, S) { return ran(r, r.outcome.result.stats.sent); }},
      {"ranks", [](R r, S) { return ran(r, r.outcome.ranks); }},
      // Every row also carries its sweep's counts, so a spreadsheet sees them without grouping.
      {"sweep_solved", [](R, S s) { return std::to_string(s.solved); }},
      {"sweep_limit", [](R, S s) { return std::to_string(s.limited); }},
      {"sweep_mismatch", [](R, S s) { return std::to_string(s.mismatched); }},
      {"sweep_error", [](R, S s) { return std::to_string(s.errors); }},
      {"sweep_not_run", [](R, S s) { return std::to_string(s.not_run); }},
  };
  return columns;
}

}  // namespace

void print_sweep_table(std::FILE* out, const std::vector<SweepRow>& rows,
                       const std::vector<std::string>& labels, bool parallel) {
  const auto shown = [&](const SweepColumn& c) {
    return c.in_table && (parallel || !c.parallel_only);
  };
  std::vector<std::vector<std::string>> table(1);
  for (const SweepColumn& c : sweep_columns()) {
    if (!shown(c)) continue;
    table.front().push_back(c.name);
    if (table.front().size() == 1) {  // the algorithm, then the labels
      table.front().insert(table.front().end(), labels.begin(), labels.end());
    }
  }
  for (const SweepRow& row : rows) {
    const SweepView view{*row.sweep, relative(*row.sweep, *row.base), *row.base};
    std::vector<std::string> cells;
    for (const SweepColumn& c : sweep_columns()) {
      if (!shown(c)) continue;
      cells.push_back(c.text(view));
      if (cells.size() == 1) cells.insert(cells.end(), row.labels.begin(), row.labels.end());
    }
    if (row.sweep->errors > 0) cells.push_back("(" + count_of(row.sweep->errors, "error") + ")");
    if (row.sweep->not_run > 0) cells.push_back("(" + count_cell(row.sweep->not_run) + " not run)");
    table.push_back(std::move(cells));
  }
  std::ostringstream text;
  print_table(table, 1 + labels.size(), "", text);
  std::fputs(text.str().c_str(), out);
}

int plot_column(const std::string& name) {
  int index = 0;
  for (const SweepColumn& c : sweep_columns()) {
    if (!c.number) continue;
    ++index;
    if (name == c.name) return index;
  }
  return 0;
}

void write_plot_data(std::FILE* out, const std::vector<const Sweep*>& sweeps, const Sweep& base) {
  for (const Sweep* s : sweeps) {
    const SweepView view{*s, relative(*s, base), base};
    bool first = true;
    for (const SweepColumn& c : sweep_columns()) {
      if (!c.number) continue;
      if (c.precision < 0) {
        std::fprintf(out, "%s%d", first ? "" : " ", static_cast<int>(c.number(view)));
      } else {
        std::fprintf(out, "%s%.*f", first ? "" : " ", c.precision, c.number(view));
      }
      first = false;
    }
    std::fprintf(out, "\n");
  }
}

void write_csv_header(std::ostream& out) {
  bool first = true;
  for (const InstanceColumn& c : instance_columns()) {
    out << (first ? "" : ",") << c.name;
    first = false;
  }
  out << '\n';
}

void write_csv_rows(std::ostream& out, const Sweep& sweep) {
  for (const BenchRow& row : sweep.rows) {
    bool first = true;
    for (const InstanceColumn& c : instance_columns()) {
      out << (first ? "" : ",") << c.text(row, sweep);
      first = false;
    }
    out << '\n';
  }
}

}  // namespace npuzzle
