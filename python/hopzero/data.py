"""Readers for what a training run writes: metrics, sample shards, ladder tables.

Everything returns plain dicts or numpy arrays. A torn last metrics line (a run killed while
writing) is dropped with a warning; any other malformed line, or one whose checksum does not
match, raises ValueError naming the file and line. Metrics lines and ladder.json carry a format
version and a CRC-32 ("crc32": 8 hex digits, the CRC of the text with those digits zeroed;
docs/formats.md).
"""

from __future__ import annotations

import csv
import glob
import json
import os
import re
import struct
import warnings
import zlib

import numpy as np

from ._files import read_regular_file

__all__ = [
    "read_metrics", "metrics_columns", "read_ladder", "read_ladder_json", "ladder_curve",
    "list_checkpoints", "read_shard", "read_shards", "shard_dtype", "dense_policies",
    "json_checksum", "read_strength_results",
]


# Versions read (docs/formats.md): version 2 of each is written through nlohmann-json; version 1
# holds the same fields with numbers of fewer digits.
METRICS_VERSIONS = (1, 2)
LADDER_VERSIONS = (1, 2)
MATCH_REPORT_VERSIONS = (1, 2)  # version 1 has no "version" field
_CRC_FIELD = re.compile(r'"crc32"\s*:\s*"([0-9a-fA-F]{8})"')


def json_checksum(text: str) -> bool | None:
    """Whether JSON text's last ``"crc32"`` field matches the text (None when it has none)."""
    found = None
    for found in _CRC_FIELD.finditer(text):
        pass
    if found is None:
        return None
    zeroed = text[:found.start(1)] + "00000000" + text[found.end(1):]
    return zlib.crc32(zeroed.encode("utf-8")) == int(found.group(1), 16)


def read_metrics(run_dir: str) -> list[dict]:
    """Every record of ``run_dir/metrics.jsonl`` as a dict, in order."""
    path = os.path.join(run_dir, "metrics.jsonl") if os.path.isdir(run_dir) else run_dir
    if not os.path.exists(path):
        raise FileNotFoundError(f"no metrics file at {path}")
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    records = []
    checksummed = False
    last = max((i for i, line in enumerate(lines) if line.strip()), default=-1)
    for i, line in enumerate(lines):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as e:
            if i == last and not line.endswith("}"):
                warnings.warn(f"{path}:{i + 1}: dropping a torn last line")
                continue
            raise ValueError(f"{path}:{i + 1}: not a JSON metrics line: {e}") from None
        if not isinstance(record, dict):
            raise ValueError(f"{path}:{i + 1}: not a JSON object")
        version = record.pop("metrics_version", None)
        checksum = json_checksum(line)
        # Lines of runs before the version (and checksum) was added have neither, and come
        # before every line that has them.
        if version is not None and version not in METRICS_VERSIONS:
            raise ValueError(f"{path}:{i + 1}: metrics format version {version} is not "
                             f"supported (this reader reads versions {METRICS_VERSIONS})")
        if checksum is False or (checksum is None and (version is not None or checksummed)):
            raise ValueError(f"{path}:{i + 1}: checksum mismatch or missing (the line is corrupt)")
        checksummed = checksummed or checksum is True
        record.pop("crc32", None)
        records.append(record)
    return records


def metrics_columns(records: list[dict], kind: str | None = None) -> dict[str, np.ndarray]:
    """Column arrays from metrics records (optionally only those with ``"kind": kind``).
    Missing and null values are NaN; text fields are left out."""
    if kind is not None:
        records = [r for r in records if r.get("kind") == kind]
    keys = sorted({k for r in records for k, v in r.items()
                   if isinstance(v, (int, float)) or v is None})

    def number(value):
        return np.nan if value is None or not isinstance(value, (int, float)) else float(value)

    return {k: np.array([number(r.get(k)) for r in records]) for k in keys}


