"""npuzzle: optimal sliding-tile puzzle solving (2x2 .. 5x5) from Python.

The engine of the ``npuzzle`` command line, with the same names, defaults, messages and answers::

    import npuzzle
    r = npuzzle.solve("8 6 7 2 5 4 3 0 1", goal="blank-last", algorithm="ida", heuristic="lc")
    r.length, r.moves, r.boards, r.optimal, r.expanded, r.generated, r.seconds, r.status
    npuzzle.random_boards(size="4x4", count=10, seed=7)
    npuzzle.Board("1 8 2 0 4 3 7 6 5").is_solvable(goal="blank-first")

Boards are read as the command line reads them (one line, a grid, commas, ``x _ .`` for the
blank); a bad board raises ValueError with the command line's message, in Python's words: where it
names an option it names the keyword (``size="2x3"``, not ``--size 2x3``). Algorithm, heuristic
and tie-break names are the command line's, aliases included, from the engine's one table: case
and ``_ - space`` do not matter (``"A*"``, ``"IDA*"``, ``"Manhattan"``, ``"linear_conflict"``);
results name the canonical one (``"astar"``, ``"md"``), and an unknown name raises ValueError
naming the nearest (``did you mean 'md' (manhattan)?``). Moves name where the blank goes (U D L
R). A search runs without the GIL; Ctrl-C stops it and raises KeyboardInterrupt; the
interpreter's exit stops one still running on a daemon thread.
Limits give a Result with status "limit" and the best lower bound proven, ``bound``.
``npuzzle.__version__`` is the engine's version. In a notebook, boards and results draw themselves.

The solver's notes (a pattern database loaded or built on first use, the heuristic it gives, a fall
back to linear conflict) go to the ``logging`` module's logger ``npuzzle`` (INFO and WARNING), never
straight to stderr: ``logging.basicConfig(level=logging.INFO)`` shows them; ``quiet=True`` drops
them.
"""

import logging
import operator
import secrets
import warnings
from collections import namedtuple

from . import _npuzzle as _extension
from ._arguments import _INT_MAX, _UINT64_MAX, _count, _seconds, _text
from ._render import board_svg, strip_svg

__all__ = ["Board", "Result", "ParsedBoard", "solve", "solve_all", "random_boards", "parse_boards",
           "goal_board"]

# The version of the engine underneath, the one ``npuzzle --version`` prints.
__version__ = _extension.__version__

# A library's logger: silent until the application configures logging.
logging.getLogger(__name__).addHandler(logging.NullHandler())

# The extension: its errors already name keywords (it words the engine's typed errors itself).
_npuzzle = _extension

def _size_text(size):
    """None, "4x4" or (rows, cols) -> the command line's "RxC" ("" when unknown)."""
    if size is None:
        return ""
    if isinstance(size, str):
        return size
    rows, cols = size
    return f"{rows}x{cols}"


def _goal_text(goal):
    """A goal as the command line takes it: a name, or the goal's tiles (a Board or a list)."""
    if goal is None:
        return "blank-first"
    if isinstance(goal, str):
        return goal
    if isinstance(goal, Board):
        return goal.to_string()
    return " ".join(str(int(t)) for t in goal)


