"""`hopzero match --out` keeps the games of a killed match, and `--resume` continues it
(docs/evaluation.md, "A killed match")."""

import json
import os
import signal
import subprocess
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HOPZERO = os.path.join(ROOT, "build", "hopzero")
MATCH = [HOPZERO, "match", "--game", "alquerque", "--option", "max_plies=40", "--a",
         "alphabeta:depth=1", "--b", "alphabeta:depth=2", "--quiet"]


def run(*flags, seed="4"):
    return subprocess.run([*MATCH, "--seed", seed, *flags], capture_output=True, text=True,
                          timeout=300)


def read(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def test_a_killed_match_keeps_its_games_and_resume_plays_only_the_rest(tmp_path):
    out = tmp_path / "m.json"
    # Slow agents, so the match is still running when it is killed.
    slow = subprocess.Popen(
        [HOPZERO, "match", "--game", "alquerque", "--a", "mcts:sims=400", "--b", "random",
         "--games", "1000", "--seed", "4", "--quiet", "--out", str(out)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.time() + 120
        while not out.exists() and time.time() < deadline and slow.poll() is None:
            time.sleep(0.2)
        assert out.exists(), "no report was written while the match ran"
    finally:
        slow.send_signal(signal.SIGKILL)
        slow.wait()
    killed = read(out)
    assert killed["complete"] is False
    assert 1 <= killed["games_played"] < 1000 == killed["games_requested"]
    assert len(killed["games"]) == killed["games_played"]
    assert killed["agents"][0]["games"] == killed["games_played"]


def test_resume_continues_a_cut_report_with_the_same_games(tmp_path):
    whole, cut = tmp_path / "whole.json", tmp_path / "cut.json"
    assert run("--games", "6", "--out", str(whole)).returncode == 0
    report = read(whole)
    assert report["complete"] is True and report["games_played"] == 6
    # As a match killed after games 0, 2 and 3 would have left it.
    kept = [g for g in report["games"] if g["index"] in (0, 2, 3)]
    cut.write_text(json.dumps(dict(report, games=kept, games_played=3, complete=False)))
    done = run("--games", "6", "--out", str(cut), "--resume")
    assert done.returncode == 0, done.stderr
    assert "3 games played earlier, 3 to play" in done.stderr
    resumed = read(cut)
    assert resumed["complete"] is True and resumed["games_played"] == 6
    # Deterministic agents: the games played now are the ones the whole match played (all but
    # the time each side took); the earlier games keep their recorded effort.
    def untimed(games):
        return [{k: v for k, v in g.items() if k != "effort"} for g in games]
    assert untimed(resumed["games"]) == untimed(report["games"])
    for before in kept:
        assert resumed["games"][before["index"]]["effort"] == before["effort"]
    assert resumed["agents"][0]["turns"] == report["agents"][0]["turns"]
    assert resumed["agents"][0]["wins"] == report["agents"][0]["wins"]
    # More games continue the same match: only games 6 and 7 are new.
    more = run("--games", "8", "--out", str(cut), "--resume")
    assert more.returncode == 0 and "6 games played earlier, 2 to play" in more.stderr
    assert [g["index"] for g in read(cut)["games"]] == list(range(8))


def test_resume_refuses_another_match_or_no_out(tmp_path):
    path = tmp_path / "m.json"
    assert run("--games", "2", "--out", str(path), "--resume").returncode == 0  # starts it
    before = path.read_text()
    other = run("--games", "2", "--out", str(path), "--resume", seed="5")
    assert other.returncode == 2
    assert "is a match with --seed '4', not '5'" in other.stderr, other.stderr
    assert path.read_text() == before  # untouched
    no_out = run("--games", "2", "--resume")
    assert no_out.returncode == 2 and "--resume continues the match" in no_out.stderr
    path.write_text('{"format": "hopzero-match", "version": 2, "game": "alquerque"}')
    old = run("--games", "2", "--out", str(path), "--resume")
    assert old.returncode == 2 and "no \"seed\" and \"complete\" fields" in old.stderr
