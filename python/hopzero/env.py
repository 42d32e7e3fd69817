"""A reset/step environment over any hopzero game, for RL experiments in Python."""

from __future__ import annotations

import numpy as np

from . import _core


class Env:
    """``reset()`` -> observation; ``step(action)`` -> (observation, rewards, done, info).

    Rewards are a numpy array with one entry per player: zero until the game ends, then the
    game's returns. The observation is in the view of the player to move (see info["player"]).
    """

    def __init__(self, game_or_name, **options):
        self.game = (_core.make(game_or_name, **options)
                     if isinstance(game_or_name, str) else game_or_name)
        self.state = None

    def reset(self):
        """Starts a new game; returns the first observation."""
        self.state = self.game.new_initial_state()
        return self.state.observation()

    def _info(self):
        """The player to move, the legal mask and the move number."""
        return {
            "player": self.state.current_player(),
            "legal_mask": self.state.legal_mask(),
            "move_number": self.state.move_number(),
        }

    def step(self, action: int):
        """Applies one action id (an integer: a float or a str raises TypeError, an illegal
        or out-of-range id ValueError); returns (observation, rewards, done, info)."""
        if self.state is None:
            raise RuntimeError("call reset() before step()")
        if self.state.is_terminal():
            raise RuntimeError("the game is over: call reset()")
        self.state.apply(action)  # an int (numpy integers too); a float or str is TypeError
        done = self.state.is_terminal()
        n = self.game.num_players()
        rewards = (np.asarray(self.state.returns(), dtype=np.float32) if done
                   else np.zeros(n, dtype=np.float32))
        return self.state.observation(), rewards, done, self._info()

    def legal_actions(self):
        """Legal action ids of the current state."""
        return self.state.legal_actions()
