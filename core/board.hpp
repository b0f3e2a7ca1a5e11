// core/board.hpp — compile-time board geometry, moves and packed states.
//
// A board of R rows and C columns (2 <= R, C, at most 25 cells; the sizes the tools offer are
// listed in core/board_sizes.hpp) is a type, `Board<R, C>`: its geometry (cell count, neighbours,
// the moves available at each blank cell) is constexpr, so the search loops never branch on the
// board size. Cells are numbered row-major from 0; tiles are 1 .. R*C-1 and 0 is the blank.
//
// Moves are named by the direction the BLANK goes: U D L R. Applying `Up` swaps the blank with the
// tile above it (that tile moves down).
//
// A `State<B>` packs the tile on every cell into one machine word: 4 bits a cell up to 16 cells
// (`uint64_t`), 5 bits a cell up to 32 cells (`unsigned __int128`). The blank's cell travels beside
// the word. Invariant: the word holds a permutation of 0 .. R*C-1 and `blank` is the cell holding
// 0. Two states are equal iff their words are equal (the blank follows from the word).
//
// Frames: `Board<R, C, true>` is an R x C frame holding a smaller board in its top-left corner
// (core/frame.hpp), so that the searches compiled once for the frame solve every board it holds.
// Its states are packed like any other; which cells the blank may enter is the held board's
// geometry (core/geometry.hpp), never the state's.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <type_traits>

// Hot-path helpers that must fold into the per-blank-cell search code (heuristic updates, child
// visits): inlining decides whether the move's cells become constants.
#define NPUZZLE_ALWAYS_INLINE [[gnu::always_inline]] inline

namespace npuzzle {

__extension__ using uint128 = unsigned __int128;  // the packed word of boards above 16 cells

// The geometry the packed word supports (25 cells of 5 bits fit 128 bits); which sizes the tools
// offer is the list in core/board_sizes.hpp.
inline constexpr int kMaxSupportedCells = 25;
inline constexpr int kMinSupportedSide = 2;

enum class Move : std::uint8_t { Up = 0, Down = 1, Left = 2, Right = 3 };

inline constexpr std::array<Move, 4> kAllMoves = {Move::Up, Move::Down, Move::Left, Move::Right};

constexpr Move inverse(Move m) { return static_cast<Move>(static_cast<int>(m) ^ 1); }
constexpr char move_char(Move m) { return "UDLR"[static_cast<int>(m)]; }
// Parses one of U D L R (either case); returns false for anything else.
constexpr bool parse_move(char c, Move& out) {
  switch (c) {
    case 'U':
    case 'u':
      out = Move::Up;
      return true;
    case 'D':
    case 'd':
      out = Move::Down;
      return true;
    case 'L':
    case 'l':
      out = Move::Left;
      return true;
    case 'R':
    case 'r':
      out = Move::Right;
      return true;
    default:
      return false;
  }
}

template <int R, int C, bool kIsFrame = false>
struct Board {
  static_assert(R >= kMinSupportedSide && C >= kMinSupportedSide && R * C <= kMaxSupportedCells,
                "boards have 2 or more rows and columns and at most 25 cells");
  static constexpr int kRows = R;
  static constexpr int kCols = C;
  static constexpr int kCells = R * C;
  static constexpr bool kFrame = kIsFrame;  // holds a smaller board (core/frame.hpp)
  static constexpr int kBitsPerCell = kCells <= 16 ? 4 : 5;
  using Word = std::conditional_t<(kCells <= 16), std::uint64_t, uint128>;
  static constexpr Word kCellMask = (Word{1} << kBitsPerCell) - 1;
  static_assert(kCells * kBitsPerCell <= static_cast<int>(sizeof(Word)) * 8,
                "the packed word holds every cell");
  static_assert(kCells <= (1 << kBitsPerCell), "a cell's bits hold every tile number");

  static constexpr int row(int cell) { return cell / C; }
  static constexpr int col(int cell) { return cell % C; }
  static constexpr int cell(int r, int c) { return r * C + c; }

