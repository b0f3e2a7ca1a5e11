#!/usr/bin/env bash
# tests/fuzz/run_fuzz.sh — builds the libFuzzer targets (clang, NPUZZLE_FUZZ=ON) and runs each for a
# bounded time over its seed corpus, then prints, per target, the executions run and the findings.
#
# Usage: tests/fuzz/run_fuzz.sh [SECONDS_PER_TARGET] [TARGET…]
#   SECONDS_PER_TARGET  default 60; TARGETs: parse pdb_file pdb_resume cli_options checkpoint
#   (default: all built)
# Environment: NPUZZLE_FUZZ_BUILD_DIR (default build-fuzz), NPUZZLE_JOBS (default 2).
# The seed corpora in tests/fuzz/corpus/<target>/ are read, never written: new inputs the fuzzer
# finds go to a scratch corpus in the build directory. Crashing inputs are kept in
# BUILD/fuzz-findings/<target>/ (crash-*, leak-*, timeout-*, oom-*); reproduce one with
# `BUILD/tests/fuzz/fuzz_<target> FILE`. Exits 1 when any target found something.
set -euo pipefail

cd "$(dirname "$0")/../.."
seconds=${1:-60}
shift || true
build_dir=${NPUZZLE_FUZZ_BUILD_DIR:-build-fuzz}
jobs=${NPUZZLE_JOBS:-2}
targets=("$@")
if ((${#targets[@]} == 0)); then targets=(parse pdb_file pdb_resume cli_options checkpoint); fi

if ! command -v clang++ >/dev/null; then
  echo "run_fuzz: clang++ is needed (apt-get install clang)" >&2
  exit 2
fi
launcher=()
if command -v ccache >/dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
# clang's default constexpr step limit is too small for the linear-conflict tables of 5-wide boards.
cmake -S . -B "$build_dir" -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DNPUZZLE_FUZZ=ON \
  -DNPUZZLE_BUILD_BENCH=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo "${launcher[@]}" \
  -DCMAKE_CXX_FLAGS=-fconstexpr-steps=100000000 >/dev/null
cmake --build "$build_dir" -j "$jobs" --target "${targets[@]/#/fuzz_}" >&2

summary=()
found_any=0
for target in "${targets[@]}"; do
  binary=$build_dir/tests/fuzz/fuzz_$target
  seeds=tests/fuzz/corpus/$target
  work=$build_dir/fuzz-corpus/$target
  findings=$build_dir/fuzz-findings/$target
  log=$build_dir/fuzz-$target.log
  mkdir -p "$work" "$findings"
  echo "run_fuzz: $target for $seconds s (log: $log)" >&2
  # Fork mode goes on after a finding, so one run reports every distinct crash it meets.
  "$binary" "$work" "$seeds" -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=8192 \
    -artifact_prefix="$findings/" >"$log" 2>&1 || true
  execs=$(grep -Eo '^#[0-9]+' "$log" | tail -1 | tr -d '#' || true)
  count=$(find "$findings" -type f | wc -l)
  if ((count > 0)); then found_any=1; fi
  summary+=("$(printf '%-12s %12s executions  %3d findings  corpus %d inputs' "$target" \
    "${execs:-0}" "$count" "$(find "$work" -type f | wc -l)")")
done

echo
echo "fuzzing summary ($seconds s per target):"
printf '  %s\n' "${summary[@]}"
if ((found_any)); then
  echo "findings kept in $build_dir/fuzz-findings/ (reproduce: $build_dir/tests/fuzz/fuzz_TARGET FILE)"
  exit 1
fi
