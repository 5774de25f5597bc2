# The board's link server over a simulated serial line: every command, every error
# code, bad frames, repeats. Runs under CPython and inside MicroPython.
import struct

from link_kit import (CLUBS, CRAFTED, MINI, SHOTS, Client, bot_list, crafted, new_game, play,
                      play_bots, text)

from teebox.core.wire import commands, framing, gamerecord
from teebox.core.wire.events import EV_GAME_OVER, EV_HOLE, EV_SCORED, EV_STARTED
from teebox.app import link_server
from teebox.app.courses_store import CourseStore
from teebox.core.course import announced_hash
from teebox.app.gamejournal import GameJournal
from teebox.core.wire.commands import (ACK_GAME, BAD_COURSE, BAD_CRC, BAD_FRAME, BAD_LENGTH,
                                       BAD_OFFSET, BAD_VALUE, DELETE_COURSE, EVENT, EVENTS,
                                       FETCH_GAME, HELLO, LIST_COURSES, LIST_GAMES, MAX_DATA,
                                       NO_TRANSFER, NOTICE, OK, OTHER_VERSION, PROTOCOL_VERSION,
                                       PULL_COURSE,
                                       PUSH_ABORT, PUSH_BEGIN, PUSH_CHUNK, PUSH_COMMIT, REPL,
                                       SELF_TEST, SET_CLOCK, TEST_CORNERS, UNKNOWN_COMMAND, UNKNOWN_COURSE,
                                       UNKNOWN_GAME)
from teebox.app.link_server import LinkServer, pipe
from teebox.app.shelf import Shelf, WallTime
from teebox.core import course
from teebox.core.holes18 import engine
from teebox.hal.clock import SimClock
from teebox.hal.store import SimStore

BOARD = "e6614c311b2c9a2f"


class Board:
    """A simulated board: store, clock, wall time, journal, link server, pipe."""

    def __init__(self, games=0):
        self.store = SimStore()
        self.clock = SimClock()
        self.wall = WallTime(self.clock)
        self.recorder = GameJournal(self.store, wall=self.wall, board=BOARD)
        for i in range(games):
            play(self.recorder, seed=10 + i)
        board_end, host_end = pipe()
        self.server = LinkServer(board_end, board_end, self.store, clock=self.clock,
                                 recorder=self.recorder, wall=self.wall, board=BOARD)
        self.server.start()
        self.host = Client(self.server, host_end)


def _hello(host):
    body = host.ok(HELLO, bytes((PROTOCOL_VERSION,)))
    version, max_data = struct.unpack_from("<BH", body)
    at = 3
    fw = body[at + 1:at + 1 + body[at]].decode()
    at += 1 + body[at]
    board = body[at + 1:at + 1 + body[at]].decode()
    at += 1 + body[at]
    waiting, last, clock = struct.unpack_from("<HII", body, at)
    return version, max_data, fw, board, waiting, last, clock, body[at + 10:]


def _fetch(host, number, chunk=300):
    out = bytearray()
    while True:
        body = host.ok(FETCH_GAME, struct.pack("<IIH", number, len(out), chunk))
        n, total, offset = struct.unpack_from("<III", body)
        assert (n, offset) == (number, len(out))
        out += body[12:]
        if len(out) == total:
            return bytes(out)


def test_hello_says_version_board_games_and_the_game_in_progress():
    b = Board(games=2)
    version, max_data, fw, board, waiting, last, clock, state = _hello(b.host)
    assert (version, max_data, board, waiting, last, clock) == (1, MAX_DATA, BOARD, 2, 2, 0)
    from teebox import VERSION
    assert fw == VERSION and state == b"\x00"
    game = new_game(players=3, seed=1)
    b.recorder.start(game)
    state = _hello(b.host)[7]
    number, mode, players, hole, rnd, inputs = struct.unpack_from("<BIBBBHH", state)[1:]
    assert (number, mode, players, hole, inputs) == (3, 1, 3, 1, 0)
    # Then the game and its mode by name (a host from before games were data stops before).
    assert state[12:] == b"\x0818-holes\x06stroke"


