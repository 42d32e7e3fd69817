#!/usr/bin/env bash
# Multi-player Chinese Checkers (issue 17): for 3, 4 and 6 players, train
# configs/chinese_checkers_N_strong.yaml, then play the final network + MCTS in one seat against a
# field of classical agents in every other seat, TIME_MS (200) ms per move for everyone, seats
# rotating game by game (hopzero match --a NET --b OPPONENT: with two agents in a game of N > 2
# players, --a sits in seat g mod N of game g and N - 1 instances of --b fill the others). Fields:
#   brs       alphabeta:algorithm=brs,time_ms=T       Best-Reply Search (Schadd & Winands 2011)
#   paranoid  alphabeta:algorithm=paranoid,time_ms=T  paranoid alpha-beta
#   maxn      mcts:evaluator=rollout,time_ms=T        max^n MCTS with random play-outs
# The game variant (name and options, play_to_finish included) is the config's `game:` section:
# a checkpoint only plays the variant it was trained on. GAMES is rounded up to a multiple of N so
# that every seat is played equally often. summarize.py then tabulates the network seat's win
# share (95% Wilson interval) against the fair share 1/N and the 1.5x goal, its mean finishing
# rank, and the share of games stopped at max_plies.
#
# Usage: bash experiments/multiplayer_vs_brs/run.sh [PLAYERS ...]   (default: 3 4 6)
# Env:
#   GAMES (150)  THREADS (2)  OUT (runs/multiplayer_vs_brs)  TIME_MS (200)  SEED (1)
#   OPENING_PLIES (2)            random actions starting each rotation of seats
#   OPPONENTS ("brs paranoid maxn")
#   CONFIG_TEMPLATE (configs/chinese_checkers_{N}_strong.yaml; {N} is the player count)
#   TRAIN_SET ("")               extra `hopzero train --set` overrides, space-separated
#   SKIP_TRAIN (0)               1: no training; play the newest checkpoint in OUT/cc_N
#   SKIP_MATCH (0)               1: train only (no matches, no summary)
#   HOPZERO (build/hopzero)      the program (e.g. a copy frozen while the tree is rebuilt)
#   NET_SETTINGS ("")            more settings for the network's mcts spec, e.g.
#                                "search=gumbel,sims=800" (Gumbel needs sims; time_ms still caps)
# Needs a build (bash scripts/setup.sh build). Writes, per N: OUT/cc_N/ (the training run; rerunning
# resumes it, so training may be done in segments), OUT/cc_N.train.log, OUT/cc_N.train_seconds
# (one line per training segment), OUT/cc_N.OPPONENT.match.{log,json}; then OUT/summary.md and
# OUT/summary.json. A match report is rewritten after every game and a rerun continues it
# (`hopzero match --resume`); one of another checkpoint or other settings is an error naming the
# difference: move it away to play the match afresh.
set -euo pipefail
cd "$(dirname "$0")/../.."
games=${GAMES:-150}
threads=${THREADS:-2}
out=${OUT:-runs/multiplayer_vs_brs}
time_ms=${TIME_MS:-200}
seed=${SEED:-1}
opening=${OPENING_PLIES:-2}
read -r -a opponents <<<"${OPPONENTS:-brs paranoid maxn}"
default_template='configs/chinese_checkers_{N}_strong.yaml'
template=${CONFIG_TEMPLATE:-$default_template}
read -r -a train_set <<<"${TRAIN_SET:-}"
net_settings=${NET_SETTINGS:-}
hopzero=${HOPZERO:-build/hopzero}
mkdir -p "$out"

opponent_spec() {
  case "$1" in
    brs) echo "alphabeta:algorithm=brs,time_ms=$time_ms" ;;
    paranoid) echo "alphabeta:algorithm=paranoid,time_ms=$time_ms" ;;
    maxn) echo "mcts:evaluator=rollout,time_ms=$time_ms" ;;
    *) echo "unknown opponent '$1' (brs, paranoid, maxn)" >&2; return 2 ;;
  esac
}

# "--game NAME --option k=v ..." from a config's game: section.
game_flags() {
  /usr/bin/python3 - "$1" <<'EOF'
import sys, yaml
with open(sys.argv[1]) as f:
    game = (yaml.safe_load(f) or {}).get("game") or {}
if not game.get("name"):
    sys.exit(f"{sys.argv[1]}: no game.name")
words = ["--game", str(game["name"])]
for key, value in (game.get("options") or {}).items():
    if isinstance(value, bool):
        value = "true" if value else "false"
    words += ["--option", f"{key}={value}"]
print(" ".join(words))
EOF
}

players=("$@")
((${#players[@]})) || players=(3 4 6)
for opponent in "${opponents[@]}"; do opponent_spec "$opponent" >/dev/null; done
for n in "${players[@]}"; do
  [[ $n =~ ^(3|4|6)$ ]] || { echo "unknown player count '$n' (3, 4, 6)"; exit 2; }
  config=${template//\{N\}/$n}
  [[ -f $config ]] || { echo "no config $config (CONFIG_TEMPLATE=$template)"; exit 2; }
  run="$out/cc_$n"
  if [[ ${SKIP_TRAIN:-0} != 1 ]]; then
    echo "== $n players: training $config into $run (log $out/cc_$n.train.log)"
    set_flags=()
    for s in "${train_set[@]}"; do set_flags+=(--set "$s"); done
    start=$(date +%s)
    "$hopzero" train --config "$config" --run "$run" "${set_flags[@]}" 2>&1 |
      tee -a "$out/cc_$n.train.log"
    echo "$(($(date +%s) - start))" >>"$out/cc_$n.train_seconds"
    echo "== $n players: trained in $(($(date +%s) - start)) s"
  fi
  [[ ${SKIP_MATCH:-0} == 1 ]] && continue
  ckpts=("$run"/ckpt_*.pt)
  [[ -f ${ckpts[0]} ]] || { echo "no checkpoint $run/ckpt_*.pt"; exit 2; }
  ckpt=$(printf '%s\n' "${ckpts[@]}" | sort | tail -n 1)
  game=$(game_flags "$run/config.yaml")
  read -r -a flags <<<"$game"
  net="mcts:checkpoint=$ckpt,time_ms=$time_ms${net_settings:+,$net_settings}"
  n_games=$(((games + n - 1) / n * n))
  for opponent in "${opponents[@]}"; do
    spec=$(opponent_spec "$opponent")
    echo "== $n players: $n_games games, $net against $((n - 1)) x $spec"
    start=$(date +%s)
    "$hopzero" match "${flags[@]}" --a "$net" --b "$spec" --games "$n_games" \
      --threads "$threads" --seed "$seed" --opening-plies "$opening" \
      --out "$out/cc_$n.$opponent.match.json" --resume 2>&1 |
      tee -a "$out/cc_$n.$opponent.match.log"
    echo "== $n players, $opponent: match in $(($(date +%s) - start)) s"
  done
done
[[ ${SKIP_MATCH:-0} == 1 ]] && exit 0
/usr/bin/python3 experiments/multiplayer_vs_brs/summarize.py "$out" --opening-plies "$opening"
