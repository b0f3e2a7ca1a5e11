#!/usr/bin/python3
"""End-to-end tests of npuzzle under mpirun (ctest label `mpi`, MPI builds only).

  mpi_test.py optimal NPUZZLE RANKS WORKDIR   every 2x3 state, 300 random 3x3 states and the shallow
      Korf instances, with pida and hda and the heuristics md, lc and pdb, on RANKS ranks: every
      answer equals sequential IDA*'s (same binary, no mpirun), is solved and optimal, says RANKS.
  mpi_test.py aida NPUZZLE WORKDIR            A*+IDA* on 2 ranks (1 and 2 threads) and 3 ranks:
      2x3, 3x3 and shallow Korf boards, the default budget, a tiny --mem-limit (plain IDA* from the
      start) and a small frontier (NPUZZLE_AIDA_NODES): every answer equals sequential IDA*'s, is
      optimal and says the ranks; every threshold but the last takes the nodes of the same threshold
      in one process (counts summed over the ranks), with a fixed phase 1 and a growing one (then
      one process with a thread per rank);
      --checkpoint is refused with exit code 1 (aida and pida).
  mpi_test.py shared-tables NPUZZLE WORKDIR   two ranks on this host say that each copies a pattern
      database only when both copies fit (else the file's shared mapping), and rank 0 alone says
      it; one rank does not.
  mpi_test.py limits NPUZZLE WORKDIR          a node limit and a time limit end every rank of a
      hard search with exit code 4 and the statistics so far (2 and 3 ranks).
  mpi_test.py progress NPUZZLE WORKDIR        rank 0's heartbeat (--progress) counts every rank's
      nodes: pida and aida on 2 ranks x 1 thread stopped by a time limit, the last heartbeat holds
      most of the nodes the job reports (rank 0's own are about half of them), and from the third
      iteration on it says the time left in the iteration.
  mpi_test.py memory NPUZZLE WORKDIR          A*+IDA* on 2 ranks whose rank 1 runs under an
      address-space limit (ulimit -v) too small for the A* phase both ranks run (a 10 M node cap,
      NPUZZLE_AIDA_NODES set on rank 0 only: the ranks take rank 0's): every rank stops, exit code
      5, rank 0 prints the status out-of-memory (allocation failed) with the counts.
  mpi_test.py signal NPUZZLE WORKDIR          SIGINT to every rank, or SIGTERM to one, during a
      hard search: exit code 4, rank 0 prints the statistics so far, no rank is left running.
      (SIGINT to mpirun itself makes Open MPI abort the job: exit 1, nothing printed.)
  mpi_test.py dead-rank NPUZZLE WORKDIR       a rank killed (SIGKILL) mid-search: mpirun ends the
      job with an error (non-zero exit), no rank hangs; mpirun itself killed (SIGKILL) mid-search:
      every rank, left without it, ends by itself (none is left in mpirun's session).

Many boards go through one mpirun (one job per board inside it), so the suite stays short. Every
mpirun starts in a session of its own; a run that outlives its deadline fails, and so does one
that leaves a process of its session running after mpirun has ended (a rank whose mpirun is gone
is reparented, so it is looked for by session, not as mpirun's child).
"""
import itertools
import json
import os
import random
import re
import signal
import subprocess
import sys
import time

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bench", "data")
ENV = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
           OMPI_MCA_rmaps_base_oversubscribe="1")
# When a rank exits with a non-zero code (3 for a batch with an unsolvable board, 4 at a limit),
# mpirun aborts the job and, by default, waits about 2 s in doing so (odls_base_sigkill_timeout,
# the grace between SIGTERM and SIGKILL to the job's other processes) even when they have ended.
# The answer tests, whose ranks have all ended by then, do not wait (2 s of the 2.4 s of each of
# their runs); the signal and dead-rank tests keep Open MPI's default.
PROMPT_ABORT_ENV = dict(ENV, OMPI_MCA_odls_base_sigkill_timeout="0")
TIMEOUT = 300


def korf_instances():
    """Korf's 100 (bench/data/korf100.txt): (id, optimal length, tiles as text), in file order."""
    instances = []
    with open(os.path.join(DATA, "korf100.txt")) as f:
        for line in f:
            words = line.split()
            if len(words) == 18:
                instances.append((int(words[0]), int(words[1]), " ".join(words[2:])))
    if len(instances) != 100:
        fail(f"korf100.txt: {len(instances)} instances, not 100")
    return instances


