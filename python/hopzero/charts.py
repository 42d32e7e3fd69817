"""Charts for runs and game statistics (matplotlib), used by the notebooks: training losses,
policy entropy, throughput, the Elo ladder, outcomes by seat, game lengths, per-turn series
(piece counts, distances) and the value of each first move.

Each function draws on a given Axes and returns it; missing metrics are skipped (so a run that
logs fewer fields still draws), and a chart with nothing to draw says so on the Axes.
Inputs come from :mod:`hopzero.data` (metrics columns, ladder curves) and
:mod:`hopzero.analysis` (played games, search summaries).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

__all__ = ["plot_losses", "plot_entropy", "plot_throughput", "plot_ladder", "plot_outcomes",
           "plot_lengths", "plot_series", "plot_first_moves", "plot_strength",
           "plot_final_scores", "elo_error_bars"]


def _empty(ax, what: str):
    ax.text(0.5, 0.5, f"no {what} yet", ha="center", va="center", transform=ax.transAxes,
            color="#777777")
    return ax


def _lines(ax, cols: Mapping[str, np.ndarray], keys: Sequence[str], x: str, what: str,
           log: bool = False):
    xs = cols.get(x)
    drawn = 0
    for key in keys:
        if xs is None or key not in cols:
            continue
        ok = np.isfinite(cols[key]) & np.isfinite(xs)
        if log:
            ok &= cols[key] > 0  # a rate of 0 (nothing happened in the interval) has no log
        if ok.any():
            ax.plot(xs[ok], cols[key][ok], label=key, marker="." if ok.sum() < 30 else None)
            drawn += 1
    if not drawn:
        return _empty(ax, what)
    ax.set_xlabel(x)
    if log:
        ax.set_yscale("log")
    ax.legend(fontsize=8)
    ax.grid(alpha=0.3)
    return ax


def plot_losses(ax, cols: Mapping[str, np.ndarray], x: str = "step"):
    """Total, policy and value loss against ``x`` (train metrics columns)."""
    ax.set_title("losses")
    return _lines(ax, cols, ("loss", "policy_loss", "value_loss"), x, "losses")


def plot_entropy(ax, cols: Mapping[str, np.ndarray], x: str = "step"):
    """Policy entropy (nats) and value accuracy against ``x``."""
    ax.set_title("policy entropy / value accuracy")
    return _lines(ax, cols, ("policy_entropy", "value_accuracy"), x, "entropy")


def plot_throughput(ax, cols: Mapping[str, np.ndarray], x: str = "step"):
    """Self-play and training rates against ``x`` on a log scale."""
    ax.set_title("throughput (per second)")
    keys = ("games_per_s", "samples_per_s", "evals_per_s", "train_samples_per_s")
    return _lines(ax, cols, keys, x, "throughput", log=True)


def plot_ladder(ax, curve: Mapping[str, np.ndarray] | None, opponent: str = "alpha-beta"):
    """Elo against training step with its 95% interval (data.ladder_curve)."""
    ax.set_title(f"Elo against {opponent}")
    if curve is None or len(curve["step"]) == 0:
        return _empty(ax, "ladder")
    ax.fill_between(curve["step"], curve["low"], curve["high"], alpha=0.25)
    ax.plot(curve["step"], curve["elo"], marker="o")
    ax.axhline(0, color="#777777", linewidth=0.8)
    ax.set_xlabel("step")
    ax.set_ylabel("Elo")
    ax.grid(alpha=0.3)
    return ax


def plot_outcomes(ax, outcomes: Mapping[str, np.ndarray], seat_names: Sequence[str] | None = None):
    """Stacked bars of wins, draws and losses per seat (analysis.outcomes_by_seat)."""
    wins, draws, losses = (np.asarray(outcomes[k]) for k in ("win", "draw", "loss"))
    seats = np.arange(len(wins))
    names = list(seat_names) if seat_names is not None else [f"seat {s}" for s in seats]
    ax.bar(seats, wins, color="#2ca02c", label="win")
    ax.bar(seats, draws, bottom=wins, color="#bbbbbb", label="draw")
    ax.bar(seats, losses, bottom=wins + draws, color="#d62728", label="loss")
    ax.set_xticks(seats, names)
    ax.set_ylabel("games")
    ax.set_title("outcome by seat")
    ax.legend(fontsize=8)
    return ax


def plot_lengths(ax, lengths: Mapping[str, np.ndarray], unit: str = "turns"):
    """Histograms of game lengths, one per label (e.g. per pairing)."""
    arrays = [np.asarray(v) for v in lengths.values() if len(v)]
    if not arrays:
        return _empty(ax, "games")
    bins = np.histogram_bin_edges(np.concatenate(arrays), bins=min(20, max(5, len(arrays[0]))))
    for label, values in lengths.items():
        ax.hist(values, bins=bins, alpha=0.55, label=f"{label} (mean {np.mean(values):.0f})")
    ax.set_xlabel(f"game length ({unit})")
    ax.set_ylabel("games")
    ax.set_title("game length")
    ax.legend(fontsize=8)
    return ax


def plot_series(ax, series: Sequence[np.ndarray], names: Sequence[str], colors=None,
                ylabel: str = "", title: str = ""):
    """Per-turn series of several games, (turns + 1, players) each: the mean per player over
    the games still running at that turn, with the 25-75% band."""
    if not series:
        return _empty(ax, "games")
    longest = max(len(s) for s in series)
    players = series[0].shape[1]
    stacked = np.full((len(series), longest, players), np.nan)
    for i, s in enumerate(series):
        stacked[i, :len(s)] = s
    turns = np.arange(longest)
    for p in range(players):
        values = stacked[:, :, p]
        color = colors[p] if colors is not None else None
        ax.plot(turns, np.nanmean(values, axis=0), label=names[p], color=color)
        ax.fill_between(turns, np.nanpercentile(values, 25, axis=0),
                        np.nanpercentile(values, 75, axis=0), alpha=0.2, color=color)
    ax.set_xlabel("turn")
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.legend(fontsize=8)
    return ax


def plot_first_moves(ax, summary: Mapping, top: int = 12):
    """The value (for the mover) of each first move from a search (analysis.search_policy),
    bars sorted by visit share, with the share written on each bar."""
    order = np.argsort(-np.asarray(summary["share"]), kind="stable")[:top]
    values = np.asarray(summary["values"])[order]
    names = [summary["notation"][i] for i in order]
    bars = ax.barh(np.arange(len(order)), values,
                   color=["#2ca02c" if v >= 0 else "#d62728" for v in values])
    for bar, i in zip(bars, order):
        ax.text(bar.get_width(), bar.get_y() + bar.get_height() / 2,
                f" {summary['share'][i]:.0%}", va="center", fontsize=7)
    ax.set_yticks(np.arange(len(order)), names, fontsize=8)
    ax.invert_yaxis()
    ax.axvline(0, color="#777777", linewidth=0.8)
    ax.set_xlim(-1, 1)
    ax.set_xlabel("value for the mover (share of visits on the bar)")
    ax.set_title(f"first moves (root value {summary['root_value']:+.2f})")
    return ax


def elo_error_bars(elo, low, high) -> np.ndarray:
    """Matplotlib error bars (2, N) of Elo intervals; an infinite end (all games won or lost)
    is drawn 400 Elo long, an unknown one not at all."""
    elo, low, high = (np.asarray(v, dtype=float) for v in (elo, low, high))
    return np.nan_to_num(np.vstack([elo - low, high - elo]), nan=0.0, posinf=400.0, neginf=400.0)


def plot_strength(ax, results: Mapping[str, Mapping], x: str = "hours",
                  opponent: str = "alpha-beta"):
    """Elo with its 95% interval against ``x`` (``hours`` of training wall time, ``games`` of
    self-play or ``step``), one line per run, from data.read_strength_results. An infinite end
    of an interval (all games won or lost) is drawn 400 Elo long."""
    ax.set_title(f"Elo against {opponent}")
    drawn, xs = 0, []
    for name, result in results.items():
        curve = result.get("curve")
        if curve is None or x not in curve or len(curve["step"]) == 0:
            continue
        ax.errorbar(curve[x], curve["elo"], yerr=elo_error_bars(curve["elo"], curve["low"],
                                                                 curve["high"]), marker="o", capsize=3, label=name)
        xs.extend(np.asarray(curve[x], dtype=float).tolist())
        drawn += 1
    if not drawn:
        return _empty(ax, "ladder")
    ax.axhline(0, color="#777777", linewidth=0.8, linestyle="--")
    label = {"hours": "training wall time (hours)", "games": "self-play games"}.get(x, x)
    # Runs of different games differ in games per hour by more than ten times: a linear axis
    # would crowd the short ones against zero.
    if x != "hours" and min(xs) > 0 and max(xs) / min(xs) > 30:
        ax.set_xscale("log")
        label += " (log scale)"
    ax.set_xlabel(label)
    ax.set_ylabel("Elo (95% interval)")
    ax.legend(fontsize=8)
    ax.grid(alpha=0.3)
    return ax


def plot_final_scores(ax, results: Mapping[str, Mapping], goal: Mapping[str, float] | None = None):
    """Stacked wins, draws and losses of each run's final match (share of its games), with the
    goal score of each run (``goal``: name -> share) as a black tick."""
    names = [n for n, r in results.items() if r.get("final")]
    ax.set_title("final match")
    if not names:
        return _empty(ax, "final match")
    shares = {k: np.array([results[n]["final"][k] / results[n]["final"]["games"] for n in names])
              for k in ("wins", "draws", "losses")}
    at = np.arange(len(names))
    ax.bar(at, shares["wins"], color="#2ca02c", label="win")
    ax.bar(at, shares["draws"], bottom=shares["wins"], color="#bbbbbb", label="draw")
    ax.bar(at, shares["losses"], bottom=shares["wins"] + shares["draws"], color="#d62728",
           label="loss")
    for i, n in enumerate(names):
        if goal and n in goal:
            ax.plot([i - 0.4, i + 0.4], [goal[n]] * 2, color="black", linewidth=2)
    # Run names are long (a game and a date): slanted labels keep neighbours from overlapping.
    ax.set_xticks(at, [f"{n}\n{results[n]['final']['games']} games" for n in names],
                  rotation=25, ha="right", fontsize=8)
    ax.set_ylabel("share of games")
    ax.set_ylim(0, 1)
    # The stacked bars fill the whole axis, so the legend goes beside it.
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
    return ax
