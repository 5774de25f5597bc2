"""A board on a faulty serial line, in process: the firmware's LinkServer on a SimStore,
reached by the host's Link through a fake pyserial port that can damage, drop,
duplicate, reorder and cut what passes, frame by frame, in either direction.
"""

import contextlib
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
import serial
from typer.testing import CliRunner

from teebox.app import link_server
from teebox.core.wire import commands as proto
from teebox.app.courses_store import CourseStore
from teebox.app.gamejournal import GameJournal
from teebox.app.shelf import Shelf, WallTime
from teebox.hal.clock import SimClock
from teebox.hal.store import SimStore
from teebox_host.virtual_board import VirtualBoard
from teebox import shipped

sys.path.insert(0, str(Path(__file__).resolve().parent / "firmware"))
# The bot-game helpers the firmware tests use; play_bots is for test_power_cut too.
from link_kit import play_bots, play_demo_games  # noqa: E402,F401

CLUBS = shipped.load_default_clubs()
SHOTS = shipped.load_default_shots()
STARTER = shipped.load_builtin("starter")
BOARD_ID = "f00dfeedc0ffee00"

FLIP, TRUNCATE, DROP, DUP, GARBAGE, HOLD = "flip", "truncate", "drop", "dup", "garbage", "hold"
CLATTER = "clatter"
# Line noise that happens to look like a frame: delimiters around bytes whose CRC fails.
NOISE_FRAME = b"\x00\x05\x13\x37\xc0\xde\x00"


def board_store(games=2, seed=1):
    """A flash store holding ``games`` finished bot games (play them once, copy per test)."""
    store = SimStore()
    play_demo_games(GameJournal(store, board=BOARD_ID), STARTER, games, seed)
    return store


