"""Drawing boards with matplotlib: pieces coloured per player, heat maps over points (policy or
visit share, by the point an action goes to or comes from), arrows for moves, and strips of
boards for a replayed game.

    >>> import hopzero, hopzero.plot as hp
    >>> game = hopzero.make("alquerque")
    >>> ax = hp.draw_board(game.new_initial_state(), arrows=["c2-c3"])

Every function takes an optional ``ax`` (a new figure is made without one) and returns what it
drew on. Artists carry gids so that tests and callers can find them: ``"piece:<player>"`` for
each piece (a Circle), ``"heat"`` for heat discs, ``"arrow"`` for move arrows, ``"mark"`` for
births/huffs, ``"lines"`` for the board lines, ``"region:<player>"`` for the tint of a home
region. Everything drawn comes from the engine through :mod:`hopzero.boards`, so any registered
game draws.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from .boards import Geometry, geometry

__all__ = ["draw_board", "draw_search", "draw_policy", "draw_game", "policy_heat",
           "PIECE_RADIUS"]

PIECE_RADIUS = 0.36  # in point spacings (neighbouring points are 1 apart)


def _pyplot():
    import matplotlib.pyplot as plt  # imported late: the module is usable without a display
    return plt


def _resolve(state, game):
    """(geometry, state, position) from a State or its serialized text (read by the
    engine)."""
    if isinstance(state, str):
        if game is None:
            raise ValueError("drawing a serialized state needs game=")
        state = game.deserialize_state(state)
    geo = geometry(state.game)
    return geo, state, geo.read(state)


def _new_ax(ax, geo: Geometry, size: float = 4.0):
    if ax is not None:
        return ax
    plt = _pyplot()
    span = np.ptp(geo.xy, axis=0) + 1.5
    _, ax = plt.subplots(figsize=(size * span[0] / max(span), size * span[1] / max(span)))
    return ax


def _arrow_segments(geo: Geometry, state, item) -> tuple[list[tuple[int, int]], list[int]]:
    """Segments (from, to) and marked points of one arrow spec: an action id of ``state``, a
    turn (anything with ``before`` and ``actions``, e.g. hopzero.analysis.Turn), a notation
    text or a (from, to) pair of point indices/names."""
    if isinstance(item, (int, np.integer)):
        return geo.turn_arrows(state, [int(item)])
    if hasattr(item, "before") and hasattr(item, "actions"):
        return geo.turn_arrows(item.before, item.actions)
    if isinstance(item, str):
        path, marks = geo.turn_points(item)
        return list(zip(path, path[1:])), marks
    if isinstance(item, tuple) and len(item) == 2:
        a, b = (geo.point(p) if isinstance(p, str) else int(p) for p in item)
        return [(a, b)], []
    raise TypeError(f"an arrow is an action id, a turn, a notation string or a (from, to) "
                    f"pair, not {item!r}")


def draw_board(state, ax=None, *, game=None, heat=None, heat_cmap: str = "viridis",
               heat_range: tuple[float, float] | None = None, colorbar: bool = False,
               heat_label: str = "", arrows: Iterable = (), arrow_color: str = "#e377c2",
               labels: bool = True, title: str | None = None, info: bool = True):
    """Draws one position.

    ``state``: a hopzero.State, or its serialize() text together with ``game=``.
    ``heat``: values per point (num_points array, or dict point index/name -> value), drawn as
    discs under the pieces; ``heat_range`` fixes the colour scale (default: 0..max).
    ``arrows``: action ids of ``state``, turns (hopzero.analysis.Turn: drawn from the engine's
    action points), turn notation (``"a1-c1-c3 +d3"``) or (from, to) point pairs.
    ``labels``: coordinate labels beside the board (Geometry.labels()).
    ``info``: a caption with the player to move (and the reserves, in games that have them).
    Returns the Axes."""
    from matplotlib.collections import LineCollection
    from matplotlib.patches import Circle, FancyArrowPatch, Polygon

    geo, state, pos = _resolve(state, game)
    ax = _new_ax(ax, geo)
    xy = geo.xy
    ax.set_aspect("equal")
    ax.axis("off")

    for player in range(len(geo.player_names)):  # home regions tinted in the owner's colour
        home = geo.home(player)
        if len(home):
            ax.scatter(*xy[home].T, s=260, color=geo.colors[player], alpha=0.12, linewidths=0,
                       zorder=0, gid=f"region:{player}")
    ax.add_collection(LineCollection([xy[[a, b]] for a, b in geo.lines], colors="#9a8f80",
                                     linewidths=1.0, zorder=1, gid="lines"))
    ax.scatter(*xy.T, s=8, color="#6d655a", zorder=2, gid="points")

    if heat is not None:
        values = np.zeros(geo.num_points)
        if isinstance(heat, dict):
            for key, v in heat.items():
                values[geo.point(key) if isinstance(key, str) else int(key)] = v
        else:
            values = np.asarray(heat, dtype=float)
            if values.shape != (geo.num_points,):
                raise ValueError(f"heat needs {geo.num_points} values (one per point), "
                                 f"got shape {values.shape}")
        lo, hi = heat_range if heat_range is not None else (0.0, max(values.max(), 1e-9))
        import matplotlib as mpl
        norm = mpl.colors.Normalize(lo, hi)
        cmap = mpl.colormaps[heat_cmap]
        for p in np.flatnonzero(values != 0):
            ax.add_patch(Circle(xy[p], 0.48, color=cmap(norm(values[p])), alpha=0.85,
                                zorder=3, gid="heat"))
        if colorbar:
            mappable = mpl.cm.ScalarMappable(norm=norm, cmap=cmap)
            ax.figure.colorbar(mappable, ax=ax, shrink=0.7, label=heat_label)

    for p in np.flatnonzero(pos.owner >= 0):
        player = int(pos.owner[p])
        ax.add_patch(Circle(xy[p], PIECE_RADIUS, facecolor=geo.colors[player],
                            edgecolor=geo.edge_colors[player], linewidth=1.2, zorder=5,
                            gid=f"piece:{player}"))

    for item in arrows:
        segments, marks = _arrow_segments(geo, state, item)
        for a, b in segments:
            ax.add_patch(FancyArrowPatch(xy[a], xy[b], arrowstyle="-|>", mutation_scale=14,
                                         color=arrow_color, linewidth=2.2, zorder=6,
                                         shrinkA=4, shrinkB=4, gid="arrow"))
        for p in marks:
            ax.add_patch(Polygon(xy[p] + 0.22 * np.array([[-1, 0], [0, 1], [1, 0], [0, -1]]),
                                 closed=True, color=arrow_color, zorder=6, gid="mark"))

    if labels:
        for label in geo.labels():
            ax.text(label.x, label.y, label.text, fontsize=7, color="#555555", ha="center",
                    va="center", gid="label")
    if info:
        ax.text(0.0, 1.0, _caption(geo, pos), transform=ax.transAxes, fontsize=8, va="top",
                ha="left")
    if title:
        ax.set_title(title, fontsize=10)
    pad = 0.8
    ax.set_xlim(xy[:, 0].min() - pad, xy[:, 0].max() + pad)
    ax.set_ylim(xy[:, 1].min() - pad, xy[:, 1].max() + pad)
    return ax


def _caption(geo: Geometry, pos) -> str:
    mover = "game over" if pos.to_move < 0 else f"{geo.player_names[pos.to_move]} to move"
    if pos.reserves:
        return f"{mover}; reserves " + " / ".join(map(str, pos.reserves))
    return mover


def policy_heat(state, actions, weights, by: str = "target") -> np.ndarray:
    """Per-point sums of ``weights`` over ``actions`` (absolute ids) of a state's game: see
    :meth:`hopzero.boards.Geometry.heat`."""
    return geometry(state.game).heat(state, actions, weights, by)


def draw_policy(state, policy, ax=None, *, by: str = "target", top: int = 1, **kwargs):
    """A policy over a state's actions as a heat map (share summed on each action's target or
    source point) with arrows for the ``top`` most likely actions.

    ``policy``: a dict action id -> probability, or an array of num_actions() entries indexed
    by absolute action id. Returns the Axes."""
    if isinstance(policy, dict):
        actions = np.array(list(policy.keys()), dtype=np.int64)
        probs = np.array(list(policy.values()), dtype=float)
    else:
        probs_full = np.asarray(policy, dtype=float)
        if probs_full.shape != (state.game.num_actions(),):
            raise ValueError(f"policy needs {state.game.num_actions()} entries, "
                             f"got shape {probs_full.shape}")
        actions = np.flatnonzero(probs_full)
        probs = probs_full[actions]
    heat = policy_heat(state, actions, probs, by)
    best = [int(a) for a in actions[np.argsort(-probs, kind="stable")[:top]]]
    kwargs.setdefault("heat_label", f"share by {by} point")
    return draw_board(state, ax, heat=heat, arrows=best, **kwargs)


def draw_search(state, info, ax=None, *, by: str = "target", **kwargs):
    """What a search found at ``state``: the visit share of each root child summed on its
    target (or source) point, an arrow for the most visited child, and the root value in the
    title. ``info`` is a hopzero.SearchInfo (from Agent.last_search()). Returns the Axes."""
    visits = np.asarray(info.visits, dtype=float)
    if len(info.actions) == 0:
        raise ValueError("the SearchInfo is empty: call select_action() on a search agent first")
    share = visits / visits.sum() if visits.sum() > 0 else np.full(len(visits), 1 / len(visits))
    kwargs.setdefault("title", f"root value {info.root_value:+.2f}")
    return draw_policy(state, dict(zip(np.asarray(info.actions).tolist(), share)), ax, by=by,
                       **kwargs)


def draw_game(states: Sequence, turns: Sequence | None = None,
              captions: Sequence[str] | None = None, ncols: int = 6, size: float = 2.4,
              **kwargs):
    """A strip (grid) of boards: ``states[k]`` with arrows for ``turns[k]`` (the turn that led
    to it: a hopzero.analysis.Turn, its notation, or None/"" for none) and ``captions[k]`` as
    its title. Extra keyword arguments go to draw_board. Returns the Figure."""
    if len(states) == 0:
        raise ValueError("draw_game needs at least one state")
    if turns is not None and len(turns) != len(states):
        raise ValueError(f"{len(turns)} turns for {len(states)} states")
    if captions is not None and len(captions) != len(states):
        raise ValueError(f"{len(captions)} captions for {len(states)} states")
    plt = _pyplot()
    ncols = max(1, min(ncols, len(states)))
    nrows = -(-len(states) // ncols)
    fig, axes = plt.subplots(nrows, ncols, figsize=(size * ncols, size * nrows), squeeze=False)
    for k, ax in enumerate(axes.flat):
        if k >= len(states):
            ax.axis("off")
            continue
        arrows = [turns[k]] if turns is not None and turns[k] else []
        draw_board(states[k], ax, arrows=arrows, labels=False,
                   title=captions[k] if captions is not None else None, **kwargs)
    fig.tight_layout()
    return fig
