"""Playing and measuring many games (hopzero.analysis), charts over them (hopzero.charts), and
the notebook helpers (hopzero.notebook)."""

import os

import matplotlib.pyplot as plt
import numpy as np
import pytest

import hopzero
from hopzero import analysis, charts, data, notebook


def test_play_games_is_deterministic_and_rotates_seats():
    game = hopzero.make("jumpers")
    one = analysis.play_games(game, ["random", "mcts:sims=4"], n=6, seed=5)
    two = analysis.play_games(game, ["random", "mcts:sims=4"], n=6, seed=5, threads=2)
    assert [g.actions for g in one] == [g.actions for g in two]
    assert [g.specs for g in one][:2] == [["random", "mcts:sims=4"], ["mcts:sims=4", "random"]]
    out = analysis.outcomes_by_seat(one)
    assert (out["win"] + out["draw"] + out["loss"]).tolist() == [6, 6]
    assert out["win"].sum() == out["loss"].sum()  # two players, zero-sum, +-1 returns
    with pytest.raises(ValueError, match="needs 2"):
        analysis.play_games(game, ["random"], n=1)
    with pytest.raises(ValueError):
        analysis.outcomes_by_seat([])


def test_turns_replay_the_game():
    game = hopzero.make("alquerque")
    (played,) = analysis.play_games(game, ["random", "random"], n=1, seed=3)
    turns = analysis.turns_of(game, played.actions)
    assert sum((t.actions for t in turns), []) == played.actions
    s = game.new_initial_state()
    for t in turns:
        assert s.current_player() == t.player
        assert s.parse_turn(t.text) == t.actions  # the notation reads back as the same turn
        s.apply_all(t.actions)
        assert s == t.after
    assert analysis.game_lengths(game, [played], "turns")[0] == len(turns)
    assert analysis.game_lengths(game, [played], "actions")[0] == played.length
    with pytest.raises(ValueError):
        analysis.game_lengths(game, [played], "hours")


def test_piece_counts_follow_captures():
    game = hopzero.make("alquerque")
    (played,) = analysis.play_games(game, ["random", "random"], n=1, seed=8)
    counts = analysis.piece_counts(game, played.actions)
    assert counts[0].tolist() == [12, 12]  # rules page: 12 pieces each
    assert np.all(np.diff(counts, axis=0) <= 0)  # alquerque pieces are only ever removed
    turns = analysis.turns_of(game, played.actions)
    for k, t in enumerate(turns):  # a turn with a capture removes enemy pieces
        s = t.before.clone()
        captures = 0
        for a in t.actions:
            captures += s.action_points(a)["kind"] == "capture"
            s.apply(a)
        other = 1 - t.player
        assert counts[k, other] - counts[k + 1, other] == captures
    assert sum(t.before == (turns[k - 1].after if k else game.new_initial_state())
               for k, t in enumerate(turns)) == len(turns)
    assert analysis.measures(game, played.actions) == {}  # alquerque reports none
    with pytest.raises(ValueError, match="goal_distance"):
        analysis.goal_distances(game, played.actions)


@pytest.mark.parametrize("pieces,start", [(10, 120), (13, 144)])
def test_goal_distances_are_the_engines_measure(pieces, start):
    # Start values by hand in test_boards.py (2 x the pieces' rows below the centre).
    cc = hopzero.make("chinese_checkers", pieces=pieces)
    (g,) = analysis.play_games(cc, ["mcts:sims=8,evaluator=rollout"] * 2, n=1, seed=1)
    dist = analysis.goal_distances(cc, g.actions[:20])
    assert dist.shape == (21, 2) and dist[0].tolist() == [start, start]
    state = cc.new_initial_state()
    for k, a in enumerate(g.actions[:20]):  # one action per turn: row k+1 is after action k
        state.apply(a)
        assert dist[k + 1].tolist() == state.board_position()["measures"]["goal_distance"]
    series = analysis.series_by_turn(cc, [g])
    assert set(series) == {"pieces on the board", "goal_distance"}
    assert series["pieces on the board"][0][0].tolist() == [pieces, pieces]
    np.testing.assert_array_equal(series["goal_distance"][0][:21], dist)


def test_first_move_values_summary():
    game = hopzero.make("jumpers")
    summary = analysis.first_move_values(game, "mcts:sims=40", seed=2)
    s = game.new_initial_state()
    assert sorted(summary["actions"].tolist()) == sorted(s.legal_actions())
    assert summary["notation"] == [s.action_to_string(int(a)) for a in summary["actions"]]
    assert summary["share"].sum() == pytest.approx(1.0)
    assert summary["chosen"] == summary["actions"][np.argmax(summary["visits"])]
    assert summary["pv"][0] == s.action_to_string(summary["chosen"])


