"""Helpers the notebooks share: finding the repository and the build, the quick mode used by the
tests, and finding or making a small training run.

Environment variables:
  HOPZERO_ROOT            the repository root (default: walk up from the current folder until a
                          folder holds CMakeLists.txt and python/hopzero)
  HOPZERO_BUILD           the build folder (default: ROOT/build)
  HOPZERO_NOTEBOOK_QUICK  "1" for a tiny, fast run of every notebook (the tests use it)
  HOPZERO_RUN             a training run folder to analyse instead of making one
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

__all__ = ["repo_root", "build_dir", "hopzero_binary", "quick", "commands", "find_run",
           "make_tiny_run", "setup_path"]


def repo_root(start: str | None = None) -> str:
    """The repository root: $HOPZERO_ROOT, or the first folder at or above ``start`` (default:
    the current folder) holding CMakeLists.txt and python/hopzero. FileNotFoundError if none."""
    env = os.environ.get("HOPZERO_ROOT")
    if env:
        if not os.path.isfile(os.path.join(env, "CMakeLists.txt")):
            raise FileNotFoundError(f"HOPZERO_ROOT={env} is not a hopzero checkout")
        return os.path.abspath(env)
    folder = os.path.abspath(start or os.getcwd())
    while True:
        if (os.path.isfile(os.path.join(folder, "CMakeLists.txt"))
                and os.path.isdir(os.path.join(folder, "python", "hopzero"))):
            return folder
        parent = os.path.dirname(folder)
        if parent == folder:
            raise FileNotFoundError("cannot find the hopzero repository above "
                                    f"{start or os.getcwd()}; set HOPZERO_ROOT")
        folder = parent


def setup_path(start: str | None = None) -> str:
    """Puts ROOT/python first on sys.path (so ``import hopzero`` finds the built module) and
    returns the root."""
    root = repo_root(start)
    path = os.path.join(root, "python")
    if path not in sys.path:
        sys.path.insert(0, path)
    return root


def build_dir(root: str | None = None) -> str:
    """$HOPZERO_BUILD or ROOT/build."""
    return os.path.abspath(os.environ.get("HOPZERO_BUILD") or
                           os.path.join(root or repo_root(), "build"))


def hopzero_binary(root: str | None = None) -> str:
    """Path of the built ``hopzero`` program; FileNotFoundError naming the build command if it
    is missing."""
    path = os.path.join(build_dir(root), "hopzero")
    if not os.access(path, os.X_OK):
        raise FileNotFoundError(f"{path} is missing: build with `make -C build hopzero`")
    return path


def quick() -> bool:
    """True when $HOPZERO_NOTEBOOK_QUICK is "1" (tiny settings for the tests)."""
    return os.environ.get("HOPZERO_NOTEBOOK_QUICK", "0") == "1"


def commands(root: str | None = None) -> list[str]:
    """The subcommands the built ``hopzero`` program offers (from its usage text)."""
    out = subprocess.run([hopzero_binary(root), "--help"], capture_output=True, text=True,
                         timeout=60)
    text = out.stdout + out.stderr
    names, in_list = [], False
    for line in text.splitlines():
        if line.strip() == "commands:":
            in_list = True
            continue
        if in_list:
            if not line.startswith("  "):
                break
            names.append(line.split()[0])
    return names


def find_run(game: str, root: str | None = None) -> str | None:
    """A run folder to analyse: $HOPZERO_RUN, else ROOT/runs/<game> when it holds metrics, else
    None."""
    env = os.environ.get("HOPZERO_RUN")
    if env:
        return env
    candidate = os.path.join(root or repo_root(), "runs", game)
    return candidate if os.path.isfile(os.path.join(candidate, "metrics.jsonl")) else None


def _config_for(game: str, root: str) -> str | None:
    for name in (f"tiny_{game}.yaml", f"{game}_tiny.yaml", "tiny.yaml", f"{game}.yaml"):
        path = os.path.join(root, "configs", name)
        if os.path.isfile(path):
            return path
    return None


def make_tiny_run(game: str, run_dir: str, overrides: list[str] | None = None,
                  root: str | None = None, timeout: float = 600) -> str | None:
    """Trains a tiny run with ``hopzero train --config F --run run_dir [--set k=v ...]`` and
    returns run_dir, or None when the program has no ``train`` command or no config for the
    game exists yet (the notebooks then skip the network parts). A failed training raises
    RuntimeError with the program's output."""
    root = root or repo_root()
    if "train" not in commands(root):
        return None
    config = _config_for(game, root)
    if config is None:
        return None
    if os.path.isdir(run_dir):
        shutil.rmtree(run_dir)
    cmd = [hopzero_binary(root), "train", "--config", config, "--run", run_dir]
    for item in overrides or []:
        cmd += ["--set", item]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    if out.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed ({out.returncode}):\n{out.stdout}\n"
                           f"{out.stderr}")
    return run_dir
