"""Ctrl-C stops a running search with KeyboardInterrupt; the GIL is free while a search runs; the
interpreter exits cleanly while a daemon thread searches."""

import os
import signal
import subprocess
import sys
import threading
import time

import pytest

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


# The interpreter exits while a search runs on a daemon thread: it once aborted the process
# ("terminate called without an active exception", exit 134) when that thread took the GIL back
# during finalization. The module stops the searches at exit; the process must exit cleanly, soon.
EXIT_SCRIPT = """
import sys
import threading
import time

import pytest
import npuzzle
HOPELESS = {hopeless!r}
def search():
    {call}
threading.Thread(target=search, daemon=True).start()
time.sleep(0.5)  # into the search
print("exiting", flush=True)
"""
EXIT_CALLS = {
    "solve": "npuzzle.solve(HOPELESS, heuristic='md')",
    "solve_all": "npuzzle.solve_all([HOPELESS, HOPELESS], heuristic='md', threads=2)",
    "searches one after another": "while True: npuzzle.solve(HOPELESS, heuristic='md', "
                                  "time_limit=0.02)",
}


@pytest.mark.parametrize("call", EXIT_CALLS.values(), ids=EXIT_CALLS.keys())
def test_exit_while_a_daemon_thread_searches(call):
    script = EXIT_SCRIPT.format(hopeless=HOPELESS, call=call)
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=60, env=dict(os.environ), check=False)
    assert "terminate called" not in done.stderr
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "exiting"
    assert time.monotonic() - start < 30  # the search was stopped, not waited for


# A search on the thread that runs the exit (here from an atexit handler that runs after the
# module's) is a search like any other: neither stopped nor refused the GIL.
def test_a_search_from_a_later_atexit_handler_runs():
    script = """
import atexit
def last():
    import npuzzle
    print(npuzzle.solve("1 2 3 4 5 6 7 0 8", goal="blank-last").length, flush=True)
atexit.register(last)  # registered before the module's handler: runs after it
import npuzzle
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=60, env=dict(os.environ), check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "1"
