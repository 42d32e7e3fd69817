"""Elo against alphabeta:time_ms=200 along each strength run, by training wall time and by
self-play games, from results/<game>.ladder.csv (hopzero ladder) and results/<game>.metrics.csv
(the run's metrics: step, time, games). Usage: plot.py RESULTS_DIR OUT.png"""
import csv
import glob
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402


def read_csv(path):
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    return {k: np.array([float(r[k]) if r[k] not in ("", "None", "null") else np.nan
                         for r in rows]) for k in rows[0]} if rows else {}


def main(results, out):
    fig, axes = plt.subplots(1, 2, figsize=(11, 4.2))
    drawn = 0
    for ladder_path in sorted(glob.glob(os.path.join(results, "*.ladder.csv"))):
        name = os.path.basename(ladder_path)[:-len(".ladder.csv")]
        metrics_path = os.path.join(results, f"{name}.metrics.csv")
        if not os.path.exists(metrics_path):
            print(f"skipping {name}: no {metrics_path}")
            continue
        ladder, metrics = read_csv(ladder_path), read_csv(metrics_path)
        order = np.argsort(metrics["step"])
        steps, times, games = (metrics[k][order] for k in ("step", "time", "games"))
        x_time = np.interp(ladder["step"], steps, times) / 3600.0
        x_games = np.interp(ladder["step"], steps, games)
        err = np.vstack([ladder["elo"] - ladder["elo_low"], ladder["elo_high"] - ladder["elo"]])
        err = np.nan_to_num(err, nan=0.0, posinf=400.0, neginf=400.0)
        for ax, x in ((axes[0], x_time), (axes[1], x_games)):
            ax.errorbar(x, ladder["elo"], yerr=err, marker="o", capsize=3, label=name)
        drawn += 1
    for ax, label in ((axes[0], "training wall time (hours)"), (axes[1], "self-play games")):
        ax.axhline(0.0, color="gray", lw=0.8, ls="--")
        ax.set_xlabel(label)
        ax.set_ylabel("Elo vs alphabeta:time_ms=200 (95% interval)")
        ax.grid(alpha=0.3)
        if drawn:
            ax.legend()
    fig.suptitle("network + MCTS (200 ms/move) against alpha-beta (200 ms/move)")
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    print(f"wrote {out} ({drawn} runs)")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
