"""`hopzero serve` end to end over HTTP (docs/serve.md): a whole game against `random` for every
registered game, illegal moves, malformed and oversized requests, the bounds on live games and
search time, records confined to --records DIR, hints; and the server answering afterwards."""

import os
import random
import socket

import pytest

import hopzero
from serve_helpers import HOPZERO, Server

pytestmark = pytest.mark.skipif(not os.path.exists(HOPZERO), reason="build/hopzero is not built")

MAX_GAMES = 6
MAX_BODY = 64 * 1024
MAX_SEARCH_MS = 1500


@pytest.fixture(scope="module")
def records_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("records")


@pytest.fixture(scope="module")
def server(records_dir):
    s = Server("--records", str(records_dir), "--max-games", str(MAX_GAMES), "--max-body",
               str(MAX_BODY), "--max-search-ms", str(MAX_SEARCH_MS))
    yield s
    assert s.alive(), "the server died during the tests"
    s.stop()


def new_game(server, game, seats, **extra):
    status, view = server.post("/api/new", {"game": game, "seats": seats, **extra})
    assert status == 200, view
    return view


def assert_error(answer, status, *words):
    got_status, body = answer
    assert got_status == status, body
    assert set(body) == {"error", "status"} and body["status"] == status
    for w in words:
        assert w in body["error"], body["error"]


def test_binds_localhost_by_default(server):
    assert server.host == "127.0.0.1"


def test_catalog_lists_every_registered_game(server):
    status, catalog = server.get("/api/catalog")
    assert status == 200
    assert [g["name"] for g in catalog["games"]] == hopzero.game_names()
    assert catalog["limits"]["max_games"] == MAX_GAMES
    assert catalog["limits"]["max_search_ms"] == MAX_SEARCH_MS


@pytest.mark.parametrize("name", hopzero.game_names())
def test_variant_geometry_is_the_engines(server, name):
    status, variant = server.post("/api/variant", {"game": name})
    assert status == 200
    game = hopzero.make(name)
    expected = game.geometry()
    expected["lines"] = [list(line) for line in expected["lines"]]
    assert variant["geometry"] == expected
    assert variant["num_players"] == game.num_players()


def play_to_end(server, view, rng):
    """Plays the game of `view` to its end: the people's moves are random legal actions sent
    with /play, the agents' come from /advance. Returns the final view and the actions."""
    game_id, actions = view["id"], []
    while not view["over"]:
        mover = view["to_move"]
        if view["seats"][mover] == "human":
            move = rng.choice(view["legal"])
            status, view = server.post(f"/api/game/{game_id}/play", {"action": move["id"]})
            assert status == 200, view
            actions.append(move["id"])
        else:
            status, view = server.post(f"/api/game/{game_id}/advance")
            assert status == 200, view
            assert view["played"]["player"] == mover
            actions.append(view["played"]["id"])
        assert view["ply"] == view["line_length"] == len(actions)
    return view, actions


@pytest.mark.parametrize("name", hopzero.game_names())
def test_a_game_to_its_end_against_random(server, name):
    game = hopzero.make(name)
    n = game.num_players()
    view = new_game(server, name, ["human"] + ["random"] * (n - 1))
    final, actions = play_to_end(server, view, random.Random(7))
    assert final["terminal"] and final["legal"] == []
    returns = final["returns"]
    assert len(returns) == n and abs(sum(returns)) < 1e-5  # zero-sum (rules pages)
    # The engine agrees on the game played: replaying the actions gives the same end.
    state = game.new_initial_state()
    state.apply_all(actions)
    assert state.is_terminal() and state.serialize() == final["serialized"]
    # The turn list covers the line once, in order.
    turns = final["turns"]
    assert turns[0]["first"] == 0 and turns[-1]["end"] == len(actions)
    assert all(a["end"] == b["first"] for a, b in zip(turns, turns[1:]))
    # Once over, nothing more is played.
    assert_error(server.post(f"/api/game/{final['id']}/advance"), 409, "over")