  // The cell the blank reaches from `cell` going `m`, or -1 off the board.
  static constexpr int neighbour(int cell_index, Move m) {
    const int r = row(cell_index), c = col(cell_index);
    switch (m) {
      case Move::Up:
        return r > 0 ? cell_index - C : -1;
      case Move::Down:
        return r + 1 < R ? cell_index + C : -1;
      case Move::Left:
        return c > 0 ? cell_index - 1 : -1;
      case Move::Right:
        return c + 1 < C ? cell_index + 1 : -1;
    }
    return -1;
  }

  // The moves available with the blank on a cell, in U D L R order.
  struct MoveList {
    std::uint8_t count = 0;
    std::array<Move, 4> moves{};
    std::array<std::uint8_t, 4> targets{};  // the cell the blank goes to
  };
  static constexpr std::array<MoveList, kCells> kMoveTable = [] {
    std::array<MoveList, kCells> table{};
    for (int cell_index = 0; cell_index < kCells; ++cell_index) {
      for (Move m : kAllMoves) {
        const int to = neighbour(cell_index, m);
        if (to < 0) continue;
        auto& list = table[cell_index];
        list.moves[list.count] = m;
        list.targets[list.count] = static_cast<std::uint8_t>(to);
        ++list.count;
      }
    }
    return table;
  }();

  static std::string name() {
    return std::to_string(R) + "x" + std::to_string(C) + (kFrame ? " frame" : "");
  }
};

template <class B>
using Tiles = std::array<std::uint8_t, B::kCells>;  // tile on each cell, row-major

template <class B>
struct State {
  using Word = typename B::Word;
  Word word = 0;           // tile on cell c in bits [c*b, (c+1)*b), b = B::kBitsPerCell
  std::uint8_t blank = 0;  // the cell holding tile 0

  static constexpr int shift(int cell) { return cell * B::kBitsPerCell; }

  int tile_at(int cell) const { return static_cast<int>((word >> shift(cell)) & B::kCellMask); }

  // The blank goes to `target` (a neighbour of `blank`); the tile there moves into the old blank
  // cell.
  void move_blank_to(int target) {
    const Word tile = (word >> shift(target)) & B::kCellMask;
    word += (tile << shift(blank)) - (tile << shift(target));
    blank = static_cast<std::uint8_t>(target);
  }
  // Applies a move; returns false (state unchanged) when the blank would leave the R x C grid. On a
  // frame the held board's moves are its geometry's (apply_move, core/geometry.hpp).
  bool apply(Move m) {
    const int target = B::neighbour(blank, m);
    if (target < 0) return false;
    move_blank_to(target);
    return true;
  }

  static State from_tiles(const Tiles<B>& tiles) {
    State s;
    for (int c = B::kCells - 1; c >= 0; --c) {
      s.word = (s.word << B::kBitsPerCell) | Word{tiles[c]};
      if (tiles[c] == 0) s.blank = static_cast<std::uint8_t>(c);
    }
    return s;
  }
  Tiles<B> tiles() const {
    Tiles<B> t{};
    for (int c = 0; c < B::kCells; ++c) t[c] = static_cast<std::uint8_t>(tile_at(c));
    return t;
  }
  // The cell of every tile (inverse permutation of tiles()).
  Tiles<B> positions() const {
    Tiles<B> p{};
    for (int c = 0; c < B::kCells; ++c) p[tile_at(c)] = static_cast<std::uint8_t>(c);
    return p;
  }

  friend bool operator==(const State& a, const State& b) { return a.word == b.word; }
  template <class H>
  friend H AbslHashValue(H h, const State& s) {
    if constexpr (sizeof(Word) == 8) {
      return H::combine(std::move(h), s.word);
    } else {
      return H::combine(std::move(h), static_cast<std::uint64_t>(s.word),
                        static_cast<std::uint64_t>(s.word >> 64));
    }
  }
};

}  // namespace npuzzle
