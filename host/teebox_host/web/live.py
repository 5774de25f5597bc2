"""The live table: a virtual board watched as the page draws it.

:class:`LiveBoard` runs beside a CPython :class:`~teebox_host.virtual_board.VirtualBoard`
in this process. :meth:`LiveBoard.snapshot` reads the LED frame the board's
simulated strip last received, cell by cell as ``teebox sim`` draws it, and whose
turn it is; the game's events come over the board's serial link exactly as
``teebox board watch`` follows them (``Link.events_on`` / ``next_event``,
``parse_event``, ``board_cmd.describe_event``). The link protocol carries no LED
frame, so a real board's cells cannot be drawn this way yet.

With ``bots`` the table's bots play on, one choice every ``pace`` seconds, so there
is always something to watch.
"""

import threading
from collections import deque

from teebox import palette
from teebox_host.board_cmd import describe_event
from teebox_host.link import Link, LinkError, parse_event
from teebox_host.sim_tui import board_title
from teebox_host.web import boards

EVENT_LINES = 12     # the latest events a snapshot carries
RETRY_S = 1.0        # wait before opening the link again after it failed


def seat_name(seat):
    """A seat's colour name ("Red"), as the table names players."""
    names = palette.PLAYER_NAMES
    return names[seat].capitalize() if 0 <= seat < len(names) else f"Player {seat + 1}"


class LiveBoard:
    """A virtual board ``vb`` (started) watched for the live page; ``start()`` begins
    following its events (and the bots' play), ``stop()`` ends both. The bots play the
    board's game in ``mode`` with ``players`` (default: its first demo game,
    ``VirtualBoard.demo_games``)."""

    def __init__(self, vb, bots=False, pace=1.5, mode=None, players=None):
        self.vb = vb
        self.bots = bots
        self.pace = pace
        first = vb.demo_games()[0]
        self.mode = first[0] if mode is None else mode
        self.players = first[1] if players is None else players
        self.events = deque(maxlen=EVENT_LINES)
        self._stop = threading.Event()
        self._threads = []

    @property
    def closed(self):
        """Whether :meth:`stop` was called: streams of this board end."""
        return self._stop.is_set()

    def start(self):
        """Follow the board's events, and let its bots play if asked."""
        targets = [self._watch] + ([self._play] if self.bots else [])
        for target in targets:
            t = threading.Thread(target=target, name="live-" + target.__name__, daemon=True)
            t.start()
            self._threads.append(t)

    def stop(self):
        """Stop following the board (the board itself is its owner's to stop)."""
        self._stop.set()
        for t in self._threads:
            t.join(timeout=5)

    def _say(self, text):
        self.events.append(text)

    def _watch(self):
        """The event stream over the board's link, as `teebox board watch` reads it;
        opened again whenever the line fails."""
        while not self.closed:
            try:
                with Link(self.vb.port) as link:
                    info = link.hello()
                    link.events_on()
                    self._say(f"watching board {info.board_id}")
                    while not self.closed:
                        payload = link.next_event(timeout=0.5)
                        if payload is not None:
                            self._say(describe_event(parse_event(payload)))
            except LinkError as exc:
                self._say(f"link lost ({exc}); trying again")
                self._stop.wait(RETRY_S)

    def _play(self):
        """The bots make one choice every ``pace`` seconds; a finished game is followed
        by a new one (with the next seed)."""
        seed = 1
        while not self._stop.wait(self.pace):
            with self.vb.lock:
                game = self.vb.table.table.game
                done = len(game.inputs) if game is not None and not game.over else 0
            if self.vb.play(self.mode, self.players, seed, inputs=done + 1,
                            game=self.vb.game).over:
                seed += 1

    def snapshot(self):
        """What the page draws, JSON-ready: the board's size, each cell's colour
        (``"#rrggbb"``, rows top to bottom, as the LEDs show them), golfers' cells with
        their seat numbers, whose turn it is, the board's title, OLED text and the
        latest events."""
        vb = self.vb
        with vb.lock:
            hw = vb.table.hw
            table = vb.table.table
            prof = hw.profile
            frame = bytes(hw.leds.frame)
            prepared = vb.table.loop.renderer.leds is not None
            cells = []
            for row in range(prof.height):
                for col in range(prof.width):
                    at = 3 * prof.led_index(col, row)
                    # A renderer drawing in the strip's prepared colours is undone to RGB.
                    rgb = hw.leds.unprepare(frame, at) if prepared else frame[at:at + 3]
                    cells.append("#%02x%02x%02x" % tuple(rgb))
            view = table.view
            game = table.game
            playing = game is not None and not game.over
            width = table.course.width if table.course is not None else prof.width
            golfers = {}
            for s in range(view.seats if playing else 0):
                for cell in (view.golfer[s], view.partner[s]):  # (partner: Chaos Teams)
                    if cell >= 0:  # course cells are row-major in the course's grid
                        golfers.setdefault(cell // width * prof.width + cell % width,
                                           []).append(s + 1)
            turn = view.active if playing else -1
            title = board_title(vb.table)
            oled = list(getattr(hw.display, "shown", ()))
        return {"board": vb.board_id, "width": prof.width, "height": prof.height,
                "cells": cells, "golfers": {str(k): v for k, v in golfers.items()},
                "turn": seat_name(turn) if turn >= 0 else "",
                "turnColour": palette_colour(turn), "title": title,
                "state": "playing" if playing else "over" if game is not None else "menu",
                "oled": oled, "events": list(self.events)}


def palette_colour(seat):
    """A seat's colour as ``"#rrggbb"`` ("" for no seat)."""
    return boards.colour(palette.PLAYERS, 3 * seat) if seat >= 0 else ""
