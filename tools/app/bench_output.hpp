// tools/app/bench_output.hpp — what `npuzzle bench` writes: the table of sweeps on stdout, the CSV
// of instances (--csv) and the gnuplot plot of the sweeps (--plot).
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

// The table: a header line, then one line per sweep (the parallel columns only when `parallel`).
void print_sweep_table(std::FILE* out, const std::vector<const Sweep*>& sweeps, const Sweep& base,
                       bool parallel);

void write_csv_header(std::ostream& out);
void write_csv_rows(std::ostream& out, const Sweep& sweep);

// Draws speedup, efficiency, balance, overhead and communication against threads (gnuplot, PNG).
// Throws UsageError for a file name gnuplot cannot take, InputError when gnuplot fails.
void write_plot(const std::string& file, const std::vector<Sweep>& sweeps, const Sweep& base,
                const std::string& title);

}  // namespace npuzzle
