"""experiments/strength_vs_alphabeta/trace_values.py: which value drops it counts as refuted, and
one traced game of the shipped Jumpers network against alpha-beta."""

import importlib.util
import os
import re

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HERE = os.path.join(ROOT, "experiments", "strength_vs_alphabeta")


def load():
    spec = importlib.util.spec_from_file_location("trace_values",
                                                  os.path.join(HERE, "trace_values.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_refutation_is_won_then_lost_at_consecutive_decisions():
    trace = load()
    assert trace.refutations([0.3, 0.87, -1.0, -1.0]) == [(0.87, -1.0)]
    assert trace.refutations([0.9, 0.2, -1.0]) == []     # the fall took two replies
    assert trace.refutations([0.5, -0.9]) == []          # +0.5 is not above +0.5
    assert trace.refutations([-0.9, 0.9]) == []          # a rise is not a refutation
    assert trace.refutations([]) == []


def test_one_traced_game_prints_a_value_per_decision_and_the_tally(capsys):
    trace = load()
    assert trace.main(["--game", "jumpers", "--option", "size=6", "--checkpoint",
                       os.path.join(HERE, "jumpers_6.pt"), "--games", "1", "--time-ms", "5"]) == 0
    out = capsys.readouterr().out.splitlines()
    game = re.fullmatch(r"game 1: network seat 0, ([WDL]), root values ([-+0-9. ]+)(;.*)?", out[0])
    assert game, out[0]
    values = [float(v) for v in game.group(2).split()]
    assert values and all(-1.0 <= v <= 1.0 for v in values)
    tally = re.fullmatch(r"network W-D-L (\d+)-(\d+)-(\d+); .*: (\d+) of (\d+)", out[-1])
    assert tally, out[-1]
    w, d, l, blind, lost = map(int, tally.groups())
    assert w + d + l == 1 and lost == l and blind <= lost
    assert ("WDL"[[w, d, l].index(1)]) == game.group(1)


def test_a_rule_option_without_a_value_is_refused():
    with pytest.raises(SystemExit, match="--option 'size': expected key=value"):
        load().main(["--game", "jumpers", "--option", "size", "--checkpoint", "x.pt"])
