"""`teebox sim`: the table app on simulated hardware, played in the terminal.

The firmware's own table (``app/table.py``) runs on the simulated parts of
``app/board.build(profile, sim=True)`` through its own main loop
(``app/loop.py``), exactly as on the board. The terminal shows what the
hardware would: every hex cell coloured from the live LED frame (so pulses,
the preview path, flights and flashes are the LEDs' own), the OLED's eight
lines, plus a scorecard and a line saying what the table waits for. Keys
press the table's eight buttons; a card picker lays club cards on the
simulated reader.

Two parts:

* :class:`LiveTable` - the simulated table without any screen (the
  ``SimTable`` that ``teebox sim --script`` plays scripts on), plus a queue of
  button presses and card scans fed to the simulated buttons and reader with
  real timings (a press is held 60 ms, a long press 1 s, a card lies on the
  reader 300 ms), and the game's face (``simfaces``: what the status line, the
  scorecard and the standings show of the game in play). Tests
  and the app drive it; ``advance(ms)`` runs frames as fast as the host
  can, ``catch_up(ms)`` follows a real clock.
* :class:`SimApp` - the textual app around it: a timer steps the loop and
  redraws about 30 times a second.

Every club card carries its own made-up tag (``bindings.demo_uid``); the
board starts with those tags learned (``blank_cards``: a new board that must
learn them first, from its start menu).
"""

import time
from collections import deque
from typing import ClassVar

from rich.color import Color
from rich.style import Style
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.suggester import SuggestFromList
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from teebox import profile as profile_mod
from teebox.app import presenters, script
from teebox.app import setup_flow as sf
from teebox.app import table as T
from teebox.app.bindings import demo_uid
from teebox.app.presenters.holes18.tags import DEMO_KIND as CLUB_KIND
from teebox.core import games, hexgrid, terrain
from teebox.hal import buttons as B
from teebox.hal.display import COLS, ROWS, SimDisplay
from teebox.hal.rfid import ReaderBank
from teebox.hal.store import FileStore
from teebox_host import render, simfaces
from teebox_host.sim_cmd import SimTable, check_setup

PRESS_MS = script.PRESS_MS   # a key press holds its button this long (debounce is 30 ms)
GAP_MS = script.GAP_MS       # and lets it rest this long before the next input
HOLD_MS = script.HOLD_MS     # a long press (the buttons report one after 800 ms)
SCAN_MS = 300                # a picked card lies on the reader this long, then is lifted
MAX_QUEUED = 8               # inputs waiting at most (a key held down repeats)
CATCH_UP_MS = 2000           # after a stall, the simulation catches up at most this much
FPS = 30

# Keys: a hex ring around S on the left hand, the numeric keypad around 5, arrows for E/W.
DIRECTION_KEYS = (
    ("d", "E"), ("e", "NE"), ("w", "NW"), ("a", "W"), ("z", "SW"), ("x", "SE"),
    ("6", "E"), ("9", "NE"), ("7", "NW"), ("4", "W"), ("1", "SW"), ("3", "SE"),
    ("right", "E"), ("left", "W"),
)
OK_KEYS = ("enter", "space", "s", "5")
LONG_OK_KEYS = ("l", "shift+enter")
BACK_KEYS = ("backspace", "escape")
LONG_BACK_KEYS = ("b",)
CARD_KEY = "c"
QUIT_KEY = "q"
HELP_KEY = "question_mark"

KEY_HELP = (
    "  w NW  e NE     keypad 7  9\n"
    "a W   s OK   d E      4  5  6\n"
    "  z SW  x SE          1  3\n"
    "\u2190 \u2192: W E   Enter Space: OK\n"
    "l Shift+Enter: hold OK\n"
    "Bksp Esc: BACK   b: hold BACK\n"
    "c: lay a card    q: quit\n"
    "?: help   t: scorecard"
)

# The key help in one line (all keys: ?), for terminals too small for the Buttons panel.
KEY_LINE = "w e d x z a: dir  Enter: OK  l: hold OK  Bksp: BACK  c: card  ?: help  q: quit"
_CARD_HELP = ("c: lay a card    q: quit", "q: quit")
_CARD_LINE = ("  c: card", "")


def uses_cards(sim):
    """Whether the card key has a use now: always, but while a game played without
    cards (the face's ``CARDS``: Play Nine) is in play."""
    return sim.face is None or sim.table.game is None or sim.face.CARDS


def key_help(cards):
    """The Buttons panel: :data:`KEY_HELP`, without the card key when ``cards`` is false."""
    return KEY_HELP if cards else KEY_HELP.replace(*_CARD_HELP)


def key_line(cards):
    """The one-line key help: :data:`KEY_LINE`, without the card key when ``cards`` is
    false."""
    return KEY_LINE if cards else KEY_LINE.replace(*_CARD_LINE)
# The whole layout needs this many columns and rows; below either, the compact one:
# standings beside the board, what the table waits for under it, the scorecard on t.
WIDE = (108, 32)
SMALLEST = (80, 24)   # the compact layout needs this much (the most common terminal)
SCORE_KEY = "t"