def korf(instance_id):
    for number, _, tiles in korf_instances():
        if number == instance_id:
            return tiles
    fail(f"no instance {instance_id} in korf100.txt")


def mpirun(ranks):
    return ["mpirun", "--oversubscribe", "-np", str(ranks)]


def run(cmd, stdin=None, timeout=TIMEOUT, env=None):
    """Runs `cmd` in a session of its own (PROMPT_ABORT_ENV and `env`): fails when it has not ended
    after `timeout` seconds, or when a process of its session (a rank) is still running after it
    ended."""
    p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, env=dict(PROMPT_ABORT_ENV, **(env or {})),
                         start_new_session=True)
    try:
        out, err = p.communicate(stdin, timeout=timeout)
    except subprocess.TimeoutExpired:
        kill_all(p.pid, [])
        p.wait()
        fail(f"{' '.join(cmd)}: still running after {timeout} s")
    left = left_over(p.pid, [])
    if left:
        kill_all(p.pid, left)
        fail(f"{' '.join(cmd)}: processes left running after it ended: {left}")
    return p.returncode, out, err


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def board_sets():
    """(name, extra arguments, input text)."""
    goal = list(range(6))
    boards_2x3 = [" ".join(map(str, p)) for p in itertools.permutations(goal)]
    rng = random.Random(11)
    boards_3x3 = []
    for _ in range(300):
        tiles = list(range(9))
        rng.shuffle(tiles)
        boards_3x3.append(" ".join(map(str, tiles)))
    korf = [f"{number} {tiles}" for number, length, tiles in korf_instances() if length <= 42]
    return [("2x3", ["--size", "2x3"], "\n".join(boards_2x3) + "\n"),
            ("3x3", [], "\n".join(boards_3x3) + "\n"),
            ("korf", [], "\n".join(korf[:2]) + "\n")]


def results(text):
    # mpirun adds its own notes to stdout (e.g. on a non-zero exit code): only the JSON lines count.
    return [json.loads(line) for line in text.splitlines() if line.startswith("{")]


def optimal(npuzzle, ranks, workdir):
    pdb_dir = os.path.join(workdir, "pdb")
    os.makedirs(pdb_dir, exist_ok=True)
    checked = 0
    for name, extra, boards in board_sets():
        for heuristic in ["md", "lc", "pdb"]:
            common = ["solve", "-", "--heuristic", heuristic, "--pdb-dir", pdb_dir,
                      "--output", "json", "-q"] + extra
            code, out, err = run([npuzzle] + common + ["--algo", "ida"], boards)
            expected = results(out)
            if not expected or code not in (0, 3):
                fail(f"sequential ida on {name} with {heuristic}: exit {code}: {err[-500:]}")
            for algo in ["pida", "hda"]:
                for threads in ([1, 2] if ranks <= 2 else [1]):
                    what = f"{algo} --threads {threads} on {ranks} ranks, {name}, {heuristic}"
                    code, out, err = run(mpirun(ranks) + [npuzzle] + common +
                                         ["--algo", algo, "--threads", str(threads)], boards)
                    got = results(out)
                    if code != (3 if any(e["status"] == "unsolvable" for e in expected) else 0):
                        fail(f"{what}: exit {code}: {err[-800:]}")
                    if len(got) != len(expected):
                        fail(f"{what}: {len(got)} results for {len(expected)} boards")
                    for e, g in zip(expected, got):
                        if g["status"] != e["status"] or g.get("length") != e.get("length"):
                            fail(f"{what}: board {e['id']}: {g} against sequential {e}")
                        if g["status"] == "solved":
                            if not g["optimal"] or g["ranks"] != ranks or g["algorithm"] != algo:
                                fail(f"{what}: board {e['id']}: {g}")
                            checked += 1
    print(f"{checked} distributed answers on {ranks} ranks equal sequential IDA*'s")


# Korf #1, 57 moves: minutes with misplaced tiles (with Manhattan distance a fast machine solves it
# on 2 ranks in about half a second, so the limit tests, like the signal tests, search with
# misplaced tiles).
def hard():
    return korf(1)


