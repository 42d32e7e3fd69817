"""Board geometry (hopzero.boards) against engine truths: the legal moves and their effect, the
notation of whole turns, the rules pages' start positions and regions (Chinese Checkers' 10-,
13- and 19-piece homes and goals by name), and distances computed by hand."""

import random

import numpy as np
import pytest

import hopzero
from hopzero.boards import geometry
from variants import registered_variants, variant_id

VARIANTS = registered_variants()


def random_turns(game, n_games=2, seed=0, max_turns=60):
    """(state before, actions) of each whole turn along random games."""
    rng = random.Random(seed)
    for _ in range(n_games):
        s = game.new_initial_state()
        for _ in range(max_turns):
            if s.is_terminal():
                break
            before, player, actions = s.clone(), s.current_player(), []
            while not s.is_terminal() and s.current_player() == player:
                actions.append(rng.choice(s.legal_actions()))
                s.apply(actions[-1])
            yield before, actions


def names(geo, points):
    return {geo.names[p] for p in points}


@pytest.mark.parametrize("name,options", VARIANTS, ids=map(variant_id, VARIANTS))
def test_positions_and_action_points_agree_with_the_legal_moves(name, options):
    """Every legal move leaves from a piece of the mover and lands on an empty point of the
    drawn position, and after it the mover's piece stands at its target (a birth: a new piece;
    a huff: the opponent's piece is gone)."""
    game = hopzero.make(name, **options)
    geo = geometry(game)
    checked = 0
    for before, actions in random_turns(game, seed=1):
        s = before.clone()
        for action in actions:
            pos = geo.read(s)
            mover = s.current_player()
            assert pos.to_move == mover
            for a in s.legal_actions()[:30]:
                pts = geo.action_points(s, a)
                after = s.clone()
                after.apply(a)
                owner = geo.read(after).owner
                if pts.kind in ("step", "jump", "capture"):
                    assert pos.owner[pts.source] == mover and pos.owner[pts.target] == -1
                    assert owner[pts.target] == mover and owner[pts.source] == -1
                    checked += 1
                elif pts.kind == "birth":
                    assert pos.owner[pts.target] == -1 and owner[pts.target] == mover
                elif pts.kind == "huff":
                    assert pos.owner[pts.target] not in (-1, mover) and owner[pts.target] == -1
                if pts.kind == "capture":
                    assert pos.owner[pts.over] not in (-1, mover) and owner[pts.over] == -1
            s.apply(action)
    assert checked > 20


@pytest.mark.parametrize("name,options", VARIANTS, ids=map(variant_id, VARIANTS))
def test_turn_notation_draws_the_engines_moves(name, options):
    """The points found in a turn's notation (by the engine's point names) are the path and
    marks of the engine's action points for that turn."""
    game = hopzero.make(name, **options)
    geo = geometry(game)
    turns = 0
    for before, actions in random_turns(game, seed=2):
        segments, marks = geo.turn_arrows(before, actions)
        path, written_marks = geo.turn_points(before.turn_to_string(actions))
        assert list(zip(path, path[1:])) == segments
        assert written_marks == marks
        turns += 1
    assert turns > 5


def test_start_positions_from_the_rules_pages():
    alq = hopzero.make("alquerque")
    geo = geometry(alq)
    pos = geo.read(alq.new_initial_state())
    # 12 pieces each; White on ranks 1-2 and the right half of rank 3 (d3, e3); c3 empty.
    assert pos.count(0) == 12 and pos.count(1) == 12
    assert names(geo, np.flatnonzero(pos.owner == 0)) == {
        f"{c}{r}" for c in "abcde" for r in (1, 2)} | {"d3", "e3"}
    assert pos.owner[geo.point("c3")] == -1
    assert pos.reserves == [] and pos.active is None and pos.measures == {}

    for size, reserves in ((6, [12, 13]), (8, [20, 20]), (10, [30, 31])):
        jump = hopzero.make("jumpers", size=size)
        geo = geometry(jump)
        pos = geo.read(jump.new_initial_state())
        last, prev = "abcdefghij"[size - 1], "abcdefghij"[size - 2]
        assert names(geo, np.flatnonzero(pos.owner == 0)) == {"a1", "b1", "a2", "b2"}
        assert names(geo, np.flatnonzero(pos.owner == 1)) == {
            f"{prev}{size - 1}", f"{last}{size - 1}", f"{prev}{size}", f"{last}{size}"}
        assert names(geo, geo.home(0)) == {"a1", "b1", "a2", "b2"}
        assert pos.reserves == reserves