class Faults:
    """What happens to the n-th frame written in one direction: ``{n: action}``.

    Actions: FLIP a bit, TRUNCATE it, DROP it, DUP (send twice), GARBAGE (noise
    before it), CLATTER (noise that decodes as a damaged frame, just before it), HOLD
    (deliver it after the next frame: reordering).
    """

    def __init__(self, plan=None):
        self.plan = dict(plan or {})
        self.count = 0
        self.held = None

    def apply(self, data):
        """The byte chunks to deliver for one written frame, in order."""
        action = self.plan.get(self.count)
        self.count += 1
        out = []
        if action == FLIP:
            data = bytearray(data)
            data[len(data) // 2] ^= 0x04
            out.append(bytes(data))
        elif action == TRUNCATE:
            out.append(data[:len(data) // 2])
        elif action == DUP:
            out += [data, data]
        elif action == GARBAGE:
            out += [b"\x03\x01>>> garbage\r\n\xff\xfe", data]
        elif action == CLATTER:
            out += [NOISE_FRAME, data]
        elif action == HOLD:
            self.held, data = data, None
        elif action != DROP:
            out.append(data)
        if self.held is not None and action != HOLD:
            out.append(self.held)
            self.held = None
        return out


class _BoardEnd(link_server.PipeEnd):
    """The board's end of the line: what it writes goes through ``faults``."""

    def __init__(self, faults):
        super().__init__()
        self.faults = faults

    def write(self, data):
        for chunk in self.faults.apply(bytes(data)):
            self.peer.inbox += chunk


class FaultyBoard:
    """A simulated board (store, journal, link server) behind a fault-injecting line.

    ``up`` / ``down``: Faults for host->board and board->host frames.
    ``cut_after``: the line goes dead (SerialException) in the middle of the
    frame the host writes after this many (half of it gets through).
    ``serial`` is the factory to give ``Link(serial_factory=...)``.
    """

    def __init__(self, store, up=None, down=None, cut_after=None):
        self.store = store
        self.clock = SimClock()
        self.wall = WallTime(self.clock)
        self.recorder = GameJournal(store, wall=self.wall, board=BOARD_ID)
        self.courses = CourseStore(store)
        self.up = up or Faults()
        self.cut_after = cut_after
        self.sent = 0
        self.board_end = _BoardEnd(down or Faults())
        self.host_end = link_server.PipeEnd()
        self.board_end.peer = self.host_end
        self.host_end.peer = self.board_end
        self.server = link_server.LinkServer(self.board_end, self.board_end, store,
                                             clock=self.clock, courses=self.courses,
                                             recorder=self.recorder, wall=self.wall,
                                             board=BOARD_ID)
        self.server.start()

    def shelf(self):
        return Shelf(self.store).numbers()

    def serial(self, port, baud, **kwargs):
        return FakeSerial(self, port)


class FakeSerial:
    """Enough of ``serial.Serial`` for Link: write, read, in_waiting, flush, close."""

    def __init__(self, board, port):
        self.board = board
        self.port = port
        self.timeout = 0.05
        self.is_open = True

    def _check(self):
        b = self.board
        if b.cut_after is not None and b.sent > b.cut_after:
            raise serial.SerialException("device reports readiness to read but returned no "
                                         "data (device disconnected or multiple access on port?)")

    def write(self, data):
        self._check()
        b = self.board
        b.sent += 1
        if b.cut_after is not None and b.sent > b.cut_after:
            b.host_end.write(bytes(data[:len(data) // 2]))
            b.server.poll()
            self._check()
        for chunk in b.up.apply(bytes(data)):
            b.host_end.write(chunk)
        while b.server.poll():
            pass
        return len(data)

    @property
    def in_waiting(self):
        return len(self.board.host_end.inbox)

    def read(self, n=1):
        self._check()
        data = self.board.host_end.read_available(n)
        if not data:
            time.sleep(0.001)
        return data

    def flush(self):
        pass

    def reset_input_buffer(self):
        self.board.host_end.inbox = bytearray()

    def close(self):
        self.is_open = False


def cli_app():
    """The commands of this task as `teebox` registers them (cli._register), on a fresh app."""
    import typer

    from teebox_host import board_cmd, sync_cmd

    app = typer.Typer()
    app.command("sync")(sync_cmd.sync)
    app.add_typer(board_cmd.app, name="board")
    course_app = typer.Typer()
    sync_cmd.add_course_commands(course_app, lambda: typer.echo("the built-in courses"))
    app.add_typer(course_app, name="course")
    return app


# A two-hole course for course pushes and power-cut games.
POCKET = """teebox-course 1
name: Pocket Links
size: 10x4
hole 1 par 3 tee 0,1 green 5,1
hole 2 par 3 tee 6,2 green 1,3
map:
r r f f f f r r r r
 T f f f f G r r r r
r r f f r r T f f r
r G f f f f f f r r
"""

runner = CliRunner()


def teebox(*args):
    """Run the `teebox` command line in-process; returns typer's Result."""
    return runner.invoke(cli_app(), [str(a) for a in args])


TEEBOX = [sys.executable, "-c", "from teebox_host.cli import main; main()"]


@contextlib.contextmanager
def started(args, grace=10):
    """A process running ``args`` (stdout and stderr piped, as text), always ended when
    the block leaves: SIGINT first (Ctrl-C), then SIGKILL if it has not ended after
    ``grace`` seconds. ``proc.returncode`` then says how it ended."""
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        yield proc
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(timeout=grace)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        proc.stdout.close()
        proc.stderr.close()


def read_line(proc, timeout=120, stream=None):
    """The next line ``proc`` prints (on ``stream``, default its stdout), or
    AssertionError if none comes within ``timeout`` seconds (the process is left for
    :func:`started` to end)."""
    got = []
    stream = stream or proc.stdout
    reader = threading.Thread(target=lambda: got.append(stream.readline()), daemon=True)
    reader.start()
    reader.join(timeout)
    assert got, f"no line from {proc.args} within {timeout} s"
    return got[0]


def frame_cells(vb):
    """The (CPython) board's LED frame as the LEDs show it, ``"#rrggbb"`` per cell."""
    loop = vb.table.loop
    p = loop.hw.profile
    out = []
    for cell in range(p.width * p.height):
        rgb = loop.hw.leds.unprepare(loop.renderer.frame,
                                     3 * p.led_index(cell % p.width, cell // p.width))
        out.append("#%02x%02x%02x" % rgb)
    return out


def record_frames(vb):
    """``{picture id: the board's cells when that picture was whole}``, kept as the board
    answers LED_FRAME (after a reply without MORE the host's picture is the frame then)."""
    view = vb.table.loop.led_view()
    answer = view.reply
    seen = {}

    def reply(have):
        body = answer(have)
        if not body[6] & proto.LED_MORE:
            seen[view.id] = frame_cells(vb)
        return body
    view.reply = reply
    return seen


@pytest.fixture
def board():
    """A virtual board (CPython) behind a pseudo-terminal."""
    with VirtualBoard() as vb:
        yield vb
