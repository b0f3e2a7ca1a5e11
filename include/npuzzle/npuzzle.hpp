// include/npuzzle/npuzzle.hpp — npuzzle as a library: the public face of the solver.
//
// Plain types only (enums, strings, vectors, integers): no board templates, no TBB or Abseil, so a
// program that includes this header needs nothing else from npuzzle. The same engine runs behind
// the `npuzzle` command line, with its defaults and answers.
//
//   npuzzle::api::Board board = npuzzle::api::parse_board("8 6 7 2 5 4 3 0 1");
//   npuzzle::api::SolveOptions options;
//   options.goal = npuzzle::api::Goal::blank_last();
//   options.heuristic = npuzzle::api::Heuristic{npuzzle::api::HeuristicKind::Lc};
//   npuzzle::api::Result r = npuzzle::api::solve(board, options);  // r.moves, r.optimal, …
//
// Options are typed: enums for the algorithm, the tie-break and the owner hash, a heuristic as its
// kind and partition (group sizes, tile groups, zero-aware or not: PatternPartition), a goal, a
// memory limit in bytes, a board size as rows and columns. Text is read only by the parsing
// helpers (parse_algorithm, parse_heuristic, parse_partition, parse_goal, parse_board_size, …),
// with the command line's names, aliases and "did you mean" messages, for callers whose options
// come as text.
//
// Errors are values: text that is not a board throws BoardError; an option the solver refuses (an
// unknown name, a value out of range, an option the algorithm does not take: a tie-break for ida,
// a heuristic that does not fit the board) throws OptionError carrying an Error, whose kind and
// fields say what is wrong and whose message() words it in the library's words (an option by its
// SolveOptions name), message(words) in the caller's. A search that cannot run for another reason
// (a bad pattern database file, an internal error) returns a Result with status Error and the
// message in `error`. Unsolvable boards are never searched; limits and the stop flag end a search
// with status Limit and the statistics so far. No exit codes: those are the command line's.
//
// Every function may be called from several threads at once (each call owns its search; searches
// share a Session). The library never writes to stderr nor reads the environment, but for the
// default pattern database folder ($NPUZZLE_PDB_DIR, else the per-user cache).
// Invariant of every Result with status Solved: its moves were replayed from the board and end on
// the goal.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace npuzzle {
class SolveSession;  // the library's inside of api::Session
}  // namespace npuzzle

namespace npuzzle::api {

// Text that holds no board, several, or a bad one (duplicate tile, wrong count, …).
class BoardError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// The option an Error is about, by the name of its SolveOptions member (or of a function's
// parameter: size, count, walk). Verbose, Checkpoint, CheckpointEvery and Resume are the command
// line's own options, never the library's.
enum class Option {
  Heuristic,
  PdbDir,
  TieBreak,
  OwnerHash,
  MemLimit,
  Verbose,
  Checkpoint,
  CheckpointEvery,
  Resume,
  Algorithm,
  Goal,
  Size,
  Threads,
  TimeLimit,
  NodeLimit,
  Count,
  Walk,
};

// How a caller names the options in a message: alone (`name`: "tie_break") and with a value
// (`with_value`: "algorithm ida"). The Python module names its keywords so (tie_break,
// algorithm="ida"); the command line its flags (--tie-break, --algo ida).
struct OptionWords {
  std::function<std::string(Option)> name;
  std::function<std::string(Option, const std::string& value)> with_value;
};

// What is wrong with an option, as a value: its kind and the fields of that kind. message()
// words it in the library's words (an option by its SolveOptions name: "tie_break applies to
// astar, greedy (the best-first searches); algorithm ida does not take it"), message(words) in the
// caller's. `detail` never names an option.
struct Error {
  enum class Kind {
    BadValue,     // `value` is not of the option's grammar; `detail` says why
    UnknownName,  // `value` names nothing ("unknown algorithm 'asta'" in `detail`): `nearest`
                  // is the name nearest to it ("astar"; "" none), `nearest_alias` the alias of it
                  // that `value` is nearest ("" the name itself), `known` the names to choose from
                  // as the message lists them, `accepted` the names alone
    OutOfRange,   // the number `value` is not between `low` and `high`
    NotTaken,     // `option` was given, which none of `chosen` (algorithms) takes: `takers` do,
                  // `takers_group` says what they are ("the best-first searches")
    DoesNotFit,   // the heuristic `value` is for boards up to `max_side` on a side, not `board`
    NotGiven,     // `option` is needed and was not given (pdb_dir, when no database folder is
                  // known): `detail` says what is missing, `variable` the environment variable
                  // that may give it instead
    Conflict,     // `option` and `other`, given as `value`, do not go together: `detail` says why,
                  // `remedy` what leaving out `other` does
    Unsupported,  // `option` and `other` (the same: `option` alone) do not work in the setting
                  // `detail`
    Other,        // an error that names no option: `detail` is the whole message
  };
  Kind kind = Kind::Other;
  Option option = Option::Algorithm;
  std::string value;
  std::string detail;
  std::vector<std::string> accepted;
  std::string nearest;
  std::string nearest_alias;
  std::string known;
  std::int64_t low = 0;
  std::int64_t high = 0;
  std::vector<std::string> takers;
  std::string takers_group;
  std::vector<std::string> chosen;
  bool chosen_by_default = false;  // NotTaken: `chosen` are the defaults, no algorithm was named
  int max_side = 0;
  std::string board;
  std::string variable;
  Option other = Option::Algorithm;
  std::string remedy;