class Board:
    """A board: ``rows`` x ``cols`` cells, ``tiles`` row by row (0 the blank).

    ``Board(text, size=None)`` reads any form the command line reads; a list of tiles or a list of
    rows is accepted too. ``size`` ("RxC" or (R, C)) is needed when the tile count fits several
    boards (6, 8, 10, 12, 15, 20 tiles).
    """

    __slots__ = ("rows", "cols", "tiles")

    def __init__(self, board, size=None):
        if isinstance(board, Board):
            self.rows, self.cols, self.tiles = board.rows, board.cols, board.tiles
            return
        if isinstance(board, str):
            text = board
        else:
            rows = list(board)
            if rows and all(isinstance(r, (list, tuple)) for r in rows):
                text = "\n".join(" ".join(str(t) for t in r) for r in rows)
            else:
                text = " ".join(str(t) for t in rows)
        rows_, cols, tiles = _npuzzle.parse_board(text, _size_text(size))
        self.rows, self.cols, self.tiles = rows_, cols, tuple(tiles)

    @classmethod
    def _make(cls, parts):
        board = cls.__new__(cls)
        board.rows, board.cols, tiles = parts
        board.tiles = tuple(tiles)
        return board

    @property
    def size(self):
        """ "RxC", as the command line writes it."""
        return f"{self.rows}x{self.cols}"

    @property
    def grid(self):
        """The tiles as a list of rows."""
        return [list(self.tiles[r * self.cols:(r + 1) * self.cols]) for r in range(self.rows)]

    def to_string(self):
        """The one-line form: "8 6 7 2 5 4 3 0 1"."""
        return " ".join(str(t) for t in self.tiles)

    def is_solvable(self, goal="blank-first"):
        """True when slides can take this board to ``goal`` (decided by parity, never searched)."""
        return _npuzzle.is_solvable(self.rows, self.cols, list(self.tiles), _goal_text(goal))

    def solve(self, **options):
        """``npuzzle.solve(self, **options)``."""
        return solve(self, **options)

    def boards_along(self, moves):
        """The boards from this one along blank moves "RDLU…" (this one first)."""
        return [Board._make(p) for p in
                _npuzzle.boards_along(self.rows, self.cols, list(self.tiles), moves)]

    def apply(self, moves):
        """The board after blank moves "RDLU…"; ValueError on an illegal move."""
        return self.boards_along(moves)[-1]

    def __eq__(self, other):
        return isinstance(other, Board) and (self.rows, self.cols, self.tiles) == (
            other.rows, other.cols, other.tiles)

    def __hash__(self):
        return hash((self.rows, self.cols, self.tiles))

    def __repr__(self):
        return f"Board({self.to_string()!r}, size={self.size!r})"

    def __str__(self):
        width = len(str(len(self.tiles) - 1))
        return "\n".join(" ".join(("." if t == 0 else str(t)).rjust(width) for t in row)
                         for row in self.grid)

    def _repr_svg_(self):
        return board_svg(self)

    def _repr_html_(self):
        return f"<div>{board_svg(self)}</div>"


class Result:
    """One search's outcome, as ``npuzzle solve --output json`` reports it.

    ``status`` is "solved", "unsolvable", "limit", "out-of-memory" or "error"; ``moves`` (blank
    moves, "" unless solved), ``length`` (None unless solved), ``optimal``, ``expanded``,
    ``generated``, ``peak_stored``, ``seconds``, ``algorithm``, ``heuristic``, ``threads``,
    ``reason`` (why not solved), ``bound`` (the best lower bound after a limit), ``error``,
    ``exit_code`` (the command line's), ``tiles_moved``, ``board`` and ``goal``; ``boards``, the
    boards along the solution, is an attribute like ``moves`` (``r.boards``, not ``r.boards()``).
    """

    def __init__(self, board, goal, fields):
        self.board = board
        self.goal = goal
        for key, value in fields.items():
            setattr(self, key, value)

    @property
    def length(self):
        return len(self.moves) if self.status == "solved" else None

    @property
    def solved(self):
        return self.status == "solved"

    @property
    def boards(self):
        """The boards along the solution, the start first ([] unless solved): a list, as
        ``moves`` is a str."""
        return _Boards(self.board.boards_along(self.moves) if self.solved else [])

    def __repr__(self):
        if self.solved:
            return (f"Result(status='solved', length={self.length}, optimal={self.optimal}, "
                    f"moves={self.moves!r}, algorithm={self.algorithm!r}, "
                    f"heuristic={self.heuristic!r}, expanded={self.expanded}, "
                    f"generated={self.generated})")
        why = self.error or self.reason
        if self.status in ("limit", "out-of-memory"):  # stopped: how far it proved
            return (f"Result(status={self.status!r}, reason={why!r}, bound={self.bound}, "
                    f"expanded={self.expanded})")
        return f"Result(status={self.status!r}, reason={why!r}, expanded={self.expanded})"

    def _summary(self):
        search = self.algorithm + (f" + {self.heuristic}" if self.heuristic else "")
        if self.solved:
            proof = "optimal" if self.optimal else "not proven optimal"
            return (f"solved in {self.length} moves ({proof}) to the goal {self.goal}, {search}; "
                    f"expanded {self.expanded:,}, generated {self.generated:,}, "
                    f"{self.seconds:.3f} s")
        if self.status in ("limit", "out-of-memory"):
            return (f"{self.status} ({self.reason}) before reaching the goal {self.goal}, {search}: "
                    f"reached the bound {self.bound} (no solution is shorter) after expanding "
                    f"{self.expanded:,} and generating {self.generated:,} nodes in "
                    f"{self.seconds:.3f} s")
        return f"{self.status} for the goal {self.goal}: {self.error or self.reason}"

    def _repr_svg_(self):
        return strip_svg(self.boards or [self.board], self.moves if self.solved else "")

    def _repr_html_(self):
        from html import escape
        return f"<div><p>{escape(self._summary())}</p>{self._repr_svg_()}</div>"


