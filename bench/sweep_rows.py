"""The rows of a 24-puzzle sweep's CSV (bench/korf24_sweep.py): their columns and key; loading,
selecting, saving (atomically: a temporary file renamed over the CSV) and storing them (the CSV's
directory locked, as sweeps may share the file); a new row, and its fields filled from what a
search leaves (its checkpoint's counts, the IDA* iterations of its runs' -v lines and the
projection from them, its JSON solution, its length checked and its moves replayed to the goal,
the binary's commit); the instance set file and --ids lists; the markdown table and summary; the
file names under bench/results. Used by bench/korf24_sweep.py (the runner) and bench/plot_sweep.py.
"""

import csv
import fcntl
import os
import pathlib
import re
import subprocess
import tempfile

SUFFIX = {"": 1.0, "K": 1e3, "M": 1e6, "G": 1e9, "T": 1e12}
ITERATION = re.compile(
    r"^\[\d+\] bound (\d+): ([\d.]+) ?([KMGT]?) expanded in the iteration")
# The CSV's columns, a row per instance, algorithm, heuristic and thread count (the key):
# status solved, limit (its time spent), running (to resume) or error (reason says why; so does
# it for limit); verified: ok, or how a solution is wrong; seconds: the search's, over all its
# runs; wall_seconds: the runs' wall time, lost work and start-up included; startup_seconds: the
# last run's wall time outside its search; threshold: the bound reached (the length when solved);
# last_iteration_*: the last completed iteration below it (its count from the -v lines, to 3-4
# digits); final_iteration_expanded: a solved search's nodes at the threshold of its solution (the
# iteration that found it, counted to the solution); growth and projected_*: the projection of an
# unsolved search; commit: the binary's.
COLUMNS = [
    "id", "algorithm", "heuristic", "threads", "time_limit", "published_length", "status",
    "reason", "length", "verified", "seconds", "wall_seconds", "startup_seconds", "runs",
    "generated", "expanded", "threshold", "last_iteration_bound", "last_iteration_expanded",
    "final_iteration_expanded", "growth", "projected_generated", "projected_seconds", "mem_limit",
    "date", "commit"
]
KEY = ("id", "algorithm", "heuristic", "threads")


def parse_ids(text):
    ids = []
    for part in text.split(","):
        if "-" in part:
            lo, hi = part.split("-")
            ids.extend(range(int(lo), int(hi) + 1))
        else:
            ids.append(int(part))
    return ids


def read_set(path):
    instances = {}
    with open(path) as f:
        for line in f:
            fields = line.split()
            if len(fields) < 3 or fields[0].startswith("#"):
                continue
            instances[int(fields[0])] = (int(fields[1]), " ".join(fields[2:]))
    return instances


def iterations(stderr):
    """(bound, expanded in the iteration) for every iteration line, in order."""
    out = []
    for line in stderr.splitlines():
        m = ITERATION.match(line)
        if m:
            out.append((int(m.group(1)), float(m.group(2)) * SUFFIX[m.group(3)]))
    return out


def completed_iterations(its, incomplete_bound):
    """The iterations below `incomplete_bound`, one per bound (a later run's count of a bound, which
    a run killed before its checkpoint may have printed too, replaces the earlier one)."""
    by_bound = {b: e for b, e in its if b < incomplete_bound}
    return sorted(by_bound.items())


def project(progress, done, optimal):
    """Projected (generated nodes, seconds, growth) to finish the iteration at the optimal length,
    from `progress` (expanded, generated, seconds so far) and the completed iterations `done`."""
    if len(done) < 2 or done[-2][1] == 0 or progress["expanded"] == 0 or progress["seconds"] <= 0:
        return None
    growth = done[-1][1] / done[-2][1]
    step = max(1, done[-1][0] - done[-2][0])
    expanded = sum(e for _, e in done)
    last = done[-1][1]
    bound = done[-1][0]
    while bound < optimal:
        bound += step
        last *= growth
        expanded += last
    generated = expanded * progress["generated"] / progress["expanded"]
    rate = progress["generated"] / progress["seconds"]
    return generated, generated / rate, growth


def goal_tiles(goal, cells):
    if goal == "blank-first":
        return list(range(cells))
    if goal == "blank-last":
        return list(range(1, cells)) + [0]
    return None


def replays_to_goal(tiles, moves, size, goal):
    """Whether the blank's `moves` (U D L R) take `tiles` to `goal`, each move on the board."""
    rows, cols = (int(n) for n in size.split("x"))
    board = [int(t) for t in tiles.split()]
    target = goal_tiles(goal, rows * cols)
    if target is None or len(board) != rows * cols:
        return False
    steps = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
    blank = board.index(0)
    for move in moves:
        if move not in steps:
            return False
        row, col = blank // cols + steps[move][0], blank % cols + steps[move][1]
        if not (0 <= row < rows and 0 <= col < cols):
            return False
        board[blank], board[row * cols + col] = board[row * cols + col], 0
        blank = row * cols + col
    return board == target


