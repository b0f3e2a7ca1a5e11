"""The sweep script (bench/korf24_sweep.py) and its picture (bench/plot_sweep.py), on 4x4 boards of
Korf's 100 with the linear-conflict heuristic (no pattern databases needed), in a few seconds:

  korf24_sweep_test.py NPUZZLE WORK_DIR

- a search stopped by its time limit is done until the limit grows, then resumes from its
  checkpoint with what is left of the limit (plus the start-up its first run took) and is solved,
  its length the published one, with the nodes of its solution's threshold;
- the CSV and the table (also printed without running anything: --table-only) keep each
  instance's outcome, and an unsolved one's projection from its completed iterations, for parallel
  IDA* and A*+IDA* alike;
- a search whose start-up took longer than the allowance is allowed its own next time;
- a sweep stopped by SIGTERM stops its search with its checkpoint written, and one killed with
  SIGKILL leaves its search to stop so on SIGTERM; the next sweep resumes it with the rest of its
  time;
- a solution whose length differs from the published one, or whose moves do not reach the goal
  (from a stand-in for npuzzle), fails the sweep;
- the picture's points: solved instances filled, projected ones hollow.
Exits 0 when all hold."""

import csv
import fcntl
import os
import pathlib
import re
import shutil
import subprocess
import sys
import time

SOURCE_DIR = pathlib.Path(__file__).resolve().parents[2]
SWEEP = SOURCE_DIR / "bench" / "korf24_sweep.py"
PLOT = SOURCE_DIR / "bench" / "plot_sweep.py"
KORF100 = SOURCE_DIR / "bench" / "data" / "korf100.txt"
HARD80 = SOURCE_DIR / "bench" / "data" / "hard80.txt"
# Korf's #11: 3-6 M nodes with lc. Every one of Korf's 100 is solved with lc within about a second
# on two threads, so the search that must not end within its limits is the first of the positions
# that need 80 moves, added to the set as instance HARD (billions of nodes with lc: minutes).
EASY, HARD = 11, 101
SET = None  # Korf's 100 and HARD, written by main() into the work directory
ALGOS = ("pida", "aida")
EVENT_WAIT_SECONDS = 60
COMMIT = "0123456789ab"  # given to the sweeps of the real npuzzle, which names none
STAND_IN_COMMIT = "fedcba987654"


def sweep(npuzzle, csv_path, *options, check_code=0):
    run = subprocess.run([sys.executable, str(SWEEP), "--npuzzle", str(npuzzle), "--set",
                          str(SET), "--heuristic", "lc", "--threads", "2", "--mem-limit",
                          "64M", "--commit", COMMIT, "--csv", str(csv_path), *options],
                         capture_output=True, text=True)
    assert run.returncode == check_code, (run.returncode, run.stdout, run.stderr)
    return run.stdout


def rows(csv_path):
    with open(csv_path, newline="") as f:
        return {(int(r["id"]), r["algorithm"]): r for r in csv.DictReader(f)}


def checkpoint_seconds(path):
    for line in pathlib.Path(path).read_text().splitlines():
        if line.startswith("seconds "):
            return float(line.split()[1])
    raise AssertionError(f"no seconds in {path}")


def run_command(err_path):
    """The command line a run's stderr file opens with."""
    first = pathlib.Path(err_path).read_text().splitlines()[0]
    assert first.startswith("# "), first
    return first[2:].split()


def option(command, name):
    return command[command.index(name) + 1]


