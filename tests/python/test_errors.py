"""Bad boards and options raise ValueError with the command line's message in Python's words (the
keyword, size="2x3", where the command line names its option, --size 2x3); limits, unsolvable boards
and database errors give results with the command line's status and exit code."""

import pytest

import npuzzle
from conftest import cli_json, korf, run_cli

BAD_BOARDS = [
    "1 2 3 4 5 6 7 8 8",          # duplicate tile
    "1 2 3 4 5 6 7 8 9",          # out of range
    "1 2 3 4 5 6 7 q 0",          # unknown token
    "1 2 3 4 5 6 7",              # ambiguous/odd count
    "1 2 3 4 5 0",                # 6 tiles: 2x3 or 3x2?
]


@pytest.mark.parametrize("text", BAD_BOARDS)
def test_bad_board_raises_the_cli_message(text):
    want = cli_json([], text + "\n")
    assert want[0]["status"] == "error"
    with pytest.raises(ValueError) as caught:
        npuzzle.Board(text)
    assert str(caught.value) == want[0]["error"].replace("--size RxC", 'size="RxC"')
    assert "--" not in str(caught.value)
    with pytest.raises(ValueError):
        npuzzle.solve(text)


def test_board_size_decides():
    assert npuzzle.Board("1 2 3 4 5 0", size="2x3").grid == [[1, 2, 3], [4, 5, 0]]
    assert npuzzle.Board([1, 2, 3, 4, 5, 0], size=(3, 2)).grid == [[1, 2], [3, 4], [5, 0]]
    assert npuzzle.Board([[8, 6, 7], [2, 5, 4], [3, 0, 1]]).tiles == (8, 6, 7, 2, 5, 4, 3, 0, 1)
    assert npuzzle.Board("8 6 7\n2 5 4\n3 _ 1") == npuzzle.Board("8,6,7,2,5,4,3,x,1")
    with pytest.raises(ValueError, match="size"):
        npuzzle.Board("1 2 3 4 5 0", size="2x7")
    with pytest.raises(ValueError, match="not one"):
        npuzzle.Board("1 2 3 4 5 6 7 8 0\n0 1 2 3 4 5 6 7 8")


@pytest.mark.parametrize("option,value,cli_option", [
    ("algorithm", "quick", "--algo"), ("heuristic", "magic", "--heuristic"),
    ("heuristic", "pdb:1,2/2,3", "--heuristic"),
    ("tie_break", "random", "--tie-break"), ("goal", "1 2 3", "--goal"),
    ("mem_limit", "lots", "--mem-limit")])
def test_bad_option_raises_the_cli_message(option, value, cli_option):
    code, _, err = run_cli(["solve", cli_option, value, "1 2 3 4 5 6 7 8 0"])
    assert code == 1
    with pytest.raises(ValueError) as caught:
        npuzzle.solve("1 2 3 4 5 6 7 8 0", **{option: value})
    assert str(caught.value) == err.strip().replace(f"npuzzle: {cli_option}:", f"{option}:", 1)
    assert "--" not in str(caught.value)


def test_partition_that_does_not_fit_raises_the_cli_message():
    want = cli_json(["--heuristic", "pdb:1,2/3,30"], "1 2 3 4 5 6 7 8 0", codes=(1,))[0]
    assert want["status"] == "error"
    with pytest.raises(ValueError) as caught:
        npuzzle.solve("1 2 3 4 5 6 7 8 0", heuristic="pdb:1,2/3,30")
    assert str(caught.value) == want["error"]


def test_bad_counts():
    for keywords in ({"threads": 0}, {"node_limit": -1}, {"time_limit": float("nan")},
                     {"time_limit": "1"}):
        with pytest.raises(ValueError):
            npuzzle.solve("1 2 3 4 5 6 7 8 0", **keywords)
    with pytest.raises(ValueError):
        npuzzle.Board("1 2 3 4 5 6 7 8 0").apply("UUU")


def test_unsolvable_is_not_searched():
    r = npuzzle.solve("2 1 3 4 5 6 7 8 0")
    want = cli_json([], "2 1 3 4 5 6 7 8 0")[0]
    assert (r.status, r.reason, r.expanded, r.exit_code) == ("unsolvable", want["reason"], 0, 3)


HARD = korf(1)[0]  # 57 moves from blank-first


@pytest.mark.parametrize("keywords,cli_args,reason", [
    ({"node_limit": 5000}, ["--node-limit", "5000"], "node limit"),
    ({"time_limit": 0.05}, ["--time-limit", "0.05"], "time limit")])
