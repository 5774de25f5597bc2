"""The virtual board's firmware: the table itself on simulated hardware, serving the link.

:class:`VirtualTable` powers on the firmware exactly as ``main.py`` does on a
board (``boot.start`` on ``board.build(profile, sim=True)``: the journal,
the table, the link server and the main loop), with the club cards learned.
Bots play games through the table's buttons and card reader
(``script.Autoplayer``), so every game is journalled, shelved and reported
by the firmware's own code.

It runs under CPython (``host/teebox_host/virtual_board.py`` drives it from a
thread) and inside MicroPython (``run.mjs --link``: :func:`micropython_board`
builds it on the runner's byte line, then its step loop runs the main loop at the
board's own pace: see :meth:`VirtualTable.keep_real_time`). Host-side only: no
board ever imports it.
"""

from teebox import profile as profile_mod
from teebox import shipped
from teebox.app import board, boot, script
from teebox.app import shelf
from teebox.app.bindings import Bindings
from teebox.app.presenters.holes18 import tags as club_tags
from teebox.app.table import PH_OVER

GAME_LIMIT = 30000    # decisions a game may take before the bots are deemed stuck


class VirtualTable:
    """The firmware on simulated hardware (profile JSON ``profile_text``), its link
    server on ``port`` (``read_available`` / ``write``, as ``link_server.StreamPort``).

    ``store`` is the flash (default: a fresh SimStore), ``board_id`` the id a
    store without one gets (hex text). ``loop`` is the Loop ``boot.start``
    returned; ``table``, ``journal`` and ``link`` are its parts.
    """

    def __init__(self, profile_text, port, store=None, board_id=None):
        hw = board.build(profile_mod.load(profile_text, "virtual board profile"), sim=True)
        if store is not None:
            hw.store = store
        if board_id is not None and hw.store.read(shelf.BOARD_ID_FILE) is None:
            hw.store.write_atomic(shelf.BOARD_ID_FILE, bytes.fromhex(board_id))
        Bindings(hw.store, shipped.load_default_clubs(), club_tags).bind_demo_tags()
        self.hw = hw
        self.loop = boot.start(hw, port)
        self.table = self.loop.table
        self.journal = self.loop.journal
        self.link = self.loop.link
        self.board_id = shelf.board_id(hw.store)
        self._runner = script.Runner(self.loop, name="virtual board")
        self._lines = 0

    def line(self, text):
        """Play one script line (``app/script.py``) on the table's buttons and reader."""
        self._lines += 1
        st = script.parse_line(text, self._lines, self.table.clubs)
        if st is not None:
            self._runner.step(st)

    def play(self, mode=None, players=2, seed=1, course="starter", inputs=None, game=None):
        """Bots play a game through the table's buttons and card reader; returns the game.

        The game (``game``: a registry name, default the first; ``mode``: default its
        first way to play) is set up on the start menu (``seed`` fixes its shuffle and
        the bots') and played to the end, then OK takes the table back to its start
        menu, as players would. With ``inputs`` play stops once the game has
        that many choices: a game left in progress. A game already in progress
        is played on instead of setting up a new one.
        """
        t = self.table
        if t.phase == PH_OVER:
            self.line("press OK")
        if t.game is None and course not in t.setup.course_names:
            raise ValueError("course %r is not on the table's start menu (%s)"
                             % (course, ", ".join(t.setup.course_names)))
        auto = script.Autoplayer(t.clubs, mode, course, players, seed=seed, bot_seed=seed,
                                 seat_readers=self.hw.seat_readers, game=game)
        for _ in range(GAME_LIMIT):
            g = t.game
            if g is not None and g.over:
                self.line("press OK")  # the final scorecard read: back to the start menu
                return g
            if g is not None and inputs is not None and len(g.inputs) >= inputs:
                return g
            for text in auto.next_lines(t):
                self.line(text)
        raise RuntimeError("the bots did not finish a game within %d decisions" % GAME_LIMIT)

    def play_games(self, count, course="starter", seed=1, on_game=None, game=None):
        """Play ``count`` bot games of ``game`` (default: the registry's first), modes and
        players in turn from ``script.demo_games(game)`` (seeds ``seed``, ``seed + 1``,
        ...); returns their game numbers. ``on_game(done, count)`` hears each finished
        game."""
        out = []
        demos = script.demo_games(game)
        for i in range(count):
            mode, players = demos[i % len(demos)]
            self.play(mode, players, seed + i, course, game=game)
            out.append(self.journal.last_finished)
            if on_game is not None:
                on_game(i + 1, count)
        return out

    def keep_real_time(self, sleep_ms):
        """From now on the board's clock runs in real time and its sleeps really sleep
        (``sleep_ms(ms)``: like the board's, one that does not wake for bytes), so the
        main loop keeps the board's pace: a frame every FRAME_MS, the link polled in it
        and in the spare time as the loop decides. (The bots' games before ran on the
        simulated clock, as fast as they could.) MicroPython only (``time.ticks_ms``)."""
        import time
        clock = self.hw.clock
        base = clock.ticks_ms()
        start = time.ticks_ms()

        def ticks_ms():
            return clock.ticks_add(base, time.ticks_diff(time.ticks_ms(), start))
        # (Instance attributes: every part of the board already holds this clock.)
        clock.ticks_ms = ticks_ms
        clock.sleep_ms = sleep_ms


class JsPort:
    """The link's serial line inside MicroPython: ``run.mjs --link``'s byte line."""

    def __init__(self):
        import js
        self._line = js.teeboxLink
        self.closed = False

    def read_available(self, limit=512):
        """The bytes waiting (at most ``limit``), b"" if none: never blocks."""
        h = self._line.read(limit)
        if h is None:
            self.closed = True
            return b""
        return bytes.fromhex(h)

    def write(self, data):
        """Send all of ``data``."""
        self._line.write(bytes(data).hex())

    def sleep(self, ms):
        """Sleep ``ms`` milliseconds (bytes arriving meanwhile wait, as on the board)."""
        self._line.sleep(ms)


def micropython_board(profile_text, board_id, games, course, on_game=None, game=None):
    """The board inside MicroPython: ``games`` bot games of ``game`` (a registry name,
    None: the first) played (``on_game(done, count)`` hears each), then serving
    ``run.mjs --link``'s line. Returns the step function for ``--step``."""
    port = JsPort()
    vt = VirtualTable(profile_text, port, board_id=board_id)
    vt.play_games(games, course, on_game=on_game, game=game)
    vt.keep_real_time(port.sleep)

    def step():
        vt.loop.step()
        return vt.link is not None and vt.link.running and not port.closed
    return step
