// The library API (include/npuzzle/npuzzle.hpp) over the engine the command line runs: boards are
// read by text/parse, the typed options become a request (request_from_options, with the engine's
// rules: engine/option_use.hpp), searched by solve_instance (engine/solver.hpp, the per-size
// dispatch) in a session (the caller's, or the library's own). The engine's typed errors become
// api::Error values, worded in the library's words or the caller's (text/request_error.hpp).
#include "npuzzle/npuzzle.hpp"

#include "api/request_from_options.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <limits>
#include <memory>
#include <optional>
#include <set>
#include <utility>

#include "core/goal.hpp"
#include "core/random.hpp"
#include "core/run_board.hpp"
#include "engine/algorithm_registry.hpp"
#include "engine/heuristic_registry.hpp"
#include "engine/option_use.hpp"
#include "engine/solve_session.hpp"
#include "engine/solver.hpp"
#include "parallel/batch.hpp"
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
                      static_cast<int>(RequestErrorKind::NotTaken),
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
  to.low = e.low;
  to.high = e.high;
  to.takers = e.takers;
  to.takers_group = e.takers_group;
  to.chosen = e.chosen;
  to.max_side = e.max_side;
  to.board = e.board;
  return to;
}

Error error_of(const RequestError& e) { return mirrored<Error>(e); }
RequestError request_error_of(const Error& e) { return mirrored<RequestError>(e); }

// The caller's OptionWords as the engine's renderer takes them.
struct CallerWords final : npuzzle::OptionWords {
  explicit CallerWords(const api::OptionWords& words) : words_(words) {}
  std::string name(OptionField option) const override {
    return words_.name(static_cast<Option>(option));
  }
  std::string with_value(OptionField option, const std::string& value) const override {
    return words_.with_value(static_cast<Option>(option), value);
  }

 private:
  const api::OptionWords& words_;
};

OptionError option_error(const UsageError& e) { return OptionError(error_of(e.error())); }

OptionError other_error(std::string message) {
  return OptionError(error_of(message_error(std::move(message))));
}

