// The library API's boards and searches (include/npuzzle/npuzzle.hpp) over the engine the command
// line runs: boards are read by text/parse, the typed options become a request
// (request_from_options, api/options.cpp, with the engine's rules: engine/option_use.hpp), searched
// by solve_instance (engine/solver.hpp, the per-size dispatch) in a session (the caller's, or the
// library's own).
#include "npuzzle/npuzzle.hpp"

#include <algorithm>
#include <cctype>
#include <limits>
#include <memory>
#include <optional>
#include <utility>

#include "api/request_from_options.hpp"
#include "api/typed_options.hpp"
#include "core/random.hpp"
#include "core/run_board.hpp"
#include "engine/algorithm_registry.hpp"
#include "engine/solve_session.hpp"
#include "engine/solver.hpp"
#include "parallel/batch.hpp"
#include "text/parse.hpp"

namespace npuzzle::api {
namespace {

// A board built by hand must be what parse_board would return.
void check_board(const Board& board) {
  const npuzzle::BoardSize size{board.rows, board.cols};
  if (!npuzzle::parse_board_size(size.name())) {
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

std::vector<ParsedBoard> parse_boards(std::string_view text, std::optional<BoardSize> size,
                                      const OptionWords* words) {
  std::vector<ParsedBoard> out;
  ParseOptions parse;
  if (size) parse.size = engine_size(*size);
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

Board parse_board(std::string_view text, std::optional<BoardSize> size, const OptionWords* words) {
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

Board goal_board(BoardSize size, const Goal& goal) {
  const npuzzle::BoardSize s = engine_size(size);
  return Board{s.rows, s.cols, goal_tiles(goal, s)};
}

std::vector<Board> random_boards(BoardSize size, int count, std::uint64_t seed, const Goal& goal,
                                 int walk) {
  const npuzzle::BoardSize s = engine_size(size);
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
  const SolveRequest request = with_algorithm_for(
      request_from_options(options, {board.rows, board.cols}), {board.rows, board.cols});
  const SolveOutcome outcome = solve_instance(session_state(session), request,
                                              RunBoard{{board.rows, board.cols}, board.tiles});
  if (outcome.failed() && outcome.error_kind == SolveError::Usage) {
    throw OptionError(error_of(outcome.usage));
  }
  Result r;
  r.status = status_of(outcome);
  r.algorithm = static_cast<Algorithm>(request.algorithm.value());
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
  const bool inside = options.algorithm && is_parallel(engine_algorithm(*options.algorithm));
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
