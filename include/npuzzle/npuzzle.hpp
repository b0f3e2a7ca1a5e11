// include/npuzzle/npuzzle.hpp — npuzzle as a library: the public face of the solver.
//
// Plain types only (strings, vectors, integers): no board templates, no TBB or Abseil, so a program
// that includes this header needs nothing else from npuzzle. The same engine runs behind the
// `npuzzle` command line: option names, defaults, messages and answers are the CLI's.
//
//   npuzzle::api::Board board = npuzzle::api::parse_board("8 6 7 2 5 4 3 0 1");
//   npuzzle::api::SolveOptions options;
//   options.goal = "blank-last";
//   npuzzle::api::Result r = npuzzle::api::solve(board, options);  // r.moves, r.optimal, …
//
// Errors: text that is not a board throws BoardError, an option the solver does not know (or that
// does not fit the board, or that the algorithm does not take: a tie-break for ida) throws
// OptionError, both with the message the command line prints. A search that cannot run for another
// reason (a bad pattern database file, an internal error) returns a Result with status Error and
// the message in `error`. Unsolvable boards are never searched; limits and the stop flag end a
// search with status Limit and the statistics so far.
//
// Every function may be called from several threads at once (each call owns its search).
// Invariant of every Result with status Solved: its moves were replayed from the board and end on
// the goal.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace npuzzle::api {

// Text that holds no board, several, or a bad one (duplicate tile, wrong count, …).
class BoardError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// An unknown or unfit option value: algorithm, heuristic, goal, size, limits, threads.
class OptionError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// A board of `rows` x `cols` cells (2..5 each): the tiles row by row, 0 for the blank.
// Invariant (for boards made by this library): tiles is a permutation of 0 .. rows*cols-1.
struct Board {
  int rows = 0;
  int cols = 0;
  std::vector<int> tiles;

  std::string size() const;       // "3x3"
  std::string to_string() const;  // the one-line form: "8 6 7 2 5 4 3 0 1"
  friend bool operator==(const Board&, const Board&) = default;
};

// One board in any form the command line reads: a line of tiles (spaces or commas, optionally
// after an instance number, or an instance number and an optimal length, which is not kept here),
// a grid of rows, `0 x X _ .` for the blank, `#` comments. `size` is
// "RxC", or empty to infer it from the tile count or the grid's shape (6, 8, 10, 12, 15 or 20
// tiles need it). Throws BoardError when the text holds no board, more than one or a bad one, and
// OptionError for a bad size.
Board parse_board(std::string_view text, std::string_view size = {});

// Boards of a file or stream: each one read, or the reason it could not be (as `npuzzle solve`
// reports it: status "error", and the other boards are still read).
struct ParsedBoard {
  std::int64_t id = 0;  // the instance number given in the text, else the board's ordinal
  int line = 0;         // 1-based line where the board starts
  Board board;          // rows = cols = 0 when the board could not be read
  std::string error;    // "" when the board is good, else what is wrong
  bool ok() const { return error.empty(); }
};
std::vector<ParsedBoard> parse_boards(std::string_view text, std::string_view size = {});

// Goals are named as on the command line: "blank-first" (0 1 2 …, the default), "blank-last"
// (1 2 … 0), or the goal's tiles row by row. OptionError when the goal does not fit the board.
bool is_solvable(const Board& board, std::string_view goal = "blank-first");
Board goal_board(std::string_view size, std::string_view goal = "blank-first");

// `count` uniformly random boards of `size` that can reach `goal`, or with `walk` >= 0 the boards
// reached by that many random blank moves from the goal (no immediate reversals); the same seed
// gives the same boards as `npuzzle random --seed`.
std::vector<Board> random_boards(std::string_view size, int count, std::uint64_t seed,
                                 std::string_view goal = "blank-first", int walk = -1);

// One IDA* iteration finished (parallel IDA* too): its bound and the counters so far.
struct Progress {
  int bound = 0;
  std::uint64_t expanded = 0;
  std::uint64_t generated = 0;
  double seconds = 0;
};

// A note of the solver that is not part of a result: a pattern database loaded or built and the
// heuristic it gives, a fall back to linear conflict. The command line prints the same lines on
// stderr, after "npuzzle: " ("npuzzle: warning: " for a warning).
struct Note {
  enum class Level { Info, Warning };
  Level level = Level::Info;
  std::string text;  // one line, without a prefix or a newline
};

