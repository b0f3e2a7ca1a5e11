// tools/app/compare.hpp — comparing searches in one command: `npuzzle solve --algo bfs,astar,ida
// --heuristic misplaced,md,lc --tie-break lifo,fifo` runs every meaningful configuration (an
// algorithm with each heuristic and, for the searches that take one, each tie-break; BFS once, it
// has no heuristic) on every instance.
//
// Text output: one table per instance (a row per configuration: length, optimal, expanded,
// generated, peak stored nodes, time in a unit that shows), and with many instances a table of
// totals and means per configuration (means over the instances that configuration solved).
// JSON output: one object per instance and configuration (report.hpp).
#pragma once

#include <cstdint>
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "tools/app/report.hpp"

namespace npuzzle {

// "812 µs", "12.3 ms", "4.56 s", "2 min 5 s".
std::string format_duration(double seconds);

// A list option split at commas; a piece that does not start with a letter continues the one
// before it, so "md,pdb:1,2,3/4,5,6" is {"md", "pdb:1,2,3/4,5,6"}.
std::vector<std::string> split_names(const std::string& text);

// The table of one instance's runs (one per configuration, all of the same instance): on `out`;
// an instance that could not be read goes to `err` as one line.
void print_instance_table(const std::vector<InstanceReport>& runs, std::ostream& out,
                          std::ostream& err);

// Totals and means per configuration over many instances.
class ConfigurationTotals {
 public:
  void add(const InstanceReport& run);
  // The table, one row per configuration in the order first seen (nothing when empty).
  void print(std::ostream& out) const;

 private:
  struct Totals {
    std::uint64_t runs = 0, solved = 0, optimal = 0, unsolvable = 0, limited = 0, errors = 0;
    std::uint64_t length = 0, expanded = 0, generated = 0, peak_stored = 0;  // over solved runs
    double seconds = 0;                                                      // over solved runs
  };
  std::vector<std::string> order_;
  std::map<std::string, std::vector<std::string>> labels_;  // key -> algorithm, heuristic, tie
  std::map<std::string, Totals> totals_;
  bool tie_breaks_ = false;
};

}  // namespace npuzzle
