#!/usr/bin/env bash
# Executes the notebooks on real training runs and writes the copies with their outputs (figures
# included) to notebooks/executed/, which is committed: a reader of the repository sees the
# figures without running anything. The sources in notebooks/ stay without outputs; the test
# command executes them on tiny runs (tests/python/test_notebooks.py) and checks that every
# executed copy has the same code as its source (re-run this script after editing a notebook).
#
# Usage: bash scripts/execute_notebooks.sh [RUNS]
#   RUNS (runs/strength): one run folder per game variant, named as in experiments/
#   strength_vs_alphabeta (alquerque, jumpers_6, chinese_checkers_2; see its run.sh). For each
#   run found: training_run.ipynb and strategy.ipynb on it; then strength.ipynb once (it reads the
#   committed results of experiments/strength_vs_alphabeta/).
# Needs a build (bash scripts/setup.sh build). Minutes per notebook; the strategy notebook plays
# 80 games with the network, about half an hour for Chinese Checkers on two cores.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
runs=$(realpath "${1:-runs/strength}")
out=notebooks/executed
mkdir -p "$out"

# execute NOTEBOOK OUTPUT_NAME [RUN]: the kernel runs in notebooks/, so every path is absolute.
execute() {
  local notebook=$1 name=$2 run=${3:-} game=""
  if [[ -n $run ]]; then
    game=$(/usr/bin/python3 -c 'import sys, yaml; print(yaml.safe_load(open(sys.argv[1]))["game"]["name"])' \
      "$run/config.yaml")
  fi
  echo "== $(date +%T) $notebook ${run:+on $run} -> $out/$name.ipynb"
  local start
  start=$(date +%s)
  env HOPZERO_ROOT="$root" ${run:+HOPZERO_RUN=$run} ${game:+HOPZERO_NOTEBOOK_GAME=$game} \
    PYDEVD_DISABLE_FILE_VALIDATION=1 /usr/bin/jupyter nbconvert --to notebook --execute \
    "notebooks/$notebook.ipynb" --output-dir "$out" --output "$name" \
    --ExecutePreprocessor.timeout=7200
  echo "== $name: $(($(date +%s) - start)) s"
}

found=0
for run in "$runs"/*/; do
  run=${run%/}
  [[ -f $run/config.yaml ]] || continue
  found=1
  variant=$(basename "$run")
  execute training_run "training_run.$variant" "$run"
  execute strategy "strategy.$variant" "$run"
done
((found)) || { echo "no run folders with a config.yaml in $runs"; exit 2; }
execute strength strength
