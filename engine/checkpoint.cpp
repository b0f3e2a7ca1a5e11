// Writing checkpoints (engine/checkpoint.hpp): the text of a position, signed and checksummed, the
// atomic write, and the request a checkpoint continues. Reading them back is
// engine/checkpoint_read.cpp.
#include "engine/checkpoint.hpp"

#include <atomic>
#include <climits>
#include <cstdio>
#include <sstream>

#include "engine/algorithm_registry.hpp"
#include "engine/checkpoint_signature.hpp"
#include "engine/checkpoint_text.hpp"
#include "engine/file_io.hpp"
#include "text/option_values.hpp"  // UsageError
#include "text/parse.hpp"

namespace npuzzle {
namespace {

// Appends `word` to `text`, after `separator` unless `text` is empty.
void append(std::string& text, char separator, const std::string& word) {
  if (!text.empty()) text += separator;
  text += word;
}

template <class T>
std::string joined(const std::vector<T>& values) {
  std::string text;
  for (const T& v : values) append(text, ' ', std::to_string(v));
  return text;
}

// "12:7 40:9" for A*+IDA*'s closest approaches (index:closest); "-" when none is kept.
std::string closest_pairs(const std::vector<IdaPosition::ClosestApproach>& closest) {
  if (closest.empty()) return "-";
  std::string text;
  for (const IdaPosition::ClosestApproach& c : closest) {
    if (!text.empty()) text += ' ';
    text += std::to_string(c.index) + ':' + std::to_string(c.closest);
  }
  return text;
}

// "12:7,9,-,8 40:-,-,9,10" for A*+IDA*'s children's closest approaches (index: Up, Down, Left,
// Right; "-" for a child not searched); "-" when none is kept.
std::string child_approaches(const std::vector<IdaPosition::ChildApproaches>& children) {
  if (children.empty()) return "-";
  std::string text;
  for (const IdaPosition::ChildApproaches& c : children) {
    if (!text.empty()) text += ' ';
    text += std::to_string(c.index) + ':';
    for (std::size_t m = 0; m < c.by_move.size(); ++m) {
      if (m > 0) text += ',';
      const std::uint8_t v = c.by_move[m];
      text += v == IdaPosition::ChildApproaches::kNoApproach ? std::string("-") : std::to_string(v);
    }
  }
  return text;
}

// "0-3,5,7-9" for the done flags; "-" when none is done.
std::string done_ranges(const std::vector<bool>& done) {
  std::string text;
  for (std::size_t i = 0; i < done.size();) {
    if (!done[i]) {
      ++i;
      continue;
    }
    std::size_t end = i;
    while (end + 1 < done.size() && done[end + 1]) ++end;
    append(text, ',', std::to_string(i));
    if (end > i) {
      text += '-';
      text += std::to_string(end);
    }
    i = end + 1;
  }
  return text.empty() ? "-" : text;
}

// "12 UULDR": a partial subtree's line.
std::string partial_line(const PartialSubtree& partial) {
  std::string text = std::to_string(partial.index) + ' ';
  for (const Move m : partial.path) text += move_char(m);
  return text;
}

}  // namespace

std::string format_checkpoint(const CheckpointFile& f) {
  return format_checkpoint(f, checkpoint_key());
}

std::string format_checkpoint(const CheckpointFile& f, const std::optional<SignatureKey>& key) {
  const IdaPosition& p = f.position;
  std::ostringstream out;
  out << kCheckpointMagic << ' ' << kCheckpointVersion << '\n';
  out << "algorithm " << algorithm_name(f.algorithm) << '\n';
  out << "heuristic " << f.heuristic.name() << '\n';
  out << "size " << f.board.size.name() << '\n';
  out << "board " << joined(f.board.tiles) << '\n';
  out << "goal " << joined(f.goal) << '\n';
  out << "instance " << f.instance << '\n';
  out << "line " << f.line << '\n';
  for (const DatabaseIdentity& database : f.databases) {
    out << "database " << database_identity_text(database) << '\n';
  }
  out << "bound " << p.bound << '\n';
  out << "target " << p.target << '\n';
  out << "subtrees " << p.subtrees << '\n';
  if (f.algorithm == Algorithm::Aida) {
    out << "frontier-checksum " << checkpoint_hex(p.frontier_checksum) << '\n';
    out << "astar-expanded " << p.astar_expanded << '\n';
  }
  out << "done " << done_ranges(p.done) << '\n';
  if (f.algorithm == Algorithm::Aida) {
    out << "closest " << closest_pairs(p.closest) << '\n';
    out << "children " << child_approaches(p.children) << '\n';
  }
  for (const PartialSubtree& partial : p.partial)
    out << "partial " << partial_line(partial) << '\n';
  out << "expanded " << p.expanded << '\n';
  out << "generated " << p.generated << '\n';
  out << "iterations " << p.iterations << '\n';
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.6f", p.seconds);
  out << "seconds " << seconds << '\n';
  out << "next-bound "
      << (p.next_bound == INT_MAX ? std::string(kNoNextBound) : std::to_string(p.next_bound))
      << '\n';
  const std::string history = joined(p.iteration_expanded);
  out << "iteration-expanded " << (history.empty() ? "-" : history) << '\n';
  std::string text = out.str();
  const bool signs = key && f.signed_here;
  text += "signature " + (signs ? checkpoint_hex(siphash24(*key, text)) : std::string(kUnsigned)) +
          "\n";
  text += "checksum " + checkpoint_hex(checkpoint_checksum(text)) + "\n";
  return text;
}

void write_checkpoint(const std::string& path, const CheckpointFile& file, const LogSink& log) {
  write_file_atomically(path, format_checkpoint(file), "checkpoint");
  static std::atomic<bool> warned{false};
  if (!checkpoint_key() && !warned.exchange(true)) {
    log_to(log, LogLevel::Warning,
           "checkpoint '" + printable(path) +
               "' is written unsigned (resuming it will not claim an optimal solution): " +
               checkpoint_key_problem());
  }
}

SolveRequest request_from_checkpoint(const CheckpointFile& file, SolveRequest base,
                                     bool keep_algorithm) {
  // ida and pida name the same subtrees; A*+IDA*'s frontier is its own.
  const auto own_frontier = [](Algorithm a) { return a == Algorithm::Aida; };
  keep_algorithm = keep_algorithm && base.algorithm;
  if (keep_algorithm && algorithm_info(*base.algorithm).checkpoint &&
      own_frontier(*base.algorithm) != own_frontier(file.algorithm)) {
    const std::string held = algorithm_name(file.algorithm);
    const std::string asked = algorithm_name(*base.algorithm);
    throw UsageError(conflict(
        OptionField::Resume, OptionField::Algorithm, asked,
        "the checkpoint holds a position of " + held + ", which " + asked + " cannot go on from",
        "resume it with " + held));
  }
  if (!keep_algorithm) base.algorithm = file.algorithm;
  base.heuristic = file.heuristic;
  base.goal = GoalSpec::of_tiles(file.goal);
  return base;
}

}  // namespace npuzzle
