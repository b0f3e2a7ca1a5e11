// text/parse.hpp — reading puzzle instances from text, for any board size (decided at run time).
//
// The solver's input (`parse_instances`) is a sequence of instances, many per file or stream:
//
//   * Tokens are separated by spaces, tabs or commas. `#` starts a comment that runs to the end of
//     the line. Tiles are decimal numbers; the blank is written `0`, `x`, `X`, `_` or `.`.
//   * One-line form (Korf's): the tiles of one board in row-major order on one line, optionally
//     preceded by an instance number, or by an instance number and the optimal length (the
//     benchmark sets' `id length tiles…`): a line of N, N+1 or N+2 tokens for a board of N cells.
//     The length must be a whole number (0 or more); it is kept as the instance's expected_length.
//   * Grid form: one board row per line, R consecutive lines of C tokens each. A blank line, a line
//     with a different number of tokens, or the end of the input ends a grid (with --size, every R
//     rows also end one, so grids may follow each other directly). Comment-only lines are skipped.
//   * Without a size, the tile count decides: 4 -> 2x2, 9 -> 3x3, 16 -> 4x4, 25 -> 5x5, and a grid
//     has the shape it is written in. Counts that fit several boards (6, 8, 10, 12, 15, 20) are
//     ambiguous and need `--size RxC` (6 tokens are never read as a number, a length and a 2x2
//     board while 2x3 is a size of the build). With a size, every instance must have that size.
//     A one-line 2x2 board and a row of a 4-wide grid both have 4 tokens: a run of lines of 4 (or
//     5) tokens is read as one-line instances when every line is a valid one, otherwise as a grid.
//
// Every instance gets an id (its instance number when given, else its ordinal, 1-based, counting
// every instance read including bad ones) and the line it starts on. A bad instance becomes an
// entry with a message naming what is wrong (duplicate tile, missing tile, tile out of range, wrong
// count, unknown token, size mismatch, ambiguous size); the entries after it are still read.
//
// The benchmark sets (`read_bench_set`) have a fixed form, `id optimal_length tiles…` one instance
// a line, where every line must have the length; the solver's input accepts such lines among its
// other forms (the token count tells them apart).
#pragma once

#include <cstdint>
#include <istream>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/board_sizes.hpp"
#include "core/input_error.hpp"
#include "core/run_board.hpp"
#include "text/request_error.hpp"

namespace npuzzle {

// Parses "RxC" (also "RXC") with 2 <= R, C <= 5; nullopt otherwise.
std::optional<BoardSize> parse_board_size(std::string_view text);

struct Instance {
  std::int64_t id = 0;  // the instance number given in the input, else the ordinal
  int line = 0;         // 1-based line where the instance starts
  int rows = 0;
  int cols = 0;
  std::vector<int> tiles;  // row-major, 0 is the blank; a permutation of 0 .. rows*cols-1
  // The optimal length the input states (a one-line `id length tiles…`), else nullopt.
  std::optional<int> expected_length;
};

// One instance read from the input, or the reason it could not be read.
struct ParsedInstance {
  Instance instance;  // id and line are always set; rows, cols and tiles only when ok()
  std::string error;  // empty when the instance is good; else what is wrong (without the line)
  bool ok() const { return error.empty(); }
  // "line 3: duplicate tile 5" (for bad entries) — the message a user sees.
  std::string describe_error() const;
};

struct ParseOptions {
  BoardSize size;  // from --size; unknown (0x0) to infer from the tile count or grid shape
  // For input read in pieces (each piece ends where no board can continue: after a blank line or a
  // line of a whole board): the line number of the piece's first line, and the instances before it.
  int first_line = 1;
  std::int64_t instances_before = 0;
  // How the messages name the size option ("give --size RxC" on the command line); nullptr: the
  // library's words (text/request_error.hpp).
  const OptionWords* words = nullptr;
};

std::vector<ParsedInstance> parse_instances(std::istream& in, const ParseOptions& options = {});
std::vector<ParsedInstance> parse_instances(std::string_view text,
                                            const ParseOptions& options = {});

// `text` safe to print in a message: control bytes and bytes that are not UTF-8 become \xNN.
std::string printable(std::string_view text);

// Parses a list of numbers (space or comma separated, blank symbols allowed) that must be a
// permutation of 0 .. n-1 for some n >= 4; used for `--goal LIST`. Throws InputError.
std::vector<int> parse_tile_list(std::string_view text);

// Checks that `tiles` is a permutation of 0 .. size.cells()-1 of the right length; returns the
// problem ("duplicate tile 5 and missing tile 7", "tile 16 out of range 0..15", …) or "" when good.
std::string check_tiles(const std::vector<int>& tiles, BoardSize size);

struct BenchInstance {
  Instance instance;
  int optimal_length = 0;  // the known optimum given in the set
};

// Reads a benchmark set: `id optimal_length tiles…` per line, `#` comments and blank lines
// allowed, every line of the same board (size inferred from the tile count, or `size` when known).
// Throws InputError naming the line on any problem.
std::vector<BenchInstance> read_bench_set(std::istream& in, BoardSize size = {});

// The board of an instance read from text.
inline RunBoard board_of(const Instance& instance) {
  return {{instance.rows, instance.cols}, instance.tiles};
}

}  // namespace npuzzle