def test_limits_give_status_limit(keywords, cli_args, reason):
    r = npuzzle.solve(HARD, heuristic="md", **keywords)
    want = cli_json(["--heuristic", "md", *cli_args], HARD)[0]
    assert (r.status, r.reason, r.exit_code) == ("limit", reason, 4)
    assert (want["status"], want["reason"]) == ("limit", reason)
    assert r.length is None and r.moves == ""
    assert 0 < r.bound <= 57 and r.expanded > 0
    if "node_limit" in keywords:  # deterministic: the same bound and counters as the CLI
        assert (r.bound, r.expanded, r.generated) == (want["bound"], want["expanded"],
                                                      want["generated"])


def test_memory_limit_gives_out_of_memory():
    r = npuzzle.solve(HARD, algorithm="astar", heuristic="md", mem_limit="1M")
    want = cli_json(["--algo", "astar", "--heuristic", "md", "--mem-limit", "1M"], HARD)[0]
    assert (r.status, r.exit_code) == ("out-of-memory", 5)
    assert (r.reason, r.bound) == (want["reason"], want["bound"])
    assert npuzzle.solve(HARD, algorithm="astar", heuristic="md", mem_limit=1 << 20).status == \
        "out-of-memory"


def test_bad_database_directory_is_an_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    r = npuzzle.solve("1 2 3 4 5 6 0 7 8", heuristic="pdb", pdb_dir=str(blocker / "sub"))
    want = cli_json(["--heuristic", "pdb", "--pdb-dir", str(blocker / "sub")],
                    "1 2 3 4 5 6 0 7 8", codes=(2,))[0]
    assert (r.status, r.exit_code, r.error) == ("error", 2, want["error"])
    assert "cannot create the database directory" in r.error
    assert "error" in repr(r) and r.length is None


def test_pattern_databases_in_a_directory_of_ones_own(tmp_path):
    board = npuzzle.random_boards(size="3x3", count=1, seed=2)[0]
    r = npuzzle.solve(board, heuristic="pdb:full", pdb_dir=str(tmp_path))
    want = cli_json(["--heuristic", "pdb:full", "--pdb-dir", str(tmp_path)], board.to_string())[0]
    assert (r.status, r.optimal, r.moves, r.expanded) == ("solved", True, want["moves"],
                                                        want["expanded"])
    assert any(tmp_path.iterdir())  # the database was built there


@pytest.mark.parametrize("keywords,cli_args", [
    ({"algorithm": "ida", "tie_break": "lifo"}, ["--algo", "ida", "--tie-break", "lifo"]),
    ({"algorithm": "ida", "owner_hash": "zobrist"}, ["--algo", "ida", "--owner-hash", "zobrist"]),
    ({"algorithm": "ida", "mem_limit": "512M"}, ["--algo", "ida", "--mem-limit", "512M"]),
    ({"algorithm": "bfs", "heuristic": "md"}, ["--algo", "bfs", "--heuristic", "md"]),
    ({"algorithm": "bfs", "pdb_dir": "/tmp"}, ["--algo", "bfs", "--pdb-dir", "/tmp"])])
def test_an_option_the_algorithm_does_not_take_raises_the_cli_message(keywords, cli_args):
    board = "1 0 2 3 4 5 6 7 8"
    code, out, err = run_cli(["solve", *cli_args, board])
    assert (code, out) == (1, "")
    assert "applies to" in err
    with pytest.raises(ValueError) as caught:
        npuzzle.solve(board, **keywords)
    message = str(caught.value)
    assert "applies to" in message and "--" not in message
    refused = [k for k in keywords if k != "algorithm"][0]
    assert message.startswith(refused + " applies to")
    assert f'algorithm="{keywords["algorithm"]}"' in message
    with pytest.raises(ValueError):
        npuzzle.solve_all([board], **keywords)


def test_without_an_algorithm_the_defaults_are_named():
    """No algorithm: an option is refused when neither default (ida, aida) takes it, in the
    caller's words; a memory limit is taken (aida stores nodes)."""
    board = "1 0 2 3 4 5 6 7 8"
    code, out, err = run_cli(["solve", "--tie-break", "lifo", board])
    assert (code, out) == (1, "")
    assert "the default algorithms (ida, aida) do not take it: name one that does with --algo" in err
    with pytest.raises(ValueError) as caught:
        npuzzle.solve(board, tie_break="lifo")
    assert str(caught.value) == ("tie_break applies to astar, greedy (the best-first searches); "
                                 "the default algorithms (ida, aida) do not take it: name one "
                                 "that does with algorithm")
    assert npuzzle.solve(board, mem_limit="512M").algorithm == "ida"


