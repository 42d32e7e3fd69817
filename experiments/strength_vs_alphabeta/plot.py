"""Elo against alphabeta:time_ms=200 along each strength run, by training wall time and by
self-play games, and each final match's outcome, from results/<game>.ladder.csv (hopzero ladder),
results/<game>.metrics.csv (the run's step, time, games) and results/<game>.final.json.
Usage: plot.py RESULTS_DIR OUT.png"""
import json
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../python"))
from hopzero import charts, data  # noqa: E402



def main(results_dir, out):
    results = data.read_strength_results(results_dir)
    with open(os.path.join(results_dir, "..", "goals.json"), encoding="utf-8") as f:
        goal = json.load(f)  # issue 16: the score each final network should reach
    fig, axes = plt.subplots(1, 3, figsize=(16, 4.4))
    charts.plot_strength(axes[0], results, x="hours", opponent="alphabeta:time_ms=200")
    charts.plot_strength(axes[1], results, x="games", opponent="alphabeta:time_ms=200")
    charts.plot_final_scores(axes[2], results, goal=goal)
    fig.suptitle("network + MCTS (200 ms/move) against alpha-beta (200 ms/move)")
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    print(f"wrote {out} ({len(results)} runs)")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
