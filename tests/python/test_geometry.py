"""The engine's board geometry (Game.geometry(), State.board_position(), State.action_points(),
cpp/games/<game>/geometry.cpp): for every registered game and variant, against the documented
scale, the rules pages' boards, the notation and effect of every action in random games, and
the games' own measures (Chinese Checkers' goal distance) computed by hand."""

import math
import random

import pytest

import hopzero


def variants():
    """Every registered game with its defaults and with each allowed value of each option
    (combinations the rules forbid are skipped)."""
    out = []
    for name in hopzero.game_names():
        out.append((name, {}))
        for option in hopzero.game_options(name):
            for value in option["allowed"]:
                if value != option["default"]:
                    out.append((name, {option["name"]: value}))
    return out


def make(name, options):
    try:
        return hopzero.make(name, **options)
    except ValueError as e:
        pytest.skip(f"{name} {options}: not a valid variant ({e})")


def test_every_registered_game_has_a_geometry():
    for name in hopzero.game_names():
        geo = hopzero.make(name).geometry()
        assert geo["points"] and geo["lines"], name
        assert len(geo["player_names"]) == len(geo["colors"]) == hopzero.make(name).num_players()


@pytest.mark.parametrize("name,options", variants())
def test_geometry_is_well_formed(name, options):
    game = make(name, options)
    geo = game.geometry()
    points = [p["name"] for p in geo["points"]]
    assert len(set(points)) == len(points)  # names are unique
    assert len(game.new_initial_state().board_position()["owner"]) == len(points)
    assert len(set(map(tuple, geo["lines"]))) == len(geo["lines"])  # each line once
    assert all(0 <= a < b < len(points) for a, b in geo["lines"])  # a < b, in range
    for r in geo["regions"]:
        assert r["kind"] in ("home", "goal") and 0 <= r["player"] < game.num_players()
        assert all(0 <= p < len(points) for p in r["points"])
    # Neighbouring points are one unit apart (the documented scale).
    for a, b in geo["lines"]:
        pa, pb = geo["points"][a], geo["points"][b]
        d = math.hypot(pa["x"] - pb["x"], pa["y"] - pb["y"])
        assert math.isclose(d, 1.0) or math.isclose(d, math.sqrt(2.0)), (a, b, d)


def index(geo, name):
    return [p["name"] for p in geo["points"]].index(name)


def lines(geo):
    return {tuple(sorted(line)) for line in geo["lines"]}


def test_alquerque_board_by_hand():
    # docs/rules/alquerque.md: 5 x 5 points, rank 1 at White's side (bottom), c3 the centre.
    for diagonals, diagonal_count in (("odd", 16), ("even", 16), ("none", 0)):
        geo = hopzero.make("alquerque", diagonals=diagonals).geometry()
        assert geo["shape"] == "square" and len(geo["points"]) == 25
        assert len(geo["lines"]) == 40 + diagonal_count  # 2 x 5 rows of 4 segments, diagonals
        c3, a1, b1, a2, b2 = (index(geo, n) for n in ("c3", "a1", "b1", "a2", "b2"))
        assert (geo["points"][c3]["x"], geo["points"][c3]["y"]) == (2, 2)
        assert (geo["points"][a1]["x"], geo["points"][a1]["y"]) == (0, 0)
        # b1 (row + col odd) has diagonals on the odd board; a1 on the even (classic) one.
        assert (tuple(sorted((b1, a2))) in lines(geo)) == (diagonals == "odd")
        assert (tuple(sorted((a1, b2))) in lines(geo)) == (diagonals == "even")
        assert geo["regions"] == []
    state = hopzero.make("alquerque").new_initial_state()
    pos = state.board_position()
    assert pos["reserves"] == [] and pos["active"] is None
    assert pos["owner"].count(0) == pos["owner"].count(1) == 12


def test_jumpers_rhombus_by_hand():
    # docs/rules/jumpers.md: N x N points drawn as a rhombus; Red's home A1..B2 at the bottom
    # corner, Turquoise's at the top; reserves 12/13, 20/20, 30/31.
    for size, reserves in ((6, [12, 13]), (8, [20, 20]), (10, [30, 31])):
        game = hopzero.make("jumpers", size=size)
        geo = game.geometry()
        assert geo["shape"] == "rhombus" and len(geo["points"]) == size * size
        assert len(geo["lines"]) == 2 * size * (size - 1)
        ys = [p["y"] for p in geo["points"]]
        xs = [p["x"] for p in geo["points"]]
        top = f"{chr(ord('a') + size - 1)}{size}"
        assert geo["points"][index(geo, "a1")]["y"] == min(ys)
        assert geo["points"][index(geo, top)]["y"] == max(ys)
        # The side corners: the last column of row 1 and the first column of row N.
        assert geo["points"][index(geo, f"{chr(ord('a') + size - 1)}1")]["x"] == max(xs)
        assert geo["points"][index(geo, f"a{size}")]["x"] == min(xs)
        homes = {r["player"]: {geo["points"][p]["name"] for p in r["points"]}
                 for r in geo["regions"] if r["kind"] == "home"}
        far = [chr(ord("a") + size - 2), chr(ord("a") + size - 1)]
        assert homes[0] == {"a1", "b1", "a2", "b2"}
        assert homes[1] == {f"{c}{r}" for c in far for r in (size - 1, size)}
        assert game.new_initial_state().board_position()["reserves"] == reserves


