"""Readers of run outputs: metrics lines, ladder tables, sample shards (written here by an
independent writer that follows the table in docs/formats.md), checkpoint lists."""

import json
import os
import struct
import zlib

import numpy as np
import pytest

from hopzero import data


def test_metrics_lines_columns_and_torn_last_line(tmp_path):
    lines = [{"kind": "train", "time": 1.0, "step": 5, "loss": 2.5, "policy_entropy": 1.2,
              "value_accuracy": None},
             {"kind": "train", "time": 2.0, "step": 10, "loss": 2.0},
             {"kind": "eval", "time": 3.0, "step": 10, "score": 0.75, "opponent": "mcts"}]
    text = "\n".join(json.dumps(r) for r in lines) + "\n" + '{"kind": "train", "st'
    (tmp_path / "metrics.jsonl").write_text(text)
    with pytest.warns(UserWarning, match="torn"):
        records = data.read_metrics(str(tmp_path))
    assert records == lines
    cols = data.metrics_columns(records, kind="train")
    np.testing.assert_array_equal(cols["step"], [5, 10])
    assert cols["policy_entropy"][0] == 1.2 and np.isnan(cols["policy_entropy"][1])
    assert np.isnan(cols["value_accuracy"][0])  # null: no value measured in that interval
    assert "opponent" not in data.metrics_columns(records)  # text fields are not columns
    (tmp_path / "metrics.jsonl").write_text('{"a": 1}\nnot json\n{"a": 2}\n')
    with pytest.raises(ValueError, match=":2"):
        data.read_metrics(str(tmp_path))
    with pytest.raises(FileNotFoundError):
        data.read_metrics(str(tmp_path / "nowhere"))


def test_ladder_tables_and_curves(tmp_path):
    (tmp_path / "ladder.csv").write_text(
        "step,elo,elo_low,elo_high,opponent\n20,50,10,90,alphabeta\n10,-30,-80,20,alphabeta\n")
    table = data.read_ladder(str(tmp_path))
    assert table["opponent"].tolist() == ["alphabeta"] * 2
    curve = data.ladder_curve(table)
    np.testing.assert_array_equal(curve["step"], [10, 20])  # sorted by step
    np.testing.assert_array_equal(curve["elo"], [-30, 50])
    np.testing.assert_array_equal(curve["low"], [-80, 10])
    half = data.ladder_curve({"step": np.array([1.0]), "elo": np.array([5.0]),
                              "elo_ci": np.array([2.0])})
    assert half["low"][0] == 3 and half["high"][0] == 7
    with pytest.raises(ValueError, match="elo"):
        data.ladder_curve({"step": np.array([1.0]), "rating": np.array([5.0])})
    (tmp_path / "ladder.json").write_text('{"rows": [{"step": 10, "elo": 1}]}')
    assert data.read_ladder_json(str(tmp_path))["rows"][0]["elo"] == 1
    (tmp_path / "ladder.csv").write_text("step,elo\n")
    with pytest.raises(ValueError, match="empty"):
        data.read_ladder(str(tmp_path))


def write_shard(path, name, planes, height, width, actions, players, slots, records, games=1):
    """A version-1 shard, byte by byte from the docs/formats.md table."""
    name_bytes = name.encode()
    header_bytes = (80 + len(name_bytes) + 7) // 8 * 8
    record_bytes = 24 + 4 * (players + planes * height * width + 2 * slots)
    body = b""
    for r in records:
        body += struct.pack("<Qiiii", r["game_id"], r["ply"], r["player"], len(r["policy"]), 0)
        body += struct.pack(f"<{players}f", *r["values"])
        body += np.asarray(r["observation"], dtype="<f4").tobytes()
        idx = [i for i, _ in r["policy"]] + [-1] * (slots - len(r["policy"]))
        prob = [p for _, p in r["policy"]] + [0.0] * (slots - len(r["policy"]))
        body += struct.pack(f"<{slots}i", *idx) + struct.pack(f"<{slots}f", *prob)
    assert len(body) == record_bytes * len(records)
    header = bytearray(header_bytes)
    header[0:8] = b"HZSHARD\0"
    struct.pack_into("<II3iiiiQIIIIII", header, 8, 1, header_bytes, planes, height, width, actions,
                     players, slots, len(records), games, record_bytes, len(name_bytes),
                     zlib.crc32(body), 0, 0)
    struct.pack_into("<Q", header, 72, max(r["game_id"] for r in records) + 1 if records else 0)
    header[80:80 + len(name_bytes)] = name_bytes
    struct.pack_into("<I", header, 64, zlib.crc32(bytes(header)))
    with open(path, "wb") as f:
        f.write(bytes(header) + body)