def aida_boards():
    """(name, extra arguments, input text): 2x3 and 3x3 boards (the goal among them) and two
    shallow Korf instances."""
    rng = random.Random(5)
    boards_2x3 = ["0 1 2 3 4 5"]
    boards_3x3 = ["0 1 2 3 4 5 6 7 8"]
    for _ in range(40):
        tiles = list(range(6))
        rng.shuffle(tiles)
        boards_2x3.append(" ".join(map(str, tiles)))
        tiles = list(range(9))
        rng.shuffle(tiles)
        boards_3x3.append(" ".join(map(str, tiles)))
    korf_boards = [f"{number} {tiles}" for number, length, tiles in korf_instances()
                   if length <= 42][:2]
    return [("2x3", ["--size", "2x3"], "\n".join(boards_2x3) + "\n"),
            ("3x3", [], "\n".join(boards_3x3) + "\n"),
            ("korf", [], "\n".join(korf_boards) + "\n")]


def threshold_counts(err):
    """(bound, nodes) of each threshold from the -v progress lines on stderr, in order."""
    return re.findall(r"bound (\d+): ([\d.]+(?: [KMG])?) expanded in the iteration", err)


def aida(npuzzle, workdir):
    checked = 0
    default, tiny = ("default budget", [], {}), ("tiny --mem-limit", ["--mem-limit", "1K"], {})
    small = ("small frontier", [], {"NPUZZLE_AIDA_NODES": "300"})
    runs = [(default, 2, 1), (tiny, 3, 1), (small, 2, 2), (small, 3, 1)]
    for name, extra, boards in aida_boards():
        common = ["solve", "-", "--heuristic", "md", "--output", "json", "-q"] + extra
        code, out, err = run([npuzzle] + common + ["--algo", "ida"], boards)
        expected = results(out)
        if not expected or code not in (0, 3):
            fail(f"sequential ida on {name}: exit {code}: {err[-500:]}")
        want = 3 if any(e["status"] == "unsolvable" for e in expected) else 0
        for (budget, limit, env), ranks, threads in runs:
            what = f"aida --threads {threads} on {ranks} ranks, {name}, {budget}"
            code, out, err = run(mpirun(ranks) + [npuzzle] + common + limit +
                                 ["--algo", "aida", "--threads", str(threads)], boards, env=env)
            got = results(out)
            if code != want or len(got) != len(expected):
                fail(f"{what}: exit {code}, {len(got)} results for {len(expected)} boards: "
                     f"{err[-800:]}")
            for e, g in zip(expected, got):
                if g["status"] != e["status"] or g.get("length") != e.get("length"):
                    fail(f"{what}: board {e['id']}: {g} against sequential {e}")
                if g["status"] == "solved":
                    if not g["optimal"] or g["ranks"] != ranks or g["algorithm"] != "aida":
                        fail(f"{what}: board {e['id']}: {g}")
                    checked += 1
    print(f"{checked} A*+IDA* answers across ranks equal sequential IDA*'s")
    # The thresholds a search exhausts take the same nodes on every rank count: each frontier node
    # is searched once, on one rank, and the ranks' counts are summed (one thread each: the counts
    # of a thread are deterministic, but for the last threshold, which stops at the solution).
    # With a phase 1 that grows (a small growth divisor, so that it grows on Korf's #13), the
    # same against one process with as many threads (the growth follows the threads in all): every
    # rank orders each grown frontier alike, from the closest approaches of the old frontier
    # nodes' children, which the ranks send each other (the run grew: it held more than phase 1's
    # first 4,096 nodes, and a threshold after the growth was exhausted).
    tiles = [t for n, length, t in korf_instances() if length <= 42][1]
    for board, env in [(tiles, {"NPUZZLE_AIDA_NODES": "2000"}),
                       (korf(13), {"NPUZZLE_AIDA_GROWTH": "8"})]:
        growing = "NPUZZLE_AIDA_GROWTH" in env
        common = ["solve", board, "--heuristic", "md", "--algo", "aida", "--output", "json", "-v"]
        for ranks in [2, 3]:
            threads = ["--threads", str(ranks)] if growing else []
            _, out, err = run([npuzzle] + common + threads, env=env)
            alone = threshold_counts(err)
            if growing and results(out)[0]["peak_stored"] <= 4096:
                fail(f"aida with {env}: peak stored {results(out)[0]['peak_stored']}")
            code, out, err = run(mpirun(ranks) + [npuzzle] + common, env=env)
            shared = threshold_counts(err)
            if (code != 0 or len(shared) != len(alone) or len(alone) < 2 or
                    shared[:-1] != alone[:-1]):
                fail(f"aida on {ranks} ranks with {env}: thresholds {shared} against one "
                     f"process's {alone}")
        print(f"{len(alone) - 1} exhausted thresholds take the same nodes on 2 and 3 ranks as in "
              f"one process ({'a growing' if growing else 'a fixed'} phase 1)")
    # Refused before the other ranks hear of the search (they once waited for it: a hang).
    for algo in ["aida", "pida"]:
        code, out, err = run(mpirun(2) + [npuzzle, "solve", tiles, "--algo", algo, "--heuristic",
                                          "md", "--checkpoint", os.path.join(workdir, "a.ckpt")],
                             timeout=60)
        if code != 1 or "do not work under mpirun" not in err:
            fail(f"{algo} --checkpoint on 2 ranks: exit {code}: {err[-500:]}")
    print("--checkpoint with aida or pida under mpirun is refused (exit code 1)")
    # No --algo: a 4x4 board's default (aida) runs across the ranks when boards come one at a time,
    # on rank 0 alone when --threads 2 solves two at once; the 3x3's (ida) on one rank.
    korf_boards = [f"{n} {t}" for n, length, t in korf_instances() if length <= 42][:2]
    boards = "\n".join(korf_boards + ["1 2 3 4 5 6 7 0 8"]) + "\n"
    for threads, ranks_4x4 in [(1, 2), (2, 1)]:
        code, out, err = run(mpirun(2) + [npuzzle, "solve", "-", "--heuristic", "md", "--output",
                                          "json", "-q", "--threads", str(threads)], boards)
        got = results(out)
        seen = [(g["algorithm"], g["ranks"], g["threads"]) for g in got]
        want = [("aida", ranks_4x4, 1), ("aida", ranks_4x4, 1), ("ida", 1, 1)]
        if code != 0 or seen != want or not all(g["optimal"] for g in got):
            fail(f"the default algorithm, --threads {threads} on 2 ranks: exit {code}, {seen} "
                 f"against {want}: {err[-500:]}")
    print("without --algo, 4x4 boards run aida across the ranks one at a time, on rank 0 when "
          "--threads solves boards at once")