  std::string message() const;
  std::string message(const OptionWords& words) const;
  friend bool operator==(const Error&, const Error&) = default;
};

// An unknown or unfit option value: algorithm, heuristic, goal, size, limits, threads. what() is
// error().message().
class OptionError : public std::invalid_argument {
 public:
  explicit OptionError(Error error);
  const Error& error() const { return error_; }

 private:
  Error error_;
};

// A board's size: `rows` x `cols` cells, each 2..5 for the boards the library takes (a size out of
// that range is refused with OptionError where it is given).
struct BoardSize {
  int rows = 0;
  int cols = 0;

  std::string name() const;  // "3x4"
  friend bool operator==(const BoardSize&, const BoardSize&) = default;
};

// "RxC" ("3x4", "3X4", as the command line reads its size option) as a BoardSize; OptionError
// (about Option::Size) for text that is not a size of 2..5 by 2..5.
BoardSize parse_board_size(std::string_view text);

// A board of `rows` x `cols` cells (2..5 each): the tiles row by row, 0 for the blank.
// Invariant (for boards made by this library): tiles is a permutation of 0 .. rows*cols-1.
struct Board {
  int rows = 0;
  int cols = 0;
  std::vector<int> tiles;

  BoardSize size() const { return {rows, cols}; }
  std::string to_string() const;  // the one-line form: "8 6 7 2 5 4 3 0 1"
  friend bool operator==(const Board&, const Board&) = default;
};

// One board in any form the command line reads: a line of tiles (spaces or commas, optionally
// after an instance number, or an instance number and an optimal length, which is not kept here),
// a grid of rows, `0 x X _ .` for the blank, `#` comments. `size` is the board's, or none to
// infer it from the tile count or the grid's shape (6, 8, 10, 12, 15 or 20 tiles need it). Throws
// BoardError when the text holds no board, more than one or a bad one, and OptionError for a size
// out of range. A message that names the size option names it with `words` (nullptr: the
// library's words, "give size RxC").
Board parse_board(std::string_view text, std::optional<BoardSize> size = std::nullopt,
                  const OptionWords* words = nullptr);

// Boards of a file or stream: each one read, or the reason it could not be (as `npuzzle solve`
// reports it: status "error", and the other boards are still read).
struct ParsedBoard {
  std::int64_t id = 0;  // the instance number given in the text, else the board's ordinal
  int line = 0;         // 1-based line where the board starts
  Board board;          // rows = cols = 0 when the board could not be read
  std::string error;    // "" when the board is good, else what is wrong
  bool ok() const { return error.empty(); }
};
std::vector<ParsedBoard> parse_boards(std::string_view text,
                                      std::optional<BoardSize> size = std::nullopt,
                                      const OptionWords* words = nullptr);

// A goal: blank-first (0 1 2 …, the default), blank-last (1 2 … 0), or the tiles row by row.
struct Goal {
  enum class Kind { BlankFirst, BlankLast, Tiles };
  Kind kind = Kind::BlankFirst;
  std::vector<int> tiles;  // Tiles only; checked when used (a permutation of 0 .. n-1)

