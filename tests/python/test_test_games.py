"""The proof that a game is one folder (docs/adding_a_game.md): every test game of tests/games/
<game>/, written and registered in its folder alone, is built into build/test_games/lib<game>.so
(CMakeLists.txt finds the folder; its conformance program <game>_conformance_test runs under
ctest). Here each library is loaded into a fresh Python process next to the hopzero module: the
game must then be registered under its folder's name, with its agents, playable, and drawn by hopzero.plot from
the engine's geometry alone. And no file outside the folder that the build, the package or the
tests read names the game."""

import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GAMES_DIR = os.path.join(ROOT, "tests", "games")
TEST_GAMES = sorted(d for d in os.listdir(GAMES_DIR) if os.path.isdir(os.path.join(GAMES_DIR, d)))

# Run in a child process: the loaded game stays registered for the life of the process, and the
# other tests of this session must see only the engine's own games.
DRAW_SCRIPT = r"""
import ctypes, json, random, sys
import matplotlib
matplotlib.use("Agg")
import numpy as np
import hopzero
from hopzero import plot
from hopzero.boards import geometry

library, = sys.argv[1:]
before = set(hopzero.game_names())
ctypes.CDLL(library, mode=ctypes.RTLD_GLOBAL)  # its static initialiser registers the game
added = sorted(set(hopzero.game_names()) - before)
game = hopzero.make(added[0]) if len(added) == 1 else None
report = {"added": added, "positions": 0, "pieces_ok": True, "arrows_ok": True}
if game is not None:
    start = game.new_initial_state()  # the agents the registration gives it
    report["agents_ok"] = all(
        hopzero.agents.from_spec(game, spec).select_action(start) in start.legal_actions()
        for spec in ("random", "mcts:sims=20", "alphabeta:depth=2", "greedy"))
    geo = geometry(game)
    rng = random.Random(1)
    s = game.new_initial_state()
    while True:
        action = None if s.is_terminal() else rng.choice(s.legal_actions())
        ax = plot.draw_board(s, arrows=[] if action is None else [action])
        owner = np.asarray(s.board_position()["owner"])
        for player in range(game.num_players()):
            drawn = sorted(tuple(np.round(c.center, 6)) for c in ax.patches
                           if c.get_gid() == f"piece:{player}")
            want = sorted(tuple(np.round(geo.xy[p], 6)) for p in np.flatnonzero(owner == player))
            report["pieces_ok"] &= drawn == want
        if action is not None:
            pts = s.action_points(action)
            arrows = [a for a in ax.patches if a.get_gid() == "arrow"]
            report["arrows_ok"] &= len(arrows) >= 1 and np.allclose(
                arrows[-1]._posA_posB[1], geo.xy[pts["to"]])
        matplotlib.pyplot.close(ax.figure)
        report["positions"] += 1
        if action is None:
            break
        s.apply(action)
    report["returns"] = [float(v) for v in s.returns()]
print(json.dumps(report))
"""


def library_of(game):
    path = os.path.join(ROOT, "build", "test_games", f"lib{game}.so")
    assert os.path.exists(path), f"{path} is missing: build the project (cmake --build build)"
    return path


def test_there_is_a_test_game():
    assert TEST_GAMES, "tests/games/ holds no test game"


@pytest.mark.parametrize("game", TEST_GAMES)
def test_a_test_game_registers_plays_and_draws_from_its_library(game):
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python"))
    out = subprocess.run([sys.executable, "-c", DRAW_SCRIPT, library_of(game)], env=env,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout.strip().splitlines()[-1])
    assert report["added"] == [game]  # registered under the folder's name, and only it
    assert report["agents_ok"]  # random, mcts, and alpha-beta and greedy over its heuristic
    assert report["positions"] >= 2  # a whole game, start to end, each position drawn
    assert report["pieces_ok"], "a drawn piece is not where the engine's geometry puts it"
    assert report["arrows_ok"], "an action's arrow does not end at the engine's target point"
    assert abs(sum(report["returns"])) < 1e-6  # the finished game's returns are zero-sum


# Where the build, the package, the tools and the tests read from; docs may cite the folder.
CODE_PLACES = ["CMakeLists.txt", "cmake", "cpp", "python", "scripts", "tests", "web", "configs",
               "notebooks"]


def files_outside(folder):
    for place in CODE_PLACES:
        top = os.path.join(ROOT, place)
        if os.path.isfile(top):
            yield top
        for dirpath, dirnames, filenames in os.walk(top):
            dirnames[:] = [d for d in dirnames if d not in ("__pycache__", ".ipynb_checkpoints")
                           and os.path.join(dirpath, d) != folder]
            for f in filenames:
                yield os.path.join(dirpath, f)


@pytest.mark.parametrize("game", TEST_GAMES)
def test_nothing_outside_a_test_games_folder_names_it(game):
    folder = os.path.join(GAMES_DIR, game)
    naming = []
    for path in files_outside(folder):
        with open(path, "rb") as f:
            if game.encode() in f.read():
                naming.append(os.path.relpath(path, ROOT))
    assert naming == []
