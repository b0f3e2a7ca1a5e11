"""The module's answers equal the command line's (`npuzzle solve --output json`) on small boards of
every size, with both standard goals, every algorithm, and several threads. Every solution, the
module's and the command line's, is replayed here in plain Python (conftest.replay) to its goal,
its number of moves its length."""

import itertools
import threading

import pytest

import npuzzle
from conftest import check_solution, cli_json, replay

SIZES = [f"{r}x{c}" for r, c in itertools.product(range(2, 6), repeat=2)]
GOALS = ["blank-first", "blank-last"]
COMPARED = ("status", "length", "moves", "optimal", "expanded", "generated", "algorithm",
            "heuristic", "threads")


def boards_for(size, goal, seed):
    """Three boards: uniformly random up to 9 cells, random walks of 24 moves above."""
    rows, cols = map(int, size.split("x"))
    walk = None if rows * cols <= 9 else 24
    return npuzzle.random_boards(size=size, count=3, seed=seed, goal=goal, walk=walk)


def as_json(result):
    return {key: getattr(result, key) if key != "moves" or result.solved else None
            for key in COMPARED}


def check_same(boards, size, goal, extra_cli, **options):
    stdin = "".join(b.to_string() + "\n" for b in boards)
    expected = cli_json(["--size", size, "--goal", goal, *extra_cli], stdin)
    assert len(expected) == len(boards)
    for board, want in zip(boards, expected):
        got = npuzzle.solve(board, goal=goal, **options)
        assert as_json(got) == {key: want[key] for key in COMPARED}, board
        assert got.exit_code == 0
        check_solution(board, got.moves, got.length, goal)
        check_solution(board, want["moves"], want["length"], goal)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("goal", GOALS)
def test_every_size_and_goal_matches_cli(size, goal):
    boards = boards_for(size, goal, seed=len(size) + SIZES.index(size))
    check_same(boards, size, goal, ["--heuristic", "lc"], heuristic="lc")


def test_the_default_algorithm_follows_the_board_size():
    """No algorithm named: aida above 12 cells, ida on the smaller boards, as on the command line."""
    eight = npuzzle.solve("1 0 2 3 4 5 6 7 8", heuristic="md")
    fifteen = npuzzle.solve("1 2 3 0 4 5 6 7 8 9 10 11 12 13 14 15", heuristic="md", threads=2)
    assert (eight.algorithm, eight.length) == ("ida", 1)
    assert (fifteen.algorithm, fifteen.moves, fifteen.threads) == ("aida", "LLL", 1)
    assert npuzzle.solve("1 2 3 0 4 5 6 7 8 9 10 11 12 13 14 15", heuristic="md",
                         algorithm="ida").algorithm == "ida"


@pytest.mark.parametrize("algorithm,heuristic", [
    ("ida", "md"), ("astar", "md"), ("dfbnb", "lc"), ("greedy", "md"), ("bfs", None),
    ("astar", "misplaced"), ("ida", "wd")])
def test_algorithms_match_cli(algorithm, heuristic):
    boards = npuzzle.random_boards(size="3x3", count=3, seed=11)
    extra = ["--algo", algorithm] + (["--heuristic", heuristic] if heuristic else [])
    check_same(boards, "3x3", "blank-first", extra, algorithm=algorithm, heuristic=heuristic)


@pytest.mark.parametrize("algorithm", ["hda", "pida"])
def test_parallel_searches_with_threads_are_optimal(algorithm):
    boards = npuzzle.random_boards(size="4x4", count=2, seed=5, walk=40)
    for board in boards:
        serial = npuzzle.solve(board, heuristic="lc")
        parallel = npuzzle.solve(board, algorithm=algorithm, heuristic="lc", threads=2)
        assert parallel.status == "solved" and parallel.optimal
        assert parallel.threads == 2
        assert parallel.length == serial.length
        check_solution(board, parallel.moves, parallel.length)
    want = cli_json(["--algo", algorithm, "--heuristic", "lc", "--threads", "2"],
                    boards[0].to_string())[0]
    got = npuzzle.solve(boards[0], algorithm=algorithm, heuristic="lc", threads=2)
    assert (got.length, got.threads, got.optimal) == (want["length"], want["threads"],
                                                      want["optimal"])


