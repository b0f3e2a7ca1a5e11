"""The solver's notes (a database built on first use, the heuristic it gives) go to the logging
module's logger "npuzzle", never straight to stderr: quiet=True drops them, and a program that
does not configure logging sees nothing."""

import logging
import os
import subprocess
import sys

import npuzzle

BOARD = "4 1 2 5 3 0"


def _solve_in_fresh_process(pdb_dir, quiet):
    code = ("import npuzzle\n"
            f"r = npuzzle.solve({BOARD!r}, size='2x3', heuristic='pdb', pdb_dir={str(pdb_dir)!r},"
            f" quiet={quiet})\n"
            "assert r.status == 'solved', r\n")
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=os.environ, timeout=120, check=False)


def test_quiet_and_default_logging_leave_stderr_empty(tmp_path):
    for quiet in (True, False):
        pdb_dir = tmp_path / f"quiet-{quiet}"
        done = _solve_in_fresh_process(pdb_dir, quiet)
        assert done.returncode == 0, done.stderr
        assert done.stderr == ""
        assert any(pdb_dir.iterdir()), "no database was built"


class _Collect(logging.Handler):
    def __init__(self):
        super().__init__()
        self.records = []

    def emit(self, record):
        self.records.append(record)


def test_notes_reach_the_npuzzle_logger_unless_quiet(tmp_path):
    logger = logging.getLogger("npuzzle")
    collect = _Collect()
    logger.addHandler(collect)
    level = logger.level
    logger.setLevel(logging.INFO)
    try:
        r = npuzzle.solve(BOARD, size="2x3", heuristic="pdb", pdb_dir=str(tmp_path / "loud"))
        assert r.status == "solved"
        messages = [record.getMessage() for record in collect.records]
        assert any(m.startswith("heuristic pdb") for m in messages), messages
        assert all(record.levelno == logging.INFO for record in collect.records)
        collect.records.clear()
        r = npuzzle.solve(BOARD, size="2x3", heuristic="pdb", pdb_dir=str(tmp_path / "quiet"),
                          quiet=True)
        assert r.status == "solved"
        assert collect.records == []
    finally:
        logger.removeHandler(collect)
        logger.setLevel(level)


def test_a_goal_given_by_its_tiles_is_passed_as_tiles():
    goal = [1, 2, 3, 4, 5, 0]
    by_tiles = npuzzle.solve(BOARD, size="2x3", goal=goal, algorithm="bfs")
    by_name = npuzzle.solve(BOARD, size="2x3", goal="blank-last", algorithm="bfs")
    assert by_tiles.status == by_name.status
    assert by_tiles.moves == by_name.moves
    for bad in ([1.5, 2, 3, 4, 5, 0], [1, 1, 2, 3, 4, 5]):
        try:
            npuzzle.solve(BOARD, size="2x3", goal=bad, algorithm="bfs")
        except ValueError as e:
            assert str(e).startswith("goal: ") and "--" not in str(e)
        else:
            raise AssertionError(f"goal {bad!r} accepted")
