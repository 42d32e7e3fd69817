"""Scripted sessions of `hopzero play` and `hopzero replay` (issue 10)."""

import os
import random
import subprocess

import pytest

import hopzero
from variants import defaults_and_more_players, variant_id

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HOPZERO = os.path.join(ROOT, "build", "hopzero")

VARIANTS = defaults_and_more_players()


def run(args, stdin=""):
    return subprocess.run([HOPZERO, *args], input=stdin, capture_output=True, text=True,
                          timeout=300)


def option_flags(options):
    flags = []
    for k, v in options.items():
        flags += ["--option", f"{k}={v}"]
    return flags


def script_game(name, options, seed, human_seat):
    """Plays the game in Python exactly as the CLI will (random opponents seeded seed + seat)
    and returns the human's input lines and the final returns. The human enters one action
    at a time on odd turns and whole turns on even ones, to cover both."""
    game = hopzero.make(name, **options)
    n = game.num_players()
    agents = {p: hopzero.agents.random(game, seed=seed + p) for p in range(n) if p != human_seat}
    rng = random.Random(seed)
    state = game.new_initial_state()
    lines = []
    turn = 0
    while not state.is_terminal():
        p = state.current_player()
        if p != human_seat:
            state.apply(agents[p].select_action(state))
            continue
        turn += 1
        if turn % 2:
            a = rng.choice(state.legal_actions())
            lines.append(state.turn_to_string([a]))  # one action, in turn notation
            state.apply(a)
        else:
            before = state.clone()
            actions = []
            while not state.is_terminal() and state.current_player() == p:
                a = rng.choice(state.legal_actions())
                actions.append(a)
                state.apply(a)
            lines.append(before.turn_to_string(actions))
    return lines, state.returns()


@pytest.mark.parametrize("name,options", VARIANTS, ids=map(variant_id, VARIANTS))
def test_scripted_game_to_the_end_and_record_replays(name, options, tmp_path):
    seed = 11
    lines, returns = script_game(name, options, seed, human_seat=0)
    record_path = tmp_path / "game.txt"
    out = run(["play", "--game", name, *option_flags(options), "--opponent", "random",
               "--seat", "0", "--seed", str(seed), "--save", str(record_path), "--no-color"],
              "\n".join(lines) + "\n")
    assert out.returncode == 0, out.stderr
    assert "game over" in out.stdout
    assert "cannot play" not in out.stdout
    record = hopzero.records.read(str(record_path))
    assert record.result == pytest.approx(returns)
    assert record.players[0] == "human"
    states = hopzero.records.states(record)
    assert states[-1].is_terminal()
    assert states[-1].returns() == pytest.approx(returns)
    replay = run(["replay", "--file", str(record_path), "--no-color"])
    assert replay.returncode == 0, replay.stderr
    assert "result:" in replay.stdout


def test_commands_and_errors_in_a_session(tmp_path):
    # legal, an unreadable move, an illegal move, undo, save, quit.
    game = hopzero.make("alquerque")
    state = game.new_initial_state()
    first = state.legal_actions()[0]
    move = state.action_to_string(first)
    saved = tmp_path / "partial.txt"
    session = "\n".join(["legal", "zz9-q1", "a1-a2", move, "undo", move, f"save {saved}",
                         "quit"]) + "\n"
    out = run(["play", "--game", "alquerque", "--opponent", "random", "--seed", "3",
               "--no-color"], session)
    assert out.returncode == 0, out.stderr
    assert "legal moves:" in out.stdout
    assert out.stdout.count("cannot play") == 2  # the unreadable and the illegal move
    assert "undone" in out.stdout
    record = hopzero.records.read(str(saved))
    assert record.result is None  # unfinished
    assert record.turns[0] == [first]


def test_bad_flags_are_clear_errors():
    out = run(["play", "--game", "alquerque", "--seat", "5"])
    assert out.returncode == 2 and "--seat" in out.stderr
    out = run(["play", "--game", "nosuchgame"])
    assert out.returncode == 2 and "unknown game" in out.stderr
    out = run(["play", "--game", "alquerque", "--bogus", "1"])
    assert out.returncode == 2 and "--bogus" in out.stderr
    out = run(["play", "--game", "alquerque", "--opponent", "nosuchagent"])
    assert out.returncode == 2 and "nosuchagent" in out.stderr


def test_malformed_records_name_line_and_reason(tmp_path):
    game = hopzero.make("alquerque")
    state = game.new_initial_state()
    a = state.legal_actions()[0]
    good = hopzero.records.from_actions(game, [a], ["random", "random"])
    text = hopzero.records.format(good)
    assert hopzero.records.parse(text).turns == [[a]]
    cases = {
        "not-a-record\n": "hopzero-record",
        text.replace("game: alquerque", "game: nosuch"): "nosuch",
        text + "2. 1 a1-a9\n": "bad.txt:8:",
        text.replace("1. 0 ", "1. 1 "): "player",
        text.replace("result: unfinished", "result: 1 -1"): "result",
        text.replace("1. 0 ", "7. 0 "): "turn number",
        text.replace("player1: random\n", ""): "players",
    }
    for bad, expected in cases.items():
        with pytest.raises(ValueError, match=expected):
            hopzero.records.parse(bad, "bad.txt")


@pytest.mark.parametrize("name,options", VARIANTS, ids=map(variant_id, VARIANTS))
def test_match_save_games_records_replay_to_their_results(name, options, tmp_path):
    folder = tmp_path / "games"
    n_players = hopzero.make(name, **options).num_players()
    agents = ["--a", "random", "--b", "greedy"]
    if n_players == 3:
        agents += ["--c", "random"]
    out = run(["match", "--game", name, *option_flags(options), *agents, "--games", "6",
               "--threads", "2", "--save-games", str(folder), "--quiet"])
    assert out.returncode == 0, out.stderr
    files = sorted(folder.iterdir())
    assert len(files) == 6
    for f in files:
        record = hopzero.records.read(str(f))  # replays every move, checks the result
        assert record.result is not None
        assert hopzero.records.states(record)[-1].returns() == pytest.approx(record.result)
        assert set(record.players) <= {"random", "greedy"}
