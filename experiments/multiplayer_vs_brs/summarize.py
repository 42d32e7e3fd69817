"""Tables of the multiplayer_vs_brs experiment from its match files.

Reads OUT/cc_N.OPPONENT.match.json (written by run.sh through `hopzero match --out`) for every
player count N and opponent found, and writes OUT/summary.md and OUT/summary.json: per opponent,
per N, the network seat's (agent A's) games, wins, win share with its 95% Wilson interval, the fair
share 1/N, the goal 1.5/N and whether the observed share reaches it, its mean finishing rank
(1 = best, of N), and the share of games that reached the variant's max_plies (their ranks come
from remaining distance, not from finishing).

Usage: python3 experiments/multiplayer_vs_brs/summarize.py OUT [--opening-plies P]
"""

import argparse
import glob
import json
import os
import re
import sys

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
            capped = "-" if r["capped_share"] is None else f"{100 * r['capped_share']:.0f}%"
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
    rows = []
    for path in sorted(glob.glob(os.path.join(args.out, "cc_*.*.match.json"))):
        key = os.path.basename(path).split(".")[1]
        row = summarize_match(path, args.opening_plies)
        row["key"] = key
        rows.append(row)
    if not rows:
        print(f"no match files cc_N.OPPONENT.match.json in {args.out}", file=sys.stderr)
        return 1
    text = markdown(rows)
    with open(os.path.join(args.out, "summary.md"), "w", encoding="utf-8") as f:
        f.write(text)
    with open(os.path.join(args.out, "summary.json"), "w", encoding="utf-8") as f:
        json.dump(rows, f, indent=2)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
