// Reading checkpoints (engine/checkpoint.hpp): the checks of the text (magic, version, checksum,
// signature), its lines in order, and the consistency of the position they give; and reading the
// file, refused when another user owns it. Writing them is engine/checkpoint.cpp.
#include "engine/checkpoint.hpp"

#include <pwd.h>
#include <unistd.h>

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <numeric>

#include "core/goal.hpp"
#include "core/input_error.hpp"
#include "engine/algorithm_registry.hpp"
#include "engine/checkpoint_fields.hpp"
#include "engine/checkpoint_signature.hpp"
#include "engine/checkpoint_text.hpp"
#include "engine/file_io.hpp"
#include "engine/heuristic_registry.hpp"
#include "heuristics/pdb/file.hpp"
#include "text/option_values.hpp"  // UsageError
#include "text/parse.hpp"

namespace npuzzle {
namespace {

using checkpoint_fields::Corrupt;
using checkpoint_fields::hex_number;
using checkpoint_fields::number;
using checkpoint_fields::parse_children;
using checkpoint_fields::parse_closest;
using checkpoint_fields::parse_done;
using checkpoint_fields::parse_partial;
using checkpoint_fields::words;

// A database line: "<16 hex digits> <tiles, comma separated>".
DatabaseIdentity parse_database_identity(std::string_view text) {
  const std::size_t space = text.find(' ');
  if (space == std::string_view::npos) {
    throw Corrupt("database: '" + std::string(text) + "' has no tiles");
  }
  DatabaseIdentity identity{hex_number(text.substr(0, space), "database"), {}};
  std::string_view tiles = text.substr(space + 1);
  while (true) {
    const std::size_t comma = tiles.find(',');
    identity.tiles.push_back(number<int>(tiles.substr(0, comma), "database"));
    if (comma == std::string_view::npos) break;
    tiles.remove_prefix(comma + 1);
  }
  return identity;
}

// The lines of a checked text, taken in order by key.
class Lines {
 public:
  explicit Lines(std::string_view body) {
    while (!body.empty()) {
      const std::size_t end = body.find('\n');
      lines_.push_back(body.substr(0, end));
      body.remove_prefix(end + 1);
    }
  }
  bool next_is(std::string_view key) const {
    return at_ < lines_.size() && lines_[at_].substr(0, lines_[at_].find(' ')) == key;
  }
  // The value of the next line, which must have `key`.
  std::string_view take(std::string_view key) {
    if (!next_is(key)) throw Corrupt("expected the line '" + std::string(key) + " …'");
    const std::string_view line = lines_[at_++];
    const std::size_t space = line.find(' ');
    if (space == std::string_view::npos || space + 1 == line.size()) {
      throw Corrupt("the line '" + std::string(key) + "' has no value");
    }
    return line.substr(space + 1);
  }
  bool done() const { return at_ == lines_.size(); }

