"""examples/studies.py runs as a script; its figures are checked against the command line."""

import json
import subprocess
import sys

from conftest import SOURCE_DIR, cli_json


def test_studies_script(tmp_path):
    plot, figures = tmp_path / "studies.png", tmp_path / "studies.json"
    done = subprocess.run(
        [sys.executable, str(SOURCE_DIR / "examples" / "studies.py"), "--eight", "12",
         "--fifteen", "100", "--seed", "4", "--plot", str(plot), "--json", str(figures)],
        capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("bfs vs greedy on 12 random 8-puzzles")
    assert lines[1].startswith("greedy tie-break lifo on 100 random 15-puzzles: 100 solved")
    assert lines[2].startswith("greedy tie-break fifo on 100 random 15-puzzles: 100 solved")
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"

    data = json.loads(figures.read_text())
    study1 = data["bfs_vs_greedy"]
    optimal = cli_json(["--heuristic", "lc"], "".join(r["board"] + "\n" for r in study1))
    for row, want in zip(study1, optimal):
        assert row["bfs_length"] == want["length"]  # BFS is optimal
        assert row["greedy_length"] >= row["bfs_length"]
    for rule in ("lifo", "fifo"):
        rows = data["tie_breaking"][rule]
        assert len(rows) == 100
        want = cli_json(["--algo", "greedy", "--heuristic", "md", "--tie-break", rule],
                        "".join(r["board"] + "\n" for r in rows))
        assert [r["length"] for r in rows] == [w["length"] for w in want]
        assert [r["expanded"] for r in rows] == [w["expanded"] for w in want]
