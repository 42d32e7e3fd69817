#!/usr/bin/env bash
# Sanitizer runs of the C++ tests (scripts/test.sh runs both stages before pytest):
#   asan  AddressSanitizer + UndefinedBehaviorSanitizer (Debug, -O1) in build-asan/: the test
#         programs in ASAN_TESTS, every test in them (undefined behaviour fails the test).
#   tsan  ThreadSanitizer (Debug, -O1) in build-tsan/: the programs in TSAN_TESTS, the tests
#         whose names match TSAN_FILTER (the multithreaded ones).
# Only those test programs are built (not the hopzero program nor the Python module).
# Usage: scripts/sanitize.sh [asan] [tsan]   (default: both). Prints the time of each build and
# run; exits non-zero if any build or test fails. Needs the packages of scripts/setup.sh.
set -uo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)

ASAN_TESTS=${ASAN_TESTS:-"core_test parser_regression_test fuzz_test alquerque_test jumpers_test
  chinese_checkers_test conformance_test mcts_test game_driver_test shards_test torch_test
  train_run_test"}
TSAN_TESTS=${TSAN_TESTS:-"game_driver_test train_run_test"}
TSAN_FILTER=${TSAN_FILTER:-"GameDriver|SelfPlay|Threads|TrainingRun.TinyRun"}

export ASAN_OPTIONS=${ASAN_OPTIONS:-"detect_leaks=1:abort_on_error=1:strict_string_checks=1"}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-"print_stacktrace=1:halt_on_error=1"}
export TSAN_OPTIONS=${TSAN_OPTIONS:-"halt_on_error=1:second_deadlock_stack=1"}
export LSAN_OPTIONS=${LSAN_OPTIONS:-"suppressions=$PWD/tests/sanitizers/lsan.supp"}

status=0
now() { date +%s; }

# stage NAME DIR SANITIZERS CTEST_ARGS... ; builds the listed programs, then runs ctest.
stage() {
  local name=$1 dir=$2 sanitizers=$3 tests=$4
  shift 4
  local t0 t1 t2
  t0=$(now)
  echo "== $name: configuring and building ${tests//$'\n'/ } in $dir"
  if ! cmake -S . -B "$dir" -DPython_EXECUTABLE=/usr/bin/python3 -DCMAKE_BUILD_TYPE=Debug \
      -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g" -DHZ_SANITIZE="$sanitizers" >/dev/null ||
    ! cmake --build "$dir" -j"$jobs" --target $tests >"$dir/sanitize-build.log" 2>&1; then
    tail -n 40 "$dir/sanitize-build.log" 2>/dev/null
    echo "$name: BUILD FAILED (log: $dir/sanitize-build.log)"
    status=1
    return
  fi
  t1=$(now)
  echo "== $name: built in $((t1 - t0)) s; running the tests"
  # Programs left out of the build show up as <name>_NOT_BUILT: skip those.
  if (cd "$dir" && ctest --output-on-failure -j"$jobs" -E '_NOT_BUILT' "$@"); then
    t2=$(now)
    echo "== $name: tests passed in $((t2 - t1)) s"
  else
    t2=$(now)
    echo "$name: TESTS FAILED (after $((t2 - t1)) s)"
    status=1
  fi
}

stages=("$@")
((${#stages[@]})) || stages=(asan tsan)
for s in "${stages[@]}"; do
  case $s in
    asan) stage asan build-asan address,undefined "$ASAN_TESTS" ;;
    tsan) stage tsan build-tsan thread "$TSAN_TESTS" -R "$TSAN_FILTER" ;;
    *) echo "unknown stage '$s' (asan, tsan)"; exit 2 ;;
  esac
done
exit $status
