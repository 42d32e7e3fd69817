"""Playing many games and measuring them, for notebooks and experiments.

Games are played in C++ (``hopzero._core.play_game``, GIL released), optionally on several
Python threads at once. Results are plain dataclasses and numpy arrays:

    >>> import hopzero
    >>> from hopzero import analysis
    >>> game = hopzero.make("alquerque")
    >>> games = analysis.play_games(game, ["random", "random"], n=4, seed=1)
    >>> analysis.outcomes_by_seat(games)["win"].shape
    (2,)

Seats: with ``rotate=True`` the specs turn round from game to game, so each spec plays every
seat; each PlayedGame records which spec sat where.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

import numpy as np

from . import _core
from .boards import geometry

__all__ = ["PlayedGame", "Turn", "play_games", "turns_of", "outcomes_by_seat", "game_lengths",
           "piece_counts", "measures", "goal_distances", "series_by_turn", "first_move_values",
           "search_policy", "policy_estimate"]


@dataclass
class PlayedGame:
    """One finished game: its actions, final returns per player, and the spec per seat."""

    actions: list[int]
    returns: np.ndarray
    specs: list[str]
    seed: int = 0

    @property
    def length(self) -> int:
        """Number of actions."""
        return len(self.actions)


@dataclass
class Turn:
    """One complete turn of a replayed game: who moved, the actions, the notation, and the
    states before and after it (``before``, ``after``: hopzero.State)."""

    player: int
    actions: list[int]
    text: str
    after: object = field(repr=False)
    before: object = field(default=None, repr=False)


def play_games(game, specs, n: int, seed: int = 0, rotate: bool = True,
               threads: int = 1) -> list[PlayedGame]:
    """Plays ``n`` games between agents built from ``specs`` (one per seat). Game i uses seeds
    derived from ``seed`` and i, so results do not depend on ``threads``."""
    players = game.num_players()
    if len(specs) != players:
        raise ValueError(f"{game.full_name} needs {players} agent specs, got {len(specs)}")
    if n < 0 or threads < 1:
        raise ValueError("n must be >= 0 and threads >= 1")

    def one(i: int) -> PlayedGame:
        shift = i % players if rotate else 0
        seat_specs = [specs[(seat + shift) % players] for seat in range(players)]
        game_seed = seed * 1_000_003 + i
        agents = [_core.make_agent(game, s, game_seed * 16 + seat)
                  for seat, s in enumerate(seat_specs)]
        actions, returns = _core.play_game(game, agents)
        return PlayedGame(actions, np.asarray(returns, dtype=np.float32), seat_specs, game_seed)

    if threads == 1:
        return [one(i) for i in range(n)]
    with ThreadPoolExecutor(threads) as pool:
        return list(pool.map(one, range(n)))


def turns_of(game, actions) -> list[Turn]:
    """Replays a game's actions and groups them into turns (a turn ends when the player to move
    changes or the game ends). Raises ValueError at an illegal action."""
    state = game.new_initial_state()
    turns: list[Turn] = []
    start, current = state.clone(), []
    for a in actions:
        player = state.current_player()
        state.apply(int(a))
        current.append(int(a))
        if state.is_terminal() or state.current_player() != player:
            turns.append(Turn(player, current, start.turn_to_string(current), state.clone(),
                              start))
            start, current = state.clone(), []
    if current:
        turns.append(Turn(start.current_player(), current, start.turn_to_string(current),
                          state.clone(), start))
    return turns


def outcomes_by_seat(games: list[PlayedGame]) -> dict[str, np.ndarray]:
    """Wins, draws and losses per seat (a win is a return > 0, a loss < 0), and the mean
    return per seat, as arrays indexed by seat."""
    if not games:
        raise ValueError("no games")
    r = np.stack([g.returns for g in games])
    return {"win": (r > 1e-6).sum(0), "draw": (np.abs(r) <= 1e-6).sum(0),
            "loss": (r < -1e-6).sum(0), "mean_return": r.mean(0)}


def game_lengths(game, games: list[PlayedGame], unit: str = "turns") -> np.ndarray:
    """Length of each game in ``"actions"`` or complete ``"turns"``."""
    if unit == "actions":
        return np.array([g.length for g in games])
    if unit == "turns":
        return np.array([len(turns_of(game, g.actions)) for g in games])
    raise ValueError(f"unit must be 'actions' or 'turns', not {unit!r}")


def _positions(game, actions) -> list:
    """The engine's positions (hopzero.boards.Position) at the start and after every turn."""
    geo = geometry(game)
    states = [game.new_initial_state()] + [t.after for t in turns_of(game, actions)]
    return [geo.read(s) for s in states]


