"""The multiplayer_vs_brs experiment's tables (experiments/multiplayer_vs_brs/summarize.py): the
share of self-play games stopped at max_plies, counted from shard records, and the network seat's
row from a match file. Expected figures are worked out by hand from the constructed inputs."""

import importlib.util
import json
import os

import numpy as np
import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SPEC = importlib.util.spec_from_file_location(
    "summarize", os.path.join(ROOT, "experiments", "multiplayer_vs_brs", "summarize.py"))
summarize = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(summarize)

GAME = "chinese_checkers(goal_rule=fill,max_plies=30,players=3)"


def fake_shards(tmp_path, monkeypatch, games):
    """A run folder whose shards hold `games`: lists of (game id, length) per shard."""
    shards = tmp_path / "cc_3" / "shards"
    shards.mkdir(parents=True)
    contents = {}
    for i, shard_games in enumerate(games):
        path = shards / f"shard_{i:06d}.bin"
        path.write_bytes(b"")
        ids = [g for g, length in shard_games for _ in range(length)]
        plies = [p for _, length in shard_games for p in range(length)]
        contents[str(path)] = {"game": GAME, "records": {"game_id": np.array(ids, np.uint64),
                                                        "ply": np.array(plies, np.int32)}}
    monkeypatch.setattr(summarize.data, "read_shard", lambda p: contents[str(p)])
    return str(tmp_path / "cc_3")


def test_selfplay_capped_share_by_hand(tmp_path, monkeypatch):
    # 8 games over two shards; lengths 30 (capped at max_plies=30) or shorter (finished).
    run = fake_shards(tmp_path, monkeypatch, [[(0, 30), (1, 12), (2, 30), (3, 7)],
                                              [(4, 30), (5, 30), (6, 20), (7, 30)]])
    r = summarize.selfplay_caps(run)
    assert r["games"] == 8 and r["max_plies"] == 30
    assert r["capped_share"] == pytest.approx(5 / 8)
    assert r["last_quarter_games"] == 2  # games 6 and 7: one of the two capped
    assert r["last_quarter_capped_share"] == pytest.approx(0.5)
    assert r["mean_length"] == pytest.approx((30 * 5 + 12 + 7 + 20) / 8)
    # Quarters of two games each, in game order: (30, 12), (30, 7), (30, 30), (20, 30).
    assert [q["games"] for q in r["quarters"]] == [2, 2, 2, 2]
    assert [q["capped_share"] for q in r["quarters"]] == pytest.approx([0.5, 0.5, 1.0, 0.5])
    assert [q["mean_length"] for q in r["quarters"]] == pytest.approx([21, 18.5, 30, 25])
    row = summarize.selfplay_markdown([r]).splitlines()[2]
    assert row.endswith("| 50% / 50% / 100% / 50% | 21 / 18 / 30 / 25 |")


def test_a_game_split_over_shards_counts_once(tmp_path, monkeypatch):
    run = fake_shards(tmp_path, monkeypatch, [[(0, 10)], [(1, 30)]])
    contents = summarize.data.read_shard  # game 0 continues in the second shard: plies 10..29
    second = contents(os.path.join(run, "shards", "shard_000001.bin"))
    second["records"]["game_id"] = np.concatenate([np.zeros(20, np.uint64),
                                                   second["records"]["game_id"]])
    second["records"]["ply"] = np.concatenate([np.arange(10, 30, dtype=np.int32),
                                               second["records"]["ply"]])
    r = summarize.selfplay_caps(run)
    assert r["games"] == 2 and r["capped_share"] == 1.0


def test_match_row(tmp_path):
    games = [{"actions": 28}, {"actions": 10}, {"actions": 40}]  # plus 2 opening plies each
    match = {"players": 3, "game": GAME, "games": games, "games_played": 3, "seconds": 5.0,
             "agents": [{"spec": "net", "seat_wins": 2, "win_share": 2 / 3, "win_share_low": 0.2,
                         "win_share_high": 0.9, "mean_rank": 1.5},
                        {"spec": "alphabeta:algorithm=brs"}]}
    path = tmp_path / "cc_3.brs.match.json"
    path.write_text(json.dumps(match))
    row = summarize.summarize_match(str(path), opening_plies=2)
    assert row["fair_share"] == pytest.approx(1 / 3) and row["goal"] == pytest.approx(0.5)
    assert row["goal_met"] and row["wins"] == 2
    assert row["capped_share"] == pytest.approx(2 / 3)  # 28 + 2 >= 30 and 40 + 2 >= 30
    # A match still running, or killed before its last game, is not a result to tabulate.
    path.write_text(json.dumps(dict(match, complete=False, games_requested=150)))
    with pytest.raises(ValueError, match="did not finish .complete: false, 3 of 150 games"):
        summarize.summarize_match(str(path), opening_plies=2)
