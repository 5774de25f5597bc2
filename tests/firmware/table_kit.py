# Shared helpers for the table tests: a table on simulated parts, a driver that plays
# script lines straight into a Table, and the autoplayer that turns bot decisions into
# the button presses and card scans the table's UI needs. Runs under CPython and inside
# MicroPython (plain functions and classes, no pytest features).
import json

import engine_kit
import fake_hardware
from teebox import profile as profile_mod
from teebox.app import board, script
from teebox.app import setup_flow as sf
from teebox.app.bindings import Bindings
from teebox.app.presenters.holes18 import tags as club_tags
from teebox.app.loop import Loop
from teebox.app.table import Table
from teebox.app.view import FLASH_NONE, FLASH_REFUSED, View
from teebox.hal import buttons as B
from teebox.hal.clock import SimClock
from teebox.hal.display import SimDisplay
from teebox.hal.store import SimStore
from teebox import shipped

CLUBS = shipped.load_default_clubs()
SHOTS = shipped.load_default_shots()
_EXTRA_CS = (21, 22, 26, 27)  # chip-selects of readers for seats 1-4 (seat 0 has GP17)


def table_profile(readers=1, display=True):
    """The default Pico profile with ``readers`` card readers (one per seat) and an OLED
    or none."""
    d = fake_hardware.profile_dict()
    for seat in range(1, readers):
        e = dict(d["readers"][0])
        e["seat"] = seat
        e["cs"] = _EXTRA_CS[seat - 1]
        d["readers"].append(e)
    if not display:
        d["display"] = None
    return profile_mod.load(json.dumps(d))


def sim_app(readers=1, display=True, learned=True):
    """A main loop over simulated hardware, its card bindings learned (demo tags) unless
    ``learned`` is False."""
    hw = board.build(table_profile(readers, display), sim=True)
    if learned:
        Bindings(hw.store, CLUBS, club_tags).bind_demo_tags()
    p = hw.profile
    table = Table(hw.clock, View(p.width * p.height), hw.display, hw.store, p.width, p.height,
                  clubs=CLUBS, shots=SHOTS, seat_readers=hw.seat_readers)
    return Loop(hw, table)


def started_app(seed=3, game=None, loop=None):
    """A :func:`sim_app` (or ``loop``) in a game begun from the start menu by pressing OK
    until it starts (however many steps the setup has): ``game`` (a registry name; None:
    the default game), its default mode and course, waiting for the first choice."""
    loop = sim_app() if loop is None else loop
    run = script.Runner(loop)
    run.step(script.parse_line("seed %d" % seed, 1, CLUBS))
    for _ in range(20):
        if loop.table.game is not None:
            return loop
        s = loop.table.setup
        while game is not None and s.step == sf.S_GAME and s.games[s.game_index].name != game:
            run.step(script.parse_line("press E", 1, CLUBS))
        run.step(script.parse_line("press OK", 1, CLUBS))
    raise AssertionError("no game began after 20 presses of OK from the start menu")


class Courses:
    """A fixed set of courses for a Table: ``Courses(name, course, ...)``."""

    changes = 0  # a fixed set never changes

    def __init__(self, *pairs):
        self._by_name = {}
        for i in range(0, len(pairs), 2):
            self._by_name[pairs[i]] = pairs[i + 1]

    def names(self):
        return sorted(self._by_name)

    def load(self, name):
        return self._by_name[name]


def new_table(display=None, learned=True, seat_readers=False, store=None, led_prompts=None,
              courses=None):
    """A Table on a SimClock, a SimDisplay (or ``display``) and a SimStore, without a loop."""
    store = store if store is not None else SimStore()
    if learned:
        Bindings(store, CLUBS, club_tags).bind_demo_tags()
    return Table(SimClock(), View(24 * 16), display if display is not None else SimDisplay(),
                 store, clubs=CLUBS, shots=SHOTS, courses=courses, seat_readers=seat_readers,
                 led_prompts=led_prompts)


# A small course for turn tests. The tee (2,3) has water NE and NW, a tree W, a bunker SE,
# rough SW (four hexes SW leave the board) and the green three hexes straight E.
POND = (
    "rrrrrrrrrr",
    "rrrrrrrrrr",
    "rrwwffrrrr",
    ".tTffGffrr",
    "rrrbrrrrrr",
    "rrrrrrrrrr",
    "rrrrrrrrrr",
)


def pond():
    """The POND course (one par-3 hole)."""
    return engine_kit.make_course(POND, [(3, (2, 3), (5, 3))], "Pond")


def game_table(crs=None, mode="match", players=2, tops=None, seed=1, hands="first-game",
               display=None, seat_readers=False, led_prompts=None):
    """A table whose setup was walked through with the buttons (and bags scanned): the
    game on course ``crs`` (default POND) is waiting for its first club selection.
    ``tops`` stacks the shot decks (``engine_kit.StackRng``). Returns (table, driver)."""
    t = new_table(display, seat_readers=seat_readers, led_prompts=led_prompts,
                  courses=Courses("test", crs if crs is not None else pond()))
    t.rng = engine_kit.StackRng(seed, tops or {})
    auto = autoplayer(mode, "test", players, hands, seed, seat_readers=seat_readers)
    d = Direct(t)
    while t.game is None:
        for text in auto.next_lines(t):
            d.line(text)
    return t, d


