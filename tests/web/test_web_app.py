"""`teebox serve`'s pages through Starlette's TestClient: every route, bad requests
answered with a 4xx and a reason, and the live stream's events."""

import json
import re
import time

import pytest
import typer
from starlette.testclient import TestClient
from typer.testing import CliRunner

from teebox.app import script as script_mod
from teebox_host.virtual_board import VirtualBoard
from teebox_host.web.app import create_app
from teebox_host.web.live import LiveBoard
from teebox_host.web.serve_cmd import serve
from web_kit import HILLS, LINKS, fill

POINT = re.compile(r'<circle class="point"')


@pytest.fixture
def db(tmp_path):
    path = tmp_path / "scores.sqlite3"
    fill(path)
    return path


@pytest.fixture
def client(db):
    return TestClient(create_app(db))


def section(html, sid):
    """The HTML of ``<section id=sid>``."""
    start = html.index(f'<section id="{sid}">')
    return html[start:html.index("</section>", start)]


def points(html, sid):
    return len(POINT.findall(section(html, sid)))


def test_history_lists_recent_games_leaderboards_and_plots_a_point_per_stroke_game(client):
    r = client.get("/")
    assert r.status_code == 200
    html = r.text
    assert "5 games stored" in html
    recent = section(html, "recent")
    # newest first: game 5 on Links, then the Hills games
    assert recent.index("Links") < recent.index("Hills")
    assert "Robo (bot)" in recent
    # Alice 3, Bob 3, Eve 1 Stroke Play games as a person (web_kit.GAMES)
    assert points(html, "par-plot") == 7
    boards = section(html, "leaderboards")
    assert "Hills</a>: Stroke Play" in boards and "Hills</a>: Match Play" in boards
    assert "Links</a>: Stroke Play" in boards
    # Alice's best on Hills: 10 strokes in game 4 (par 12: -2), ahead of Bob's 13
    hills = boards[boards.index("Hills</a>: Stroke Play"):]
    assert hills.index("Alice") < hills.index("Bob")
    assert "<td>10</td><td>-2</td>" in hills
    assert "Robo" not in boards  # a bot is not on a leaderboard


def test_names_from_boards_are_shown_as_text_not_markup(client):
    html = client.get("/").text
    assert "&lt;b&gt;Eve&lt;/b&gt;" in html
    assert "<b>Eve</b>" not in html


def test_limit_shows_that_many_recent_games(client):
    recent = section(client.get("/?limit=2").text, "recent")
    assert recent.count("<tr>") == 3  # the header and two games
    assert "Show more games" in recent


@pytest.mark.parametrize("limit", ["abc", "0", "-1", "100000", "2.5"])
def test_a_bad_limit_is_refused_with_the_allowed_range(client, limit):
    r = client.get("/", params={"limit": limit})
    assert r.status_code == 400
    assert "limit must be a whole number from 1 to 500" in r.text
    assert "Traceback" not in r.text


def test_player_page_shows_bests_games_and_a_point_per_stroke_game(client):
    r = client.get("/player/alice")  # names match in any case
    assert r.status_code == 200
    html = r.text
    assert "<h1>Alice</h1>" in html
    assert points(html, "par-plot") == 3  # games 1, 2 and 4
    assert section(html, "games").count("<tr>") == 5  # the header and 4 games
    bests = section(html, "bests")
    assert "10 strokes" in bests and "Match Play" in bests


def test_an_unknown_player_is_a_404_with_suggestions(client):
    r = client.get("/player/Alic")
    assert r.status_code == 404
    assert "no games of a player named" in r.text and "did you mean Alice" in r.text


def test_course_page_plots_strokes_per_hole_and_the_par_line(client):
    r = client.get(f"/course/{HILLS}")
    assert r.status_code == 200
    html = r.text
    # Alice and Bob's 3 holes in games 1 and 2, Alice's in game 4; not the bot's, not Match Play
    assert points(html, "hole-plot") == 15
    assert section(html, "hole-plot").count('class="guide"') == 1
    assert "Match Play" in section(html, "leaderboards")
    links = client.get(f"/course/{LINKS}").text
    assert points(links, "hole-plot") == 4  # Bob and Eve, 2 holes each


def test_a_course_is_named_by_its_hash(client):
    r = client.get("/course/Hills")
    assert r.status_code == 400
    assert "16-digit content hash" in r.text
    r = client.get("/course/00000000000000ff")
    assert r.status_code == 404
    assert "no stored game was played on course 00000000000000ff" in r.text


def test_an_absent_score_file_shows_how_to_get_games_and_is_not_created(tmp_path):
    path = tmp_path / "none" / "scores.sqlite3"
    client = TestClient(create_app(path))
    r = client.get("/")
    assert r.status_code == 200
    assert "No games stored yet" in r.text and "teebox sync" in r.text
    assert not path.exists()


