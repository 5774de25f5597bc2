"""A virtual Teebox board behind a pseudo-terminal, for trying sync without hardware.

The firmware's own link server, game journal, game records and course store
run on simulated hardware (a flash store in a folder or in memory, a
simulated clock); the laptop tools talk to it through a pseudo-terminal
(``os.openpty``) exactly as to a real board's USB serial port:
``teebox sync --port /dev/pts/7``.

Two variants:

* CPython (default): the board runs in a thread of this process.
* MicroPython: the board runs inside the MicroPython WebAssembly runtime
  (``tools/mpy/run.mjs --link``, a step loop that polls the link server), so
  the firmware that answers is the firmware as MicroPython runs it.

Either way, pump threads copy bytes between the pty and the board, optionally
at a serial line's speed (``baud``: 115200 baud carries 11520 bytes a second).
"""

import os
import select
import socket
import subprocess
import sys
import threading
import time
import tty
from pathlib import Path

import teebox
from teebox.app import gamejournal, link_server, records
from teebox.app.courses_store import CourseStore
from teebox.hal.clock import Clock
from teebox.hal.store import FileStore, SimStore
from teebox import shipped

READY = "TEEBOX-VIRTUAL-BOARD-READY"
DEMO_COURSE = "starter"


class VirtualBoardError(RuntimeError):
    """The virtual board could not start (the message says why)."""


class _Pump(threading.Thread):
    """Copies bytes from fd ``src`` to fd ``dst``, at most ``rate`` bytes a second."""

    def __init__(self, src, dst, rate=None, name="pump"):
        super().__init__(name=name, daemon=True)
        self.src = src
        self.dst = dst
        self.rate = rate
        self.stopping = False
        self.bytes = 0

    def run(self):
        chunk = 64 if self.rate else 4096
        due = time.monotonic()
        while not self.stopping:
            try:
                ready, _, _ = select.select([self.src], [], [], 0.05)
                if not ready:
                    continue
                data = os.read(self.src, chunk)
            except (OSError, ValueError):
                return
            if not data:
                return  # the other side closed
            if self.rate:
                # The last byte of this chunk lands when the line could have carried it.
                due = max(due, time.monotonic()) + len(data) / self.rate
                wait = due - time.monotonic()
                if wait > 0:
                    time.sleep(wait)
            view = memoryview(data)
            try:
                while len(view):
                    view = view[os.write(self.dst, view):]
            except OSError:
                return
            self.bytes += len(data)