class _Boards(list):
    """``Result.boards``: a list of Boards. Calling it, as when ``boards`` was a method
    (``r.boards()``), still gives the list, with a DeprecationWarning."""

    __slots__ = ()

    def __call__(self):
        warnings.warn("Result.boards is an attribute, like Result.moves: write r.boards, not "
                      "r.boards()", DeprecationWarning, stacklevel=2)
        return self


ParsedBoard = namedtuple("ParsedBoard", "id line board error")
ParsedBoard.__doc__ = "One instance of a text: its id, line, Board (None when bad) and error."


def parse_boards(text, size=None):
    """Every instance of ``text`` (a file's contents), each a ParsedBoard; bad ones keep going."""
    out = []
    for ident, line, parts, error in _npuzzle.parse_boards(text, _size_text(size)):
        out.append(ParsedBoard(ident, line, None if error else Board._make(parts), error))
    return out


def goal_board(size="4x4", goal="blank-first"):
    """The goal as a Board."""
    return Board._make(_npuzzle.goal_board(_size_text(size), _goal_text(goal)))


def random_boards(size="4x4", count=1, seed=None, goal="blank-first", walk=None):
    """``count`` uniformly random boards that can reach ``goal`` (the same seed gives the same
    boards as ``npuzzle random --seed``), or with ``walk=N`` random walks of N moves from it."""
    if seed is None:
        seed = secrets.randbits(64)
    try:
        seed_value = None if isinstance(seed, bool) else operator.index(seed)
    except TypeError:
        seed_value = None
    if seed_value is None or not 0 <= seed_value < 1 << 64:
        raise ValueError(f"seed: {seed!r} is not a non-negative integer")
    seed = seed_value
    parts = _npuzzle.random_boards(_size_text(size), _count("count", count, _INT_MAX), seed,
                                   _goal_text(goal),
                                   -1 if walk is None else _count("walk", walk, _INT_MAX))
    return [Board._make(p) for p in parts]


def _goal_tiles(goal):
    """A goal given by its tiles (a Board or a sequence of ints) as a list; [] for a named one.
    ValueError for a tile past the engine's int, which would not even reach its checks."""
    if goal is None or isinstance(goal, str):
        return []
    if isinstance(goal, Board):
        return list(goal.tiles)
    try:
        tiles = [operator.index(t) for t in goal]
    except TypeError:
        raise ValueError(f"goal: {goal!r} is not a goal's tiles (whole numbers)") from None
    for tile in tiles:
        if not -_INT_MAX - 1 <= tile <= _INT_MAX:
            raise ValueError(f"goal: the tile {tile} is not 0 to {len(tiles) - 1}")
    return tiles


