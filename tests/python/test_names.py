"""Algorithm, heuristic and tie-break names come from the engine's one table: Python takes every
spelling the command line takes (aliases, any case, '_' ' ' '-' alike) and names the result as it
does; an unknown name raises ValueError with the command line's nearest name and list."""

import pytest

import npuzzle
from conftest import cli_json, run_cli

BOARD = "8 6 7 2 5 4 3 0 1"

SPELLINGS = [
    ("A*", "Manhattan", None),
    ("a_star", "manhattan distance", "LIFO"),
    ("IDA*", "Linear_Conflicts", None),
    ("ida-star", "linearconflict", None),
    ("Greedy Best First", "Hamming", "queue"),
    ("GBFS", "misplaced-tiles", "larger_g"),
    ("DFBB", "walking-distance", None),
    ("hash-distributed-a*", "LC", None),
    ("A*+IDA*", "md", None),
]


@pytest.mark.parametrize("algorithm,heuristic,tie_break", SPELLINGS)
def test_python_takes_the_spellings_the_command_line_takes(algorithm, heuristic, tie_break):
    args = ["--algo", algorithm, "--heuristic", heuristic]
    if tie_break:
        args += ["--tie-break", tie_break]
    want = cli_json(args, BOARD, codes=(0,))[0]
    got = npuzzle.solve(BOARD, algorithm=algorithm, heuristic=heuristic, tie_break=tie_break)
    assert got.solved
    assert (got.algorithm, got.heuristic) == (want["algorithm"], want["heuristic"])
    assert got.length == want["length"]


@pytest.mark.parametrize("keyword,option,value,hint", [
    ("heuristic", "--heuristic", "manhatan", "did you mean 'md' (manhattan)?"),
    ("algorithm", "--algo", "asta", "did you mean 'astar'?"),
    ("tie_break", "--tie-break", "lifoo", "did you mean 'lifo'?"),
])
def test_a_mistyped_name_raises_the_command_lines_suggestion(keyword, option, value, hint):
    args = ["solve", option, value, BOARD]
    if keyword == "tie_break":
        args[1:1] = ["--algo", "astar"]
    code, _, err = run_cli(args)
    assert code == 1 and hint in err, err
    keywords = {keyword: value}
    if keyword == "tie_break":
        keywords["algorithm"] = "astar"
    with pytest.raises(ValueError) as caught:
        npuzzle.solve(BOARD, **keywords)
    message = str(caught.value)
    assert hint in message and "known: " in message
    assert message == err.strip().replace(f"npuzzle: {option}:", f"{keyword}:", 1)


def test_algo_and_algorithm_naming_the_same_search_are_one():
    assert npuzzle.solve(BOARD, algo="A*", algorithm="astar", heuristic="md").algorithm == "astar"
    with pytest.raises(ValueError, match="not both"):
        npuzzle.solve(BOARD, algo="A*", algorithm="ida")