def sample_records(n, planes=2, h=3, w=3, seed=0, first_game=7):
    rng = np.random.default_rng(seed)
    return [{"game_id": first_game + i // 3, "ply": i % 3, "player": i % 2, "values": [1.0, -1.0],
             "observation": rng.random((planes, h, w)),
             "policy": [(i % 5, 0.75), (9, 0.25)]} for i in range(n)]


def test_shards_read_back_what_was_written(tmp_path):
    os.makedirs(tmp_path / "shards")
    a, b = sample_records(4), sample_records(3, seed=1, first_game=9)  # a holds games 7 and 8
    write_shard(tmp_path / "shards" / "shard_000000.bin", "toy(size=3)", 2, 3, 3, 10, 2, 3, a)
    write_shard(tmp_path / "shards" / "shard_000001.bin", "toy(size=3)", 2, 3, 3, 10, 2, 2, b)
    one = data.read_shard(str(tmp_path / "shards" / "shard_000000.bin"))
    assert one["game"] == "toy(size=3)" and one["observation_shape"] == (2, 3, 3)
    assert one["next_game_id"] == 7 + 3 // 3 + 1  # records of games 7 and 8
    assert one["records"]["policy_count"].tolist() == [2] * 4
    everything = data.read_shards(str(tmp_path))
    assert everything["observation"].shape == (7, 2, 3, 3)
    np.testing.assert_allclose(everything["observation"][4],
                               np.asarray(b[0]["observation"], np.float32))
    assert everything["policy_index"].shape == (7, 3)  # the wider shard's slots
    assert everything["policy_index"][4].tolist() == [0, 9, -1]
    dense = data.dense_policies(everything)
    assert dense.shape == (7, 10)
    np.testing.assert_allclose(dense.sum(1), 1.0)
    assert dense[1, 1] == 0.75 and dense[1, 9] == 0.25
    np.testing.assert_array_equal(data.dense_policies(one), dense[:4])


def test_corrupt_shards_are_named(tmp_path):
    path = tmp_path / "shard_000000.bin"
    write_shard(path, "toy", 2, 3, 3, 10, 2, 3, sample_records(2))
    raw = bytearray(path.read_bytes())
    raw[-1] ^= 0xFF
    path.write_bytes(bytes(raw))
    with pytest.raises(ValueError, match="checksum"):
        data.read_shard(str(path))
    path.write_bytes(bytes(raw[:-10]))
    with pytest.raises(ValueError, match="shard_000000.bin"):
        data.read_shard(str(path))
    path.write_bytes(b"NOTSHARD" + bytes(100))
    with pytest.raises(ValueError, match="magic"):
        data.read_shard(str(path))
    with pytest.raises(FileNotFoundError):
        data.read_shards(str(tmp_path / "empty"))


def test_list_checkpoints(tmp_path):
    for name in ("ckpt_000010.pt", "ckpt_000002.pt", "ckpt_latest.pt", "other.pt"):
        (tmp_path / name).write_bytes(b"")
    steps = [s for s, _ in data.list_checkpoints(str(tmp_path))]
    assert steps == [2, 10]


def _sealed(text):
    """JSON text with its "crc32": "00000000" placeholder filled in (docs/formats.md)."""
    return text.replace('"00000000"', '"%08x"' % zlib.crc32(text.encode()))


def test_metrics_lines_of_versions_1_and_2_are_read_and_3_is_refused(tmp_path):
    # Version 1 wrote numbers with 6 significant digits ("games":1.23457e+06), version 2
    # (nlohmann-json) writes them in full and counts as integers; both read the same way.
    v1 = _sealed('{"metrics_version":1,"kind":"train","step":5,"games":1.23457e+06,'
                 '"crc32":"00000000"}')
    v2 = _sealed('{"metrics_version":2,"kind":"train","step":10,"games":1234567,'
                 '"loss":0.12345678901,"crc32":"00000000"}')
    path = tmp_path / "metrics.jsonl"
    path.write_text(v1 + "\n" + v2 + "\n")
    records = data.read_metrics(str(path))
    assert [r["step"] for r in records] == [5, 10]
    assert records[0]["games"] == 1234570.0 and records[1]["games"] == 1234567
    assert records[1]["loss"] == 0.12345678901
    v3 = _sealed('{"metrics_version":3,"kind":"train","step":15,"crc32":"00000000"}')
    path.write_text(v2 + "\n" + v3 + "\n")
    with pytest.raises(ValueError, match=r"metrics.jsonl:2: metrics format version 3 is not"):
        data.read_metrics(str(path))


