"""Agents through the spec path, their SearchInfo, whole games in C++, and the GIL."""

import threading

import numpy as np
import pytest

import hopzero
from hopzero import _core

GAMES = hopzero.game_names()


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("evaluator", ["uniform", "rollout"])
def test_mcts_search_info(name, evaluator):
    game = hopzero.make(name)
    s = game.new_initial_state()
    agent = hopzero.agents.mcts(game, simulations=64, evaluator=evaluator, seed=3)
    assert agent.name == "mcts" and agent.game == game and "sims=64" in agent.spec
    action, info = hopzero.agents.search(agent, s)
    legal = set(s.legal_actions())
    assert action in legal
    actions, visits, values = info.actions, info.visits, info.values
    assert actions.dtype == np.int32 and visits.dtype == np.int32 and values.dtype == np.float32
    assert set(actions.tolist()) == legal  # the root was expanded: one child per legal action
    assert len(info) == len(legal) == len(visits) == len(values)
    assert visits.sum() >= 64 - 1 and visits.min() >= 0
    assert np.all(np.abs(values) <= 1 + 1e-6) and -1 <= info.root_value <= 1
    # temperature 0: the chosen action is the most visited child, the first move of the PV
    assert action == actions[np.argmax(visits)] == info.principal_variation[0]
    assert not visits.flags.writeable
    with pytest.raises(ValueError):
        visits[0] = 5
    # the arrays view the SearchInfo and keep it alive after it is dropped
    del info
    assert visits.sum() >= 63


def test_search_info_of_agents_that_do_not_search():
    game = hopzero.make("alquerque")
    agent = hopzero.agents.random(game, seed=1)
    agent.select_action(game.new_initial_state())
    info = agent.last_search()
    assert len(info) == 0 and info.principal_variation == [] and info.visits.shape == (0,)
    assert "0 children" in repr(info)


def test_cpp_play_game_equals_the_python_loop():
    """The same seeded agents give the same game whether C++ or Python drives it."""
    for name in GAMES:
        game = hopzero.make(name)
        seats = range(game.num_players())
        agents = [hopzero.agents.random(game, seed=11 + p) for p in seats]
        actions, returns = _core.play_game(game, agents)
        again = [hopzero.agents.random(game, seed=11 + p) for p in seats]
        s = game.new_initial_state()
        for a in actions:
            assert again[s.current_player()].select_action(s) == a
            s.apply(a)
        assert s.is_terminal() and s.returns() == pytest.approx(returns)
        # hopzero.play_game with callables runs in Python and agrees too
        py_agents = [hopzero.agents.random(game, seed=11 + p) for p in seats]
        callables = [lambda st, a=a: a.select_action(st) for a in py_agents]
        assert hopzero.play_game(game, callables)[0] == actions


def test_play_game_from_a_start_state_and_records():
    game = hopzero.make("jumpers")
    s = game.new_initial_state()
    s.apply(s.legal_actions()[0])
    agents = [hopzero.agents.mcts(game, simulations=8, seed=s) for s in (1, 2)]
    actions, returns = hopzero.play_game(game, agents, start=s)
    full = [game.new_initial_state().legal_actions()[0]] + actions
    record = hopzero.records.from_actions(game, full, [a.spec for a in agents])
    assert hopzero.records.parse(hopzero.records.format(record)).result == pytest.approx(returns)


def test_alphabeta_and_greedy_where_heuristics_exist():
    for name in GAMES:
        game = hopzero.make(name)
        s = game.new_initial_state()
        for spec in ("alphabeta:depth=1", "greedy"):
            try:
                agent = _core.make_agent(game, spec, 0)
            except ValueError as e:  # the game has no heuristic yet: a clear message, no crash
                assert "heuristic" in str(e)
                continue
            action, info = hopzero.agents.search(agent, s)
            assert action in s.legal_actions()
            assert np.all(np.abs(info.values) <= 1 + 1e-6)


def test_the_gil_is_released_while_an_agent_thinks():
    """While one thread searches for ~0.4 s, another thread keeps running Python. With the GIL
    held for the whole search, the main loop below could not advance during it."""
    game = hopzero.make("chinese_checkers")
    agent = hopzero.agents.from_spec(game, "mcts:time_ms=400,evaluator=rollout")
    state = game.new_initial_state()
    started, done = threading.Event(), threading.Event()

    def think():
        started.set()
        agent.select_action(state)
        done.set()

    worker = threading.Thread(target=think)
    worker.start()
    started.wait()
    spins = 0
    while not done.is_set():
        spins += 1
    worker.join()
    assert spins > 10000


def test_one_agent_is_not_used_by_two_threads_at_once():
    """Two threads ask one agent at the same moment: one searches (300 ms), the other gets a
    ValueError instead of sharing the search tree."""
    game = hopzero.make("chinese_checkers")
    agent = hopzero.agents.from_spec(game, "mcts:time_ms=300,evaluator=rollout")
    state = game.new_initial_state()
    barrier = threading.Barrier(2)
    results = []

    def think():
        barrier.wait()
        try:
            results.append(agent.select_action(state.clone()))
        except ValueError as e:
            results.append(str(e))

    workers = [threading.Thread(target=think) for _ in range(2)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    errors = [r for r in results if isinstance(r, str)]
    assert len(errors) == 1 and "already thinking" in errors[0]
    assert agent.select_action(state) in state.legal_actions()  # usable again afterwards


def test_checkpoint_evaluator_reports_the_file():
    game = hopzero.make("alquerque")
    agent_or_error = None
    try:
        agent_or_error = hopzero.agents.mcts(game, checkpoint="/no/such/ckpt_000001.pt")
        agent_or_error.select_action(game.new_initial_state())
    except ValueError as e:
        agent_or_error = str(e)
    assert "ckpt_000001.pt" in agent_or_error


@pytest.fixture(scope="module")
def tiny_jumpers_run(tmp_path_factory):
    """A tiny Jumpers run made by `hopzero train` through the notebook helper (seconds)."""
    from hopzero import notebook

    run = str(tmp_path_factory.mktemp("tiny") / "run")
    made = notebook.make_tiny_run("jumpers", run, settings={"training.total_steps": 5,
                                                            "evaluation.games": 0})
    if made is None:
        pytest.skip("this build has no `hopzero train` or no tiny config")
    return made


def test_checkpoint_evaluator_agents(tiny_jumpers_run):
    from hopzero import analysis, data, notebook

    game = notebook.run_game(tiny_jumpers_run)
    assert game.full_name == "jumpers(size=6)"
    (_, path), = data.list_checkpoints(tiny_jumpers_run)[-1:]
    s = game.new_initial_state()
    agent = hopzero.agents.mcts(game, simulations=24, checkpoint=path, seed=1)
    assert "evaluator=checkpoint" in agent.spec
    action, info = hopzero.agents.search(agent, s)
    assert action in s.legal_actions() and set(info.actions.tolist()) == set(s.legal_actions())
    assert np.all(np.abs(info.values) <= 1 + 1e-6) and info.visits.sum() >= 23
    prior = analysis.policy_estimate(s, path, simulations=40)
    assert prior["share"].sum() == pytest.approx(1.0)
    assert set(prior["actions"].tolist()) == set(s.legal_actions())
    other = hopzero.make("jumpers", size=8)  # the network was trained for 6x6
    with pytest.raises(ValueError, match="size=6"):
        hopzero.agents.mcts(other, simulations=4, checkpoint=path).select_action(
            other.new_initial_state())
