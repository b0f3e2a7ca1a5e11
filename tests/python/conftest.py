"""Shared helpers of the Python module's tests: the built `npuzzle` binary, run for comparison.

ctest sets PYTHONPATH to build/python and NPUZZLE_BINARY_DIR to the build directory."""

import json
import os
import pathlib
import subprocess

import pytest

BINARY_DIR = pathlib.Path(os.environ.get("NPUZZLE_BINARY_DIR", "build"))
CLI = BINARY_DIR / "tools" / "npuzzle"
SOURCE_DIR = pathlib.Path(__file__).resolve().parents[2]


def goal_tiles(cells, goal="blank-first"):
    """The tiles of a standard goal, row by row: 0 1 2 … (blank-first) or 1 2 … 0 (blank-last)."""
    tiles = list(range(cells))
    return tiles if goal == "blank-first" else tiles[1:] + [0]


def replay(rows, cols, tiles, moves):
    """The tiles after the blank moves `moves` (U D L R: where the blank goes), applied here and not
    by the module, so that a wrong move in the library cannot hide itself; None when a move leaves
    the board or is no move."""
    tiles = list(tiles)
    steps = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
    for move in moves:
        if move not in steps:
            return None
        blank = tiles.index(0)
        row, col = blank // cols + steps[move][0], blank % cols + steps[move][1]
        if not (0 <= row < rows and 0 <= col < cols):
            return None
        tiles[blank], tiles[row * cols + col] = tiles[row * cols + col], 0
    return tiles


def check_solution(board, moves, length, goal="blank-first"):
    """Asserts that `moves` take `board` (an npuzzle.Board) to `goal` and number `length`."""
    assert len(moves) == length, (board, moves, length)
    end = replay(board.rows, board.cols, board.tiles, moves)
    assert end == goal_tiles(len(board.tiles), goal), (board, moves, end)


def run_cli(args, stdin=""):
    """Runs `npuzzle ARGS` on `stdin`; returns (exit code, stdout, stderr)."""
    done = subprocess.run([str(CLI), *args], input=stdin, capture_output=True, text=True,
                          timeout=120, check=False)
    return done.returncode, done.stdout, done.stderr


def cli_json(args, stdin="", codes=(0, 2, 3, 4, 5)):
    """The JSON objects `npuzzle solve --output json ARGS` prints, one per instance; its exit code
    must be one of `codes`."""
    code, out, err = run_cli(["solve", "--output", "json", *args], stdin)
    assert code in codes, f"npuzzle exited {code}: {err}"
    return [json.loads(line) for line in out.splitlines()]


@pytest.fixture(scope="session")
def cli():
    assert CLI.exists(), f"{CLI} is not built"
    return run_cli
