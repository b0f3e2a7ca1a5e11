#!/usr/bin/env python3
"""Runs Korf and Felner's 24-puzzle instances one at a time under a time limit, keeps every
instance's outcome in a CSV file, and prints the markdown table of it: for each solved instance its
length (checked against the published one, and its moves replayed to the goal), nodes and time; for
each stopped one the threshold it reached and the projection from its completed IDA* iterations.

A sweep goes on across sessions. Every search keeps a checkpoint in the state directory (written
every --checkpoint-every seconds and when a limit or a signal stops it), and its CSV row says
`running` while it runs (updated from the checkpoint as often). Running the same command again skips
the instances whose row is done (solved, or stopped with the whole --time-limit spent), resumes the
others from their checkpoints, and gives each only what is left of its --time-limit: the seconds a
search has spent are the ones its checkpoint counts, summed over every run (npuzzle's own limit
also covers loading the tables, so a run's --time-limit is what is left plus the least start-up,
`startup_seconds`, that a run of the CSV with this heuristic and thread count took to its end or
limit; a search that loads slower gets less, and one left with more than 1 % of its limit stays
`running` for the next sweep, which then allows it its own last start-up). A run cut off by
SIGKILL loses the work since its last checkpoint (its wall time is still in `wall_seconds`).
SIGTERM, SIGHUP or Ctrl-C to the sweep stop its search with its checkpoint written (the search runs
in a session of its own and gets SIGTERM from the sweep, unless it got a signal itself), keep the
row `running` and end the sweep with exit code 4; under nohup, SIGHUP is ignored. If the sweep is
killed (SIGKILL), its search gets SIGTERM and stops so too. One sweep at a time uses a state
directory.

The projection takes the growth factor of the last two completed iterations (expanded nodes of
iteration k+1 over iteration k) and extends the last completed iteration geometrically up to the
published optimal length, counting that last iteration whole (IDA* stops it at its first
solution, so this errs high). Generated nodes are projected with the run's generated/expanded
ratio and the time with the run's generated/s. The iterations are read from the `-v` lines of every
run of the instance (A*+IDA*'s thresholds print as parallel IDA*'s bounds do), kept in the state
directory as ALGO_HEURISTIC_tTHREADS_ID.runN.err beside its checkpoint (.ckpt), each opening with
its command line.

Usage: bench/korf24_sweep.py --npuzzle build/tools/npuzzle --pdb-dir DIR \
           --heuristic pdb:6-6-6-6+7-7-7-3 --algo pida,aida --mem-limit 6G --threads 2 \
           --ids 1-50 --time-limit 1800 [--csv FILE] [--state-dir DIR]
       bench/korf24_sweep.py --csv FILE --table-only [--algo A] [--ids I]

The CSV is bench/results/korf24_HEURISTIC_tTHREADS.csv unless --csv names another, the state
directory the CSV's name with .state for .csv unless --state-dir names another.

Exit code: 0 when every run ended as it should, 1 when a length differs from the published one, a
solution does not replay to the goal or a run failed, 2 when the state directory is in use by
another sweep, 4 when a signal stopped the sweep (run it again to go on).
"""

import argparse
import contextlib
import ctypes
import datetime
import fcntl
import json
import os
import pathlib
import re
import shlex
import signal
import subprocess
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree for the import below
sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
from sweep_rows import (binary_commit, file_name_part, load_rows, new_row, parse_ids,  # noqa: E402
                        print_header, print_summary, print_table, read_checkpoint, read_set,
                        record_final_iteration, record_last_iteration, record_progress,
                        record_solution, results_path,
                        row_failed, selected_rows, store_row, table_line)

# Of the algorithms that keep checkpoints (ida, pida, aida), those that store nodes (--mem-limit).
MEMORY_ALGOS = {"aida"}
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
# How long a signalled sweep waits for its search to stop on the same signal (at the machine's
# shutdown every process gets SIGTERM) before it checks that the search got one, and how often it
# looks at the search.
SIGNAL_GRACE_SECONDS = 0.5
POLL_SECONDS = 0.2
# How long a sweep waits for the state directory of a sweep that is ending (its search writing its
# last checkpoint) before it gives up.
LOCK_WAIT_SECONDS = 30.0
PR_SET_PDEATHSIG = 1
EXIT_FAILURE, EXIT_BUSY, EXIT_STOPPED = 1, 2, 4


