#include "tools/app/bench_output.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include "tools/checked_output.hpp"

namespace npuzzle {
namespace {

// What a sweep column shows: the sweep, its figures relative to the base, and the base.
struct SweepView {
  const Sweep& sweep;
  const Relative relative;
  const Sweep& base;
};

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
      {"seconds", 10, 3, false, false, [](const SweepView& v) { return v.sweep.seconds; }},
      {"expanded", 15, -1, false, false,
       [](const SweepView& v) { return static_cast<double>(v.sweep.expanded); }},
      {"generated", 15, -1, false, false,
       [](const SweepView& v) { return static_cast<double>(v.sweep.generated); }},
      {"Mgen/s", 9, 2, false, false,
       [](const SweepView& v) {
         return static_cast<double>(v.sweep.generated) / std::max(v.sweep.seconds, 1e-9) / 1e6;
       }},
      {"speedup", 8, 2, false, true, [](const SweepView& v) { return v.relative.speedup; }},
      {"efficiency", 10, 2, false, true, [](const SweepView& v) { return v.relative.efficiency; }},
      {"ideal", 0, 2, false, true,
       [](const SweepView& v) { return static_cast<double>(v.sweep.threads) / v.base.threads; }},
      {"balance", 8, 3, true, true, [](const SweepView& v) { return v.relative.balance; }},
      {"overhead", 8, 3, true, true, [](const SweepView& v) { return v.relative.overhead; }},
      {"sent/exp", 9, 4, true, true, [](const SweepView& v) { return v.relative.communication; }},
  };
  return columns;
}

// The plot's data column (1-based, as gnuplot counts) of a sweep column.
int plot_column(const std::string& name) {
  int index = 0;
  for (const SweepColumn& c : sweep_columns()) {
    if (!c.plotted) continue;
    ++index;
    if (name == c.name) return index;
  }
  return 0;
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
      {"optimal_length", [](R r, S) { return std::to_string(r.optimal_length); }},
      {"status", [](R r, S) { return r.outcome.status_name(); }},
      {"expanded", [](R r, S) { return std::to_string(r.outcome.result.stats.expanded); }},
      {"generated", [](R r, S) { return std::to_string(r.outcome.result.stats.generated); }},
      {"seconds", [](R r, S) { return decimal(r.outcome.result.stats.seconds, "%g"); }},
      {"algorithm", [](R, S s) { return s.algorithm; }},
      {"heuristic", [](R r, S) { return r.outcome.heuristic; }},
      {"max_worker_expanded", [](R r, S) { return std::to_string(r.max_worker); }},
      {"mean_worker_expanded", [](R r, S) { return decimal(r.mean_worker, "%.1f"); }},
      {"sent", [](R r, S) { return std::to_string(r.outcome.result.stats.sent); }},
      {"ranks", [](R r, S) { return std::to_string(r.outcome.ranks); }},
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
      } else if (c.precision < 0) {
        std::fprintf(out, "%s%*llu", gap, c.width, static_cast<unsigned long long>(c.number(view)));
      } else {
        std::fprintf(out, "%s%*.*f", gap, c.width, c.precision, c.number(view));
      }
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

void write_plot(const std::string& file, const std::vector<Sweep>& sweeps, const Sweep& base,
                const std::string& title) {
  if (file.find_first_of("'\"\n") != std::string::npos) {
    throw UsageError("--plot: the file name must not contain quotes");
  }
  // gnuplot does not report a failed write: it draws into a temporary file, copied to FILE here
  // with every write checked.
  std::string drawn = (std::filesystem::temp_directory_path() / "npuzzle-plot-XXXXXX").string();
  const int drawn_fd = ::mkstemp(drawn.data());
  if (drawn_fd < 0) throw OutputError("cannot create a temporary file for the plot");
  ::close(drawn_fd);
  const auto remove_drawn = [&] { ::unlink(drawn.c_str()); };
  FILE* gnuplot = popen("gnuplot", "w");
  if (!gnuplot) {
    remove_drawn();
    throw InputError("cannot run gnuplot (install gnuplot-nox)");
  }
  std::fprintf(gnuplot, "$data << EOD\n");
  for (const Sweep& s : sweeps) {
    const SweepView view{s, relative(s, base), base};
    bool first = true;
    for (const SweepColumn& c : sweep_columns()) {
      if (!c.plotted) continue;
      if (c.precision < 0) {
        std::fprintf(gnuplot, "%s%d", first ? "" : " ", static_cast<int>(c.number(view)));
      } else {
        std::fprintf(gnuplot, "%s%.6f", first ? "" : " ", c.number(view));
      }
      first = false;
    }
    std::fprintf(gnuplot, "\n");
  }
  const auto col = [](const char* name) { return std::to_string(plot_column(name)); };
  const std::string x = col("threads");
  std::fprintf(gnuplot,
               "EOD\n"
               "set terminal pngcairo size 1500,450\n"
               "set output '%s'\n"
               "set multiplot layout 1,3 title '%s'\n"
               "set xlabel 'threads'\nset grid\nset key left top\n"
               "set ylabel 'speedup over %s'\n"
               "plot $data using %s:%s with linespoints title 'speedup', "
               "$data using %s:%s with lines dashtype 2 title 'ideal'\n"
               "set ylabel 'efficiency'\nset yrange [0:*]\n"
               "plot $data using %s:%s with linespoints title 'efficiency'\n"
               "set ylabel 'ratio'\nset yrange [0:*]\n"
               "plot $data using %s:%s with linespoints title 'load balance (max / mean worker)', "
               "$data using %s:%s with linespoints title 'search overhead (expanded / base)', "
               "$data using %s:%s with linespoints title 'communication (sent / expanded)'\n"
               "unset multiplot\n",
               drawn.c_str(), title.c_str(),
               (base.algorithm + " on " + std::to_string(base.threads)).c_str(), x.c_str(),
               col("speedup").c_str(), x.c_str(), col("ideal").c_str(), x.c_str(),
               col("efficiency").c_str(), x.c_str(), col("balance").c_str(), x.c_str(),
               col("overhead").c_str(), x.c_str(), col("sent/exp").c_str());
  if (pclose(gnuplot) != 0) {
    remove_drawn();
    throw InputError("gnuplot failed (is gnuplot-nox installed?)");
  }
  std::ifstream png(drawn, std::ios::binary);
  std::ofstream out(file, std::ios::binary);
  if (!out) {
    remove_drawn();
    throw OutputError("cannot write the plot " + file);
  }
  out << png.rdbuf();
  remove_drawn();
  flush_or_throw(out, "the plot " + file);
}

}  // namespace npuzzle
