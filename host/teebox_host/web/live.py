"""The live table: a board watched over its serial link as the page draws it.

:class:`LiveBoard` follows a board on a serial port, a real one on USB (``teebox serve
--port``) or a virtual one: the LEDs come over the link as the board's LED frame
(LED_FRAME, ``link.LedPicture``: only the cells changed since the last look), the
game's events exactly as ``teebox board watch`` follows them (``Link.events_on`` /
``next_event``, ``parse_event``, ``board_cmd.describe_event``). When the line fails
(the cable pulled, the board switched off) it says so and opens the port again every
second, so the page comes back by itself.

A CPython :class:`~teebox_host.virtual_board.VirtualBoard` in this process (``teebox
serve --virtual``) tells more than its link: whose turn it is, the golfers' seats and
the OLED's text come from its table. With ``sync_db`` (``teebox serve --sync``) the
board's finished games go into the score history as they finish, over the same line
(a second program on the port would take half of each other's bytes). With ``bots`` the table's bots play on, one
choice every ``pace`` seconds, so there is always something to watch.
"""

import threading
from collections import deque

from teebox import palette
from teebox.core import scoring
from teebox.core.wire import gamerecord
from teebox.core.wire.events import EV_GAME_OVER, EV_HOLE, EV_SCORED, EV_STARTED
from teebox_host.board_cmd import describe_event
from teebox_host.link import BoardRefused, LedPicture, Link, LinkError, parse_event
from teebox_host.replay_cmd import opponents
from teebox_host.scoredb import ScoreDB, ScoreDBError
from teebox_host.sync_cmd import sync_games
from teebox_host.sim_tui import board_title
from teebox_host.web import boards

EVENT_LINES = 12     # the latest events a snapshot carries
RETRY_S = 1.0        # wait before opening the link again after it failed
LOOK_S = 0.1         # how often the LED frame is asked for (and events waited for)


def seat_name(seat):
    """A seat's colour name ("Red"), as the table names players."""
    names = palette.PLAYER_NAMES
    return names[seat].capitalize() if 0 <= seat < len(names) else f"Player {seat + 1}"