def test_games_are_listed_fetched_in_chunks_and_deleted_only_when_acknowledged():
    b = Board(games=2)
    body = b.host.ok(LIST_GAMES, struct.pack("<I", 0))
    more, count = struct.unpack_from("<BH", body)
    assert (more, count) == (0, 2)
    shelf = Shelf(b.store)
    assert struct.unpack_from("<IIII", body, 3) == (1, shelf.size(1), 2, shelf.size(2))
    assert b.host.ok(LIST_GAMES, struct.pack("<I", 1))[3:7] == struct.pack("<I", 2)
    data = _fetch(b.host, 2)
    assert data == shelf.read(2) and gamerecord.decode(data).number == 2
    assert shelf.numbers() == [1, 2]  # fetching deletes nothing
    assert b.host.ok(ACK_GAME, struct.pack("<I", 2)) == struct.pack("<IB", 2, 1)
    assert shelf.numbers() == [1]
    # A repeated acknowledgement is harmless and says the game was gone.
    assert b.host.ok(ACK_GAME, struct.pack("<I", 2)) == struct.pack("<IB", 2, 0)
    assert shelf.numbers() == [1]


def _pipelined(b, requests):
    """Send ``requests`` ((command, body), ...) in one write, as a host sending each
    behind the last before any reply, then poll once: ``[(command, tag, status, body)]``
    of the replies, in the order they came."""
    data = bytearray()
    for tag, (cmd, body) in enumerate(requests, 1):
        data += framing.encode(struct.pack("<BH", cmd, tag) + body)
    b.host.send_raw(bytes(data))
    return [(f[0] & 0x7F, struct.unpack_from("<H", f, 1)[0], f[3], bytes(f[4:]))
            for f in b.host.frames()]


def test_requests_sent_behind_hello_are_answered_in_order():
    b = Board(games=2)
    replies = _pipelined(b, [(HELLO, bytes((PROTOCOL_VERSION,))),
                             (LIST_GAMES, struct.pack("<I", 0)),
                             (SET_CLOCK, struct.pack("<I", 1700000000))])
    assert [(cmd, tag, status) for cmd, tag, status, _ in replies] == [
        (HELLO, 1, OK), (LIST_GAMES, 2, OK), (SET_CLOCK, 3, OK)]
    assert struct.unpack_from("<BH", replies[1][3]) == (0, 2)
    assert replies[2][3] == struct.pack("<I", 1700000000)


def test_a_host_of_another_version_gets_hello_and_nothing_behind_it_is_done():
    # A host may send requests right behind HELLO, before its reply tells the board's
    # version: a board of another version acts on none of them (docs/protocol.md).
    b = Board(games=2)
    shelf = Shelf(b.store)
    replies = _pipelined(b, [(HELLO, bytes((PROTOCOL_VERSION + 1,))),
                             (SET_CLOCK, struct.pack("<I", 1700000000)),
                             (ACK_GAME, struct.pack("<I", 1)),
                             (99, b"")])
    assert replies[0][:3] == (HELLO, 1, OK) and replies[0][3][0] == PROTOCOL_VERSION
    assert [(cmd, tag, status) for cmd, tag, status, _ in replies[1:]] == [
        (SET_CLOCK, 2, OTHER_VERSION), (ACK_GAME, 3, OTHER_VERSION), (99, 4, OTHER_VERSION)]
    assert b"protocol version %d" % (PROTOCOL_VERSION + 1) in replies[1][3]
    assert shelf.numbers() == [1, 2] and b.wall.now() == 0  # nothing changed
    # A HELLO of the board's version, and the board serves again.
    assert _hello(b.host)[0] == PROTOCOL_VERSION
    assert b.host.ok(ACK_GAME, struct.pack("<I", 1)) == struct.pack("<IB", 1, 1)