def duration(seconds):
    if seconds < 10:
        return f"{seconds:.1f} s"
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


def row_key(row):
    return tuple(str(row[k]) for k in KEY)


def load_rows(path):
    if not os.path.exists(path):
        return {}
    with open(path, newline="") as f:
        return {row_key(row): {c: row.get(c) or "" for c in COLUMNS} for row in csv.DictReader(f)}


def row_order(row):
    return row["heuristic"], int(row["threads"]), int(row["id"]), row["algorithm"]


def selected_rows(path, ids=None, algos=None, heuristic=None, threads=None):
    """The CSV's rows of these instances, algorithms, heuristic and thread count (None: any)."""
    return sorted((r for r in load_rows(path).values()
                   if (ids is None or int(r["id"]) in ids) and
                   (algos is None or r["algorithm"] in algos) and
                   (heuristic is None or r["heuristic"] == heuristic) and
                   (threads is None or r["threads"] == str(threads))), key=row_order)


def save_rows(path, rows):
    """Writes the rows to a temporary file beside `path`, flushed to disk, renamed over `path`."""
    ordered = sorted(rows.values(), key=row_order)
    folder = os.path.dirname(os.path.abspath(path))
    with tempfile.NamedTemporaryFile("w", newline="", dir=folder, prefix=".sweep-",
                                     delete=False) as f:
        writer = csv.DictWriter(f, fieldnames=COLUMNS, extrasaction="ignore")
        writer.writeheader()
        writer.writerows(ordered)
        f.flush()
        os.fsync(f.fileno())
    os.replace(f.name, path)


def store_row(path, row):
    """Replaces the row of `row`'s key in the CSV, read again with its directory locked (another
    sweep with another state directory may share the file)."""
    folder = os.open(os.path.dirname(os.path.abspath(path)), os.O_RDONLY | os.O_DIRECTORY)
    try:
        fcntl.flock(folder, fcntl.LOCK_EX)
        rows = load_rows(path)
        rows[row_key(row)] = row
        save_rows(path, rows)
    finally:
        os.close(folder)


def new_row(instance_id, algo, optimal, heuristic, threads):
    """The row of an instance that has not run yet."""
    row = dict.fromkeys(COLUMNS, "")
    row.update(id=str(instance_id), algorithm=algo, heuristic=heuristic, threads=str(threads),
               published_length=str(optimal), runs="0", wall_seconds="0")
    return row


def record_last_iteration(row, run_files, threshold):
    """Fills the last iteration below `threshold` that the instance's runs (the stderr files of
    their -v lines) completed; returns them all."""
    its = []
    for path in run_files:
        its.extend(iterations(pathlib.Path(path).read_text(errors="replace")))
    done = completed_iterations(its, threshold)
    if done:
        row.update(last_iteration_bound=str(done[-1][0]),
                   last_iteration_expanded=f"{done[-1][1]:.0f}")
    return done


def record_final_iteration(row, run_files, length):
    """Fills a solved row's nodes at the threshold of its solution, from the -v line of the run that
    found it (the last run's line of that bound)."""
    its = []
    for path in run_files:
        its.extend(iterations(pathlib.Path(path).read_text(errors="replace")))
    final = [expanded for bound, expanded in its if bound == length]
    if final:
        row.update(final_iteration_expanded=f"{final[-1]:.0f}")


def record_progress(row, run_files, progress, threshold):
    """Fills the counts, the last completed iteration and the projection of an unsolved row."""
    row.update(seconds=f"{progress['seconds']:.3f}", generated=str(progress["generated"]),
               expanded=str(progress["expanded"]), threshold=str(threshold))
    done = record_last_iteration(row, run_files, threshold)
    projection = project(progress, done, int(row["published_length"]))
    if projection:
        row.update(projected_generated=f"{projection[0]:.0f}",
                   projected_seconds=f"{projection[1]:.1f}", growth=f"{projection[2]:.2f}")


def record_solution(row, result, tiles):
    """Fills a solved row from npuzzle's JSON `result`, its length checked against the published
    one and its moves replayed from `tiles`."""
    optimal = int(row["published_length"])
    if result["length"] != optimal:
        verified = f"length differs from {optimal}"
    elif not replays_to_goal(tiles, result["moves"], result["size"], result["goal"]):
        verified = "moves do not replay to the goal"
    else:
        verified = "ok"
    row.update(status="solved", reason="", length=str(result["length"]), verified=verified,
               seconds=f"{result['seconds']:.3f}", generated=str(result["generated"]),
               expanded=str(result["expanded"]), threshold=str(result["length"]),
               projected_generated="", projected_seconds="", growth="")


