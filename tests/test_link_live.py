"""The live table of a board on a serial port (issue 14: "with a board connected (or
`teebox board --virtual`), the board drawn hex by hex from the live LED frame and game
events ... reconnects by itself when the cable or the server comes back"): the picture
the host builds over LED_FRAME is the board's LED frame move by move, a bad frame is
refused, and the watcher finds the board again after the cable is pulled.
"""

import struct
import threading
import time

import pytest

from teebox.core.wire import commands as proto
from teebox_host.scoredb import ScoreDB
from teebox_host.link import LedPicture, Link, LineError, parse_event, parse_led_frame
from teebox_host.virtual_board import VirtualBoard
from teebox_host.web.live import LiveBoard
from link_fakes import record_frames

WAIT_S = 60   # generous: the machine may be busy (never a measure of speed)


def until(check, what):
    deadline = time.monotonic() + WAIT_S
    while not check():
        assert time.monotonic() < deadline, what
        time.sleep(0.02)


@pytest.fixture
def vb():
    with VirtualBoard() as board:
        yield board


def test_the_picture_is_the_boards_led_frame_move_by_move(vb):
    seen = record_frames(vb)
    picture = LedPicture()
    with Link(vb.port) as link:
        link.hello()
        picture.pull(link)
        assert picture.colours() == seen[picture.id]
        mode, players = vb.demo_games()[0]
        changed = 0
        for move in range(1, 9):
            vb.play(mode, players, seed=3, inputs=move)   # the bots make one more choice
            changed += picture.pull(link)
            assert picture.colours() == seen[picture.id], f"after move {move}"
        assert changed >= 4   # golfers moved, the aim was drawn: the page saw it


def test_a_micropython_board_sends_the_same_start_menu_as_the_cpython_one(vb):
    pictures = []
    for port in (vb.port, None):
        if port is None:
            other = VirtualBoard(micropython=True)
            port = other.start()
        try:
            with Link(port, timeout=5) as link:
                link.hello()
                picture = LedPicture()
                picture.pull(link)
                pictures.append(picture.colours())
        finally:
            if port != vb.port:
                other.stop()
    assert len(pictures[0]) == 24 * 16
    assert len(set(pictures[0])) > 2   # a course and a prompt, not a dark board
    assert pictures[1] == pictures[0]