def test_repl_is_answered_whatever_version_the_last_hello_said():
    # `teebox deploy` of any version asks for the REPL to update the board.
    b = Board()
    _pipelined(b, [(HELLO, bytes((PROTOCOL_VERSION + 1,)))])
    assert b.host.ok(REPL) == b""
    assert not b.server.running


def test_fetch_errors_name_the_game_and_the_offset():
    b = Board(games=1)
    status, msg = b.host.call(FETCH_GAME, struct.pack("<IIH", 9, 0, 100))
    assert status == UNKNOWN_GAME and msg == b"no game 9 waiting on this board (waiting: 1)"
    size = Shelf(b.store).size(1)
    status, msg = b.host.call(FETCH_GAME, struct.pack("<IIH", 1, size + 1, 100))
    assert status == BAD_OFFSET
    assert msg.decode() == "offset %d is past the end of game 1 (%d bytes)" % (size + 1, size)
    # The end itself is a legal (empty) chunk; a huge length is cut to MAX_DATA.
    assert b.host.ok(FETCH_GAME, struct.pack("<IIH", 1, size, 100))[12:] == b""
    assert len(b.host.ok(FETCH_GAME, struct.pack("<IIH", 1, 0, 60000))) == 12 + min(size, MAX_DATA)


def test_bad_frames_get_a_notice_and_never_stop_the_server():
    b = Board(games=1)
    good = framing.encode(struct.pack("<BHB", HELLO, 7, 1))
    flipped = bytearray(good)
    flipped[3] ^= 0x40  # the tag's low byte: COBS intact, CRC wrong
    b.host.send_raw(bytes(flipped))
    b.host.send_raw(b"\x00\x03garbage\x00")
    b.host.send_raw(framing.encode(b"\x01"))
    notices = b.host.frames()
    assert [n[0] for n in notices] == [NOTICE] * 3
    assert notices[0][3] == BAD_CRC and notices[0][4:] == b"frame refused: bad crc"
    assert notices[1][3] == BAD_FRAME and b"bad cobs" in notices[1][4:]
    assert notices[2][3] == BAD_FRAME and b"shorter than its 3-byte header" in notices[2][4:]
    assert b.server.bad_frames == 3
    assert _hello(b.host)[4] == 1  # the next good request is answered


def test_unknown_commands_and_wrong_lengths_are_answered_with_errors():
    b = Board()
    status, msg = b.host.call(0x33, b"")
    assert status == UNKNOWN_COMMAND and msg == b"unknown command 51 (this board speaks protocol 1)"
    status, msg = b.host.call(FETCH_GAME, b"\x01\x00")
    assert status == BAD_LENGTH and msg.startswith(b"game number, offset, length:")
    status, msg = b.host.call(ACK_GAME, struct.pack("<IB", 1, 0))
    assert status == BAD_LENGTH and msg == b"1 bytes more than the request has"
    status, msg = b.host.call(DELETE_COURSE, text("Bad Name"))
    assert status == BAD_VALUE and b"bad course name 'Bad Name'" in msg


def _push(host, name, data, chunk=200, announced=None):
    content_hash = announced or announced_hash(data)
    got = struct.unpack("<I", host.ok(PUSH_BEGIN, text(name) + struct.pack("<I", len(data))
                                      + content_hash))[0]
    while got < len(data):
        got = struct.unpack("<I", host.ok(PUSH_CHUNK, struct.pack("<I", got)
                                          + data[got:got + chunk]))[0]
    return host.call(PUSH_COMMIT, text(name) + content_hash)