def test_chinese_checkers_star_by_hand():
    # docs/rules/chinese_checkers.md: 121 holes, a1 the top point, q1 the bottom one; player
    # 0 starts in the bottom triangle and aims at the top one.
    for players, pieces in ((2, 10), (2, 19), (3, 10), (4, 13), (6, 10)):
        game = hopzero.make("chinese_checkers", players=players, pieces=pieces)
        geo = game.geometry()
        assert geo["shape"] == "star" and len(geo["points"]) == 121
        ys = [p["y"] for p in geo["points"]]
        assert geo["points"][index(geo, "a1")]["y"] == max(ys)
        assert geo["points"][index(geo, "q1")]["y"] == min(ys)
        regions = {(r["kind"], r["player"]): set(r["points"]) for r in geo["regions"]}
        assert len(regions) == 2 * players
        assert all(len(points) == pieces for points in regions.values())
        assert index(geo, "q1") in regions[("home", 0)]
        assert index(geo, "a1") in regions[("goal", 0)]
        homes = [regions[("home", p)] for p in range(players)]
        assert len(set().union(*homes)) == players * pieces  # homes do not overlap
        owner = game.new_initial_state().board_position()["owner"]
        for p in range(players):
            assert {h for h, o in enumerate(owner) if o == p} == regions[("home", p)]


def random_actions(game, seed, max_actions=150):
    """(state before, action) along a random game."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal() and state.move_number() < max_actions:
        action = rng.choice(state.legal_actions())
        yield state.clone(), action
        state.apply(action)


@pytest.mark.parametrize("name,options", variants())
def test_action_points_agree_with_notation_and_effect(name, options):
    game = make(name, options)
    names = [p["name"] for p in game.geometry()["points"]]
    kinds = set()
    for seed in range(3):
        for before, action in random_actions(game, seed):
            pts = before.action_points(action)
            kinds.add(pts["kind"])
            text = before.action_to_string(action).lower()
            mover = before.current_player()
            after = before.clone()
            after.apply(action)
            owner_before = before.board_position()["owner"]
            owner = after.board_position()["owner"]
            if pts["kind"] in ("stop", "pass"):
                assert text == pts["kind"] and pts["from"] is None and pts["to"] is None
                continue
            # The notation names the points the action touches, in order.
            written = [names[p] for p in (pts["from"], pts["to"]) if p is not None]
            assert " ".join(written) in text.replace("-", " ").replace("x", " ").replace("+", ""), \
                (text, written)
            if pts["kind"] == "huff":
                assert owner_before[pts["to"]] == 1 - mover and owner[pts["to"]] == -1
            elif pts["kind"] == "birth":
                assert owner_before[pts["to"]] == -1 and owner[pts["to"]] == mover
            else:
                assert owner_before[pts["from"]] == mover and owner[pts["to"]] == mover
                assert owner[pts["from"]] == -1
            if pts["kind"] == "capture":
                assert owner_before[pts["over"]] not in (-1, mover) and owner[pts["over"]] == -1
            if pts["kind"] == "jump" and pts["over"] is not None:
                assert owner_before[pts["over"]] == mover  # Jumpers: over an own piece
    assert kinds  # some actions were looked at


def test_active_piece_in_chains():
    # Jumpers: after a1-c1 (a hop over b1) the moving piece stands on c1 and must go on.
    game = hopzero.make("jumpers")
    state = game.new_initial_state()
    state.apply(state.string_to_action("a1-c1"))
    assert state.board_position()["active"] == index(game.geometry(), "c1")


def test_bad_action_ids_raise():
    state = hopzero.make("alquerque").new_initial_state()
    for bad in (-1, 426, 10**6):
        with pytest.raises(ValueError, match="out of range"):
            state.action_points(bad)


def test_measures_by_hand():
    # Chinese Checkers (scoring.h): the least total of hex steps that fill the goal. At the
    # start every piece goes to its mirror image: 2 x the sum of the pieces' rows below the
    # centre (a step changes the row by at most 1, so no assignment is cheaper):
    # 10 pieces 2 x (8 + 2*7 + 3*6 + 4*5) = 120, 13: + 2 x 3*4, 19: + 2 x (5*4 + 4*3).
    for players, pieces, start in ((2, 10, 120), (6, 10, 120), (4, 13, 144), (3, 19, 184)):
        game = hopzero.make("chinese_checkers", players=players, pieces=pieces)
        state = game.new_initial_state()
        assert state.board_position()["measures"] == {"goal_distance": [start] * players}
        if pieces != 10:
            continue
        # A step of player 0 from n2 to m6 (one row up, its mirror image still in reach
        # within the row difference) lowers its distance by exactly 1.
        names = [p["name"] for p in game.geometry()["points"]]
        step = state.string_to_action("n2-m6")
        assert state.action_points(step)["from"] == names.index("n2")
        state.apply(step)
        assert state.board_position()["measures"]["goal_distance"][0] == start - 1
    for name in hopzero.game_names():  # every game's measures: name -> one value per player
        game = hopzero.make(name)
        for values in game.new_initial_state().board_position()["measures"].values():
            assert len(values) == game.num_players()
