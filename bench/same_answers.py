#!/usr/bin/env python3
"""Checks that two npuzzle binaries give the same answers: the same boards of every size, solved
with every algorithm and every heuristic that fits, one thread, JSON output compared field by
field except the seconds (status, length, moves, expanded, generated, peak stored).

The matrix (the one of bench/RESULTS.md, "Build weight, fifth step: boards in frames"):
  - sizes: every size of 2..5 x 2..5; all of them by default, or those of --sizes;
  - boards: 4 a size, made by OLD's `npuzzle random` with a fixed seed (--seed): uniformly random
    up to 9 cells, random walks of 30, 31, 33 and 34 moves above;
  - algorithms: ida, astar, hda, pida, greedy and dfbnb with every heuristic of the size (dfbnb
    with md and lc only above 9 cells), bfs (no heuristic) up to 10 cells;
  - heuristics: misplaced, md, lc, pdb, pdb-dual, and wd up to four a side; md and lc only on
    4x4 and 5x5.
The pattern databases are built once, by OLD, into --pdb-dir (a temporary directory by default),
and both binaries read them there.

Prints one line per difference (a result missing or failed, in either, is one), then
"N results, all identical" or "K of N differ". Exit code 0 when all are identical, 1 when some
differ, 2 on a usage error or when a setup step fails (the boards, the databases) or a binary
stays missing.

Usage: bench/same_answers.py OLD_BINARY NEW_BINARY [--jobs 1] [--pdb-dir DIR] [--sizes 3x4 4x5]
           [--seed 1]
A binary that is missing or being rewritten (a rebuild) is waited for, a minute at a time, for
up to --wait-minutes, then the case is run again.
"""

import argparse
import concurrent.futures
import json
import os
import subprocess
import sys
import tempfile
import threading
import time

ALL_SIZES = [(rows, cols) for rows in range(2, 6) for cols in range(2, 6)]
OWN_TYPE_SIZES = {(4, 4), (5, 5)}
SEARCHES = ["ida", "astar", "hda", "pida", "greedy"]
BOARDS_PER_SIZE = 4
WALK_LENGTHS = [30, 31, 33, 34]
COMPARED_FIELDS = ["status", "length", "moves", "expanded", "generated", "peak_stored"]
RETRY_SECONDS = 60


def fail(message):
    """Stops the whole run: a setup step failed or a binary never came back."""
    print(f"same_answers: {message}", file=sys.stderr, flush=True)
    sys.exit(2)


def size_name(size):
    return f"{size[0]}x{size[1]}"


def parse_size(text):
    try:
        rows, cols = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a size RxC: {text!r}") from None
    if (rows, cols) not in ALL_SIZES:
        raise argparse.ArgumentTypeError(f"{text}: sizes go from 2x2 to 5x5")
    return rows, cols


def heuristics(size):
    """The heuristics every search but bfs runs on the size."""
    if size in OWN_TYPE_SIZES:
        return ["md", "lc"]
    names = ["misplaced", "md", "lc", "pdb", "pdb-dual"]
    if max(size) <= 4:
        names.append("wd")
    return names


def cases(size):
    """(algorithm, heuristic or None) for every run of the size."""
    cells = size[0] * size[1]
    runs = [(algo, name) for algo in SEARCHES for name in heuristics(size)]
    dfbnb_heuristics = heuristics(size) if cells <= 9 else ["md", "lc"]
    runs += [("dfbnb", name) for name in dfbnb_heuristics]
    if cells <= 10:
        runs.append(("bfs", None))
    return runs


class Runner:
    """Runs a binary, waiting while it is missing or being rewritten."""

    def __init__(self, wait_minutes):
        self.wait_minutes = wait_minutes
        self.gave_up = threading.Event()

    def run(self, command, stdin_text=""):
        binary = command[0]
        deadline = time.monotonic() + 60 * self.wait_minutes
        while not self.gave_up.is_set():
            try:
                if os.access(binary, os.X_OK):
                    return subprocess.run(command, input=stdin_text, capture_output=True,
                                          text=True)
                problem = "missing"
            except OSError as error:  # ETXTBSY or ENOEXEC while the binary is being linked
                problem = error.strerror
            if time.monotonic() > deadline:
                self.gave_up.set()
                fail(f"{binary}: {problem}; gave up after {self.wait_minutes} min")
            print(f"same_answers: {binary}: {problem}; trying again in {RETRY_SECONDS} s",
                  file=sys.stderr, flush=True)
            self.gave_up.wait(RETRY_SECONDS)
        sys.exit(2)


def make_boards(runner, binary, size, seed):
    """The size's boards, one a line of tiles."""
    common = [binary, "random", "--size", size_name(size), "--goal", "blank-first"]
    if size[0] * size[1] <= 9:
        commands = [common + ["--count", str(BOARDS_PER_SIZE), "--seed", str(seed)]]
    else:
        commands = [common + ["--walk", str(walk), "--seed", str(seed + index)]
                    for index, walk in enumerate(WALK_LENGTHS)]
    boards = []
    for command in commands:
        done = runner.run(command)
        if done.returncode != 0:
            fail(f"{' '.join(command)}: exit {done.returncode}: {done.stderr.strip()}")
        boards += done.stdout.splitlines()
    return boards


