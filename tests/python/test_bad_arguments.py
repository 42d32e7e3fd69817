"""Bad arguments raise Python exceptions with clear messages; nothing crashes the interpreter."""

import numpy as np
import pytest

import hopzero
from hopzero import _core
from variants import registered_variants


@pytest.fixture
def alq():
    return hopzero.make("alquerque")


def test_wrong_types(alq):
    s = alq.new_initial_state()
    with pytest.raises(TypeError):
        s.apply("c2-c3")
    with pytest.raises(TypeError):
        s.apply(None)
    with pytest.raises(TypeError):
        s.apply(1.5)
    with pytest.raises(TypeError):
        s.transformed("one")
    with pytest.raises(TypeError):
        alq.perft("state", 1)
    with pytest.raises(TypeError):
        alq.observations([s, "not a state"])
    with pytest.raises(TypeError):
        _core.make_agent("alquerque", "random", 0)
    with pytest.raises(TypeError, match="option 'max_plies'"):
        hopzero.make("alquerque", max_plies=[1])
    with pytest.raises(TypeError):
        alq.transform_observation("abc", 0)
    with pytest.raises(TypeError):
        hopzero.agents.random(alq).select_action(None)
    with pytest.raises(TypeError):
        _core.play_game(alq, [None, None])


def test_negative_and_out_of_range_ids(alq):
    s = alq.new_initial_state()
    n = alq.num_actions()
    # Ids past 32 bits too: they were pybind11's TypeError, where the docs promise ValueError.
    for bad in (-1, -100, n, n + 5, 2**31, -2**31 - 1, 2**40, 2**70):
        with pytest.raises(ValueError, match=f"action id {bad} is out of range"):
            s.apply(bad)
        with pytest.raises(ValueError, match="out of range"):
            s.policy_index(bad)
        with pytest.raises(ValueError, match="out of range"):
            s.action_from_policy_index(bad)
        with pytest.raises(ValueError, match="out of range"):
            s.action_to_string(bad)
        with pytest.raises(ValueError, match="out of range"):
            alq.transform_policy_index(bad, 0)
        assert not s.is_legal(bad)
    with pytest.raises(ValueError):
        s.turn_to_string([-1])
    with pytest.raises(TypeError):
        hopzero.agents.random(alq, seed=-1)  # seeds are unsigned


def test_out_of_range_symmetries():
    for game in (hopzero.make(name, **options) for name, options in registered_variants()):
        s = game.new_initial_state()
        obs = s.observation()
        policy = np.zeros(game.num_actions(), dtype=np.float32)
        for sym in (-1, game.num_symmetries(), 99):
            with pytest.raises(ValueError, match="symmetry"):
                s.transformed(sym)
            with pytest.raises(ValueError, match="symmetry"):
                game.transform_observation(obs, sym)
            with pytest.raises(ValueError, match="symmetry"):
                game.transform_policy(policy, sym)
            with pytest.raises(ValueError, match="symmetry"):
                game.transform_policy_index(0, sym)


def test_wrong_shapes(alq):
    with pytest.raises(ValueError, match=r"needs \(11, 5, 5\)"):
        alq.transform_observation(np.zeros((3, 5, 5), dtype=np.float32), 0)
    with pytest.raises(ValueError, match="num_actions"):
        alq.transform_policy(np.zeros(5), 0)
    # float64 input is converted, not rejected
    obs = alq.new_initial_state().observation().astype(np.float64)
    assert alq.transform_observation(obs, 1).dtype == np.float32


def test_states_of_another_game_are_refused():
    alq, jump6, jump8 = (hopzero.make("alquerque"), hopzero.make("jumpers"),
                         hopzero.make("jumpers", size=8))
    s6 = jump6.new_initial_state()
    for game in (alq, jump8):
        agent = hopzero.agents.mcts(game, simulations=10)
        with pytest.raises(ValueError, match=r"jumpers\(size=6\)"):
            agent.select_action(s6)
        with pytest.raises(ValueError, match=r"jumpers\(size=6\)"):
            game.perft(s6, 1)
        with pytest.raises(ValueError, match=r"jumpers\(size=6\)"):
            game.observations([s6])
        with pytest.raises(ValueError, match=r"jumpers\(size=6\)"):
            _core.play_game(game, [agent, agent], s6)
    # an agent of another variant in a game
    with pytest.raises(ValueError, match="made for"):
        _core.play_game(jump6, [hopzero.agents.random(jump8), hopzero.agents.random(jump6)])
    with pytest.raises(ValueError, match="needs 2 agents"):
        _core.play_game(jump6, [hopzero.agents.random(jump6)])
    # same rules, separately made game objects: accepted
    other6 = hopzero.make("jumpers", size=6)
    assert hopzero.agents.random(other6).select_action(s6) in s6.legal_actions()


