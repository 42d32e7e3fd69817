"""hopzero: self-play reinforcement learning for jumping board games.

Import with /usr/bin/python3 and PYTHONPATH pointing at this folder's parent (``python/``) after
the build (``make -C build _core`` places the compiled module ``_core`` here).

    >>> import hopzero
    >>> game = hopzero.make("alquerque")
    >>> state = game.new_initial_state()
    >>> state.legal_actions()[:3]
    [...]

Modules: ``agents`` (agents from specs), ``records`` (game records), ``data`` (run metrics,
sample shards, ladder tables), ``boards`` (board geometry), ``plot`` (drawing boards with
matplotlib; imported on demand), ``analysis`` (playing and measuring many games),
``notebook`` (helpers for the notebooks), ``Env`` (a reset/step environment).
"""

from __future__ import annotations

import numbers

from . import _core
from ._core import (Agent, Game, SearchInfo, State, game_description, game_names, game_options,
                    game_test_variants)
from . import agents, analysis, boards, data, records
from .env import Env

__all__ = [
    "Agent", "Env", "Game", "SearchInfo", "State", "agents", "analysis", "boards", "data",
    "records", "game_description", "game_names", "game_options", "game_test_variants", "make",
    "play_game",
]


def make(name: str, **options) -> Game:
    """A game variant by name with rule options, e.g. ``make("jumpers", size=8)``.

    Unknown names, options or option values raise ValueError naming them and the valid ones.
    """
    return _core.make(name, **options)


def play_game(game: Game, players, max_actions: int | None = None, start: State | None = None):
    """Plays one game between players (one per seat, in seat order) and returns
    ``(actions, returns)``.

    ``players`` may hold Agent objects or callables ``state -> action``. With only Agents the
    whole game runs in C++ with the GIL released (agents are reset first); with any callable it
    runs in Python. ``start`` continues from a given state (default: the initial state).
    ValueError when the game does not end within ``max_actions`` (default:
    ``game.max_game_length()``; an int >= 0)."""
    if max_actions is not None:
        if isinstance(max_actions, bool) or not isinstance(max_actions, numbers.Integral):
            raise TypeError(f"max_actions must be an int, not {type(max_actions).__name__}")
        if max_actions < 0:
            raise ValueError(f"max_actions must be >= 0 (or None for the game's bound), "
                             f"not {max_actions}")
    if len(players) != game.num_players():
        raise ValueError(f"{game.name} needs {game.num_players()} players, got {len(players)}")
    if all(isinstance(p, Agent) for p in players):
        return _core.play_game(game, list(players), start, max_actions)
    state = start.clone() if start is not None else game.new_initial_state()
    actions = []
    limit = max_actions if max_actions is not None else game.max_game_length()
    while not state.is_terminal():
        if len(actions) >= limit:
            raise ValueError(f"the game did not end within {limit} actions")
        p = players[state.current_player()]
        action = p.select_action(state) if hasattr(p, "select_action") else p(state)
        state.apply(action)  # not int(): a float or str from a callable is TypeError
        actions.append(int(action))
    return actions, state.returns()