def read_ladder(run_dir: str) -> dict[str, np.ndarray]:
    """The ladder table (``run_dir/ladder.csv``) as column arrays; text columns stay strings."""
    path = os.path.join(run_dir, "ladder.csv") if os.path.isdir(run_dir) else run_dir
    return _read_csv_columns(path, "ladder table")


def _read_csv_columns(path: str, what: str) -> dict[str, np.ndarray]:
    """A CSV file as column arrays (numbers where every cell is one, else strings); ValueError
    naming the file and ``what`` it should hold when it has no rows."""
    with open(path, encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    if not rows:
        raise ValueError(f"{path}: the {what} is empty")
    out = {}
    for key in rows[0]:
        values = [r[key] for r in rows]
        try:
            out[key] = np.array([float(v) for v in values])
        except ValueError:
            out[key] = np.array(values)
    return out


def read_ladder_json(run_dir: str) -> dict | list:
    """The ladder summary (``run_dir/ladder.json``) as parsed JSON."""
    path = os.path.join(run_dir, "ladder.json") if os.path.isdir(run_dir) else run_dir
    with open(path, encoding="utf-8") as f:
        text = f.read()
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise ValueError(f"{path}: not JSON: {e}") from None
    if isinstance(data, dict) and data.get("format") == "hopzero-ladder":
        if data.get("version") not in LADDER_VERSIONS:
            raise ValueError(f"{path}: ladder format version {data.get('version')} is not supported "
                             f"(this reader reads versions {LADDER_VERSIONS})")
        if json_checksum(text) is not True:
            raise ValueError(f"{path}: checksum mismatch or missing (the file is corrupt)")
    return data


_STEP_COLUMNS = ("step", "checkpoint_step", "steps")
_INTERVAL_COLUMNS = (("elo_low", "elo_high"), ("elo_lo", "elo_hi"), ("elo_min", "elo_max"),
                     ("ci_low", "ci_high"), ("low", "high"))
_HALF_WIDTH_COLUMNS = ("elo_ci", "elo_error", "elo_err", "elo_95", "ci95", "error")


def ladder_curve(table: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """Elo by training step from a ladder table (read_ladder): ``step``, ``elo``, ``low`` and
    ``high`` (the 95% interval; equal to elo when the table has none), sorted by step. Column
    names are looked up among the usual spellings; ValueError lists the columns when none fit."""
    step = next((c for c in _STEP_COLUMNS if c in table), None)
    if step is None or "elo" not in table:
        raise ValueError(f"a ladder table needs a step and an elo column; it has {sorted(table)}")
    elo = np.asarray(table["elo"], dtype=float)
    low = high = elo
    for lo_name, hi_name in _INTERVAL_COLUMNS:
        if lo_name in table and hi_name in table:
            low, high = (np.asarray(table[lo_name], dtype=float),
                         np.asarray(table[hi_name], dtype=float))
            break
    else:
        half = next((c for c in _HALF_WIDTH_COLUMNS if c in table), None)
        if half is not None:
            low, high = elo - np.asarray(table[half], float), elo + np.asarray(table[half], float)
    order = np.argsort(np.asarray(table[step], dtype=float), kind="stable")
    return {"step": np.asarray(table[step], dtype=float)[order], "elo": elo[order],
            "low": low[order], "high": high[order]}


def read_strength_results(results_dir: str) -> dict[str, dict]:
    """The results of experiments/strength_vs_alphabeta (or any folder laid out the same way),
    by run name: ``curve`` (ladder_curve of ``NAME.ladder.csv`` plus ``hours`` and ``games``,
    the training wall time and self-play games at each rated step, interpolated in
    ``NAME.metrics.csv``; None without a ladder) and ``final`` (the final match's first agent
    from ``NAME.final.json``: wins, draws, losses, games, score, and the Elo interval; None
    without a match). Names come from the files present."""
    names = set()
    for suffix in (".ladder.csv", ".final.json"):
        names |= {os.path.basename(p)[:-len(suffix)]
                  for p in glob.glob(os.path.join(results_dir, "*" + suffix))}
    out = {}
    for name in sorted(names):
        base = os.path.join(results_dir, name)
        curve = final = None
        if os.path.exists(base + ".ladder.csv"):
            curve = ladder_curve(read_ladder(base + ".ladder.csv"))
            if os.path.exists(base + ".metrics.csv"):
                m = _read_csv_columns(base + ".metrics.csv", "metrics table")
                order = np.argsort(np.asarray(m["step"], float))
                steps = np.asarray(m["step"], float)[order]
                curve["hours"] = np.interp(curve["step"], steps,
                                           np.asarray(m["time"], float)[order]) / 3600.0
                curve["games"] = np.interp(curve["step"], steps,
                                           np.asarray(m["games"], float)[order])
        if os.path.exists(base + ".final.json"):
            with open(base + ".final.json", encoding="utf-8") as f:
                match = json.load(f)
            if match.get("version", 1) not in MATCH_REPORT_VERSIONS:
                raise ValueError(f"{base}.final.json: match report version {match['version']} is "
                                 f"not supported (this reader reads versions "
                                 f"{MATCH_REPORT_VERSIONS})")
            if match.get("complete") is False:
                raise ValueError(f"{base}.final.json: the match did not finish (complete: false,"
                                 f" {match.get('games_played')} of "
                                 f"{match.get('games_requested')} games)")
            agent, elo = match["agents"][0], match.get("elo_difference") or {}
            final = {k: agent[k] for k in ("wins", "draws", "losses", "games", "score")}
            final.update(spec=agent["spec"], elo=elo.get("elo"), elo_low=elo.get("elo_low"),
                         elo_high=elo.get("elo_high"))
        out[name] = {"curve": curve, "final": final}
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
SHARD_VERSION = 2  # written by this build; versions 1 and 2 are read
MAX_SHARD_BYTES = 16 << 30  # the C++ readers' bound (selfplay/shards.h)
MAX_PLAYERS = 6  # kMaxPlayers (games/game.h)
_SHARD_FIXED_HEADER = 80
NO_POLICY_TARGET = 1  # record flag: a fast search (playout cap randomization), value target only


def shard_dtype(planes: int, height: int, width: int, num_players: int, slots: int,
                version: int = SHARD_VERSION) -> np.dtype:
    """The numpy record type of one shard record (docs/formats.md). Version 2 added
    ``search_values`` and turned the reserved word into ``flags``."""
    if version == 1:
        head = [("flags", "<u4"), ("values", "<f4", (num_players,))]
    else:
        head = [("flags", "<u4"), ("values", "<f4", (num_players,)),
                ("search_values", "<f4", (num_players,))]
    return np.dtype([
        ("game_id", "<u8"), ("ply", "<i4"), ("player", "<i4"), ("policy_count", "<i4"), *head,
        ("observation", "<f4", (planes, height, width)), ("policy_index", "<i4", (slots,)),
        ("policy_prob", "<f4", (slots,)),
    ])


def read_shard(path: str) -> dict:
    """One sample shard (``RUN/shards/shard_NNNNNN.bin``) as a dict: header fields (``game``,
    ``observation_shape``, ``num_actions``, ``num_players``, ``policy_slots``, ``games``) and the
    records as a numpy structured array under ``records``. Raises ValueError naming the file if it
    is truncated, corrupt or of another version."""
    data = read_regular_file(path, MAX_SHARD_BYTES, "shard")
    if len(data) < _SHARD_FIXED_HEADER:
        raise ValueError(f"shard {path}: truncated ({len(data)} bytes, shorter than a header)")
    if data[:8] != SHARD_MAGIC:
        raise ValueError(f"shard {path}: not a hopzero shard (bad magic)")
    (version, header_bytes, planes, height, width, num_actions, num_players, slots, count, games,
     record_bytes, name_bytes, records_crc, header_crc) = struct.unpack_from("<IIiiiiiiQIIIII", data, 8)
    if version not in (1, 2):
        raise ValueError(f"shard {path}: format version {version} is not supported")
    if (header_bytes < _SHARD_FIXED_HEADER or header_bytes > 1 << 20 or len(data) < header_bytes
            or name_bytes > header_bytes - _SHARD_FIXED_HEADER):
        raise ValueError(f"shard {path}: truncated or corrupt header")
    header = bytearray(data[:header_bytes])
    header[64:68] = b"\0\0\0\0"
    if zlib.crc32(bytes(header)) != header_crc:
        raise ValueError(f"shard {path}: header checksum mismatch")
    # The C++ reader's bounds (selfplay/shards.cpp), checked before sizes are computed from them.
    dims_ok = all(0 < d <= 1 << 12 for d in (planes, height, width))
    if (not dims_ok or planes * height * width > 1 << 24 or not 0 < num_actions <= 1 << 24
            or not 0 < num_players <= MAX_PLAYERS or not 0 < slots <= num_actions):
        raise ValueError(f"shard {path}: corrupt header (shape or counts out of range)")
    dtype = shard_dtype(planes, height, width, num_players, slots, version)
    if dtype.itemsize != record_bytes:
        raise ValueError(f"shard {path}: record size {record_bytes}, expected {dtype.itemsize}")
    expected = header_bytes + count * record_bytes
    if len(data) != expected:
        raise ValueError(f"shard {path}: {len(data)} bytes, the header promises {expected}")
    if zlib.crc32(data[header_bytes:]) != records_crc:
        raise ValueError(f"shard {path}: record checksum mismatch (the file is corrupt)")
    records = np.frombuffer(data, dtype, count, offset=header_bytes)
    _check_shard_records(path, records, num_actions, num_players, slots)
    return {
        "version": version,
        "game": data[80:80 + name_bytes].decode("utf-8"),
        "next_game_id": struct.unpack_from("<Q", data, 72)[0],
        "observation_shape": (planes, height, width),
        "num_actions": num_actions,
        "num_players": num_players,
        "policy_slots": slots,
        "games": games,
        "records": records,
    }


def _check_shard_records(path, records, num_actions: int, num_players: int, slots: int) -> None:
    """The C++ reader's record checks (selfplay/shards.cpp), naming the first bad record."""
    def first(bad, why):
        rows = np.flatnonzero(bad)
        if rows.size:
            r = int(rows[0])
            raise ValueError(f"shard {path}: record {r} (game {int(records['game_id'][r])}, ply "
                             f"{int(records['ply'][r])}) {why}")

    counts = records["policy_count"]
    first((counts < 0) | (counts > slots), f"has a policy count outside [0, {slots}]")
    first((records["player"] < 0) | (records["player"] >= num_players),
          f"has a player outside [0, {num_players})")
    used = np.arange(slots)[None, :] < counts[:, None]
    index = records["policy_index"]
    first(np.any(used & ((index < 0) | (index >= num_actions)), axis=1),
          f"has a policy index outside [0, {num_actions})")
    first(~np.all(np.isfinite(records["values"]), axis=1), "has a non-finite value")
    if "search_values" in records.dtype.names:
        first(~np.all(np.isfinite(records["search_values"]), axis=1),
              "has a non-finite search value")
    first(~np.all(np.isfinite(records["observation"].reshape(len(records), -1)), axis=1),
          "has a non-finite observation")
    share = records["policy_prob"]
    first(np.any(used & ~((share >= 0) & (share <= 1)), axis=1),
          "has a policy share that is not in [0, 1]")


def read_shards(run_dir: str) -> dict:
    """Every shard of a run, concatenated in shard order: ``observation`` (N, C, H, W),
    ``values`` and ``search_values`` (N, players, by seat; a version-1 shard's search values are
    its values), ``policy_target`` (N, bool), ``policy_index``/``policy_prob`` (N, K; K the widest
    shard, unused slots -1/0), ``game_id``, ``ply``, ``player``, plus ``game`` and
    ``num_actions``."""
    paths = sorted(glob.glob(os.path.join(run_dir, "shards", "shard_*.bin")))
    if not paths:
        raise FileNotFoundError(f"no shards in {os.path.join(run_dir, 'shards')}")
    shards = [read_shard(p) for p in paths]
    width = max(s["policy_slots"] for s in shards)
    out = {"game": shards[0]["game"], "num_actions": shards[0]["num_actions"]}
    shard_of_game = {}
    for s, p in zip(shards, paths):
        if s["game"] != out["game"]:
            raise ValueError(f"shard {p}: game {s['game']}, the run's first shard has {out['game']}")
        for game_id in np.unique(s["records"]["game_id"]).tolist():
            other = shard_of_game.setdefault(game_id, p)
            if other != p:  # a shard copied to a second name would count its games twice
                raise ValueError(f"shards {other} and {p} both hold game {game_id}")
    for key in ("observation", "values", "game_id", "ply", "player"):
        out[key] = np.concatenate([s["records"][key] for s in shards])
    out["search_values"] = np.concatenate([
        s["records"]["search_values" if s["version"] >= 2 else "values"] for s in shards])
    out["policy_target"] = np.concatenate([
        (s["records"]["flags"] & NO_POLICY_TARGET) == 0 for s in shards])
    for key, fill in (("policy_index", -1), ("policy_prob", 0.0)):
        parts = []
        for s in shards:
            a = s["records"][key]
            pad = np.full((a.shape[0], width - a.shape[1]), fill, dtype=a.dtype)
            parts.append(np.concatenate([a, pad], axis=1))
        out[key] = np.concatenate(parts)
    return out


def _sparse_policies(samples: dict) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(policy_index, policy_prob, has a policy target) of read_shard() output (one shard: its
    "records") or of read_shards() output (samples of many shards)."""
    if "records" in samples:  # one shard
        r = samples["records"]
        return (r["policy_index"], r["policy_prob"],
                (r["flags"] & NO_POLICY_TARGET) == 0)
    return samples["policy_index"], samples["policy_prob"], samples["policy_target"]


def dense_policies(samples: dict) -> np.ndarray:
    """The sparse policies of read_shards()/read_shard() records as a dense (N, num_actions)
    float32 array indexed by canonical policy index."""
    index, prob, _ = _sparse_policies(samples)
    num_actions = samples["num_actions"]
    out = np.zeros((index.shape[0], num_actions), dtype=np.float32)
    rows, slots = np.nonzero(index >= 0)
    if np.any(index[rows, slots] >= num_actions):
        raise ValueError(f"policy index out of range [0, {num_actions})")
    np.add.at(out, (rows, index[rows, slots]), prob[rows, slots])
    return out


def policy_target_entropy(samples: dict) -> dict[str, np.ndarray]:
    """Per sample of read_shards()/read_shard() records: ``entropy``, the entropy (nats) of its
    policy target, and ``uniform``, the entropy of a uniform target over the same entries (log of
    their count: every legal move, docs/formats.md). A target far below uniform from the first
    games on, while the network is still new, means the search copied a sharp initial prior
    (experiments/multiplayer_vs_brs/README.md). Samples without a policy target (playout-cap
    fast searches) get NaN in both."""
    index, prob, has_target = _sparse_policies(samples)
    p = np.where(index >= 0, prob, 0.0).astype(np.float64)
    logs = np.log(np.where(p > 0, p, 1.0))
    entropy = -(p * logs).sum(axis=1)
    uniform = np.log(np.maximum((index >= 0).sum(axis=1), 1).astype(np.float64))
    entropy[~has_target] = np.nan
    uniform[~has_target] = np.nan
    return {"entropy": entropy, "uniform": uniform}
