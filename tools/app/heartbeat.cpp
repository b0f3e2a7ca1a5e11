#include "tools/app/heartbeat.hpp"

#include <cstdio>

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
  std::fprintf(stderr, "%s: %.1f s, %s expanded (%s/s)%s, f %d%s\n", label_.c_str(), s.seconds,
               short_count(static_cast<double>(s.expanded)).c_str(), short_count(rate).c_str(),
               generated.c_str(), s.bound, memory.c_str());
}

}  // namespace npuzzle
