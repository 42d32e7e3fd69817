"""Tables of the multiplayer_vs_brs experiment from its match files.

Reads OUT/cc_N.OPPONENT.match.json (written by run.sh through `hopzero match --out`) for every
player count N and opponent found, and writes OUT/summary.md and OUT/summary.json: per opponent,
per N, the network seat's (agent A's) games, wins, win share with its 95% Wilson interval, the fair
share 1/N, the goal 1.5/N and whether the observed share reaches it, its mean finishing rank
(1 = best, of N), and the share of games that reached the variant's max_plies (their ranks come
from remaining distance, not from finishing). For every training run OUT/cc_N it also counts the
self-play games in the run's shards and the share of them stopped at max_plies, over the whole run
and over its last quarter of games, and per quarter of the run in game order (OUT/selfplay.md,
and "selfplay" in summary.json).

Usage: python3 experiments/multiplayer_vs_brs/summarize.py OUT [--opening-plies P]
"""

import argparse
import glob
import json
import os
import re
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python"))
from hopzero import data  # noqa: E402  (the package of this checkout)

OPPONENTS = {
    "brs": "Best-Reply Search (alphabeta:algorithm=brs)",
    "paranoid": "paranoid alpha-beta (alphabeta:algorithm=paranoid)",
    "maxn": "max^n MCTS with random play-outs (mcts:evaluator=rollout)",
}


def max_plies(game: str) -> int | None:
    """The max_plies option from a game's full name, "chinese_checkers(...,max_plies=180,...)"."""
    found = re.search(r"[(,]max_plies=(\d+)", game)
    return int(found.group(1)) if found else None


def summarize_match(path: str, opening_plies: int) -> dict:
    with open(path, encoding="utf-8") as f:
        match = json.load(f)
    if match.get("complete") is False:
        raise ValueError(f"{path}: the match did not finish (complete: false, "
                         f"{match['games_played']} of {match['games_requested']} games); rerun "
                         f"run.sh to continue it")
    players = match["players"]
    if players <= 2 or "win_share" not in match["agents"][0]:
        raise ValueError(f"{path}: not a match of more than two players with win shares")
    net = match["agents"][0]
    cap = max_plies(match["game"])
    games = match["games"]
    capped = sum(1 for g in games if cap is not None and g["actions"] + opening_plies >= cap)
    return {
        "players": players,
        "game": match["game"],
        "network": net["spec"],
        "opponent": match["agents"][1]["spec"],
        "games": match["games_played"],
        "wins": net["seat_wins"],
        "win_share": net["win_share"],
        "win_share_low": net["win_share_low"],
        "win_share_high": net["win_share_high"],
        "fair_share": 1.0 / players,
        "goal": 1.5 / players,
        "goal_met": net["win_share"] >= 1.5 / players,
        "mean_rank": net["mean_rank"],
        "capped_share": capped / len(games) if games else None,
        "seconds": match["seconds"],
    }


def selfplay_caps(run_dir: str) -> dict | None:
    """Self-play games of a training run and the share stopped at max_plies, from its shards.
    A game's length is its last recorded ply + 1 (every turn of a search is recorded: Chinese
    Checkers has one action per turn and the strong recipes use no playout cap)."""
    paths = sorted(glob.glob(os.path.join(run_dir, "shards", "shard_*.bin")))
    if not paths:
        return None
    last_ply = {}
    cap = None
    for path in paths:
        shard = data.read_shard(path)
        cap = max_plies(shard["game"])
        records = shard["records"]
        for game_id, ply in zip(records["game_id"].tolist(), records["ply"].tolist()):
            last_ply[game_id] = max(ply, last_ply.get(game_id, -1))
    if cap is None:
        raise ValueError(f"{run_dir}: the shards' game has no max_plies option")
    lengths = np.array([last_ply[g] + 1 for g in sorted(last_ply)])
    capped = lengths >= cap
    tail = capped[len(capped) - max(1, len(capped) // 4):]
    # Four consecutive parts of the run, in game order, show when games start to finish.
    quarters = [{"games": int(len(part)), "capped_share": float((part >= cap).mean()),
                 "mean_length": float(part.mean())}
                for part in np.array_split(lengths, 4) if len(part)]
    return {"run": run_dir, "max_plies": cap, "games": int(len(lengths)),
            "capped_share": float(capped.mean()), "last_quarter_games": int(len(tail)),
            "last_quarter_capped_share": float(tail.mean()),
            "mean_length": float(lengths.mean()), "quarters": quarters}


def selfplay_markdown(runs: list[dict]) -> str:
    out = ["| run | max_plies | self-play games | mean length | capped | capped, last quarter | "
           "capped by quarter of the run | mean length by quarter |",
           "|---|---|---|---|---|---|---|---|"]
    for r in runs:
        by_quarter = " / ".join(f"{100 * q['capped_share']:.0f}%" for q in r["quarters"])
        lengths = " / ".join(f"{q['mean_length']:.0f}" for q in r["quarters"])
        out.append(f"| {os.path.basename(r['run'])} | {r['max_plies']} | {r['games']} | "
                   f"{r['mean_length']:.0f} | {100 * r['capped_share']:.0f}% | "
                   f"{100 * r['last_quarter_capped_share']:.0f}% | {by_quarter} | {lengths} |")
    return "\n".join(out) + "\n"


def markdown(rows: list[dict]) -> str:
    out = []
    for key, title in OPPONENTS.items():
        mine = [r for r in rows if r["key"] == key]
        if not mine:
            continue
        out += [f"### Against {title}", "",
                "| players | games | network wins | win share (95% interval) | fair share | "
                "goal 1.5/N | met | mean rank (of N) | games capped |",
                "|---|---|---|---|---|---|---|---|---|"]
        for r in sorted(mine, key=lambda r: r["players"]):
            capped = "-" if r.get("capped_share") is None else f"{100 * r['capped_share']:.0f}%"
            out.append(
                f"| {r['players']} | {r['games']} | {r['wins']} | {r['win_share']:.3f} "
                f"[{r['win_share_low']:.3f}, {r['win_share_high']:.3f}] | {r['fair_share']:.3f} | "
                f"{r['goal']:.3f} | {'yes' if r['goal_met'] else 'no'} | "
                f"{r['mean_rank']:.2f} of {r['players']} | {capped} |")
        out.append("")
    return "\n".join(out)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", help="the experiment's output folder (OUT of run.sh)")
    parser.add_argument("--opening-plies", type=int, default=2,
                        help="random opening actions per game, as given to hopzero match")
    args = parser.parse_args()
    runs = [r for r in (selfplay_caps(d) for d in sorted(glob.glob(os.path.join(args.out,
                                                                             "cc_*")))
                        if os.path.isdir(d)) if r]
    if runs:
        with open(os.path.join(args.out, "selfplay.md"), "w", encoding="utf-8") as f:
            f.write(selfplay_markdown(runs))
        print(selfplay_markdown(runs))
    rows = []
    for path in sorted(glob.glob(os.path.join(args.out, "cc_*.*.match.json"))):
        key = os.path.basename(path).split(".")[1]
        row = summarize_match(path, args.opening_plies)
        row["key"] = key
        rows.append(row)
    if not rows:
        if runs:
            return 0
        print(f"no match files cc_N.OPPONENT.match.json in {args.out}", file=sys.stderr)
        return 1
    text = markdown(rows)
    with open(os.path.join(args.out, "summary.md"), "w", encoding="utf-8") as f:
        f.write(text)
    with open(os.path.join(args.out, "summary.json"), "w", encoding="utf-8") as f:
        json.dump({"matches": rows, "selfplay": runs}, f, indent=2)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