def _counts(positions, players: int) -> np.ndarray:
    return np.array([[pos.count(p) for p in range(players)] for pos in positions])


def _measures(positions) -> dict[str, np.ndarray]:
    return {name: np.array([pos.measures[name] for pos in positions])
            for name in positions[0].measures}


def piece_counts(game, actions) -> np.ndarray:
    """Pieces on the board per player at the start and after every turn: (turns + 1, players)
    integers, from the engine's positions (State.board_position())."""
    return _counts(_positions(game, actions), game.num_players())


def measures(game, actions) -> dict[str, np.ndarray]:
    """The game's own measures (State.board_position()["measures"], e.g. Chinese Checkers'
    ``"goal_distance"``) at the start and after every turn: name -> (turns + 1, players).
    Empty for a game that reports none."""
    return _measures(_positions(game, actions))


def series_by_turn(game, games: list[PlayedGame]) -> dict[str, list[np.ndarray]]:
    """Per-turn series of every game in ``games`` for charts.plot_series: ``"pieces on the
    board"`` (piece_counts()) and each of the game's own measures (measures(), e.g.
    ``"goal_distance"``), each a list of (turns + 1, players) arrays, one per game."""
    out: dict[str, list[np.ndarray]] = {"pieces on the board": []}
    for played in games:
        positions = _positions(game, played.actions)
        out["pieces on the board"].append(_counts(positions, game.num_players()))
        for name, values in _measures(positions).items():
            out.setdefault(name, []).append(values)
    return out


def goal_distances(game, actions) -> np.ndarray:
    """Each player's distance to a full goal as the engine measures it (the ``"goal_distance"``
    measure, Chinese Checkers' scoring.h) at the start and after every turn: (turns + 1,
    players). ValueError for a game without that measure."""
    found = measures(game, actions)
    if "goal_distance" not in found:
        raise ValueError(f"{game.full_name} reports no goal_distance measure "
                         f"(its measures: {sorted(found) or 'none'})")
    return found["goal_distance"]


def search_policy(agent, state) -> dict:
    """Runs ``agent`` at ``state`` and returns what its search saw: ``actions``, ``notation``,
    ``visits``, ``share`` (visit share), ``values`` (for the mover), ``root_value``, ``chosen``
    and ``pv`` (principal variation in notation, as far as it stays legal)."""
    chosen = agent.select_action(state)
    info = agent.last_search()
    actions = np.asarray(info.actions).copy()
    visits = np.asarray(info.visits).astype(float)
    share = visits / visits.sum() if visits.sum() > 0 else np.zeros_like(visits)
    pv, s = [], state.clone()
    for a in info.principal_variation:
        if s.is_terminal() or not s.is_legal(a):
            break
        pv.append(s.action_to_string(a))
        s.apply(a)
    return {"actions": actions, "notation": [state.action_to_string(int(a)) for a in actions],
            "visits": visits, "share": share, "values": np.asarray(info.values).copy(),
            "root_value": float(info.root_value), "chosen": int(chosen), "pv": pv}


def first_move_values(game, spec: str = "mcts:sims=400,evaluator=rollout", seed: int = 0,
                      state=None) -> dict:
    """search_policy() of a fresh agent from ``spec`` at the start (or ``state``)."""
    agent = _core.make_agent(game, spec, seed)
    return search_policy(agent, state if state is not None else game.new_initial_state())


def policy_estimate(state, checkpoint: str, simulations: int = 800, seed: int = 0) -> dict:
    """An estimate of a network's prior policy at ``state``: the visit shares of an MCTS with
    the checkpoint evaluator and a very large exploration constant (cpuct=100), where visits
    follow the priors and values barely matter. Returns search_policy()'s dict."""
    spec = f"mcts:sims={simulations},evaluator=checkpoint,checkpoint={checkpoint},cpuct=100,fpu=0"
    return search_policy(_core.make_agent(state.game, spec, seed), state)
