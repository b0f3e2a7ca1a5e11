// `npuzzle bench --plot`: the sweeps' figures drawn with gnuplot into a PNG (see bench_output.hpp).
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <thread>

#include "engine/file_io.hpp"
#include "tools/app/bench_output.hpp"
#include "tools/app/report.hpp"
#include "tools/checked_output.hpp"

namespace npuzzle {

// Only the sweeps that solved every instance, as the base did, are drawn: speedup (with the ideal
// line) and efficiency against threads, and for the parallel searches a third panel with load
// balance and search overhead (and, for hda, the nodes sent per expansion; pida sends none). Thread
// ticks are the integers swept; a dotted line marks the machine's core count; legends sit below the
// panels, clear of the lines.
void write_plot(const std::string& file, const std::vector<Sweep>& sweeps, const Sweep& base,
                const std::string& title, bool parallel_search, bool sends) {
  if (file.find_first_of("'\"\n") != std::string::npos) {
    throw UsageError("--plot: the file name must not contain quotes");
  }
  std::vector<const Sweep*> shown;  // the sweeps whose figures compare like with like
  for (const Sweep& s : sweeps) {
    if (s.all_solved() && base.all_solved()) shown.push_back(&s);
  }
  if (shown.empty()) {
    throw InputError(
        "--plot: no thread count (or the baseline) solved every instance; no speedup to draw");
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
  write_plot_data(gnuplot, shown, base);
  int most = 1;
  std::string ticks;
  for (const Sweep* s : shown) {
    most = std::max(most, s->threads);
    ticks += (ticks.empty() ? "" : ", ") + std::to_string(s->threads);
  }
  const int cores = static_cast<int>(std::thread::hardware_concurrency());
  std::fprintf(gnuplot,
               "EOD\n"
               "set terminal pngcairo size %d,520 noenhanced\n"
               "set output '%s'\n"
               "set multiplot layout 1,%d title '%s (this machine: %d cores)'\n"
               "set xlabel 'threads'\nset grid\n"
               "set key outside below horizontal\n"
               "set xrange [0.5:%f]\n"
               "set format x '%%.0f'\n",
               parallel_search ? 1500 : 1000, drawn.c_str(), parallel_search ? 3 : 2, title.c_str(),
               cores, most + 0.5);
  if (shown.size() <= 16) {
    std::fprintf(gnuplot, "set xtics (%s)\n", ticks.c_str());
  } else {
    std::fprintf(gnuplot, "set xtics %d\n", std::max(1, (most + 15) / 16));
  }
  if (cores > 0 && cores <= most) {
    std::fprintf(gnuplot,
                 "set arrow 1 from %d, graph 0 to %d, graph 1 nohead dashtype 3 lc rgb 'gray40'\n"
                 "set label 1 '%d cores' at %d, graph 0.97 right offset -0.5,0 tc rgb 'gray30'\n",
                 cores, cores, cores, cores);
  }
  const auto col = [](const char* name) { return std::to_string(plot_column(name)); };
  const std::string x = col("threads");
  std::fprintf(
      gnuplot,
      "set ylabel 'speedup over %s'\nset yrange [0:*]\n"
      "plot $data using %s:%s with linespoints title 'speedup', "
      "$data using %s:%s with lines dashtype 2 title 'ideal'\n"
      "set ylabel 'efficiency'\nset yrange [0:*]\n"
      "plot $data using %s:%s with linespoints title 'efficiency'\n",
      (base.algorithm + " on " + count_of(static_cast<std::uint64_t>(base.threads), "thread"))
          .c_str(),
      x.c_str(), col("speedup").c_str(), x.c_str(), col("ideal").c_str(), x.c_str(),
      col("efficiency").c_str());
  if (parallel_search) {
    const std::string communication = ", $data using " + x + ":" + col("sent/exp") +
                                      " with linespoints title 'communication (sent / expanded)'";
    std::fprintf(
        gnuplot,
        "set ylabel 'ratio'\nset yrange [0:*]\n"
        "plot $data using %s:%s with linespoints title 'load balance (max / mean worker)', "
        "$data using %s:%s with linespoints title 'search overhead (expanded / base)'%s\n",
        x.c_str(), col("balance").c_str(), x.c_str(), col("overhead").c_str(),
        sends ? communication.c_str() : "");
  }
  std::fprintf(gnuplot, "unset multiplot\n");
  if (pclose(gnuplot) != 0) {
    remove_drawn();
    throw InputError("gnuplot failed (is gnuplot-nox installed?)");
  }
  std::string png;
  try {
    png = read_text_file(drawn, "plot");
  } catch (const InputError&) {
    remove_drawn();
    throw;
  }
  remove_drawn();
  write_file_atomically(file, png, "plot");
}

}  // namespace npuzzle
