"""A virtual Teebox board behind a pseudo-terminal, for anyone without the hardware.

The table's own firmware runs on simulated hardware (``teebox_host/micropython/py/vboard.py``:
``boot.start(board.build(profile, sim=True))`` and its main loop, with the
game journal, the game records, the course store and the link server), and
the laptop tools talk to it through a pseudo-terminal (``os.openpty``)
exactly as to a real board's USB serial port: ``teebox sync --port /dev/pts/7``.
Bots play games on it through the table's buttons and card reader.

Two variants:

* CPython (default): the board runs in a thread of this process.
* MicroPython: the board runs inside the MicroPython WebAssembly runtime
  (``teebox_host/micropython/run.mjs --link``, whose step loop runs the main loop), so the
  firmware that answers is the firmware as MicroPython runs it.

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

from teebox import profile as profile_mod
from teebox.app import link_server
from teebox.hal.store import FileStore, SimStore
from teebox_host import micropython as mpy

READY = "TEEBOX-VIRTUAL-BOARD-READY"
GAME_DONE = "TEEBOX-VIRTUAL-BOARD-GAME "  # the MicroPython board's bots finished a game
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
        idle = True  # nothing waited when the line last finished a chunk
        while not self.stopping:
            try:
                ready, _, _ = select.select([self.src], [], [], 0.05 if idle else 0)
                if not ready:
                    idle = True
                    continue
                data = os.read(self.src, chunk)
            except (OSError, ValueError):
                return
            if not data:
                return  # the other side closed
            if self.rate:
                # The last byte of this chunk lands when the line could have carried it:
                # bytes that waited go out back to back from when the line freed (this
                # thread's sleeps overshoot on a busy machine: that is not the line's time),
                # bytes that came to an idle line from when they came.
                due = (max(due, time.monotonic()) if idle else due) + len(data) / self.rate
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
            idle = False


class VirtualBoard:
    """A simulated board on a pseudo-terminal; ``start()`` returns the port to open.

    * ``micropython``: run the firmware inside MicroPython (WebAssembly) instead of
      a thread of this process;
    * ``games``: bot games played through the table (on course ``demo_course``,
      modes and players in turn from ``script.demo_games(game)``) before the port
      opens: finished games waiting to be synced;
    * ``game``: the game those bots play (a registry name; default the first);
    * ``store_dir``: keep the board's flash in this folder (CPython variant; default:
      in memory, gone when the board stops);
    * ``baud``: throttle the line to this many baud (None: as fast as the pty goes);
    * ``board_id``: the id of a board whose flash has none yet (hex text; default:
      a new random one);
    * ``profile``: the board profile (``hardware/profiles/NAME.json``);
    * ``progress``: ``progress(text)`` hears how the start goes (the MicroPython
      runtime loading, each bot game finished).

    ``up`` and ``down`` are the pumps (``bytes``: how many each has carried).
    CPython variant only: ``table`` (the ``vboard.VirtualTable``: its ``loop``,
    ``hw``...), ``store``, ``recorder`` (the firmware's GameJournal), ``server``
    (its link server), ``courses`` and ``lock`` (hold it to touch the board while
    it serves); :meth:`play` has bots play a game on the table, :meth:`power_cycle`
    restarts the firmware on the same flash.
    """

    def __init__(self, micropython=False, games=0, store_dir=None, baud=None, board_id=None,
                 demo_course=DEMO_COURSE, profile=profile_mod.DEFAULT, progress=None,
                 game=None):
        self.micropython = micropython
        self.progress = progress or (lambda text: None)
        self.games = games
        self.game = game
        self.demo_course = demo_course
        self.store_dir = store_dir
        self.rate = baud / 10 if baud else None
        self.board_id = board_id or os.urandom(8).hex()
        self.profile = profile
        self.port = None
        self.lock = threading.RLock()
        self.table = self.store = None
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
        # Two seconds for all of them, not each: Ctrl-C stops the board at once. (They
        # are daemon threads: one still running does not hold the process up.)
        deadline = time.monotonic() + 2
        for t in self._threads:
            t.join(timeout=max(0, deadline - time.monotonic()))
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

    def _profile_text(self):
        path = Path(profile_mod.profile_dir()) / f"{self.profile}.json"
        try:
            return path.read_text()
        except OSError as exc:
            raise VirtualBoardError(f"no board profile {self.profile!r} ({path}: "
                                    f"{exc.strerror or exc})") from None

    def _start_cpython(self):
        self.store = FileStore(str(self.store_dir)) if self.store_dir else SimStore()
        board_sock, pump_sock = socket.socketpair()
        self._socks = (board_sock, pump_sock)
        self._line = link_server.StreamPort(board_sock.makefile("rb", buffering=0),
                                            board_sock.makefile("wb", buffering=0),
                                            watch=board_sock)
        self._boot()
        self.table.play_games(self.games, self.demo_course, on_game=self._game_done,
                              game=self.game)
        t = threading.Thread(target=self._serve, args=(board_sock,), name="board", daemon=True)
        t.start()
        self._threads.append(t)
        fd = pump_sock.fileno()
        return fd, fd

    def _game_done(self, done, count):
        self.progress(f"bots finished game {done} of {count}")

    def _boot(self):
        self.table = _vboard().VirtualTable(self._profile_text(), self._line, self.store,
                                            self.board_id)
        self.board_id = self.table.board_id

    @property
    def recorder(self):
        """The firmware's game journal (CPython variant)."""
        return self.table.journal

    @property
    def server(self):
        """The firmware's link server (CPython variant)."""
        return self.table.link

    @property
    def courses(self):
        """The board's course store (CPython variant)."""
        return self.table.link.courses

    def _serve(self, sock):
        def wait(ms):
            select.select([sock], [], [], ms / 1000)
        while not self._stopping:
            wait(self.table.loop.frame_ms)
            with self.lock:
                self.table.loop.step()

    def play(self, mode=None, players=2, seed=1, course_name=DEMO_COURSE, inputs=None,
             game=None):
        """Bots play one game through the (CPython) board's table; returns its rules object.

        ``game``: a registry name (default: the first game); ``mode``: its way to play
        (default: the game's first); ``inputs``: stop once the game has that many
        choices (a game in progress)."""
        with self.lock:
            return self.table.play(mode, players, seed, course_name, inputs, game)

    def demo_games(self):
        """``((mode, players), ...)``: the demo games its bots play in turn (its game's,
        ``script.demo_games``)."""
        return _vboard().script.demo_games(self.game)

    def power_cycle(self):
        """Switch the (CPython) board off and on: the firmware starts again on the same
        flash (resuming a journalled game), behind the same port."""
        with self.lock:
            self._boot()

    # ------------------------------------------------------------ MicroPython board

    def _start_micropython(self, timeout):
        try:
            node = mpy.ensure_runtime()
        except mpy.RuntimeMissing as exc:
            raise VirtualBoardError(str(exc)) from None
        cmd = [node, str(mpy.runner_path())]
        for host, dst in mpy.DEFAULT_MOUNTS:
            cmd += ["--mount", f"{host}:{dst}"]
        for p in mpy.DEFAULT_PATHS:
            cmd += ["--path", p]
        cmd += ["--link", "--step", "_vb_step()",
                "-c", _MP_BOARD % {"profile": self._profile_text(), "board": self.board_id,
                                   "games": self.games, "course": self.demo_course,
                                   "game": self.game,
                                   "ready": READY, "game_done": GAME_DONE}]
        self.progress("loading the MicroPython runtime (WebAssembly) and the firmware ...")
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
            elif line.startswith(GAME_DONE):
                said = line[len(GAME_DONE):].split()
                self._game_done(int(said[0]), int(said[1]))
            else:
                self._errors.append(line)
        ready.set()  # the process ended: start() reports what it said


def _vboard():
    """The virtual board's firmware side, ``micropython/py/vboard.py`` (it runs inside
    MicroPython too)."""
    folder = str(mpy.HERE / "py")
    if folder not in sys.path:
        sys.path.insert(0, folder)
    import vboard
    return vboard


# The board inside MicroPython: the firmware powers on, bots play the games, then
# run.mjs's step loop runs the main loop on its --link byte line.
_MP_BOARD = """
import sys
import vboard

def _vb_game(done, count):
    sys.stderr.write("%(game_done)s%%d %%d\\n" %% (done, count))

_vb_step = vboard.micropython_board(%(profile)r, "%(board)s", %(games)d, "%(course)s",
                                    _vb_game, %(game)r)
sys.stderr.write("%(ready)s\\n")
"""
