#!/usr/bin/env bash
# Sanitizer runs of the C++ tests (scripts/test.sh runs both stages before pytest):
#   asan  AddressSanitizer + UndefinedBehaviorSanitizer (Debug, -O1) in build-asan/: every test
#         of the programs in ASAN_TESTS (undefined behaviour and leaks fail the program).
#   tsan  ThreadSanitizer (Debug, -O1) in build-tsan/: the tests of TSAN_TESTS that match the
#         GoogleTest filter TSAN_FILTER (the multithreaded ones).
# Only those test programs are built (not the hopzero program nor the Python module), and each
# program runs once with all its tests (not one process per test as under ctest: loading
# LibTorch under a sanitizer takes seconds), $(nproc) programs at a time, slowest first.
# Usage: scripts/sanitize.sh [asan] [tsan]   (default: both). Prints the time of each build and
# run; exits non-zero if any build or test fails. Needs the packages of scripts/setup.sh.
set -uo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)

# The games' own test programs come from the game folders, not from a list: tests/cpp/<game>_test
# and <game>_notation_test for each cpp/games/<game>/ that has them, and <game>_conformance_test for each test game of
# tests/games/<game>/ (docs/adding_a_game.md).
game_tests=""
for dir in cpp/games/*/; do
  game=$(basename "$dir")
  for name in "${game}_test" "${game}_notation_test"; do
    [[ -f tests/cpp/$name.cpp ]] && game_tests+=" $name"
  done
done
for dir in tests/games/*/; do
  [[ -d $dir ]] && game_tests+=" $(basename "$dir")_conformance_test"
done
ASAN_TESTS=${ASAN_TESTS:-"conformance_test fuzz_test$game_tests torch_test train_run_test
  mcts_test game_driver_test run_files_test shards_test core_test parser_regression_test"}
TSAN_TESTS=${TSAN_TESTS:-"game_driver_test train_run_test"}
TSAN_FILTER=${TSAN_FILTER:-"GameDriver.*:*SelfPlay*:*Threads*:TrainingRun.TinyRun*"}

export ASAN_OPTIONS=${ASAN_OPTIONS:-"detect_leaks=1:abort_on_error=1:strict_string_checks=1"}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-"print_stacktrace=1:halt_on_error=1"}
export TSAN_OPTIONS=${TSAN_OPTIONS:-"halt_on_error=1:second_deadlock_stack=1"}
export LSAN_OPTIONS=${LSAN_OPTIONS:-"suppressions=$PWD/tests/sanitizers/lsan.supp"}

status=0
now() { date +%s; }

# stage NAME DIR SANITIZERS PROGRAMS GTEST_FILTER: builds the programs, then runs them.
stage() {
  local name=$1 dir=$2 sanitizers=$3 programs=$4 filter=$5
  local t0 t1 t2 p failed=0
  t0=$(now)
  echo "== $name: configuring and building in $dir:" $programs
  mkdir -p "$dir"
  if ! cmake -S . -B "$dir" -DPython_EXECUTABLE=/usr/bin/python3 -DCMAKE_BUILD_TYPE=Debug \
      -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g" -DHZ_SANITIZE="$sanitizers" >/dev/null ||
    ! cmake --build "$dir" -j"$jobs" --target $programs >"$dir/sanitize-build.log" 2>&1; then
    tail -n 40 "$dir/sanitize-build.log"
    echo "$name: BUILD FAILED (log: $dir/sanitize-build.log)"
    status=1
    return
  fi
  t1=$(now)
  echo "== $name: built in $((t1 - t0)) s; running the tests"
  # One process per program; its output goes to DIR/PROGRAM.log, its exit status to .rc.
  printf '%s\n' $programs | xargs -P "$jobs" -I{} sh -c \
    'start=$(date +%s); "$1/$2" --gtest_filter="$3" >"$1/$2.log" 2>&1; echo $? >"$1/$2.rc";
     echo "   $2: exit $(cat "$1/$2.rc") in $(($(date +%s) - start)) s, $(grep -a -E "^\[  (PASSED|FAILED)  \]" "$1/$2.log" | head -n 2 | tr "\n" " ")"' \
    _ "$dir" {} "$filter"
  for p in $programs; do
    if [[ $(cat "$dir/$p.rc" 2>/dev/null) != 0 ]]; then
      echo "---- $name: $p failed; the end of $dir/$p.log:"
      grep -a -E "^\[  FAILED  \]|ERROR: |runtime error|WARNING: ThreadSanitizer" "$dir/$p.log" | head -n 20
      tail -n 60 "$dir/$p.log"
      failed=1
    fi
  done
  t2=$(now)
  if ((failed)); then
    echo "$name: TESTS FAILED (run took $((t2 - t1)) s)"
    status=1
  else
    echo "== $name: all tests passed in $((t2 - t1)) s"
  fi
}

stages=("$@")
((${#stages[@]})) || stages=(asan tsan)
for s in "${stages[@]}"; do
  case $s in
    asan) stage asan build-asan address,undefined "$ASAN_TESTS" "*" ;;
    tsan) stage tsan build-tsan thread "$TSAN_TESTS" "$TSAN_FILTER" ;;
    *) echo "unknown stage '$s' (asan, tsan)"; exit 2 ;;
  esac
done
exit $status
