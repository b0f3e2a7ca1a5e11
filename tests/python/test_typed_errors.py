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
    (BOARD, {"algorithm": "ida", "tie_break": "fifo"}, ["--algo", "ida", "--tie-break", "fifo"],
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


def test_an_unknown_names_nearest_is_an_attribute():
    with pytest.raises(ValueError) as caught:
        npuzzle.solve(BOARD, algorithm="asta")
    error = caught.value
    assert (error.kind, error.option, error.value, error.nearest) == (
        "unknown-name", "algorithm", "asta", "astar")
    assert npuzzle.solve(BOARD, algorithm=error.nearest).algorithm == "astar"
    with pytest.raises(ValueError) as caught:
        npuzzle.solve(BOARD, heuristic="manhatan")
    assert caught.value.nearest == "md"
    with pytest.raises(ValueError) as caught:
        npuzzle.solve(BOARD, threads=0)
    assert (caught.value.kind, caught.value.option, caught.value.nearest) == (
        "out-of-range", "threads", None)


def test_no_database_folder_names_the_flag_and_the_keyword(monkeypatch):
    """Neither a folder given nor a variable that gives one: the command line says --pdb-dir,
    Python pdb_dir, the rest of the message the same."""
    board, size = "4 1 2 5 3 0", "2x3"
    for variable in ("NPUZZLE_PDB_DIR", "XDG_CACHE_HOME", "HOME"):
        monkeypatch.delenv(variable, raising=False)
    cli = cli_message(["--heuristic", "pdb", "--size", size], board)
    assert cli == "no pattern database directory: give --pdb-dir or set NPUZZLE_PDB_DIR"
    with pytest.raises(ValueError) as caught:
        npuzzle.solve(board, heuristic="pdb", size=size)
    assert str(caught.value) == cli.replace("--pdb-dir", "pdb_dir")
    assert (caught.value.kind, caught.value.option) == ("not-given", "pdb_dir")


def test_a_bad_size_is_refused_at_the_edge():
    with pytest.raises(ValueError) as caught:
        npuzzle.goal_board(size="7x7")
    assert str(caught.value).startswith("size: ") and caught.value.option == "size"
    assert npuzzle.goal_board(size="2x3").to_string() == "0 1 2 3 4 5"
    assert npuzzle.random_boards(size="2x5", count=1, seed=1)[0].size == "2x5"