def last_test_variant(name):
    """The last variant a game registers for tests (the richest rule set), stopped after 60
    plies where the game has a max_plies option."""
    options = dict((hopzero.game_test_variants(name) or [{}])[-1])
    if any(o["name"] == "max_plies" for o in hopzero.game_options(name)):
        options.setdefault("max_plies", "60")
    return options


@pytest.mark.parametrize("name", hopzero.game_names())
def test_variants_to_their_end_with_people_at_every_seat(server, name):
    options = last_test_variant(name)
    n = hopzero.make(name, **options).num_players()
    view = new_game(server, name, ["human"] * n, options=options)
    rng = random.Random(11)
    while not view["over"]:
        move = rng.choice(view["legal"])
        status, view = server.post(f"/api/game/{view['id']}/play", {"action": move["id"]})
        assert status == 200, view
    assert view["terminal"] and len(view["returns"]) == n


def test_every_seat_can_be_a_person_or_an_agent_with_more_players(server):
    view = new_game(server, "chinese_checkers", ["random", "human", "greedy"],
                    options={"players": 3, "max_plies": 30})
    final, _ = play_to_end(server, view, random.Random(3))
    assert final["terminal"] and len(final["returns"]) == 3


def test_an_illegal_move_is_refused_and_changes_nothing(server):
    view = new_game(server, "alquerque", ["human", "random"])
    gid, legal = view["id"], {a["id"] for a in view["legal"]}
    illegal = next(a for a in range(hopzero.make("alquerque").num_actions()) if a not in legal)
    assert_error(server.post(f"/api/game/{gid}/play", {"action": illegal}), 400, "illegal")
    assert_error(server.post(f"/api/game/{gid}/play", {"text": "a1-a2"}), 400, "not legal")
    assert_error(server.post(f"/api/game/{gid}/play", {"text": "zz"}), 400)
    assert_error(server.post(f"/api/game/{gid}/play", {"action": 10**9}), 400, "out of range")
    assert_error(server.post(f"/api/game/{gid}/play", {"action": "c2-c3"}), 400, "integer")
    assert_error(server.post(f"/api/game/{gid}/play", {}), 400, "either")
    status, after = server.get(f"/api/game/{gid}")
    assert status == 200 and after["ply"] == 0 and after["serialized"] == view["serialized"]
    # The agent's turn is not the person's.
    status, after = server.post(f"/api/game/{gid}/play", {"text": "c2-c3"})
    assert status == 200 and after["to_move"] == 1
    assert_error(server.post(f"/api/game/{gid}/play", {"text": "b4-c3"}), 409, "agent")
    status, after = server.post(f"/api/game/{gid}/advance")
    assert status == 200
    assert_error(server.post(f"/api/game/{gid}/advance"), 409, "person")


def test_malformed_requests_get_4xx_with_a_message(server):
    assert_error(server.post("/api/new", raw=b"{not json"), 400, "not valid JSON")
    assert_error(server.post("/api/new", raw=b"[1, 2]"), 400, "object")
    assert_error(server.post("/api/new", {"game": "chess"}), 400, "unknown game", "alquerque")
    assert_error(server.post("/api/new", {}), 400, "'game'")
    assert_error(server.post("/api/new", {"game": 5}), 400, "string")
    assert_error(server.post("/api/new", {"game": "jumpers", "options": {"size": 7}}), 400,
                 "size")
    assert_error(server.post("/api/new", {"game": "jumpers", "options": {"colour": "red"}}), 400,
                 "colour")
    assert_error(server.post("/api/new", {"game": "jumpers", "options": [1]}), 400, "options")
    assert_error(server.post("/api/new", {"game": "jumpers", "seats": ["human"]}), 400, "seats")
    assert_error(server.post("/api/new", {"game": "jumpers", "seats": ["human", "chess_engine"]}),
                 400, "chess_engine")
    assert_error(server.post("/api/new", {"game": "jumpers", "seats": ["human", "mcts:simz=5"]}),
                 400, "simz")
    assert_error(server.post("/api/new", {"game": "jumpers", "seats": ["human", 3]}), 400)
    assert_error(server.post("/api/new", {"game": "jumpers", "position": "nonsense"}), 400)
    assert_error(server.get("/api/no/such/call"), 404, "no/such/call")
    assert_error(server.get("/api/game/999999"), 404, "999999")
    assert_error(server.post("/api/game/999999/play", {"action": 0}), 404)
    assert_error(server.get("/../../etc/passwd"), 404)
    assert server.alive()


