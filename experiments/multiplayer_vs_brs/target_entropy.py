"""The policy targets of each run's first shard (games played by the new network): their mean
entropy, the mean entropy of a uniform target over the same legal moves, and the mean largest
share. Used in README.md to show a sharp initial prior copied into the targets.

Usage: python3 experiments/multiplayer_vs_brs/target_entropy.py RUN_DIR [RUN_DIR ...]"""
import glob
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python"))
from hopzero import data  # noqa: E402


def first_shard_figures(run_dir: str) -> dict:
    paths = sorted(glob.glob(os.path.join(run_dir, "shards", "shard_*.bin")))
    if not paths:
        raise FileNotFoundError(f"no shards in {os.path.join(run_dir, 'shards')}")
    shard = data.read_shard(paths[0])
    e = data.policy_target_entropy(shard)
    keep = ~np.isnan(e["entropy"])
    prob = shard["records"]["policy_prob"][keep]
    return {"samples": int(keep.sum()), "entropy": float(np.mean(e["entropy"][keep])),
            "uniform": float(np.mean(e["uniform"][keep])),
            "top_share": float(np.mean(prob.max(axis=1)))}


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    for run in argv:
        f = first_shard_figures(run)
        print(f"{run}: {f['samples']} samples, target entropy {f['entropy']:.3f} nats "
              f"(uniform {f['uniform']:.3f}), largest share {f['top_share']:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
