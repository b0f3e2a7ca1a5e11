"""The module's face: ``npuzzle.__version__`` is the command line's version; a Result stopped by a
limit shows in its repr how far it proved (its bound); ``boards`` and ``moves`` are both attributes
of a Result (``r.boards``, ``r.moves``), the old ``r.boards()`` still answering with a
DeprecationWarning."""

import re
import warnings

import pytest

import npuzzle
from conftest import check_solution, korf

HARD = korf(1)[0]  # 57 moves from blank-first


def test_version_is_the_command_lines(cli):
    assert isinstance(npuzzle.__version__, str)
    assert re.fullmatch(r"\d+\.\d+\.\d+\S*", npuzzle.__version__), npuzzle.__version__
    code, out, err = cli(["--version"])
    assert code == 0, err
    assert out.split() == ["npuzzle", npuzzle.__version__]


@pytest.mark.parametrize("keywords,status", [
    ({"heuristic": "md", "node_limit": 5000}, "limit"),
    ({"algorithm": "astar", "heuristic": "md", "mem_limit": "1M"}, "out-of-memory")])
def test_a_stopped_results_repr_shows_its_bound(keywords, status):
    r = npuzzle.solve(HARD, **keywords)
    assert r.status == status and 0 < r.bound <= 57
    text = repr(r)
    assert f"status={status!r}" in text and f"bound={r.bound}," in text, text
    assert f"reason={r.reason!r}" in text, text


def test_a_solved_or_unsolvable_repr_has_no_bound():
    assert "bound=" not in repr(npuzzle.solve("1 2 3 4 5 6 0 7 8", goal="blank-last"))
    assert "bound=" not in repr(npuzzle.solve("2 1 3 4 5 6 7 8 0"))


def test_boards_and_moves_are_both_attributes():
    r = npuzzle.solve("8 6 7 2 5 4 3 0 1", goal="blank-last", algorithm="ida", heuristic="lc")
    assert isinstance(type(r).boards, property)
    assert isinstance(r.moves, str) and isinstance(r.boards, list)
    assert len(r.boards) == len(r.moves) + 1 == r.length + 1
    assert r.boards[0] == r.board and r.boards[-1] == npuzzle.goal_board("3x3", "blank-last")
    assert [b.tiles for b in r.boards] == [b.tiles for b in r.board.boards_along(r.moves)]
    check_solution(r.board, r.moves, r.length, "blank-last")
    unsolvable = npuzzle.solve("2 1 3 4 5 6 7 8 0")
    assert (unsolvable.moves, unsolvable.boards) == ("", [])


def test_calling_boards_still_works_with_a_deprecation_warning():
    r = npuzzle.solve("1 2 3 4 5 6 0 7 8", goal="blank-last", heuristic="md")
    with pytest.warns(DeprecationWarning, match=r"r\.boards, not r\.boards\(\)"):
        called = r.boards()
    assert called == r.boards and len(called) == 3
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert len(r.boards) == 3  # the attribute itself warns of nothing