# docs/rules/chinese_checkers.md: 10 = the triangle; 13 = plus the middle 3 holes of the
# hexagon row touching its base; 19 = plus that whole 5-hole row and the middle 4 holes of the
# next (6-hole) row. Player 0's triangle is rows n-q (bottom), its goal rows a-d (top); row m's
# 5 holes in front of n are m5-m9 and row l's 6 are l4-l9 (docs/notation.md: row lengths).
CC_TRIANGLE_BOTTOM = {"n1", "n2", "n3", "n4", "o1", "o2", "o3", "p1", "p2", "q1"}
CC_TRIANGLE_TOP = {"a1", "b1", "b2", "c1", "c2", "c3", "d1", "d2", "d3", "d4"}
CC_HOME_0 = {10: CC_TRIANGLE_BOTTOM, 13: CC_TRIANGLE_BOTTOM | {"m6", "m7", "m8"},
             19: CC_TRIANGLE_BOTTOM | {f"m{k}" for k in range(5, 10)} | {"l5", "l6", "l7", "l8"}}
CC_GOAL_0 = {10: CC_TRIANGLE_TOP, 13: CC_TRIANGLE_TOP | {"e6", "e7", "e8"},
             19: CC_TRIANGLE_TOP | {f"e{k}" for k in range(5, 10)} | {"f5", "f6", "f7", "f8"}}


@pytest.mark.parametrize("pieces", [10, 13, 19])
def test_chinese_checkers_home_and_goal_follow_the_pieces_option(pieces):
    for players in (2, 3) if pieces == 19 else (2, 3, 4, 6):
        game = hopzero.make("chinese_checkers", players=players, pieces=pieces)
        geo = geometry(game)
        assert names(geo, geo.home(0)) == CC_HOME_0[pieces]
        assert names(geo, geo.goal(0)) == CC_GOAL_0[pieces]
        pos = geo.read(game.new_initial_state())
        for p in range(players):  # each player's pieces fill its home
            assert sorted(np.flatnonzero(pos.owner == p)) == geo.home(p).tolist()
            assert len(geo.home(p)) == len(geo.goal(p)) == pieces


@pytest.mark.parametrize("pieces,start", [(10, 120), (13, 144), (19, 184)])
def test_chinese_checkers_goal_distance_is_the_engines(pieces, start):
    """By hand: every own piece is in the home, below the centre, and every goal hole above it,
    so any assignment of pieces to goal holes costs at least the sum of their row differences
    (a hex step changes the row by at most 1), and sending each piece to its mirror image
    costs exactly that: 2 x the sum of the pieces' rows below the centre. 10 pieces: 2 x (8 +
    2*7 + 3*6 + 4*5) = 120; 13: + 2 x 3*4 = 144; 19: + 2 x (2*4 + 4*3) = 184."""
    game = hopzero.make("chinese_checkers", pieces=pieces)
    geo = geometry(game)
    pos = geo.read(game.new_initial_state())
    assert pos.measures["goal_distance"].tolist() == [start, start]
    # Player 0's pieces all in its goal, player 1's in the middle of the board: 0 for player 0.
    board = ["."] * 121
    for p in geo.goal(0):
        board[p] = "0"
    middle = np.argsort(np.linalg.norm(geo.xy, axis=1))[:pieces]
    for p in middle:
        board[p] = "1"
    done = geo.read("".join(board) + " - 40 f0,p")  # the game is over
    assert done.measures["goal_distance"][0] == 0
    assert done.measures["goal_distance"][1] > 0


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


