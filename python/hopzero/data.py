"""Readers for what a training run writes: metrics, sample shards, ladder tables.

Everything returns plain dicts or numpy arrays. A torn last metrics line (a run killed while
writing) is dropped with a warning; any other malformed line raises ValueError naming the file
and line.
"""

from __future__ import annotations

import csv
import glob
import json
import os
import struct
import warnings
import zlib

import numpy as np

__all__ = [
    "read_metrics", "metrics_columns", "read_ladder", "list_checkpoints", "read_shard",
    "read_shards", "shard_dtype",
]


def read_metrics(run_dir: str) -> list[dict]:
    """Every record of ``run_dir/metrics.jsonl`` as a dict, in order."""
    path = os.path.join(run_dir, "metrics.jsonl") if os.path.isdir(run_dir) else run_dir
    if not os.path.exists(path):
        raise FileNotFoundError(f"no metrics file at {path}")
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    records = []
    last = max((i for i, line in enumerate(lines) if line.strip()), default=-1)
    for i, line in enumerate(lines):
        if not line.strip():
            continue
        try:
            records.append(json.loads(line))
        except json.JSONDecodeError as e:
            if i == last and not line.endswith("}"):
                warnings.warn(f"{path}:{i + 1}: dropping a torn last line")
                continue
            raise ValueError(f"{path}:{i + 1}: not a JSON metrics line: {e}") from None
    return records


def metrics_columns(records: list[dict], kind: str | None = None) -> dict[str, np.ndarray]:
    """Column arrays from metrics records (optionally only those with ``"kind": kind``).
    Missing values are NaN."""
    if kind is not None:
        records = [r for r in records if r.get("kind") == kind]
    keys = sorted({k for r in records for k, v in r.items() if isinstance(v, (int, float))})
    return {k: np.array([float(r.get(k, np.nan)) for r in records]) for k in keys}


def read_ladder(run_dir: str) -> dict[str, np.ndarray]:
    """The ladder table (``run_dir/ladder.csv``) as column arrays; text columns stay strings."""
    path = os.path.join(run_dir, "ladder.csv") if os.path.isdir(run_dir) else run_dir
    with open(path, encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    if not rows:
        raise ValueError(f"{path}: the ladder table is empty")
    out = {}
    for key in rows[0]:
        values = [r[key] for r in rows]
        try:
            out[key] = np.array([float(v) for v in values])
        except ValueError:
            out[key] = np.array(values)
    return out


def list_checkpoints(run_dir: str) -> list[tuple[int, str]]:
    """(step, path) of every checkpoint ``ckpt_NNNNNN.pt`` in a run, by step."""
    out = []
    for path in glob.glob(os.path.join(run_dir, "ckpt_*.pt")):
        stem = os.path.basename(path)[5:-3]
        if stem.isdigit():
            out.append((int(stem), path))
    return sorted(out)


SHARD_MAGIC = b"HZSHARD\0"
SHARD_VERSION = 1
_SHARD_FIXED_HEADER = 80


def shard_dtype(planes: int, height: int, width: int, num_players: int, slots: int) -> np.dtype:
    """The numpy record type of one shard record (docs/formats.md)."""
    return np.dtype([
        ("game_id", "<u8"), ("ply", "<i4"), ("player", "<i4"), ("policy_count", "<i4"),
        ("reserved", "<i4"), ("values", "<f4", (num_players,)),
        ("observation", "<f4", (planes, height, width)), ("policy_index", "<i4", (slots,)),
        ("policy_prob", "<f4", (slots,)),
    ])


def read_shard(path: str) -> dict:
    """One sample shard (``RUN/shards/shard_NNNNNN.bin``) as a dict: header fields (``game``,
    ``observation_shape``, ``num_actions``, ``num_players``, ``policy_slots``, ``games``) and the
    records as a numpy structured array under ``records``. Raises ValueError naming the file if it
    is truncated, corrupt or of another version."""
    with open(path, "rb") as f:
        data = f.read()
    if len(data) < _SHARD_FIXED_HEADER:
        raise ValueError(f"shard {path}: truncated ({len(data)} bytes, shorter than a header)")
    if data[:8] != SHARD_MAGIC:
        raise ValueError(f"shard {path}: not a hopzero shard (bad magic)")
    (version, header_bytes, planes, height, width, num_actions, num_players, slots, count, games,
     record_bytes, name_bytes, records_crc, header_crc) = struct.unpack_from("<IIiiiiiiQIIIII", data, 8)
    if version != SHARD_VERSION:
        raise ValueError(f"shard {path}: format version {version} is not supported")
    if len(data) < header_bytes or name_bytes > header_bytes - _SHARD_FIXED_HEADER:
        raise ValueError(f"shard {path}: truncated or corrupt header")
    header = bytearray(data[:header_bytes])
    header[64:68] = b"\0\0\0\0"
    if zlib.crc32(bytes(header)) != header_crc:
        raise ValueError(f"shard {path}: header checksum mismatch")
    dtype = shard_dtype(planes, height, width, num_players, slots)
    if dtype.itemsize != record_bytes:
        raise ValueError(f"shard {path}: record size {record_bytes}, expected {dtype.itemsize}")
    expected = header_bytes + count * record_bytes
    if len(data) != expected:
        raise ValueError(f"shard {path}: {len(data)} bytes, the header promises {expected}")
    if zlib.crc32(data[header_bytes:]) != records_crc:
        raise ValueError(f"shard {path}: record checksum mismatch (the file is corrupt)")
    return {
        "game": data[80:80 + name_bytes].decode("utf-8"),
        "next_game_id": struct.unpack_from("<Q", data, 72)[0],
        "observation_shape": (planes, height, width),
        "num_actions": num_actions,
        "num_players": num_players,
        "policy_slots": slots,
        "games": games,
        "records": np.frombuffer(data, dtype, count, offset=header_bytes),
    }


def read_shards(run_dir: str) -> dict:
    """Every shard of a run, concatenated in shard order: ``observation`` (N, C, H, W),
    ``values`` (N, players, by seat), ``policy_index``/``policy_prob`` (N, K; K the widest shard,
    unused slots -1/0), ``game_id``, ``ply``, ``player``, plus ``game`` and ``num_actions``."""
    paths = sorted(glob.glob(os.path.join(run_dir, "shards", "shard_*.bin")))
    if not paths:
        raise FileNotFoundError(f"no shards in {os.path.join(run_dir, 'shards')}")
    shards = [read_shard(p) for p in paths]
    width = max(s["policy_slots"] for s in shards)
    out = {"game": shards[0]["game"], "num_actions": shards[0]["num_actions"]}
    for s, p in zip(shards, paths):
        if s["game"] != out["game"]:
            raise ValueError(f"shard {p}: game {s['game']}, the run's first shard has {out['game']}")
    for key in ("observation", "values", "game_id", "ply", "player"):
        out[key] = np.concatenate([s["records"][key] for s in shards])
    for key, fill in (("policy_index", -1), ("policy_prob", 0.0)):
        parts = []
        for s in shards:
            a = s["records"][key]
            pad = np.full((a.shape[0], width - a.shape[1]), fill, dtype=a.dtype)
            parts.append(np.concatenate([a, pad], axis=1))
        out[key] = np.concatenate(parts)
    return out
