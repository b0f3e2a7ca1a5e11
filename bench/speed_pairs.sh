#!/usr/bin/env bash
# bench/speed_pairs.sh [-n N] OLD NEW -- ARGS...
#
# Times `OLD solve ARGS` and `NEW solve ARGS` alternated N times (default 5; old first in every
# pair) with /usr/bin/time -f %U,%e, prints each pair (user and wall seconds, new/old of user
# seconds) and the median of those ratios. Before timing, each binary solves ARGS once with
# `--output json -q` (in place of ARGS's own --output and --summary); their node counts (status,
# length, expanded, generated of every instance) must match, else nothing is timed. That run
# also warms the caches.
#
# Exit codes: 0 timed, 1 usage error, 2 a run failed (an exit code other than 0, 3 or 4, or
# unlike the check run's) or the node counts differ.
#
# Example: bench/speed_pairs.sh /work/base/build/tools/npuzzle build/tools/npuzzle -- \
#              -f boards.txt --size 3x4 --algo ida --heuristic md --summary -q
set -euo pipefail

usage() {
  echo "usage: $0 [-n N] OLD NEW -- ARGS... (ARGS go to \`solve\`)" >&2
  exit 1
}

pairs=5
if [[ ${1:-} == -n ]]; then
  [[ ${2:-} =~ ^[1-9][0-9]*$ ]] || usage
  pairs=$2
  shift 2
fi
[[ $# -ge 3 && $3 == -- ]] || usage
old=$1
new=$2
shift 3
solve_args=("$@")
for binary in "$old" "$new"; do
  [[ -x $binary ]] || {
    echo "speed_pairs: $binary is not an executable" >&2
    exit 1
  }
done

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# check_args: ARGS without --output and --summary, then JSON output, quiet.
check_args=()
skip_next=false
for arg in "${solve_args[@]}"; do
  if $skip_next; then
    skip_next=false
  elif [[ $arg == --output ]]; then
    skip_next=true
  elif [[ $arg != --output=* && $arg != --summary ]]; then
    check_args+=("$arg")
  fi
done
check_args+=(--output json -q)

# node_counts BINARY NAME: the run's status, length and node counts, one instance a line.
node_counts() {
  local status=0
  "$1" solve "${check_args[@]}" >"$scratch/$2.json" 2>"$scratch/$2.err" || status=$?
  echo "$status" >"$scratch/$2.status"
  /usr/bin/python3 -c '
import json, sys
for line in sys.stdin:
    r = json.loads(line)
    print(r.get("id"), r.get("status"), r.get("length"), r.get("expanded"), r.get("generated"))
' <"$scratch/$2.json" >"$scratch/$2.counts"
}

node_counts "$old" old
node_counts "$new" new
for name in old new; do
  case $(cat "$scratch/$name.status") in
    0 | 3 | 4) ;; # solved, unsolvable, a limit hit: the same work to time
    *)
      echo "speed_pairs: the $name binary's check run exited with" \
        "$(cat "$scratch/$name.status"):" >&2
      cat "$scratch/$name.err" >&2
      exit 2
      ;;
  esac
done
if ! cmp -s "$scratch/old.status" "$scratch/new.status"; then
  echo "speed_pairs: exit codes differ: old $(cat "$scratch/old.status"), new" \
    "$(cat "$scratch/new.status")" >&2
  exit 2
fi
if ! cmp -s "$scratch/old.counts" "$scratch/new.counts"; then
  echo "speed_pairs: the node counts differ (id status length expanded generated):" >&2
  diff "$scratch/old.counts" "$scratch/new.counts" | sed 's/^</old:/; s/^>/new:/' >&2 || true
  exit 2
fi
echo "check: $(wc -l <"$scratch/old.counts") results, the same status, length, expanded and" \
  "generated (exit code $(cat "$scratch/old.status"))"

# timed BINARY: "user,wall" seconds of one run of `BINARY solve ARGS`, output discarded.
timed() {
  local status=0
  /usr/bin/time -f %U,%e -o "$scratch/time" "$1" solve "${solve_args[@]}" \
    >/dev/null 2>"$scratch/timed.err" || status=$?
  if [[ $status != "$(cat "$scratch/old.status")" ]]; then
    echo "speed_pairs: $1 exited with $status, not as in the check run:" >&2
    cat "$scratch/timed.err" >&2
    exit 2
  fi
  tail -n 1 "$scratch/time"
}

for ((pair = 1; pair <= pairs; pair++)); do
  old_time=$(timed "$old")
  new_time=$(timed "$new")
  IFS=, read -r old_user old_wall <<<"$old_time"
  IFS=, read -r new_user new_wall <<<"$new_time"
  ratio=$(awk -v o="$old_user" -v n="$new_user" \
    'BEGIN { print (o > 0 ? sprintf("%.2f", n / o) : "n/a") }')
  echo "pair $pair: old $old_user user $old_wall wall, new $new_user user $new_wall wall," \
    "new/old user $ratio"
  echo "$ratio" >>"$scratch/ratios"
done

{ grep -v n/a "$scratch/ratios" || true; } | sort -g | awk '
  { ratio[NR] = $1 }
  END {
    if (NR == 0) { print "median new/old user: n/a (the old runs took 0.00 s)"; exit }
    median = NR % 2 ? ratio[(NR + 1) / 2] : (ratio[NR / 2] + ratio[NR / 2 + 1]) / 2
    printf "median new/old user: %.2f (%d pairs)\n", median, NR
  }'