  static Goal blank_first() { return {}; }
  static Goal blank_last() { return {Kind::BlankLast, {}}; }
  static Goal of_tiles(std::vector<int> tiles) { return {Kind::Tiles, std::move(tiles)}; }
  friend bool operator==(const Goal&, const Goal&) = default;
};

// OptionError when the goal does not fit the board (or `size` is out of range).
bool is_solvable(const Board& board, const Goal& goal = {});
Board goal_board(BoardSize size, const Goal& goal = {});

// `count` uniformly random boards of `size` that can reach `goal`, or with `walk` >= 0 the boards
// reached by that many random blank moves from the goal (no immediate reversals); the same seed
// gives the same boards as `npuzzle random --seed`.
std::vector<Board> random_boards(BoardSize size, int count, std::uint64_t seed,
                                 const Goal& goal = {}, int walk = -1);

// One IDA* iteration finished (parallel IDA* too): its bound and the counters so far.
struct Progress {
  int bound = 0;
  std::uint64_t expanded = 0;
  std::uint64_t generated = 0;
  double seconds = 0;
};

// A note of the solver that is not part of a result: a pattern database loaded or built and the
// heuristic it gives, a fall back to linear conflict. The library hands them to the caller's
// on_note and never prints them; the command line prints the same lines on stderr, after
// "npuzzle: " ("npuzzle: warning: " for a warning).
struct Note {
  enum class Level { Info, Warning };
  Level level = Level::Info;
  std::string text;  // one line, without a prefix or a newline
};

// The searches, in the order `npuzzle --help` lists them.
enum class Algorithm { Ida, AStar, Hda, Pida, Bfs, DfBnb, Greedy, Aida };
// How best-first searches (astar, greedy) order nodes of equal f.
enum class TieBreak { Lifo, Fifo, LargerG };
// How hda assigns a node to its owner.
enum class OwnerHash { AbstractZobrist, Zobrist };

// The partition of a pattern database heuristic: parts (at most 2), each an additive set of
// disjoint groups of tiles, the heuristic the largest of their sums ('+' in the text); none: the
// best set present. A part is a named partition by its group sizes (sizes({7, 8}): "7-8"), every
// tile in one group (full(): "full") or tile groups (tiles({{1, 2}, {3, 4}}): "1,2/3,4"), with
// zero-aware tables ("za:") or not. Checked where used, as the command line checks the text:
// sizes 1 to 9, 1 to 6 groups, none empty, no tile twice in a part; then the board's names, tiles.
struct PatternPartition {
  struct Part {
    enum class Kind { Sizes, Full, Tiles };
    Kind kind = Kind::Sizes;
    std::vector<int> sizes;               // Sizes only, in the name's order
    std::vector<std::vector<int>> tiles;  // Tiles only
    bool zero_aware = false;              // tables with an entry per region of the blank

    static Part of_sizes(std::vector<int> sizes, bool zero_aware = false);
    static Part full(bool zero_aware = false);
    static Part of_tiles(std::vector<std::vector<int>> tiles, bool zero_aware = false);
    friend bool operator==(const Part&, const Part&) = default;
  };
  std::vector<Part> parts;  // {{Part::of_sizes({6, 6, 6, 6}), Part::of_sizes({7, 7, 7, 3})}}

