#!/usr/bin/env python3
"""Runs Korf and Felner's 24-puzzle instances one at a time under a time limit and prints a
markdown table: for each solved instance its length (checked against the published one), nodes
and time; for each stopped one the projection from its completed IDA* iterations.

The projection takes the growth factor of the last two completed iterations (expanded nodes of
iteration k+1 over iteration k) and extends the last completed iteration geometrically up to the
published optimal length, counting that last iteration whole (IDA* stops it at its first
solution, so this errs high). Generated nodes are projected with the run's generated/expanded
ratio and the time with the run's generated/s.

Usage: bench/korf24_sweep.py --npuzzle build/tools/npuzzle --pdb-dir DIR --heuristic pdb:7-7-7-3 \
           --ids 1-50 --time-limit 60 [--threads 2] [--algo pida] [--set bench/data/korf24_50.txt]
"""

import argparse
import json
import re
import subprocess
import sys

SUFFIX = {"": 1.0, "K": 1e3, "M": 1e6, "G": 1e9, "T": 1e12}
ITERATION = re.compile(
    r"^\[\d+\] bound (\d+): ([\d.]+) ?([KMGT]?) expanded in the iteration")


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


def project(result, its, optimal):
    """Projected (generated nodes, seconds) to finish the iteration at the optimal length."""
    incomplete_bound = result["bound"]
    done = [(b, e) for b, e in its if b < incomplete_bound]
    if len(done) < 2 or result["expanded"] == 0 or result["seconds"] <= 0:
        return None
    growth = done[-1][1] / done[-2][1]
    expanded = sum(e for _, e in done)
    last = done[-1][1]
    bound = done[-1][0]
    while bound < optimal:
        bound += 2
        last *= growth
        expanded += last
    generated = expanded * result["generated"] / result["expanded"]
    rate = result["generated"] / result["seconds"]
    return generated, generated / rate, growth


def duration(seconds):
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--npuzzle", default="build/tools/npuzzle")
    ap.add_argument("--set", default="bench/data/korf24_50.txt")
    ap.add_argument("--ids", default="1-50")
    ap.add_argument("--heuristic", default="pdb")
    ap.add_argument("--pdb-dir", required=True)
    ap.add_argument("--algo", default="pida")
    ap.add_argument("--threads", default="2")
    ap.add_argument("--time-limit", default="60")
    args = ap.parse_args()

    instances = read_set(args.set)
    print("| instance | published length | status | length | generated | seconds | generated/s |"
          " projected generated | projected time |")
    print("|---:|---:|---|---:|---:|---:|---:|---:|---:|")
    sys.stdout.flush()
    failures = 0
    for i in parse_ids(args.ids):
        optimal, tiles = instances[i]
        cmd = [args.npuzzle, "solve", "--output", "json", "--verbose", "--algo", args.algo,
               "--threads", args.threads, "--heuristic", args.heuristic, "--pdb-dir",
               args.pdb_dir, "--time-limit", args.time_limit, tiles]
        run = subprocess.run(cmd, capture_output=True, text=True)
        try:
            result = json.loads(run.stdout.strip().splitlines()[-1])
        except (IndexError, json.JSONDecodeError):
            print(f"| #{i} | {optimal} | error (exit {run.returncode}) | | | | | | |")
            print(run.stderr, file=sys.stderr)
            failures += 1
            continue
        rate = result["generated"] / result["seconds"] if result["seconds"] > 0 else 0.0
        if result["status"] == "solved":
            ok = result["length"] == optimal
            failures += 0 if ok else 1
            print(f"| #{i} | {optimal} | solved{'' if ok else ' MISMATCH'} | {result['length']} |"
                  f" {result['generated']:,} | {result['seconds']:.1f} | {rate / 1e6:.1f} M | | |")
        else:
            p = project(result, iterations(run.stderr), optimal)
            proj = (f"{p[0]:.2e} | {duration(p[1])} (x{p[2]:.1f} per iteration)" if p else " | ")
            print(f"| #{i} | {optimal} | {result['status']} at bound {result['bound']} | |"
                  f" {result['generated']:,} | {result['seconds']:.1f} | {rate / 1e6:.1f} M |"
                  f" {proj} |")
        sys.stdout.flush()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