def test_labels_stand_beyond_the_board_edges():
    # Alquerque (docs/notation.md): files a-e below rank 1, ranks 1-5 left of file a.
    geo = geometry(hopzero.make("alquerque"))
    at = {label.text: (label.x, label.y) for label in geo.labels()}
    assert at == pytest.approx({**{f: (c, -0.6) for c, f in enumerate("abcde")},
                                **{str(r): (-0.6, r - 1) for r in range(1, 6)}})
    # Jumpers 6x6: column letters beyond row 1 (the lower-right edge), row numbers beyond
    # column a (the lower-left edge); Chinese Checkers: one row letter left of each row.
    geo = geometry(hopzero.make("jumpers"))
    at = {label.text: np.array([label.x, label.y]) for label in geo.labels()}
    assert set(at) == set("abcdef") | {str(r) for r in range(1, 7)}
    for c in "abcdef":
        x, y = geo.xy[geo.point(f"{c}1")]
        assert at[c][0] > x and at[c][1] < y
    for r in range(1, 7):
        x, y = geo.xy[geo.point(f"a{r}")]
        assert at[str(r)][0] < x and at[str(r)][1] < y
    geo = geometry(hopzero.make("chinese_checkers"))
    labels = geo.labels()
    assert sorted(label.text for label in labels) == list("abcdefghijklmnopq")
    for label in labels:
        row = geo.xy[[i for i, n in enumerate(geo.names) if n[0] == label.text]]
        assert label.y == pytest.approx(row[0, 1]) and label.x < row[:, 0].min()


@pytest.mark.parametrize("name,options", VARIANTS, ids=map(variant_id, VARIANTS))
def test_labels_never_cover_a_point(name, options):
    geo = geometry(hopzero.make(name, **options))
    labels = geo.labels()
    assert labels
    for label in labels:
        assert np.linalg.norm(geo.xy - [label.x, label.y], axis=1).min() > 0.5, label


def test_turn_points_and_bad_input():
    game = hopzero.make("jumpers")
    geo = geometry(game)
    path, marks = geo.turn_points("a1-c1-c3 +d3")
    assert [geo.names[p] for p in path] == ["a1", "c1", "c3"]
    assert [geo.names[p] for p in marks] == ["d3"]
    path, marks = geo.turn_points("c2xe2xe4")  # captures: 'x' between the names
    assert [geo.names[p] for p in path] == ["c2", "e2", "e4"] and marks == []
    cc = geometry(hopzero.make("chinese_checkers"))
    assert [cc.names[p] for p in cc.turn_points("e13-e1")[0]] == ["e13", "e1"]
    with pytest.raises(ValueError, match="z9"):
        geo.point("z9")
    s = game.new_initial_state()
    with pytest.raises(ValueError, match="out of range"):
        geo.action_points(s, -1)
    with pytest.raises(ValueError):
        geo.read("garbage")
    with pytest.raises(ValueError, match="alquerque"):
        geo.read(hopzero.make("alquerque").new_initial_state())
    with pytest.raises(ValueError, match="by"):
        geo.heat(s, [0], [1.0], by="middle")
    with pytest.raises(ValueError, match="player 2"):
        geo.home(2)


def test_heat_sums_weights_on_points():
    game = hopzero.make("alquerque")
    geo = geometry(game)
    s = game.new_initial_state()
    legal = s.legal_actions()
    heat = geo.heat(s, legal, np.ones(len(legal)), by="target")
    assert heat.sum() == len(legal)
    targets = {s.action_points(a)["to"] for a in legal}
    assert set(np.flatnonzero(heat)) == targets
    by_source = geo.heat(s, legal, np.ones(len(legal)), by="source")
    assert set(np.flatnonzero(by_source)) == {s.action_points(a)["from"] for a in legal}
