"""The table in the browser: the firmware on simulated hardware, run frame by frame by the page.

This module runs inside the MicroPython WebAssembly runtime in the browser
(``static/table.js`` loads the runtime, writes the firmware's files and this one
into its file system and imports it); the tests also run it under CPython. It
powers the table on exactly as ``main.py`` does on a board (``boot.start`` on
``board.build(profile, sim=True)``: the journal that shelves finished games, the
table, the main loop), with the club cards learned and no USB link.

The page calls :meth:`WebTable.frame` about 60 times a second with its clock; the
table's simulated clock follows it and the main loop runs one step per
``FRAME_MS`` of page time (about 30 frames a second). Buttons are pressed and let
go through :meth:`WebTable.button` (the firmware debounces them and turns a hold
into a long press, as on the board); :meth:`WebTable.lay` lays a club card face
down on a reader and lifts it :data:`LIE_MS` later. Only JSON text and plain
numbers cross to the page.
"""

import json

from teebox import palette
from teebox import profile as profile_mod
from teebox import shipped
from teebox.app import board, boot, script
from teebox.app import setup_flow as sf
from teebox.app.bindings import Bindings, demo_uid
from teebox.app.presenters.holes18 import tags as club_tags
from teebox.app.shelf import Shelf, board_id
from teebox.app.table import PH_REGISTER
from teebox.hal.rfid import ReaderBank
from teebox.hal.store import SimStore

LIE_MS = 300          # a laid card lies on the reader this long, then is lifted (as teebox sim)
BEHIND_MS = 1000      # a page that fell further behind (a hidden tab) skips the rest
STEPS_PER_FRAME = 6   # main-loop steps one call may run to catch up
MAX_COLOURS = 4096    # colours remembered (pulses and fades add a few hundred)


