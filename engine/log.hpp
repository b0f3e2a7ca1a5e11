// engine/log.hpp — where the engine's notes go: a sink the caller puts in the request.
//
// The engine tells what a user may want to know and did not ask for as a result (a pattern database
// loaded or built and the heuristic it gives, a fall back to linear conflict) through the request's
// LogSink, never on stderr itself: the command line prints the lines with its prefix unless
// --quiet, the library hands them to its caller's callback, the Python module to the `logging`
// module. An empty sink is silent. A line carries no prefix and no newline.
#pragma once

#include <functional>
#include <string>

namespace npuzzle {

enum class LogLevel { Info, Warning };

using LogSink = std::function<void(LogLevel level, const std::string& line)>;

// Sends `line` to `sink` unless it is empty.
inline void log_to(const LogSink& sink, LogLevel level, const std::string& line) {
  if (sink) sink(level, line);
}

}  // namespace npuzzle
