#!/usr/bin/env bash
# tools/setup.sh — install the Debian packages npuzzle needs and build it (Release, Ninja) into build/.
#
# Usage: tools/setup.sh          the two programs, npuzzle and pdbgen (what solving needs)
#        tools/setup.sh --all    everything: the programs, the library, the Python module, the
#                                tests and the benchmarks (what `ctest --test-dir build` runs)
# Idempotent: packages already present are not installed again (apt is skipped altogether when all
# are there), and the build is incremental. Uses sudo only when not run as root. Says on stderr what
# it builds and how long each step took.
# Environment: NPUZZLE_BUILD_DIR (default build), NPUZZLE_CMAKE_ARGS (extra arguments to cmake),
# NPUZZLE_JOBS (default: the number of cores).
set -euo pipefail

cd "$(dirname "$0")/.."

targets=(--target npuzzle pdbgen)
what="npuzzle and pdbgen"
case ${1:-} in
  "") ;;
  --all)
    targets=()
    what="everything (programs, library, Python module, tests, benchmarks)"
    ;;
  *)
    echo "usage: tools/setup.sh [--all]" >&2
    exit 1
    ;;
esac

# What building and running the two programs needs (GoogleTest and Google Benchmark too: the
# configure step looks for them); --all adds what the tests, the MPI build, the Python module, the
# plots, the fuzz corpus replays (libFuzzer's FuzzedDataProvider.h) and the page test use (Open
# MPI and Chromium alone are most of the download).
packages=(
  g++ cmake ninja-build ccache pkg-config
  libtbb-dev libabsl-dev libmimalloc-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  libcli11-dev nlohmann-json3-dev
)
if [[ ${#targets[@]} -eq 0 ]]; then
  packages+=(
    gnuplot-nox
    openmpi-bin libopenmpi-dev
    pybind11-dev python3-dev python3-pytest python3-matplotlib
    libclang-rt-14-dev
    chromium
  )
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if ((${#missing[@]})); then
  apt_start=$SECONDS
  echo "setup: installing ${missing[*]}" >&2
  sudo=()
  if [[ $(id -u) -ne 0 ]]; then sudo=(sudo); fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update
  "${sudo[@]}" apt-get install -y --no-install-recommends "${missing[@]}"
  echo "setup: packages installed in $((SECONDS - apt_start)) s" >&2
fi

build_dir=${NPUZZLE_BUILD_DIR:-build}
jobs=${NPUZZLE_JOBS:-$(nproc)}
launcher=()
if command -v ccache >/dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
# shellcheck disable=SC2086  # NPUZZLE_CMAKE_ARGS is a list of words
cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release "${launcher[@]}" ${NPUZZLE_CMAKE_ARGS:-} >&2
build_start=$SECONDS
echo "setup: building $what in $build_dir on $jobs cores" >&2
cmake --build "$build_dir" -j "$jobs" "${targets[@]}" >&2
echo "setup: built $what in $((SECONDS - build_start)) s" >&2