class VirtualBoard:
    """A simulated board on a pseudo-terminal; ``start()`` returns the port to open.

    * ``micropython``: run the firmware inside MicroPython (WebAssembly) instead of
      a thread of this process;
    * ``games``: finished bot games waiting on the board when it starts (played on
      the built-in course ``demo_course``, modes as ``gamejournal.DEMO_GAMES``);
    * ``store_dir``: keep the board's flash in this folder (CPython variant; default:
      in memory, gone when the board stops);
    * ``baud``: throttle the line to this many baud (None: as fast as the pty goes);
    * ``board_id``: the board's id (hex text; default: a new random one).

    ``up`` and ``down`` are the pumps (``bytes``: how many each has carried).
    CPython variant only: ``store``, ``recorder`` (the GameJournal), ``server``
    and ``lock`` (hold it to touch the board while it serves); :meth:`play`
    plays a bot game on the board.
    """

    def __init__(self, micropython=False, games=0, store_dir=None, baud=None, board_id=None,
                 demo_course=DEMO_COURSE):
        self.micropython = micropython
        self.games = games
        self.demo_course = demo_course
        self.store_dir = store_dir
        self.rate = baud / 10 if baud else None
        self.board_id = board_id or os.urandom(8).hex()
        self.port = None
        self.lock = threading.RLock()
        self.store = self.recorder = self.server = self.courses = None
        self._fds = []
        self._threads = []
        self._proc = None
        self._stopping = False
        self._errors = []

    # ------------------------------------------------------------ life cycle

    def start(self, timeout=120):
        """Boot the board and open the pseudo-terminal; returns its path."""
        master, slave = os.openpty()
        tty.setraw(slave)
        # Holding the slave open keeps the master readable when no client has the port.
        self._fds += [master, slave]
        self.port = os.ttyname(slave)
        if self.micropython:
            board_in, board_out = self._start_micropython(timeout)
        else:
            board_in, board_out = self._start_cpython()
        self.up = _Pump(master, board_in, self.rate, "host->board")
        self.down = _Pump(board_out, master, self.rate, "board->host")
        self._threads += [self.up, self.down]
        self.up.start()
        self.down.start()
        return self.port

    def stop(self):
        """Stop the board and close the port."""
        self._stopping = True
        for t in self._threads:
            if isinstance(t, _Pump):
                t.stopping = True
        if self._proc is not None:
            self._proc.kill()
            self._proc.wait()
        for t in self._threads:
            t.join(timeout=2)
        for fd in self._fds:
            try:
                os.close(fd)
            except OSError:
                pass
        self._fds = []

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *exc):
        self.stop()

    def drop_line(self):
        """Pull the cable: the port hangs up and carries nothing more either way."""
        for t in self._threads:
            if isinstance(t, _Pump):
                t.stopping = True
        for t in self._threads:
            if isinstance(t, _Pump):
                t.join(timeout=2)
        master = self._fds.pop(0)
        os.close(master)

    # ------------------------------------------------------------ CPython board

    def _start_cpython(self):
        store = FileStore(str(self.store_dir)) if self.store_dir else SimStore()
        clubs = shipped.load_default_clubs()
        shots = shipped.load_default_shots()
        clock = Clock()
        wall = records.WallTime(clock)
        self.courses = CourseStore(store)
        board = records.board_id(store) if self.store_dir else self.board_id
        self.board_id = board
        self.recorder = gamejournal.resume(store, self.courses.find, clubs, shots, wall=wall,
                                           board=board)
        self.store = store
        self._clubs, self._shots = clubs, shots
        if self.games:
            gamejournal.play_demo_games(self.recorder, self.courses.load(self.demo_course),
                                        clubs, shots, self.games)
        board_sock, pump_sock = socket.socketpair()
        self._socks = (board_sock, pump_sock)
        port = link_server.StreamPort(board_sock.makefile("rb", buffering=0),
                                      board_sock.makefile("wb", buffering=0), watch=board_sock)
        self.server = link_server.LinkServer(port, port, store, clock=clock,
                                             courses=self.courses, recorder=self.recorder,
                                             wall=wall, board=board)
        self.server.start()
        t = threading.Thread(target=self._serve, args=(board_sock,), name="board", daemon=True)
        t.start()
        self._threads.append(t)
        fd = pump_sock.fileno()
        return fd, fd

    def _serve(self, sock):
        while not self._stopping:
            select.select([sock], [], [], 0.05)
            with self.lock:
                if self.server.running:
                    self.server.poll()

    def play(self, mode="stroke", players=2, seed=1, course_name=DEMO_COURSE, who=None):
        """Play one bot game to the end on the (CPython) board; returns the Game."""
        from teebox.core import bots, engine
        with self.lock:
            game = engine.Game(self.courses.load(course_name), self._clubs, self._shots,
                               engine.Setup(players, mode, seed))
            gamejournal.play_bots(self.recorder, game,
                                  [bots.SensibleBot(seed + i) for i in range(players)], who)
        return game

    # ------------------------------------------------------------ MicroPython board

    def _start_micropython(self, timeout):
        mpy = _mpy_runner()
        try:
            node = mpy.ensure_runtime()
        except mpy.RuntimeMissing as exc:
            raise VirtualBoardError(str(exc)) from None
        cmd = [node, str(mpy.RUNNER)]
        for host, dst in mpy.DEFAULT_MOUNTS:
            cmd += ["--mount", f"{host}:{dst}"]
        for p in mpy.DEFAULT_PATHS:
            cmd += ["--path", p]
        cmd += ["--link", "--step", "_vb_step()",
                "-c", _MP_BOARD % {"board": self.board_id, "games": self.games,
                                   "course": self.demo_course, "ready": READY}]
        self._proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, bufsize=0,
                                      env=dict(os.environ, NODE_NO_WARNINGS="1"))
        ready = threading.Event()
        t = threading.Thread(target=self._stderr, args=(ready,), name="board-stderr",
                             daemon=True)
        t.start()
        self._threads.append(t)
        if not ready.wait(timeout) or self._proc.poll() is not None:
            self.stop()
            raise VirtualBoardError("the MicroPython board did not start:\n"
                                    + "".join(self._errors))
        return self._proc.stdin.fileno(), self._proc.stdout.fileno()

    def _stderr(self, ready):
        for raw in self._proc.stderr:
            line = raw.decode(errors="replace")
            if line.strip() == READY:
                ready.set()
            else:
                self._errors.append(line)
        ready.set()  # the process ended: start() reports what it said


def _mpy_runner():
    """``tools.mpy`` of the source checkout this teebox runs from."""
    try:
        from tools import mpy
    except ImportError:
        root = Path(teebox.__file__).resolve().parents[2]
        if not (root / "tools" / "mpy" / "run.mjs").exists():
            raise VirtualBoardError("the MicroPython board needs the Teebox source checkout "
                                    "(tools/mpy): run it from there") from None
        sys.path.insert(0, str(root))
        from tools import mpy
    return mpy


# The board inside MicroPython: boot (resume), demo games, then a link server polled
# by run.mjs's step loop; the serial line is run.mjs's --link byte line.
_MP_BOARD = """
import js
import sys
from teebox.app import gamejournal, link_server, records
from teebox.app.courses_store import CourseStore
from teebox.core import cards
from teebox.hal.clock import Clock
from teebox.hal.store import FileStore
from teebox import shipped


class JsPort:
    closed = False

    def read_available(self, limit=512):
        h = js.teeboxLink.read(limit)
        if h is None:
            self.closed = True
            return b""
        return bytes.fromhex(h)

    def write(self, data):
        js.teeboxLink.write(bytes(data).hex())


store = FileStore("/board")
courses = CourseStore(store)
clubs = shipped.load_default_clubs()
shots = shipped.load_default_shots()
clock = Clock()
wall = records.WallTime(clock)
recorder = gamejournal.resume(store, courses.find, clubs, shots, wall=wall, board="%(board)s")
gamejournal.play_demo_games(recorder, courses.load("%(course)s"), clubs, shots, %(games)d)
port = JsPort()
server = link_server.LinkServer(port, port, store, clock=clock, courses=courses,
                                recorder=recorder, wall=wall, board="%(board)s")
server.start()
sys.stderr.write("%(ready)s\\n")


def _vb_step():
    if not server.poll():
        js.teeboxLink.wait(2)
    return server.running and not port.closed
"""