def test_match_reports_of_versions_1_and_2_are_read_and_3_is_refused(tmp_path):
    # Version 1 (no "format" and "version" fields) and version 2 (nlohmann-json) of
    # `hopzero match --out` hold the same fields (docs/formats.md, Match reports).
    agent = {"spec": "greedy", "games": 4, "wins": 3, "draws": 0, "losses": 1, "score": 0.75}
    (tmp_path / "a.final.json").write_text(json.dumps({"agents": [agent]}))
    (tmp_path / "b.final.json").write_text(json.dumps(
        {"format": "hopzero-match", "version": 2, "agents": [agent]}))
    results = data.read_strength_results(str(tmp_path))
    assert results["a"]["final"]["wins"] == results["b"]["final"]["wins"] == 3
    (tmp_path / "c.final.json").write_text(json.dumps(
        {"format": "hopzero-match", "version": 3, "agents": [agent]}))
    with pytest.raises(ValueError, match="c.final.json: match report version 3 is not supported"):
        data.read_strength_results(str(tmp_path))
    # A match killed before its last game (its report says complete: false) is refused.
    (tmp_path / "c.final.json").write_text(json.dumps(
        {"format": "hopzero-match", "version": 2, "agents": [agent], "complete": False,
         "games_played": 4, "games_requested": 200}))
    with pytest.raises(ValueError, match=r"c.final.json: the match did not finish .* 4 of 200"):
        data.read_strength_results(str(tmp_path))


@pytest.mark.parametrize("version", [1, 2])
def test_ladder_json_version_and_checksum_are_checked(tmp_path, version):
    # Version 1 (numbers with 10 significant digits) and version 2 (nlohmann-json) hold the
    # same fields; both are read.
    template = ('{\n  "format": "hopzero-ladder",\n  "version": %d,\n  "players": [],\n'
                '  "matches": [{"a": 0, "b": 1, "wins": 3}],\n  "crc32": "00000000"\n}' % version)
    text = _sealed(template)
    path = tmp_path / "ladder.json"
    path.write_text(text)
    assert data.read_ladder_json(str(tmp_path))["matches"][0]["wins"] == 3
    path.write_text(text.replace('"wins": 3', '"wins": 4'))
    with pytest.raises(ValueError, match="ladder.json: checksum mismatch"):
        data.read_ladder_json(str(tmp_path))
    path.write_text(_sealed(template.replace('"version": %d' % version, '"version": 3')))
    with pytest.raises(ValueError, match="version 3 is not supported"):
        data.read_ladder_json(str(tmp_path))


def test_policy_target_entropy_by_hand(tmp_path):
    # Target (0.75, 0.25): entropy 0.75 ln(4/3) + 0.25 ln 4 = 0.215762 + 0.346574 = 0.562335
    # nats; a uniform target over its 2 entries has ln 2 = 0.693147. One certain move: 0 and 0.
    # A fast search (no policy target) gives NaN.
    samples = {"policy_index": np.array([[0, 9, -1], [3, -1, -1], [1, 2, 4]], np.int32),
               "policy_prob": np.array([[0.75, 0.25, 0], [1, 0, 0], [1 / 3] * 3], np.float32),
               "policy_target": np.array([True, True, False])}
    e = data.policy_target_entropy(samples)
    np.testing.assert_allclose(e["entropy"][:2], [0.562335, 0.0], atol=1e-6)
    np.testing.assert_allclose(e["uniform"][:2], [0.693147, 0.0], atol=1e-6)
    assert np.isnan(e["entropy"][2]) and np.isnan(e["uniform"][2])
    # The same from one shard file (every record's target is (i % 5, 0.75), (9, 0.25)).
    os.makedirs(tmp_path / "shards")
    write_shard(tmp_path / "shards" / "shard_000000.bin", "toy", 2, 3, 3, 10, 2, 3,
                sample_records(3))
    one = data.policy_target_entropy(data.read_shard(str(tmp_path / "shards" / "shard_000000.bin")))
    np.testing.assert_allclose(one["entropy"], [0.562335] * 3, atol=1e-6)