class WebTable:
    """The firmware's table on simulated hardware from the board profile ``profile_text``.

    ``now_ms`` is the page's clock (ms), ``wall_s`` the calendar time (Unix
    seconds) finished games are stamped with, ``flash`` the flash store as
    :meth:`flash_json` saved it ("" for a new board): a game in progress
    carries on and waiting games stay, as on a board switched off and on.
    """

    def __init__(self, profile_text, now_ms, wall_s=0, flash=""):
        hw = board.build(profile_mod.load(profile_text, "browser table profile"), sim=True)
        if flash:
            hw.store = SimStore(flash=dict((k, bytearray(bytes.fromhex(v)))
                                           for k, v in json.loads(flash).items()))
            hw.store.recover()
        self.clubs = shipped.load_default_clubs()
        Bindings(hw.store, self.clubs, club_tags).bind_demo_tags()
        self.hw = hw
        self.loop = boot.start(hw, serve=False)
        self.table = self.loop.table
        self.journal = self.loop.journal
        if wall_s:
            self.journal.wall.set(wall_s)
        self.shelf = Shelf(hw.store)
        self.board_id = board_id(hw.store)
        self._page_ms = now_ms
        self._owed = 0
        self._free = [0] * 8      # per button: clock time it may be pressed again
        self._lift = None         # (reader, clock time) of the card lying on a reader
        self._shown = None        # the last frame sent to the page
        self._saved = -1          # the store's write count when last saved
        self._auto = None         # the script hook's autoplayer
        self._runner = script.Runner(self.loop, name="page script")
        p = hw.profile
        self._colours = {}        # LED bytes (as one int): the colour they show, "rrggbb"
        self._leds = [p.led_index(i % p.width, i // p.width) for i in range(p.width * p.height)]

    # ------------------------------------------------------------ time

    def frame(self, now_ms):
        """Let the table run up to the page's time ``now_ms``: main-loop steps of
        ``FRAME_MS`` each, the LEDs drawn on the last. Returns :meth:`snapshot`'s
        JSON when what the page shows changed, else ""."""
        clock = self.hw.clock
        loop = self.loop
        self._owed += max(0, now_ms - self._page_ms)
        self._page_ms = now_ms
        if self._owed > BEHIND_MS:
            self._owed = loop.frame_ms
        steps = min(self._owed // loop.frame_ms, STEPS_PER_FRAME)
        for k in range(steps):
            start = clock.ticks_ms()
            self._lift_card()
            loop.step(k == steps - 1)  # (it sleeps out its frame: the clock moves on)
            self._owed -= clock.ticks_diff(clock.ticks_ms(), start)
        if not steps:
            return ""
        snap = self.snapshot()
        if snap == self._shown:
            return ""
        self._shown = snap
        return snap

    # ------------------------------------------------------------ buttons and cards

    def button(self, button, down):
        """Press (``down`` true) or let go of button ``button`` (0-7: E NE NW W SW SE OK
        BACK). A click shorter than a frame still reaches the firmware: a press lasts
        at least ``script.PRESS_MS`` and presses of one button keep ``script.GAP_MS``
        apart, as a finger's would."""
        clock = self.hw.clock
        now = clock.ticks_ms()
        at = now if clock.ticks_diff(self._free[button], now) <= 0 else self._free[button]
        if down:
            self._free[button] = clock.ticks_add(at, script.PRESS_MS)
        else:
            self._free[button] = clock.ticks_add(at, script.GAP_MS)
        self.hw.buttons.schedule(at, button, down)

    def lay(self, club, seat=-1):
        """Lay club ``club``'s card (its index in the card data) face down on the reader
        (``seat``'s on a table with one per seat); it is lifted :data:`LIE_MS` later."""
        self._lift_card(True)
        reader = self._reader(seat)
        reader.place(demo_uid(club, club_tags.DEMO_KIND))
        self._lift = (reader, self.hw.clock.ticks_add(self.hw.clock.ticks_ms(), LIE_MS))

    def busy(self):
        """Whether a press, a let-go or a laid card has not reached the table yet."""
        clock = self.hw.clock
        now = clock.ticks_ms()
        for free in self._free:
            if clock.ticks_diff(free, now) > 0:
                return True
        return self._lift is not None

    def _reader(self, seat):
        readers = self.hw.readers
        if isinstance(readers, ReaderBank):
            for i in range(len(readers.seats)):
                if readers.seats[i] == seat:
                    return readers.readers[i]
            return readers.readers[0]
        return readers

    def _lift_card(self, now=False):
        clock = self.hw.clock
        if self._lift is not None and (now or clock.ticks_diff(clock.ticks_ms(), self._lift[1]) >= 0):
            self._lift[0].remove()
            self._lift = None

    # ------------------------------------------------------------ what the page shows

    def snapshot(self):
        """What the page draws, as JSON text: ``cells`` (one ``rrggbb`` per cell, rows top
        to bottom, as the LEDs show them), ``golfers`` (cell: seat numbers), ``turn``
        (the seat whose turn it is, -1), ``title``, ``oled`` (the display's lines),
        ``phase``, ``cards`` (:meth:`card_groups`), ``waiting`` (finished games waiting
        to be sent) and ``readers`` (the seats of the card readers)."""
        t = self.table
        hw = self.hw
        frame = hw.leds.frame
        prepared = self.loop.renderer.leds is not None
        colours = self._colours
        if len(colours) > MAX_COLOURS:
            colours.clear()
        out = []
        for i in self._leds:
            at = 3 * i
            key = frame[at] << 16 | frame[at + 1] << 8 | frame[at + 2]
            text = colours.get(key)
            if text is None:  # a board shows a few dozen colours: each is worked out once
                rgb = hw.leds.unprepare(frame, at) if prepared else frame[at:at + 3]
                text = colours[key] = "%02x%02x%02x" % (rgb[0], rgb[1], rgb[2])
            out.append(text)
        g = t.game
        playing = g is not None and not g.over
        view = t.view
        width = t.course.width if t.course is not None else hw.profile.width
        golfers = {}
        for s in range(view.seats if playing else 0):
            for cell in (view.golfer[s], view.partner[s]):  # (partner: Chaos Teams)
                if cell >= 0:  # course cells are row-major in the course's grid
                    key = str(cell // width * hw.profile.width + cell % width)
                    golfers[key] = golfers.get(key, "") + str(s + 1)
        turn = view.active if playing else -1
        colour = palette.PLAYERS[3 * turn:3 * turn + 3] if turn >= 0 else b""
        return json.dumps({
            "width": hw.profile.width, "height": hw.profile.height, "cells": "".join(out),
            "golfers": golfers, "turn": turn,
            "turnName": sf.player_label(turn) if turn >= 0 else "",
            "turnColour": "#%02x%02x%02x" % tuple(colour) if turn >= 0 else "",
            "title": self.title(), "oled": list(getattr(hw.display, "shown", ())),
            "phase": t.phase, "over": g is not None and g.over, "cards": self.card_groups(),
            "waiting": self.shelf.numbers(), "board": self.board_id,
            "readers": list(hw.readers.seats) if hw.seat_readers else []})

    def title(self):
        """The course's name, and the hole and round being played."""
        t = self.table
        text = t.course.name if t.course is not None else ""
        g = t.game
        if g is not None and not g.over and hasattr(g, "round"):
            holes = sorted(set([p.hole for p in g.players]))
            text += " \u00b7 hole %s \u00b7 round %d" % ("/".join([str(h) for h in holes]),
                                                      g.round)
        return text

    def card_groups(self):
        """The club cards as the players hold them, for the card box: a list of
        ``[label, [[index, name, id, played], ...]]``: each seat's hand in a game
        (``played`` true for its clubs played already) or its bag during bag
        registration, then the rest of the box."""
        t = self.table
        groups = []
        held = {}
        g = t.game
        if g is not None and hasattr(g, "players") and hasattr(g.players[0], "hand"):
            for p in g.players:
                groups.append((sf.player_label(p.seat), sorted(p.hand), sorted(p.discards)))
        elif t.phase == PH_REGISTER:
            for s in range(len(t.flow.hands)):
                groups.append((sf.player_label(s) + " bag", list(t.flow.hands[s]), []))
        for _label, hand, played in groups:
            for c in hand + played:
                held[c] = True
        groups.append(("In the box" if groups else "Club cards",
                       [c for c in range(len(self.clubs)) if c not in held], []))
        return [[label, [self._card(c, False) for c in hand] + [self._card(c, True)
                                                              for c in played]]
                for label, hand, played in groups]

    def _card(self, c, played):
        club = self.clubs[c]
        return [c, "%s (%d)" % (club.name, club.initiative), club.id, played]

    # ------------------------------------------------------------ finished games

    def record_hex(self, number):
        """The shelved record of finished game ``number`` as hex text ("" if not waiting)."""
        data = self.shelf.read(number)
        return "" if data is None else bytes(data).hex()

    def forget(self, number):
        """The score history has stored game ``number``: the board lets it go (ACK_GAME)."""
        return self.shelf.remove(number)

    def flash_json(self):
        """The flash store as JSON text (name: hex), or "" when nothing was written since
        the last call: the page keeps it so the table survives a reload. The game's
        journal is flushed first (on a board it waits for a safe point, to spare the
        flash), so a reload loses no choice."""
        self.journal.flush()
        store = self.hw.store
        if store.spent == self._saved:
            return ""
        self._saved = store.spent
        return json.dumps(dict((k, bytes(v).hex()) for k, v in store.flash.items()))

    # ------------------------------------------------------------ scripts

    def run_script(self, text):
        """Play a script of presses and scans (``app/script.py``, as ``teebox sim --script``)
        at once, on the table's own clock. Returns "" or what is wrong with it."""
        try:
            steps = script.parse(text, "script", self.clubs)
            self._runner.run(steps)
        except ValueError as exc:
            return str(exc)
        return ""

    def bot_lines(self, mode, course, players, seed):
        """The script lines a bot would play next (``script.Autoplayer``: setting up a game
        of ``mode`` on ``course`` for ``players`` with shuffle ``seed``, then playing it),
        as JSON text; [] once the game is over. The page's script hook."""
        key = (mode, course, players, seed)
        if self._auto is None or self._auto[0] != key:
            self._auto = (key, script.Autoplayer(self.clubs, mode, course, players, "first-game",
                                                 seed, bot_seed=seed,
                                                 seat_readers=self.hw.seat_readers))
        return json.dumps(self._auto[1].next_lines(self.table))