def _frame(n=1, width=2, height=2, flags=0, runs=()):
    body = bytearray(struct.pack("<IBBBH", n, width, height, flags, len(runs)))
    for first, rgb in runs:
        body += struct.pack("<HB", first, len(rgb) // 3) + bytes(rgb)
    return bytes(body)


@pytest.mark.parametrize("body, why", [
    (b"\x01\x00\x00", "shorter than its 9-byte header"),
    (_frame(width=0), "a board of 0 x 2 cells"),
    (_frame(runs=[(3, b"\x01\x02\x03" * 2)]), "a run of 2 cells from cell 3 on a board of 4"),
    (_frame(runs=[(0, b"")]), "a run of 0 cells"),
    (_frame(runs=[(0, b"\x01\x02\x03")])[:-1], "cut short"),
    (_frame(runs=[(0, b"\x01\x02\x03")]) + b"\x00", "1 bytes after the last run"),
    (_frame(runs=[(0, b"\x01\x02\x03")])[:9], "1 runs announced, 0 there"),
])
def test_a_bad_led_frame_is_refused_saying_why(body, why):
    with pytest.raises(LineError, match="bad LED frame") as exc:
        parse_led_frame(body)
    assert why in str(exc.value)


class OneReply:
    """A link whose board answers LED_FRAME with the given bodies in turn."""

    def __init__(self, *bodies):
        self.bodies = list(bodies)
        self.asked = []

    def request(self, cmd, body=b"", what=""):
        assert cmd == proto.LED_FRAME
        self.asked.append(struct.unpack("<I", body)[0])
        return self.bodies.pop(0)


def test_after_a_bad_frame_the_picture_is_asked_for_whole_again():
    picture = LedPicture()
    picture.pull(OneReply(_frame(n=5, flags=proto.LED_RESET, runs=[(0, b"\x10\x20\x30")])))
    assert picture.colours() == ["#102030", "#000000", "#000000", "#000000"]
    with pytest.raises(LineError):
        picture.pull(OneReply(_frame(n=6, runs=[(9, b"\x01\x01\x01")])))
    line = OneReply(_frame(n=7, flags=proto.LED_RESET, runs=[(1, b"\x01\x02\x03")]))
    picture.pull(line)
    assert line.asked == [0]   # "I hold nothing": the whole frame comes
    assert picture.colours() == ["#000000", "#010203", "#000000", "#000000"]


def test_a_board_that_sends_more_for_ever_is_cut_off():
    endless = [_frame(n=i + 1, flags=proto.LED_MORE) for i in range(LedPicture.MAX_PAGES)]
    with pytest.raises(LineError, match="kept sending LED frames"):
        LedPicture().pull(OneReply(*endless))


def test_the_watcher_finds_the_board_again_when_the_cable_comes_back(tmp_path):
    cable = tmp_path / "ttyTEEBOX"   # the port's name, as a board plugged in again keeps it
    live = LiveBoard(port=str(cable))
    live.start()
    try:
        until(lambda: live.events and not live.snapshot()["connected"], "no word of the board")
        assert "no board on" in live.events[-1]
        with VirtualBoard() as first:
            seen = record_frames(first)
            cable.symlink_to(first.port)   # plugged in
            until(lambda: live.snapshot()["frame"] in seen, "no picture of the board")
            snap = live.snapshot()
            assert snap["connected"] and snap["board"] == first.board_id
            assert snap["cells"] == seen[snap["frame"]]
            first.drop_line()              # pulled out
            until(lambda: not live.snapshot()["connected"], "the pulled cable went unnoticed")
        with VirtualBoard() as second:
            seen = record_frames(second)
            cable.unlink()
            cable.symlink_to(second.port)  # plugged in again (another board, even)
            until(lambda: live.snapshot()["board"] == second.board_id
                  and live.snapshot()["frame"] in seen, "the board plugged in again was not found")
            snap = live.snapshot()
            assert snap["connected"] and snap["cells"] == seen[snap["frame"]]
            mode, players = second.demo_games()[0]
            second.play(mode, players, seed=2, inputs=1)
            until(lambda: any("game 1 started" in e for e in live.snapshot()["events"]),
                  "the game's events did not come")
    finally:
        live.stop()


def test_a_board_whose_firmware_sends_no_frame_is_followed_by_its_events(vb):
    del vb.server._handlers[proto.LED_FRAME]   # firmware from before LED_FRAME
    live = LiveBoard(vb)
    live.start()
    try:
        until(lambda: live.no_frames, "the old firmware went unnoticed")
        assert "update its firmware with 'teebox deploy'" in live.no_frames
        assert "unknown command 16" in live.no_frames
        mode, players = vb.demo_games()[0]
        vb.play(mode, players, seed=2, inputs=1)
        until(lambda: any("game 1 started" in e for e in live.snapshot()["events"]),
              "the events stopped with the frames")
    finally:
        live.stop()


def test_frames_and_events_share_the_line(vb):
    # LED_FRAME requests while EVENTS is on: each event still arrives once, in order.
    with Link(vb.port) as link:
        link.hello()
        link.events_on()
        picture = LedPicture()
        done = threading.Event()
        mode, players = vb.demo_games()[0]

        def play():
            vb.play(mode, players, seed=4)
            done.set()
        threading.Thread(target=play, daemon=True).start()
        kinds = []
        deadline = time.monotonic() + WAIT_S
        while not (done.is_set() and kinds and kinds[-1] == 4):
            assert time.monotonic() < deadline, "the game's events did not all come"
            picture.pull(link)
            payload = link.next_event(timeout=0.05)
            while payload is not None:
                ev = parse_event(payload)
                kinds.append(ev.kind)
                payload = link.next_event(timeout=0)
        assert kinds[0] == 1 and kinds.count(1) == 1 and kinds.count(4) == 1


@pytest.mark.parametrize("game", ["18-holes", "play-nine"])
def test_the_live_scorecard_follows_the_game_to_its_standings(game):
    # A board on a port tells no turn, but its events make a scorecard: each seat's
    # hole and running total as the game goes, its place at the end.
    with VirtualBoard(game=game) as vb:
        live = LiveBoard(port=vb.port)
        live.start()
        try:
            until(lambda: live.snapshot()["connected"], "the board was not found")
            mode, players = vb.demo_games()[0]
            played = vb.play(mode, players, seed=6, game=game)
            until(lambda: live.snapshot()["state"] == "over", "the game's end did not come")
            snap = live.snapshot()
            card = snap["scorecard"]
            assert [row["seat"] for row in card] == ["Red", "Yellow", "White"][:players]
            assert sorted((row["place"], seat, row["total"]) for seat, row in enumerate(card)) \
                == sorted((place, seat, score) for place, seat, score, _n in played.standings())
            assert all(row["hole"] >= 1 for row in card)
            assert snap["events"][-1].startswith("game 1 over: 1. ")
        finally:
            live.stop()


def test_a_board_on_a_port_tells_the_solo_opponents_tokens_as_they_take_them():
    # Rulebook, Solo Chaos Golf: "Reveal the top 1-point token for each opponent. This
    # hole is the one they score at the next combined scoring phase." A board on a port
    # tells no table facts: its events alone put the opponents on the live scorecard, as
    # the seats after the player's, named as the table's final card names them.
    with VirtualBoard() as vb:
        live = LiveBoard(port=vb.port)
        live.start()
        try:
            until(lambda: live.snapshot()["connected"], "the board was not found")
            played = vb.play("solo-chaos", 1, seed=3)
            until(lambda: live.snapshot()["state"] == "over", "the game's end did not come")
            card = {row["seat"]: row for row in live.snapshot()["scorecard"]}
            points = list(played.mode.points)
            assert any(points)
            assert [card["AI %d" % k]["total"] for k in (1, 2, 3)] == points
            assert card["Red"]["total"] == played.players[0].score
        finally:
            live.stop()


def test_the_watcher_syncs_each_finished_game_into_the_score_history(tmp_path):
    # `teebox serve --port P --sync`: the games waiting when the board is found, then
    # each game as it ends, over the watcher's own line (the port has one reader).
    db = tmp_path / "scores.sqlite3"
    with VirtualBoard(games=2) as vb:
        live = LiveBoard(port=vb.port, sync_db=db)
        live.start()
        try:
            until(lambda: any("synced into the score history: games 1, 2" in e
                              for e in live.snapshot()["events"]), "the waiting games stayed")
            mode, players = vb.demo_games()[0]
            vb.play(mode, players, seed=8)
            until(lambda: any("synced into the score history: game 3" in e
                              for e in live.snapshot()["events"]), "the finished game stayed")
            snap = live.snapshot()
            assert snap["connected"] and snap["frame"] > 0   # the picture went on meanwhile
        finally:
            live.stop()
        with Link(vb.port) as link:
            assert link.hello().games_waiting == 0
    with ScoreDB(db) as store:
        assert sorted(g.game_number for g in store.games()) == [1, 2, 3]
