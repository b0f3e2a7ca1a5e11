// tools/app/bench_output.hpp — what `npuzzle bench` writes: the table of sweeps on stdout (one per
// configuration, or one for all of them when it compares several; speedup and the figures relative
// to the base shown as "-" unless both solved every instance), the CSV of instances (--csv) and the
// gnuplot plot of the sweeps (--plot, bench_plot.cpp).
//
// Each output takes its headers and values from one column list (bench_output.cpp): the sweep
// columns serve the table and the plot, the instance columns the CSV, so a column is added in one
// place.
#pragma once

#include <cstdio>
#include <ostream>
#include <string>
#include <vector>

#include "tools/app/bench_sweep.hpp"

namespace npuzzle {

// A row of the table: a sweep, the sweep its speedup and the figures after it are relative to,
// and the cells shown between its algorithm and its figures (`labels` of print_sweep_table).
struct SweepRow {
  const Sweep* sweep;
  const Sweep* base;
  std::vector<std::string> labels;
};

// The table (tools/app/table.hpp): a header line, then one line per row: the algorithm, the
// labels (headers `labels`: a comparison's heuristic and tie-break; none for one configuration)
// and the figures (the parallel columns only when `parallel`).
void print_sweep_table(std::FILE* out, const std::vector<SweepRow>& rows,
                       const std::vector<std::string>& labels, bool parallel);

void write_csv_header(std::ostream& out);
void write_csv_rows(std::ostream& out, const Sweep& sweep);

// The plot's data: one line per sweep, the plotted sweep columns; plot_column gives the column
// (1-based, as gnuplot counts) of a sweep column by its name.
void write_plot_data(std::FILE* out, const std::vector<const Sweep*>& sweeps, const Sweep& base);
int plot_column(const std::string& name);

// The plot (bench_plot.cpp): speedup (with the ideal line) and efficiency against threads, and for
// the parallel searches load balance, search overhead and (`sends`) communication, drawn for the
// sweeps that solved every instance, as the base did (gnuplot, PNG), written atomically
// (file_io.hpp). Throws UsageError for a file name gnuplot cannot take, InputError when gnuplot
// fails, no sweep can be drawn or the file cannot be written (with the system's reason).
void write_plot(const std::string& file, const std::vector<Sweep>& sweeps, const Sweep& base,
                const std::string& title, bool parallel_search, bool sends);

}  // namespace npuzzle
