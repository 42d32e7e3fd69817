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


def test_train_refuses_margin_targets_for_a_game_without_margins(tmp_path):
    # Jumpers defines no margins (docs/training.md): refused before the run directory exists.
    config = os.path.join(ROOT, "configs", "jumpers_6_strong.yaml")
    out = run(["train", "--config", config, "--run", str(tmp_path / "run"), "--set",
               "selfplay.margin_weight=0.3"], cwd=tmp_path)
    assert out.returncode == 2, out.stdout + out.stderr
    assert "selfplay.margin_weight is 0.3, but jumpers defines no margins" in out.stderr
    assert list(tmp_path.iterdir()) == []


def test_train_refuses_a_bad_sparring_agent(tmp_path):
    config = os.path.join(ROOT, "configs", "jumpers_6_strong.yaml")
    out = run(["train", "--config", config, "--run", str(tmp_path / "run"), "--set",
               "selfplay.sparring_fraction=0.25", "--set",
               "selfplay.sparring_agent=alphabeta:depth=banana"], cwd=tmp_path)
    assert out.returncode == 2, out.stdout + out.stderr
    assert "selfplay.sparring_agent 'alphabeta:depth=banana'" in out.stderr
    assert "depth" in out.stderr.split("sparring_agent", 1)[1]
    assert list(tmp_path.iterdir()) == []


def test_play_echoes_a_bounded_prefix_of_a_huge_line():
    huge = "c" * (1 << 20)
    out = run(["play", "--game", "alquerque", "--opponent", "random", "--no-color"],
              stdin=huge + "\nquit\n")
    assert out.returncode == 0, out.stderr
    line = next(l for l in out.stdout.splitlines() if "cannot play" in l)
    assert len(line) < 1000 and "(1048576 bytes)" in line


def match(*flags, timeout=120):
    return run(["match", "--game", "alquerque", "--games", "2", "--quiet", *flags],
               timeout=timeout)


@pytest.mark.parametrize("args,says", [
    (["match", "--game", "alquerque", "--a", "random", "--b", "random", "--games", "1",
      "--games", "2"], "--games is given twice ('1' and '2')"),
    (["bench", "alphabeta", "--game", "alquerque", "--depth", "1", "--depth", "2"],
     "--depth is given twice"),
    (["match", "--game", "alquerque", "--option", "max_plies=10", "--option", "max_plies=20",
      "--a", "random", "--b", "random"], "--option 'max_plies' is given twice"),
    (["match", "--game", "alquerque", "--option", "max_plies=10,max_plies=20", "--a", "random",
      "--b", "random"], "option 'max_plies' is given twice"),
    (["play", "--game", "alquerque", "--player", "1=random", "--player", "1=greedy"],
     "--player gives seat 1 twice ('1=random' and '1=greedy')"),
    (["play", "--game", "alquerque", "--no-color", "--no-color"], "--no-color is given twice"),
    (["train", "--config", TINY, "--run", "RUN", "--set", "training.batch_size=8", "--set",
      "training.batch_size=9"], "'training.batch_size' is already set by --set "
                                "'training.batch_size=8'"),
])
def test_a_flag_given_twice_is_an_error_naming_it(args, says, tmp_path):
    # Before: the last one silently won.
    out = run(args, cwd=tmp_path)
    assert out.returncode == 2, out.stdout + out.stderr
    assert says in out.stderr
    assert list(tmp_path.iterdir()) == []  # nothing started


def test_flags_meant_to_repeat_still_repeat(tmp_path):
    out = match("--option", "max_plies=10", "--option", "huffing=false", "--a", "random",
                "--b", "random", "--out", str(tmp_path / "m.json"))
    assert out.returncode == 0, out.stderr
    assert (tmp_path / "m.json").exists()


@pytest.mark.parametrize("flag", ["--save-games", "--out"])
def test_match_refuses_an_empty_output_path(flag):
    out = match("--a", "random", "--b", "random", flag, "")
    assert out.returncode == 2 and f"{flag} needs a path, not an empty one" in out.stderr


def test_match_checks_the_output_folder_before_playing(tmp_path):
    # 10^7 games of MCTS would run for hours: the error must come first.
    for flag, path in (("--out", "/proc/hz_none/o.json"), ("--out", str(tmp_path)),
                       ("--save-games", "/proc/hz_none"), ("--save-games", "/proc/version")):
        out = run(["match", "--game", "alquerque", "--games", "10000000", "--a", "mcts:sims=50",
                   "--b", "random", flag, path], timeout=30)
        assert out.returncode == 2, (flag, path, out.stderr)
        assert f"'{path}'" in out.stderr and "filesystem error" not in out.stderr, out.stderr
        assert "games" not in out.stdout


def test_an_empty_agent_is_named():
    out = match("--a", "", "--b", "random")
    assert out.returncode == 2
    assert "--a is empty" in out.stderr and "without --a" not in out.stderr


def test_play_checks_the_hint_agent_at_the_start():
    # Before: accepted until `hint` was typed.
    out = run(["play", "--game", "alquerque", "--hint", "nosuch", "--no-color"], stdin="quit\n")
    assert out.returncode == 2 and "nosuch" in out.stderr, out.stdout + out.stderr
    assert "Enter moves" not in out.stdout


def test_play_checks_the_save_path_at_the_start():
    out = run(["play", "--game", "alquerque", "--save", "/proc/hz_none/g.txt", "--no-color"],
              stdin="quit\n")
    assert out.returncode == 2 and "'/proc/hz_none/g.txt'" in out.stderr, out.stderr
    assert "Enter moves" not in out.stdout


def test_a_symlink_loop_in_a_run_is_named_with_exit_2(tmp_path):
    # Before: a raw "filesystem error: status: Too many levels of symbolic links", exit 1, from
    # the scan for temporary files of interrupted writes.
    run_dir = tmp_path / "run"
    run_dir.mkdir()
    os.symlink("ckpt_000010.pt", run_dir / "ckpt_000010.pt")
    out = run(["train", "--config", TINY, "--run", str(run_dir)], timeout=60)
    assert out.returncode == 2, out.stderr
    assert "filesystem error" not in out.stderr
    assert f"'{run_dir}/ckpt_000010.pt'" in out.stderr and "symbolic links" in out.stderr
    # The metrics file as a loop too.
    os.remove(run_dir / "ckpt_000010.pt")
    os.symlink("metrics.jsonl", run_dir / "metrics.jsonl")
    out = run(["train", "--config", TINY, "--run", str(run_dir)], timeout=60)
    assert out.returncode == 2, out.stderr
    assert "filesystem error" not in out.stderr
    assert f"'{run_dir}/metrics.jsonl'" in out.stderr, out.stderr
