"""The large pattern databases, built with pdbgen and searched, against published optimal lengths:
opt-in (ctest -C pdb78 -L pdb78, ctest -C pdb5x5 -L pdb5x5), as they take minutes and gigabytes.

  large_pdb_test.py NPUZZLE PDBGEN WORK_DIR SET PARTITION [IDS]

builds PARTITION into WORK_DIR/pdb with `pdbgen build` (emptied first, so the build is tested, and
removed at the end: the 5x5 set is 3.7 GB),
then solves the instances of SET (bench/data: `id length tiles…`, goal blank first; all of them or
the comma-separated IDS) with `npuzzle solve --heuristic pdb:PARTITION --output json`. Every answer
must be solved, optimal, of the published length, and its moves, replayed with the tests' own move
function (tests/support/independent_moves.py), must reach the goal. Prints the build's and the
searches' times. Exits 0 when all hold."""

import json
import math
import pathlib
import shutil
import subprocess
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "support"))
from independent_moves import goal_tiles, replay  # noqa: E402


def read_set(path, ids):
    """The instances of a benchmark set: {id: (length, tiles)}, only `ids` when given."""
    instances = {}
    for line in pathlib.Path(path).read_text().splitlines():
        words = line.split()
        if not words or words[0].startswith("#"):
            continue
        number, length, tiles = int(words[0]), int(words[1]), [int(w) for w in words[2:]]
        if ids is None or number in ids:
            instances[number] = (length, tiles)
    return instances


def main(npuzzle, pdbgen, work_dir, instance_set, partition, ids=None):
    wanted = None if ids is None else {int(i) for i in ids.split(",")}
    instances = read_set(instance_set, wanted)
    assert instances and (wanted is None or set(instances) == wanted), "instances missing"
    side = math.isqrt(len(next(iter(instances.values()))[1]))
    pdb_dir = pathlib.Path(work_dir) / "pdb"
    shutil.rmtree(pdb_dir, ignore_errors=True)
    pdb_dir.mkdir(parents=True)

    try:
        return build_and_solve(npuzzle, pdbgen, pdb_dir, side, partition, instances)
    finally:
        shutil.rmtree(pdb_dir, ignore_errors=True)


def build_and_solve(npuzzle, pdbgen, pdb_dir, side, partition, instances):
    size = f"{side}x{side}"
    start = time.monotonic()
    subprocess.run([pdbgen, "build", "--size", size, "--partition", partition, "--dir",
                    str(pdb_dir)], check=True)
    print(f"pdbgen build --size {size} --partition {partition}: "
          f"{time.monotonic() - start:.0f} s", flush=True)

    start = time.monotonic()
    lines = "".join(" ".join(map(str, tiles)) + "\n" for _, tiles in instances.values())
    done = subprocess.run([npuzzle, "solve", "--size", size, "--heuristic", f"pdb:{partition}",
                           "--pdb-dir", str(pdb_dir), "--output", "json", "--threads", "2", "-"],
                          input=lines, capture_output=True, text=True, check=False)
    print(f"npuzzle solve: {len(instances)} instances in {time.monotonic() - start:.1f} s",
          flush=True)
    assert done.returncode == 0, f"npuzzle exited {done.returncode}: {done.stderr}"
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(answers) == len(instances), done.stdout
    wrong = []
    for (number, (length, tiles)), answer in zip(instances.items(), answers):
        moves = answer.get("moves", "")
        end = replay(side, side, tiles, moves)
        if (answer.get("status") != "solved" or not answer.get("optimal")
                or answer.get("length") != length or len(moves) != length
                or end != goal_tiles(side * side)):
            wrong.append(f"#{number} (published {length}): {json.dumps(answer)}")
    for line in wrong:
        print(line)
    print(f"{len(instances) - len(wrong)} of {len(instances)} of the published length, replayed")
    return 1 if wrong else 0


if __name__ == "__main__":
    if len(sys.argv) not in (6, 7):
        sys.exit(__doc__)
    sys.exit(main(*sys.argv[1:]))
