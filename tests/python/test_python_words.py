"""The module speaks Python: messages name keywords (size="2x3", goal="blank-last"), not the command
line's options; algorithm and heuristic names are case-insensitive with their usual long names; a
result's HTML names the goal and, after a limit, what the search reached."""

import pytest

import npuzzle
from conftest import korf


def test_messages_name_keywords_not_options():
    with pytest.raises(ValueError) as caught:
        npuzzle.Board("1 2 3 4 5 0")
    assert 'size="RxC"' in str(caught.value) and "--" not in str(caught.value)
    with pytest.raises(ValueError) as caught:
        npuzzle.Board("1 2 3 4 5 0", size="2x7")
    assert str(caught.value).startswith("size: ")
    with pytest.raises(ValueError) as caught:
        npuzzle.random_boards(size="3x3", count=-1)
    assert str(caught.value).startswith("count: ")
    # On 4x4 the standard goals have opposite parities: the reason names the other one's keyword.
    r = npuzzle.solve("1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15")
    assert r.status == "unsolvable"
    assert 'goal="blank-last"' in r.reason and "--" not in r.reason


@pytest.mark.parametrize("algorithm,heuristic,engine_algorithm,engine_heuristic", [
    ("A*", "Manhattan", "astar", "md"),
    ("a*", "linear-conflict", "astar", "lc"),
    ("IDA*", "LC", "ida", "lc"),
    ("IDA", "manhattan-distance", "ida", "md"),
    ("Greedy", "Misplaced-Tiles", "greedy", "misplaced"),
])
def test_names_are_case_insensitive_with_aliases(algorithm, heuristic, engine_algorithm,
                                                 engine_heuristic):
    r = npuzzle.solve("8 6 7 2 5 4 3 0 1", algorithm=algorithm, heuristic=heuristic)
    assert r.solved
    assert (r.algorithm, r.heuristic) == (engine_algorithm, engine_heuristic)
    assert npuzzle.solve("1 0 2 3 4 5 6 7 8", algo="BFS").algorithm == "bfs"


def test_html_names_the_goal_and_what_a_limit_reached():
    solved = npuzzle.solve("1 2 3 4 5 6 7 0 8", goal="blank-last", heuristic="md")
    assert "to the goal blank-last" in solved._repr_html_()
    hard = korf(1)[0]
    stopped = npuzzle.solve(hard, heuristic="md", node_limit=5000)
    assert stopped.status == "limit"
    html = stopped._repr_html_()
    assert "the goal blank-first" in html and "node limit" in html
    assert f"the bound {stopped.bound}" in html and f"{stopped.expanded:,}" in html