def shared_tables(npuzzle, workdir):
    pdb_dir = os.path.join(workdir, "pdb-shared")
    os.makedirs(pdb_dir, exist_ok=True)
    note = "ranks on this host copy a table to huge pages only when"
    common = [npuzzle, "solve", "1 2 3 4 5 6 7 8 0", "--heuristic", "pdb", "--pdb-dir", pdb_dir,
              "--algo", "pida"]
    code, _, err = run(common)  # builds the tables
    if code != 0 or note in err:
        fail(f"one process: exit {code}: {err[-500:]}")
    code, _, err = run(mpirun(1) + common)
    if code != 0 or note in err:
        fail(f"one rank: exit {code}: {err[-500:]}")
    code, _, err = run(mpirun(2) + common)
    lines = [line for line in err.splitlines() if note in line]
    if code != 0 or len(lines) != 1 or "the 2 ranks" not in lines[0] or "2 copies" not in lines[0]:
        fail(f"two ranks on one host: exit {code}: {err[-800:]}")
    print("two ranks on one host count each other's copies of the pattern databases (rank 0 says so)")


def limits(npuzzle, workdir):
    for ranks in [2, 3]:
        for algo in ["pida", "hda", "aida"]:
            for limit in [["--node-limit", "200000"], ["--time-limit", "0.5"]]:
                what = f"{algo} on {ranks} ranks with {' '.join(limit)}"
                start = time.monotonic()
                code, out, err = run(mpirun(ranks) + [npuzzle, "solve", hard(), "--algo", algo,
                                                       "--heuristic", "misplaced", "--output",
                                                       "json"] +
                                     limit, timeout=120)
                got = results(out)
                if code != 4 or len(got) != 1 or got[0]["status"] != "limit":
                    fail(f"{what}: exit {code}, {out!r}, {err[-500:]}")
                if got[0]["expanded"] <= 0 or got[0]["bound"] <= 0 or got[0]["ranks"] != ranks:
                    fail(f"{what}: {got[0]}")
                if time.monotonic() - start > 60:
                    fail(f"{what}: took {time.monotonic() - start:.1f} s")
    print("node and time limits end every rank with exit code 4")


def count(text):
    """A count as the heartbeat prints it ("950", "12.3 K", "4.56 M") as a number."""
    number, _, unit = text.partition(" ")
    return float(number) * {"": 1, "K": 1e3, "M": 1e6, "G": 1e9, "T": 1e12}[unit]


