"""Board geometry of each game, for drawing and analysis: where the points are, which lines join
them, who stands where, and which points an action moves between.

Positions are read from ``State.serialize()`` in each game's documented format (the header
comment of ``cpp/games/<game>/<game>.h`` or ``serialize.cpp``); action ids are decoded by the
id layout documented there, and notation (``"c2-c3"``, ``"a1-c1-c3 +d3"``, ``"q1-p2"``) by the
point names of docs/notation.md. Nothing here needs matplotlib.

    >>> import hopzero
    >>> from hopzero.boards import geometry
    >>> game = hopzero.make("jumpers")
    >>> geo = geometry(game)
    >>> pos = geo.read(game.new_initial_state())
    >>> int((pos.owner == 0).sum())  # Red's pieces on the board
    4

Every point has an index (the engine's point / hole index), a name in the game's notation and
an (x, y) position for drawing (unit spacing between neighbouring points, y up).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

import numpy as np

__all__ = ["Geometry", "Position", "ActionPoints", "geometry", "AlquerqueGeometry",
           "JumpersGeometry", "ChineseCheckersGeometry"]


@dataclass
class Position:
    """Who stands where: ``owner[p]`` is the player on point p, or -1 for an empty point.

    ``to_move`` is the player to move (-1 when the game is over); ``extra`` holds game-specific
    fields (Jumpers: ``reserves``; Alquerque: ``turns``; Chinese Checkers: ``statuses``)."""

    owner: np.ndarray
    to_move: int
    extra: dict = field(default_factory=dict)

    def count(self, player: int) -> int:
        """Pieces of ``player`` on the board."""
        return int((self.owner == player).sum())


@dataclass
class ActionPoints:
    """The points an action involves. ``kind`` is one of "step", "jump", "capture", "birth",
    "stop", "huff", "pass"; ``source``/``target`` are point indices or None (e.g. a birth has
    only a target, a stop neither). ``over`` is the point jumped over, if any."""

    kind: str
    source: int | None = None
    target: int | None = None
    over: int | None = None


class Geometry:
    """The board of one game variant. Subclasses fill the tables; see the module docstring.

    Attributes: ``game`` (its full name), ``num_points``, ``xy`` (num_points, 2) float array,
    ``names`` (notation of each point), ``lines`` (pairs of point indices joined by a board
    line), ``player_names`` and ``colors`` (one per player)."""

    game: str
    num_points: int
    xy: np.ndarray
    names: list[str]
    lines: list[tuple[int, int]]
    player_names: list[str]
    colors: list[str]
    edge_colors: list[str]

    def read(self, state_or_text) -> Position:
        """The position of a State (or of its ``serialize()`` text)."""
        if isinstance(state_or_text, str):
            return self._parse(state_or_text)
        pos = self._parse(state_or_text.serialize())
        if state_or_text.is_terminal():  # not every format marks the end; the state knows it
            pos.to_move = -1
        return pos

    def _parse(self, text: str) -> Position:
        raise NotImplementedError

    def action_points(self, action: int) -> ActionPoints:
        """The points an absolute action id moves between (ids as in the game's header)."""
        raise NotImplementedError

    def point(self, name: str) -> int:
        """The index of a point named in notation (case-insensitive); ValueError if unknown."""
        index = self._name_index.get(name.lower())
        if index is None:
            raise ValueError(f"{self.game}: no point named '{name}'")
        return index

    def turn_points(self, text: str) -> tuple[list[int], list[int]]:
        """Points of a turn written in notation: the path of the moving piece (in order) and the
        points marked by the turn without moving there (births ``+d3``, huffs ``huff b2``)."""
        path, marks = [], []
        for token in re.findall(r"(\+|huff\s+)?([a-zA-Z]\d+)", text):
            prefix, name = token
            (marks if prefix else path).append(self.point(name))
        return path, marks

    def heat(self, actions, weights, by: str = "target") -> np.ndarray:
        """Sums ``weights`` (e.g. visit shares) of ``actions`` onto points: each action's weight
        goes to its target point (``by="target"``) or source point (``by="source"``); actions
        without such a point (stop, pass) are left out. Returns (num_points,) floats."""
        if by not in ("target", "source"):
            raise ValueError(f"by must be 'target' or 'source', not {by!r}")
        out = np.zeros(self.num_points)
        for action, weight in zip(np.asarray(actions).tolist(), np.asarray(weights).tolist()):
            pts = self.action_points(int(action))
            point = pts.target if by == "target" else pts.source
            if by == "target" and pts.kind == "huff":
                point = None
            if point is not None:
                out[point] += weight
        return out

    def _index_names(self) -> None:
        self._name_index = {n.lower(): i for i, n in enumerate(self.names)}


def _grid_owner(rows: list[str], symbols: str, game: str) -> np.ndarray:
    """Owners of a square grid written as one string per row (row index 0 first), with
    ``symbols[k]`` for player k and '.' for an empty point."""
    owner = np.full(len(rows) * len(rows), -1, dtype=np.int8)
    for row, text in enumerate(rows):
        for col, ch in enumerate(text):
            if ch != "." and ch not in symbols:
                raise ValueError(f"{game} board holds {ch!r}")
            owner[row * len(rows) + col] = symbols.index(ch) if ch != "." else -1
    return owner


# --- Alquerque -------------------------------------------------------------------------------

_ALQ_DR = (-1, -1, 0, 1, 1, 1, 0, -1)  # directions N, NE, E, SE, S, SW, W, NW (alquerque.h)
_ALQ_DC = (0, 1, 1, 1, 0, -1, -1, -1)


class AlquerqueGeometry(Geometry):
    """5 x 5 points, point = row * 5 + col with row 0 at Black's side (drawn at the top). Names
    are a-e (col) and rank 1-5 (rank = 5 - row). Diagonal lines follow the ``diagonals`` option:
    from points whose row + col is odd, even, or none."""

    def __init__(self, game):
        self.game = game.full_name
        self.diagonals = game.options.get("diagonals", "odd")
        self.num_points = 25
        self.xy = np.array([[p % 5, 4 - p // 5] for p in range(25)], dtype=float)
        self.names = [f"{'abcde'[p % 5]}{5 - p // 5}" for p in range(25)]
        self.player_names = ["White", "Black"]
        self.colors = ["#f4f1e8", "#222222"]
        self.edge_colors = ["#333333", "#000000"]
        self.lines = []
        for p in range(25):
            r, c = divmod(p, 5)
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                rr, cc = r + dr, c + dc
                if not (0 <= rr < 5 and 0 <= cc < 5):
                    continue
                if dr and dc and not self.has_diagonals(p):
                    continue
                self.lines.append((p, rr * 5 + cc))
        self._index_names()

    def has_diagonals(self, p: int) -> bool:
        """Whether diagonal lines pass through point p under this variant's option."""
        parity = (p // 5 + p % 5) % 2
        return {"odd": parity == 1, "even": parity == 0}.get(self.diagonals, False)

    def _parse(self, text):
        fields = text.split()
        if len(fields) < 2:
            raise ValueError(f"not an alquerque state: {text!r}")
        ranks = fields[0].split("/")
        if len(ranks) != 5 or any(len(r) != 5 for r in ranks):
            raise ValueError(f"alquerque board field must be 5 ranks of 5: {fields[0]!r}")
        owner = _grid_owner(ranks, "WB", "alquerque")  # ranks 5..1 are rows 0..4
        extra = dict(f.split("=", 1) for f in fields[2:] if "=" in f)
        return Position(owner, {"w": 0, "b": 1}[fields[1]], extra)

    def action_points(self, action):
        action = int(action)
        if 0 <= action < 200:
            p, d = divmod(action, 8)
            return ActionPoints("step", p, self._move(p, d, 1))
        if 200 <= action < 400:
            p, d = divmod(action - 200, 8)
            return ActionPoints("capture", p, self._move(p, d, 2), self._move(p, d, 1))
        if action == 400:
            return ActionPoints("stop")
        if 401 <= action < 426:
            return ActionPoints("huff", None, action - 401)
        raise ValueError(f"alquerque action id {action} is out of range [0, 426)")

    @staticmethod
    def _move(p, d, k):
        r, c = p // 5 + k * _ALQ_DR[d], p % 5 + k * _ALQ_DC[d]
        return r * 5 + c if 0 <= r < 5 and 0 <= c < 5 else None


# --- Jumpers ---------------------------------------------------------------------------------

class JumpersGeometry(Geometry):
    """N x N points drawn as a rhombus (the grid turned 45 degrees): A1 at the bottom corner,
    columns a.. rising to the right, rows 1.. rising to the left. Point = row * N + col.
    Red (player 0) starts at A1, Turquoise at the top corner."""

    def __init__(self, game):
        self.game = game.full_name
        self.side = n = int(game.options["size"])
        self.num_points = n * n
        s = 1 / math.sqrt(2)  # neighbouring points one unit apart
        self.xy = np.array([[(p % n - p // n) * s, (p % n + p // n) * s] for p in range(n * n)])
        self.names = [f"{chr(ord('a') + p % n)}{p // n + 1}" for p in range(n * n)]
        self.player_names = ["Red", "Turquoise"]
        self.colors = ["#d62728", "#17becf"]
        self.edge_colors = ["#7f1010", "#0b6d77"]
        self.lines = [(p, p + 1) for p in range(n * n) if p % n < n - 1]
        self.lines += [(p, p + n) for p in range(n * n - n)]
        self._index_names()

    def _parse(self, text):
        n = self.side
        fields = text.split()
        if len(fields) != 8:
            raise ValueError(f"a jumpers state has 8 fields, not {len(fields)}: {text!r}")
        rows = fields[0].split("/")
        if len(rows) != n or any(len(r) != n for r in rows):
            raise ValueError(f"jumpers board field must be {n} rows of {n}: {fields[0]!r}")
        owner = _grid_owner(rows[::-1], "rt", "jumpers")  # rows N..1, top first
        extra = {"reserves": (int(fields[2]), int(fields[3])), "phase": fields[4],
                 "move_number": int(fields[7])}
        return Position(owner, {"r": 0, "t": 1}[fields[1]], extra)

    def action_points(self, action):
        action, n = int(action), self.side
        points = n * n
        if 0 <= action < 4 * points:
            p, d = divmod(action, 4)
            dr, dc = ((0, 1), (1, 0), (0, -1), (-1, 0))[d]  # right, up, left, down
            r, c = p // n, p % n
            if not (0 <= r + 2 * dr < n and 0 <= c + 2 * dc < n):
                return ActionPoints("jump", p, None)
            return ActionPoints("jump", p, (r + 2 * dr) * n + c + 2 * dc, (r + dr) * n + c + dc)
        if 4 * points <= action < 5 * points:
            return ActionPoints("birth", None, action - 4 * points)
        if action == 5 * points:
            return ActionPoints("stop")
        raise ValueError(f"jumpers action id {action} is out of range [0, {5 * points + 1})")


# --- Chinese Checkers ------------------------------------------------------------------------

# Seats' triangles by player count (chinese_checkers.h), triangles numbered clockwise from the
# bottom (board.h).
_CC_TRIANGLES = {2: (0, 3), 3: (0, 2, 4), 4: (0, 1, 3, 4), 6: (0, 1, 2, 3, 4, 5)}


def _cc_holes() -> list[tuple[int, int, int]]:
    """Cube coordinates of the 121 holes in index order: rows from the top (z = -8), left to
    right (x - y increasing) within a row (board.h)."""
    holes = []
    for z in range(-8, 9):
        for x in range(-8, 9):
            y = -x - z
            if max(x, y, z) <= 4 or min(x, y, z) >= -4:
                holes.append((x, y, z))
    return holes


def _cc_triangle(cube) -> int:
    x, y, z = cube
    for t, inside in enumerate((z >= 5, x <= -5, y >= 5, z <= -5, x >= 5, y <= -5)):
        if inside:
            return t
    return -1


class ChineseCheckersGeometry(Geometry):
    """The 121-hole star, hole indices row by row from the top; names are the row letter a..q
    and the 1-based position in the row ("q1" is the bottom point). Seats sit in triangles
    (0 bottom, then clockwise) and aim for the opposite one."""

    def __init__(self, game):
        self.game = game.full_name
        self.players = int(game.options["players"])
        self.cubes = _cc_holes()
        self.num_points = len(self.cubes)
        assert self.num_points == 121
        h = math.sqrt(3) / 2
        self.xy = np.array([[(x - y) / 2, -z * h] for x, y, z in self.cubes])
        self.names, row_pos = [], {}
        for x, y, z in self.cubes:
            row_pos[z] = row_pos.get(z, 0) + 1
            self.names.append(f"{chr(ord('a') + z + 8)}{row_pos[z]}")
        self.player_names = [f"Player {p}" for p in range(self.players)]
        palette = ["#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b"]
        self.colors = palette[:self.players]
        self.edge_colors = ["#222222"] * self.players
        index = {c: i for i, c in enumerate(self.cubes)}
        self.lines = []
        for i, (x, y, z) in enumerate(self.cubes):
            for dx, dy, dz in ((1, -1, 0), (1, 0, -1), (0, 1, -1)):
                j = index.get((x + dx, y + dy, z + dz))
                if j is not None:
                    self.lines.append((i, j))
        self.triangle = np.array([_cc_triangle(c) for c in self.cubes])
        self.seat_triangles = _CC_TRIANGLES[self.players]
        self._index_names()

    def home(self, player: int) -> np.ndarray:
        """Hole indices of a player's starting triangle (the 10-piece home)."""
        return np.flatnonzero(self.triangle == self.seat_triangles[player])

    def goal(self, player: int) -> np.ndarray:
        """Hole indices of a player's goal triangle (opposite its home)."""
        return np.flatnonzero(self.triangle == (self.seat_triangles[player] + 3) % 6)

    def distance(self, a: int, b: int) -> int:
        """Steps between two holes on an empty board (hex distance)."""
        (x1, y1, z1), (x2, y2, z2) = self.cubes[a], self.cubes[b]
        return max(abs(x1 - x2), abs(y1 - y2), abs(z1 - z2))

    def goal_distance(self, position: Position, player: int) -> int:
        """Sum over the player's pieces of the steps to the far tip of its goal triangle, minus
        the least such sum for that many pieces: 0 once they fill the holes nearest the tip."""
        goal = self.goal(player)
        tip = max(goal, key=lambda g: max(map(abs, self.cubes[g])))  # 8 steps from the centre
        pieces = np.flatnonzero(position.owner == player)
        filled = sorted(self.distance(h, tip) for h in range(121))[:len(pieces)]
        return int(sum(self.distance(p, tip) for p in pieces) - sum(filled))

    def _parse(self, text):
        fields = text.split()
        if len(fields) != 4 or len(fields[0]) != 121:
            raise ValueError(f"not a chinese_checkers state: {text!r}")
        owner = np.full(121, -1, dtype=np.int8)
        for h, ch in enumerate(fields[0]):
            if ch != ".":
                if not ch.isdigit() or int(ch) >= self.players:
                    raise ValueError(f"chinese_checkers hole {h} holds {ch!r}")
                owner[h] = int(ch)
        to_move = -1 if fields[1] == "-" else int(fields[1])
        return Position(owner, to_move, {"statuses": fields[3].split(","),
                                         "move_number": int(fields[2])})

    def action_points(self, action):
        action = int(action)
        if action == 121 * 121:
            return ActionPoints("pass")
        if not 0 <= action < 121 * 121:
            raise ValueError(f"chinese_checkers action id {action} is out of range [0, 14642)")
        return ActionPoints("step", action // 121, action % 121)


_GEOMETRIES = {"alquerque": AlquerqueGeometry, "jumpers": JumpersGeometry,
               "chinese_checkers": ChineseCheckersGeometry}
_CACHE: dict[str, Geometry] = {}


def geometry(game) -> Geometry:
    """The board geometry of a Game (cached per variant). ValueError for a game without one."""
    cls = _GEOMETRIES.get(game.name)
    if cls is None:
        raise ValueError(f"no board drawing for game '{game.name}'; known: {sorted(_GEOMETRIES)}")
    if game.full_name not in _CACHE:
        _CACHE[game.full_name] = cls(game)
    return _CACHE[game.full_name]
