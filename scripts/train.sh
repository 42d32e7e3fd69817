#!/usr/bin/env bash
# The main job: builds (installing what is missing), then trains an Alquerque agent with the
# default config and prints how the final network does against the uniform-MCTS agent.
# Extra arguments go to `hopzero train` (e.g. --set training.steps=400). Re-running resumes the
# run in runs/alquerque (delete that folder to start over).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh build
exec build/hopzero train --config configs/alquerque.yaml --run runs/alquerque "$@"