def test_a_huge_body_is_refused(server):
    huge = b'{"game": "' + b"a" * (4 * MAX_BODY) + b'"}'
    try:
        assert_error(server.post("/api/new", raw=huge), 413, "larger")
    except (BrokenPipeError, ConnectionResetError):
        pass  # the server may close before the client has sent it all: refused either way
    # A body announced as huge is refused before it is read.
    with socket.create_connection((server.host, server.port), timeout=30) as sock:
        sock.sendall(b"POST /api/new HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 100000000000\r\n\r\n{")
        answer = b""
        while b"}" not in answer.split(b"\r\n\r\n", 1)[-1]:  # until the JSON body is in
            chunk = sock.recv(65536)
            if not chunk:
                break
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 413") and b"larger" in answer, answer
    status, _ = server.get("/api/catalog")
    assert status == 200


def test_searches_are_capped_in_time(server):
    view = new_game(server, "alquerque", ["human", "random"])
    gid = view["id"]
    assert_error(server.post(f"/api/game/{gid}/hint", {"agent": "mcts:time_ms=999999"}), 400,
                 "time_ms", str(MAX_SEARCH_MS))
    assert_error(server.post(f"/api/game/{gid}/hint", {"agent": "alphabeta:tt_mb=4096"}), 400,
                 "tt_mb")
    assert_error(server.post(f"/api/game/{gid}/seats", {"seats": ["human", "mcts:time_ms=1e9"]}),
                 400, "time_ms")
    # A search without a time limit gets the server's as a cap on each search (clock=action),
    # and keeps its own sims; so reuse=false, which clock=turn refuses, still works.
    status, hint = server.post(f"/api/game/{gid}/hint", {"agent": "mcts:sims=64"})
    assert status == 200
    assert hint["agent"] == f"mcts:clock=action,sims=64,time_ms={MAX_SEARCH_MS}"
    status, hint = server.post(f"/api/game/{gid}/hint", {"agent": "mcts:sims=64,reuse=false"})
    assert status == 200 and "reuse=false" in hint["agent"]
    status, hint = server.post(f"/api/game/{gid}/hint", {"agent": "mcts"})
    assert status == 200 and "sims=200" in hint["agent"] and hint["total_visits"] <= 200
    # Agent files are read only from --agents DIR, which this server has not.
    assert_error(server.post(f"/api/game/{gid}/hint",
                             {"agent": "mcts:checkpoint=/etc/passwd"}), 400, "--agents")
    assert_error(server.post(f"/api/game/{gid}/hint", {"agent": "greedy:weights=../x.yaml"}), 400,
                 "--agents")
    assert_error(server.post(f"/api/game/{gid}/hint", {"agent": "human"}), 400, "human")


def test_live_games_are_bounded(server):
    ids = [new_game(server, "jumpers", ["human", "random"])["id"] for _ in range(MAX_GAMES + 1)]
    assert_error(server.get(f"/api/game/{ids[0]}"), 404, "--max-games")
    for gid in ids[1:]:
        assert server.get(f"/api/game/{gid}")[0] == 200


