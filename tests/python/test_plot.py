"""Board drawing: the pieces, heat discs and arrows drawn match the position, and the rendered
image shows the players' colours where their pieces stand."""

import random

import matplotlib.colors as mcolors
import matplotlib.pyplot as plt
import numpy as np
import pytest

import hopzero
import hopzero.plot as hp
from hopzero.boards import geometry

VARIANTS = [("alquerque", {}), ("alquerque", {"diagonals": "none"}), ("jumpers", {}),
            ("jumpers", {"size": 10}), ("chinese_checkers", {}),
            ("chinese_checkers", {"players": 6})]


def artists(ax, prefix):
    return [p for p in ax.patches if (p.get_gid() or "").startswith(prefix)]


def midgame(game, plies=15, seed=2):
    rng = random.Random(seed)
    s = game.new_initial_state()
    for _ in range(plies):
        if s.is_terminal():
            break
        s.apply(rng.choice(s.legal_actions()))
    return s


@pytest.mark.parametrize("name,options", VARIANTS)
def test_one_marker_per_piece_in_the_players_colour(name, options):
    game = hopzero.make(name, **options)
    s = midgame(game)
    ax = hp.draw_board(s)
    fig = ax.figure
    fig.canvas.draw()  # Agg render
    geo = geometry(game)
    for player in range(game.num_players()):
        pieces = artists(ax, f"piece:{player}")
        on_board = sum(1 for p in geo.read(s).owner if p == player)
        assert len(pieces) == on_board > 0
    # Sample the rendered image at each piece's centre: the pixel has the player's colour.
    image = np.asarray(fig.canvas.buffer_rgba())[..., :3].astype(float) / 255
    height = image.shape[0]
    pos = geo.read(s)
    for p in np.flatnonzero(pos.owner >= 0):
        x, y = ax.transData.transform(geo.xy[p])
        pixel = image[int(round(height - y)), int(round(x))]
        want = np.array(mcolors.to_rgb(geo.colors[pos.owner[p]]))
        assert np.abs(pixel - want).max() < 0.08, (geo.names[p], pixel, want)
    plt.close(fig)


def test_heat_discs_arrows_and_marks():
    game = hopzero.make("jumpers")
    geo = geometry(game)
    s = game.new_initial_state()
    heat = np.zeros(geo.num_points)
    heat[[geo.point("c1"), geo.point("a3"), geo.point("d4")]] = [0.5, 0.3, 0.2]
    ax = hp.draw_board(s, heat=heat, colorbar=True, arrows=["a1-c1-c3 +d3", 0, ("b2", "b4")])
    assert len(artists(ax, "heat")) == 3
    assert len(artists(ax, "arrow")) == 2 + 1 + 1  # two hops, action 0 (a1 right), one pair
    assert len(artists(ax, "mark")) == 1  # the birth
    src, dst = geo.action_points(0).source, geo.action_points(0).target
    arrow = artists(ax, "arrow")[2]
    (x0, y0), (x1, y1) = arrow._posA_posB
    assert np.allclose([x0, y0], geo.xy[src]) and np.allclose([x1, y1], geo.xy[dst])
    assert len(ax.figure.axes) == 2  # the colour bar
    plt.close(ax.figure)


def test_draw_search_and_policy():
    game = hopzero.make("alquerque")
    s = game.new_initial_state()
    agent = hopzero.agents.mcts(game, simulations=50, seed=1)
    action = agent.select_action(s)
    info = agent.last_search()
    ax = hp.draw_search(s, info)
    geo = geometry(game)
    targets = {geo.action_points(int(a)).target for a, v in zip(info.actions, info.visits) if v}
    assert len(artists(ax, "heat")) == len(targets)
    (arrow,) = artists(ax, "arrow")
    assert np.allclose(arrow._posA_posB[1], geo.xy[geo.action_points(action).target])
    assert "root value" in ax.get_title()
    plt.close(ax.figure)
    dense = np.zeros(game.num_actions())
    dense[s.legal_actions()] = 1 / len(s.legal_actions())
    ax = hp.draw_policy(s, dense, by="source", top=2)
    assert len(artists(ax, "arrow")) == 2
    plt.close(ax.figure)
    with pytest.raises(ValueError, match="entries"):
        hp.draw_policy(s, np.zeros(5))
    with pytest.raises(ValueError, match="empty"):
        hp.draw_search(s, hopzero.agents.random(game).last_search())


def test_draw_game_strip():
    game = hopzero.make("jumpers")
    s = game.new_initial_state()
    states, turns = [s.clone()], [None]
    rng = random.Random(4)
    for _ in range(5):
        start = s.clone()
        player, acts = s.current_player(), []
        while not s.is_terminal() and s.current_player() == player:
            a = rng.choice(s.legal_actions())
            s.apply(a)
            acts.append(a)
        states.append(s.clone())
        turns.append(start.turn_to_string(acts))
    fig = hp.draw_game(states, turns, captions=[f"turn {i}" for i in range(6)], ncols=4)
    axes = [ax for ax in fig.axes if ax.get_title()]
    assert len(axes) == 6 and len(fig.axes) == 8  # two empty panels in the 2 x 4 grid
    assert len(artists(axes[0], "arrow")) == 0 and len(artists(axes[1], "arrow")) >= 1
    plt.close(fig)
    with pytest.raises(ValueError):
        hp.draw_game(states, turns[:2])
    with pytest.raises(ValueError):
        hp.draw_game([])


def test_serialized_states_and_bad_input():
    game = hopzero.make("chinese_checkers", players=3)
    text = game.new_initial_state().serialize()
    ax = hp.draw_board(text, game=game, labels=False, info=False)
    assert sum(len(artists(ax, f"piece:{p}")) for p in range(3)) == 30
    plt.close(ax.figure)
    with pytest.raises(ValueError, match="game="):
        hp.draw_board(text)
    with pytest.raises(ValueError, match="121"):
        hp.draw_board(game.new_initial_state(), heat=np.ones(5))
    with pytest.raises(TypeError):
        hp.draw_board(game.new_initial_state(), arrows=[1.5])
