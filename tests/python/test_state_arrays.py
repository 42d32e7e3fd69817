"""numpy views of states and games: observations, masks, symmetries, batches, pickling."""

import pickle
import random

import numpy as np
import pytest

import hopzero
from variants import registered_variants, variant_id

VARIANTS = registered_variants()


def some_states(game, n=25, seed=3):
    rng = random.Random(seed)
    s = game.new_initial_state()
    out = []
    while len(out) < n:
        if s.is_terminal():
            s = game.new_initial_state()
        out.append(s.clone())
        s.apply(rng.choice(s.legal_actions()))
    return out


def test_legal_mask_is_a_view_of_the_engine_buffer():
    s = hopzero.make("jumpers").new_initial_state()
    mask = s.legal_mask()
    assert mask.dtype == np.bool_ and mask.flags.c_contiguous
    assert type(mask.base).__name__ == "PyCapsule"  # owned by the C++ vector, not copied
    assert sorted(np.flatnonzero(mask)) == sorted(s.legal_actions())
    del s  # the mask keeps its own buffer alive
    assert mask.sum() > 0


def test_observation_in_place_and_errors():
    game = hopzero.make("alquerque")
    s = game.new_initial_state()
    out = np.full(game.observation_shape(), -7.0, dtype=np.float32)
    back = s.observation(out=out)
    assert np.shares_memory(back, out)
    np.testing.assert_array_equal(out, s.observation())
    with pytest.raises(ValueError, match="shape"):
        s.observation(out=np.zeros((1, 5, 5), dtype=np.float32))
    with pytest.raises(TypeError, match="float32"):
        s.observation(out=np.zeros(game.observation_shape(), dtype=np.float64))
    with pytest.raises(TypeError):
        s.observation(out=[0.0])
    with pytest.raises(ValueError, match="contiguous"):
        s.observation(out=np.zeros(game.observation_shape()[::-1], dtype=np.float32).T)
    frozen = np.zeros(game.observation_shape(), dtype=np.float32)
    frozen.setflags(write=False)
    with pytest.raises(ValueError, match="read-only"):
        s.observation(out=frozen)


@pytest.mark.parametrize("name,options", VARIANTS, ids=map(variant_id, VARIANTS))
def test_batch_observations_equal_single_ones(name, options):
    game = hopzero.make(name, **options)
    states = some_states(game)
    batch = game.observations(states)
    assert batch.shape == (len(states),) + game.observation_shape()
    for i, s in enumerate(states):
        np.testing.assert_array_equal(batch[i], s.observation())
    assert game.observations([]).shape == (0,) + game.observation_shape()


@pytest.mark.parametrize("name,options", VARIANTS, ids=map(variant_id, VARIANTS))
def test_symmetry_maps_agree_with_transformed_states(name, options):
    """transform_observation / transform_policy (array maps) against transformed() (the
    engine's state map): the two are computed by different code."""
    game = hopzero.make(name, **options)
    states = some_states(game, n=12)
    for sym in range(game.num_symmetries()):
        batch = game.transform_observation(game.observations(states), sym)
        for i, s in enumerate(states):
            t = s.transformed(sym)
            np.testing.assert_array_equal(batch[i], t.observation())
            np.testing.assert_array_equal(game.transform_observation(s.observation(), sym),
                                          t.observation())
            moved = game.transform_policy(s.legal_policy_mask().astype(np.float32), sym)
            np.testing.assert_array_equal(moved > 0, t.legal_policy_mask())
            index = s.policy_index(s.legal_actions()[0])
            assert moved[game.transform_policy_index(index, sym)] == 1


def test_legal_policy_mask_marks_policy_indices():
    game = hopzero.make("alquerque")
    s = some_states(game, n=2)[1]  # Black to move: indices differ from ids
    assert s.current_player() == 1
    mask = s.legal_policy_mask()
    assert sorted(np.flatnonzero(mask)) == sorted(s.policy_index(a) for a in s.legal_actions())
    assert all(s.action_from_policy_index(s.policy_index(a)) == a for a in s.legal_actions())


@pytest.mark.parametrize("name,options", VARIANTS, ids=map(variant_id, VARIANTS))
def test_pickle_round_trips_games_and_states(name, options):
    game = hopzero.make(name, **options)
    s = some_states(game, n=6)[-1]
    again = pickle.loads(pickle.dumps(s))
    assert again == s and again.serialize() == s.serialize()
    assert again.game == game and hash(again.game) == hash(game)
    g2 = pickle.loads(pickle.dumps(game))
    assert g2.full_name == game.full_name
    assert s != game.new_initial_state() and s != "text"


def test_apply_all_and_state_game():
    game = hopzero.make("jumpers", size=8)
    s = game.new_initial_state()
    assert s.game == game and s.game.full_name == "jumpers(size=8)"
    first = s.legal_actions()[0]
    t = s.clone()
    t.apply_all([first])
    u = s.clone()
    u.apply(first)
    assert t == u
    with pytest.raises(TypeError):
        s.apply_all(["a1-c1"])
    assert game.num_symmetries() == 2
    assert hopzero.game_description("jumpers")