def still_catches_stop_signals(pid):
    """Whether the process still has its handlers for Ctrl-C, SIGTERM and SIGHUP: npuzzle drops the
    one of a signal it receives (a second one ends it at once, without its checkpoint)."""
    try:
        status = pathlib.Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    caught = re.search(r"^SigCgt:\s*([0-9a-f]+)", status, re.M)
    mask = int(caught.group(1), 16) if caught else 0
    return all(mask >> (s - 1) & 1 for s in STOP_SIGNALS)


def terminate_with_parent():
    """Run in the child before exec: SIGTERM when the sweep dies, so that a killed sweep leaves no
    search running on (SIGTERM makes npuzzle write its checkpoint and stop)."""
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)


@contextlib.contextmanager
def state_dir_lock(state_dir):
    """Holds the state directory for one sweep; yields the lock's descriptor (passed on to the
    searches, so that a search outliving its sweep keeps the directory until it ends), or None
    when another sweep holds it."""
    fd = os.open(os.path.join(state_dir, "sweep.lock"), os.O_RDWR | os.O_CREAT, 0o644)
    try:
        deadline = time.monotonic() + LOCK_WAIT_SECONDS
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    yield None
                    return
                time.sleep(0.2)
        yield fd
    finally:
        os.close(fd)


class StopRequest:
    """The stop signal the sweep received, if any (a signal ignored from the start, as SIGHUP under
    nohup, stays ignored)."""

    def __init__(self):
        self.signal = None
        for s in STOP_SIGNALS:
            if signal.getsignal(s) != signal.SIG_IGN:
                signal.signal(s, self.receive)

    def receive(self, signal_number, _frame):
        self.signal = signal_number


