"""Hostile input to the `hopzero` command line (issue 14): empty paths, repeated flags, paths
that cannot be written, and input echoed in messages."""

import os
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HOPZERO = os.path.join(ROOT, "build", "hopzero")
TINY = os.path.join(ROOT, "configs", "tiny_alquerque.yaml")


def run(args, stdin="", cwd=None, timeout=120):
    return subprocess.run([HOPZERO, *args], input=stdin, capture_output=True, text=True,
                          timeout=timeout, cwd=cwd)


@pytest.mark.parametrize("run_flag", [["--run", ""], ["--run=",], ["--run"]])
def test_train_refuses_an_empty_run_directory(run_flag, tmp_path):
    out = run(["train", "--config", TINY, *run_flag], cwd=tmp_path)
    assert out.returncode == 2, out.stdout + out.stderr
    assert "--run needs a path, not an empty one" in out.stderr
    assert list(tmp_path.iterdir()) == []  # nothing written where it was started


def test_train_refuses_an_empty_config_path(tmp_path):
    out = run(["train", "--config", "", "--run", str(tmp_path / "run")], cwd=tmp_path)
    assert out.returncode == 2
    assert "--config needs a path, not an empty one" in out.stderr
    assert list(tmp_path.iterdir()) == []


def test_play_echoes_a_bounded_prefix_of_a_huge_line():
    huge = "c" * (1 << 20)
    out = run(["play", "--game", "alquerque", "--opponent", "random", "--no-color"],
              stdin=huge + "\nquit\n")
    assert out.returncode == 0, out.stderr
    line = next(l for l in out.stdout.splitlines() if "cannot play" in l)
    assert len(line) < 1000 and "(1048576 bytes)" in line
