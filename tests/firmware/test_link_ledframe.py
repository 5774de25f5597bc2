# LED_FRAME: a host draws the table's LEDs hex by hex from the link (issue 14: "with a
# board connected ... the board drawn hex by hex from the live LED frame"). The picture a
# host builds from the replies is the frame the LEDs show, cell by cell, after every
# change; a lost reply costs a whole frame, never a wrong picture. Runs under CPython and
# inside MicroPython.
import struct

import table_kit as K
from link_kit import Client
from teebox.app.ledview import MORE, RESET
from teebox.app.link_server import LinkServer, pipe
from teebox.app.loop import Loop
from teebox.core.wire.commands import BAD_LENGTH, BAD_VALUE, LED_FRAME, MAX_DATA
from teebox.hal.buttons import button_named
from teebox.hal.store import SimStore


def linked_table():
    """A table on simulated hardware whose loop serves the link, and a host on the line."""
    app = K.sim_app()
    board_end, host_end = pipe()
    server = LinkServer(board_end, board_end, app.hw.store, clock=app.hw.clock)
    server.start()
    loop = Loop(app.hw, app.table, link=server)
    loop.step()
    return loop, Client(server, host_end)


def shown(loop):
    """What the LEDs show, cell by cell (row-major), as RGB bytes."""
    hw = loop.hw
    p = hw.profile
    out = bytearray()
    for cell in range(p.width * p.height):
        out += bytes(hw.leds.unprepare(loop.renderer.frame, 3 * p.led_index(cell % p.width,
                                                                            cell // p.width)))
    return out


class Picture:
    """A host's picture of the board, built from LED_FRAME replies."""

    def __init__(self):
        self.id = 0
        self.cells = None
        self.replies = 0
        self.bytes = 0

    def pull(self, host):
        """Ask until the picture is whole (no MORE); returns the flags of the first reply."""
        first = None
        while True:
            body = host.ok(LED_FRAME, struct.pack("<I", self.id))
            self.replies += 1
            self.bytes += len(body)
            flags = self.apply(body)
            first = flags if first is None else first
            if not flags & MORE:
                return first

    def apply(self, body):
        n, width, height, flags, runs = struct.unpack_from("<IBBBH", body)
        if flags & RESET or self.cells is None:
            self.cells = bytearray(3 * width * height)
        at = 9
        for _ in range(runs):
            first, count = struct.unpack_from("<HB", body, at)
            at += 3
            self.cells[3 * first:3 * (first + count)] = body[at:at + 3 * count]
            at += 3 * count
        assert at == len(body)
        self.id = n
        return flags


def test_a_host_draws_what_the_leds_show_from_the_first_look():
    loop, host = linked_table()
    pic = Picture()
    assert pic.pull(host) & RESET
    assert pic.cells == shown(loop)


def test_a_whole_lit_board_comes_in_pages_each_within_the_link():
    loop, host = linked_table()
    frame = loop.renderer.frame
    for i in range(len(frame)):   # every LED lit, no two neighbours alike (a full flash)
        frame[i] = 1 + i % 251
    pic = Picture()
    pic.pull(host)
    assert pic.cells == shown(loop)
    assert pic.replies >= 2 and pic.bytes <= pic.replies * MAX_DATA


def press(loop, name):
    loop.hw.buttons.press(button_named(name))
    for _ in range(5):
        loop.step()


def test_after_the_first_look_only_the_changed_cells_come():
    loop, host = linked_table()
    pic = Picture()
    pic.pull(host)
    whole = pic.bytes
    K.started_app(loop=loop)
    changed = 0
    for name in ("E", "E", "OK", "W", "OK", "SE"):   # aiming moves the aim on the LEDs
        press(loop, name)
        pic.replies = pic.bytes = 0
        before = pic.id
        assert not pic.pull(host) & RESET
        assert pic.cells == shown(loop), name
        assert pic.replies == 1 and pic.bytes < whole // 4
        changed += pic.id != before
    assert changed >= 2
    # nothing moved: an empty answer, the same picture
    held = pic.id
    body = host.ok(LED_FRAME, struct.pack("<I", held))
    assert struct.unpack_from("<IBBBH", body) == (held, 24, 16, 0, 0)
    assert pic.cells == shown(loop)


def test_a_lost_reply_costs_a_whole_frame_not_a_wrong_picture():
    loop, host = linked_table()
    pic = Picture()
    pic.pull(host)
    K.started_app(loop=loop)
    press(loop, "E")
    lost = host.ok(LED_FRAME, struct.pack("<I", pic.id))   # never reaches the host
    assert struct.unpack_from("<IBBBH", lost)[4] >= 1
    press(loop, "W")
    assert pic.pull(host) & RESET                   # the host asks again, as it held
    assert pic.cells == shown(loop)


def test_a_reply_never_outgrows_the_link():
    loop, host = linked_table()
    body = host.ok(LED_FRAME, struct.pack("<I", 0))
    assert len(body) <= MAX_DATA


def test_bad_requests_are_refused_saying_why():
    loop, host = linked_table()
    status, why = host.call(LED_FRAME, b"\x00\x00")
    assert status == BAD_LENGTH and b"picture held" in why
    status, why = host.call(LED_FRAME, struct.pack("<IB", 0, 1))
    assert status == BAD_LENGTH
    board_end, host_end = pipe()
    bare = LinkServer(board_end, board_end, SimStore())  # a board with no table
    bare.start()
    status, why = Client(bare, host_end).call(LED_FRAME, struct.pack("<I", 0))
    assert status == BAD_VALUE and b"no LED frame" in why