def test_a_pushed_course_is_installed_listed_and_pulled_back():
    b = Board()
    data = course.compile_source(MINI)
    status, body = _push(b.host, "mini", data)
    assert status == 0 and body == text("mini") + announced_hash(data) + b"\x01"
    assert CourseStore(b.store).data("mini") == data
    # A repeated COMMIT (its answer lost) is answered the same way.
    assert b.host.ok(PUSH_COMMIT, text("mini") + announced_hash(data)) == body
    listing = b.host.ok(LIST_COURSES, b"\x00")
    total, start, count = listing[0], listing[1], listing[2]
    assert total == count == len(CourseStore(b.store).names()) and start == 0
    assert text("mini") + text("Mini Links") + b"\x01" + announced_hash(data) + b"\x01" in listing
    pulled = bytearray()
    while True:
        body = b.host.ok(PULL_COURSE, text("mini") + struct.pack("<IH", len(pulled), 64))
        total, offset = struct.unpack_from("<II", body)
        assert body[8:16] == announced_hash(data) and offset == len(pulled)
        pulled += body[16:]
        if len(pulled) == total:
            break
    assert bytes(pulled) == data
    status, msg = b.host.call(PULL_COURSE, text("nope") + struct.pack("<IH", 0, 64))
    assert status == UNKNOWN_COURSE and msg.startswith(b"no course 'nope' on this board")


def test_repeated_and_out_of_order_chunks_are_harmless():
    b = Board()
    data = course.compile_source(MINI)
    begin = text("mini") + struct.pack("<I", len(data)) + announced_hash(data)
    assert b.host.ok(PUSH_BEGIN, begin) == struct.pack("<I", 0)
    assert b.host.ok(PUSH_CHUNK, struct.pack("<I", 0) + data[:30]) == struct.pack("<I", 30)
    assert b.host.ok(PUSH_CHUNK, struct.pack("<I", 0) + data[:30]) == struct.pack("<I", 30)
    # A repeated BEGIN of the same transfer keeps what came already.
    assert b.host.ok(PUSH_BEGIN, begin) == struct.pack("<I", 30)
    status, msg = b.host.call(PUSH_CHUNK, struct.pack("<I", 40) + data[40:50])
    assert status == BAD_OFFSET
    assert msg.decode() == ("chunk of 10 bytes at offset 40, but 30 of %d bytes are in: "
                            "send from offset 30" % len(data))
    status, msg = b.host.call(PUSH_CHUNK, struct.pack("<I", 30) + data[30:] + b"xx")
    assert status == BAD_OFFSET
    status, msg = b.host.call(PUSH_COMMIT, text("mini") + announced_hash(data))
    assert status == NO_TRANSFER and b"only 30 of" in msg
    b.host.ok(PUSH_CHUNK, struct.pack("<I", 30) + data[30:])
    assert b.host.call(PUSH_COMMIT, text("mini") + announced_hash(data))[0] == 0


def test_a_malformed_course_is_refused_and_the_old_one_stays():
    b = Board()
    old = course.compile_source(MINI)
    assert _push(b.host, "mini", old)[0] == 0
    bad = bytearray(course.compile_source(MINI.replace("Mini Links", "Broken")))
    bad[45] ^= 0x02
    status, msg = _push(b.host, "mini", bytes(bad))
    assert status == BAD_COURSE and msg.startswith(b"course refused: course data is corrupt")
    other = course.compile_source(MINI.replace("Mini Links", "Other"))
    status, msg = _push(b.host, "mini", other, announced=b"\x11" * 8)
    assert status == BAD_COURSE and b"was announced" in msg
    assert CourseStore(b.store).data("mini") == old


def test_a_course_whose_meaning_is_wrong_is_refused_with_the_reason():
    """A course with a right CRC and hash but a bad meaning once stopped the table
    (issue 15): the board runs the checks of `teebox course check` before installing."""
    b = Board()
    old = course.compile_source(MINI)
    assert _push(b.host, "mini", old)[0] == 0
    for change, reason in CRAFTED:
        status, msg = _push(b.host, "mini", crafted(change))
        assert status == BAD_COURSE and msg.startswith(b"course refused: "), (reason, msg)
        assert reason.encode() in msg, (reason, msg)
        assert CourseStore(b.store).data("mini") == old
    assert _push(b.host, "new", crafted(CRAFTED[1][0]))[0] == BAD_COURSE
    assert "new" not in CourseStore(b.store).names()