class Sweep:
    def __init__(self, args, stop, lock_fd):
        self.args = args
        self.stop = stop
        self.lock_fd = lock_fd
        self.commit = args.commit if args.commit is not None else binary_commit(args.npuzzle)

    def startup_allowance(self):
        """The least wall time outside the search (start-up, loading the tables) that a run of
        this heuristic and thread count took (0 before the first): what npuzzle's time limit is
        given on top of the time left (more would let the search run past the limit)."""
        same = selected_rows(self.args.csv, heuristic=self.args.heuristic,
                             threads=self.args.threads)
        measured = [float(r["startup_seconds"]) for r in same if r["startup_seconds"]]
        return min(measured, default=0.0)

    def stem(self, instance_id, algo):
        return os.path.join(
            self.args.state_dir,
            f"{algo}_{file_name_part(self.args.heuristic)}_t{self.args.threads}_{instance_id}")

    def run_files(self, stem):
        """The stderr files of an instance's runs, in the order they ran."""
        found = []
        folder, name = os.path.split(stem)
        pattern = re.compile(re.escape(name) + r"\.run(\d+)\.err$")
        for entry in os.listdir(folder):
            m = pattern.match(entry)
            if m:
                found.append((int(m.group(1)), os.path.join(folder, entry)))
        return [path for _, path in sorted(found)]

    def stamp(self, row):
        memory = self.args.mem_limit if row["algorithm"] in MEMORY_ALGOS else None
        row.update(time_limit=f"{self.args.time_limit:g}", mem_limit=memory or "",
                   date=datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
                   commit=self.commit)

    def is_done(self, row, spent):
        """Solved, or `spent` seconds leave at most 1 % of the limit, or a second (a tenth of a
        limit under 10 s): not worth loading the tables again."""
        if row["status"] == "solved":
            return True
        limit = self.args.time_limit
        return spent >= limit - max(min(1.0, 0.1 * limit), 0.01 * limit)

    def command(self, tiles, algo, checkpoint, remaining):
        a = self.args
        cmd = [a.npuzzle, "solve", "--output", "json", "--verbose", "--algo", algo, "--threads",
               str(a.threads), "--time-limit", f"{remaining:.3f}", "--checkpoint-every",
               f"{a.checkpoint_every:g}"]
        if a.pdb_dir:
            cmd += ["--pdb-dir", a.pdb_dir]
        if a.mem_limit and algo in MEMORY_ALGOS:
            cmd += ["--mem-limit", a.mem_limit]
        if os.path.exists(checkpoint):
            return cmd + ["--resume", checkpoint]
        return cmd + ["--heuristic", a.heuristic, "--checkpoint", checkpoint] + tiles.split()

    def run_instance(self, instance_id, algo, optimal, tiles, row):
        """Runs (or resumes) one search with what is left of its time; returns its final row."""
        stem = self.stem(instance_id, algo)
        checkpoint = stem + ".ckpt"
        saved = read_checkpoint(checkpoint)
        spent = saved["seconds"] if saved else 0.0
        if saved and self.is_done(row, spent):
            row.update(status="limit", reason="time limit")
            record_progress(row, self.run_files(stem), saved, saved["bound"])
            self.stamp(row)
            return row

        runs = self.run_files(stem)
        run_number = int(re.search(r"\.run(\d+)\.err$", runs[-1]).group(1)) + 1 if runs else 1
        # npuzzle's limit covers loading the tables, its seconds only the search.
        allowance = self.startup_allowance()
        if row["status"] == "running" and row["reason"] == "time limit" and row["startup_seconds"]:
            # Its last run's start-up took longer and left it time: as long, or it never gets on.
            allowance = max(allowance, float(row["startup_seconds"]))
        cmd = self.command(tiles, algo, checkpoint, self.args.time_limit - spent + allowance)
        wall_before = float(row["wall_seconds"] or 0)
        row.update(status="running", reason="", runs=str(int(row["runs"] or 0) + 1))
        self.stamp(row)
        store_row(self.args.csv, row)

        err_path = f"{stem}.run{run_number}.err"
        with open(err_path, "w") as err:
            err.write("# " + shlex.join(cmd) + "\n")
            err.flush()
            start = time.monotonic()
            # In a session of its own: the terminal's signals reach the sweep alone, which passes a
            # stop on (SIGTERM), so that a sweep under nohup goes on when its terminal is closed.
            proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=err, text=True,
                                    start_new_session=True, preexec_fn=terminate_with_parent,
                                    pass_fds=(self.lock_fd,))
            out = self.wait(proc, row, stem, checkpoint, start, wall_before)
        elapsed = time.monotonic() - start
        row["wall_seconds"] = f"{wall_before + elapsed:.1f}"
        if self.finish(row, stem, checkpoint, tiles, proc.returncode, out, err_path):
            row["startup_seconds"] = f"{max(0.0, elapsed - (float(row['seconds']) - spent)):.2f}"
        self.stamp(row)
        return row

    def wait(self, proc, row, stem, checkpoint, start, wall_before):
        """Waits for the search, updating its `running` row from its checkpoint every
        --checkpoint-every seconds; on a stop signal makes sure the search got one. Its stdout."""
        next_update = start + self.args.checkpoint_every
        signalled_at = None
        forwarded = False
        while True:
            try:
                out, _ = proc.communicate(timeout=POLL_SECONDS)
                return out
            except subprocess.TimeoutExpired:
                pass
            now = time.monotonic()
            if self.stop.signal is not None and signalled_at is None:
                signalled_at = now
            if not forwarded and signalled_at is not None and \
                    now - signalled_at >= SIGNAL_GRACE_SECONDS:
                if still_catches_stop_signals(proc.pid):
                    proc.send_signal(signal.SIGTERM)
                forwarded = True
            if now >= next_update:
                next_update = now + self.args.checkpoint_every
                saved = read_checkpoint(checkpoint)
                if saved:
                    record_progress(row, self.run_files(stem), saved, saved["bound"])
                    row["wall_seconds"] = f"{wall_before + now - start:.1f}"
                    self.stamp(row)
                    store_row(self.args.csv, row)

    def finish(self, row, stem, checkpoint, tiles, returncode, out, err_path):
        """Fills the row from the search's output; whether the search ran to its end or its limit
        (the run's wall time less the search's is then its start-up)."""
        try:
            result = json.loads(out.strip().splitlines()[-1])
        except (IndexError, json.JSONDecodeError):
            result = None
        if result is None or result.get("status") not in ("solved", "limit"):
            saved = read_checkpoint(checkpoint)
            if self.stop.signal is not None and saved:
                row["status"] = "running"
                record_progress(row, self.run_files(stem), saved, saved["bound"])
                return False
            lines = pathlib.Path(err_path).read_text(errors="replace").strip().splitlines()
            reason = result["status"] if result else (lines[-1] if lines else "no output")
            row.update(status="error", reason=f"exit {returncode}: {reason}")
            return False
        if result["status"] == "limit":
            # Stopped by a signal, or with time left (the tables took longer to load than the
            # allowance): the next sweep goes on.
            reason = result.get("reason", "")
            if reason == "interrupted" or not self.is_done(row, result["seconds"]):
                row.update(status="running", reason=reason)
            else:
                row.update(status="limit", reason=reason)
            record_progress(row, self.run_files(stem), result, result["bound"])
            return reason != "interrupted"
        record_solution(row, result, tiles)
        record_last_iteration(row, self.run_files(stem), result["length"])
        record_final_iteration(row, self.run_files(stem), result["length"])
        with contextlib.suppress(FileNotFoundError):
            os.remove(checkpoint)
        return True

    def run(self, instances, ids, algos):
        failures = 0
        print_header()
        for instance_id in ids:
            optimal, tiles = instances[instance_id]
            for algo in algos:
                if self.stop.signal is not None:
                    return EXIT_STOPPED
                key = (str(instance_id), algo, self.args.heuristic, str(self.args.threads))
                row = load_rows(self.args.csv).get(key) or new_row(
                    instance_id, algo, optimal, self.args.heuristic, self.args.threads)
                finished = row["status"] in ("solved", "limit")
                if not (finished and self.is_done(row, float(row["seconds"] or 0))):
                    row = self.run_instance(instance_id, algo, optimal, tiles, row)
                    store_row(self.args.csv, row)
                print(table_line(row), flush=True)
                failures += row_failed(row)
        return EXIT_STOPPED if self.stop.signal is not None else (EXIT_FAILURE if failures else 0)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--npuzzle", default="build/tools/npuzzle")
    ap.add_argument("--set", default="bench/data/korf24_50.txt")
    ap.add_argument("--ids", help="e.g. 1-50 or 3,7,40 (default: all of the set)")
    ap.add_argument("--heuristic", help="default pdb (with --table-only: every one)")
    ap.add_argument("--pdb-dir")
    ap.add_argument("--algo", help="one or a list, e.g. pida,aida (default pida)")
    ap.add_argument("--threads", type=int, help="default 2")
    ap.add_argument("--mem-limit", help="aida: the process's memory, tables included, the same in "
                    "every session (6-6-6-6+7-7-7-3 holds about 3.8 GB: e.g. 6G)")
    ap.add_argument("--time-limit", type=float, default=60.0,
                    help="seconds per instance, summed over its runs")
    ap.add_argument("--checkpoint-every", type=float, default=60.0,
                    help="seconds between checkpoints and updates of the running row")
    ap.add_argument("--csv", help="the sweep's results, a row per instance and algorithm (default:"
                    " bench/results/korf24_HEURISTIC_tTHREADS.csv)")
    ap.add_argument("--state-dir", help="checkpoints and each run's stderr (default: CSV.state)")
    ap.add_argument("--commit", help="the binary's commit for the CSV (default: found)")
    ap.add_argument("--table-only", action="store_true",
                    help="print the table of the CSV and run nothing")
    args = ap.parse_args()
    args.csv = args.csv or results_path(args.heuristic or "pdb", args.threads or 2, "csv")
    if args.table_only:
        rows = selected_rows(args.csv, set(parse_ids(args.ids)) if args.ids else None,
                             args.algo.split(",") if args.algo else None, args.heuristic,
                             args.threads)
        return EXIT_FAILURE if print_table(rows) else 0

    args.heuristic = args.heuristic or "pdb"
    args.threads = args.threads or 2
    algos = (args.algo or "pida").split(",")
    if "aida" in algos and not args.mem_limit:
        print("korf24_sweep: aida without --mem-limit takes a share of the memory available, "
              "which may differ in the next session", file=sys.stderr)
    args.state_dir = args.state_dir or os.path.splitext(args.csv)[0] + ".state"
    os.makedirs(args.state_dir, exist_ok=True)
    instances = read_set(args.set)
    ids = parse_ids(args.ids) if args.ids else sorted(instances)
    stop = StopRequest()
    with state_dir_lock(args.state_dir) as lock_fd:
        if lock_fd is None:
            print(f"korf24_sweep: {args.state_dir} is in use by another sweep", file=sys.stderr)
            return EXIT_BUSY
        code = Sweep(args, stop, lock_fd).run(instances, ids, algos)
    print_summary(selected_rows(args.csv, set(ids), algos, args.heuristic, args.threads))
    if code == EXIT_STOPPED:
        print("korf24_sweep: stopped; run the same command again to go on", file=sys.stderr)
    return code


if __name__ == "__main__":
    sys.exit(main())