def check_resume_after_limit(npuzzle, work, algo):
    """A CSV of its own per algorithm: its first run gets the limit alone (no start-up measured
    yet), far too short for the instance."""
    csv_path = work / f"resume_{algo}.csv"
    stem = work / f"resume_{algo}.state" / f"{algo}_lc_t2_{EASY}"
    checkpoint = pathlib.Path(f"{stem}.ckpt")
    options = ["--ids", str(EASY), "--algo", algo]
    sweep(npuzzle, csv_path, *options, "--time-limit", "0.01")
    first = rows(csv_path)[(EASY, algo)]
    assert first["runs"] == "1" and first["status"] == stopped_status(first, 0.01), first
    assert checkpoint.exists()
    assert option(run_command(f"{stem}.run1.err"), "--time-limit") == "0.010"
    # On a loaded machine the start-up can take the whole 10 ms (the row then stays `running`):
    # the next sweeps go on with it, each allowing it its own last start-up, until it has had its
    # limit.
    for _ in range(5):
        if first["status"] == "limit":
            break
        sweep(npuzzle, csv_path, *options, "--time-limit", "0.01")
        first = rows(csv_path)[(EASY, algo)]
    assert first["status"] == "limit", first
    runs = int(first["runs"])

    # The whole limit spent: nothing runs again.
    sweep(npuzzle, csv_path, *options, "--time-limit", "0.01")
    assert rows(csv_path)[(EASY, algo)] == first

    # A larger limit: the search resumes with the rest of it plus the start-up its first run took,
    # and is solved.
    table = sweep(npuzzle, csv_path, *options, "--time-limit", "60")
    published = KORF100.read_text().splitlines()[EASY - 1].split()[1]
    row = rows(csv_path)[(EASY, algo)]
    spent = float(first["seconds"])
    assert row["status"] == "solved" and row["verified"] == "ok", row
    assert row["length"] == published and row["runs"] == str(runs + 1), row
    assert row["commit"] == COMMIT, row
    # The nodes of the solution's threshold: those of the -v line of its bound in the last run.
    final_lines = re.findall(rf"^\[\d+\] bound {published}: ([\d.]+) ?([KMG]?) expanded in the it",
                             pathlib.Path(f"{stem}.run{runs + 1}.err").read_text(), re.M)
    assert final_lines, row
    number, suffix = final_lines[-1]
    final = float(number) * {"": 1, "K": 1e3, "M": 1e6, "G": 1e9}[suffix]
    assert abs(float(row["final_iteration_expanded"]) - final) < 1, (row, final_lines)
    assert float(row["seconds"]) >= spent, (row, spent)
    command = run_command(f"{stem}.run{runs + 1}.err")
    assert "--resume" in command, command
    given = 60 - spent + float(first["startup_seconds"])
    assert abs(float(option(command, "--time-limit")) - given) < 0.01, (command, first)
    assert f"| #{EASY} | {algo} | {published} | solved | {published} |" in table, table
    assert not checkpoint.exists()
    assert not list(work.glob(".sweep-*")), list(work.glob(".sweep-*"))

    # The table again from the CSV alone: nothing is run (the binary named does not exist).
    printed = subprocess.run([sys.executable, str(SWEEP), "--csv", str(csv_path), "--table-only",
                              "--npuzzle", str(work / "absent")],
                             capture_output=True, text=True, check=True).stdout
    assert f"| #{EASY} | {algo} | {published} | solved |" in printed, printed
    assert re.search(rf"^{algo} \(lc, 2 threads.*: 1 of 1 solved \(1 within the limit, 1 of the "
                     "published", printed, re.M), printed
    return csv_path


def stopped_status(row, limit):
    """A search stopped by its time limit is done (`limit`) when it had all but 1 % of it, or a
    tenth of a limit under 10 s; else (its tables or start-up took longer than the allowance) the
    next sweep goes on with it (`running`)."""
    tolerance = max(min(1.0, 0.1 * limit), 0.01 * limit)
    return "limit" if float(row["seconds"]) >= limit - tolerance else "running"


def check_projection(npuzzle, work):
    csv_path = work / "projection.csv"
    sweep(npuzzle, csv_path, "--ids", str(HARD), "--algo", ",".join(ALGOS), "--time-limit", "1")
    for algo in ALGOS:
        row = rows(csv_path)[(HARD, algo)]
        assert row["status"] == stopped_status(row, 1), row
        assert int(row["last_iteration_bound"]) < int(row["threshold"]), row
        assert float(row["last_iteration_expanded"]) > 0, row
        assert float(row["projected_seconds"]) > float(row["seconds"]), row
        assert float(row["projected_generated"]) > float(row["generated"]), row
    return csv_path


def wait_for(condition, what):
    deadline = time.monotonic() + EVENT_WAIT_SECONDS
    while not condition():
        assert time.monotonic() < deadline, f"waited too long for {what}"
        time.sleep(0.05)


