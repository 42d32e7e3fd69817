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
import warnings

import numpy as np

__all__ = ["read_metrics", "metrics_columns", "read_ladder", "list_checkpoints"]


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