 private:
  std::vector<std::string_view> lines_;
  std::size_t at_ = 0;
};

std::vector<int> tile_list(std::string_view text, int cells, const std::string& key) {
  std::vector<int> tiles;
  for (std::string_view w : words(text)) tiles.push_back(number<int>(w, key));
  std::vector<int> sorted = tiles;
  std::sort(sorted.begin(), sorted.end());
  std::vector<int> expected(static_cast<std::size_t>(cells));
  std::iota(expected.begin(), expected.end(), 0);
  if (sorted != expected) {
    throw Corrupt(key + " is not a permutation of 0 .. " + std::to_string(cells - 1));
  }
  return tiles;
}

// Refuses a heuristic that the checkpoint's board cannot have (walking distance on 5x5, a partition
// of other tiles): the file is wrong, not the caller's options.
void check_heuristic_fits(const HeuristicChoice& heuristic, const RunBoard& goal) {
  const HeuristicInfo& info = kHeuristicInfo[heuristic.index];
  if (!info.fits(goal.size)) {
    throw InputError("inconsistent: heuristic " + heuristic.name() + " is for boards of up to " +
                     std::to_string(info.max_side) + "x" + std::to_string(info.max_side) +
                     ", not its " + goal.size.name() + " board");
  }
  if (heuristic.partition) {
    try {
      pdb::resolve_partition(*heuristic.partition, goal.size.rows, goal.size.cols, goal.tiles);
    } catch (const pdb::PdbError& e) {
      throw InputError("inconsistent: heuristic " + heuristic.name() + " does not fit its " +
                       goal.size.name() + " board: " + e.what());
    }
  }
}

// "nobody (uid 65534)", or "uid 1234" for a user without a name.
std::string user_named(uid_t uid) {
  const passwd* user = ::getpwuid(uid);
  const std::string id = "uid " + std::to_string(uid);
  return user && user->pw_name ? printable(user->pw_name) + " (" + id + ")" : id;
}

}  // namespace

CheckpointFile parse_checkpoint(std::string_view text) {
  return parse_checkpoint(text, checkpoint_key());
}

CheckpointFile parse_checkpoint(std::string_view text, const std::optional<SignatureKey>& key) {
  const std::size_t first_end = text.find('\n');
  const std::string_view first = text.substr(0, first_end);
  if (first.substr(0, kCheckpointMagic.size() + 1) != std::string(kCheckpointMagic) + " ") {
    throw InputError("not an npuzzle checkpoint (it does not begin with '" +
                     std::string(kCheckpointMagic) + "')");
  }
  const std::string_view version_text = first.substr(kCheckpointMagic.size() + 1);
  const int version = version_text.size() == 1 ? version_text[0] - '0' : 0;
  if (version < 1 || version > kCheckpointVersion) {
    throw InputError("format version " + std::string(version_text) +
                     "; this npuzzle reads versions 1 to " + std::to_string(kCheckpointVersion));
  }
  // The checksum line is the last: without it (or its newline) the file was cut short.
  const std::size_t mark = text.rfind("\nchecksum ");
  if (mark == std::string_view::npos || text.back() != '\n') {
    throw InputError("truncated (no checksum line at the end)");
  }
  std::string_view body = text.substr(0, mark + 1);
  const std::string_view stated = text.substr(mark + 10, text.size() - mark - 11);
  if (stated != checkpoint_hex(checkpoint_checksum(body))) {
    throw InputError("corrupt (its checksum does not match its contents)");
  }
  bool signed_here = false;
  if (version >= 4) {  // the signature line, the last before the checksum, signs what precedes it
    const std::size_t signature = body.rfind("\nsignature ", body.size() - 2);
    if (signature == std::string_view::npos) throw Corrupt("no signature line");
    const std::string_view signed_text = body.substr(0, signature + 1);
    const std::string_view stated_signature =
        body.substr(signature + 11, body.size() - signature - 12);
    signed_here = key && stated_signature == checkpoint_hex(siphash24(*key, signed_text));
    body = signed_text;
  }

  Lines lines(body);
  lines.take(kCheckpointMagic);
  CheckpointFile f;
  const std::string algorithm(lines.take("algorithm"));
  const std::optional<Algorithm> parsed_algorithm = parse_algorithm(algorithm);
  if (!parsed_algorithm || !algorithm_info(*parsed_algorithm).checkpoint) {
    throw Corrupt("algorithm '" + algorithm + "' keeps no checkpoints");
  }
  f.algorithm = *parsed_algorithm;
  const std::string heuristic(lines.take("heuristic"));
  std::string heuristic_error;
  const std::optional<HeuristicChoice> parsed_heuristic =
      parse_heuristic(heuristic, heuristic_error);
  if (!parsed_heuristic) throw Corrupt("heuristic: " + heuristic_error);
  f.heuristic = *parsed_heuristic;
  const std::string_view size = lines.take("size");
  if (size.size() != 3 || size[1] != 'x') throw Corrupt("size '" + std::string(size) + "'");
  BoardSize& shape = f.board.size;
  shape.rows = size[0] - '0';
  shape.cols = size[2] - '0';
  if (shape.rows < 2 || shape.cols < 2 || shape.rows > 5 || shape.cols > 5) {
    throw Corrupt("size '" + std::string(size) + "'");
  }
  f.board.tiles = tile_list(lines.take("board"), shape.cells(), "board");
  f.goal = tile_list(lines.take("goal"), shape.cells(), "goal");
  check_heuristic_fits(f.heuristic, RunBoard{shape, f.goal});
  if (version >= 3) {
    f.instance = number<std::int64_t>(lines.take("instance"), "instance");
    f.line = number<int>(lines.take("line"), "line");
  }
  while (lines.next_is("database")) {
    f.databases.push_back(parse_database_identity(lines.take("database")));
  }
  IdaPosition& p = f.position;
  p.bound = number<int>(lines.take("bound"), "bound");
  p.target = number<std::size_t>(lines.take("target"), "target");
  p.subtrees = number<std::size_t>(lines.take("subtrees"), "subtrees");
  const bool aida = f.algorithm == Algorithm::Aida;
  // Before the done flags' memory. A*+IDA*'s target is phase 1's node cap (0: none), and its
  // frontier holds at most that many nodes.
  const bool frontier_fits = aida ? p.target <= kCheckpointMaxAidaNodes &&
                                        p.subtrees <= kCheckpointMaxAidaNodes &&
                                        (p.target == 0 || p.subtrees <= p.target)
                                  : p.target != 0 && p.target <= kCheckpointMaxTarget &&
                                        p.subtrees <= kCheckpointMaxSubtreesPerTarget * p.target;
  if (!frontier_fits) {
    throw InputError("inconsistent: target " + std::to_string(p.target) + " and subtrees " +
                     std::to_string(p.subtrees) + " are not a frontier a search builds");
  }
  if (aida) {
    p.frontier_checksum = hex_number(lines.take("frontier-checksum"), "frontier-checksum");
    p.astar_expanded = number<std::uint64_t>(lines.take("astar-expanded"), "astar-expanded");
  }
  p.done = parse_done(lines.take("done"), p.subtrees);
  if (aida && lines.next_is("closest"))
    p.closest = parse_closest(lines.take("closest"), p.subtrees);
  if (aida && lines.next_is("children"))
    p.children = parse_children(lines.take("children"), p.subtrees);
  while (!aida && lines.next_is("partial")) {  // A*+IDA* keeps no cut-short subtrees
    p.partial.push_back(parse_partial(lines.take("partial"), p.done));
    if (p.partial.size() > 1 && p.partial.back().index <= p.partial[p.partial.size() - 2].index) {
      throw Corrupt("partial: the subtrees are not in increasing order");
    }
  }
  p.expanded = number<std::uint64_t>(lines.take("expanded"), "expanded");
  p.generated = number<std::uint64_t>(lines.take("generated"), "generated");
  p.iterations = number<int>(lines.take("iterations"), "iterations");
  const std::string seconds(lines.take("seconds"));
  char* end = nullptr;
  p.seconds = std::strtod(seconds.c_str(), &end);
  if (end != seconds.c_str() + seconds.size() || !(p.seconds >= 0)) {
    throw Corrupt("seconds: '" + seconds + "'");
  }
  const std::string_view next_bound = lines.take("next-bound");
  p.next_bound = next_bound == kNoNextBound ? INT_MAX : number<int>(next_bound, "next-bound");
  if (const std::string_view history = lines.take("iteration-expanded"); history != "-") {
    for (std::string_view w : words(history)) {
      p.iteration_expanded.push_back(number<std::uint64_t>(w, "iteration-expanded"));
    }
  }
  if (!lines.done()) throw Corrupt("unexpected lines before the checksum");

  std::uint64_t finished = 0;
  for (std::uint64_t e : p.iteration_expanded) finished += e;
  const int max_bound = checkpoint_max_bound(shape);
  const auto inconsistent = [](const std::string& why) {
    throw InputError("inconsistent: " + why);
  };
  if (p.bound < 0 || p.bound > max_bound) {
    inconsistent("bound " + std::to_string(p.bound) + " is not between 0 and " +
                 std::to_string(max_bound) + ", more moves than any " + shape.name() +
                 " board needs");
  }
  if (p.next_bound != INT_MAX && (p.next_bound <= p.bound || p.next_bound > max_bound)) {
    inconsistent("next-bound " + std::to_string(p.next_bound) + " is not between bound " +
                 std::to_string(p.bound) + " and " + std::to_string(max_bound));
  }
  if (p.iterations > p.bound ||
      p.iteration_expanded.size() != static_cast<std::size_t>(p.iterations)) {
    inconsistent("iterations " + std::to_string(p.iterations) + " do not fit bound " +
                 std::to_string(p.bound) + " and the iteration counts");
  }
  for (std::uint64_t e : p.iteration_expanded) {
    if (e > kCheckpointMaxCount) inconsistent("an iteration's count is beyond any search's");
  }
  if (finished > p.expanded || p.astar_expanded > p.expanded - finished ||
      p.expanded > kCheckpointMaxCount || p.generated > kCheckpointMaxCount ||
      !(p.seconds <= kCheckpointMaxSeconds)) {
    inconsistent("its node counts and seconds do not add up");
  }
  if (!solvable(shape.rows, shape.cols, f.board.tiles, f.goal)) {
    throw InputError("its board cannot reach its goal (opposite permutation parity)");
  }
  f.signed_here = signed_here;
  return f;
}

int checkpoint_max_bound(BoardSize size) { return size.cells() * (size.rows + size.cols); }

CheckpointFile read_checkpoint(const std::string& path, bool other_users_allowed) {
  // Its first line is checked before the rest is read, and its size is capped.
  uid_t owner = 0;
  const std::string text = read_text_file(path, "checkpoint", kCheckpointMaxBytes,
                                          std::string(kCheckpointMagic) + " ", &owner);
  if (owner != ::geteuid() && !other_users_allowed) {
    throw OtherUsersFileError("checkpoint '" + printable(path) + "' belongs to another user, " +
                              user_named(owner) +
                              ": a checkpoint steers the search, so only your own are resumed");
  }
  try {
    return parse_checkpoint(text);
  } catch (const InputError& e) {
    throw InputError("checkpoint '" + path + "': " + e.what());
  }
}

}  // namespace npuzzle
