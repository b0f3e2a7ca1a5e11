#!/usr/bin/env python3
"""Two classroom studies of sliding-tile search, from Python (run with PYTHONPATH=build/python).

1. Breadth-first search against greedy best-first (Manhattan distance) on random 8-puzzles: BFS
   finds the shortest solution by expanding everything up to its depth; greedy runs straight at
   the goal and pays in length.
2. Greedy best-first on random 15-puzzles with the two ways to break ties among equal estimates:
   a stack (lifo: the newest node first) or a queue (fifo: the oldest first).

Prints a summary per study, draws both in one PNG (matplotlib, Agg backend), and with --json
writes every board's figures for checking.

    PYTHONPATH=build/python /usr/bin/python3 examples/studies.py --plot studies.png
"""

import argparse
import json
import statistics
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (after choosing the backend)

import npuzzle  # noqa: E402


def bfs_against_greedy(count, seed):
    rows = []
    for board in npuzzle.random_boards(size="3x3", count=count, seed=seed):
        bfs = npuzzle.solve(board, algorithm="bfs")
        greedy = npuzzle.solve(board, algorithm="greedy", heuristic="md")
        rows.append({"board": board.to_string(),
                     "bfs_length": bfs.length, "bfs_expanded": bfs.expanded,
                     "greedy_length": greedy.length, "greedy_expanded": greedy.expanded})
    return rows


def tie_breaking(count, seed):
    boards = npuzzle.random_boards(size="4x4", count=count, seed=seed)
    out = {}
    for rule in ("lifo", "fifo"):
        out[rule] = []
        for board in boards:
            r = npuzzle.solve(board, algorithm="greedy", heuristic="md", tie_break=rule)
            out[rule].append({"board": board.to_string(), "status": r.status,
                              "length": r.length, "expanded": r.expanded})
    return out


def summarize(study1, study2):
    bfs = [r["bfs_length"] for r in study1]
    greedy = [r["greedy_length"] for r in study1]
    print(f"bfs vs greedy on {len(study1)} random 8-puzzles: "
          f"bfs mean length {statistics.mean(bfs):.2f} (optimal), "
          f"mean expanded {statistics.mean(r['bfs_expanded'] for r in study1):.0f}; "
          f"greedy mean length {statistics.mean(greedy):.2f}, "
          f"mean expanded {statistics.mean(r['greedy_expanded'] for r in study1):.0f}, "
          f"shortest on {sum(g == b for g, b in zip(greedy, bfs))} of {len(study1)}")
    for rule, rows in study2.items():
        solved = [r for r in rows if r["status"] == "solved"]
        print(f"greedy tie-break {rule} on {len(rows)} random 15-puzzles: {len(solved)} solved, "
              f"mean length {statistics.mean(r['length'] for r in solved):.1f}, "
              f"mean expanded {statistics.mean(r['expanded'] for r in solved):.0f}")


def plot(study1, study2, path):
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.5))
    bfs = [r["bfs_length"] for r in study1]
    greedy = [r["greedy_length"] for r in study1]
    left.scatter(bfs, greedy, s=18, color="tab:orange")
    top = max(bfs + greedy) + 2
    left.plot([0, top], [0, top], color="grey", linewidth=1, label="as short as BFS")
    left.set_xlabel("BFS solution length (optimal)")
    left.set_ylabel("greedy (Manhattan) solution length")
    left.set_title(f"{len(study1)} random 8-puzzles")
    left.legend()
    for rule, color in (("lifo", "tab:blue"), ("fifo", "tab:green")):
        lengths = [r["length"] for r in study2[rule] if r["length"] is not None]
        right.hist(lengths, bins=20, alpha=0.6, color=color, label=f"{rule} ({'stack' if rule == 'lifo' else 'queue'})")
    right.set_xlabel("greedy solution length")
    right.set_ylabel("boards")
    right.set_title(f"greedy tie-breaking, {len(study2['lifo'])} random 15-puzzles")
    right.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--eight", type=int, default=50, help="random 8-puzzles (default 50)")
    parser.add_argument("--fifteen", type=int, default=100, help="random 15-puzzles (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--plot", default="studies.png", help="the PNG to draw (default studies.png)")
    parser.add_argument("--json", help="also write every board's figures to this file")
    args = parser.parse_args(argv)

    study1 = bfs_against_greedy(args.eight, args.seed)
    study2 = tie_breaking(args.fifteen, args.seed)
    summarize(study1, study2)
    plot(study1, study2, args.plot)
    print(f"plot: {args.plot}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"seed": args.seed, "bfs_vs_greedy": study1, "tie_breaking": study2}, out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
