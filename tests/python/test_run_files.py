"""What `hopzero train` writes, read back from Python with numpy alone (docs/formats.md): sample
shards, metrics, checkpoints. Runs the tiny Alquerque config once (a few seconds)."""

import glob
import os
import struct
import subprocess
import zlib

import numpy as np
import pytest

import hopzero
from hopzero import data

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.path.join(ROOT, "build", "hopzero")


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory):
    if not os.path.exists(BINARY):
        pytest.skip("build/hopzero is not built")
    run = str(tmp_path_factory.mktemp("tiny_run"))
    subprocess.run([BINARY, "train", "--config", os.path.join(ROOT, "configs", "tiny_alquerque.yaml"),
                    "--run", run, "--set", "training.total_steps=10", "--set", "evaluation.games=0"],
                   check=True, capture_output=True, timeout=300)
    return run


def test_shards_hold_canonical_samples_of_the_game(run_dir):
    shards = data.read_shards(run_dir)
    game = hopzero.make("alquerque", max_plies=40)
    n = len(shards["ply"])
    assert n > 0
    assert shards["observation"].shape == (n,) + tuple(game.observation_shape())
    assert shards["values"].shape == (n, 2)
    np.testing.assert_allclose(shards["values"].sum(axis=1), 0, atol=1e-6)  # zero-sum, by seat
    used = shards["policy_index"] >= 0
    assert (shards["policy_index"] < game.num_actions()).all()
    np.testing.assert_allclose(np.where(used, shards["policy_prob"], 0).sum(axis=1), 1, atol=1e-5)
    # Position at ply 0 is the initial state: its observation and legal set are the game's own.
    first = np.flatnonzero(shards["ply"] == 0)[0]
    start = game.new_initial_state()
    np.testing.assert_array_equal(shards["observation"][first], start.observation())
    legal = sorted(start.policy_index(a) for a in start.legal_actions())
    assert sorted(shards["policy_index"][first][used[first]].tolist()) == legal


def test_shard_reader_rejects_damage(run_dir, tmp_path):
    path = sorted(glob.glob(os.path.join(run_dir, "shards", "shard_*.bin")))[0]
    raw = open(path, "rb").read()
    header_bytes = struct.unpack_from("<I", raw, 12)[0]
    assert zlib.crc32(raw[header_bytes:]) == struct.unpack_from("<I", raw, 60)[0]
    for name, bad in (("short.bin", raw[:-7]), ("flip.bin", raw[:-5] + bytes([raw[-5] ^ 1]) + raw[-4:]),
                      ("version.bin", raw[:8] + b"\x07" + raw[9:])):
        p = tmp_path / name
        p.write_bytes(bad)
        with pytest.raises(ValueError, match=name):
            data.read_shard(str(p))


def test_metrics_and_checkpoints_are_listed(run_dir):
    records = data.read_metrics(run_dir)
    steps = data.metrics_columns(records, "train")["step"]
    assert steps.tolist() == [5.0, 10.0]
    assert [s for s, _ in data.list_checkpoints(run_dir)] == [10]
    _, path = data.list_checkpoints(run_dir)[0]
    raw = open(path, "rb").read()
    assert raw[:8] == b"HZCKPT\0\0"
    crc, size = struct.unpack_from("<IQ", raw, 12)
    assert size == len(raw) - 24 and zlib.crc32(raw[24:]) == crc


def test_checkpoint_payload_opens_with_torch(run_dir):
    torch = pytest.importorskip("torch")
    import io
    _, path = data.list_checkpoints(run_dir)[-1]
    archive = torch.jit.load(io.BytesIO(open(path, "rb").read()[24:]))
    assert archive.step == 10 and archive.game == "alquerque"
    names = archive.network.names.split()
    assert names[0] == "stem.weight"
    stem = getattr(archive.network, "t0")
    assert tuple(stem.shape) == (8, 11, 3, 3)  # channels x planes x 3 x 3 of the tiny config


def test_metrics_lines_carry_a_version_and_a_checksum(run_dir, tmp_path):
    lines = open(os.path.join(run_dir, "metrics.jsonl"), encoding="utf-8").read().splitlines()
    assert len(lines) >= 2
    for line in lines:
        assert line.startswith('{"metrics_version":2,')
        assert data.json_checksum(line) is True
    records = data.read_metrics(run_dir)
    assert [r["step"] for r in records if r["kind"] == "train"][-1] == 10
    assert all("crc32" not in r and "metrics_version" not in r for r in records)
    # One changed value in a line that is not the last: an error naming the file and line.
    changed = list(lines)
    changed[0] = changed[0].replace('"kind":"train"', '"kind":"trAin"')
    assert changed[0] != lines[0]
    path = tmp_path / "metrics.jsonl"
    path.write_text("\n".join(changed) + "\n")
    with pytest.raises(ValueError, match=r"metrics.jsonl:1: checksum mismatch"):
        data.read_metrics(str(path))
