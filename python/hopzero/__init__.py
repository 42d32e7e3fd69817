"""hopzero: self-play reinforcement learning for jumping board games.

Import with /usr/bin/python3 and PYTHONPATH pointing at this folder's parent (``python/``) after
the build (``scripts/setup.sh`` places the compiled module ``_core`` here).

    >>> import hopzero
    >>> game = hopzero.make("alquerque")
    >>> state = game.new_initial_state()
    >>> state.legal_actions()
"""

from __future__ import annotations

from . import _core
from ._core import Agent, Game, SearchInfo, State, game_names, game_options
from . import agents, records
from .env import Env

__all__ = [
    "Agent", "Env", "Game", "SearchInfo", "State", "agents", "records", "game_names", "game_options", "make",
    "play_game",
]


def make(name: str, **options) -> Game:
    """A game variant by name with rule options, e.g. ``make("jumpers", size=8)``.

    Unknown names, options or option values raise ValueError naming them and the valid ones.
    """
    return _core.make(name, **options)


def play_game(game: Game, players, max_actions: int | None = None):
    """Plays one game between agents (one per player, in seat order) and returns
    ``(actions, returns)``. ``players`` may hold Agent objects or callables state -> action."""
    if len(players) != game.num_players():
        raise ValueError(f"{game.name} needs {game.num_players()} players, got {len(players)}")
    state = game.new_initial_state()
    actions = []
    limit = max_actions if max_actions is not None else game.max_game_length()
    while not state.is_terminal():
        if len(actions) >= limit:
            raise RuntimeError(f"game did not end within {limit} actions")
        p = players[state.current_player()]
        action = p.select_action(state) if hasattr(p, "select_action") else p(state)
        state.apply(action)
        actions.append(action)
    return actions, state.returns()
