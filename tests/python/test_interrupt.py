"""Ctrl-C stops a running search with KeyboardInterrupt; the GIL is free while a search runs."""

import os
import signal
import subprocess
import sys
import threading
import time

import npuzzle

# Korf and Felner's first random 24-puzzle: IDA* with Manhattan distance alone never ends here.
HOPELESS = "14 5 9 2 18 8 23 19 12 17 15 0 10 20 4 6 11 21 1 7 24 3 16 22 13"

SCRIPT = f"""
import signal
import sys
import npuzzle
signal.signal(signal.SIGINT, signal.default_int_handler)  # even where SIGINT came in ignored
print("searching", flush=True)
try:
    npuzzle.solve({HOPELESS!r}, heuristic="md")
except KeyboardInterrupt:
    print("interrupted", flush=True)
    sys.exit(7)
print("finished", flush=True)
"""


def test_sigint_raises_keyboard_interrupt():
    child = subprocess.Popen([sys.executable, "-c", SCRIPT], stdout=subprocess.PIPE, text=True,
                             env=dict(os.environ))
    try:
        assert child.stdout.readline().strip() == "searching"
        time.sleep(0.5)  # into the search
        child.send_signal(signal.SIGINT)
        out, _ = child.communicate(timeout=60)
    finally:
        if child.poll() is None:
            child.kill()
    assert child.returncode == 7
    assert out.strip() == "interrupted"


def test_other_threads_run_during_a_search():
    ticks = []
    result = []
    search = threading.Thread(
        target=lambda: result.append(npuzzle.solve(HOPELESS, heuristic="md", time_limit=1.0)))
    search.start()
    while search.is_alive():
        ticks.append(time.monotonic())
        time.sleep(0.01)
    search.join()
    assert result[0].status == "limit" and result[0].reason == "time limit"
    assert len(ticks) >= 10  # a held GIL would have stopped this loop for the whole second
