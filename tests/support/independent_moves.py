"""The Python tests' own move function (the counterpart of tests/support/independent_moves.hpp):
solutions are replayed here, apart from the library that found them, so that a wrong move there
cannot hide itself. A board is its tiles row by row, 0 the blank; a move names the direction the
blank goes (U D L R)."""

STEPS = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}


def goal_tiles(cells, goal="blank-first"):
    """The tiles of a standard goal, row by row: 0 1 2 … (blank-first) or 1 2 … 0 (blank-last)."""
    tiles = list(range(cells))
    return tiles if goal == "blank-first" else tiles[1:] + [0]


def replay(rows, cols, tiles, moves):
    """The tiles after `moves` from `tiles`; None when a move leaves the board or is no move."""
    tiles = list(tiles)
    for move in moves:
        if move not in STEPS:
            return None
        blank = tiles.index(0)
        row, col = blank // cols + STEPS[move][0], blank % cols + STEPS[move][1]
        if not (0 <= row < rows and 0 <= col < cols):
            return None
        tiles[blank], tiles[row * cols + col] = tiles[row * cols + col], 0
    return tiles
