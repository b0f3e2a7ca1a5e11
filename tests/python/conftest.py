"""Shared helpers of the Python module's tests: the built `npuzzle` binary, run for comparison.

ctest sets PYTHONPATH to build/python and NPUZZLE_BINARY_DIR to the build directory."""

import json
import os
import pathlib
import subprocess
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "support"))
from independent_moves import goal_tiles, replay  # noqa: E402  (the tests' own moves)

BINARY_DIR = pathlib.Path(os.environ.get("NPUZZLE_BINARY_DIR", "build"))
CLI = BINARY_DIR / "tools" / "npuzzle"
SOURCE_DIR = pathlib.Path(__file__).resolve().parents[2]


def check_solution(board, moves, length, goal="blank-first"):
    """Asserts that `moves`, replayed with the tests' own move function (not the module's), take
    `board` (an npuzzle.Board) to `goal`, and that they number `length`."""
    assert len(moves) == length, (board, moves, length)
    end = replay(board.rows, board.cols, board.tiles, moves)
    assert end == goal_tiles(len(board.tiles), goal), (board, moves, end)


def korf(instance_id):
    """Korf's instance `instance_id` of bench/data/korf100.txt (`id length tiles…` a line): its
    tiles as text and its published optimal length."""
    with open(SOURCE_DIR / "bench" / "data" / "korf100.txt") as f:
        for line in f:
            words = line.split()
            if words and not words[0].startswith("#") and int(words[0]) == instance_id:
                return " ".join(words[2:]), int(words[1])
    raise LookupError(f"Korf's instance {instance_id} is not in korf100.txt")


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
