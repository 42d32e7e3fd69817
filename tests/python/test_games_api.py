"""The minimal game API over every registered game (issue 2, item 7)."""

import copy
import random

import numpy as np
import pytest

import hopzero

GAMES = hopzero.game_names()


def test_every_game_is_registered():
    assert set(GAMES) >= {"alquerque"}


@pytest.mark.parametrize("name", GAMES)
def test_random_game_to_the_end(name):
    game = hopzero.make(name)
    rng = random.Random(1)
    state = game.new_initial_state()
    n = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        mask = state.legal_mask()
        assert mask.dtype == np.bool_ and mask.shape == (game.num_actions(),)
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(legal)
        obs = state.observation()
        assert obs.dtype == np.float32 and obs.shape == game.observation_shape()
        assert np.all(np.isfinite(obs))
        assert 0 <= state.current_player() < game.num_players()
        a = rng.choice(legal)
        text = state.action_to_string(a)
        assert state.string_to_action(text) == a
        state.apply(a)
        n += 1
        assert n <= game.max_game_length()
    r = state.returns()
    assert len(r) == game.num_players()
    assert abs(sum(r)) < 1e-5 and all(-1 <= x <= 1 for x in r)
    assert state.current_player() == -1


@pytest.mark.parametrize("name", GAMES)
def test_illegal_action_raises_and_leaves_state(name):
    game = hopzero.make(name)
    state = game.new_initial_state()
    legal = set(state.legal_actions())
    illegal = next(a for a in range(game.num_actions()) if a not in legal)
    before = state.serialize()
    with pytest.raises(ValueError, match=str(illegal)):
        state.apply(illegal)
    assert state.serialize() == before
    with pytest.raises(ValueError):
        state.apply(-1)
    with pytest.raises(ValueError):
        state.apply(game.num_actions())
    with pytest.raises(ValueError):
        state.string_to_action("not a move")


@pytest.mark.parametrize("name", GAMES)
def test_clone_is_independent_and_serialization_round_trips(name):
    game = hopzero.make(name)
    state = game.new_initial_state()
    clone = state.clone()
    state.apply(state.legal_actions()[0])
    assert clone.serialize() != state.serialize()
    assert copy.deepcopy(state) == state
    again = game.deserialize_state(state.serialize())
    assert again == state and again.hash() == state.hash()
    assert str(state)  # a rendering exists
    with pytest.raises(ValueError):
        game.deserialize_state("garbage")


def test_bad_game_name_and_options_are_errors():
    with pytest.raises(ValueError, match="nosuchgame"):
        hopzero.make("nosuchgame")
    with pytest.raises(ValueError, match="alquerque"):
        hopzero.make("nosuchgame")  # lists the valid names
    with pytest.raises(ValueError, match="colour"):
        hopzero.make("alquerque", colour="red")
    with pytest.raises(ValueError, match="diagonals"):
        hopzero.make("alquerque", diagonals="both")


def test_options_are_typed_from_python():
    g = hopzero.make("alquerque", huffing=True, max_plies=50)
    assert g.options["huffing"] == "true"
    assert g.options["max_plies"] == "50"
    names = [o["name"] for o in hopzero.game_options("alquerque")]
    assert "diagonals" in names


def test_env_reset_step():
    env = hopzero.Env("alquerque")
    obs = env.reset()
    assert obs.shape == env.game.observation_shape()
    rng = random.Random(3)
    done = False
    while not done:
        obs, rewards, done, info = env.step(rng.choice(env.legal_actions()))
        assert rewards.shape == (2,)
    assert abs(rewards.sum()) < 1e-6
    with pytest.raises(RuntimeError):
        env.step(0)


def test_random_agents_play_each_other():
    game = hopzero.make("alquerque")
    a, b = hopzero.agents.random(game, seed=1), hopzero.agents.random(game, seed=2)
    actions, returns = hopzero.play_game(game, [a, b])
    actions2, _ = hopzero.play_game(game, [hopzero.agents.random(game, seed=1),
                                           hopzero.agents.random(game, seed=2)])
    assert actions == actions2  # same seeds, same game
    with pytest.raises(ValueError, match="nosuchagent"):
        hopzero.agents.from_spec(game, "nosuchagent")
    with pytest.raises(ValueError, match="bogus"):
        hopzero.agents.from_spec(game, "random:bogus=1")


def test_margins_alquerque_material_and_jumpers_none():
    # Alquerque's margins are material ahead, (own - enemy pieces) / 12 (docs/training.md):
    # after c2-c3 Black captures c4xc2 over it (docs/rules/alquerque.md's opening), 11 against 12.
    state = hopzero.make("alquerque").new_initial_state()
    assert state.margins() == [0.0, 0.0]
    state.apply(state.string_to_action("c2-c3"))
    state.apply(state.string_to_action("c4xc2"))
    assert state.margins() == pytest.approx([-1 / 12, 1 / 12])
    # Jumpers defines none: None, and self-play refuses margin targets for it.
    assert hopzero.make("jumpers").new_initial_state().margins() is None