def test_hint_shares_heat_and_principal_variation(server):
    view = new_game(server, "alquerque", ["human", "human"])
    status, hint = server.post(f"/api/game/{view['id']}/hint", {"agent": "mcts:sims=300"})
    assert status == 200
    moves = hint["moves"]
    assert {m["id"] for m in moves} == {a["id"] for a in view["legal"]}
    assert abs(sum(m["share"] for m in moves) - 1) < 1e-9
    assert sum(m["visits"] for m in moves) == hint["total_visits"]
    assert [m["visits"] for m in moves] == sorted((m["visits"] for m in moves), reverse=True)
    # Every opening move of Alquerque is a step to an empty point: the heat is the shares
    # summed onto those points.
    heat = [0.0] * 25
    for m in moves:
        heat[m["to"]] += m["share"]
    assert hint["heat"] == pytest.approx(heat)
    for m in moves:  # two players: the other's value is the mover's negated
        assert m["player_values"][0] == pytest.approx(-m["player_values"][1])
    assert hint["principal_variation"] and hint["principal_variation"][0]["player"] == 0
    status, ab = server.post(f"/api/game/{view['id']}/hint", {"agent": "alphabeta:depth=2"})
    assert status == 200 and ab["best"] in {a["id"] for a in view["legal"]}


def test_undo_goto_and_resign(server):
    view = new_game(server, "alquerque", ["human", "random"])
    gid = view["id"]
    server.post(f"/api/game/{gid}/play", {"text": "c2-c3"})
    status, view = server.post(f"/api/game/{gid}/advance")
    assert view["ply"] == 2
    status, view = server.post(f"/api/game/{gid}/undo")  # back over the agent to the person
    assert status == 200 and view["ply"] == 0 and view["line_length"] == 2
    status, view = server.post(f"/api/game/{gid}/goto", {"ply": 2})
    assert view["ply"] == 2 and view["last"] is not None
    assert_error(server.post(f"/api/game/{gid}/goto", {"ply": 3}), 400, "range")
    status, view = server.post(f"/api/game/{gid}/resign")
    assert status == 200 and view["over"] and view["resigned"] == 0 and view["legal"] == []
    assert_error(server.post(f"/api/game/{gid}/play", {"text": "b2-c2"}), 409, "resigned")
    fresh = new_game(server, "alquerque", ["human", "random"])
    assert_error(server.post(f"/api/game/{fresh['id']}/undo"), 409, "nothing")


def test_positions_load_from_their_text(server):
    game = hopzero.make("jumpers")
    state = game.new_initial_state()
    state.apply(state.string_to_action("a1-c1"))
    view = new_game(server, "jumpers", ["human", "human"])
    status, view = server.post(f"/api/game/{view['id']}/position", {"text": state.serialize()})
    assert status == 200 and view["serialized"] == state.serialize()
    assert view["position"]["active"] == 2  # c1, the piece that hopped
    assert_error(server.post(f"/api/game/{view['id']}/position", {"text": "bad"}), 400)
    assert_error(server.post(f"/api/game/{view['id']}/save", {"name": "x.txt"}), 409, "position")


