#!/usr/bin/env bash
# Strength against the alpha-beta baseline at equal time per move.
#
# For each game: train configs/<game>_strong.yaml from scratch (kill-safe: rerunning resumes the
# run; each segment's wall time is appended to OUT/<game>.segments), rate checkpoints along the
# run with `hopzero ladder` against alphabeta:time_ms=200 (the checkpoints also at 200 ms per
# move), play the final network + MCTS against alphabeta:time_ms=200 over FINAL_GAMES games with
# seats alternating, copy the final network here as <game>.pt, and draw elo_vs_time.png. The
# final match is written to OUT/<game>.final.json after every game and a rerun continues it
# (`hopzero match --resume`; a report of another checkpoint is an error: move it away); once
# finished it is copied to results/.
#
# Usage: bash experiments/strength_vs_alphabeta/run.sh STAGE [GAME ...]
#   STAGE: train | ladder | final | ship | plot | all     GAME: alquerque jumpers_6 chinese_checkers_2
# Env: OUT (default runs/strength), LADDER_GAMES (default 20), LADDER_EVERY (steps, default
#      from the config: every 4th checkpoint), FINAL_GAMES (default 200), MOVE_MS (default 200),
#      THREADS (match threads, default 2), HOPZERO (the program, default build/hopzero),
#      OPENING_PLIES (random actions before each rotation of the ladder's and the final's games,
#      default 2; Jumpers 6x6 has only 4 positions after 2, 520 after 8: docs/evaluation.md),
#      TRAIN_SET (extra `hopzero train --set` overrides, space-separated, e.g.
#      "selfplay.policy_surprise_weight=0.5"; give a run of its own an OUT of its own).
set -euo pipefail
cd "$(dirname "$0")/../.."
here=experiments/strength_vs_alphabeta
out=${OUT:-runs/strength}
move_ms=${MOVE_MS:-200}
threads=${THREADS:-2}
hz=${HOPZERO:-build/hopzero}
mkdir -p "$out" "$here/results"

declare -A game=([alquerque]=alquerque [jumpers_6]=jumpers [chinese_checkers_2]=chinese_checkers)
stage=${1:-}
shift || true
names=("$@")
((${#names[@]})) || names=(alquerque jumpers_6 chinese_checkers_2)

# --option k=v for every rule option of a run, from its config.yaml (the checkpoints' variant).
options_of() {
  /usr/bin/python3 - "$1/config.yaml" <<'PY'
import sys, yaml
opts = (yaml.safe_load(open(sys.argv[1])).get("game") or {}).get("options") or {}
print(" ".join(f"--option {k}={v}" for k, v in opts.items()))
PY
}

final_ckpt() { ls "$out/$1"/ckpt_*.pt | sort | tail -n 1; }

train() {
  local name=$1 start status=0
  start=$(date +%s)
  echo "== $name: training configs/${name}_strong.yaml into $out/$name (log $out/$name.train.log)"
  local sets=()
  for s in ${TRAIN_SET:-}; do sets+=(--set "$s"); done
  nice -n 10 "$hz" train --config "configs/${name}_strong.yaml" --run "$out/$name" \
    "${sets[@]}" >>"$out/$name.train.log" 2>&1 || status=$?
  echo "$(date -u +%FT%TZ) segment $(($(date +%s) - start)) s exit $status" >>"$out/$name.segments"
  return $status
}

ladder() {
  local name=$1 every
  every=${LADDER_EVERY:-$(grep -E '^ *checkpoint_every:' "configs/${name}_strong.yaml" |
    awk '{print 4 * $2}')}
  echo "== $name: ladder against alphabeta:time_ms=$move_ms, every $every steps"
  "$hz" ladder --run "$out/$name" --baseline "alphabeta:time_ms=$move_ms" \
    --agent "time_ms=$move_ms" --games "${LADDER_GAMES:-20}" --every "$every" --no-neighbours \
    --threads "$threads" --seed 1 --opening-plies "${OPENING_PLIES:-2}" |
    tee "$out/$name.ladder.log"
  cp "$out/$name/ladder.csv" "$here/results/$name.ladder.csv"
}

final() {
  local name=$1 ckpt
  ckpt=$(final_ckpt "$name")
  echo "== $name: $ckpt + MCTS vs alphabeta:time_ms=$move_ms, ${FINAL_GAMES:-200} games"
  # shellcheck disable=SC2046  # one word per option on purpose
  "$hz" match --game "${game[$name]}" $(options_of "$out/$name") \
    --a "mcts:checkpoint=$ckpt,time_ms=$move_ms" --b "alphabeta:time_ms=$move_ms" \
    --games "${FINAL_GAMES:-200}" --threads "$threads" --seed 1 \
    --opening-plies "${OPENING_PLIES:-2}" \
    --out "$out/$name.final.json" --resume | tee -a "$out/$name.final.log"
  cp "$out/$name.final.json" "$here/results/$name.final.json"
}

ship() {
  local name=$1
  cp "$(final_ckpt "$name")" "$here/$name.pt"
  cp "$out/$name.segments" "$here/results/$name.segments"
  /usr/bin/python3 - "$out/$name" "$here/results/$name.metrics.csv" <<'PY'
import sys
sys.path.insert(0, "python")
from hopzero import data
rows = [r for r in data.read_metrics(sys.argv[1]) if r.get("kind", "train") == "train"]
with open(sys.argv[2], "w") as f:
    f.write("step,time,games,samples,loss,policy_loss,value_loss\n")
    for r in rows:
        f.write(",".join(str(r.get(k, "")) for k in
                ("step", "time", "games", "samples", "loss", "policy_loss", "value_loss")) + "\n")
PY
  echo "== $name: shipped $here/$name.pt"
}

for name in "${names[@]}"; do
  [[ -n ${game[$name]:-} ]] || { echo "unknown game '$name' (${!game[*]})" >&2; exit 2; }
  case $stage in
    train) train "$name" ;;
    ladder) ladder "$name" ;;
    final) final "$name" ;;
    ship) ship "$name" ;;
    plot) ;;
    all) train "$name" && ladder "$name" && final "$name" && ship "$name" ;;
    *) echo "usage: $0 train|ladder|final|ship|plot|all [GAME ...]" >&2; exit 2 ;;
  esac
done
if [[ $stage == plot || $stage == all ]]; then
  /usr/bin/python3 "$here/plot.py" "$here/results" "$here/elo_vs_time.png"
fi