def binary_commit(npuzzle):
    """The commit the binary names in `--version`; else, for a binary in a CMake build directory,
    `tree:` and its source tree's HEAD (`-dirty` with changes: the tree now, which the binary may
    predate); else empty."""
    try:
        version = subprocess.run([npuzzle, "--version"], capture_output=True, text=True,
                                 timeout=30).stdout
    except (OSError, subprocess.TimeoutExpired):
        return ""
    named = re.search(r"\b[0-9a-f]{7,40}\b", version)
    if named:
        return named.group(0)
    for build_dir in list(pathlib.Path(npuzzle).resolve().parents)[:3]:
        cache = build_dir / "CMakeCache.txt"
        if not cache.is_file():
            continue
        source = re.search(r"^CMAKE_HOME_DIRECTORY:INTERNAL=(.*)$", cache.read_text(), re.M)
        if not source:
            return ""
        env = dict(os.environ, GIT_OPTIONAL_LOCKS="0")
        described = subprocess.run(
            ["git", "-C", source.group(1), "describe", "--always", "--dirty", "--abbrev=12"],
            capture_output=True, text=True, env=env)
        return "tree:" + described.stdout.strip() if described.returncode == 0 else ""
    return ""


def read_checkpoint(path):
    """The counts a checkpoint keeps (bound, expanded, generated, seconds), or None without one."""
    wanted = {"bound": int, "expanded": int, "generated": int, "seconds": float}
    found = {}
    try:
        with open(path) as f:
            for line in f:
                key, _, value = line.partition(" ")
                if key in wanted:
                    found[key] = wanted[key](value)
    except (OSError, ValueError):
        return None
    return found if len(found) == len(wanted) else None


def row_failed(row):
    return row["status"] == "error" or row["status"] == "solved" and row["verified"] != "ok"


def print_header():
    print("| instance | algorithm | published length | status | length | seconds | generated |"
          " expanded | generated/s | threshold | last iteration expanded | expanded at the"
          " solution's threshold | projected generated | projected time |")
    print("|---:|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")


def table_line(row):
    seconds = float(row["seconds"] or 0)
    generated = int(row["generated"] or 0)
    rate = f"{generated / seconds / 1e6:.1f} M" if seconds > 0 else ""
    status = row["status"]
    if status == "solved" and row["verified"] != "ok":
        status = f"solved, {row['verified']}"
    elif status in ("limit", "running"):
        status = f"{status} at bound {row['threshold']}"
    elif status == "error":
        status = f"error ({row['reason']})"
    if row["projected_seconds"]:
        projected_time = duration(float(row["projected_seconds"]))
        projected = (f"{float(row['projected_generated']):.2e} | "
                     f"{projected_time} (x{row['growth']} per iteration)")
    else:
        projected = " | "
    last = f"{float(row['last_iteration_expanded']):,.0f}" if row["last_iteration_expanded"] else ""
    final = (f"{float(row['final_iteration_expanded']):,.0f}"
             if row["final_iteration_expanded"] else "")
    expanded = f"{int(row['expanded']):,}" if row["expanded"] else ""
    return (f"| #{row['id']} | {row['algorithm']} | {row['published_length']} | {status} |"
            f" {row['length']} | {seconds:.1f} | {generated:,} | {expanded} | {rate} |"
            f" {row['threshold']} | {last} | {final} | {projected} |")


def summary(rows):
    """A line per algorithm and configuration: how many solved, within which time limit."""
    lines = []
    groups = {}
    for row in rows:
        groups.setdefault((row["algorithm"], row["heuristic"], row["threads"]), []).append(row)
    for (algo, heuristic, threads), group in sorted(groups.items()):
        solved = [r for r in group if r["status"] == "solved"]
        verified = sum(r["verified"] == "ok" for r in solved)
        within = sum(float(r["seconds"]) <= float(r["time_limit"]) for r in solved)
        limits = sorted({r["time_limit"] for r in group if r["time_limit"]}, key=float)
        lines.append(
            f"{algo} ({heuristic}, {threads} threads, time limit {', '.join(limits) or '?'} s):"
            f" {len(solved)} of {len(group)} solved ({within} within the limit, {verified} of the"
            f" published length and replayed), {sum(r['status'] == 'limit' for r in group)}"
            " stopped at the limit,"
            f" {sum(r['status'] == 'running' for r in group)} to resume,"
            f" {sum(r['status'] == 'error' for r in group)} failed")
    return lines


def print_summary(rows):
    """A blank line, then the summary of the rows."""
    print()
    for line in summary(rows):
        print(line)


def print_table(rows):
    """Prints the markdown table of the rows and their summary; returns whether any failed."""
    print_header()
    for row in rows:
        print(table_line(row))
    print_summary(rows)
    return any(row_failed(r) for r in rows)


def file_name_part(text):
    """`text` (a heuristic such as pdb:6-6-6-6+7-7-7-3) as a part of a file name."""
    return re.sub(r"[^A-Za-z0-9.-]", "_", text)


def results_path(heuristic, threads, extension):
    """bench/results/korf24_HEURISTIC_tTHREADS.EXTENSION: a sweep's CSV, or its picture."""
    name = f"korf24_{file_name_part(heuristic)}_t{threads}.{extension}"
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "results", name)
