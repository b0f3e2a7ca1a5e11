#!/usr/bin/env python3
"""Draws a sweep's CSV (bench/korf24_sweep.py --csv) with gnuplot: a PNG of the seconds per
instance on a log scale, the algorithms side by side at each instance, solved ones as filled points
(their time), unsolved ones with a projection as hollow points (the projected time), unsolved ones
without a projection as hollow triangles (the time they ran), and a line at the time limit.

Usage: bench/plot_sweep.py CSV [--heuristic H] [--threads T] [--output FILE.png] [--script]

The rows drawn are those of one heuristic and thread count (needed only when the CSV holds
several). The default output is bench/results/korf24_HEURISTIC_tTHREADS.png. --script prints the
gnuplot script (data included) instead of drawing it. Exit code: 0 drawn, 1 usage error (no or
several configurations), 2 gnuplot failed or the PNG was not written.
"""

import argparse
import os
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree for the import below
sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
from sweep_rows import duration, file_name_part, results_path, selected_rows  # noqa: E402

COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd"]
# Point types of gnuplot's pngcairo terminal: filled and hollow circles, hollow triangle.
SOLVED_POINT, PROJECTED_POINT, STOPPED_POINT = 7, 6, 8
SPREAD = 0.3  # how far apart, in instances, the algorithms' points of one instance are


def configurations(rows):
    return sorted({(r["heuristic"], r["threads"]) for r in rows})


def series(rows, algo):
    """(solved, projected, stopped): the algorithm's (instance, seconds) pairs."""
    solved, projected, stopped = [], [], []
    for row in rows:
        if row["algorithm"] != algo:
            continue
        if row["status"] == "solved":
            solved.append((int(row["id"]), float(row["seconds"])))
        elif row["projected_seconds"]:
            projected.append((int(row["id"]), float(row["projected_seconds"])))
        elif row["status"] in ("limit", "running") and row["seconds"]:
            stopped.append((int(row["id"]), float(row["seconds"])))
    return solved, projected, stopped


def gnuplot_script(rows, heuristic, threads, output):
    algos = sorted({r["algorithm"] for r in rows})
    ids = sorted(int(r["id"]) for r in rows)
    limit = max((float(r["time_limit"]) for r in rows if r["time_limit"]), default=0)
    lines = []
    plots = []
    seconds = [limit] if limit > 0 else []
    for k, algo in enumerate(algos):
        offset = (k - (len(algos) - 1) / 2) * SPREAD / max(1, len(algos) - 1)
        color = COLORS[k % len(COLORS)]
        kinds = zip(series(rows, algo), (SOLVED_POINT, PROJECTED_POINT, STOPPED_POINT),
                    ("solved", "projected", "stopped, time run"))
        for points, point_type, kind in kinds:
            if not points:
                continue
            name = f"${file_name_part(algo)}_{point_type}"
            lines.append(f"{name} << EOD")
            lines.extend(f"{x + offset:.3f} {y:.6g}" for x, y in points)
            seconds.extend(y for _, y in points if y > 0)
            lines.append("EOD")
            plots.append(f"{name} using 1:2 with points pt {point_type} ps 1.4 "
                         f"lc rgb '{color}' title '{algo}, {kind}'")
    lines += [
        "set terminal pngcairo size 1200,600 noenhanced",
        f"set output '{output}'",
        f"set title \"seconds per instance: heuristic {heuristic}, {threads} threads "
        f"(filled: solved, hollow: projected)\"",
        "set xlabel 'instance'",
        "set ylabel 'seconds (log scale)'",
        "set logscale y",
        # Twice the range of the times, the limit's line always inside.
        f"set yrange [{min(seconds, default=1) / 2:.3g}:{max(seconds, default=1) * 2:.3g}]",
        "set grid ytics",
        f"set xrange [{ids[0] - 1}:{ids[-1] + 1}]",
        f"set xtics {max(1, (ids[-1] - ids[0]) // 50 * 2)}",
        "set key outside right top",
    ]
    if limit > 0:
        lines += [
            f"set arrow from graph 0, first {limit:g} to graph 1, first {limit:g} nohead "
            "dt 2 lw 2 lc rgb '#555555'",
            f"set label \"time limit, {duration(limit)}\" at graph 0.01, first {limit * 1.15:g} "
            "tc rgb '#555555'",
        ]
    lines.append("plot " + ", \\\n     ".join(plots) if plots else "plot 1/0 notitle")
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("csv")
    ap.add_argument("--heuristic")
    ap.add_argument("--threads")
    ap.add_argument("--output")
    ap.add_argument("--script", action="store_true", help="print the gnuplot script, draw nothing")
    args = ap.parse_args()

    rows = selected_rows(args.csv, heuristic=args.heuristic, threads=args.threads)
    found = configurations(rows)
    if len(found) != 1:
        listed = ", ".join(f"--heuristic {h} --threads {t}" for h, t in found) or "none"
        print(f"plot_sweep: pick one configuration of {args.csv}: {listed}", file=sys.stderr)
        return 1
    heuristic, threads = found[0]
    output = args.output or results_path(heuristic, threads, "png")
    if args.script:
        sys.stdout.write(gnuplot_script(rows, heuristic, threads, output))
        return 0

    # Drawn into a temporary file beside the output and renamed over it: never half a picture.
    folder = os.path.dirname(os.path.abspath(output))
    fd, drawn = tempfile.mkstemp(dir=folder, prefix=".plot-", suffix=".png")
    os.close(fd)
    try:
        run = subprocess.run(["gnuplot"], input=gnuplot_script(rows, heuristic, threads, drawn),
                             text=True, capture_output=True)
        if run.returncode != 0 or os.path.getsize(drawn) == 0:
            print(f"plot_sweep: gnuplot failed: {run.stderr.strip()}", file=sys.stderr)
            return 2
        os.replace(drawn, output)
    except OSError as error:
        print(f"plot_sweep: {error}", file=sys.stderr)
        return 2
    finally:
        if os.path.exists(drawn):
            os.remove(drawn)
    print(output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
