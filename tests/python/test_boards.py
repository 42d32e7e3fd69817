"""Board geometry (hopzero.boards) against the engine's own views of the same positions: the
observation planes, the notation of actions, and the rules pages' start positions."""

import random

import numpy as np
import pytest

import hopzero
from hopzero.boards import geometry

VARIANTS = [("alquerque", {}), ("alquerque", {"diagonals": "even"}), ("jumpers", {}),
            ("jumpers", {"size": 8}), ("jumpers", {"size": 10}), ("chinese_checkers", {}),
            ("chinese_checkers", {"players": 3}), ("chinese_checkers", {"players": 6})]


def random_states(game, n_games=3, seed=0):
    rng = random.Random(seed)
    for _ in range(n_games):
        s = game.new_initial_state()
        while not s.is_terminal() and s.move_number() < 120:
            yield s
            s.apply(rng.choice(s.legal_actions()))
        yield s


def own_and_enemy_planes(game, geo, pos):
    """The mover's and (2 players) the next player's pieces as the engine's observation grid
    would hold them for player 0 to move (the canonical view is the absolute one then)."""
    planes, height, width = game.observation_shape()
    grids = np.zeros((game.num_players(), height, width))
    for p in np.flatnonzero(pos.owner >= 0):
        if game.name == "chinese_checkers":
            x, _, z = geo.cubes[p]
            r, c = z + 8, x + 8
        else:
            r, c = divmod(p, width)
        grids[pos.owner[p], r, c] = 1
    return grids


@pytest.mark.parametrize("name,options", VARIANTS)
def test_positions_match_the_observation_planes(name, options):
    game = hopzero.make(name, **options)
    geo = geometry(game)
    checked = 0
    for s in random_states(game):
        if s.is_terminal():
            continue
        pos = geo.read(s)
        assert pos.to_move == s.current_player()
        obs = s.observation()
        grids = own_and_enemy_planes(game, geo, pos)
        mover = s.current_player()
        n = game.num_players()
        for seat in range(n if name == "chinese_checkers" else 2):
            player = (mover + seat) % n
            expected = grids[player]
            if mover != 0 and name != "chinese_checkers":
                expected = expected[::-1, ::-1]  # the second player sees the board turned 180
            if mover == 0 or name != "chinese_checkers":
                np.testing.assert_array_equal(obs[seat], expected)
            else:  # turned by 60 degrees steps: compare piece counts only
                assert obs[seat].sum() == expected.sum()
        checked += 1
    assert checked > 20


def test_start_positions_from_the_rules_pages():
    alq = hopzero.make("alquerque")
    pos = geometry(alq).read(alq.new_initial_state())
    # 12 pieces each; White on ranks 1-2 and the right half of rank 3 (d3, e3); c3 empty.
    assert pos.count(0) == 12 and pos.count(1) == 12
    white = {geometry(alq).names[p] for p in np.flatnonzero(pos.owner == 0)}
    assert white == {f"{c}{r}" for c in "abcde" for r in (1, 2)} | {"d3", "e3"}
    assert pos.owner[geometry(alq).point("c3")] == -1

    for size, reserves in ((6, (12, 13)), (8, (20, 20)), (10, (30, 31))):
        jump = hopzero.make("jumpers", size=size)
        geo = geometry(jump)
        pos = geo.read(jump.new_initial_state())
        n = str(size)
        last = "abcdefghij"[size - 1]
        prev = "abcdefghij"[size - 2]
        assert {geo.names[p] for p in np.flatnonzero(pos.owner == 0)} == {"a1", "b1", "a2", "b2"}
        assert {geo.names[p] for p in np.flatnonzero(pos.owner == 1)} == {
            f"{prev}{size - 1}", f"{last}{size - 1}", f"{prev}{n}", f"{last}{n}"}
        assert pos.extra["reserves"] == reserves

    for players in (2, 3, 4, 6):
        cc = hopzero.make("chinese_checkers", players=players)
        geo = geometry(cc)
        pos = geo.read(cc.new_initial_state())
        for p in range(players):  # each player's 10 pieces fill its home triangle
            assert sorted(np.flatnonzero(pos.owner == p)) == sorted(geo.home(p))
            assert len(geo.home(p)) == 10 and len(geo.goal(p)) == 10