def check_slow_startup(npuzzle, work):
    """A search whose last run's start-up outlasted the allowance and left it time (`running`,
    reason `time limit`) is allowed that start-up, more than the least of the CSV's."""
    csv_path = work / "slow.csv"
    stem = work / "slow.state" / f"pida_lc_t2_{HARD}"
    sweep(npuzzle, csv_path, "--ids", str(HARD), "--algo", "pida", "--time-limit", "0.01")
    table = rows(csv_path)
    row = table[(HARD, "pida")]
    row.update(status="running", reason="time limit", startup_seconds="0.40")
    table[(HARD - 1, "pida")] = dict(row, id=str(HARD - 1), status="solved", startup_seconds="0.10")
    with open(csv_path, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(row))
        writer.writeheader()
        writer.writerows(table.values())
    spent = checkpoint_seconds(f"{stem}.ckpt")
    limit = round(spent + 0.05, 3)
    sweep(npuzzle, csv_path, "--ids", str(HARD), "--algo", "pida", "--time-limit", str(limit))
    given = limit - spent + 0.40
    command = run_command(f"{stem}.run2.err")
    assert abs(float(option(command, "--time-limit")) - given) < 0.01, (command, spent, limit)


def start_sweep(npuzzle, csv_path, options):
    return subprocess.Popen(
        [sys.executable, str(SWEEP), "--npuzzle", str(npuzzle), "--set", str(SET),
         "--heuristic", "lc", "--threads", "2", "--commit", COMMIT, "--csv", str(csv_path),
         *options], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def check_stops(npuzzle, work):
    """SIGTERM to the sweep alone, then SIGKILL: each time the search stops with its checkpoint
    written, and the next run resumes it with the rest of its time."""
    csv_path = work / "stops.csv"
    state = work / "stops.state"
    stem = state / f"pida_lc_t2_{HARD}"
    checkpoint = stem.with_name(stem.name + ".ckpt")
    options = ["--ids", str(HARD), "--algo", "pida", "--time-limit", "2", "--checkpoint-every",
               "0.1"]

    sweep_process = start_sweep(npuzzle, csv_path, options)
    wait_for(checkpoint.exists, "the first checkpoint")
    sweep_process.terminate()
    assert sweep_process.wait() == 4
    row = rows(csv_path)[(HARD, "pida")]
    assert row["status"] == "running" and row["runs"] == "1", row
    assert "interrupted" in pathlib.Path(f"{stem}.run1.err").read_text()
    spent = checkpoint_seconds(checkpoint)
    assert abs(float(row["seconds"]) - spent) < 0.01, (row, spent)

    sweep_process = start_sweep(npuzzle, csv_path, options)
    wait_for(lambda: checkpoint_seconds(checkpoint) > spent, "a checkpoint of the second run")
    sweep_process.kill()
    sweep_process.wait()
    # The search holds the state directory until it has stopped and written its checkpoint.
    with open(state / "sweep.lock") as lock:
        wait_for(lambda: try_lock(lock), "the search to stop")
        fcntl.flock(lock, fcntl.LOCK_UN)
    assert "interrupted" in pathlib.Path(f"{stem}.run2.err").read_text()
    before = rows(csv_path)[(HARD, "pida")]
    assert before["status"] == "running" and before["runs"] == "2", before
    spent = checkpoint_seconds(checkpoint)

    sweep(npuzzle, csv_path, *options)
    row = rows(csv_path)[(HARD, "pida")]
    assert row["status"] == stopped_status(row, 2) and row["runs"] == "3", row
    assert float(row["seconds"]) >= spent, (row, spent)
    command = run_command(f"{stem}.run3.err")
    assert "--resume" in command, command
    # Stopped by signals, its runs measured no start-up: the rest of its time alone.
    assert before["startup_seconds"] == "", before
    given = 2 - spent
    assert abs(float(option(command, "--time-limit")) - given) < 0.01, (command, spent, before)


def try_lock(lock):
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except BlockingIOError:
        return False


STAND_IN = """import json, os, sys
if "--version" in sys.argv:
    print("npuzzle 0.0.0 (commit " + os.environ["STAND_IN_COMMIT"] + ")")
    sys.exit(0)
moves = os.environ["STAND_IN_MOVES"]
print(json.dumps({"status": "solved", "length": len(moves), "moves": moves, "size": "3x3",
                  "goal": "blank-first", "seconds": 0.01, "generated": 4, "expanded": 2}))
"""


def check_wrong_solutions(work):
    """A stand-in for npuzzle answers with the moves it is given for the board one move L from the
    goal: the sweep accepts only the right ones. Its version names its commit, which the CSV
    keeps."""
    stand_in = work / "stand_in_npuzzle"
    stand_in.write_text(f"#!{sys.executable}\n" + STAND_IN)
    stand_in.chmod(0o755)
    instance_set = work / "one_move.txt"
    instance_set.write_text("1 1 1 0 2 3 4 5 6 7 8\n")
    for moves, code, verified in (("L", 0, "ok"), ("R", 1, "moves do not replay to the goal"),
                                  ("LRL", 1, "length differs from 1"),
                                  ("U", 1, "moves do not replay to the goal")):
        csv_path = work / f"stand_in_{moves}.csv"
        run = subprocess.run([sys.executable, str(SWEEP), "--npuzzle", str(stand_in), "--set",
                              str(instance_set), "--heuristic", "md", "--csv", str(csv_path)],
                             capture_output=True, text=True,
                             env=dict(os.environ, STAND_IN_MOVES=moves,
                                      STAND_IN_COMMIT=STAND_IN_COMMIT))
        assert run.returncode == code, (moves, run.returncode, run.stdout, run.stderr)
        row = rows(csv_path)[(1, "pida")]
        assert row["status"] == "solved" and row["verified"] == verified, (moves, row)
        assert row["commit"] == STAND_IN_COMMIT, row


def check_plot(csv_path, work):
    """The picture's data: solved rows as filled points at their time, projected ones hollow at
    their projection."""
    script = subprocess.run([sys.executable, str(PLOT), str(csv_path), "--script"],
                            capture_output=True, text=True, check=True).stdout
    blocks = dict(re.findall(r"^\$(\w+) << EOD\n(.*?)^EOD$", script, re.M | re.S))
    for (instance, algo), row in rows(csv_path).items():
        filled, hollow = blocks.get(f"{algo}_7", ""), blocks.get(f"{algo}_6", "")
        if row["status"] == "solved":
            wanted, block, other = float(row["seconds"]), filled, hollow
        else:
            wanted, block, other = float(row["projected_seconds"]), hollow, filled
        drawn = [float(line.split()[1]) for line in block.splitlines()
                 if round(float(line.split()[0])) == instance]
        assert drawn and abs(drawn[0] - wanted) <= 1e-5 * wanted, (row, script)
        assert all(round(float(line.split()[0])) != instance for line in other.splitlines())
    assert "set logscale y" in script and "time limit" in script, script
    if shutil.which("gnuplot"):
        png = work / "sweep.png"
        subprocess.run([sys.executable, str(PLOT), str(csv_path), "--output", str(png)],
                       check=True, capture_output=True)
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def main(npuzzle, work_dir):
    work = pathlib.Path(work_dir)
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    global SET
    SET = work / "korf100_and_hard.txt"
    hard = next(line for line in HARD80.read_text().splitlines() if line.startswith("1 80 "))
    SET.write_text(KORF100.read_text() + f"{HARD} {hard.split(maxsplit=1)[1]}\n")
    solved = [check_resume_after_limit(npuzzle, work, algo) for algo in ALGOS]
    projected = check_projection(npuzzle, work)
    check_stops(npuzzle, work)
    check_slow_startup(npuzzle, work)
    check_wrong_solutions(work)
    solved_and_projected = work / "both.csv"
    merged = {key: row for path in [*solved, projected] for key, row in rows(path).items()}
    with open(solved_and_projected, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(next(iter(merged.values()))))
        writer.writeheader()
        writer.writerows(merged.values())
    check_plot(solved_and_projected, work)
    print("korf24_sweep_test: every check holds")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