def test_python_threads_solve_at_once():
    boards = npuzzle.random_boards(size="3x3", count=8, seed=3)
    alone = [npuzzle.solve(b, algorithm="astar", heuristic="md") for b in boards]
    together = [None] * len(boards)

    def work(i):
        together[i] = npuzzle.solve(boards[i], algorithm="astar", heuristic="md")

    workers = [threading.Thread(target=work, args=(i,)) for i in range(len(boards))]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert [(r.moves, r.expanded) for r in together] == [(r.moves, r.expanded) for r in alone]


def test_random_boards_equal_cli(cli):
    for walk in (None, 30):
        boards = npuzzle.random_boards(size="3x4", count=5, seed=42, goal="blank-last", walk=walk)
        args = ["random", "--size", "3x4", "--count", "5", "--seed", "42", "--goal", "blank-last"]
        code, out, _ = cli(args + ([] if walk is None else ["--walk", str(walk)]))
        assert code == 0
        assert [b.to_string() for b in boards] == out.splitlines()


def test_solvability_relative_to_goal():
    board = npuzzle.Board("1 8 2 0 4 3 7 6 5")
    assert board.is_solvable(goal="blank-first") and board.is_solvable(goal="blank-last")
    swapped = npuzzle.Board("2 1 3 4 5 6 7 8 0")  # two tiles exchanged: the other parity class
    assert not swapped.is_solvable(goal="blank-first") and not swapped.is_solvable("blank-last")
    four = npuzzle.random_boards(size="4x4", count=4, seed=9)
    for b in four:
        assert b.is_solvable() and not b.is_solvable(goal="blank-last")
    cli_status = cli_json(["--goal", "blank-last"], four[0].to_string())[0]["status"]
    assert cli_status == npuzzle.solve(four[0], goal="blank-last").status == "unsolvable"


def test_solution_replays_to_the_goal():
    r = npuzzle.solve("8 6 7 2 5 4 3 0 1", goal="blank-last", algorithm="ida", heuristic="lc")
    assert (r.status, r.length, r.optimal) == ("solved", 31, True)
    boards = r.boards
    assert len(boards) == r.length + 1
    assert boards[0] == r.board and boards[-1] == npuzzle.goal_board("3x3", "blank-last")
    assert len(r.tiles_moved) == r.length
    check_solution(r.board, r.moves, r.length, "blank-last")


@pytest.mark.parametrize("algorithm,threads", [("astar", 2), ("ida", 3), ("pida", 2)])
def test_solve_all_with_threads_matches_cli(algorithm, threads):
    boards = npuzzle.random_boards(size="3x3", count=9, seed=21)
    results = npuzzle.solve_all(boards, algorithm=algorithm, heuristic="md", threads=threads)
    want = cli_json(["--algo", algorithm, "--heuristic", "md", "--threads", str(threads)],
                    "".join(b.to_string() + "\n" for b in boards))
    assert [r.board for r in results] == boards
    assert [r.length for r in results] == [w["length"] for w in want]
    for board, r, w in zip(boards, results, want):
        check_solution(board, r.moves, r.length)
        check_solution(board, w["moves"], w["length"])
    assert [r.threads for r in results] == [w["threads"] for w in want]
    if algorithm != "pida":  # sequential searches: the very same nodes, whatever the thread
        assert [(r.moves, r.expanded) for r in results] == [(w["moves"], w["expanded"])
                                                             for w in want]


def test_own_replay_follows_and_refuses_moves():
    start = [1, 0, 2, 3, 4, 5]  # 2x3, the blank in the top middle
    assert replay(2, 3, start, "") == start
    assert replay(2, 3, start, "L") == [0, 1, 2, 3, 4, 5]
    assert replay(2, 3, start, "DR") == [1, 4, 2, 3, 5, 0]
    assert replay(2, 3, start, "U") is None
    assert replay(2, 3, start, "RR") is None
    assert replay(2, 3, start, "x") is None
