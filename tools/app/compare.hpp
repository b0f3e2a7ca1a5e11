// tools/app/compare.hpp — comparing searches in one command: `npuzzle solve --algo bfs,astar,ida
// --heuristic misplaced,md,lc --tie-break lifo,fifo` runs every meaningful configuration (an
// algorithm with each heuristic and, for the searches that take one, each tie-break; BFS once, it
// has no heuristic) on every instance; `npuzzle bench` runs each configuration's sweeps in turn.
//
// Text output: one table per instance (a row per configuration: length, optimal, expanded,
// generated, peak stored nodes, time in a unit that shows), and with many instances a table of
// totals and means per configuration (means over the instances that configuration solved); the
// tie-break rule in force is a column whenever a configuration takes one (tools/app/table.hpp
// writes the numbers).
// JSON output: one object per instance and configuration (report.hpp).
#pragma once

#include <cstdint>
#include <map>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "text/parse.hpp"
#include "tools/app/report.hpp"
#include "tools/app/search_options.hpp"
#include "tools/app/table.hpp"

namespace npuzzle {

// A list option split at commas; a piece that does not start with a letter continues the one
// before it, so "md,pdb:1,2,3/4,5,6" is {"md", "pdb:1,2,3/4,5,6"}.
std::vector<std::string> split_names(const std::string& text);

// The tie-break rule `request` runs with: the one asked for, else its algorithm's default
// ("larger-g" for astar, "lifo" for greedy); "" for an algorithm that takes none.
std::string tie_break_in_force(const SolveRequest& request);

// One configuration to run on every instance: a request and the tie-break rule it runs with (""
// when the algorithm takes none).
struct Configuration {
  SolveRequest request;
  std::string tie_break;
  std::string memory_limit_origin;  // memory_limit_origin (search_options.hpp), for the warnings
};

// Every meaningful configuration of the --algo, --heuristic and --tie-break lists of `o`: each
// algorithm with each heuristic (bfs once: it has none) and, for the algorithms that take one, each
// tie-break. Throws UsageError for a bad name, and for an option in o.given that none of the
// algorithms listed and of `also` (run besides them: bench's --baseline) takes.
std::vector<Configuration> make_configurations(const SearchOptions& o,
                                               const std::vector<Algorithm>& also = {});

// The warnings (advice.hpp) for running the configurations with `threads` threads on boards of
// `sizes` that are not in `warned` yet (they are added to it), so each is printed once.
std::vector<std::string> new_warnings(const std::vector<Configuration>& configurations, int threads,
                                      const std::vector<BoardSize>& sizes,
                                      std::set<std::string>& warned);

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