class LiveBoard:
    """The board on serial ``port`` watched for the live page, or the started virtual
    board ``vb`` of this process (its port, and its table for what the link does not
    tell); ``start()`` begins following it (and the bots' play), ``stop()`` ends both.
    The bots play ``vb``'s game in ``mode`` with ``players`` (default: its first demo
    game, ``VirtualBoard.demo_games``). With ``sync_db`` (a score store, as ``ScoreDB``
    takes it) the board's finished games are synced into it as ``teebox sync`` does,
    when the board is found and each time a game is over, over the same line."""

    def __init__(self, vb=None, bots=False, pace=1.5, mode=None, players=None, port=None,
                 sync_db=None):
        self.vb = vb
        self.sync_db = sync_db
        self.port = port if port is not None else vb.port
        self.bots = bots and vb is not None
        self.pace = pace
        first = vb.demo_games()[0] if vb is not None else (None, None)
        self.mode = first[0] if mode is None else mode
        self.players = first[1] if players is None else players
        self.events = deque(maxlen=EVENT_LINES)
        self.picture = LedPicture()   # the watching thread's own
        self._shown = (0, 0, [], 0)   # width, height, colours, id: what the page draws
        self.connected = False
        self.board_id = ""
        self.playing = None     # what the link says: "playing", "over" or "menu"
        self.card = {}          # the live scorecard: seat -> hole, total, place (events)
        self.seats = 0          # the players of the game followed (more seats: opponents)
        self._game = (gamerecord.LEGACY_GAME, "")   # the game and mode followed
        self.no_frames = ""     # why the board sends no LED frame ("": it does)
        self._lock = threading.Lock()   # the picture and state, between the threads
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
        """The LED frame and the event stream over the board's link; the port opened
        again whenever the line fails."""
        while not self.closed:
            try:
                with Link(self.port) as link:
                    self._follow(link)
            except LinkError as exc:
                with self._lock:
                    if self.connected or not self.events:
                        self._say(f"link lost ({exc}); trying again")
                    self.connected = False
                self._stop.wait(RETRY_S)

    def _follow(self, link):
        info = link.hello()
        link.events_on()
        self.picture = LedPicture()   # a board plugged in again starts afresh
        with self._lock:
            self.connected = True
            if info.board_id != self.board_id:
                self.card = {}   # another board: another game
            self.board_id = info.board_id
            self.playing = "playing" if info.game is not None else "menu"
            if info.game is not None:
                self._game = (info.game.game, info.game.mode)
            self._say(f"watching board {info.board_id}")
        due = info.games_waiting > 0
        while not self.closed:
            if due and self.sync_db is not None:
                self._sync(link)
            self._look(link)
            payload = link.next_event(timeout=LOOK_S)
            due = False
            while payload is not None:
                ev = parse_event(payload)
                with self._lock:
                    if ev.kind == EV_STARTED:
                        self._game = (ev.game, ev.mode)
                    self._say(describe_event(ev, *self._game))
                    self._score(ev)
                due = due or ev.kind == EV_GAME_OVER
                payload = link.next_event(timeout=0)

    def _sync(self, link):
        """Sync the board's finished games into ``sync_db`` and say what happened (a
        line failing here is the watcher's to handle: it finds the board again)."""
        try:
            with ScoreDB(self.sync_db) as store:
                report = sync_games(link, store)
        except ScoreDBError as exc:
            with self._lock:
                self._say(f"not synced: {exc}")
            return
        with self._lock:
            if report.stored:
                self._say(f"synced into the score history: game"
                          f"{'' if len(report.stored) == 1 else 's'} "
                          f"{', '.join(str(n) for n in report.stored)}")
            for number, reasons in report.kept:
                self._say(f"game {number} kept on the board: {'; '.join(reasons)}")

    def _score(self, ev):
        """Keep the live scorecard from one event: each seat's hole and running total
        (SCORED), its place once the game is over (the holder of ``_lock`` calls)."""
        if ev.kind == EV_STARTED:
            self.playing = "playing"
            self.seats = ev.players
            self.card = {seat: {"hole": 0, "total": 0, "place": 0}
                         for seat in range(ev.players)}
        elif ev.kind in (EV_HOLE, EV_SCORED):
            row = self.card.setdefault(ev.seat, {"hole": 0, "total": 0, "place": 0})
            row["hole"] = max(row["hole"], ev.hole)
            if ev.kind == EV_SCORED:
                row["total"] = ev.total
        elif ev.kind == EV_GAME_OVER:
            self.playing = "over"
            for place, seat, score, _count in ev.standings:
                self.card.setdefault(seat, {"hole": 0, "total": score, "place": 0})
                self.card[seat].update(total=score, place=place)

    def _look(self, link):
        """Bring the LED picture up to date and show it (a board whose firmware sends
        none is said once and followed by its events alone)."""
        if self.no_frames:
            return
        try:
            changed = self.picture.pull(link)
        except BoardRefused as exc:
            with self._lock:
                self.no_frames = (f"this board sends no LED frame ({exc.detail}): update its "
                                  "firmware with 'teebox deploy'")
                self._say(self.no_frames)
            return
        if changed or self._shown[3] != self.picture.id:
            p = self.picture
            self._shown = (p.width, p.height, p.colours(), p.id)  # one swap: no lock

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
        (``"#rrggbb"``, rows top to bottom, as the LEDs show them: the board's LED
        frame), ``frame`` (the id of that picture), whether the link is up, the latest
        events and the live scorecard they make (each seat's hole, running total and, once
        the game is over, place); from a virtual board of this process also the golfers' cells with their
        seat numbers, whose turn it is, the board's title and the OLED's text."""
        width, height, cells, frame = self._shown
        with self._lock:
            out = {"board": self.board_id, "width": width, "height": height, "cells": cells,
                   "frame": frame, "connected": self.connected,
                   "port": self.port, "state": self.playing or "menu", "golfers": {},
                   "turn": "", "turnColour": "", "oled": [], "events": list(self.events),
                   "title": f"Board {self.board_id}" if self.board_id else "",
                   "note": self.no_frames,
                   "scorecard": [{"seat": self._seat_label(seat),
                                  "colour": palette_colour(seat), **row}
                                 for seat, row in sorted(self.card.items())]}
        if self.vb is not None:
            facts = self._table_facts()
            if facts["opponents"]:   # the table's rows tell more (the green each scores next)
                out["scorecard"] = [row for row in out["scorecard"]
                                    if not row["seat"].startswith("AI ")] + facts["opponents"]
            del facts["opponents"]
            out.update(facts)
        return out

    def _seat_label(self, seat):
        """A player's colour name, or "AI 1" for the first automated opponent (Solo Chaos
        Golf's score as the seats after the players')."""
        if self.seats and seat >= self.seats:
            return "AI %d" % (seat - self.seats + 1)
        return seat_name(seat)

    def _table_facts(self):
        """What the in-process virtual board's table tells besides its link."""
        vb = self.vb
        with vb.lock:
            table = vb.table.table
            prof = vb.table.hw.profile
            view = table.view
            game = table.game
            playing = game is not None and not game.over
            width = table.course.width if table.course is not None else prof.width
            others = opponents(game)
            seats = view.seats - len(others)   # (the opponents' golfers come after)
            golfers = {}
            for s in range(view.seats if playing else 0):
                # A seat by its number; an automated opponent (Solo Chaos Golf's, on the
                # green it scores next) by its name's letter and number: "A1".
                label = s + 1 if s < seats else "A%d" % (s - seats + 1)
                for cell in (view.golfer[s], view.partner[s]):  # (partner: Chaos Teams)
                    if cell >= 0:  # course cells are row-major in the course's grid
                        golfers.setdefault(cell // width * prof.width + cell % width,
                                           []).append(label)
            turn = view.active if playing else -1
            return {"golfers": {str(k): v for k, v in golfers.items()},
                    "opponents": self._opponent_rows(game, seats, others),
                    "turn": seat_name(turn) if turn >= 0 else "",
                    "turnColour": palette_colour(turn), "title": board_title(vb.table),
                    "state": "playing" if playing else "over" if game is not None else "menu",
                    "oled": list(getattr(vb.table.hw.display, "shown", ()))}


    @staticmethod
    def _opponent_rows(game, seats, others):
        """The live scorecard's rows of the automated opponents (Solo Chaos Golf's): each
        in the colour its golfer has on the LEDs, the green it scores next as its hole,
        its points, and its place among everyone once the game is over."""
        if not others:
            return []
        over = game.over
        everyone = [p.score for p in game.players] + [points for _n, points, _t in others]
        targets = game.mode.markers(game)
        rows = []
        for k in range(len(others)):
            name, points, _tokens = others[k]
            at = targets[k] if k < len(targets) else None
            rows.append({"seat": name, "colour": palette_colour(seats + k),
                         "hole": game.course.green_hole(at[0], at[1]) if at else 0,
                         "total": points,
                         "place": scoring.place_among(points, everyone) if over else 0})
        return rows


def palette_colour(seat):
    """A seat's colour as ``"#rrggbb"`` ("" for no seat)."""
    return boards.colour(palette.PLAYERS, 3 * seat) if seat >= 0 else ""
