"""The table in the browser, without a browser: its routes through Starlette's TestClient
(the runtime and the firmware it is served, finished games taken into the score history
after a replay, bad records refused with a reason) and the page's MicroPython module
(``web/mp/webtable.py``) under CPython, driven as the page drives it.

The same module running in Chromium is ``test_web_table_e2e.py``.
"""

import json
import sys
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from teebox.core import games
from teebox.core.wire import gamerecord
from teebox.hal import buttons as B
from teebox_host import profiles
from teebox_host.scoredb import ScoreDB
from teebox_host.web import table as web_table
from teebox_host.web.app import create_app

sys.path.insert(0, str(Path(web_table.PAGE_MODULE).parent))
from webtable import WebTable  # noqa: E402 (the page's module, not a package)

T0 = 1767225600   # 2026-01-01 00:00 UTC: the page's calendar clock
FRAME = 16        # the page calls frame() about this often (ms)


@pytest.fixture
def client(tmp_path):
    return TestClient(create_app(tmp_path / "scores.sqlite3"))


def new_table(flash=""):
    return WebTable(profiles.find().read_text(), 0, T0, flash)


class Page:
    """Drives a WebTable as table.js does: its clock, frames and snapshots."""

    def __init__(self, wt):
        self.wt = wt
        self.now = 0
        self.shown = json.loads(wt.snapshot())

    def run(self, ms):
        """Let ``ms`` of page time pass, a frame() call every FRAME ms."""
        for _ in range(ms // FRAME):
            self.now += FRAME
            text = self.wt.frame(self.now)
            if text:
                self.shown = json.loads(text)

    @property
    def oled(self):
        return "\n".join(self.shown["oled"])

    def click(self, button):
        """A click: down and up at once, quicker than a frame."""
        self.wt.button(button, True)
        self.wt.button(button, False)
        self.run(200)


def finished_game(wt, mode="stroke", players=1, seed=3):
    """Bots set up and play a whole game through the table's buttons and reader (the
    page's script hook); returns the shelved game's number."""
    for _ in range(10000):
        lines = json.loads(wt.bot_lines(mode, "starter", players, seed))
        if not lines:
            break
        assert wt.run_script("\n".join(lines)) == ""
    numbers = wt.shelf.numbers()
    assert len(numbers) == 1
    return numbers[0]


# ------------------------------------------------------------ routes


def test_the_page_has_the_tables_buttons_card_box_and_script(client):
    page = client.get("/table")
    assert page.status_code == 200
    html = page.text
    for name in ("NW", "NE", "W", "E", "SW", "SE", "OK", "BACK"):
        assert f'aria-label="{name}"' in html
    assert 'id="cardbox"' in html and 'id="send"' in html and 'id="script-text"' in html
    assert '<script type="module" src="/static/table.js">' in html


def test_without_the_runtime_the_page_says_how_to_install_it(client, monkeypatch):
    monkeypatch.setattr(web_table, "runtime_dir", lambda: None)
    page = client.get("/table")
    assert page.status_code == 200
    assert "npm ci" in page.text and "table.js" not in page.text
    missing = client.get("/table/runtime/micropython.mjs")
    assert missing.status_code == 404 and "npm ci" in missing.text


def test_the_runtime_is_served_from_the_installed_package(client, micropython):
    mjs = client.get("/table/runtime/micropython.mjs")
    assert mjs.status_code == 200
    assert mjs.headers["content-type"].startswith("text/javascript")
    assert "loadMicroPython" in mjs.text
    wasm = client.get("/table/runtime/micropython.wasm")
    assert wasm.status_code == 200 and wasm.headers["content-type"] == "application/wasm"
    assert wasm.content[:4] == b"\0asm"
    other = client.get("/table/runtime/package.json")
    assert other.status_code == 404 and "micropython.mjs" in other.text


def test_the_firmware_bundle_holds_the_firmware_its_data_the_page_module_and_a_profile(client):
    got = client.get("/table/firmware.json")
    assert got.status_code == 200
    bundle = got.json()
    files = bundle["files"]
    for path in ("teebox/app/loop.py", "teebox/app/boot.py", "teebox/hal/buttons.py",
                 "teebox/core/holes18/engine.py", "teebox/data/clubs.json",
                 "teebox/data/shots.json", "teebox/data/courses/starter.course", "webtable.py"):
        assert path in files, path
    assert not [p for p in files if "__pycache__" in p or p.endswith(".pyc")]
    assert files["teebox/app/loop.py"] == (Path(web_table.teebox.__file__).parent
                                           / "app" / "loop.py").read_text()
    assert json.loads(bundle["profile"])["grid"] == {"width": 24, "height": 16}
    assert bundle["runtime"] == web_table.mpy.runtime_version()


def test_a_game_finished_at_the_table_is_replayed_and_stored_once(client, tmp_path):
    wt = new_table()
    number = finished_game(wt)
    data = bytes.fromhex(wt.record_hex(number))
    first = client.post("/table/records", content=data)
    assert first.status_code == 200, first.text
    assert first.json()["stored"] is True
    assert first.json()["message"] == f"game {number} of board {wt.board_id} is in the score history"
    again = client.post("/table/records", content=data)
    assert again.status_code == 200 and again.json()["stored"] is False
    assert "already" in again.json()["message"]
    with ScoreDB(tmp_path / "scores.sqlite3") as db:
        stored = db.game(wt.board_id, number)
    assert stored is not None
    history = client.get("/")
    assert "Starter Course" in history.text


def test_a_record_whose_scores_the_replay_does_not_confirm_is_refused_with_the_difference(
        client, tmp_path):
    wt = new_table()
    number = finished_game(wt)
    game = wt.table.game
    rec = gamerecord.decode(bytes.fromhex(wt.record_hex(number)))
    holes = [(h, par, list(scores)) for h, par, scores in rec.holes]
    holes[0][2][0] += 3
    forged = gamerecord.encode(game, wt.board_id, number, T0, holes=holes)
    got = client.post("/table/records", content=forged)
    assert got.status_code == 422
    assert (f"hole 1, player 1 (Red): the board says {holes[0][2][0]}, the replay "
            f"{holes[0][2][0] - 3}") in got.json()["error"]
    assert not (tmp_path / "scores.sqlite3").exists() or client.get("/").text.count(
        "Starter Course") == 0


@pytest.mark.parametrize("body, status, reason", [
    (b"", 400, "the body is empty"),
    (b"hello, world", 400, "not a game record"),
    (b"\0" * (web_table.MAX_RECORD + 1), 413, "at most"),
])
def test_a_malformed_record_gets_a_4xx_with_a_reason(client, body, status, reason):
    got = client.post("/table/records", content=body)
    assert got.status_code == status
    assert reason in got.json()["error"]
    assert "Traceback" not in got.text


def test_a_server_listening_beyond_this_computer_takes_no_games(tmp_path):
    client = TestClient(create_app(tmp_path / "scores.sqlite3", writable=False))
    wt = new_table()
    got = client.post("/table/records", content=bytes.fromhex(wt.record_hex(finished_game(wt))))
    assert got.status_code == 403 and "without an access token" in got.json()["error"]
    assert not (tmp_path / "scores.sqlite3").exists()
    assert "takes no games" in client.get("/table").text


TOKEN = "club-token-0123456789"


@pytest.mark.parametrize("headers, status, reason", [
    ({}, 401, "only with its access token"),
    ({"Authorization": "Basic dGVlYm94OnNlY3JldA=="}, 401, "only with its access token"),
    ({"Authorization": "Bearer "}, 401, "only with its access token"),
    ({"Authorization": "Bearer club-token-wrong"}, 403, "not this server's"),
])
def test_a_club_server_takes_no_game_without_its_token(tmp_path, headers, status, reason):
    client = TestClient(create_app(tmp_path / "scores.sqlite3", writable=False, token=TOKEN))
    wt = new_table()
    got = client.post("/table/records", headers=headers,
                      content=bytes.fromhex(wt.record_hex(finished_game(wt))))
    assert got.status_code == status and reason in got.json()["error"]
    assert "Traceback" not in got.text
    assert not (tmp_path / "scores.sqlite3").exists()


def test_a_club_server_takes_a_game_with_its_token_and_is_read_without(tmp_path):
    client = TestClient(create_app(tmp_path / "scores.sqlite3", writable=False, token=TOKEN))
    assert 'id="token"' in client.get("/table").text   # the page asks for it
    wt = new_table()
    got = client.post("/table/records", headers={"Authorization": "Bearer " + TOKEN},
                      content=bytes.fromhex(wt.record_hex(finished_game(wt))))
    assert got.status_code == 200 and got.json()["stored"] is True
    page = client.get("/")   # reading needs no token
    assert page.status_code == 200 and "Red" in page.text


def test_records_are_only_posted(client):
    assert client.get("/table/records").status_code == 405


# ------------------------------------------------------------ the page's module


def test_a_click_quicker_than_a_frame_still_presses_the_tables_button():
    page = Page(new_table())
    page.run(100)
    assert "> New game" in page.oled
    page.click(B.OK)
    assert "18 Holes" in page.oled        # the setup's first step: which game
    for _ in games.names():               # quick clicks, one a game: round to the first
        page.click(B.E)
    assert "18 Holes" in page.oled        # no press lost
    page.click(B.BACK)
    assert "> New game" in page.oled


def test_holding_ok_is_a_long_press():
    # docs/table-guide.md: at the players step "Hold OK: bots" opens the choice of bots
    page = Page(new_table())
    for _ in range(4):                    # start menu, game, mode, course
        page.click(B.OK)
    assert "Players" in page.oled
    page.wt.button(B.OK, True)
    page.run(1000)
    page.wt.button(B.OK, False)
    page.run(200)
    assert "Bots" in page.oled


def test_the_snapshot_draws_the_led_frame_and_the_golfers_and_whose_turn():
    wt = new_table()
    page = Page(wt)
    for _ in range(30):
        lines = json.loads(wt.bot_lines("stroke", "starter", 2, 5))
        if wt.table.game is not None:
            break
        assert wt.run_script("\n".join(lines)) == ""
    page.run(300)
    s = page.shown
    assert len(s["cells"]) == 6 * s["width"] * s["height"]
    # each cell as its LED shows it (the strip's prepared bytes undone), rows top to bottom
    leds, prof = wt.hw.leds, wt.hw.profile
    now = json.loads(wt.snapshot())["cells"]
    assert now == "".join("%02x%02x%02x" % leds.unprepare(leds.frame, 3 * prof.led_index(c, r))
                          for r in range(prof.height) for c in range(prof.width))
    assert len(set(now[i:i + 6] for i in range(0, len(now), 6))) > 5   # the course, lit
    assert s["title"].startswith("Starter Course \u00b7 hole 1")
    assert sorted("".join(s["golfers"].values())) == ["1", "2"]
    assert s["turnName"] in ("P1 red", "P2 yellow") or s["turn"] == -1
    # the card box: each player's hand, then the rest of the box
    labels = [group[0] for group in s["cards"]]
    assert labels == ["P1 red", "P2 yellow", "In the box"]
    assert len(s["cards"][0][1]) == 5


def test_a_card_laid_from_the_card_box_is_taken_and_lifted():
    wt = new_table()
    page = Page(wt)
    while wt.table.game is None:
        assert wt.run_script("\n".join(json.loads(wt.bot_lines("stroke", "starter", 1, 3)))) == ""
    page.run(100)
    club = page.shown["cards"][0][1][0][0]      # the first club of P1's hand
    wt.lay(club)
    assert wt.busy()
    page.run(500)
    assert not wt.busy()
    assert len(wt.table.game.inputs) == 1       # the club selection was taken
    assert wt.hw.readers.uid is None            # and the card lifted off the reader


def test_a_reloaded_page_carries_on_with_the_game_and_its_waiting_games():
    wt = new_table()
    number = finished_game(wt)
    assert wt.run_script("press OK") == ""      # the final scorecard read: the start menu
    while wt.table.game is None or wt.table.game.over or len(wt.table.game.inputs) < 3:
        lines = json.loads(wt.bot_lines("match", "starter", 2, 9))
        assert wt.run_script("\n".join(lines)) == ""
    inputs = list(wt.table.game.inputs)
    flash = wt.flash_json()
    assert flash and wt.flash_json() == ""          # nothing new written since
    again = new_table(flash)
    assert again.board_id == wt.board_id
    assert again.shelf.numbers() == [number]
    assert list(again.table.game.inputs) == inputs
    assert again.forget(number) and again.shelf.numbers() == []


def test_play_nine_is_set_up_through_the_tables_own_menus_and_played():
    # docs/table-guide.md: the setup's first step chooses the game, 18 Holes or Play Nine
    wt = new_table()
    page = Page(wt)
    for button in (B.OK, B.E):
        page.click(button)
    assert "> Play Nine" in page.oled
    for _ in range(10):
        if wt.table.game is not None:
            break
        page.click(B.OK)
    assert wt.table.game_name == "play-nine"
    assert page.oled.startswith("H1 P1 red")
    assert page.shown["turnName"] == "P1 red"
    assert [group[0] for group in page.shown["cards"]] == ["Club cards"]  # no clubs in hand
    page.click(B.OK)                                 # P1 draws from the deck
    assert len(wt.table.game.inputs) == 1


def test_the_card_box_holds_no_bag_while_golfer_cards_are_taken_then_each_seat_s_bag():
    # Bags scanned after a physical draft, golfer cards chosen first: while the golfers
    # are taken no bag is open yet, so the card box shows the whole box; then P1's bag.
    from teebox.app import script
    from teebox.app.presenters.holes18 import BAG
    wt = new_table()
    auto = script.Autoplayer(wt.clubs, "match", "starter", 2, BAG, 6)
    auto.options["golfers"] = "chosen"
    while wt.table.flow is wt.table.setup:
        assert wt.run_script("\n".join(auto.next_lines(wt.table))) == ""
    groups = wt.card_groups()
    assert [g[0] for g in groups] == ["Club cards"]
    assert len(groups[0][1]) == len(wt.clubs)
    assert wt.run_script("press OK\npress OK\npress OK") == ""  # both golfers, the summary
    assert [g[0] for g in wt.card_groups()][:2] == ["P1 red bag", "P2 yellow bag"]
