#!/usr/bin/env bash
# Runs every test: builds (installing what is missing), then the C++ tests through ctest (the
# bounded fuzz targets included), the sanitizer runs (scripts/sanitize.sh: ASan+UBSan over the
# C++ tests, TSan over the multithreaded ones), and last the Python tests (and notebooks) through
# pytest, whose summary stays the last line. Fails if any stage fails. Each stage prints its time.
# The sanitizer runs build the library twice more (build-asan/, build-tsan/): on a fresh clone on
# the 2-core development machine the whole command took 24.6 min, 15.3 of them sanitizers (README).
# HZ_SANITIZERS=0 skips them for a quick local run.
set -uo pipefail
cd "$(dirname "$0")/.."
t0=$(date +%s)
bash scripts/setup.sh build || exit 1
t1=$(date +%s)
echo "== setup and build: $((t1 - t0)) s"

echo "== C++ tests (ctest)"
(cd build && ctest --output-on-failure -j"$(nproc)")
cpp_status=$?
t2=$(date +%s)
echo "== C++ tests: $((t2 - t1)) s"

san_status=0
if [[ ${HZ_SANITIZERS:-1} != 0 ]]; then
  echo "== sanitizer runs (scripts/sanitize.sh)"
  bash scripts/sanitize.sh
  san_status=$?
  echo "== sanitizer runs: $(($(date +%s) - t2)) s"
fi

if ((cpp_status != 0)); then echo "C++ tests FAILED (ctest exit $cpp_status)"; fi
if ((san_status != 0)); then echo "sanitizer runs FAILED (scripts/sanitize.sh exit $san_status)"; fi
echo "== Python tests (pytest)"
PYTHONPATH="$PWD/python" /usr/bin/python3 -m pytest -q tests/python
py_status=$?
exit $((cpp_status != 0 || san_status != 0 || py_status != 0))
