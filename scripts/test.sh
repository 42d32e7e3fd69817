#!/usr/bin/env bash
# Runs every test: builds (installing what is missing), then the C++ tests through ctest and the
# Python tests (and notebooks) through pytest. Fails if either fails; pytest's summary is last.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh build || exit 1

echo "== C++ tests (ctest)"
(cd build && ctest --output-on-failure -j"$(nproc)")
cpp_status=$?

echo "== Python tests (pytest)"
PYTHONPATH="$PWD/python" /usr/bin/python3 -m pytest -q tests/python
py_status=$?

if ((cpp_status != 0)); then echo "C++ tests FAILED (ctest exit $cpp_status)"; fi
exit $((cpp_status != 0 || py_status != 0))