def progress(npuzzle, workdir):
    # The job's nodes of the last heartbeat against the job's total: rank 0 alone expands about
    # half of them, the heartbeat is at most 0.3 s (and the other rank's latest counts 0.25 s) old
    # when the 4 s run ends.
    for algo in ["pida", "aida"]:
        what = f"{algo} on 2 ranks x 1 thread, --progress=0.3"
        code, out, err = run(mpirun(2) + [npuzzle, "solve", hard(), "--algo", algo, "--heuristic",
                                          "misplaced", "--output", "json", "--threads", "1",
                                          "--time-limit", "4", "--progress=0.3"], timeout=120)
        got = results(out)
        beats = re.findall(r"([\d.]+) s, ([\d.]+(?: [KMGT])?) expanded \(", err)
        if code != 4 or len(got) != 1 or got[0]["ranks"] != 2 or len(beats) < 5:
            fail(f"{what}: exit {code}, {out!r}, {len(beats)} heartbeats: {err[-800:]}")
        counts = [count(c) for _, c in beats]
        total = got[0]["expanded"]
        if counts != sorted(counts) or not 0.7 * total <= counts[-1] <= total * 1.01:
            fail(f"{what}: heartbeats {counts} against {total} expanded by the job")
        if not re.search(r"left in the iteration|the iteration is past its estimate", err):
            fail(f"{what}: no heartbeat says the time left in the iteration: {err[-800:]}")
        print(f"{what}: the last of {len(beats)} heartbeats counts {counts[-1]:.3g} of the job's "
              f"{total} nodes")


def memory(npuzzle, workdir):
    # Rank 1 is started by a shell that limits its address space first (mpirun's MPMD form); the
    # node cap reaches rank 0 alone (the environment of one host), the ranks agree on rank 0's.
    # Rank 1's 10 M node phase needs about 300 MB of nodes alone; 250 MB let it start MPI here.
    for limit_kib in [250000, 350000]:
        what = f"aida on 2 ranks, rank 1 under ulimit -v {limit_kib}"
        cmd = (["mpirun", "--oversubscribe", "-np", "1", "-x", "NPUZZLE_AIDA_NODES=10000000",
                npuzzle, "solve", korf(1), "--algo", "aida", "--heuristic", "md", "--threads", "1",
                "--mem-limit", "2G", "--output", "json", ":", "-np", "1", "/bin/sh", "-c",
                f"ulimit -v {limit_kib} && exec {npuzzle} solve -"])
        code, out, err = run(cmd, timeout=120)
        got = results(out)
        if code != 5 or len(got) != 1:
            fail(f"{what}: exit {code}, {out!r}, {err[-800:]}")
        g = got[0]
        if (g["status"] != "out-of-memory" or g["reason"] != "allocation failed" or
                g["ranks"] != 2 or g["expanded"] <= 0 or g["peak_stored"] <= 0):
            fail(f"{what}: {g}")
        print(f"{what}: exit 5, {g['status']} ({g['reason']}), expanded {g['expanded']}")


def rank_pids(mpirun_pid):
    out = subprocess.run(["pgrep", "-P", str(mpirun_pid), "-f", "npuzzle solve"],
                         capture_output=True, text=True).stdout.split()
    return sorted(int(r) for r in out)


def running(pid):
    """Whether `pid` is a process that has not ended (a zombie, ended but not yet reaped by
    whichever process adopted it, does not count)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return False


def left_over(session, pids, grace=5.0):
    """The processes still running `grace` seconds after mpirun (the leader of session `session`)
    ended: any of the ranks' `pids` seen while it ran, and any process left in its session (a rank
    whose mpirun is gone is reparented, so it is no longer mpirun's child; the session stays)."""
    deadline = time.monotonic() + grace
    while True:
        in_session = subprocess.run(["pgrep", "-s", str(session)], capture_output=True,
                                    text=True).stdout.split()
        alive = sorted(pid for pid in set(pids) | {int(pid) for pid in in_session} if running(pid))
        if not alive or time.monotonic() > deadline:
            return alive
        time.sleep(0.1)