def test_a_file_that_is_not_a_score_file_is_a_500_that_says_so(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("shopping list\n" * 200)
    client = TestClient(create_app(path), raise_server_exceptions=False)
    r = client.get("/")
    assert r.status_code == 500
    assert "is not a Teebox score file" in r.text
    assert "Traceback" not in r.text


def test_unknown_pages_and_methods_get_a_4xx(client):
    r = client.get("/nowhere")
    assert r.status_code == 404 and "Not found" in r.text
    r = client.post("/")
    assert r.status_code == 405
    r = client.get("/static/nothing.js")
    assert r.status_code == 404


def test_static_files_are_served(client):
    r = client.get("/static/live.js")
    assert r.status_code == 200 and "EventSource" in r.text
    r = client.get("/static/style.css")
    assert r.status_code == 200 and "@media" in r.text


def test_live_without_a_board_says_how_to_start_one(client):
    r = client.get("/live")
    assert r.status_code == 200
    assert "teebox serve --virtual" in r.text
    r = client.get("/live/events")
    assert r.status_code == 404
    assert "no board is being watched" in r.text


class FakeBoard:
    """Snapshots in turn, then closed (so the stream ends)."""

    def __init__(self, snapshots):
        self.snapshots = list(snapshots)
        self.closed = False

    def snapshot(self):
        snap = self.snapshots.pop(0)
        self.closed = not self.snapshots
        return snap


def test_live_events_stream_each_change_of_the_board_once(db):
    first = {"cells": ["#000000"], "turn": ""}
    second = {"cells": ["#ff0000"], "turn": "Red"}
    board = FakeBoard([first, first, second])
    client = TestClient(create_app(db, board))
    assert "/static/live.js" in client.get("/live").text
    with client.stream("GET", "/live/events") as r:
        assert r.status_code == 200
        assert r.headers["content-type"].startswith("text/event-stream")
        body = "".join(r.iter_text())
    data = [json.loads(line[len("data: "):]) for line in body.splitlines()
            if line.startswith("data: ")]
    assert data == [first, second]  # the unchanged board is not sent again
    assert body.startswith("retry: ")


def test_serve_refuses_a_file_that_is_not_a_score_file(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("shopping list\n" * 200)
    command = typer.Typer()
    command.command()(serve)
    result = CliRunner().invoke(command, ["--db", str(path)])
    assert result.exit_code == 1
    assert "is not a Teebox score file" in result.output


@pytest.mark.parametrize("token, reason", [
    ("short", "has 5 characters: give at least 16"),
    (None, "cannot read the token file"),
])
def test_serve_refuses_a_token_file_that_keeps_nobody_out(tmp_path, token, reason):
    path = tmp_path / "token"
    if token is not None:
        path.write_text(token + "\n")
    command = typer.Typer()
    command.command()(serve)
    result = CliRunner().invoke(command, ["--host", "0.0.0.0", "--token-file", str(path),
                                          "--db", str(tmp_path / "s.sqlite3")])
    assert result.exit_code == 1
    assert reason in result.output and "Traceback" not in result.output


def wait_for(check, what, seconds=20):
    """Poll ``check()`` until it is true (bounded): the board runs in its own threads."""
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)


def test_live_board_snapshot_shows_the_led_frame_whose_turn_and_the_events():
    vb = VirtualBoard()
    vb.start()
    live = LiveBoard(vb)
    live.start()
    try:
        menu = live.snapshot()
        assert menu["state"] == "menu" and menu["turn"] == "" and menu["golfers"] == {}
        assert len(menu["cells"]) == menu["width"] * menu["height"]
        assert all(re.fullmatch(r"#[0-9a-f]{6}", c) for c in menu["cells"])
        wait_for(lambda: any(e.startswith("watching board") for e in live.events),
                 "the link's event stream")
        view = vb.table.table.view
        for choices in range(1, 40):  # choices laid face down together have no one's turn
            game = vb.play("stroke", 2, seed=1, inputs=choices)
            with vb.lock:  # the board stands still between the two looks
                active = view.active
                snap = live.snapshot()
            if active >= 0:
                break
        assert snap["state"] == "playing"
        assert snap["turn"] == ("Red", "Yellow")[active]
        assert snap["turnColour"] == ("#ff0000", "#ffd200")[active]
        # every golfer drawn on its cell of the board, numbered by seat
        assert sorted(s for seats in snap["golfers"].values() for s in seats) == [1, 2]
        assert snap["cells"] != menu["cells"]
        # the events come over the board's link, as `teebox board watch` tells them
        wait_for(lambda: "game 1 started: Stroke Play, 2 players" in live.events,
                 "the game's start event")
        assert not game.over
    finally:
        live.stop()
        vb.stop()


def test_the_live_table_shows_the_solo_opponents_as_the_board_does():
    """Rulebook, Solo Chaos Golf: "Reveal the top 1-point token for each opponent. This
    hole is the one they score at the next combined scoring phase." The board's LEDs put
    each opponent's golfer on that green; the live page names them there ("A1"...) and
    gives each a row of the scorecard: the green it scores next and its points. The
    virtual board's demo rotation plays the game."""
    assert ("solo-chaos", 1) in script_mod.demo_games() and ("teams", 2) in \
        script_mod.demo_games()
    vb = VirtualBoard()
    vb.start()
    live = LiveBoard(vb)
    try:
        game = vb.play("solo-chaos", 1, seed=3, inputs=6)
        with vb.lock:
            snap = live.snapshot()
            targets = list(game.mode.target)
        labels = sorted(str(s) for seats in snap["golfers"].values() for s in seats)
        assert labels == ["1", "A1", "A2", "A3"]
        rows = {row["seat"]: row for row in snap["scorecard"]}
        assert [rows["AI %d" % k]["hole"] for k in (1, 2, 3)] == targets
        for choices in range(7, 400):   # until an opponent has scored
            game = vb.play("solo-chaos", 1, seed=3, inputs=choices)
            if any(game.mode.points):
                break
        with vb.lock:
            snap = live.snapshot()
            points = list(game.mode.points)
        rows = {row["seat"]: row for row in snap["scorecard"]}
        assert any(points) and [rows["AI %d" % k]["total"] for k in (1, 2, 3)] == points
    finally:
        vb.stop()


@pytest.mark.parametrize("args, reason", [
    (["--port", "8080"], "give the page's TCP port as --http-port 8080"),
    (["--port", "/dev/ttyACM0", "--virtual"], "not both"),
    (["--http-port", "0"], "--http-port"),
    (["--board", "--virtual"], "not both"),
    (["--sync"], "--sync stores a board's games: give the board"),
])
def test_serve_says_which_port_is_which(tmp_path, args, reason):
    # --port is the board's serial port, as in every other command; the page's is
    # --http-port.
    command = typer.Typer()
    command.command()(serve)
    result = CliRunner().invoke(command, ["--db", str(tmp_path / "s.sqlite3"), *args])
    assert result.exit_code != 0
    assert reason in result.output


@pytest.mark.parametrize("method, path", [
    ("GET", "/?limit=%C2%B2"), ("GET", "/game/table-1/%C2%B2"),
    ("GET", "/new-course?seed=%D9%A3"), ("GET", "/new-course/source?seed=%C2%B2"),
    ("DELETE", "/api/games/table-1/%C2%B2"),
])
def test_digits_that_are_not_a_number_here_are_a_400_not_a_fault(db, method, path):
    # "²" and "٣" are digits to str.isdigit, not numbers to int(): the reason, not a 500
    r = TestClient(create_app(db), raise_server_exceptions=False).request(method, path)
    assert r.status_code == 400
    assert "Traceback" not in r.text


def test_the_leaderboards_filter_by_golfer_card(tmp_path):
    # Alice played Hills' Stroke Play with Lucky in game 2 (12 strokes) and with Bunjil in
    # game 1 (14); Bob with Lucky in game 1 (13). The filter keeps the Lucky results only.
    from teebox_host.scoredb import ScoreDB
    from web_kit import DAY, GAMES, T0, result
    path = tmp_path / "cards.sqlite3"
    cards = {1: [(0, "bunjil", "A"), (1, "lucky", "B")], 2: [(0, "lucky", "A")]}
    with ScoreDB(path, clock=lambda: T0 + 100 * DAY) as store:
        for game in GAMES:
            r = result(*game)
            r.golfers = cards.get(game[0], [])
            store.add_game(r)
    client = TestClient(create_app(path))
    html = client.get("/").text
    boards = section(html, "leaderboards")
    assert '<select name="golfer">' in boards and '<option value="lucky">' in boards
    assert "Links</a>: Stroke Play" in boards
    lucky = section(client.get("/?golfer=Lucky").text, "leaderboards")
    assert "Only the results played with the golfer card <strong>lucky</strong>" in lucky
    assert '<option value="lucky" selected>' in lucky
    assert "Links" not in lucky and "Match Play" not in lucky  # nobody played Lucky there
    hills = lucky[lucky.index("Hills</a>: Stroke Play"):]
    assert hills.index("Alice") < hills.index("Bob")
    assert "<td>12</td>" in hills and "<td>10</td>" not in hills  # her best with Lucky
    course = client.get("/course/%s?golfer=bunjil" % HILLS).text
    assert "Alice" in section(course, "leaderboards") and "Bob" not in section(
        course, "leaderboards")
    nobody = section(client.get("/?golfer=tiger").text, "leaderboards")
    assert "Nobody played tiger." in nobody and "Hills</a>" not in nobody
