// The library API (include/npuzzle/npuzzle.hpp) over the engine the command line runs: boards are
// read by text/parse, options become a typed request (request_from_options, with the engine's
// rules and messages: engine/option_use.hpp) and are searched by solve_instance
// (engine/solver.hpp, the per-size dispatch).
#include "npuzzle/npuzzle.hpp"

#include "api/request_from_options.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <set>

#include "core/goal.hpp"
#include "core/random.hpp"
#include "core/run_board.hpp"
#include "engine/algorithm_registry.hpp"
#include "engine/exit_code.hpp"
#include "engine/option_use.hpp"
#include "engine/solver.hpp"
#include "parallel/batch.hpp"
#include "text/option_values.hpp"
#include "text/parse.hpp"

namespace npuzzle::api {
namespace {

BoardSize size_of(std::string_view size) {
  try {
    return parse_size_option(std::string(size));
  } catch (const UsageError& e) {
    throw OptionError(e.what());
  }
}

GoalSpec goal_of(std::string_view goal) {
  try {
    return parse_goal_option(std::string(goal));
  } catch (const UsageError& e) {
    throw OptionError(e.what());
  }
}

// OptionError when a goal of `tiles` tiles does not fit a board of `size`.
void check_goal_fits(std::size_t tiles, BoardSize size) {
  if (static_cast<int>(tiles) != size.cells()) {
    throw OptionError("the goal has " + std::to_string(tiles) + " tiles but the board is " +
                      size.name());
  }
}

// The goal's tiles for a board of `size`; OptionError when it has another number of tiles.
std::vector<int> goal_tiles(const GoalSpec& goal, BoardSize size) {
  std::vector<int> tiles = goal.tiles_for(size.cells());
  check_goal_fits(tiles.size(), size);
  return tiles;
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
std::string with_option_error(Parse parse) {
  try {
    return parse();
  } catch (const UsageError& e) {
    throw OptionError(e.what());
  }
}

}  // namespace

std::string algorithm_name(std::string_view name) {
  return with_option_error([&] { return npuzzle::algorithm_name(algorithm_option(name)); });
}

std::string heuristic_name(std::string_view name) {
  return with_option_error([&] { return heuristic_option(std::string(name)).name(); });
}

std::string tie_break_name(std::string_view name) {
  return with_option_error(
      [&] { return std::string(npuzzle::tie_break_name(tie_break_option(name))); });
}

SolveRequest request_from_options(const SolveOptions& options, BoardSize size) {
  try {
    SolveRequest request;
    std::set<SearchOption> given;
    request.algorithm = algorithm_option(options.algorithm);
    if (!options.heuristic.empty()) {
      request.heuristic = heuristic_option(options.heuristic);
      given.insert(SearchOption::Heuristic);
    }
    if (!options.tie_break.empty()) {
      request.tie_break = tie_break_option(options.tie_break);
      given.insert(SearchOption::TieBreak);
    }
    if (!options.owner_hash.empty()) {
      request.owner_hash = owner_hash_option(options.owner_hash);
      given.insert(SearchOption::OwnerHash);
    }
    if (!options.mem_limit.empty()) {
      request.limits.memory_bytes = parse_memory_size(options.mem_limit);
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
    if (options.goal_tiles.empty()) {
      request.goal = goal_of(options.goal);
      if (size.known()) goal_tiles(request.goal, size);
    } else {
      request.goal = goal_option(options.goal_tiles);
      // Checked by the tiles' own count: goal_option gives tiles that are a standard goal of
      // that count ("1 0", "0 1 2 3") as the standard goal, which has no size and fits any board.
      if (size.known()) check_goal_fits(options.goal_tiles.size(), size);
    }
    if (options.progress) {
      request.progress = [&options](const npuzzle::Progress& p) {
        options.progress(Progress{p.bound, p.expanded, p.generated, p.seconds});
      };
    }
    if (options.on_note && !options.quiet) {
      request.log = [&options](LogLevel level, const std::string& line) {
        options.on_note(
            Note{level == LogLevel::Warning ? Note::Level::Warning : Note::Level::Info, line});
      };
    } else if (!options.quiet) {
      request.log = [](LogLevel level, const std::string& line) {
        std::fprintf(stderr, "%s%s\n",
                     level == LogLevel::Warning ? "npuzzle: warning: " : "npuzzle: ", line.c_str());
      };
    }
    return request;
  } catch (const UsageError& e) {
    throw OptionError(e.what());
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

std::vector<ParsedBoard> parse_boards(std::string_view text, std::string_view size) {
  std::vector<ParsedBoard> out;
  for (const ParsedInstance& entry : parse_instances(text, ParseOptions{size_of(size)})) {
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

Board parse_board(std::string_view text, std::string_view size) {
  std::vector<ParsedBoard> boards = parse_boards(text, size);
  if (boards.empty()) throw BoardError("no board in the input");
  if (boards.size() > 1) {
    throw BoardError("the text holds " + std::to_string(boards.size()) +
                     " boards, not one (the second starts on line " +
                     std::to_string(boards[1].line) + ")");
  }
  if (!boards[0].ok()) throw BoardError(printable(boards[0].error));
  return std::move(boards[0].board);
}

bool is_solvable(const Board& board, std::string_view goal) {
  check_board(board);
  const std::vector<int> goal_cells = goal_tiles(goal_of(goal), {board.rows, board.cols});
  return solvable(board.rows, board.cols, board.tiles, goal_cells);
}

Board goal_board(std::string_view size, std::string_view goal) {
  const BoardSize s = size_of(size);
  if (!s.known()) throw OptionError("the goal needs a board size RxC");
  return Board{s.rows, s.cols, goal_tiles(goal_of(goal), s)};
}

std::vector<Board> random_boards(std::string_view size, int count, std::uint64_t seed,
                                 std::string_view goal, int walk) {
  const BoardSize s = size_of(size.empty() ? "4x4" : size);
  if (count < 0) throw OptionError("--count must not be negative");
  const std::vector<int> goal_cells = goal_tiles(goal_of(goal), s);
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

Result solve(const Board& board, const SolveOptions& options) {
  check_board(board);
  const SolveRequest request = request_from_options(options, {board.rows, board.cols});
  const SolveOutcome outcome =
      solve_instance(request, RunBoard{{board.rows, board.cols}, board.tiles});
  if (outcome.failed() && outcome.error_kind == SolveError::Usage) throw OptionError(outcome.error);
  Result r;
  r.status = status_of(outcome);
  r.algorithm = npuzzle::algorithm_name(request.algorithm);
  r.heuristic = outcome.heuristic.name();
  r.threads = outcome.threads;
  r.exit_code = to_int(exit_code_for(outcome));
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
  } else if (r.status != Status::Error) {
    r.reason = outcome.reason();
    if (r.status != Status::Unsolvable) r.bound = result.bound;
  }
  return r;
}

std::vector<Result> solve_all(const std::vector<Board>& boards, const SolveOptions& options) {
  request_from_options(options, {});  // the options' checks, before any board
  const bool inside = is_parallel(algorithm_option(options.algorithm));
  SolveOptions each = options;
  if (!inside) each.threads = 1;  // the threads solve boards side by side instead
  std::vector<Result> out(boards.size());
  run_in_order(
      boards.size(), inside ? 1 : options.threads,
      [&](std::size_t i) { return solve(boards[i], each); },
      [&](std::size_t i, Result r) { out[i] = std::move(r); });
  return out;
}

}  // namespace npuzzle::api
