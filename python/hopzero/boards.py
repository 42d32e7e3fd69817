"""Board geometry of any registered game, for drawing and analysis, read from the engine alone:
``Game.geometry()`` (points with names and coordinates, lines, home/goal regions, players'
names and colours), ``State.board_position()`` (who stands where, reserves, the chain piece,
the game's own measures such as Chinese Checkers' goal distance) and ``State.action_points()``
(the points an action touches). Nothing here knows a game by name, parses a ``serialize()``
text or decodes an action id, so a newly registered game draws without an edit here. Nothing
here needs matplotlib.

    >>> import hopzero
    >>> from hopzero.boards import geometry
    >>> game = hopzero.make("jumpers")
    >>> geo = geometry(game)
    >>> pos = geo.read(game.new_initial_state())
    >>> pos.count(0)  # Red's pieces on the board
    4

Every point has an index (the engine's point index), a name in the game's notation and an
(x, y) position for drawing (unit spacing between neighbouring points, y up).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import numpy as np

__all__ = ["Geometry", "Position", "ActionPoints", "Label", "geometry"]

# Prefixes in turn notation that mark a point without moving there: a birth ("+d3") and a
# huff ("huff b2"); docs/notation.md.
_MARK_PREFIX = r"(\+\s*|huff\s+)?"
_NAME_PARTS = re.compile(r"([a-z]+)(\d+)")  # a letter part and a number part: "c3", "q1"
_LABEL_GAP = 0.6  # labels stand this far beyond the end of their line of points


@dataclass
class Position:
    """Who stands where (State.board_position()): ``owner[p]`` is the player on point p or -1.

    ``to_move`` is the player to move (-1 when the game is over); ``reserves`` the pieces in
    reserve per player (empty for games without reserves); ``active`` the piece that must go on
    in a chain, or None; ``measures`` the game's own measures by name, one value per player
    (e.g. Chinese Checkers' ``"goal_distance"``), empty when the game has none."""

    owner: np.ndarray
    to_move: int
    reserves: list[int] = field(default_factory=list)
    active: int | None = None
    measures: dict[str, np.ndarray] = field(default_factory=dict)

    def count(self, player: int) -> int:
        """Pieces of ``player`` on the board."""
        return int((self.owner == player).sum())


@dataclass
class ActionPoints:
    """The points an action touches (State.action_points()). ``kind`` is one of "step",
    "jump", "capture", "birth", "stop", "huff", "pass"; ``source``/``target`` are point indices
    or None (a birth or huff has only a target, a stop or pass neither); ``over`` is the point
    jumped over, if any."""

    kind: str
    source: int | None = None
    target: int | None = None
    over: int | None = None


@dataclass
class Label:
    """A coordinate label for drawing: ``text`` at (x, y), beyond the end of the line of
    points it names."""

    text: str
    x: float
    y: float


def _darker(color: str, factor: float = 0.45) -> str:
    """A "#rrggbb" colour darkened (for piece outlines that show on light pieces too)."""
    rgb = [int(color[k:k + 2], 16) for k in (1, 3, 5)]
    return "#" + "".join(f"{int(v * factor):02x}" for v in rgb)


class Geometry:
    """The board of one game variant, as the engine gives it (``Game.geometry()``).

    Attributes: ``game`` (its full name), ``shape`` (a word: "square", "star", ...),
    ``num_points``, ``xy`` (num_points, 2) float array, ``names`` (notation of each point),
    ``lines`` (pairs of point indices joined by a board line), ``regions`` (dicts with
    ``kind`` "home"/"goal", ``player`` and ``points``), ``player_names``, ``colors`` and
    ``edge_colors`` (one per player)."""

    def __init__(self, game):
        data = game.geometry()
        self._game = game
        self.game = game.full_name
        self.shape = data["shape"]
        self.num_points = len(data["points"])
        self.xy = np.array([[p["x"], p["y"]] for p in data["points"]], dtype=float)
        self.names = [p["name"] for p in data["points"]]
        self.lines = [tuple(line) for line in data["lines"]]
        self.regions = list(data["regions"])
        self.player_names = list(data["player_names"])
        self.colors = list(data["colors"])
        self.edge_colors = [_darker(c) for c in self.colors]
        self._name_index = {n.lower(): i for i, n in enumerate(self.names)}
        by_length = sorted(self._name_index, key=len, reverse=True)  # "e13" before "e1"
        self._turn_pattern = re.compile(
            _MARK_PREFIX + "(" + "|".join(map(re.escape, by_length)) + r")(?!\d)")

    def read(self, state_or_text) -> Position:
        """The position of a State (or of a ``serialize()`` text, read back by the engine)."""
        state = state_or_text
        if isinstance(state_or_text, str):
            state = self._game.deserialize_state(state_or_text)
        elif state.game.full_name != self.game:
            raise ValueError(f"a state of {state.game.full_name} was given to the geometry "
                             f"of {self.game}")
        pos = state.board_position()
        return Position(np.array(pos["owner"], dtype=np.int8), state.current_player(),
                        list(pos["reserves"]), pos["active"],
                        {k: np.asarray(v, dtype=float) for k, v in pos["measures"].items()})

    def action_points(self, state, action: int) -> ActionPoints:
        """The points an absolute action id touches in ``state`` (ValueError if out of
        range)."""
        pts = state.action_points(int(action))
        return ActionPoints(pts["kind"], pts["from"], pts["to"], pts["over"])

    def point(self, name: str) -> int:
        """The index of a point named in notation (case-insensitive); ValueError if unknown."""
        index = self._name_index.get(name.lower())
        if index is None:
            raise ValueError(f"{self.game}: no point named '{name}'")
        return index

    def region(self, kind: str, player: int) -> np.ndarray:
        """Point indices of a player's region of ``kind`` ("home" or "goal"); empty when the
        game has no such region."""
        if not 0 <= player < len(self.player_names):
            raise ValueError(f"{self.game} has no player {player}")
        for r in self.regions:
            if r["kind"] == kind and r["player"] == player:
                return np.array(sorted(r["points"]), dtype=np.int64)
        return np.zeros(0, dtype=np.int64)

    def home(self, player: int) -> np.ndarray:
        """Point indices where a player's pieces start (its "home" region)."""
        return self.region("home", player)

    def goal(self, player: int) -> np.ndarray:
        """Point indices a player's pieces must reach (its "goal" region)."""
        return self.region("goal", player)

    def turn_points(self, text: str) -> tuple[list[int], list[int]]:
        """Points of a turn written in notation, found by the engine's point names: the path
        of the moving piece (in order) and the points marked without moving there (births
        ``+d3``, huffs ``huff b2``)."""
        path, marks = [], []
        for prefix, name in self._turn_pattern.findall(text.lower()):
            (marks if prefix else path).append(self._name_index[name])
        return path, marks

    def turn_arrows(self, before, actions) -> tuple[list[tuple[int, int]], list[int]]:
        """Segments (from, to) and marked points (births, huffs) of ``actions`` played from
        the State ``before``, from the engine's action points along the way (each action but
        the last must be legal where it is played; the last need not be)."""
        state, segments, marks = before.clone(), [], []
        for k, action in enumerate(actions):
            if k:
                state.apply(int(actions[k - 1]))
            pts = self.action_points(state, action)
            if pts.kind in ("birth", "huff"):
                marks.append(pts.target)
            elif pts.source is not None and pts.target is not None:
                segments.append((pts.source, pts.target))
        return segments, marks

    def heat(self, state, actions, weights, by: str = "target") -> np.ndarray:
        """Sums ``weights`` (e.g. visit shares) of ``actions`` of ``state`` onto points: each
        action's weight goes to its target point (``by="target"``) or source point
        (``by="source"``); actions without such a point (stop, pass; a huff has no target a
        piece goes to) are left out. Returns (num_points,) floats."""
        if by not in ("target", "source"):
            raise ValueError(f"by must be 'target' or 'source', not {by!r}")
        out = np.zeros(self.num_points)
        for action, weight in zip(np.asarray(actions).tolist(), np.asarray(weights).tolist()):
            pts = self.action_points(state, int(action))
            point = pts.target if by == "target" else pts.source
            if by == "target" and pts.kind == "huff":
                point = None
            if point is not None:
                out[point] += weight
        return out

    def labels(self) -> list[Label]:
        """Coordinate labels: when every point is named by a letter part and a number part
        ("c3", "q1"), each letter and each number shared by a straight chain of neighbouring
        points is written once, beyond the chain's first point (the lowest number or letter);
        a letter or number of one point alone is written to its left. Otherwise every point's
        name is written beside it."""
        parts = [_NAME_PARTS.fullmatch(n.lower()) for n in self.names]
        if not all(parts):
            return [Label(n, x + 0.3, y - 0.3) for n, (x, y) in zip(self.names, self.xy)]
        letters, numbers = {}, {}
        for p, m in enumerate(parts):
            letters.setdefault(m.group(1), []).append((int(m.group(2)), p))
            numbers.setdefault(m.group(2), []).append(((len(m.group(1)), m.group(1)), p))
        joined = {tuple(sorted(line)) for line in self.lines}
        out = []
        for groups in (letters, numbers):
            for text, members in groups.items():
                label = self._chain_label(text, [p for _, p in sorted(members)], joined)
                if label is not None:
                    out.append(label)
        return out

    def _chain_label(self, text: str, chain: list[int], joined: set) -> Label | None:
        first = self.xy[chain[0]]
        if len(chain) == 1:
            return Label(text, first[0] - _LABEL_GAP, first[1])
        if any(tuple(sorted(pair)) not in joined for pair in zip(chain, chain[1:])):
            return None
        direction = first - self.xy[chain[1]]
        direction /= np.linalg.norm(direction)
        offsets = self.xy[chain] - first
        if np.abs(offsets[:, 0] * direction[1] - offsets[:, 1] * direction[0]).max() > 1e-6:
            return None  # not straight
        x, y = first + _LABEL_GAP * direction
        return Label(text, float(x), float(y))


def geometry(game) -> Geometry:
    """The board geometry of a Game (the engine's, for any registered game)."""
    return Geometry(game)