def test_options_left_at_their_defaults_are_not_given():
    board = "1 0 2 3 4 5 6 7 8"
    for algorithm in ("ida", "astar", "hda", "pida", "bfs", "dfbnb", "greedy"):
        assert npuzzle.solve(board, algorithm=algorithm).status == "solved", algorithm
    taken = npuzzle.solve(board, algorithm="hda", heuristic="md", owner_hash="zobrist",
                          mem_limit="512M", threads=2)
    assert taken.status == "solved"
    assert npuzzle.solve(board, algorithm="greedy", heuristic="md", tie_break="fifo").solved


@pytest.mark.parametrize("call", [
    lambda: npuzzle.solve("1 0 2 3 4 5 6 7 8", threads=2**31),
    lambda: npuzzle.solve("1 0 2 3 4 5 6 7 8", node_limit=2**64),
    lambda: npuzzle.solve_all(["1 0 2 3 4 5 6 7 8"], threads=2**63),
    lambda: npuzzle.random_boards(size="4x4", count=2**64),
    lambda: npuzzle.random_boards(size="4x4", count=2**31, walk=3),
    lambda: npuzzle.random_boards(size="4x4", walk=2**64)])
def test_integers_past_the_engines_types_raise_value_error(call):
    with pytest.raises(ValueError, match=r"^[a-z_]+: \d+ is too large$"):
        call()


def test_the_largest_node_limit_is_taken():
    assert npuzzle.solve("1 0 2 3 4 5 6 7 8", node_limit=2**64 - 1).solved
    with pytest.raises(ValueError, match="^threads must be between 1 and 1024"):
        npuzzle.solve("1 0 2 3 4 5 6 7 8", threads=2**31 - 1)
    with pytest.raises(ValueError, match="^count: -1 is not a count >= 0"):
        npuzzle.random_boards(size="3x3", count=-1)


def test_keywords_left_at_none_are_not_given():
    r = npuzzle.solve("1 2 3 4 5 6 7 0 8", goal="blank-last", threads=None, time_limit=None,
                      node_limit=None, mem_limit=None, pdb_dir=None, tie_break=None,
                      owner_hash=None, heuristic=None, algorithm=None)
    assert r.status == "solved" and r.length == 1 and r.threads == 1


def test_numpy_integers_are_integers():
    numpy = pytest.importorskip("numpy")
    r = npuzzle.solve("1 2 3 4 5 6 7 0 8", threads=numpy.int64(1), node_limit=numpy.uint32(1000),
                      time_limit=numpy.float64(10), algorithm="astar", heuristic="md",
                      mem_limit=numpy.int64(1 << 30))
    assert r.status == "solved"
    goal = numpy.array([1, 2, 3, 4, 5, 6, 7, 8, 0])
    assert npuzzle.solve("1 2 3 4 5 6 7 0 8", goal=goal).length == 1
    assert npuzzle.random_boards(size="3x3", seed=numpy.int64(7)) == npuzzle.random_boards(
        size="3x3", seed=7)


@pytest.mark.parametrize("keywords,error,message", [
    ({"goal": [1.0, 2, 3, 4, 5, 6, 7, 8, 0]}, ValueError, "goal: "),
    ({"algorithm": 5}, TypeError, "algorithm: 5 is not a string"),
    ({"heuristic": 5}, TypeError, "heuristic: 5 is not a string"),
    ({"pdb_dir": 5}, TypeError, "pdb_dir: 5 is not a string"),
    ({"time_limit": 10**400}, ValueError, "time_limit: "),
    ({"time_limit": "10"}, ValueError, "time_limit: "),
    ({"threads": 1.5}, ValueError, "threads: "),
])
def test_wrong_types_raise_with_a_message(keywords, error, message):
    with pytest.raises(error) as caught:
        npuzzle.solve("1 2 3 4 5 6 7 0 8", **keywords)
    assert message in str(caught.value)


def test_a_path_with_a_nul_byte_creates_nothing(tmp_path):
    wanted = tmp_path / "pdb"
    with pytest.raises(ValueError, match="NUL"):
        npuzzle.solve("1 2 3 4 5 6 7 0 8", heuristic="pdb", pdb_dir=str(wanted) + "\0more")
    assert not wanted.exists()


NINE = "8 6 7 2 5 4 3 0 1"  # a 3x3 board


# Goals of other sizes, among them standard goals of their own tile count ([1, 0] is blank-last
# for 2 tiles, [0] blank-first for 1): each was once taken for that standard goal of the board's
# size, and solved to it.
@pytest.mark.parametrize("goal", [
    [1, 0], [0], [0, 1], [0, 1, 2, 3], [1, 2, 3, 0], [1, 0, 2, 3], list(range(16)),
    [*range(1, 16), 0], npuzzle.goal_board("4x4", "blank-last"), npuzzle.goal_board("2x2")],
    ids=repr)