def test_records_stay_inside_the_records_dir(server, records_dir, tmp_path):
    view = new_game(server, "alquerque", ["human", "random"])
    gid = view["id"]
    server.post(f"/api/game/{gid}/play", {"text": "c2-c3"})
    server.post(f"/api/game/{gid}/advance")
    for bad in ("../escape.txt", "/etc/passwd", "sub/dir.txt", ".hidden.txt", "a b.txt", ""):
        assert_error(server.post(f"/api/game/{gid}/save", {"name": bad}), 400)
    assert not (records_dir.parent / "escape.txt").exists()
    status, saved = server.post(f"/api/game/{gid}/save", {"name": "first"})
    assert status == 200 and saved["saved"] == "first.txt"
    text = (records_dir / "first.txt").read_text()
    record = hopzero.records.parse(text)
    assert record.game == "alquerque" and len(record.turns) == 2
    assert_error(server.post(f"/api/game/{gid}/save", {"name": "first.txt"}), 409, "exists")
    # A symlink out of the directory is neither listed nor read.
    outside = tmp_path / "outside.txt"
    outside.write_text(text)
    os.symlink(outside, records_dir / "link.txt")
    status, listing = server.get("/api/records")
    assert status == 200 and listing["records"] == ["first.txt"]
    assert_error(server.post("/api/records/load", {"name": "link.txt"}), 404)
    assert_error(server.post("/api/records/load", {"name": "../outside.txt"}), 400)
    assert_error(server.post("/api/records/load", {"name": "missing.txt"}), 404)
    # Loading by name and pasted: the line is there to step through, from the start.
    status, loaded = server.post("/api/records/load", {"name": "first.txt"})
    assert status == 200 and loaded["ply"] == 0 and loaded["line_length"] == 2
    assert [t["text"] for t in loaded["turns"]] == [t for t in record_texts(text)]
    commented = text.replace("1. 0 c2-c3", "1. 0 c2-c3 {the usual opening}")
    status, pasted = server.post("/api/records/load", {"text": commented})
    assert status == 200 and pasted["turns"][0]["comment"] == "the usual opening"
    status, stepped = server.post(f"/api/game/{pasted['id']}/goto", {"ply": 1})
    assert stepped["ply"] == 1 and stepped["to_move"] == 1
    assert_error(server.post("/api/records/load", {"text": "hopzero-record 1\ngame: nope\n"}),
                 400, "nope")
    assert_error(server.post("/api/records/load", {}), 400, "either")


def record_texts(text):
    return [line.split(" ", 2)[2] for line in text.splitlines() if line[:1].isdigit()]


def test_the_page_is_served(server):
    import urllib.request
    with urllib.request.urlopen(server.base + "/") as f:
        html = f.read().decode()
    assert "board.js" in html and "app.js" in html
    for name in ("app.js", "board.js", "style.css"):
        with urllib.request.urlopen(f"{server.base}/{name}") as f:
            assert f.status == 200 and f.read()


def test_without_records_dir_and_bad_flags():
    s = Server()
    try:
        assert_error(s.get("/api/records"), 404, "--records")
    finally:
        s.stop()
    import subprocess
    for flags, words in ((["--records", "/no/such/dir"], "--records"),
                         (["--web", "/tmp"], "index.html"), (["--port", "70000"], "port")):
        out = subprocess.run([HOPZERO, "serve", *flags], capture_output=True, text=True,
                             timeout=60)
        assert out.returncode != 0 and words in out.stderr, out.stderr


def test_agent_files_only_from_the_agents_dir(tmp_path):
    agents = tmp_path / "agents"
    agents.mkdir()
    (agents / "w.yaml").write_text("heuristic: {}\n")  # the default weights
    outside = tmp_path / "outside.yaml"
    outside.write_text("heuristic: {}\n")
    os.symlink(outside, agents / "link.yaml")
    s = Server("--agents", str(agents))
    try:
        gid = new_game(s, "alquerque", ["human", "human"])["id"]
        status, hint = s.post(f"/api/game/{gid}/hint", {"agent": "greedy:weights=w.yaml"})
        assert status == 200, hint
        assert hint["agent"] == f"greedy:weights={agents.resolve() / 'w.yaml'}"
        for bad in ("link.yaml", "../outside.yaml", str(outside), "missing.yaml", ".w.yaml"):
            assert_error(s.post(f"/api/game/{gid}/hint", {"agent": f"greedy:weights={bad}"}),
                         400, "weights=")
        assert s.alive()
    finally:
        s.stop()


def test_the_view_carries_the_geometry_when_asked(server):
    view = new_game(server, "jumpers", ["human", "human"], options={"size": 8})
    assert len(view["geometry"]["points"]) == 64
    status, plain = server.get(f"/api/game/{view['id']}")
    assert status == 200 and "geometry" not in plain
    status, full = server.get(f"/api/game/{view['id']}?geometry=1")
    assert status == 200 and full["geometry"] == view["geometry"]
