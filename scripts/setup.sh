#!/usr/bin/env bash
# Installs the Debian packages hopzero needs (only those missing), then configures and builds.
# Usage: scripts/setup.sh [build-dir] [extra cmake args...]. Safe to run again: it only does
# what is missing. Needs root for apt-get on a fresh Debian 12 machine.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${1:-build}
shift || true

packages=(cmake g++ make libtorch-dev libopenblas0-pthread libeigen3-dev pybind11-dev
  libyaml-cpp-dev libgtest-dev libgmock-dev python3-dev python3-numpy python3-pytest
  python3-torch python3-matplotlib python3-yaml jupyter-nbconvert python3-nbformat python3-ipykernel
  pkg-config libcpp-httplib-dev nlohmann-json3-dev zlib1g-dev chromium libopenmpi-dev openmpi-bin)
# (libcpp-httplib-dev builds `hopzero serve`; nlohmann-json3-dev reads and writes every JSON
# file, zlib1g-dev gives the CRC-32 of the checksums; chromium runs its page's
# tests, tests/python/test_serve_page.py; libopenmpi-dev and openmpi-bin build and run distributed
# training, docs/distributed.md, and its tests.)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "== installing Debian packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

echo "== configuring and building in $build_dir"
cmake -S . -B "$build_dir" -DPython_EXECUTABLE=/usr/bin/python3 "$@" >/dev/null
cmake --build "$build_dir" -j"$(nproc)"
