"""Board drawing for every registered game: the pieces, regions, heat discs and arrows drawn
match the engine's position and action points, and the rendered image shows the players'
colours where their pieces stand."""

import random

import matplotlib.colors as mcolors
import matplotlib.pyplot as plt
import numpy as np
import pytest

import hopzero
import hopzero.plot as hp
from hopzero import analysis
from hopzero.boards import geometry
from variants import registered_variants, variant_id

VARIANTS = registered_variants()


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


@pytest.mark.parametrize("name,options", VARIANTS, ids=map(variant_id, VARIANTS))
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
    # Home regions are tinted at exactly the engine's home points.
    for player in range(game.num_players()):
        tints = [c for c in ax.collections if c.get_gid() == f"region:{player}"]
        home = s.game.geometry()["regions"]
        want = sorted(map(tuple, geo.xy[sorted(
            next((r["points"] for r in home if r["kind"] == "home" and r["player"] == player),
                 []))]))
        got = sorted(map(tuple, tints[0].get_offsets())) if tints else []
        assert got == want
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
    pts = s.action_points(0)  # the engine's points of action 0
    arrow = artists(ax, "arrow")[2]
    (x0, y0), (x1, y1) = arrow._posA_posB
    assert np.allclose([x0, y0], geo.xy[pts["from"]]) and np.allclose([x1, y1], geo.xy[pts["to"]])
    assert len(ax.figure.axes) == 2  # the colour bar
    plt.close(ax.figure)


def test_an_action_id_need_not_be_legal_to_be_drawn():
    game = hopzero.make("alquerque")
    s = game.new_initial_state()
    legal = set(s.legal_actions())
    a = next(a for a in range(game.num_actions()) if a not in legal
             and None not in (s.action_points(a)["from"], s.action_points(a)["to"]))
    ax = hp.draw_board(s, arrows=[a])
    (arrow,) = artists(ax, "arrow")
    pts = s.action_points(a)
    assert np.allclose(arrow._posA_posB, geo_xy(game)[[pts["from"], pts["to"]]])
    plt.close(ax.figure)


def test_draw_search_and_policy():
    game = hopzero.make("alquerque")
    s = game.new_initial_state()
    agent = hopzero.agents.mcts(game, simulations=50, seed=1)
    action = agent.select_action(s)
    info = agent.last_search()
    ax = hp.draw_search(s, info)
    geo = geometry(game)
    targets = {s.action_points(int(a))["to"] for a, v in zip(info.actions, info.visits) if v}
    assert len(artists(ax, "heat")) == len(targets)
    (arrow,) = artists(ax, "arrow")
    assert np.allclose(arrow._posA_posB[1], geo.xy[s.action_points(action)["to"]])
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
    (played,) = analysis.play_games(game, ["random", "random"], n=1, seed=4)
    turns = analysis.turns_of(game, played.actions)[:5]
    states = [game.new_initial_state()] + [t.after for t in turns]
    # Turns as notation (points by name) and as Turn objects (the engine's action points).
    for drawn in ([None] + [t.text for t in turns], [None] + turns):
        fig = hp.draw_game(states, drawn, captions=[f"turn {i}" for i in range(6)], ncols=4)
        axes = [ax for ax in fig.axes if ax.get_title()]
        assert len(axes) == 6 and len(fig.axes) == 8  # two empty panels in the 2 x 4 grid
        assert len(artists(axes[0], "arrow")) == 0
        for ax, turn in zip(axes[1:], turns):  # one arrow per hop, from and to its points
            want = []
            before = turn.before.clone()
            for a in turn.actions:
                pts = before.action_points(a)
                if pts["kind"] in ("jump", "capture"):
                    want.append((pts["from"], pts["to"]))
                before.apply(a)
            got = [arrow._posA_posB for arrow in artists(ax, "arrow")]
            assert len(got) == len(want)
            for (a, b), (pa, pb) in zip(want, got):
                assert np.allclose(pa, geo_xy(game)[a]) and np.allclose(pb, geo_xy(game)[b])
        plt.close(fig)
    with pytest.raises(ValueError):
        hp.draw_game(states, turns[:2])
    with pytest.raises(ValueError):
        hp.draw_game([])


def geo_xy(game):
    return np.array([[p["x"], p["y"]] for p in game.geometry()["points"]])


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


def test_strength_results_and_charts(tmp_path):
    """A constructed results folder: the ladder's steps are placed at the training time and
    games interpolated from the metrics, and the final match is read from its first agent."""
    import json
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from hopzero import charts, data
    (tmp_path / "g.ladder.csv").write_text(
        "checkpoint,step,games,elo,elo_low,elo_high\nc1,100,10,-50.0,-120.0,20.0\n"
        "c2,300,10,25.0,-40.0,inf\n")
    (tmp_path / "g.metrics.csv").write_text(
        "step,time,games,samples,loss,policy_loss,value_loss\n0,0,0,0,,,\n"
        "200,3600,50,1,1,1,1\n400,7200,150,2,1,1,1\n")
    agents = [{"spec": "mcts:x", "games": 4, "wins": 2, "draws": 1, "losses": 1, "score": 0.625},
              {"spec": "ab", "games": 4, "wins": 1, "draws": 1, "losses": 2, "score": 0.375}]
    (tmp_path / "g.final.json").write_text(json.dumps(
        {"agents": agents, "elo_difference": {"elo": 88.7, "elo_low": -300, "elo_high": 480}}))
    (tmp_path / "h.final.json").write_text(json.dumps({"agents": agents}))
    results = data.read_strength_results(str(tmp_path))
    assert sorted(results) == ["g", "h"]
    curve = results["g"]["curve"]
    assert list(curve["step"]) == [100, 300]
    assert list(curve["hours"]) == [0.5, 1.5]  # 1800 s and 5400 s, halfway between rows
    assert list(curve["games"]) == [25, 100]
    assert results["g"]["final"]["wins"] == 2 and results["g"]["final"]["elo"] == 88.7
    assert results["h"]["curve"] is None and results["h"]["final"]["elo"] is None
    fig, axes = plt.subplots(1, 3)
    charts.plot_strength(axes[0], results, x="hours")
    assert len(axes[0].lines) >= 1 and axes[0].get_xlabel().startswith("training wall time")
    charts.plot_final_scores(axes[1], results, goal={"g": 0.75})
    heights = sorted(round(p.get_height(), 3) for p in axes[1].patches)
    assert heights == sorted([0.5, 0.5, 0.25, 0.25, 0.25, 0.25])
    charts.plot_strength(axes[2], {"h": results["h"]})
    assert any("no ladder" in t.get_text() for t in axes[2].texts)
    plt.close(fig)
    # Self-play games spanning more than 30 times go on a log axis; 25 to 100 stay linear.
    fig, axes = plt.subplots(1, 2)
    charts.plot_strength(axes[0], results, x="games")
    assert axes[0].get_xscale() == "linear"
    wide = {"g": results["g"], "k": {"curve": dict(results["g"]["curve"], games=[1000, 4000])}}
    charts.plot_strength(axes[1], wide, x="games")
    assert axes[1].get_xscale() == "log" and "log scale" in axes[1].get_xlabel()
    plt.close(fig)
