#include "tools/app/bench_output.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>

#include "tools/app/report.hpp"
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

struct SweepColumn {
  const char* name;                                // table header; plot key
  int width;                                       // table width
  int precision;                                   // table decimals (-1: an integer or a name)
  bool parallel_only;                              // shown only for the parallel algorithms
  bool plotted;                                    // in the plot's data
  std::function<double(const SweepView&)> number;  // nullptr for a name
  std::function<std::string(const SweepView&)> name_of = nullptr;
};

const std::vector<SweepColumn>& sweep_columns() {
  static const std::vector<SweepColumn> columns = {
      {"algo", 7, -1, false, false, nullptr, [](const SweepView& v) { return v.sweep.algorithm; }},
      {"threads", 7, -1, false, true, [](const SweepView& v) { return v.sweep.threads; }},
      {"solved", 6, -1, false, false,
       [](const SweepView& v) { return static_cast<double>(v.sweep.solved); }},
      {"limit", 5, -1, false, false,
       [](const SweepView& v) { return static_cast<double>(v.sweep.limited); }},
      {"mismatch", 8, -1, false, false,
       [](const SweepView& v) { return static_cast<double>(v.sweep.mismatched); }},
      {"seconds", 10, 3, false, false, [](const SweepView& v) { return v.sweep.seconds; }},
      {"expanded", 15, -1, false, false,
       [](const SweepView& v) { return static_cast<double>(v.sweep.expanded); }},
      {"generated", 15, -1, false, false,
       [](const SweepView& v) { return static_cast<double>(v.sweep.generated); }},
      {"Mgen/s", 9, 2, false, false,
       [](const SweepView& v) {
         return static_cast<double>(v.sweep.generated) / std::max(v.sweep.seconds, 1e-9) / 1e6;
       }},
      {"length", 8, 2, false, false,
       [](const SweepView& v) {
         return v.sweep.solved > 0
                    ? static_cast<double>(v.sweep.length) / static_cast<double>(v.sweep.solved)
                    : kNone;
       }},
      {"speedup", 8, 2, false, true,
       [](const SweepView& v) { return compared(v, v.relative.speedup); }},
      {"efficiency", 10, 2, false, true,
       [](const SweepView& v) { return compared(v, v.relative.efficiency); }},
      {"ideal", 0, 2, false, true,
       [](const SweepView& v) { return static_cast<double>(v.sweep.threads) / v.base.threads; }},
      {"balance", 8, 3, true, true,
       [](const SweepView& v) { return compared(v, v.relative.balance); }},
      {"overhead", 8, 3, true, true,
       [](const SweepView& v) { return compared(v, v.relative.overhead); }},
      {"sent/exp", 9, 4, true, true,
       [](const SweepView& v) { return compared(v, v.relative.communication); }},
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
      {"status", [](R r, S) { return r.outcome.status_name(); }},
      {"check", [](R r, S) { return std::string(check_name(r.check)); }},
      {"expanded", [](R r, S) { return std::to_string(r.outcome.result.stats.expanded); }},
      {"generated", [](R r, S) { return std::to_string(r.outcome.result.stats.generated); }},
      {"seconds", [](R r, S) { return decimal(r.outcome.result.stats.seconds, "%g"); }},
      {"algorithm", [](R, S s) { return s.algorithm; }},
      {"heuristic", [](R r, S) { return r.outcome.heuristic.name(); }},
      {"tie_break", [](R, S s) { return s.tie_break; }},
      {"max_worker_expanded", [](R r, S) { return std::to_string(r.max_worker); }},
      {"mean_worker_expanded", [](R r, S) { return decimal(r.mean_worker, "%.1f"); }},
      {"sent", [](R r, S) { return std::to_string(r.outcome.result.stats.sent); }},
      {"ranks", [](R r, S) { return std::to_string(r.outcome.ranks); }},
      // Every row also carries its sweep's counts, so a spreadsheet sees them without grouping.
      {"sweep_solved", [](R, S s) { return std::to_string(s.solved); }},
      {"sweep_limit", [](R, S s) { return std::to_string(s.limited); }},
      {"sweep_mismatch", [](R, S s) { return std::to_string(s.mismatched); }},
      {"sweep_error", [](R, S s) { return std::to_string(s.errors); }},
  };
  return columns;
}

}  // namespace

void print_sweep_table(std::FILE* out, const std::vector<const Sweep*>& sweeps, const Sweep& base,
                       bool parallel) {
  const auto shown = [&](const SweepColumn& c) {
    return c.width > 0 && (parallel || !c.parallel_only);
  };
  bool first = true;
  for (const SweepColumn& c : sweep_columns()) {
    if (!shown(c)) continue;
    std::fprintf(out, "%s%*s", first ? "" : " ", c.width, c.name);
    first = false;
  }
  std::fprintf(out, "\n");
  for (const Sweep* s : sweeps) {
    const SweepView view{*s, relative(*s, base), base};
    first = true;
    for (const SweepColumn& c : sweep_columns()) {
      if (!shown(c)) continue;
      const char* gap = first ? "" : " ";
      first = false;
      if (!c.number) {
        std::fprintf(out, "%s%*s", gap, c.width, c.name_of(view).c_str());
      } else if (std::isnan(c.number(view))) {
        std::fprintf(out, "%s%*s", gap, c.width, "-");
      } else if (c.precision < 0) {
        std::fprintf(out, "%s%*llu", gap, c.width, static_cast<unsigned long long>(c.number(view)));
      } else {
        std::fprintf(out, "%s%*.*f", gap, c.width, c.precision, c.number(view));
      }
    }
    std::fprintf(out, "%s\n",
                 s->errors > 0 ? ("  (" + count_of(s->errors, "error") + ")").c_str() : "");
  }
}

int plot_column(const std::string& name) {
  int index = 0;
  for (const SweepColumn& c : sweep_columns()) {
    if (!c.plotted) continue;
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
      if (!c.plotted) continue;
      if (c.precision < 0) {
        std::fprintf(out, "%s%d", first ? "" : " ", static_cast<int>(c.number(view)));
      } else {
        std::fprintf(out, "%s%.6f", first ? "" : " ", c.number(view));
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
