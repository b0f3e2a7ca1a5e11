#include "tools/app/heartbeat.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "text/option_values.hpp"

namespace npuzzle {

namespace {

// `value` in the largest of `units` (each `base` times the one before) that keeps it at least 1:
// no decimals in the first unit, two in the others.
std::string scaled(double value, double base, const char* const (&units)[5], const char* space) {
  int unit = 0;
  while (value >= base && unit < 4) {
    value /= base;
    ++unit;
  }
  char text[32];
  std::snprintf(text, sizeof text, unit == 0 ? "%.0f%s%s" : "%.2f%s%s", value, space, units[unit]);
  return text;
}

// An amount of time to come: "45 s", "12 min", "3.5 h", "2.1 days".
std::string duration(double seconds) {
  char text[32];
  if (seconds < 90) {
    std::snprintf(text, sizeof text, "%.0f s", seconds);
  } else if (seconds < 90 * 60) {
    std::snprintf(text, sizeof text, "%.0f min", seconds / 60);
  } else if (seconds < 48 * 3600) {
    std::snprintf(text, sizeof text, "%.1f h", seconds / 3600);
  } else {
    std::snprintf(text, sizeof text, "%.1f days", seconds / 86400);
  }
  return text;
}

// IDA*: ", 37% of 512 subtrees, ~4 min left in the iteration" (the parts known; "" for the other
// searches). The time left is the iteration's expected nodes (Heartbeat::iteration_estimate) less
// those expanded, at `rate`.
std::string iteration_share(const Heartbeat& s, double rate) {
  std::string text;
  if (s.subtrees > 0) {
    char share[64];
    std::snprintf(share, sizeof share, ", %.0f%% of %zu subtrees",
                  100.0 * static_cast<double>(s.subtrees_done) / static_cast<double>(s.subtrees),
                  s.subtrees);
    text += share;
  }
  if (s.subtrees == 0 && s.iteration_estimate > 0) {  // plain IDA*: by the expected nodes
    char share[64];
    std::snprintf(share, sizeof share, ", ~%.0f%% of the iteration's expected nodes",
                  std::min(100.0, 100.0 * static_cast<double>(s.iteration_expanded) /
                                      static_cast<double>(s.iteration_estimate)));
    text += share;
  }
  if (s.iteration_estimate > 0 && rate > 0) {
    if (s.iteration_expanded < s.iteration_estimate) {
      text += ", ~" +
              duration(static_cast<double>(s.iteration_estimate - s.iteration_expanded) / rate) +
              " left in the iteration";
    } else {
      text += ", the iteration is past its estimate";
    }
  }
  return text;
}

}  // namespace

std::string short_count(double value) {
  static const char* const units[] = {"", "K", "M", "G", "T"};
  return scaled(value, 1000, units, value >= 1000 ? " " : "");
}

std::string short_bytes(std::uint64_t bytes) {
  static const char* const units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  return scaled(static_cast<double>(bytes), 1024, units, " ");
}

HeartbeatPrinter::HeartbeatPrinter(std::string label, double interval_seconds, std::mutex& output)
    : label_(std::move(label)), interval_(interval_seconds), output_(output) {}

void HeartbeatPrinter::operator()(const Heartbeat& s) {
  std::lock_guard<std::mutex> lock(output_);
  if (s.seconds - last_seconds_ < interval_) return;
  const double span = s.seconds - last_seconds_;
  const double rate = span > 0 && s.expanded >= last_expanded_
                          ? static_cast<double>(s.expanded - last_expanded_) / span
                          : 0.0;
  last_seconds_ = s.seconds;
  last_expanded_ = s.expanded;
  const std::string memory = s.bytes > 0 ? ", holding " + short_bytes(s.bytes) : std::string();
  const std::string generated =
      s.generated > 0 ? ", " + short_count(static_cast<double>(s.generated)) + " generated"
                      : std::string();
  std::fprintf(stderr, "%s: %.1f s, %s expanded (%s/s)%s, f %d%s%s\n", label_.c_str(), s.seconds,
               short_count(static_cast<double>(s.expanded)).c_str(), short_count(rate).c_str(),
               generated.c_str(), s.bound, memory.c_str(), iteration_share(s, rate).c_str());
}

namespace {

// What stopped an iteration, as the start of a clause: "cut short by the node limit",
// "interrupted", "cut short: allocation failed".
std::string cut_short_by(StopReason reason) {
  switch (reason) {
    case StopReason::NodeLimit:
    case StopReason::TimeLimit:
    case StopReason::MemoryLimit:
      return std::string("cut short by the ") + stop_reason_name(reason);
    case StopReason::Interrupted:
    case StopReason::Abandoned:
    case StopReason::Cancelled:
      return stop_reason_name(reason);
    case StopReason::AllocationFailed:
    case StopReason::None:
      break;
  }
  return std::string("cut short: ") + stop_reason_name(reason);
}

}  // namespace

std::string iteration_line(std::int64_t id, const Progress& p) {
  if (p.cut_short != StopReason::None) {  // not a finished iteration: no growth factor
    char line[256];
    std::snprintf(line, sizeof line,
                  "[%lld] bound %d: %s after %s expanded in the iteration, %s in all, %s "
                  "generated, %s/s, %.3f s",
                  static_cast<long long>(id), p.bound, cut_short_by(p.cut_short).c_str(),
                  short_count(static_cast<double>(p.iteration_expanded)).c_str(),
                  short_count(static_cast<double>(p.expanded)).c_str(),
                  short_count(static_cast<double>(p.generated)).c_str(),
                  short_count(p.rate).c_str(), p.seconds);
    return line;
  }
  char growth[32] = "";
  if (p.previous_iteration_expanded > 0) {
    std::snprintf(growth, sizeof growth, " (x%.2f)",
                  static_cast<double>(p.iteration_expanded) /
                      static_cast<double>(p.previous_iteration_expanded));
  }
  char line[256];
  std::snprintf(line, sizeof line,
                "[%lld] bound %d: %s expanded in the iteration%s, %s in all, %s generated, %s/s, "
                "%.3f s",
                static_cast<long long>(id), p.bound,
                short_count(static_cast<double>(p.iteration_expanded)).c_str(), growth,
                short_count(static_cast<double>(p.expanded)).c_str(),
                short_count(static_cast<double>(p.generated)).c_str(), short_count(p.rate).c_str(),
                p.seconds);
  return line;
}

double progress_interval(const std::string& text) {
  char* end = nullptr;
  const double seconds = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(seconds) ||
      seconds <= 0) {
    throw UsageError("--progress: '" + text +
                     "' is not a number of seconds above 0 (e.g. --progress=0.5)");
  }
  return seconds;
}

}  // namespace npuzzle