def test_an_idle_transfer_times_out_and_an_abort_drops_it():
    b = Board()
    data = course.compile_source(MINI)
    b.host.ok(PUSH_BEGIN, text("mini") + struct.pack("<I", len(data)) + announced_hash(data))
    b.clock.advance(link_server.PUSH_TIMEOUT_MS + 1)
    status, msg = b.host.call(PUSH_CHUNK, struct.pack("<I", 0) + data[:10])
    assert status == NO_TRANSFER and msg.startswith(b"no course transfer going on")
    assert "mini" not in CourseStore(b.store).names()
    b.host.ok(PUSH_BEGIN, text("mini") + struct.pack("<I", len(data)) + announced_hash(data))
    assert b.host.ok(PUSH_ABORT) == b"\x01"
    assert b.host.ok(PUSH_ABORT) == b"\x00"
    assert b.host.call(PUSH_COMMIT, text("mini") + announced_hash(data))[0] == NO_TRANSFER


def test_delete_course_is_idempotent_and_keeps_builtins():
    b = Board()
    assert _push(b.host, "mini", course.compile_source(MINI))[0] == 0
    assert b.host.ok(DELETE_COURSE, text("mini")) == b"\x01"
    assert b.host.ok(DELETE_COURSE, text("mini")) == b"\x00"
    status, msg = b.host.call(DELETE_COURSE, text("starter"))
    assert status == BAD_VALUE and msg == b"'starter' is a built-in course: it cannot be deleted"


def test_set_clock_stamps_the_next_finished_game():
    b = Board()
    assert b.host.ok(SET_CLOCK, struct.pack("<I", 1700000000)) == struct.pack("<I", 1700000000)
    b.clock.advance(90000)
    play(b.recorder, seed=3)
    rec = gamerecord.decode(Shelf(b.store).read(1))
    assert rec.finished_at == 1700000090


def test_events_stream_the_game_while_switched_on():
    b = Board()
    assert b.host.ok(EVENTS, b"\x01") == b"\x01"
    game = new_game(seed=4)
    play_bots(b.recorder, game, bot_list(2, 4))
    events = [f for f in b.host.frames() if f[0] == EVENT]
    kinds = [f[3] for f in events]
    assert kinds[0] == EV_STARTED and kinds[-1] == EV_GAME_OVER
    assert [struct.unpack_from("<H", f, 1)[0] for f in events] == list(range(len(events)))
    assert struct.unpack_from("<IB", events[-1], 4) == (1, 2)
    place, seat, score, hio = struct.unpack_from("<BBhB", events[-1], 9)
    assert (place, seat, score, hio) == game.standings()[0]
    assert EV_SCORED in kinds and EV_HOLE in kinds
    assert b.host.ok(EVENTS, b"\x00") == b"\x00"
    play(b.recorder, seed=5)
    assert [f for f in b.host.frames() if f[0] == EVENT] == []


def test_repl_gives_the_line_back():
    b = Board()
    assert b.host.ok(REPL) == b""
    assert not b.server.running
    b.host.end.write(framing.encode(struct.pack("<BHB", HELLO, 1, 1)))
    assert b.server.poll() == 0 and b.host.frames() == []


def test_poll_with_nothing_waiting_returns_at_once():
    b = Board()
    assert b.server.poll() == 0
    link_server.set_ctrl_c(False)  # a no-op off the board
    link_server.set_ctrl_c(True)


