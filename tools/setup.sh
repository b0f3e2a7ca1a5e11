#!/usr/bin/env bash
# tools/setup.sh — install the Debian packages npuzzle needs and build it (Release, Ninja) into build/.
#
# Idempotent: packages already present are not installed again (apt is skipped altogether when all
# are there), and the build is incremental. Uses sudo only when not run as root.
# Environment: NPUZZLE_BUILD_DIR (default build), NPUZZLE_CMAKE_ARGS (extra arguments to cmake),
# NPUZZLE_JOBS (default: the number of cores).
set -euo pipefail

cd "$(dirname "$0")/.."

packages=(
  g++ cmake ninja-build ccache pkg-config
  libtbb-dev libabsl-dev libmimalloc-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  libcli11-dev nlohmann-json3-dev
  gnuplot-nox
  openmpi-bin libopenmpi-dev
  pybind11-dev python3-dev python3-pytest python3-matplotlib
  chromium
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}" >&2
  sudo=()
  if [[ $(id -u) -ne 0 ]]; then sudo=(sudo); fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update
  "${sudo[@]}" apt-get install -y --no-install-recommends "${missing[@]}"
fi

build_dir=${NPUZZLE_BUILD_DIR:-build}
jobs=${NPUZZLE_JOBS:-$(nproc)}
launcher=()
if command -v ccache >/dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
# shellcheck disable=SC2086  # NPUZZLE_CMAKE_ARGS is a list of words
cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release "${launcher[@]}" ${NPUZZLE_CMAKE_ARGS:-} >&2
cmake --build "$build_dir" -j "$jobs" >&2