# The setup steps by number (setup_flow.S_START ... S_BOTS).
# (by step number; from sf.S_OPTION on, a game's option: its title says which)
SETUP_STEPS = ("start menu", "game mode", "course", "players", "seats", "", "start?", "bots",
               "game")


player_style = simfaces.player_style


def player_label(seat):
    """A seat's name in its colour: ``P1 red``."""
    return simfaces.player_label(None, seat)


def card_label(club):
    """How the picker names a club card: ``9 Iron (3)`` (names repeat, initiatives do not)."""
    return "%s (%d)" % (club.name, club.initiative)


def _contrast(rgb):
    # Black on bright cells, white on dark ones.
    r, g, b = rgb
    return (0, 0, 0) if 299 * r + 587 * g + 114 * b > 110000 else (255, 255, 255)


def _blend(a, b):
    return tuple((x + y) // 2 for x, y in zip(a, b))


class LiveTable(SimTable):
    """A :class:`~teebox_host.sim_cmd.SimTable` played live: presses and card scans wait
    in a queue and reach the simulated buttons and reader with real timings, while
    frames run as the clock goes (:meth:`catch_up` follows a real clock, :meth:`advance`
    and :meth:`settle` run as fast as the host can).

    ``profile``: a board profile (default: the repository's default one); ``seed``: the
    first game's shuffle (None: random); ``blank_cards``: a board that has not learned
    the club cards yet (each card still carries its tag, ``bindings.demo_uid``).

    Besides the SimTable's parts: ``clubs``, ``clock`` and ``events`` (what the player
    did lately, for the status line).
    """

    def __init__(self, profile=None, seed=None, blank_cards=False, store=None):
        if profile is None:
            profile = profile_mod.load_named()
        SimTable.__init__(self, profile, blank_cards, name="sim", store=store)
        self.profile = profile
        self.table.seed = seed
        self.clubs = self.table.clubs
        self.clock = self.hw.clock
        self.events = deque(maxlen=4)
        self._queue = deque()  # inputs waiting: ("press", button, hold_ms) / ("scan", reader, uid)
        self._free_at = self.clock.ticks_ms()  # the next input may start then
        self._lift = None      # (reader, when) of the card lying on a reader
        self._rush = None      # catch_up runs up to this tick at once (a held button)
        self.reach = deck_reach(self.table.shots)
        self.pieces = None     # what the players hold that the table cannot see (in_hand)
        self.loop.step()

    # ------------------------------------------------------------ inputs

    def press(self, button, long=False):
        """Queue a press of ``button`` (a ``hal.buttons`` id); ``long``: hold it 1 s.
        False (and nothing queued) while ``MAX_QUEUED`` inputs already wait."""
        return self._add(("press", button, HOLD_MS if long else PRESS_MS),
                         "%s %s" % ("hold" if long else "press", B.NAMES[button]))

    def lay(self, club, seat=-1, kind=CLUB_KIND):
        """Queue laying club card ``club`` (``kind``: piece ``club`` of that set of tagged
        pieces, :meth:`tagged`) on the reader (of ``seat`` on a table with one reader per
        seat), lifted again after ``SCAN_MS``. False when the queue is full."""
        # Not which card: the others at the table must not learn it from the screen.
        return self._add(("scan", self.reader(seat), demo_uid(club, kind)),
                         "a %s laid on the %s" % (
                             "card" if kind == CLUB_KIND else "piece",
                             "reader" if seat < 0 or not self.hw.seat_readers
                             else "P%d reader" % (seat + 1)))

    def _add(self, item, event):
        # A held-down key repeats faster than buttons can be pressed: drop what overflows.
        if len(self._queue) >= MAX_QUEUED:
            return False
        self._queue.append(item)
        self.events.append(event)
        return True

    def reader(self, seat=-1):
        """The reader of ``seat`` (its own with one reader per seat), else the first one."""
        readers = self.hw.readers
        if not isinstance(readers, ReaderBank):
            return readers
        for i in range(len(readers.seats)):
            if readers.seats[i] == seat:
                return readers.readers[i]
        return readers.readers[0]

    def busy(self):
        """Whether queued inputs are still being pressed or scanned."""
        return bool(self._queue) or self._lift is not None or (
            self.clock.ticks_diff(self._free_at, self.clock.ticks_ms()) > 0)

    def _feed(self):
        clock = self.clock
        now = clock.ticks_ms()
        if self._lift is not None and clock.ticks_diff(now, self._lift[1]) >= 0:
            self._lift[0].remove()
            self._lift = None
        if not self._queue or clock.ticks_diff(now, self._free_at) < 0:
            return
        kind, target, arg = self._queue.popleft()
        if kind == "press":
            self.hw.buttons.press(target, arg)
            self._free_at = clock.ticks_add(now, arg + GAP_MS)
            if arg == HOLD_MS:
                self._rush = self._free_at
        else:
            target.place(arg)
            self._lift = (target, clock.ticks_add(now, SCAN_MS))
            self._free_at = clock.ticks_add(now, SCAN_MS + GAP_MS)

    # ------------------------------------------------------------ time

    def step(self, render=True):
        """One main-loop frame (the loop sleeps out the frame on the simulated clock)."""
        self._feed()
        self.loop.step(render)
        self.follow()

    def advance(self, ms):
        """Run frames until ``ms`` of simulated time have passed; only the last one draws."""
        clock = self.clock
        end = clock.ticks_add(clock.ticks_ms(), ms)
        while True:
            left = clock.ticks_diff(end, clock.ticks_ms())
            if left <= 0:
                return
            self.step(left <= self.loop.frame_ms)

    def catch_up(self, ms):
        """Bring the simulated clock up to tick ``ms`` of a real clock: frames while it is
        behind, nothing while the last frame's sleep is still ahead. A held button is held
        at once: its second passes in one go, so a hold registers as soon as a press does.
        Returns the ms the simulated clock fell behind the real one (more than
        ``CATCH_UP_MS`` behind, after a stall: skipped, not raced), less those a hold
        moved it ahead."""
        behind = self.clock.ticks_diff(ms, self.clock.ticks_ms())
        skipped = 0
        if behind > 0:
            self.advance(min(behind, CATCH_UP_MS))
            skipped = max(0, behind - CATCH_UP_MS)
        rushed = 0
        if self._rush is not None:
            rushed = max(0, self.clock.ticks_diff(self._rush, self.clock.ticks_ms()))
            self._rush = None
            self.advance(rushed)
        return skipped - rushed

    def settle(self, limit_ms=600000):
        """Run until every queued input has been played and the table has taken it in
        (fast: the simulated clock does not wait for a real one)."""
        clock = self.clock
        start = clock.ticks_ms()
        while self.busy():
            if clock.ticks_diff(clock.ticks_ms(), start) > limit_ms:
                raise RuntimeError("inputs still queued after %d ms" % limit_ms)
            self.step(False)
        self.advance(2 * self.loop.frame_ms)

    # ------------------------------------------------------------ setup

    def prefill(self, mode=None, course=sf.DEFAULT_COURSE, players=None,
                hands=None, game=None, options=None):
        """Walk the table's setup with its buttons up to its "Start?" question, answering
        ``game`` (a registry name; None: the first), ``mode`` (None: the game's first),
        ``course``, ``players``, ``hands`` and ``options`` (``{name: value}`` of the
        game's options; the rest keep their defaults) with the presses a player would
        make. ValueError names an answer the table does not offer (:func:`check_setup`)."""
        game = game or games.names()[0]
        players = check_setup(game, mode, players, course, hands,
                              self.table.setup.course_names)
        auto = script.Autoplayer(self.clubs, mode, course, players, hands, game=game,
                                 options=options)
        while self.table.phase == T.PH_SETUP and self.table.setup.step != sf.S_CONFIRM:
            for text in auto.next_lines(self.table):
                self.do(text)

    # ------------------------------------------------------------ what the table shows

    def cell_rgb(self, col, row):
        """``(r, g, b)`` of the LED under board cell ``(col, row)`` in the frame last shown,
        as a screen shows colours (before gamma: a renderer that draws in the strip's
        prepared colours is undone with ``leds.unprepare``)."""
        leds = self.hw.leds
        at = 3 * self.profile.led_index(col, row)
        if self.loop.renderer.leds is not None:
            return leds.unprepare(leds.frame, at)
        f = leds.frame
        return f[at], f[at + 1], f[at + 2]

    def oled(self):
        """The eight lines the OLED shows, or None on a profile without one."""
        d = self.hw.display
        return list(d.shown) if isinstance(d, SimDisplay) else None

    def club_reach(self, club):
        """Club card ``club``'s decks and range in words (:func:`club_reach`)."""
        return club_reach(self.clubs[club], self.reach)

    def tagged(self):
        """The set of tagged pieces the card key lays now, when not the table's own cards
        (the first of ``presenters.TAG_SETS``, the club cards): the module of another one
        (the set card learning walks, or the game's in play: :meth:`in_hand`), else None."""
        t = self.table
        if t.phase == T.PH_LEARN and getattr(t.flow, "at", 0) > 0:
            return presenters.tag_set(presenters.TAG_SETS[t.flow.at][1])
        held = self.in_hand()
        return held[0] if held is not None else None

    def in_hand(self):
        """A game played with tagged pieces of its own: ``(their module, groups)``, the
        pieces as its players hold them now (its autoplay module's ``in_hand``, which
        keeps what the table cannot see in :attr:`pieces`); else None."""
        t = self.table
        if t.game is None or t.phase != T.PH_PLAY:
            return None
        hook = getattr(presenters.autoplay(t.game_name), "in_hand", None)
        return hook(self, t) if hook is not None else None

    def card_groups(self):
        """The club cards (or the pieces of the set :meth:`tagged` names) as the players
        hold them, for the picker: a list of ``(seat, pieces, played)`` - each seat's hand
        in a game (``played``: its used clubs; a game's own pieces may come in groups
        with a heading of their own, a fourth item) or bag during bag registration, then
        ``(-1, the other pieces, [])``."""
        t = self.table
        tagged = self.tagged()
        held = self.in_hand()
        groups = []
        if held is not None:
            groups = list(held[1])
        elif t.game is not None and tagged is None:
            groups = self.face.card_groups()
        elif t.phase == T.PH_REGISTER:
            groups = simfaces.face_class(t.setup.game).flow_groups(t.flow)
        taken = set()
        for group in groups:
            taken.update(group[1])
            taken.update(group[2])
        total = len(tagged.pieces()) if tagged is not None else len(self.clubs)
        groups.append((-1, [c for c in range(total) if c not in taken], []))
        return groups

    def status(self):
        """What the table waits for, as a rich Text (a few lines): first why the last
        button or card was refused, if it was."""
        t = self.table
        out = Text()
        if t.alert:
            out.append("NO: %s\n" % t.alert, style="bold red")
        if self.loop.selftest is not None and self.loop.selftest.running:
            out.append("Checking the wiring: ", style="bold")
            out.append("the display says what to look at; c lays a card, the keys press "
                       "the buttons, holding BACK stops.")
        elif t.phase == T.PH_SETUP:
            st = t.setup.step
            step = SETUP_STEPS[st] if st < sf.S_OPTION else \
                t.setup.options()[st - sf.S_OPTION][1].lower()
            out.append("Setting up: %s. " % step, style="bold")
            out.append("Directions change the answer, OK goes on, BACK goes back.")
        elif t.phase == T.PH_LEARN:
            out.append("Learning cards: ", style="bold")
            out.append("lay the card the display names (c), directions skip, BACK: done.")
        elif t.phase == T.PH_REGISTER:
            simfaces.face_class(t.setup.game).flow_status(out, t.flow)
        elif t.phase == T.PH_OVER:
            out.append("Game over. ", style="bold")
            out.append("The final scorecard stays below; OK on the table: a new game.")
        else:
            self.face.status(out, t.d)
        return out

# ---------------------------------------------------------------- rules in words

def help_text():
    """The help screen's text: keys, what the board shows, the words of each game."""
    out = Text()
    out.append("Keys (the table's eight buttons)\n", style="bold")
    out.append(KEY_HELP + "\n\n")
    out.append("The board\n", style="bold")
    out.append("1 2 3 ...  golfers, bold in their player's colour (12: golfers 1 and 2)\n")
    out.append("T1 G1      the tee box and the green of hole 1\n")
    for kind, (style, glyph) in sorted(render.PALETTE.items()):
        if glyph.strip() and kind not in (terrain.TEE, terrain.GREEN):
            out.append(glyph, style=style)
            out.append("  %s   " % terrain.NAMES[kind])
    for name in games.names():
        words = simfaces.face_class(name).WORDS
        if words:
            out.append("\n\nWords of %s\n" % games.get(name).title, style="bold")
        for word, meaning in words:
            out.append(word, style="bold")
            out.append(": %s\n" % meaning)
    return out

def deck_reach(shots):
    """``{deck: (fewest, most)}`` hexes the flights of each shot deck cover."""
    out = {}
    for deck, pile in shots.items():
        # (the Solo Chaos Golf cards travel with the decks: they have no flights)
        flights = [len(path) for shot in pile if hasattr(shot, "outcomes")
                   for path, _rough in shot.outcomes]
        if flights:
            out[deck] = (min(flights), max(flights))
    return out


def club_reach(club, reach):
    """A club's decks and range in words: ``deck 2 or 3 (2-5 hexes)``, ``3 hexes straight``."""
    if club.kind != "draw":
        return "%d hexes straight (rough: %d)" % (club.distance, club.rough_distance)
    spans = [reach[d] for d in club.decks if d in reach]
    text = "deck " + " or ".join(club.decks)
    if spans:
        lo, hi = min(a for a, _b in spans), max(b for _a, b in spans)
        text += " (%s hexes)" % (lo if lo == hi else "%d-%d" % (lo, hi))
    if club.count > 1:
        text += ", draws %d" % club.count
    return text + (", tee box only" if club.tee_only else "")


# ---------------------------------------------------------------- drawing


def board_text(sim):
    """The board as a rich Text: every cell a two-character block in its LED's colour,
    odd rows one character east; golfers numbered in bold, tee boxes and greens
    ``T1`` and ``G1`` by hole (``BOARD_LEGEND``), hazards marked with the glyphs of
    ``render.PALETTE``."""
    t = sim.table
    p = sim.profile
    crs = t.course
    labels = {}
    if crs is not None:
        for n in range(1, crs.hole_count + 1):
            _par, tq, tr, gq, gr = crs.hole(n)
            # (from hole 10 the number alone fills the two characters)
            labels[(tq, tr)] = (("T%d" if n < 10 else "%d") % n, False)
            labels[(gq, gr)] = (("G%d" if n < 10 else "%d") % n, False)
        v = t.view
        seats = {}
        for s in range(v.seats):
            for cell in (v.golfer[s], v.partner[s]):  # (a team's second golfer: Chaos Teams)
                if cell >= 0:
                    seats.setdefault(cell, []).append(str(s + 1))
        for cell, names in seats.items():
            labels[hexgrid.cell_at(cell, crs.width)] = ("".join(names[:2]), True)
    text = Text(no_wrap=True, overflow="ignore")
    for row in range(p.height):
        if row:
            text.append("\n")
        if row & 1:
            text.append(" ")
        for col in range(p.width):
            rgb = sim.cell_rgb(col, row)
            bg = Color.from_rgb(*rgb)
            mark = labels.get(hexgrid.from_offset(col, row))
            if mark is not None:
                text.append(mark[0][:2].rjust(2),
                            style=Style(color=Color.from_rgb(*_contrast(rgb)), bgcolor=bg,
                                        bold=mark[1]))
                continue
            glyph = "  "
            if crs is not None and col < crs.width and row < crs.height:
                glyph = render.PALETTE[crs.terrain_at(col, row)][1]
            fg = Color.from_rgb(*_blend(rgb, _contrast(rgb)))
            text.append(glyph, style=Style(color=fg, bgcolor=bg))
    return text


BOARD_LEGEND = "1 2 golfers \u00b7 T1 G1 tee, green \u00b7 ? help"


def board_title(sim):
    """Course name (or the game's layout), and the hole being played: the face's words
    (18 Holes: and the round) when ``sim`` has one, else the game's ``records`` progress."""
    t = sim.table
    title = t.course.name if t.course is not None else "no course"
    g = t.game
    if g is not None and not g.over:
        face = getattr(sim, "face", None)
        if face is not None and face.game is g:
            title += face.title()
        else:
            progress = games.load(t.game_name).records.progress(g)
            title += " \u00b7 hole %d" % progress[0]
    return title


def oled_text(sim):
    """The OLED's lines, 16 x 8, or a note on a profile without one."""
    lines = sim.oled()
    if lines is None:
        return Text("no display on this\nprofile: the LED\nprompt strip asks", style="dim")
    return Text("\n".join(line.ljust(COLS) for line in lines[:ROWS]), no_wrap=True)


def standings_text(sim):
    """The standings in a few short lines (the compact layout's side panel)."""
    if sim.face is None:
        return Text("No game yet.", style="dim")
    return sim.face.standings_text()


def scorecard_view(sim):
    """The scorecard of the game being played or last played (the game's face draws it:
    a row per player, a column per hole; at the end the final card with the winners)."""
    if sim.face is None:
        return Text("No game yet: set one up on the table (its display asks).", style="dim")
    return sim.face.scorecard()


# ---------------------------------------------------------------- screens


class Modal(ModalScreen):
    """A screen over the table that answers once (:meth:`answer`)."""

    def answer(self, result):
        """Dismiss with ``result``. A quick double Enter (or Escape) sends a second
        answer before the screen has gone: only the first one counts."""
        if self.is_current:
            self.dismiss(result)

    def action_answer(self, result):
        self.answer(result)


class CardPicker(Modal):
    """Lay a club card on the reader: every card, grouped by who holds it.

    Type to narrow the list (a club name, its initiative or its id; the input
    suggests completions, Right accepts one), Up/Down to move, Enter to lay the
    highlighted card, Escape to put the cards away. Dismisses with
    ``(club, seat)`` or None.

    ``tagged``: the module of another set of tagged pieces (``presenters.TAG_SETS``,
    :meth:`LiveTable.tagged`): the picker lays its pieces instead (``kind``: their
    simulated tags'), named as its ``label`` names them; a group may bring a heading of
    its own, a fourth item.
    """

    BINDINGS = [
        Binding("escape", "cancel", "put the cards away"),
        Binding("up", "move(-1)", show=False),
        Binding("down", "move(1)", show=False),
    ]

    def __init__(self, clubs, groups=(), reach=None, tagged=None):
        super().__init__()
        self.tagged = tagged
        self.kind = CLUB_KIND if tagged is None else tagged.DEMO_KIND
        self.clubs = clubs if tagged is None else tagged.pieces()
        self.noun = "club card" if tagged is None else tagged.NOUN
        self.groups = list(groups)
        self.reach = reach or {}
        names = []
        for c in self.clubs:
            names += [self.label(c), c.id]
        self.suggester = SuggestFromList(names, case_sensitive=False)

    def label(self, piece):
        """How the list names a piece: :func:`card_label`, or its set's ``label``."""
        return card_label(piece) if self.tagged is None else self.tagged.label(piece)

    def compose(self) -> ComposeResult:
        with Vertical(id="picker"):
            yield Label("Lay a %s on the reader" % self.noun, id="picker-title")
            yield Input(placeholder="type a %s name or id%s" % (
                            self.noun.split()[0], ", initiative" if self.tagged is None else ""),
                        id="picker-input", suggester=self.suggester)
            yield OptionList(id="picker-list")
            yield Label("Enter: lay it   \u2191\u2193: choose   Esc: cancel", classes="dim")

    def show(self, groups):
        """Offer the cards as ``groups`` (:meth:`LiveTable.card_groups`), nothing typed yet."""
        self.groups = list(groups)
        if self.is_mounted:
            self._reset()

    def on_mount(self):
        self._reset()

    def _reset(self):
        field = self.query_one(Input)
        field.value = ""
        self._fill("")
        field.focus()

    def matches(self, typed):
        """The ``(seat, club, played)`` entries whose label or id contains ``typed``."""
        words = typed.lower().split()
        out = []
        for group in self.groups:
            seat, hand, played = group[:3]
            for c in list(hand) + list(played):
                club = self.clubs[c]
                hay = "%s %s" % (self.label(club).lower(), club.id)
                if all(w in hay for w in words):
                    out.append((seat, c, c in played))
        return out

    def _heading(self, seat):
        # A group's own heading, else who holds it (or the box).
        for group in self.groups:
            if group[0] == seat and len(group) > 3:
                return Text(group[3], style="bold")
        head = Text()
        if seat >= 0:
            head.append("\u25cf ", style=player_style(seat))
            head.append_text(player_label(seat))
            head.append(" holds", style="dim")
        else:
            head.append("Card box (in no hand)" if self.tagged is None
                        else "The rest of the set", style="bold")
        return head

    def _fill(self, typed):
        ol = self.query_one(OptionList)
        ol.clear_options()
        options = []
        last = None
        for seat, c, played in self.matches(typed):
            if seat != last:
                last = seat
                options.append(Option(self._heading(seat), disabled=True))
            label = Text("   " + self.label(self.clubs[c]))
            if self.tagged is None:
                label.append("  " + club_reach(self.clubs[c], self.reach), style="dim")
            if played:
                label.append("  played", style="dim italic")
            options.append(Option(label, id="%d:%d" % (c, seat)))
        ol.add_options(options)
        for i, o in enumerate(options):
            if not o.disabled:
                ol.highlighted = i
                break

    def on_input_changed(self, event):
        self._fill(event.value)

    def on_input_submitted(self, event):
        ol = self.query_one(OptionList)
        option = ol.highlighted_option
        if option is not None and not option.disabled:
            self._pick(option.id)

    def on_option_list_option_selected(self, event):
        self._pick(event.option.id)

    def _pick(self, key):
        club, seat = key.split(":")
        self.answer((int(club), int(seat)))

    def action_move(self, step):
        ol = self.query_one(OptionList)
        if step < 0:
            ol.action_cursor_up()
        else:
            ol.action_cursor_down()

    def action_cancel(self):
        self.answer(None)


class QuitScreen(Modal):
    """Asks before leaving the simulator; dismisses with True to quit."""

    BINDINGS = [Binding("y", "answer(True)"), Binding("enter", "answer(True)"),
                Binding("n", "answer(False)"), Binding("escape", "answer(False)"),
                Binding("q", "answer(True)")]

    def __init__(self, kept=False):
        super().__init__()
        self.kept = kept

    def compose(self) -> ComposeResult:
        with Vertical(id="quit"):
            yield Label("Quit the simulator? %s\n\ny / Enter / q: quit     n / Esc: play on"
                        % ("A game in progress is kept, as a table keeps it when switched "
                           "off: teebox sim carries on with it." if self.kept
                           else "The game is not kept."))


class HelpScreen(Modal):
    """``?``: the keys, the board's legend and the words of the game; any of Escape,
    ``?``, ``q`` or Enter closes it."""

    BINDINGS = [Binding(key, "answer(None)", show=False)
                for key in ("escape", HELP_KEY, "q", "enter")]

    def compose(self) -> ComposeResult:
        with Vertical(id="help"):
            with VerticalScroll():
                yield Static(help_text(), id="help-text")
            yield Label("\u2191\u2193: scroll   Esc ? q Enter: back to the table", classes="dim")

    def on_mount(self):
        self.query_one(VerticalScroll).focus()   # the arrow keys scroll it


class ScorecardScreen(Modal):
    """``t``: the whole scorecard over the table (the compact layout has no room for
    it); Escape, ``t``, ``q`` or Enter closes it."""

    BINDINGS = [Binding(key, "answer(None)", show=False)
                for key in ("escape", SCORE_KEY, "q", "enter")]

    def __init__(self, card):
        super().__init__()
        self.card = card

    def compose(self) -> ComposeResult:
        with Vertical(id="card"):
            with VerticalScroll():
                yield Static(self.card)
            yield Label("\u2191\u2193: scroll   Esc t q Enter: back to the table", classes="dim")

    def on_mount(self):
        self.query_one(VerticalScroll).focus()


class TableScreen(Screen):
    """The table: board, OLED, what the table waits for, scorecard, keys."""

    BINDINGS: ClassVar[list] = (
        [Binding(key, "button('%s')" % name, show=False) for key, name in DIRECTION_KEYS]
        + [Binding(key, "button('OK')", show=False) for key in OK_KEYS]
        + [Binding(key, "button('OK', True)", show=False) for key in LONG_OK_KEYS]
        + [Binding(key, "button('BACK')", show=False) for key in BACK_KEYS]
        + [Binding(key, "button('BACK', True)", show=False) for key in LONG_BACK_KEYS]
        + [Binding(CARD_KEY, "cards", show=False), Binding(QUIT_KEY, "quit_asked", show=False),
           Binding(HELP_KEY, "help", show=False), Binding(SCORE_KEY, "scorecard", show=False)]
    )

    def compose(self) -> ComposeResult:
        with Horizontal(id="top"):
            yield Static(id="board")
            with Vertical(id="side"):
                with Horizontal(id="panel"):
                    yield Static(id="oled")
                    yield Static(Text(KEY_HELP), id="keys")
                yield Static(id="status")
                yield Static(id="standings")
        yield Static(id="scorecard")
        yield Static(id="status-low")
        yield Static(Text(KEY_LINE), id="keyline")
        yield Static(id="too-small")

    def on_resize(self, event):
        w, h = event.size.width, event.size.height
        self.set_class(w < WIDE[0] or h < WIDE[1], "compact")
        self.set_class(w < SMALLEST[0] or h < SMALLEST[1], "tiny")
        self.panels["too-small"].update(
            "Make the terminal at least %dx%d to play the table (it is %dx%d now)."
            % (SMALLEST + (w, h)))
        self._shown.clear()   # the panels shown changed: draw them afresh
        self.app.redraw()

    def on_mount(self):
        self.panels = dict((w.id, w) for w in self.query(Static))
        self._shown = {}   # panel -> what it was last drawn from
        self.panels["board"].border_subtitle = BOARD_LEGEND
        self.panels["oled"].border_title = "OLED"
        self.panels["scorecard"].border_title = "Scorecard"
        self.panels["status"].border_title = "The table waits for"
        self.panels["status-low"].border_title = "The table waits for"
        self.panels["standings"].border_title = "Standings \u00b7 t: card"
        self.panels["keys"].border_title = "Buttons"
        self.app.start(self)

    def draw(self, sim):
        """Draw the board, OLED, status and scorecard from the simulated hardware
        (each panel only when what it shows changed: the terminal gets little to do)."""
        v = sim.table.view
        self._show("board", (bytes(sim.hw.leds.frame), bytes(v.golfer), v.seats,
                             sim.table.course), lambda: board_text(sim))
        title = board_title(sim)
        if self.panels["board"].border_title != title:
            self.panels["board"].border_title = title
        legend = (sim.face and sim.face.LEGEND) or BOARD_LEGEND  # (a course: the setup's)
        if self.panels["board"].border_subtitle != legend:
            self.panels["board"].border_subtitle = legend
        self._show("oled", sim.oled(), lambda: oled_text(sim))
        status = sim.status()
        if sim.events:
            status.append("\n\nLast: " + "; ".join(sim.events), style="dim")
        compact = self.has_class("compact")
        self._show("status-low" if compact else "status", status, lambda: status)
        cards = uses_cards(sim)
        self._show("keyline" if compact else "keys", cards,
                   lambda: Text((key_line if compact else key_help)(cards)))
        key = sim.face and sim.face.key()
        if compact:
            self._show("standings", key, lambda: standings_text(sim))
        else:
            self._show("scorecard", key, lambda: scorecard_view(sim))

    def _show(self, panel, key, content):
        # Redraw ``panel`` with ``content()`` when ``key`` (what it depends on) changed.
        if self._shown.get(panel, self) != key:
            self._shown[panel] = key
            self.panels[panel].update(content())

    def action_button(self, name, long=False):
        self.app.sim.press(B.button_named(name), long)

    def action_cards(self):
        sim = self.app.sim
        if not uses_cards(sim):
            self.app.bell()  # a game played without cards: nothing to lay
            return
        tagged = sim.tagged()
        if tagged is None:
            picker = self.app.picker
            picker.show(sim.card_groups())
        else:  # (another set's pieces: a picker of their own, made afresh)
            picker = CardPicker(sim.clubs, sim.card_groups(), tagged=tagged)
        self.app.push_screen(picker, lambda picked: self.app.card_picked(picked, picker.kind))

    def action_help(self):
        self.app.push_screen(HelpScreen())

    def action_scorecard(self):
        self.app.push_screen(ScorecardScreen(scorecard_view(self.app.sim)))

    def action_quit_asked(self):
        kept = isinstance(self.app.sim.hw.store, FileStore)
        self.app.push_screen(QuitScreen(kept), self.app.quit_answered)


class SimApp(App):
    """The simulator: ``sim`` (a :class:`LiveTable`) in the terminal.

    ``realtime`` False: no timer drives the loop (tests step ``sim`` and call
    :meth:`redraw`). ``fps``: frames a second when it does. ``now``: the real clock in
    seconds (tests pass one they move by hand).
    """

    TITLE = "Teebox simulator"
    CSS = """
    #top { height: auto; }
    #board { width: 53; height: 18; border: round $secondary; background: #000000;
             padding: 0 1; }
    #side { width: 1fr; height: 18; }
    #panel { height: 10; }
    #oled { width: 20; height: 10; border: heavy #3a6ea5; background: #000000;
            color: #8fd8ff; padding: 0 1; }
    #keys { width: 1fr; height: 10; min-width: 32; border: round $secondary; padding: 0 1; }
    #status { height: 1fr; padding: 0 1; border: round $secondary; }
    #scorecard { height: auto; min-height: 5; border: round $secondary; padding: 0 1; }
    #picker { width: 60; height: 80%; border: thick $accent; background: $surface;
              padding: 0 1; }
    #picker-list { height: 1fr; }
    #quit { width: 50; height: auto; border: thick $error; background: $surface;
            padding: 1 2; }
    #keyline { display: none; height: auto; padding: 0 1; color: $text-muted; }
    #standings, #status-low, #too-small { display: none; }
    .compact #keys, .compact #status, .compact #scorecard { display: none; }
    .compact #keyline, .compact #standings { display: block; }
    .compact #standings { height: 1fr; border: round $secondary; padding: 0 1; }
    .compact #status-low { display: block; height: 1fr; min-height: 3; overflow-y: auto;
                           border-top: round $secondary; padding: 0 1; }
    .tiny #top, .tiny #status-low, .tiny #keyline, .tiny #scorecard { display: none; }
    .tiny #too-small { display: block; padding: 1 2; }
    #card { width: 95%; height: 95%; border: thick $accent;
            background: $surface; padding: 0 1; }
    #help { width: 90%; max-width: 100; height: 90%; border: thick $accent;
            background: $surface; padding: 0 1; }
    CardPicker, QuitScreen, HelpScreen, ScorecardScreen { align: center middle; }
    .dim { color: $text-muted; }
    """
    BINDINGS = [Binding("ctrl+c", "quit", "quit", priority=True, show=False)]

    def __init__(self, sim, realtime=True, fps=FPS, now=time.monotonic):
        App.__init__(self)
        self.sim = sim
        self.now = now
        self.realtime = realtime
        self.fps = fps
        self._start = None
        self._sim_start = 0
        self.picker = CardPicker(sim.clubs, reach=sim.reach)   # one, kept: it opens at once

    def get_default_screen(self):
        self.table_screen = TableScreen()
        return self.table_screen

    def start(self, screen):
        """Draw the first frame and, in real time, start the timer that runs the table
        (owned by the table screen: it stops with it)."""
        self.install_screen(self.picker, "cards")
        self.redraw()
        if self.realtime:
            self._start = self.now()
            self._sim_start = self.sim.clock.ticks_ms()
            screen.set_interval(1 / self.fps, self.tick)

    def tick(self):
        """One timer tick: bring the simulation up to real time, then redraw."""
        ms = int((self.now() - self._start) * 1000)
        self._sim_start -= self.sim.catch_up(self.sim.clock.ticks_add(self._sim_start, ms))
        self.redraw()

    def redraw(self):
        """Draw the table screen from the simulated hardware now."""
        self.table_screen.draw(self.sim)

    def card_picked(self, picked, kind=CLUB_KIND):
        """The picker's answer: lay that card (a piece of the set of ``kind``) on its
        holder's reader."""
        if picked is None:
            return
        club, seat = picked
        if seat < 0:
            seat = self.sim.table.prompt.seat
        self.sim.lay(club, seat, kind)

    def quit_answered(self, yes):
        """The quit question's answer."""
        if yes:
            self.exit()


def run(profile=None, seed=None, mode=None, course=None, players=None, hands=None,
        blank_cards=False, store=None, game=None, options=None):
    """Play the table in the terminal until the player quits; returns the app's exit
    code (not 0: it crashed).

    ``profile``: a board profile (default: the repository's default); ``seed``: the first
    game's shuffle (None: random); ``game``, ``mode``, ``course``, ``players``, ``hands``,
    ``options`` (the game's, ``{name: value}``): if any is given, the table's setup is
    answered with them (the rest default: the first
    game and its first mode, starter, 2 players, first-game hands) and waits at its
    "Start?" question; ``blank_cards``: a
    board that has not learned the club cards yet; ``store``: the folder of the simulated
    board's flash store (None: in memory). A game in progress there is resumed, as a
    board resumes it after a power cut, and the setup answers are not used then.
    ValueError names a bad option.
    """
    flash = None
    if store is not None:
        try:
            flash = FileStore(str(store))
            flash.recover()
        except OSError as exc:
            raise ValueError("--store %s: the simulated board's flash store cannot be kept "
                             "there (%s)" % (store, exc.strerror or exc)) from None
    sim = LiveTable(profile, seed, blank_cards, flash)
    if sim.table.game is not None:
        sim.events.append("the game in progress was resumed")
    elif (game, mode, course, players, hands, options) != (None,) * 6:
        sim.prefill(mode, course or sf.DEFAULT_COURSE, players, hands,
                    game, options)
    app = SimApp(sim)
    try:
        app.run()
    finally:
        # Whatever ended the app, the choices made so far are on the store.
        sim.loop.journal.flush()
    return app.return_code or 0
