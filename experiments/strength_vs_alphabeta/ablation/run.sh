#!/usr/bin/env bash
# Ablation of the strength techniques on Alquerque: every variant trains from scratch from
# base.yaml with its overrides, all variants side by side (concurrently) for the same wall time,
# so that they share the machine (and whatever else runs on it) equally. Then each final network
# + MCTS plays the baseline variant's final network + MCTS at equal time per move, and
# alphabeta:time_ms=200 at 200 ms per move.
#
# Usage: bash experiments/strength_vs_alphabeta/ablation/run.sh [train|eval|all]
# Env: BUDGET (training seconds per variant, default 3600), VARIANTS (names, default all below),
#      OUT (default runs/ablation), GAMES (head-to-head games, default 100), AB_GAMES (default 40),
#      MOVE_MS (per move in the head-to-head, default 50), THREADS (match threads, default 2),
#      HOPZERO (the program, default build/hopzero).
# A killed run resumes: run the same command again (the runs are kill-safe; budgets are totals).
set -euo pipefail
cd "$(dirname "$0")/../../.."
budget=${BUDGET:-3600}
out=${OUT:-runs/ablation}
games=${GAMES:-100}
ab_games=${AB_GAMES:-40}
move_ms=${MOVE_MS:-50}
threads=${THREADS:-2}
hz=${HOPZERO:-build/hopzero}
base=experiments/strength_vs_alphabeta/ablation/base.yaml

# name -> overrides of base.yaml (today's recipe: PUCT, 48 simulations, visit targets)
declare -A sets=(
  [puct48]=""
  [gumbel48]="selfplay.search=gumbel"
  [gumbel16]="selfplay.search=gumbel selfplay.simulations=16"
  [gumbel48_cap]="selfplay.search=gumbel selfplay.full_search_fraction=0.25 selfplay.fast_simulations=8"
  [gumbel48_mix]="selfplay.search=gumbel training.search_value_weight=0.5"
  [puct48_big]="network.blocks=5 network.channels=64"
  # Not yet run (not in the default list): KataGo's policy surprise weighting on the winner.
  [gumbel48_mix_surprise]="selfplay.search=gumbel training.search_value_weight=0.5 selfplay.policy_surprise_weight=0.5"
)
read -r -a variants <<<"${VARIANTS:-puct48 gumbel48 gumbel16 gumbel48_cap gumbel48_mix puct48_big}"
mode=${1:-all}
mkdir -p "$out"

train() {
  local pids=()
  for v in "${variants[@]}"; do
    local args=(--config "$base" --run "$out/$v" --set "training.time_budget_s=$budget")
    for s in ${sets[$v]}; do args+=(--set "$s"); done
    echo "== training $v: ${sets[$v]:-(base)} for ${budget} s (log $out/$v.train.log)"
    nice -n 10 "$hz" train "${args[@]}" >>"$out/$v.train.log" 2>&1 &
    pids+=($!)
  done
  local status=0
  for p in "${pids[@]}"; do wait "$p" || status=1; done
  return $status
}

final_ckpt() { ls "$out/$1"/ckpt_*.pt | sort | tail -n 1; }

evaluate() {
  local baseline
  baseline=$(final_ckpt puct48)
  for v in "${variants[@]}"; do
    local ckpt
    ckpt=$(final_ckpt "$v")
    if [[ $v != puct48 ]]; then
      echo "== $v vs puct48: $games games at $move_ms ms per move"
      "$hz" match --game alquerque --option max_plies=120 \
        --a "mcts:checkpoint=$ckpt,time_ms=$move_ms" \
        --b "mcts:checkpoint=$baseline,time_ms=$move_ms" \
        --games "$games" --threads "$threads" --seed 7 --quiet \
        --out "$out/$v.vs_puct48.json" | tee "$out/$v.vs_puct48.log"
    fi
    echo "== $v vs alphabeta:time_ms=200: $ab_games games at 200 ms per move"
    "$hz" match --game alquerque --option max_plies=120 \
      --a "mcts:checkpoint=$ckpt,time_ms=200" --b "alphabeta:time_ms=200" \
      --games "$ab_games" --threads "$threads" --seed 7 --quiet \
      --out "$out/$v.vs_alphabeta.json" | tee "$out/$v.vs_alphabeta.log"
  done
}

case $mode in
  train) train ;;
  eval) evaluate ;;
  all) train && evaluate ;;
  *) echo "usage: $0 [train|eval|all]" >&2; exit 2 ;;
esac