// What to run, named as `npuzzle solve`'s options (--algo, --heuristic, --goal, …). An empty string
// is an option not given; one given that the algorithm does not take (tie_break, owner_hash,
// mem_limit, heuristic, pdb_dir) throws OptionError, as the command line refuses it.
struct SolveOptions {
  // Names as algorithm_name, heuristic_name and tie_break_name (below) take them, aliases too.
  std::string algorithm = "ida";  // ida, astar, hda, pida, aida, bfs, dfbnb, greedy
  std::string heuristic;  // misplaced, md, lc, wd, pdb, pdb:PARTITION; "" the best for the board
  std::string goal = "blank-first";
  std::vector<int> goal_tiles;   // the goal's tiles row by row; when given, `goal` is not read
  std::string tie_break;         // astar, greedy: lifo, fifo, larger-g; "" the algorithm's default
  std::string owner_hash;        // hda: abstract-zobrist or zobrist; "" the default (the first)
  int threads = 1;               // threads inside the search (hda, pida, aida)
  double time_limit = 0;         // seconds; 0 none
  std::uint64_t node_limit = 0;  // expanded nodes; 0 none
  std::string mem_limit;  // "512M", "4G", a number of bytes; "" none (searches that store nodes)
  std::string pdb_dir;    // pattern databases; "" $NPUZZLE_PDB_DIR, else the per-user cache
  const std::atomic<bool>* stop = nullptr;        // set (from any thread) to stop the search
  std::function<void(const Progress&)> progress;  // called per iteration, from the search
  // The notes: to `on_note` when it is set (from the thread that solves, one call at a time per
  // search), else on stderr as the command line prints them; none at all with `quiet`.
  bool quiet = false;
  std::function<void(const Note&)> on_note;
};

// The name outputs print for an algorithm, a heuristic or a tie-break given in any spelling the
// options take: its name or an alias, in any case, with '_' or ' ' for '-' ("A*" and "a_star" ->
// "astar", "Manhattan" -> "md", "Linear-Conflict:x" -> "lc:x": an argument after ':' kept as
// given, "LIFO" -> "lifo"). OptionError for an unknown name, with the command line's message and
// the nearest name ("unknown heuristic 'manhatan'; did you mean 'md' (manhattan)? known: …").
std::string algorithm_name(std::string_view name);
std::string heuristic_name(std::string_view name);
std::string tie_break_name(std::string_view name);

enum class Status { Solved, Unsolvable, Limit, OutOfMemory, Error };
// "solved", "unsolvable", "limit", "out-of-memory", "error" (the CLI's JSON "status").
const char* status_name(Status status);

struct Result {
  Status status = Status::Error;
  std::string moves;              // blank moves "RDLU…" (Solved only)
  std::vector<int> tiles_moved;   // the tile that slides at each move (Solved only)
  bool optimal = false;           // the algorithm proved the moves shortest
  std::uint64_t expanded = 0;     // nodes whose successors were generated
  std::uint64_t generated = 0;    // successors generated
  std::uint64_t peak_stored = 0;  // most nodes held at once (searches that store nodes)
  double seconds = 0;
  int bound = 0;       // Limit / OutOfMemory: the best lower bound proven
  std::string reason;  // Unsolvable / Limit / OutOfMemory: why ("time limit", "interrupted", …)
  std::string error;   // Error: what went wrong
  std::string algorithm;
  std::string heuristic;  // as used: "lc", "pdb:6-6-3", "none" for bfs
  int threads = 1;        // threads the search ran on
  int exit_code = 0;      // the CLI's exit code: 0 solved, 2 error, 3 unsolvable, 4 limit, 5 memory

  std::size_t length() const { return moves.size(); }
};

// Solves `board` (checked first: its size and tiles) toward `options.goal`. Throws BoardError or
// OptionError before any search; every other outcome is a Result.
Result solve(const Board& board, const SolveOptions& options = {});

// Solves every board as `npuzzle solve --threads N` does: with hda, pida and aida the threads work
// inside each search and the boards are solved one after another; with the other algorithms N
// boards are solved at once. Results in the order of `boards`; BoardError or OptionError as
// `solve`.
std::vector<Result> solve_all(const std::vector<Board>& boards, const SolveOptions& options = {});

// The boards from `board` along blank moves "RDLU…" (the first is `board`); BoardError on an
// illegal move or letter.
std::vector<Board> boards_along(const Board& board, std::string_view moves);

}  // namespace npuzzle::api
