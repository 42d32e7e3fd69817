"""Agents for any game, built by the C++ engine from a spec.

Every function returns a ``hopzero.Agent`` with ``select_action(state)`` and ``last_search()``;
the GIL is released while it thinks. Bad settings raise ValueError naming the setting. Specs
(see docs and ``cpp/search/*_agent*.h``):

- ``random``
- ``mcts:sims=200,evaluator=uniform|rollout|checkpoint,checkpoint=PATH,cpuct=1.25,...``
- ``alphabeta:depth=4`` (or ``time_ms=``, ``nodes=``), ``greedy`` — need the game's heuristic.
"""

from __future__ import annotations

from . import _core

__all__ = ["spec", "from_spec", "random", "mcts", "alphabeta", "greedy", "search"]


def spec(kind: str, **settings) -> str:
    """A spec string from a kind and settings: ``spec("mcts", sims=50)`` -> ``"mcts:sims=50"``.
    None values are left out; booleans become true/false."""
    items = []
    for key, value in settings.items():
        if value is None:
            continue
        if isinstance(value, bool):
            value = "true" if value else "false"
        text = str(value)
        if "," in text or any(c in key for c in ",:="):
            raise ValueError(f"setting {key}={text!r}: a spec value may not contain ',' "
                             "and a key may not contain ',', ':' or '='")
        items.append(f"{key}={text}")
    return kind + (":" + ",".join(items) if items else "")


def from_spec(game, spec_text: str, seed: int = 0) -> _core.Agent:
    """An agent from a spec string such as ``"mcts:sims=200,evaluator=rollout"``."""
    return _core.make_agent(game, spec_text, seed)


def random(game, seed: int = 0) -> _core.Agent:
    """Uniformly random legal actions."""
    return from_spec(game, "random", seed)


def mcts(game, simulations: int = 200, evaluator: str = "uniform", seed: int = 0,
         checkpoint: str | None = None, **settings) -> _core.Agent:
    """PUCT MCTS. ``evaluator`` is "uniform", "rollout" or "checkpoint" (give ``checkpoint``,
    a ckpt_NNNNNN.pt file; giving it alone implies evaluator="checkpoint")."""
    if checkpoint is not None:
        settings["checkpoint"] = checkpoint
        if evaluator == "uniform":
            evaluator = "checkpoint"
    return from_spec(game, spec("mcts", sims=simulations, evaluator=evaluator, **settings), seed)


def alphabeta(game, depth: int | None = None, time_ms: int | None = None, seed: int = 0,
              **settings) -> _core.Agent:
    """Alpha-beta over whole turns (negamax; paranoid or best-reply for 3+ players)."""
    return from_spec(game, spec("alphabeta", depth=depth, time_ms=time_ms, **settings), seed)


def greedy(game, seed: int = 0, **settings) -> _core.Agent:
    """One-turn lookahead with the game's hand-made evaluation."""
    return from_spec(game, spec("greedy", **settings), seed)


def search(agent: _core.Agent, state) -> tuple[int, _core.SearchInfo]:
    """Asks ``agent`` for a move at ``state`` and returns ``(action, agent.last_search())``."""
    action = agent.select_action(state)
    return action, agent.last_search()
