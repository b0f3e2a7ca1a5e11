// tools/app/heartbeat.hpp — the heartbeat of long runs: a line on stderr at most every few seconds
// while a search runs (when stderr is a terminal, or with --progress): nodes so far, the rate since
// the last line, the f-value or bound being searched, and the memory the search holds; for IDA*
// also the share of the iteration done (of its subtrees where the iteration is split into them:
// pida, ida with checkpoints; else of the nodes it is expected to take) and the time the iteration
// should still take (from the growth factor of the previous iterations).
//
// The searches report a Heartbeat (core/search/search_types.hpp) at every limit poll, from any of
// their threads; the printer drops all but one per interval, under `output` (a mutex shared by
// every printer of the run, so lines of concurrent instances do not interleave).
#pragma once

#include <cstdint>
#include <mutex>
#include <string>

#include "core/search/search_types.hpp"

namespace npuzzle {

// "12.3 K", "4.56 M", "7.89 G".
std::string short_count(double value);
// "512 KiB", "1.20 GiB".
std::string short_bytes(std::uint64_t bytes);

// The progress line of one IDA* iteration: "[1] bound 50: 1.23 M expanded in the iteration (x4.10),
// 5.67 M in all, 11.2 M generated, 12.3 M/s, 0.456 s"; an iteration a limit or a signal stopped
// says so: "[1] bound 52: cut short by the time limit after 3.4 M expanded in the iteration, …",
// "[1] bound 52: interrupted after …".
std::string iteration_line(std::int64_t id, const Progress& p);
// The heartbeat interval of --progress=SECONDS: a number of seconds above 0; anything else (0 too:
// a line at every limit poll would flood stderr) throws UsageError.
double progress_interval(const std::string& text);

class HeartbeatPrinter {
 public:
  // `label` starts each line ("[3] astar + md"); a line is printed at most every `interval`.
  HeartbeatPrinter(std::string label, double interval_seconds, std::mutex& output);
  void operator()(const Heartbeat& sample);

 private:
  std::string label_;
  double interval_;
  std::mutex& output_;
  double last_seconds_ = 0;
  std::uint64_t last_expanded_ = 0;
};

}  // namespace npuzzle