BoardSize size_of(std::string_view size) {
  try {
    return parse_size_option(std::string(size));
  } catch (const UsageError& e) {
    throw option_error(e);
  }
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

npuzzle::Algorithm engine_algorithm(Algorithm algorithm) {
  return static_cast<npuzzle::Algorithm>(algorithm);
}

npuzzle::OwnerHash engine_owner_hash(OwnerHash hash) {
  return hash == OwnerHash::Zobrist ? npuzzle::OwnerHash::Zobrist
                                    : npuzzle::OwnerHash::AbstractZobrist;
}

// The registry's entry of `heuristic`, its partition checked as the command line checks the text
// after ':' (refused for a heuristic that takes none).
HeuristicChoice heuristic_choice(const Heuristic& heuristic) {
  const auto index = static_cast<std::size_t>(heuristic.kind);
  if (heuristic.partition.empty()) return {index, {}};
  return heuristic_option(std::string(kHeuristicInfo[index].name) + ":" + heuristic.partition);
}

// OptionError when a goal of `tiles` tiles does not fit a board of `size`.
void check_goal_fits(std::size_t tiles, BoardSize size) {
  if (static_cast<int>(tiles) != size.cells()) {
    throw other_error("the goal has " + std::to_string(tiles) + " tiles but the board is " +
                      size.name());
  }
}

// The engine's goal for a board of `size` (unknown: not checked against it): tiles must be 0 ..
// n-1 each once, as many as the board's cells. Throws UsageError or OptionError.
GoalSpec goal_spec(const Goal& goal, BoardSize size) {
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

// The goal's tiles for a board of `size`; OptionError when it does not fit.
std::vector<int> goal_tiles(const Goal& goal, BoardSize size) {
  try {
    return goal_spec(goal, size).tiles_for(size.cells());
  } catch (const UsageError& e) {
    throw option_error(e);
  }
}

// A board built by hand must be what parse_board would return.
void check_board(const Board& board) {
  const BoardSize size{board.rows, board.cols};
  if (!parse_board_size(size.name())) {
    throw BoardError("board size " + size.name() + " is not RxC with 2 <= R, C <= 5");
  }
  if (std::string problem = check_tiles(board.tiles, size); !problem.empty()) {
    throw BoardError(problem);
  }
}

Status status_of(const SolveOutcome& outcome) {
  if (!outcome.error.empty()) return Status::Error;
  switch (outcome.result.status) {
    case npuzzle::Status::Solved:
      return Status::Solved;
    case npuzzle::Status::Unsolvable:
      return Status::Unsolvable;
    case npuzzle::Status::Limit:
      return Status::Limit;
    case npuzzle::Status::OutOfMemory:
      return Status::OutOfMemory;
  }
  return Status::Error;
}

// The cell the blank reaches by `move` on a rows x cols board, or -1 off the board.
int blank_target(int blank, int rows, int cols, char move) {
  const int r = blank / cols, c = blank % cols;
  switch (move) {
    case 'U':
      return r > 0 ? blank - cols : -1;
    case 'D':
      return r + 1 < rows ? blank + cols : -1;
    case 'L':
      return c > 0 ? blank - 1 : -1;
    case 'R':
      return c + 1 < cols ? blank + 1 : -1;
    default:
      return -1;
  }
}

}  // namespace

namespace {

// The value `parse` returns, a UsageError it throws as OptionError.
template <class Parse>
auto with_option_error(Parse parse) {
  try {
    return parse();
  } catch (const UsageError& e) {
    throw option_error(e);
  }
}

}  // namespace

std::string Error::message() const {
  return render_request_error(request_error_of(*this), library_words());
}

std::string Error::message(const OptionWords& words) const {
  return render_request_error(request_error_of(*this), CallerWords(words));
}

OptionError::OptionError(Error error)
    : std::invalid_argument(error.message()), error_(std::move(error)) {}

Algorithm parse_algorithm(std::string_view text) {
  return with_option_error([&] { return static_cast<Algorithm>(algorithm_option(text)); });
}

Heuristic parse_heuristic(std::string_view text) {
  return with_option_error([&] {
    const HeuristicChoice choice = heuristic_option(std::string(text));
    return Heuristic{static_cast<HeuristicKind>(choice.index), choice.variant};
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
  return HeuristicChoice{static_cast<std::size_t>(heuristic.kind), heuristic.partition}.name();
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

SolveRequest request_from_options(const SolveOptions& options, BoardSize size) {
  try {
    SolveRequest request;
    std::set<SearchOption> given;
    request.algorithm = engine_algorithm(options.algorithm);
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
  } catch (const UsageError& e) {
    throw option_error(e);
  }
}

std::string Board::size() const { return BoardSize{rows, cols}.name(); }

std::string Board::to_string() const {
  std::string out;
  for (int t : tiles) {
    if (!out.empty()) out += ' ';
    out += std::to_string(t);
  }
  return out;
}

const char* status_name(Status status) {
  // The engine's names, and "error" for the one status only the library has.
  static_assert(static_cast<int>(Status::OutOfMemory) ==
                static_cast<int>(npuzzle::Status::OutOfMemory));
  if (status == Status::Error) return "error";
  return npuzzle::status_name(static_cast<npuzzle::Status>(status));
}

std::vector<ParsedBoard> parse_boards(std::string_view text, std::string_view size,
                                      const OptionWords* words) {
  std::vector<ParsedBoard> out;
  ParseOptions parse;
  parse.size = size_of(size);
  const std::optional<CallerWords> caller_words =
      words ? std::optional<CallerWords>(std::in_place, *words) : std::nullopt;
  if (caller_words) parse.words = &*caller_words;
  for (const ParsedInstance& entry : parse_instances(text, parse)) {
    ParsedBoard parsed;
    parsed.id = entry.instance.id;
    parsed.line = entry.instance.line;
    if (entry.ok()) {
      parsed.board = Board{entry.instance.rows, entry.instance.cols, entry.instance.tiles};
    } else {
      parsed.error = entry.error;
    }
    out.push_back(std::move(parsed));
  }
  return out;
}

Board parse_board(std::string_view text, std::string_view size, const OptionWords* words) {
  std::vector<ParsedBoard> boards = parse_boards(text, size, words);
  if (boards.empty()) throw BoardError("no board in the input");
  if (boards.size() > 1) {
    throw BoardError("the text holds " + std::to_string(boards.size()) +
                     " boards, not one (the second starts on line " +
                     std::to_string(boards[1].line) + ")");
  }
  if (!boards[0].ok()) throw BoardError(printable(boards[0].error));
  return std::move(boards[0].board);
}

bool is_solvable(const Board& board, const Goal& goal) {
  check_board(board);
  const std::vector<int> goal_cells = goal_tiles(goal, {board.rows, board.cols});
  return solvable(board.rows, board.cols, board.tiles, goal_cells);
}

Board goal_board(std::string_view size, const Goal& goal) {
  const BoardSize s = size_of(size);
  if (!s.known()) throw other_error("the goal needs a board size RxC");
  return Board{s.rows, s.cols, goal_tiles(goal, s)};
}

std::vector<Board> random_boards(std::string_view size, int count, std::uint64_t seed,
                                 const Goal& goal, int walk) {
  const BoardSize s = size_of(size.empty() ? "4x4" : size);
  if (count < 0) {
    throw OptionError(error_of(out_of_range(OptionField::Count, std::to_string(count), 0,
                                            std::numeric_limits<int>::max())));
  }
  const std::vector<int> goal_cells = goal_tiles(goal, s);
  Rng rng(seed);
  std::vector<Board> out;
  out.reserve(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) {
    out.push_back(Board{s.rows, s.cols,
                        walk >= 0 ? random_walk(s.rows, s.cols, goal_cells, walk, rng)
                                  : random_solvable(s.rows, s.cols, goal_cells, rng)});
  }
  return out;
}

std::vector<Board> boards_along(const Board& board, std::string_view moves) {
  check_board(board);
  std::vector<Board> out{board};
  Board current = board;
  int blank = static_cast<int>(std::find(current.tiles.begin(), current.tiles.end(), 0) -
                               current.tiles.begin());
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const char letter = static_cast<char>(std::toupper(static_cast<unsigned char>(moves[i])));
    const int target = blank_target(blank, board.rows, board.cols, letter);
    if (target < 0) {
      throw BoardError(std::string(letter == 'U' || letter == 'D' || letter == 'L' || letter == 'R'
                                       ? "illegal move "
                                       : "unknown move ") +
                       printable(std::string(1, moves[i])) + " at step " + std::to_string(i + 1));
    }
    std::swap(current.tiles[static_cast<std::size_t>(blank)],
              current.tiles[static_cast<std::size_t>(target)]);
    blank = target;
    out.push_back(current);
  }
  return out;
}

SolveSession& session_state(Session& session) { return *session.state_; }

Session::Session() : state_(std::make_unique<SolveSession>()) {}
Session::~Session() = default;

// The library's own session, for the calls that are given none: one per process, never destroyed
// (a search on a thread of the caller's may still use it while the process's statics go away).
Session& library_session() {
  static Session* const session = new Session;
  return *session;
}

Result solve(const Board& board, const SolveOptions& options) {
  return solve(board, options, library_session());
}

std::vector<Result> solve_all(const std::vector<Board>& boards, const SolveOptions& options) {
  return solve_all(boards, options, library_session());
}

Result solve(const Board& board, const SolveOptions& options, Session& session) {
  check_board(board);
  const SolveRequest request = request_from_options(options, {board.rows, board.cols});
  const SolveOutcome outcome = solve_instance(session_state(session), request,
                                              RunBoard{{board.rows, board.cols}, board.tiles});
  if (outcome.failed() && outcome.error_kind == SolveError::Usage) {
    throw OptionError(error_of(outcome.usage));
  }
  Result r;
  r.status = status_of(outcome);
  r.algorithm = options.algorithm;
  r.heuristic = outcome.heuristic.name();
  r.threads = outcome.threads;
  r.error = outcome.error;
  const SearchResult& result = outcome.result;
  r.optimal = r.status == Status::Solved && result.optimal;
  r.expanded = result.stats.expanded;
  r.generated = result.stats.generated;
  r.peak_stored = result.stats.stored;
  r.seconds = result.stats.seconds;
  if (r.status == Status::Solved) {
    for (Move m : result.path) r.moves += move_char(m);
    r.tiles_moved = RunBoard{{board.rows, board.cols}, board.tiles}.tiles_moved(result.path);
  } else if (r.status == Status::Unsolvable) {
    r.reason = outcome.unsolvable_note;
    r.solvable_for = outcome.solvable_for;
  } else if (r.status != Status::Error) {
    r.reason = stop_reason_name(result.reason);
    r.bound = result.bound;
  }
  return r;
}

std::vector<Result> solve_all(const std::vector<Board>& boards, const SolveOptions& options,
                              Session& session) {
  request_from_options(options, {});  // the options' checks, before any board
  const bool inside = is_parallel(engine_algorithm(options.algorithm));
  SolveOptions each = options;
  if (!inside) each.threads = 1;  // the threads solve boards side by side instead
  std::vector<Result> out(boards.size());
  run_in_order(
      boards.size(), inside ? 1 : options.threads,
      [&](std::size_t i) { return solve(boards[i], each, session); },
      [&](std::size_t i, Result r) { out[i] = std::move(r); });
  return out;
}

}  // namespace npuzzle::api
