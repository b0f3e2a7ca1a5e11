// The library API's typed options and errors (include/npuzzle/npuzzle.hpp): the parsing helpers
// and names over the engine's registries (engine/option_use.hpp; partitions: api/partition.cpp),
// the engine's typed errors as api::Error values (worded in the library's words or the caller's:
// text/request_error.hpp), and the request a SolveOptions asks for (request_from_options).
#include <array>
#include <set>
#include <utility>

#include "api/partition.hpp"
#include "api/request_from_options.hpp"
#include "api/typed_options.hpp"
#include "engine/algorithm_registry.hpp"
#include "engine/heuristic_registry.hpp"
#include "engine/option_use.hpp"
#include "text/option_values.hpp"
#include "text/parse.hpp"

namespace npuzzle::api {
namespace {

static_assert(static_cast<std::size_t>(Option::Walk) + 1 == kOptionFieldCount &&
                  static_cast<int>(Option::Algorithm) == static_cast<int>(OptionField::Algorithm) &&
                  static_cast<int>(Option::Resume) == static_cast<int>(OptionField::Resume),
              "api::Option mirrors OptionField (text/request_error.hpp)");
static_assert(static_cast<int>(Error::Kind::Other) == static_cast<int>(RequestErrorKind::Message) &&
                  static_cast<int>(Error::Kind::NotTaken) ==
                      static_cast<int>(RequestErrorKind::NotTaken) &&
                  static_cast<int>(Error::Kind::NotGiven) ==
                      static_cast<int>(RequestErrorKind::NotGiven) &&
                  static_cast<int>(Error::Kind::Unsupported) ==
                      static_cast<int>(RequestErrorKind::Unsupported),
              "Error::Kind mirrors RequestErrorKind");

// The error `e` as the other of RequestError and Error: the same fields, kinds and options.
template <class To, class From>
To mirrored(const From& e) {
  To to;
  to.kind = static_cast<decltype(to.kind)>(e.kind);
  to.option = static_cast<decltype(to.option)>(e.option);
  to.value = e.value;
  to.detail = e.detail;
  to.accepted = e.accepted;
  to.nearest = e.nearest;
  to.nearest_alias = e.nearest_alias;
  to.known = e.known;
  to.low = e.low;
  to.high = e.high;
  to.takers = e.takers;
  to.takers_group = e.takers_group;
  to.chosen = e.chosen;
  to.chosen_by_default = e.chosen_by_default;
  to.max_side = e.max_side;
  to.board = e.board;
  to.variable = e.variable;
  to.other = static_cast<decltype(to.other)>(e.other);
  to.remedy = e.remedy;
  return to;
}

// The library's enums are the engine's, value for value (checked here), but the owner hash.
static_assert(static_cast<std::size_t>(Algorithm::Aida) + 1 == kAlgorithmCount &&
                  static_cast<int>(Algorithm::Greedy) ==
                      static_cast<int>(npuzzle::Algorithm::Greedy),
              "api::Algorithm mirrors npuzzle::Algorithm");
static_assert(static_cast<int>(TieBreak::LargerG) == static_cast<int>(npuzzle::TieBreak::LargerG) &&
                  static_cast<int>(TieBreak::Fifo) == static_cast<int>(npuzzle::TieBreak::Fifo),
              "api::TieBreak mirrors npuzzle::TieBreak");
static_assert(
    [] {
      constexpr std::array<std::string_view, 6> kNames = {"misplaced", "md",  "lc",
                                                          "wd",        "pdb", "pdb-dual"};
      if (kHeuristicInfo.size() != kNames.size() ||
          static_cast<std::size_t>(HeuristicKind::PdbDual) + 1 != kNames.size()) {
        return false;
      }
      for (std::size_t i = 0; i < kNames.size(); ++i) {
        if (kHeuristicInfo[i].name != kNames[i]) return false;
      }
      return true;
    }(),
    "HeuristicKind lists the heuristic registry in its order");

npuzzle::OwnerHash engine_owner_hash(OwnerHash hash) {
  return hash == OwnerHash::Zobrist ? npuzzle::OwnerHash::Zobrist
                                    : npuzzle::OwnerHash::AbstractZobrist;
}

// OptionError when a goal of `tiles` tiles does not fit a board of `size`.
void check_goal_fits(std::size_t tiles, npuzzle::BoardSize size) {
  if (static_cast<int>(tiles) != size.cells()) {
    throw other_error("the goal has " + std::to_string(tiles) + " tiles but the board is " +
                      size.name());
  }
}

// The engine's goal for a board of `size` (unknown: not checked against it): tiles must be 0 ..
// n-1 each once, as many as the board's cells. Throws UsageError or OptionError.
GoalSpec goal_spec(const Goal& goal, npuzzle::BoardSize size) {
  switch (goal.kind) {
    case Goal::Kind::BlankFirst:
      return GoalSpec::blank_first();
    case Goal::Kind::BlankLast:
      return GoalSpec::blank_last();
    case Goal::Kind::Tiles:
      break;
  }
  // Checked by the tiles' own count: goal_option gives tiles that are a standard goal of that
  // count ("1 0", "0 1 2 3") as the standard goal, which has no size and fits any board.
  GoalSpec spec = goal_option(goal.tiles);
  if (size.known()) check_goal_fits(goal.tiles.size(), size);
  return spec;
}

}  // namespace

Error error_of(const RequestError& e) { return mirrored<Error>(e); }
RequestError request_error_of(const Error& e) { return mirrored<RequestError>(e); }

OptionError option_error(const UsageError& e) { return OptionError(error_of(e.error())); }

OptionError other_error(std::string message) {
  return OptionError(error_of(message_error(std::move(message))));
}

std::string CallerWords::name(OptionField option) const {
  return words_.name(static_cast<Option>(option));
}

std::string CallerWords::with_value(OptionField option, const std::string& value) const {
  return words_.with_value(static_cast<Option>(option), value);
}

npuzzle::Algorithm engine_algorithm(Algorithm algorithm) {
  return static_cast<npuzzle::Algorithm>(algorithm);
}

std::vector<int> goal_tiles(const Goal& goal, npuzzle::BoardSize size) {
  return with_option_error([&] { return goal_spec(goal, size).tiles_for(size.cells()); });
}

npuzzle::BoardSize engine_size(const BoardSize& size) {
  return with_option_error([&] { return parse_size_option(size.name()); });
}

std::string Error::message() const {
  return render_request_error(request_error_of(*this), library_words());
}

std::string Error::message(const OptionWords& words) const {
  return render_request_error(request_error_of(*this), CallerWords(words));
}

OptionError::OptionError(Error error)
    : std::invalid_argument(error.message()), error_(std::move(error)) {}

std::string BoardSize::name() const { return npuzzle::BoardSize{rows, cols}.name(); }

BoardSize parse_board_size(std::string_view text) {
  const npuzzle::BoardSize size =
      with_option_error([&] { return parse_size_option(std::string(text)); });
  if (!size.known()) {  // "": the command line's option not given, but no size here
    throw OptionError(error_of(bad_value(OptionField::Size, "", "no size given (RxC)")));
  }
  return {size.rows, size.cols};
}

Algorithm parse_algorithm(std::string_view text) {
  return with_option_error([&] { return static_cast<Algorithm>(algorithm_option(text)); });
}

Heuristic parse_heuristic(std::string_view text) {
  return with_option_error([&] {
    const std::string given(text);
    const HeuristicChoice choice = heuristic_option(given);
    Heuristic heuristic{static_cast<HeuristicKind>(choice.index)};
    if (choice.partition) heuristic.partition = pattern_partition(*choice.partition, given);
    return heuristic;
  });
}

TieBreak parse_tie_break(std::string_view text) {
  return with_option_error([&] { return static_cast<TieBreak>(tie_break_option(text)); });
}

OwnerHash parse_owner_hash(std::string_view text) {
  return with_option_error([&] {
    return owner_hash_option(std::string(text)) == npuzzle::OwnerHash::Zobrist
               ? OwnerHash::Zobrist
               : OwnerHash::AbstractZobrist;
  });
}

Goal parse_goal(std::string_view text) {
  return with_option_error([&] {
    const GoalSpec spec = parse_goal_option(std::string(text));
    switch (spec.kind) {
      case GoalSpec::Kind::BlankFirst:
        return Goal::blank_first();
      case GoalSpec::Kind::BlankLast:
        return Goal::blank_last();
      case GoalSpec::Kind::Explicit:
        break;
    }
    return Goal::of_tiles(spec.tiles);
  });
}

std::uint64_t parse_memory_size(std::string_view text) {
  return with_option_error([&] { return npuzzle::parse_memory_size(std::string(text)); });
}

std::string name(Algorithm algorithm) { return algorithm_name(engine_algorithm(algorithm)); }

std::string name(const Heuristic& heuristic) {
  const std::string base = kHeuristicInfo[static_cast<std::size_t>(heuristic.kind)].name;
  return heuristic.partition.empty() ? base : base + ":" + name(heuristic.partition);
}

std::string name(TieBreak tie_break) {
  return npuzzle::tie_break_name(static_cast<npuzzle::TieBreak>(tie_break));
}

std::string name(OwnerHash owner_hash) { return owner_hash_name(engine_owner_hash(owner_hash)); }

std::string name(Option option) { return option_identifier(static_cast<OptionField>(option)); }

std::string name(const Goal& goal) {
  switch (goal.kind) {
    case Goal::Kind::BlankFirst:
      return GoalSpec::blank_first().describe();
    case Goal::Kind::BlankLast:
      return GoalSpec::blank_last().describe();
    case Goal::Kind::Tiles:
      break;
  }
  return GoalSpec{GoalSpec::Kind::Explicit, goal.tiles}.describe();
}

SolveRequest request_from_options(const SolveOptions& options, npuzzle::BoardSize size) {
  return with_option_error([&] {
    SolveRequest request;
    std::set<SearchOption> given;
    if (options.algorithm) request.algorithm = engine_algorithm(*options.algorithm);
    if (options.heuristic) {
      request.heuristic = heuristic_choice(*options.heuristic);
      given.insert(SearchOption::Heuristic);
    }
    if (options.tie_break) {
      request.tie_break = static_cast<npuzzle::TieBreak>(*options.tie_break);
      given.insert(SearchOption::TieBreak);
    }
    if (options.owner_hash) {
      request.owner_hash = engine_owner_hash(*options.owner_hash);
      given.insert(SearchOption::OwnerHash);
    }
    if (options.mem_limit) {
      request.limits.memory_bytes = *options.mem_limit;
      given.insert(SearchOption::MemLimit);
    }
    if (!options.pdb_dir.empty()) {
      request.pdb_dir = options.pdb_dir;
      given.insert(SearchOption::PdbDir);
    }
    request.limits.time_seconds = options.time_limit;
    request.limits.nodes = options.node_limit;
    request.limits.interrupt = options.stop;
    request.threads = options.threads;
    check_request(request, given);
    request.goal = goal_spec(options.goal, size);
    if (options.progress) {
      request.progress = [&options](const npuzzle::Progress& p) {
        options.progress(Progress{p.bound, p.expanded, p.generated, p.seconds});
      };
    }
    if (options.on_note) {
      request.log = [&options](LogLevel level, const std::string& line) {
        options.on_note(
            Note{level == LogLevel::Warning ? Note::Level::Warning : Note::Level::Info, line});
      };
    }
    return request;
  });
}

}  // namespace npuzzle::api