def _options(goal, algorithm, algo, heuristic, tie_break, owner_hash, threads, time_limit,
             node_limit, mem_limit, pdb_dir, quiet):
    """The keywords as the extension takes them, checked where Python's types could slip by.
    A keyword left at None is not given."""
    algorithm = _text("algorithm", algorithm)
    algo = _text("algo", algo)
    if algo and algorithm and _npuzzle.algorithm_name(algo) != _npuzzle.algorithm_name(algorithm):
        raise ValueError("give algorithm= or algo=, not both")
    if mem_limit is not None and not isinstance(mem_limit, str):
        mem_limit = _count("mem_limit", mem_limit, _UINT64_MAX)
    goal_tiles = _goal_tiles(goal)
    return {"algorithm": algorithm or algo or "",
            "heuristic": _text("heuristic", heuristic),
            "goal": "" if goal_tiles else (_text("goal", goal) or "blank-first"),
            "goal_tiles": goal_tiles, "quiet": bool(quiet),
            "tie_break": _text("tie_break", tie_break),
            "owner_hash": _text("owner_hash", owner_hash),
            "threads": 1 if threads is None else _count("threads", threads, _INT_MAX),
            "time_limit": _seconds(time_limit),
            "node_limit": _count("node_limit", node_limit, _UINT64_MAX),
            "mem_limit": "" if mem_limit is None else str(mem_limit),
            "pdb_dir": _text("pdb_dir", pdb_dir, path=True)}


def solve(board, *, goal="blank-first", algorithm=None, heuristic=None, tie_break=None,
          owner_hash=None, threads=1, time_limit=0, node_limit=0, mem_limit=None,
          pdb_dir=None, size=None, algo=None, quiet=False):
    """Solve ``board`` (a Board, its text, or its tiles) as ``npuzzle solve`` would.

    Keywords are the command line's options: ``goal``, ``algorithm`` (or ``algo``: ida, astar,
    hda, pida, bfs, dfbnb, greedy, aida; None: aida on boards of more than 12 cells, ida on the
    smaller ones), ``heuristic`` (misplaced, md, lc, wd, pdb, pdb:PARTITION;
    None: the best for the board), ``tie_break`` (lifo, fifo, larger-g; None: the algorithm's
    default), ``owner_hash`` (hda; None: abstract-zobrist), ``threads`` (inside the search: hda,
    pida, aida), ``time_limit`` (seconds), ``node_limit``, ``mem_limit`` (bytes, or "512M"), ``pdb_dir``,
    ``size`` (for boards given as text), ``quiet`` (no notes to the ``npuzzle`` logger). Options
    left at None are not given; one given that the
    algorithm does not take (tie_break for ida, heuristic for bfs …) is refused as the command line
    refuses it. Returns a Result; raises ValueError for a bad board or option, KeyboardInterrupt
    on Ctrl-C.
    """
    board = board if isinstance(board, Board) else Board(board, size=size)
    options = _options(goal, algorithm, algo, heuristic, tie_break, owner_hash, threads,
                       time_limit, node_limit, mem_limit, pdb_dir, quiet)
    fields = _npuzzle.solve(board.rows, board.cols, list(board.tiles), **options)
    return Result(board, _goal_text(goal), fields)


def solve_all(boards, *, goal="blank-first", algorithm=None, heuristic=None,
              tie_break=None, owner_hash=None, threads=1, time_limit=0,
              node_limit=0, mem_limit=None, pdb_dir=None, size=None, algo=None, quiet=False):
    """Solve many boards as ``npuzzle solve --threads N`` does: with hda, pida and aida named the
    threads work inside each search, with the other algorithms or none named N boards are solved
    at once. Limits are
    per board; results come in the order of ``boards``; Ctrl-C stops them all."""
    boards = [b if isinstance(b, Board) else Board(b, size=size) for b in boards]
    options = _options(goal, algorithm, algo, heuristic, tie_break, owner_hash, threads,
                       time_limit, node_limit, mem_limit, pdb_dir, quiet)
    parts = [(b.rows, b.cols, list(b.tiles)) for b in boards]
    return [Result(b, _goal_text(goal), fields)
            for b, fields in zip(boards, _npuzzle.solve_all(parts, **options))]