def kill_all(session, pids):
    """SIGKILL to mpirun's process group and to every process in `pids` (the clean-up of a failed
    test)."""
    try:
        os.killpg(session, signal.SIGKILL)
    except ProcessLookupError:
        pass
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def start_hard(algo):
    return subprocess.Popen(mpirun(2) + [npuzzle_path, "solve", hard(), "--algo", algo,
                                         "--heuristic", "misplaced", "--output", "json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV,
                            start_new_session=True)


def start_hard_on_two_ranks(algo):
    """start_hard, given 2 s to start its ranks: the mpirun process and the ranks' pids (both
    ranks, or the test fails with every process killed)."""
    p = start_hard(algo)
    time.sleep(2.0)
    pids = rank_pids(p.pid)
    if len(pids) != 2:
        kill_all(p.pid, pids)
        fail(f"{algo}: expected 2 ranks, found {pids}")
    return p, pids


def signal_test(npuzzle, workdir):
    # SIGINT to every rank (Ctrl-C where the ranks share the terminal's process group), SIGTERM to
    # one rank only: either way every rank stops and rank 0 prints the statistics so far.
    for algo, signum, which in [("pida", signal.SIGINT, "all"), ("hda", signal.SIGINT, "all"),
                                ("aida", signal.SIGINT, "all"), ("pida", signal.SIGTERM, "one"),
                                ("hda", signal.SIGTERM, "one"), ("aida", signal.SIGTERM, "one")]:
        p, pids = start_hard_on_two_ranks(algo)
        for pid in (pids if which == "all" else pids[-1:]):
            os.kill(pid, signum)
        try:
            out, err = p.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            kill_all(p.pid, pids)
            fail(f"{algo}: still running 60 s after {signum.name}")
        got = results(out)
        if p.returncode != 4 or len(got) != 1 or got[0]["status"] != "limit" or \
                got[0]["reason"] != "interrupted" or got[0]["expanded"] <= 0:
            fail(f"{algo}, {signum.name} to {which}: exit {p.returncode}, {out!r}, {err[-800:]}")
        left = left_over(p.pid, pids)
        if left:
            kill_all(p.pid, left)
            fail(f"{algo}, {signum.name} to {which}: processes left running: {left}")
    print("SIGINT to every rank or SIGTERM to one ends every rank; rank 0 prints the statistics so "
          "far, exit code 4")


def dead_rank(npuzzle, workdir):
    for algo in ["pida", "hda"]:
        p, pids = start_hard_on_two_ranks(algo)
        os.kill(pids[-1], signal.SIGKILL)
        killed = time.monotonic()
        try:
            out, err = p.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            kill_all(p.pid, pids)
            fail(f"{algo}: the job hangs after a rank was killed")
        if p.returncode == 0:
            fail(f"{algo}: exit {p.returncode} after a rank was killed: {out!r} {err[-500:]}")
        left = left_over(p.pid, pids)
        if left:
            kill_all(p.pid, left)
            fail(f"{algo}: ranks left running after a rank was killed: {left}")
        message = [line for line in (out + err).splitlines() if "signal 9" in line or "Killed" in line]
        print(f"{algo}: a killed rank ends the job in {time.monotonic() - killed:.1f} s: exit "
              f"{p.returncode}: {message[0].strip() if message else '(no message)'}")
    for algo in ["pida", "hda"]:
        p, pids = start_hard_on_two_ranks(algo)
        p.kill()
        p.wait(timeout=30)
        p.stdout.close()
        p.stderr.close()
        left = left_over(p.pid, pids)
        if left:
            kill_all(p.pid, left)
            fail(f"{algo}: ranks left running after mpirun was killed: {left}")
        print(f"{algo}: with mpirun killed, both ranks ended by themselves")


npuzzle_path = None


def main():
    global npuzzle_path
    mode, npuzzle = sys.argv[1], sys.argv[2]
    npuzzle_path = npuzzle
    if mode == "optimal":
        optimal(npuzzle, int(sys.argv[3]), sys.argv[4])
    elif mode == "aida":
        aida(npuzzle, sys.argv[3])
    elif mode == "shared-tables":
        shared_tables(npuzzle, sys.argv[3])
    elif mode == "limits":
        limits(npuzzle, sys.argv[3])
    elif mode == "progress":
        progress(npuzzle, sys.argv[3])
    elif mode == "memory":
        memory(npuzzle, sys.argv[3])
    elif mode == "signal":
        signal_test(npuzzle, sys.argv[3])
    elif mode == "dead-rank":
        dead_rank(npuzzle, sys.argv[3])
    else:
        fail("unknown mode " + mode)


if __name__ == "__main__":
    main()