def test_finished_games_and_perft_depth():
    game = hopzero.make("jumpers")
    s = game.new_initial_state()
    actions, _ = hopzero.play_game(game, [hopzero.agents.random(game, seed=1),
                                          hopzero.agents.random(game, seed=2)])
    s.apply_all(actions)
    assert s.is_terminal()
    for agent in (hopzero.agents.random(game), hopzero.agents.mcts(game, simulations=5)):
        with pytest.raises(ValueError, match="finished"):
            agent.select_action(s)
    with pytest.raises(ValueError, match="over"):
        s.apply(0)
    with pytest.raises(ValueError, match="not terminal"):
        game.new_initial_state().returns()
    with pytest.raises(ValueError, match="depth"):
        game.perft(game.new_initial_state(), -1)
    with pytest.raises(ValueError, match="depth"):
        game.perft(game.new_initial_state(), 1000)
    with pytest.raises(ValueError, match="did not end"):
        hopzero.play_game(game, [hopzero.agents.random(game)] * 2, max_actions=3)
    with pytest.raises(ValueError, match="did not end"):
        hopzero.play_game(game, [lambda st: st.legal_actions()[0]] * 2, max_actions=3)


def test_bad_specs_and_settings(alq):
    for spec, word in [("nosuch", "nosuch"), ("random:x=1", "x"), ("mcts:sims=-5", "sims"),
                       ("mcts:sims=abc", "sims"), ("mcts:evaluator=magic", "magic"),
                       ("mcts:evaluator=checkpoint", "checkpoint"), (":sims=1", "kind"),
                       ("mcts:sims", "key=value"), ("mcts:sims=1,sims=2", "twice")]:
        with pytest.raises(ValueError, match=word):
            _core.make_agent(alq, spec, 0)
    with pytest.raises(ValueError, match="missing.pt"):
        agent = hopzero.agents.mcts(alq, checkpoint="/nonexistent/missing.pt")
        agent.select_action(alq.new_initial_state())
    with pytest.raises(ValueError, match="may not contain"):
        hopzero.agents.spec("mcts", checkpoint="a,b")


def test_bad_game_text(alq):
    for text in ("", "garbage", "BBBBB/BBBBB/BB.WW/WWWWW/WWWWW x", "B" * 300):
        with pytest.raises(ValueError):
            alq.deserialize_state(text)
    s = alq.new_initial_state()
    for text in ("", "zz", "c2-c9", "c2-c3-c4", "huff"):
        with pytest.raises(ValueError):
            s.string_to_action(text)
        with pytest.raises(ValueError):
            s.parse_turn(text)
    with pytest.raises(ValueError):
        hopzero.records.parse("hopzero-record 1\ngame: nosuch\n")


def test_actions_are_integers_never_truncated_or_converted(alq):
    env = hopzero.Env(alq)
    env.reset()
    a = env.legal_actions()[0]
    for bad in (a + 0.9, float(a), str(a), np.float64(a), True):
        with pytest.raises(TypeError, match="an action id must be an integer"):
            env.step(bad)
        with pytest.raises(TypeError, match="an action id must be an integer"):
            env.state.apply(bad)
    assert env.state == alq.new_initial_state()  # nothing was applied
    env.step(np.int64(a))  # numpy integers are integers
    assert env.state.move_number() == 1
    # A callable player answering with a float is refused too, not truncated.
    with pytest.raises(TypeError, match="an action id must be an integer"):
        hopzero.play_game(alq, [lambda st: st.legal_actions()[0] + 0.5] * 2)


def test_apply_all_is_all_or_nothing(alq):
    s = alq.new_initial_state()
    legal = s.legal_actions()[0]
    for tail in (-5, legal, alq.num_actions(), 2**40):  # `legal` again: not legal for player 1
        with pytest.raises(ValueError):
            s.apply_all([legal, tail])
        assert s == alq.new_initial_state(), tail  # the first action was left applied before
    s.apply_all([legal])
    assert s.move_number() == 1


def test_play_game_refuses_a_negative_or_non_integer_limit(alq):
    agents = [hopzero.agents.random(alq, seed=1), hopzero.agents.random(alq, seed=2)]
    callables = [lambda st: st.legal_actions()[0]] * 2
    for players in (agents, callables):
        # Before: -5 played without a limit (agents) or stopped at once (callables).
        with pytest.raises(ValueError, match="max_actions must be >= 0"):
            hopzero.play_game(alq, players, max_actions=-5)
        with pytest.raises(TypeError, match="max_actions must be an int"):
            hopzero.play_game(alq, players, max_actions=2.5)
        with pytest.raises(ValueError, match="did not end within 0 actions"):
            hopzero.play_game(alq, players, max_actions=0)
    with pytest.raises(ValueError, match="max_actions must be >= 0"):
        _core.play_game(alq, agents, None, -1)
    actions, _ = _core.play_game(alq, agents)  # None: the game's own bound
    assert 0 < len(actions) <= alq.max_game_length()