def test_charts_draw_what_they_are_given():
    cols = {"step": np.arange(5.0), "loss": np.linspace(3, 1, 5),
            "policy_loss": np.linspace(2, 1, 5), "games_per_s": np.full(5, 3.0),
            "policy_entropy": np.linspace(2, 1.5, 5)}
    fig, axes = plt.subplots(2, 4)
    assert len(charts.plot_losses(axes[0, 0], cols).lines) == 2  # value_loss missing
    assert len(charts.plot_entropy(axes[0, 1], cols).lines) == 1
    assert len(charts.plot_throughput(axes[0, 2], cols).lines) == 1
    empty = charts.plot_losses(axes[0, 3], {"step": np.arange(3.0)})
    assert len(empty.lines) == 0 and "no losses" in empty.texts[0].get_text()
    curve = data.ladder_curve({"step": np.array([10.0, 20.0]), "elo": np.array([-5.0, 40.0]),
                               "elo_ci": np.array([30.0, 25.0])})
    ax = charts.plot_ladder(axes[1, 0], curve)
    assert ax.lines[0].get_ydata().tolist() == [-5.0, 40.0]
    ax = charts.plot_outcomes(axes[1, 1], {"win": np.array([3, 1]), "draw": np.array([1, 1]),
                                           "loss": np.array([1, 3])})
    assert [p.get_height() for p in ax.patches] == [3, 1, 1, 1, 1, 3]
    ax = charts.plot_series(axes[1, 2], [np.array([[12, 12], [12, 11]]), np.array([[12, 12]])],
                            ["White", "Black"])
    # turn 0: both games (12, 12); turn 1: only the first game still runs (11)
    np.testing.assert_array_equal(ax.lines[1].get_ydata(), [12, 11])
    summary = {"share": np.array([0.2, 0.8]), "values": np.array([-0.5, 0.25]),
               "notation": ["a", "b"], "root_value": 0.1}
    ax = charts.plot_first_moves(axes[1, 3], summary)
    assert [p.get_width() for p in ax.patches] == [0.25, -0.5]  # by share, largest first
    charts.plot_lengths(plt.subplots()[1], {"x": np.array([3, 4, 5])})
    plt.close("all")


def test_notebook_helpers_find_the_repository(tmp_path, monkeypatch):
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(here))
    monkeypatch.delenv("HOPZERO_ROOT", raising=False)
    assert notebook.repo_root(here) == root
    monkeypatch.chdir(os.path.join(root, "python"))
    assert notebook.repo_root() == root
    with pytest.raises(FileNotFoundError, match="HOPZERO_ROOT"):
        notebook.repo_root(str(tmp_path))
    monkeypatch.setenv("HOPZERO_ROOT", str(tmp_path))
    with pytest.raises(FileNotFoundError, match="not a hopzero checkout"):
        notebook.repo_root()
    monkeypatch.setenv("HOPZERO_ROOT", root)
    assert notebook.build_dir() == os.path.join(root, "build")
    monkeypatch.setenv("HOPZERO_NOTEBOOK_QUICK", "1")
    assert notebook.quick()
    monkeypatch.setenv("HOPZERO_NOTEBOOK_QUICK", "0")
    assert not notebook.quick()
    assert "perft" in notebook.commands()
    monkeypatch.setenv("HOPZERO_RUN", str(tmp_path))
    assert notebook.find_run("alquerque") == str(tmp_path)
    monkeypatch.setenv("HOPZERO_NOTEBOOK_QUICK", "1")
    monkeypatch.delenv("HOPZERO_RUN")
    assert notebook.find_run("alquerque") is None  # quick mode never reads runs/<game>


def test_notebook_game_and_quick_variant(monkeypatch):
    monkeypatch.delenv("HOPZERO_NOTEBOOK_GAME", raising=False)
    assert notebook.notebook_game() == hopzero.game_names()[0]
    assert notebook.notebook_game("jumpers") == "jumpers"
    monkeypatch.setenv("HOPZERO_NOTEBOOK_GAME", "chinese_checkers")
    assert notebook.notebook_game("jumpers") == "chinese_checkers"
    monkeypatch.setenv("HOPZERO_NOTEBOOK_GAME", "chess")
    with pytest.raises(ValueError, match="chess"):
        notebook.notebook_game()
    monkeypatch.setenv("HOPZERO_NOTEBOOK_QUICK", "1")
    for name in hopzero.game_names():  # quick runs stop early where the game allows it
        options, settings = notebook.quick_variant(name)
        declared = {o["name"] for o in hopzero.game_options(name)}
        assert ("max_plies" in options) == ("max_plies" in declared)
        hopzero.make(name, **options)  # a valid variant
        assert settings["training.total_steps"] <= 5
    monkeypatch.setenv("HOPZERO_NOTEBOOK_QUICK", "0")
    assert notebook.quick_variant("alquerque") == ({}, {"training.total_steps": 300})


def test_tiny_config_for_any_game(tmp_path):
    yaml = pytest.importorskip("yaml")
    root = tmp_path / "repo"
    (root / "configs").mkdir(parents=True)
    template = {"seed": 1, "game": {"name": "alquerque", "options": {"max_plies": 40}},
                "training": {"total_steps": 30, "batch_size": 16}}
    (root / "configs" / "tiny_alquerque.yaml").write_text(yaml.safe_dump(template))
    # no config of its own: another game's sizes, the game section replaced
    config = yaml.safe_load(notebook.tiny_config("jumpers", {"size": 8},
                                                 {"training.total_steps": 7}, str(root)))
    assert config["game"] == {"name": "jumpers", "options": {"size": 8}}
    assert config["training"] == {"total_steps": 7, "batch_size": 16}
    # its own (tiny_<game>_*.yaml): options merged over the config's
    own = {"game": {"name": "chinese_checkers", "options": {"players": 3, "max_plies": 24}}}
    (root / "configs" / "tiny_chinese_checkers_3.yaml").write_text(yaml.safe_dump(own))
    config = yaml.safe_load(notebook.tiny_config("chinese_checkers", {"players": 2}, None,
                                                 str(root)))
    assert config["game"]["options"] == {"players": 2, "max_plies": 24}
    with pytest.raises(FileNotFoundError):
        notebook.tiny_config("jumpers", root=str(tmp_path))