def test_chinese_checkers_star_shape():
    geo = geometry(hopzero.make("chinese_checkers"))
    rows = {}
    for name in geo.names:
        rows[name[0]] = rows.get(name[0], 0) + 1
    assert [rows[c] for c in "abcdefghijklmnopq"] == [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12,
                                                      13, 4, 3, 2, 1]
    # Board lines join exactly the holes one unit apart in the drawing.
    d = np.linalg.norm(geo.xy[:, None] - geo.xy[None], axis=-1)
    near = {(i, j) for i, j in zip(*np.nonzero(np.abs(d - 1) < 1e-9)) if i < j}
    assert {tuple(sorted(line)) for line in geo.lines} == near
    assert geo.names[120] == "q1" and geo.names[0] == "a1"


def test_alquerque_lines_follow_the_diagonals_option():
    counts = {}
    for diagonals in ("odd", "even", "none"):
        geo = geometry(hopzero.make("alquerque", diagonals=diagonals))
        counts[diagonals] = len(geo.lines)
    # 40 orthogonal segments; each of the 16 cells has one diagonal whose ends have the parity.
    assert counts == {"odd": 56, "even": 56, "none": 40}
    even = geometry(hopzero.make("alquerque", diagonals="even"))
    c3, b4, d2 = even.point("c3"), even.point("b4"), even.point("d2")
    assert (b4, c3) in even.lines or (c3, b4) in even.lines
    assert (c3, d2) in even.lines or (d2, c3) in even.lines


@pytest.mark.parametrize("name,options", VARIANTS)
def test_action_points_agree_with_notation(name, options):
    game = hopzero.make(name, **options)
    geo = geometry(game)
    seen = set()
    for s in random_states(game, n_games=2, seed=5):
        if s.is_terminal():
            continue
        for a in s.legal_actions()[:40]:
            pts = geo.action_points(a)
            path, marks = geo.turn_points(s.action_to_string(a))
            seen.add(pts.kind)
            if pts.kind in ("step", "jump", "capture"):
                assert path == [pts.source, pts.target] and marks == []
            elif pts.kind in ("birth", "huff"):
                assert path == [] and marks == [pts.target]
            else:
                assert path == [] and marks == []
    assert seen & {"step", "jump", "capture"}


def test_turn_points_and_bad_names():
    geo = geometry(hopzero.make("jumpers"))
    path, marks = geo.turn_points("a1-c1-c3 +d3")
    assert [geo.names[p] for p in path] == ["a1", "c1", "c3"]
    assert [geo.names[p] for p in marks] == ["d3"]
    with pytest.raises(ValueError, match="z9"):
        geo.point("z9")
    with pytest.raises(ValueError):
        geo.action_points(-1)
    with pytest.raises(ValueError):
        geo.read("garbage")
    with pytest.raises(ValueError, match="by"):
        geo.heat([0], [1.0], by="middle")
    with pytest.raises(ValueError, match="no board"):
        geometry(type("G", (), {"name": "chess", "full_name": "chess"})())


def test_heat_sums_weights_on_points():
    game = hopzero.make("alquerque")
    geo = geometry(game)
    s = game.new_initial_state()
    legal = s.legal_actions()
    heat = geo.heat(legal, np.ones(len(legal)), by="target")
    assert heat.sum() == len(legal)
    targets = {geo.action_points(a).target for a in legal}
    assert set(np.flatnonzero(heat)) == targets
    by_source = geo.heat(legal, np.ones(len(legal)), by="source")
    assert set(np.flatnonzero(by_source)) == {geo.action_points(a).source for a in legal}


def test_chinese_checkers_goal_distance():
    game = hopzero.make("chinese_checkers")
    geo = geometry(game)
    start = geo.read(game.new_initial_state())
    # By hand: the goal tip is 16 rows away; the home rows hold 1, 2, 3, 4 pieces at 16, 15,
    # 14, 13 steps, and a full goal is 0 + 2*1 + 3*2 + 4*3 = 20 steps from its tip.
    assert geo.goal_distance(start, 0) == 16 + 2 * 15 + 3 * 14 + 4 * 13 - 20
    done = hopzero.boards.Position(np.full(121, -1, dtype=np.int8), 0)
    done.owner[geo.goal(0)] = 0
    assert geo.goal_distance(done, 0) == 0