def scan(table, club_id, seat=None):
    """Lay club ``club_id``'s card (demo tag) on the reader (``seat``'s, if given)."""
    table.handle_scan(seat, script.card_uid(table, script.CLUB_PREFIX + club_id))


def lines(driver, *texts):
    """Play script lines on a Direct driver."""
    for text in texts:
        driver.line(text)


def land(table, ms=3000):
    """Let ``ms`` pass (a flight lands, its flash starts)."""
    table.clock.advance(ms)
    table.tick(table.clock.ticks_ms())


def refused(table, act):
    """Assert that ``act()`` blinks red and leaves the game exactly as it was (state and
    inputs): what the table does with a card or a button it cannot take."""
    digest = table.game.state_digest()
    inputs = len(table.game.inputs)
    table.view.flash = FLASH_NONE
    act()
    assert table.view.flash == FLASH_REFUSED
    assert table.game.state_digest() == digest and len(table.game.inputs) == inputs


def screen(table):
    """The display's lines as one text."""
    return "\n".join(table.display.lines)


def words(table):
    """The display's text with its lines joined by spaces (checks that ignore wrapping)."""
    return " ".join([ln for ln in table.display.lines if ln])


class Direct:
    """Plays script lines straight into a Table: button events and scans, no loop.

    A press is PRESS + RELEASE, a hold PRESS + LONG + RELEASE, a scan one
    handle_scan + handle_removed; ``wait`` advances the clock and ticks.
    """

    def __init__(self, table):
        self.table = table
        self.lines = 0

    def line(self, text):
        """Play one script line."""
        self.lines += 1
        st = script.parse_line(text, self.lines, CLUBS)
        if st is not None:
            self.step(st)

    def step(self, st):
        """Play one parsed step."""
        t = self.table
        op, arg, extra, _line = st
        if op == script.OP_PRESS:
            for _ in range(extra):
                t.handle_button(B.event(arg, B.PRESS))
                t.handle_button(B.event(arg, B.RELEASE))
        elif op == script.OP_HOLD:
            for kind in (B.PRESS, B.LONG, B.RELEASE):
                t.handle_button(B.event(arg, kind))
        elif op == script.OP_SCAN or op == script.OP_PLACE:
            seat = extra if extra >= 0 else None
            uid = script.card_uid(t, arg)
            t.handle_scan(seat, uid)
            if op == script.OP_SCAN:
                t.handle_removed(seat, uid)
        elif op == script.OP_WAIT:
            t.clock.advance(arg)
            t.tick(t.clock.ticks_ms())
        elif op == script.OP_SEED:
            t.seed = arg


def autoplayer(mode="match", course="starter", players=2, hands="first-game", seed=1,
               bot_seed=0, seat_readers=False):
    """The translator from bot decisions to UI lines (``script.Autoplayer``) for the kit's
    cards."""
    return script.Autoplayer(CLUBS, mode, course, players, hands, seed, bot_seed, seat_readers)


def golfers_to_choose(rows, holes, seed):
    """A two-player Match Play table on the course ``rows``/``holes`` (named "test"), set
    up for golfer cards chosen at the table and bags scanned after a physical draft,
    at the golfer deal; its driver and its script player (``seed``)."""
    from teebox.app.presenters.holes18 import BAG
    t = new_table(courses=Courses("test", engine_kit.make_course(rows, holes)))
    d = Direct(t)
    auto = autoplayer("match", "test", 2, hands=BAG, seed=seed)
    auto.options["golfers"] = "chosen"
    while t.flow is t.setup:
        for text in auto.next_lines(t):
            d.line(text)
    return t, d, auto


def play_until(t, d, auto, done, seen=None, limit=4000):
    """The script player's (``auto``'s) choices, pressed and scanned through the table
    ``t`` by the driver ``d``, until ``done()``; every screen shown goes into ``seen``."""
    auto.inputs = len(t.game.inputs)
    for _ in range(limit):
        if done():
            return
        for text in auto.next_lines(t):
            d.line(text)
            if seen is not None:
                seen.append(words(t))
        auto.check(t)
    raise AssertionError("never came: " + words(t))


autoplay = script.autoplay


def runner_player(loop):
    """A ``play_line`` for :func:`autoplay` that plays through simulated hardware."""
    run = script.Runner(loop)
    count = [0]

    def play(text):
        count[0] += 1
        st = script.parse_line(text, count[0], CLUBS)
        if st is not None:
            run.step(st)
    return play


def record_inputs(table):
    """Hook a list onto the table's ``inputs`` hook; returns the list it fills."""
    got = []
    table.inputs = lambda seat, choice: got.append((seat, choice))
    return got


def replay_standings(table, inputs):
    """The standings the engine reaches replaying ``inputs`` from the table's game setup
    (a fresh Game: what the table's own game must end with)."""
    from teebox.core.holes18 import engine
    g = table.game
    again = engine.Game(g.course, CLUBS, SHOTS, g.setup)
    for seat, choice in inputs:
        again.apply(choice, seat)
    assert again.over, "the replayed game is not over"
    return again.standings()
