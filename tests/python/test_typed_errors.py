"""One typed error, two renderers: the engine refuses an option with a value (its kind and fields,
no option's spelling in it), and each front end words it. The command line names its flags
(--tie-break, --algo ida); the Python module its keywords (tie_break, algorithm="ida"). Every
other word of the two messages is the same."""

import json

import pytest

import npuzzle
from conftest import run_cli

BOARD = "1 0 2 3 4 5 6 7 8"
FIVE = " ".join(str(t) for t in [1, 0, *range(2, 25)])  # a 5x5 board

# Each refusal: the board, the keywords given to Python, the command line's arguments, and the
# flag words the command line's message holds with the keyword words Python's holds instead.
REFUSALS = [
    (BOARD, {"tie_break": "fifo"}, ["--tie-break", "fifo"],
     [("--tie-break", "tie_break"), ("--algo ida", 'algorithm="ida"')]),
    (BOARD, {"algorithm": "bfs", "heuristic": "md"}, ["--algo", "bfs", "--heuristic", "md"],
     [("--heuristic", "heuristic"), ("--algo bfs", 'algorithm="bfs"')]),
    (BOARD, {"threads": 0}, ["--threads", "0"], [("--threads", "threads")]),
    (BOARD, {"algorithm": "asta"}, ["--algo", "asta"], [("--algo:", "algorithm:")]),
    (FIVE, {"heuristic": "wd"}, ["--heuristic", "wd"], [("--heuristic wd", 'heuristic="wd"')]),
]


def cli_message(args, board):
    """The command line's refusal: its JSON error for the board, else its message on stderr."""
    code, out, err = run_cli(["solve", "--output", "json", *args, board])
    assert code == 1, (code, out, err)
    if out.strip():
        return json.loads(out.splitlines()[0])["error"]
    return err.strip().removeprefix("npuzzle: ")


@pytest.mark.parametrize("board,keywords,args,words", REFUSALS)
def test_the_cli_names_the_flag_and_python_the_keyword(board, keywords, args, words):
    cli = cli_message(args, board)
    with pytest.raises(ValueError) as caught:
        npuzzle.solve(board, **keywords)
    python = str(caught.value)
    assert "--" not in python
    for flag, keyword in words:
        assert flag in cli, cli
        assert keyword in python, python
    for flag, keyword in words:
        cli = cli.replace(flag, keyword)
    assert python == cli