  // One part.
  static PatternPartition sizes(std::vector<int> sizes, bool zero_aware = false);
  static PatternPartition full(bool zero_aware = false);
  static PatternPartition tiles(std::vector<std::vector<int>> tiles, bool zero_aware = false);
  bool empty() const { return parts.empty(); }
  friend bool operator==(const PatternPartition&, const PatternPartition&) = default;
};

// A heuristic: its kind and, for pattern databases (Pdb, PdbDual), the partition. A partition for
// another kind is refused where it is used.
enum class HeuristicKind { Misplaced, Md, Lc, Wd, Pdb, PdbDual };
struct Heuristic {
  Heuristic() = default;
  Heuristic(HeuristicKind kind_, PatternPartition partition_ = {})
      : kind(kind_), partition(std::move(partition_)) {}
  HeuristicKind kind = HeuristicKind::Lc;
  PatternPartition partition;
  friend bool operator==(const Heuristic&, const Heuristic&) = default;
};

// What to run: the options of `npuzzle solve` (--algo, --heuristic, --goal, …), typed. An optional
// left empty is an option not given; one given that the algorithm does not take (tie_break,
// owner_hash, mem_limit, heuristic, pdb_dir) throws OptionError, as the command line refuses it.
struct SolveOptions {
  // none: the default for the board, aida on more than 12 cells (3x5, 5x3, 4x4 and up), ida on the
  // smaller ones, each search on one thread (`threads` then solve boards side by side, as for ida)
  std::optional<Algorithm> algorithm;
  std::optional<Heuristic> heuristic;      // none: the best for the board
  Goal goal;                               // blank-first
  std::optional<TieBreak> tie_break;       // astar, greedy; none: the algorithm's default
  std::optional<OwnerHash> owner_hash;     // hda; none: abstract-zobrist
  int threads = 1;                         // threads inside the search (hda, pida, aida)
  double time_limit = 0;                   // seconds; 0 none
  std::uint64_t node_limit = 0;            // expanded nodes; 0 none
  std::optional<std::uint64_t> mem_limit;  // bytes (searches that store nodes); none: no limit
  std::string pdb_dir;  // pattern databases; "" $NPUZZLE_PDB_DIR, else the per-user cache
  const std::atomic<bool>* stop = nullptr;        // set (from any thread) to stop the search
  std::function<void(const Progress&)> progress;  // called per iteration, from the search
  // The notes: to `on_note` when it is set (from the thread that solves, one call at a time per
  // search); none without it.
  std::function<void(const Note&)> on_note;
};

// The parsing helpers, for options that come as text: the command line's names, each by its name
// or an alias, in any case, with '_' or ' ' for '-' ("A*" and "a_star" -> Algorithm::AStar,
// "Manhattan" -> md, "PDB:7-8" -> pdb with PatternPartition::sizes({7, 8}), "LIFO" ->
// TieBreak::Lifo). OptionError (UnknownName) for an unknown name, naming the nearest ("unknown
// heuristic 'manhatan'; did you mean 'md' (manhattan)? known: …"), or BadValue for a bad value.
Algorithm parse_algorithm(std::string_view text);
Heuristic parse_heuristic(std::string_view text);
// The text after "pdb:": "7-8" (or "78"), "full", "1,2,3/4,5,6", each perhaps after "za:", joined
// by '+'. OptionError (BadValue, about the heuristic) for text that is none or the CLI refuses.
PatternPartition parse_partition(std::string_view text);
TieBreak parse_tie_break(std::string_view text);
OwnerHash parse_owner_hash(std::string_view text);
Goal parse_goal(std::string_view text);  // "blank-first", "blank-last" or the tiles row by row
// "512M", "2G", "1.5G", "100000", "64K", "6GiB": bytes (powers of 1024).
std::uint64_t parse_memory_size(std::string_view text);

// The names outputs print: "astar", "pdb:7-8", "lifo", "abstract-zobrist", "blank-last" (or the
// goal's tiles), a partition's "za:6-6-6-6+7-7-7-3" or "1,2,3/4,5,6" ("" none).
std::string name(Algorithm algorithm);
std::string name(const Heuristic& heuristic);
std::string name(const PatternPartition& partition);
std::string name(TieBreak tie_break);
std::string name(OwnerHash owner_hash);
std::string name(const Goal& goal);
// An option's SolveOptions name (or parameter's): "tie_break", "mem_limit", "size".
std::string name(Option option);

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
  int bound = 0;  // Limit / OutOfMemory: the best lower bound proven
  // Unsolvable / Limit / OutOfMemory: why ("time limit", "interrupted", "the board cannot reach
  // the goal blank-first (opposite permutation parity)", …)
  std::string reason;
  std::string solvable_for;  // Unsolvable: the other standard goal the board can reach, or ""
  std::string error;         // Error: what went wrong
  Algorithm algorithm = Algorithm::Ida;  // as run: the one named, else the board's default
  std::string heuristic;  // as used: "lc", "pdb:6-6-3", "pdb:7-8+reflection", "none" for bfs
  int threads = 1;        // threads the search ran on

  std::size_t length() const { return moves.size(); }
};

// What the searches share: the pattern databases loaded (and watched on disk: a table written to
// in place stops the search using it), the notes already given, and whether the default databases
// could not be had (a solve that names no heuristic then uses lc, said once in a note). Every
// solve runs in one: the caller's, or without one the library's own (one per process, inside the
// library, never destroyed). A session may be shared by searches on several threads at once; it
// must outlive the solves given it.
class Session {
 public:
  Session();
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

 private:
  friend npuzzle::SolveSession& session_state(Session& session);  // the library's side
  std::unique_ptr<npuzzle::SolveSession> state_;
};

// Solves `board` (checked first: its size and tiles) toward `options.goal`, in `session` (or the
// library's own). Throws BoardError or OptionError before any search; every other outcome is a
// Result.
Result solve(const Board& board, const SolveOptions& options = {});
Result solve(const Board& board, const SolveOptions& options, Session& session);

// Solves every board as `npuzzle solve --threads N` does: with hda, pida and aida named the threads
// work inside each search and the boards are solved one after another; with the other algorithms,
// or none named, N boards are solved at once. Results in the order of `boards`; BoardError or
// OptionError as `solve`.
std::vector<Result> solve_all(const std::vector<Board>& boards, const SolveOptions& options = {});
std::vector<Result> solve_all(const std::vector<Board>& boards, const SolveOptions& options,
                              Session& session);

// The boards from `board` along blank moves "RDLU…" (the first is `board`); BoardError on an
// illegal move or letter.
std::vector<Board> boards_along(const Board& board, std::string_view moves);

}  // namespace npuzzle::api