def solve_command(binary, size, algo, heuristic, pdb_dir):
    command = [binary, "solve", "--size", size_name(size), "--goal", "blank-first", "--algo",
               algo, "--threads", "1", "--output", "json", "-q"]
    if heuristic:
        command += ["--heuristic", heuristic, "--pdb-dir", pdb_dir]
    return command + ["-"]


def build_databases(runner, binary, size, board, pdb_dir):
    """Builds the size's pattern databases once (the first solve that needs them does)."""
    print(f"same_answers: {size_name(size)}: pattern databases in {pdb_dir}", file=sys.stderr,
          flush=True)
    command = solve_command(binary, size, "ida", "pdb", pdb_dir)
    done = runner.run(command, board + "\n")
    if done.returncode != 0:
        fail(f"building the {size_name(size)} databases: exit {done.returncode}: "
             f"{done.stderr.strip()}")


def results_by_id(done):
    """The run's JSON results keyed by instance id."""
    results = {}
    for line in done.stdout.splitlines():
        try:
            result = json.loads(line)
        except json.JSONDecodeError:
            continue
        results[result.get("id")] = result
    return results


def failure_note(done):
    lines = done.stderr.strip().splitlines()
    return f"exit {done.returncode}" + (f": {lines[0]}" if lines else "")


def result_differences(old_result, old_run, new_result, new_run):
    """What differs between two results of one board; a missing or failed result differs."""
    if old_result is None or new_result is None:
        sides = [(name, f"a result, status {result['status']}" if result
                  else f"no result, {failure_note(run)}")
                 for name, result, run in (("old", old_result, old_run),
                                           ("new", new_result, new_run))]
        if sides[0][1] == sides[1][1]:
            return [f"old and new: {sides[0][1]}"]
        return ["; ".join(f"{name}: {note}" for name, note in sides)]
    notes = [f"{field} {old_result.get(field)} (old) vs {new_result.get(field)} (new)"
             for field in COMPARED_FIELDS if old_result.get(field) != new_result.get(field)]
    for name, result in (("old", old_result), ("new", new_result)):
        if result.get("status") == "error":
            notes.append(f"{name} failed: {result.get('error')}")
    return notes


def compare_case(runner, old, new, size, algo, heuristic, boards, pdb_dir):
    """For each board of the case, the list of what differs (empty when identical)."""
    stdin_text = "\n".join(boards) + "\n"
    old_run = runner.run(solve_command(old, size, algo, heuristic, pdb_dir), stdin_text)
    new_run = runner.run(solve_command(new, size, algo, heuristic, pdb_dir), stdin_text)
    old_results, new_results = results_by_id(old_run), results_by_id(new_run)
    label = f"{size_name(size)} {algo} {heuristic or '-'}"
    return [(f"{label} board {index} [{board}]",
             result_differences(old_results.get(index), old_run, new_results.get(index),
                                new_run))
            for index, board in enumerate(boards, start=1)]


def main():
    parser = argparse.ArgumentParser(
        description="Solve the same boards with two npuzzle binaries and compare the answers.")
    parser.add_argument("old", help="the reference npuzzle binary (it also makes the boards and "
                        "the pattern databases)")
    parser.add_argument("new", help="the npuzzle binary to check")
    parser.add_argument("--jobs", type=int, default=1, help="cases run at once (default 1)")
    parser.add_argument("--pdb-dir", help="pattern database directory (default: a temporary one, "
                        "removed at the end)")
    parser.add_argument("--sizes", nargs="+", metavar="RxC",
                        help="sizes to check, e.g. 3x4 4x5 (default: all sixteen)")
    parser.add_argument("--seed", type=int, default=1, help="random seed of the boards "
                        "(default 1)")
    parser.add_argument("--wait-minutes", type=float, default=30,
                        help="how long to wait for a missing binary (default 30)")
    args = parser.parse_args()
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    try:
        sizes = ([parse_size(text) for item in args.sizes for text in item.split(",") if text]
                 if args.sizes else ALL_SIZES)
    except argparse.ArgumentTypeError as error:
        parser.error(str(error))
    old, new = os.path.abspath(args.old), os.path.abspath(args.new)
    runner = Runner(args.wait_minutes)

    with tempfile.TemporaryDirectory(prefix="same_answers_") as scratch:
        pdb_dir = os.path.abspath(args.pdb_dir) if args.pdb_dir else os.path.join(scratch, "pdb")
        work = []
        for size in sizes:
            boards = make_boards(runner, old, size, args.seed)
            if "pdb" in heuristics(size):
                build_databases(runner, old, size, boards[0], pdb_dir)
            work += [(size, algo, heuristic, boards) for algo, heuristic in cases(size)]

        total = differing = 0
        pool = concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs)
        try:
            outcomes = pool.map(lambda case: compare_case(runner, old, new, *case, pdb_dir),
                                work)
            for board_outcomes in outcomes:
                for where, notes in board_outcomes:
                    total += 1
                    differing += bool(notes)
                    for note in notes:
                        print(f"{where}: {note}", flush=True)
        finally:
            pool.shutdown(cancel_futures=True)
    if differing:
        print(f"{differing} of {total} differ")
        return 1
    print(f"{total} results, all identical")
    return 0


if __name__ == "__main__":
    sys.exit(main())