def test_a_serial_port_reads_only_what_waits_and_never_blocks():
    from fake_line import Wire
    wire = Wire()
    port = wire.port
    assert port.read_available() == b""  # an idle line: back at once, empty
    wire.write(b"\x00abc")
    assert bytes(port.read_available()) == b"\x00abc"
    assert port.read_available() == b""
    # A long burst comes a poll's budget at a time, so one frame never reads for long.
    burst = bytes(range(1, 256)) * 3
    wire.write(burst)
    got = bytes(port.read_available(10))
    assert got == burst[:10]
    got += bytes(port.read_available())
    assert len(got) == 10 + link_server.READ_BUDGET
    got += bytes(port.read_available())
    assert got == burst and not port.closed
    wire.close()  # the host went away
    assert port.read_available() == b"" and port.closed


def test_the_server_answers_over_a_serial_port():
    from fake_line import Wire
    wire = Wire()
    server = LinkServer(wire.port, wire.port, SimStore(), clock=SimClock(), board=BOARD)
    server.start()
    host = Client(server, wire)
    version, max_data, _fw, board = _hello(host)[:4]
    assert (version, max_data, board) == (PROTOCOL_VERSION, MAX_DATA, BOARD)
    assert server.poll() == 0  # nothing more waiting


def test_the_course_of_the_game_in_progress_cannot_be_deleted_or_replaced():
    b = Board()
    assert _push(b.host, "mini", course.compile_source(MINI))[0] == 0
    b.recorder.start(engine.Game(CourseStore(b.store).load("mini"), CLUBS, SHOTS,
                                 engine.Setup(2, "stroke", 1)))
    status, msg = b.host.call(DELETE_COURSE, text("mini"))
    assert status == BAD_VALUE
    assert msg == b"course 'mini' is being played (game 1): delete it once the game is over"
    status, msg = _push(b.host, "mini", course.compile_source(MINI.replace("Mini", "Maxi")))
    assert status == BAD_VALUE and b"replace it once the game is over" in msg
    assert CourseStore(b.store).load("mini").name == "Mini Links"
    assert b.host.ok(DELETE_COURSE, text("nope")) == b"\x00"  # other courses: as ever


class _WornFlash(SimStore):
    """Flash that fails every remove (a worn-out block)."""

    def remove(self, name):
        raise OSError(5)


def test_a_failing_flash_is_reported_and_the_game_stays():
    b = Board(games=1)
    worn = _WornFlash(flash=b.store.flash)
    b.server.shelf = Shelf(worn)
    status, msg = b.host.call(ACK_GAME, struct.pack("<I", 1))
    assert status == commands.BOARD_ERROR
    assert msg.startswith(b"ACK_GAME failed on the board: OSError")
    assert Shelf(b.store).numbers() == [1]
    assert _hello(b.host)[4] == 1  # and the server goes on answering


def _self_test(host, start, first=0):
    out = host.ok(SELF_TEST, struct.pack("<BBBH", start, 20, 1, first))
    running, step, total, count = struct.unpack_from("<BBHB", out)
    lines = []
    at = 5
    for _ in range(count):
        n = out[at + 1]
        lines.append((out[at], bytes(out[at + 2:at + 2 + n]).decode()))
        at += 2 + n
    return running, step, total, lines


def test_self_test_starts_once_and_a_repeated_start_follows_it():
    import fake_hardware
    from teebox.app.board import build
    from teebox.app.selftest import SelfTest
    b = Board()
    status, out = b.host.call(SELF_TEST, struct.pack("<BBBH", 1, 20, 1, 0))
    assert status == BAD_VALUE and b"no self-test" in out  # a server without a table
    hw = build(fake_hardware.profile(), sim=True)
    st = SelfTest(hw)
    b.server.selftest = lambda: st
    assert _self_test(b.host, 1) == (1, TEST_CORNERS, 0, [])
    hw.clock.advance(10)
    st.tick(hw.clock.ticks_ms())
    # The host asks again (its reply was lost): the test goes on, it does not restart.
    assert _self_test(b.host, 1) == (1, TEST_CORNERS, 1, [(TEST_CORNERS, "row 0 west end: LED 0")])
    assert _self_test(b.host, 0, first=1) == (1, TEST_CORNERS, 1, [])
