"""Agents for any game, built by the C++ engine from a spec.

Every function returns a ``hopzero.Agent`` with ``select_action(state)``; the GIL is released
while it thinks. Bad settings raise ValueError naming the setting.
"""

from __future__ import annotations

from . import _core


def _spec(kind: str, **settings) -> str:
    items = []
    for key, value in settings.items():
        if value is None:
            continue
        if isinstance(value, bool):
            value = "true" if value else "false"
        items.append(f"{key}={value}")
    return kind + (":" + ",".join(items) if items else "")


def from_spec(game, spec: str, seed: int = 0) -> _core.Agent:
    """An agent from a spec string such as ``"mcts:sims=200,evaluator=rollout"``."""
    return _core.make_agent(game, spec, seed)


def random(game, seed: int = 0) -> _core.Agent:
    """Uniformly random legal actions."""
    return from_spec(game, "random", seed)


def mcts(game, simulations: int = 200, evaluator: str = "uniform", seed: int = 0,
         checkpoint: str | None = None, **settings) -> _core.Agent:
    """PUCT MCTS. ``evaluator`` is "uniform", "rollout" or "checkpoint" (give ``checkpoint``)."""
    if checkpoint is not None:
        settings["checkpoint"] = checkpoint
        if evaluator == "uniform":
            evaluator = "checkpoint"
    return from_spec(game, _spec("mcts", sims=simulations, evaluator=evaluator, **settings), seed)


def alphabeta(game, depth: int | None = None, time_ms: int | None = None, seed: int = 0,
              **settings) -> _core.Agent:
    """Alpha-beta (negamax over whole turns; paranoid or best-reply for 3+ players)."""
    return from_spec(game, _spec("alphabeta", depth=depth, time_ms=time_ms, **settings), seed)


def greedy(game, seed: int = 0) -> _core.Agent:
    """One-turn lookahead with the game's hand-made evaluation."""
    return from_spec(game, "greedy", seed)
