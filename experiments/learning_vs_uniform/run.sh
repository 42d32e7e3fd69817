#!/usr/bin/env bash
# Does self-play learning work? For each game below: train with the game's default config, then
# play the final network + MCTS against the same MCTS with the uniform evaluator (every action
# equally likely, value 0) at the same number of simulations, over GAMES games with seats
# alternating and each pair of games starting from the same 2 random actions.
#
# Usage: bash experiments/learning_vs_uniform/run.sh [GAME ...]   (default: alquerque jumpers_6)
# Env: GAMES (default 200), THREADS (default 2), OUT (default runs/learning_vs_uniform).
# Needs a build (bash scripts/setup.sh build). Writes OUT/GAME/ (the training run),
# OUT/GAME.train.log, OUT/GAME.match.log and OUT/GAME.match.json. Results: README.md here.
set -euo pipefail
cd "$(dirname "$0")/../.."
games=${GAMES:-200}
threads=${THREADS:-2}
out=${OUT:-runs/learning_vs_uniform}
mkdir -p "$out"

# name -> config, match options, simulations (the config's selfplay.simulations).
declare -A config=([alquerque]=configs/alquerque.yaml [jumpers_6]=configs/jumpers_6.yaml)
declare -A game=([alquerque]=alquerque [jumpers_6]=jumpers)
declare -A options=([alquerque]="--option max_plies=120" [jumpers_6]="--option size=6")
declare -A sims=([alquerque]=48 [jumpers_6]=48)

names=("$@")
((${#names[@]})) || names=(alquerque jumpers_6)
for name in "${names[@]}"; do
  [[ -n ${config[$name]:-} ]] || { echo "unknown experiment '$name' (alquerque, jumpers_6)"; exit 2; }
  run="$out/$name"
  echo "== $name: training ${config[$name]} into $run (log $out/$name.train.log)"
  start=$(date +%s)
  build/hopzero train --config "${config[$name]}" --run "$run" 2>&1 | tee "$out/$name.train.log"
  echo "== $name: trained in $(($(date +%s) - start)) s"
  ckpt=$(ls "$run"/ckpt_*.pt | sort | tail -n 1)
  echo "== $name: $games games, $ckpt + MCTS against uniform MCTS, ${sims[$name]} simulations each"
  start=$(date +%s)
  # shellcheck disable=SC2086  # options holds several words on purpose
  build/hopzero match --game "${game[$name]}" ${options[$name]} \
    --a "mcts:evaluator=checkpoint,checkpoint=$ckpt,sims=${sims[$name]}" \
    --b "mcts:sims=${sims[$name]}" --games "$games" --threads "$threads" --seed 1 \
    --out "$out/$name.match.json" 2>&1 | tee "$out/$name.match.log"
  echo "== $name: match in $(($(date +%s) - start)) s"
done
