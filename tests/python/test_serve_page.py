"""The page of `hopzero serve` in headless Chromium (Debian `chromium`), driven through the
DevTools protocol: it loads every game without console errors, a screenshot is taken, and real
mouse clicks on the board play a legal move that changes the board (and the agent answers)."""

import os
import shutil

import pytest

import hopzero
from serve_helpers import HOPZERO, Chromium, Server

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def require_chromium():
    if not CHROMIUM:
        reason = "chromium is not installed (Debian package `chromium`, see scripts/setup.sh)"
        print("SKIPPED:", reason)
        pytest.skip(reason)


@pytest.fixture(scope="module")
def server():
    if not os.path.exists(HOPZERO):
        pytest.skip("build/hopzero is not built")
    s = Server("--max-search-ms", "500")
    yield s
    s.stop()


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    require_chromium()
    b = Chromium(CHROMIUM, str(tmp_path_factory.mktemp("chromium-profile")))
    yield b
    b.close()


def load(browser, server, query):
    """Opens the page with `query` and waits until its first game is shown (the mark set on
    the old page tells it apart from the new one)."""
    browser.evaluate("window.hzOldPage = true")
    browser.errors.clear()
    browser.navigate(f"{server.base}/?{query}")
    browser.wait_for("window.hzOldPage === undefined && typeof app !== 'undefined' && "
                     "app.view !== null && !app.busy")


def pieces(browser):
    """{point: player} of the pieces drawn on the board."""
    drawn = browser.evaluate("[...document.querySelectorAll('#board .piece')]"
                             ".map(c => [+c.dataset.point, +c.dataset.player])")
    return {p: player for p, player in drawn}


@pytest.mark.parametrize("name", hopzero.game_names())
def test_every_game_loads_without_errors_and_draws_the_engines_board(browser, server, name,
                                                                     tmp_path):
    load(browser, server, f"game={name}&autoplay=0")
    game = hopzero.make(name)
    geo = game.geometry()
    counts = browser.evaluate("({holes: document.querySelectorAll('#board .hole').length,"
                              " lines: document.querySelectorAll('#board .board-line').length,"
                              " shape: document.getElementById('board').dataset.shape})")
    assert counts == {"holes": len(geo["points"]), "lines": len(geo["lines"]),
                      "shape": geo["shape"]}
    owner = game.new_initial_state().board_position()["owner"]
    assert pieces(browser) == {p: o for p, o in enumerate(owner) if o >= 0}
    shot = tmp_path / f"{name}.png"
    browser.screenshot(str(shot))
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 10000
    assert browser.errors == []


def test_clicks_play_a_legal_move_and_the_agent_answers(browser, server):
    load(browser, server, "game=alquerque&seats=human;random&autoplay=0")
    before = pieces(browser)
    move = browser.evaluate("app.view.legal.find(a => a.kind === 'step')")
    browser.click_point(move["from"])  # select the piece, then click where it goes
    assert browser.evaluate("app.selected") == move["from"]
    browser.click_point(move["to"])
    browser.wait_for("app.view.ply === 1 && !app.busy")
    view = browser.evaluate("app.view")
    assert view["turns"][0] == {"player": 0, "text": move["text"], "first": 0, "end": 1,
                                "comment": ""}
    expected = dict(before)
    expected[move["to"]] = expected.pop(move["from"])
    assert pieces(browser) == expected
    # The server holds the same game.
    status, served = server.get(f"/api/game/{view['id']}")
    assert status == 200 and served["serialized"] == view["serialized"]
    # With agents moving, the random agent answers.
    browser.evaluate("document.getElementById('autoplay').click()")
    browser.wait_for("app.view.ply >= 2 && !app.busy")
    assert browser.evaluate("document.getElementById('turns').children.length") == 2
    assert pieces(browser) != expected
    assert browser.errors == []


def test_a_hint_draws_a_heat_map(browser, server):
    load(browser, server, "game=jumpers&seats=human;human")
    browser.evaluate("document.getElementById('hint-agent').value = 'mcts:sims=100'")
    browser.evaluate("document.getElementById('hint').click()")
    browser.wait_for("app.hint !== null && !app.busy")
    assert browser.evaluate("document.querySelectorAll('#board .heat').length") > 0
    assert "suggests" in browser.evaluate("document.getElementById('hint-out').textContent")
    assert browser.errors == []
