#!/usr/bin/env bash
# tests/sanitize.sh — the sanitizer runs of CI.
#
#   asan: builds with AddressSanitizer + UndefinedBehaviorSanitizer (-DNPUZZLE_SANITIZE="address;
#         undefined", no -march, no benchmarks) the suites asked for and runs them under ctest:
#         by default the unit suites (core, heuristics, parallel: a few minutes to build); add
#         tools for the end-to-end suite, which needs the sanitized binaries (npuzzle's solver
#         units: several minutes more on 2 cores).
#   tsan: builds the parallel suite with ThreadSanitizer (-DNPUZZLE_SANITIZE=thread) and runs it
#         (ctest -L parallel). In this build the searches' tasks run on threads of their own
#         (parallel/concurrency.hpp, TaskGroup): Debian's libtbb is not instrumented.
#
#   mpi:  builds npuzzle for MPI (-DNPUZZLE_MPI=ON, the boards 2x3, 3x3 and 4x4 its tests use) with
#         AddressSanitizer + UBSan and runs the end-to-end MPI suite (ctest -L mpi) under mpirun:
#         the ranks' distribution, shutdown and signal code under the sanitizers. Opt-in (not part
#         of all: a build and a run of about 14 minutes on 2 cores). Open MPI's own allocations
#         that live to the end of the process are not reported (detect_leaks=0); every other
#         report still fails the test.
#
# Usage: tests/sanitize.sh [asan|tsan|all|mpi]   (default all; mpi only when named)
# Environment: NPUZZLE_ASAN_DIR (default build-asan), NPUZZLE_TSAN_DIR (default build-tsan),
#   NPUZZLE_JOBS (default: the number of cores), NPUZZLE_SANITIZE_LABELS (the ctest label regex of
#   the asan run, default 'core|heuristics|parallel'; e.g. 'core|heuristics|parallel|tools' for all
#   of them), NPUZZLE_SANITIZE_EXCLUDE (a ctest -E
#   regex of tests left out of the asan run, default: none).
# Both builds are RelWithDebInfo at -O2 -g1: the searches are too slow unoptimized, and the line
# tables of -g1 are all a sanitizer report reads (a unit compiles about 18 % faster in 30 % less
# memory than with -g). Any sanitizer report fails the test that triggered it
# (-fno-sanitize-recover, halt_on_error).
set -euo pipefail

cd "$(dirname "$0")/.."
which=${1:-all}
jobs=${NPUZZLE_JOBS:-$(nproc)}
launcher=()
if command -v ccache >/dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi

# configure_and_build DIR SANITIZERS [TARGET…]: every target when none is named. Further cmake
# arguments go in the array `extra` (empty by default).
extra=()
configure_and_build() {
  local dir=$1 sanitize=$2
  shift 2
  local targets=()
  if (($# > 0)); then targets=(--target "$@"); fi
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DNPUZZLE_SANITIZE="$sanitize" \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" \
    -DNPUZZLE_BUILD_BENCH=OFF -DNPUZZLE_ARCH= -DNPUZZLE_TEST_TIMEOUT=900 "${extra[@]}" \
    "${launcher[@]}" >&2
  cmake --build "$dir" -j "$jobs" "${targets[@]}" >&2
}

run_asan() {
  local dir=${NPUZZLE_ASAN_DIR:-build-asan}
  local labels=${NPUZZLE_SANITIZE_LABELS:-core|heuristics|parallel}
  local exclude=()
  if [[ -n ${NPUZZLE_SANITIZE_EXCLUDE:-} ]]; then exclude=(-E "$NPUZZLE_SANITIZE_EXCLUDE"); fi
  local targets=() suite
  IFS='|' read -ra suites <<<"$labels"
  for suite in "${suites[@]}"; do targets+=("${suite}_tests"); done
  echo "sanitize: address+undefined build in $dir, suites /$labels/" >&2
  configure_and_build "$dir" "address;undefined" "${targets[@]}"
  ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1:abort_on_error=1:detect_stack_use_after_return=1 \
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    ctest --test-dir "$dir" -L "$labels" "${exclude[@]}" -j "$jobs" --timeout 900 \
    --output-on-failure </dev/null
}

run_tsan() {
  local dir=${NPUZZLE_TSAN_DIR:-build-tsan}
  local options="halt_on_error=1 second_deadlock_stack=1"
  echo "sanitize: thread build in $dir, suite parallel" >&2
  configure_and_build "$dir" "thread" parallel_tests
  TSAN_OPTIONS=$options ctest --test-dir "$dir" -L parallel -j "$jobs" --timeout 900 \
    --output-on-failure </dev/null
}

run_mpi() {
  local dir=${NPUZZLE_MPI_ASAN_DIR:-build-mpi-asan}
  echo "sanitize: address+undefined MPI build in $dir, suite mpi" >&2
  extra=(-DNPUZZLE_MPI=ON "-DNPUZZLE_BOARD_SIZES=2x3;3x3;4x4")
  configure_and_build "$dir" "address;undefined" npuzzle
  ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1:abort_on_error=1 \
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    ctest --test-dir "$dir" -L mpi --timeout 1800 --output-on-failure </dev/null
}

case $which in
  asan) run_asan ;;
  tsan) run_tsan ;;
  mpi) run_mpi ;;
  all)
    run_asan
    run_tsan
    ;;
  *)
    echo "usage: tests/sanitize.sh [asan|tsan|all|mpi]" >&2
    exit 1
    ;;
esac