def test_a_goal_of_another_size_is_refused_by_solve(goal):
    count = len(goal.tiles) if isinstance(goal, npuzzle.Board) else len(goal)
    calls = {"solve": lambda: npuzzle.solve(NINE, goal=goal),
             "Board.solve": lambda: npuzzle.Board(NINE).solve(goal=goal),
             "solve_all": lambda: npuzzle.solve_all([NINE], goal=goal),
             "solve_all, 2 threads": lambda: npuzzle.solve_all([NINE, NINE], goal=goal, threads=2)}
    for name, call in calls.items():
        with pytest.raises(ValueError) as caught:
            call()
        assert str(caught.value) == f"the goal has {count} tiles but the board is 3x3", name


# Every entry point that takes a goal, given one of another size as a list or as text: a
# ValueError naming its tile count and the board's size, or, for a count that is no board's read
# as text (the goal's text is read before the board, as the command line reads --goal), that the
# count is no board size.
@pytest.mark.parametrize("goal", [
    [1, 0], [0], [1, 2, 3, 0], list(range(16)), "1 0", "0", "1 2 3 0", "0 1 2 3",
    " ".join(str(t) for t in range(16))], ids=repr)
def test_every_entry_point_refuses_a_goal_of_another_size(goal):
    count = len(goal.split() if isinstance(goal, str) else goal)
    board = npuzzle.Board(NINE)
    calls = {"solve": lambda: npuzzle.solve(board, goal=goal),
             "solve_all": lambda: npuzzle.solve_all([board], goal=goal),
             "is_solvable": lambda: board.is_solvable(goal=goal),
             "random_boards": lambda: npuzzle.random_boards(size="3x3", seed=1, goal=goal),
             "random_boards, walk": lambda: npuzzle.random_boards(size="3x3", seed=1, goal=goal,
                                                                   walk=5),
             "goal_board": lambda: npuzzle.goal_board("3x3", goal)}
    for name, call in calls.items():
        with pytest.raises(ValueError) as caught:
            call()
        message = str(caught.value)
        assert message == f"the goal has {count} tiles but the board is 3x3" or (
            count < 4 and message.startswith(f"goal: wrong count: {count} tiles is no board size")
        ), (name, message)


# Integers past the engine's int (32 bits) in a goal or a board: a ValueError naming the value,
# never pybind11's RuntimeError from a conversion that failed.
@pytest.mark.parametrize("tile", [2**31, 2**32 + 1, 2**63, 2**64, -2**31 - 1, -2**64])
def test_a_tile_past_the_engines_int_raises_value_error(tile):
    goal = [tile, 1, 2, 3, 4, 5, 6, 7, 0]
    by_tiles = {"solve": lambda: npuzzle.solve(NINE, goal=goal),
                "Board.solve": lambda: npuzzle.Board(NINE).solve(goal=goal),
                "solve_all": lambda: npuzzle.solve_all([NINE], goal=goal, threads=2)}
    for name, call in by_tiles.items():
        with pytest.raises(ValueError, match=rf"^goal: the tile {tile} is not 0 to 8$"):
            call()
    as_text = {"is_solvable": lambda: npuzzle.Board(NINE).is_solvable(goal=goal),
               "random_boards": lambda: npuzzle.random_boards(size="3x3", goal=goal),
               "goal_board": lambda: npuzzle.goal_board("3x3", goal),
               "Board": lambda: npuzzle.Board(goal),
               "solve of tiles": lambda: npuzzle.solve(goal)}
    for name, call in as_text.items():
        with pytest.raises(ValueError) as caught:
            call()
        assert str(tile) in str(caught.value), name


# The extension's own guard, behind the package's checks: a keyword its C++ type cannot hold is a
# ValueError naming the keyword and the value.
@pytest.mark.parametrize("keyword,value", [
    ("goal_tiles", [2**31, 1, 2, 3, 4, 5, 6, 7, 0]), ("threads", 2**31), ("threads", -2**31 - 1),
    ("node_limit", 2**64), ("node_limit", -1)])
def test_the_extension_refuses_integers_past_its_types(keyword, value):
    options = {"algorithm": "ida", "heuristic": "", "goal": "", "goal_tiles": [], "quiet": True,
               "tie_break": "", "owner_hash": "", "threads": 1, "time_limit": 0.0,
               "node_limit": 0, "mem_limit": "", "pdb_dir": ""}
    options[keyword] = value
    shown = "goal" if keyword == "goal_tiles" else keyword
    with pytest.raises(ValueError) as caught:
        npuzzle._extension.solve(3, 3, [1, 0, 2, 3, 4, 5, 6, 7, 8], **options)
    assert str(caught.value) == f"{shown}: {value!r} does not fit the engine's types"
