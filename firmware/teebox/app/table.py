"""The table: the state machine players drive with buttons and club-card scans.

The main loop (``app/loop.py``) feeds it every button event
(``handle_button``), every card laid on or lifted off a reader
(``handle_scan`` / ``handle_removed``) and the time (``tick``). The table
talks to the rules only through the engine's public calls (``pending``,
``choices``, ``apply``, ``preview``, the outputs) and shows what happens by
writing the :class:`~teebox.app.view.View` (read by the renderer every frame),
the display text and its :class:`~teebox.app.setup_flow.Prompt` (the
LED-only form, drawn by the loop).

Phases: setting up (``setup_flow.SetupFlow``), learning cards
(``CardLearning``), registering bags (``BagRegistration``), playing, and the
final standings. ``docs/table-guide.md`` lists every prompt and what every
button does in each.

Seats the players marked as bots in setup play by themselves
(``core/bots.SensibleBot``): a bot lays its club in secret as soon as
selection opens (before anyone else can); every other decision of a bot is
shown (the preview) and taken :data:`BOT_MS` later, from ``tick``. A bot's choices go through the
same path as a person's (the ``inputs`` hook, the journal), so the game log
replays them like any other.

Per frame, ``tick`` with nothing happening allocates nothing; everything
else runs when a player acts.
"""

from teebox.app import setup_flow as sf
from teebox.app.bindings import Bindings
from teebox.app.renderer import FLIGHT_STEP_MS
from teebox.app.setup_flow import Prompt, player_label
from teebox.app.view import (
    FLASH_ACK, FLASH_BUNKER, FLASH_GREEN, FLASH_HOLE_IN_ONE, FLASH_NONE, FLASH_OUT,
    FLASH_REFUSED, FLASH_WATER, MARK_GREEN, MARK_HAZARD, MARK_OUT, MARK_PLAIN, MARK_TREE,
    MAX_PATH)
from teebox.core import hexgrid, terrain
from teebox.core.holes18 import cards, engine
from teebox.core import course as course_mod
from teebox.core.hexgrid import DIR_NAMES
from teebox.core.holes18.protocol import (
    AIM, BIG_HIT, BUNKER, CHOOSE_ACTION, CHOOSE_CARD, CHOOSE_DECK, CHOOSE_OUTCOME, DECK,
    DECLARE_DIRECTION, DECLINE, DISCARD, DISCARD_FOR_HITTER, EXIT_BUNKER, FOLLOW_SPECIAL,
    GAME_OVER, GREEN, HIT_DIRECTION, KEEP, MOVE, OUT_FLIGHT, OUT_HAND_RESET, OUT_HOLE_IN_ONE,
    OUT_LONGEST_DRIVE, OUT_MISS_TURN, OUT_MOVE, OUT_NEXT_HOLE, OUT_NO_SHOT, OUT_OF_BOUNDS,
    OUT_ORDER, OUT_PENALTY, OUT_SCORED, OUTCOME, PLAY, RESET, SELECT, SELECT_CLUB, STABLEFORD,
    STOP, STROKES, WATER)
from teebox.hal.buttons import BACK, LONG, OK, PRESS, RELEASE
from teebox.hal.display import NullDisplay
from teebox import shipped

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

# Phases
PH_SETUP = const(0)
PH_LEARN = const(1)
PH_REGISTER = const(2)
PH_PLAY = const(3)
PH_OVER = const(4)
PH_NEW_COURSE = const(5)  # making a new course (start menu, "New course")
NEW_COURSE_PREFIX = "gen-"  # a kept new course's name: this and its content hash

FLASH_MS = const(700)        # how long a flash (ack, refusal, hazard) lasts
ORDER_STEP_MS = const(500)   # the play order: one golfer blinks after another
COURSE_SETTLE_MS = const(300)  # a course looked at this long is loaded and shown
BOT_MS = const(600)          # a bot's decision is shown this long (after any flight) first
# The question code of an extra turn's club selection (Chaos Golf): SELECT_CLUB's code
# would not tell a player without a display that BACK may decline it.
CODE_EXTRA_TURN = const(12)

# Actions on the CHOOSE_ACTION menu, in the order holding OK steps through them
# (the LED-only strip shows the slot: 1 play, 2 big hit, 3 exit bunker, 4 reset).
ACTIONS = (PLAY, BIG_HIT, EXIT_BUNKER, RESET)
ACTION_LABELS = ("Play club", "Big hit", "Exit bunker", "Reset hand")

# Decisions answered with a direction button (no option list).
_DIRECTION_KINDS = (DECLARE_DIRECTION, HIT_DIRECTION)
# Decisions answered from an option list (right/left to step, OK to confirm).
_LIST_KINDS = (CHOOSE_DECK, FOLLOW_SPECIAL, DISCARD_FOR_HITTER, CHOOSE_CARD, CHOOSE_OUTCOME)
# The flash of each landing outcome (protocol NORMAL ... GREEN). When several things
# happen at once the higher flash number wins: hole-in-one, green, out, bunker, water.
_OUTCOME_FLASH = (FLASH_NONE, FLASH_WATER, FLASH_BUNKER, FLASH_OUT, FLASH_GREEN)


def _entropy(clock):
    """A seed for a new game: the chip's random source, else the time the players took."""
    try:
        import os
        return int.from_bytes(os.urandom(3), "little")
    except (ImportError, AttributeError, NotImplementedError):
        return clock.ticks_ms() & 0xFFFFFF


def shot_text(shot):
    """A shot card as the display shows it: ``"SSL"``, ``"wild 3"``, ``"super>4"``."""
    if shot.special == cards.SUPER or shot.special == cards.SHORT:
        return "%s>%s" % (cards.SPECIAL_NAMES[shot.special], shot.special_deck)
    if shot.special == cards.SHUFFLE:
        return "shuffle"
    if not shot.outcomes:
        return "-"
    if len(shot.outcomes) > 1:
        return "wild %d" % len(shot.outcomes)
    return shot.outcomes[0][0]


def deck_name(i):
    """A shot deck as the display names it: ``"chip deck"`` or ``"deck 3"``."""
    d = cards.DECKS[i]
    return "chip deck" if d == "C" else "deck " + d


class BuiltinCourses:
    """The courses a board offers when nothing else is given: the firmware's built-in ones.

    Anything with the same two methods and a ``changes`` count (it moves when the list
    does) can stand in (``app/courses_store.CourseStore`` also offers the courses
    installed on the board).
    """

    changes = 0  # never changes: built-in courses come with the firmware

    def __init__(self, width=course_mod.BOARD_WIDTH, height=course_mod.BOARD_HEIGHT):
        self.width = width
        self.height = height

    def names(self):
        """The course names, sorted."""
        return shipped.builtin_names()

    def load(self, name):
        """The Course called ``name``."""
        return shipped.load_builtin(name, self.width, self.height)


class Table:
    """One table: setup, card learning, bag registration, play, final standings.

    * ``clock``: a ``hal.clock`` clock (flash and animation times);
    * ``view``: the :class:`~teebox.app.view.View` the renderer draws (as many
      cells as the board has);
    * ``display``: a ``hal.display`` display (``NullDisplay`` when none);
    * ``store``: the board's ``hal.store`` store (card bindings live there);
    * ``width``, ``height``: the board's grid (courses must fit it);
    * ``clubs``, ``shots``: card data (default: the shipped files);
    * ``courses``: where the courses come from, an object with ``names()`` and
      ``load(name)`` (default: :class:`BuiltinCourses`);
    * ``seat_readers``: True when each seat has its own reader (the reader's
      seat then also says whose card it is); ``reader_seats``: those readers'
      profile seats, for the players to choose where they sit (setup step 4;
      by default player N sits at seat N);
    * ``led_prompts``: draw the LED-only prompt forms (default: only when the
      display is a ``NullDisplay``).

    Hooks: ``inputs`` is called with ``(seat, choice)`` after every choice
    the engine accepted (the game journal); ``on_start`` with the new
    ``Game`` and the keywords ``seats`` (each player's reader seat,
    ``SetupFlow.seats_of_players``) and ``bots`` (bytes: 1 for each bot);
    ``on_quit`` when the players quit a game; ``on_selftest`` when they choose
    "Check wiring" on the start menu (the loop runs ``app/selftest.py``). ``seed`` (None: random) fixes the next game's shuffle; ``rng``
    (None: ``Rng(seed)``) hands the next game an Rng-like object instead, as
    ``engine.Game`` allows (tests stack the shot decks with it).
    """

    def __init__(self, clock, view, display, store, width=course_mod.BOARD_WIDTH,
                 height=course_mod.BOARD_HEIGHT, clubs=None, shots=None, courses=None,
                 seat_readers=False, led_prompts=None, reader_seats=()):
        self.clock = clock
        self.view = view
        self.display = display
        self.width = width
        self.height = height
        self.clubs = clubs if clubs is not None else shipped.load_default_clubs()
        self.shots = shots if shots is not None else shipped.load_default_shots()
        self.seat_readers = seat_readers
        if led_prompts is None:
            led_prompts = isinstance(display, NullDisplay)
        self.led_prompts = led_prompts
        self.inputs = None
        self.on_start = None
        self.on_quit = None
        self.on_selftest = None
        self.seed = None
        self.rng = None
        self.bindings = Bindings(store, self.clubs)
        self.courses = courses if courses is not None else BuiltinCourses(width, height)
        learned, needed = self._learned()
        self._course_changes = self.courses.changes
        self.setup = sf.SetupFlow(self.courses.names(), learned, needed,
                                  reader_seats if seat_readers else ())
        self.flow = self.setup
        self.phase = PH_SETUP
        self.game = None
        self.course = None
        self.now = clock.ticks_ms()
        self.display_dirty = False
        self._said = None
        self.note = ""           # what just happened (shown under the prompt)
        self.alert = ""          # why the last card or button was refused (shown first)
        self._play_prompt = Prompt()
        self._held = bytearray(2)  # OK, BACK: 1 once this press became a long one
        self._quit = False
        self._choices = {}       # shared choice tuples (see _shared)
        self._owner = bytearray(len(self.clubs))
        self._course_name = ""
        self._want = ""          # course looked at in setup, loaded once it settles
        self._want_since = 0
        self._landing = False     # a flight is in the air: golfers move and flash when it lands
        self._land_at = 0
        self._flash = FLASH_NONE
        self._flash_seat = -1
        self._flash_cell = -1
        self._order = b""         # play order being shown, one golfer after another
        self._order_start = 0
        self._order_step = -1
        self._path = [0] * MAX_PATH
        self._marks = bytearray(MAX_PATH)
        self._bot = b""           # per seat of the game in play: 1 for a bot
        self._bot_next = None     # (seat, choice) a bot is about to take, at self._bot_at
        self._bot_at = 0
        self._clear_choice()
        self._first_course()
        if self.bindings.problems:
            # Cards whose line was damaged (or whose club left the card data) must be
            # learned again; say so once, at the start menu.
            self.alert = "%d learned card%s could not be read: learn again" % (
                len(self.bindings.problems), "" if len(self.bindings.problems) == 1 else "s")
        self._refresh()

    # ------------------------------------------------------------ public state

    @property
    def prompt(self):
        """The :class:`Prompt` being asked now (display and LED-only forms)."""
        if self.phase == PH_PLAY or self.phase == PH_OVER:
            return self._play_prompt
        return self.flow.prompt

    def options(self):
        """The choices the buttons step through now (a list of choice tuples)."""
        return self.opts

    def selected(self):
        """The choice OK would confirm now, or None."""
        if 0 <= self.sel < len(self.opts):
            return self.opts[self.sel]
        return self.choice

    # ------------------------------------------------------------ inputs

    def handle_button(self, ev):
        """One button event (``hal.buttons`` encoding: ``button << 2 | kind``).

        OK and BACK act when they are let go (a short press) or once they have
        been held (a long press: OK's "more"; BACK during a game offers to quit
        it), never both for one press; the direction buttons act when pressed.
        """
        b = ev >> 2
        kind = ev & 3
        if kind != RELEASE:
            self.alert = ""
        if b == OK or b == BACK:
            i = b - OK
            if kind == PRESS:
                self._held[i] = 0
            elif kind == LONG:
                self._held[i] = 1
                if b == OK:
                    self._intent(self._on_more)
                elif self.phase == PH_PLAY:
                    self._quit = True
                    self._show_decision()
            elif not self._held[i]:  # let go before it became a long press
                self._intent(self._on_ok if b == OK else self._on_back)
            return
        if kind == PRESS:
            self._direction(b)

    def handle_scan(self, seat, uid):
        """A card laid on a reader. ``seat`` is the reader's seat with one reader per
        seat, else None (then the card alone tells whose it is)."""
        self.alert = ""
        if seat is not None:
            seat = self.setup.player_at(seat)  # the player at that reader, -1: nobody
        if self.phase == PH_PLAY:
            if seat is not None and seat < 0:
                self._refuse("nobody sits at that reader")
                return
            self._scan_in_play(seat, bytes(uid))
        elif self.phase == PH_OVER:
            self._refuse("the game is over: OK starts a new one")
        else:
            self._flow_result(self.flow.on_scan(seat, bytes(uid)))

    def handle_removed(self, seat, uid):
        """A card lifted off a reader: nothing changes (a chosen club stays chosen
        until the reveal, so one reader can serve every player in turn)."""

    def tick(self, now):
        """Advance animations to ``now`` (ms); allocates nothing when nothing happens."""
        self.now = now
        clock = self.clock  # (calls, not bound methods kept in locals: those allocate)
        if self._landing and clock.ticks_diff(now, self._land_at) >= 0:
            self._land()
        if self._order:
            step = clock.ticks_diff(now, self._order_start) // ORDER_STEP_MS
            if step != self._order_step:
                self._order_step = step
                if step < len(self._order):
                    seat = self._order[step]
                    self.view.start_flash(FLASH_ACK, seat, self.view.golfer[seat],
                                          clock.ticks_add(now, ORDER_STEP_MS - 100))
                else:
                    self._order = b""
        if (self._bot_next is not None and not self._landing and not self._quit
                and clock.ticks_diff(now, self._bot_at) >= 0):
            self._bot_act()
        if self._want and clock.ticks_diff(now, self._want_since) >= COURSE_SETTLE_MS:
            self._load_course(self._want)
        if self.courses.changes != self._course_changes:
            self._courses_changed()

    # ------------------------------------------------------------ flows

    def _intent(self, method):
        if self.phase == PH_PLAY or self.phase == PH_OVER:
            if not self._for_bot():
                method()
        else:
            self._flow_result(method())

    def _direction(self, d):
        if self.phase == PH_PLAY or self.phase == PH_OVER:
            if not self._for_bot():
                self._play_dir(d)
        else:
            self._flow_result(self.flow.on_dir(d))

    def _on_ok(self):
        if self.phase == PH_PLAY:
            return self._play_ok()
        if self.phase == PH_OVER:
            return self._to_setup()
        return self.flow.on_ok()

    def _on_more(self):
        if self.phase == PH_PLAY:
            return self._play_more()
        if self.phase == PH_OVER:
            return None
        return self.flow.on_more()

    def _on_back(self):
        if self.phase == PH_PLAY:
            return self._play_back()
        if self.phase == PH_OVER:
            return None
        return self.flow.on_back()

    def _flow_result(self, r):
        if r == sf.R_ACK:
            self._flash_now(FLASH_ACK, self.flow.prompt.seat)
        elif r == sf.R_REFUSED:
            self.alert = getattr(self.flow, "why", "")  # (the setup says why; the others show it)
            self._flash_now(FLASH_REFUSED, -1)
        elif r == sf.R_LEARN:
            self.flow = sf.CardLearning(self.bindings, self.clubs)
            self.phase = PH_LEARN
        elif r == sf.R_NEW_COURSE:
            self.flow = sf.NewCourse(_entropy(self.clock), self.width, self.height)
            self.phase = PH_NEW_COURSE
        elif r == sf.R_SELFTEST and self.on_selftest is not None:
            self.on_selftest()
        elif r == sf.R_EXIT:
            if self.phase == PH_REGISTER:
                self.flow = self.setup
                self.phase = PH_SETUP
            else:
                self._to_setup()
        elif r == sf.R_DONE:
            self._flow_done()
        if self.phase == PH_NEW_COURSE:
            self._preview_new_course()
        if self.phase == PH_SETUP:
            if self.setup.step == sf.S_COURSE:
                self._look_at(self.setup.course)
            elif self._want:
                self._load_course(self._want)  # moved on: show the chosen course now
        self._refresh()

    def _flow_done(self):
        if self.phase == PH_SETUP:
            # Setup answered: the chosen course must be the one loaded.
            if not self._load_course(self.setup.course):
                return
            if self.setup.hands == sf.BAG:
                self.flow = sf.BagRegistration(self.bindings, self.clubs, self.setup.players,
                                               self.seat_readers, self.setup.bot)
                self.phase = PH_REGISTER
            else:
                self._start_game(None)
        elif self.phase == PH_REGISTER:
            self._start_game(self.flow)
        elif self.phase == PH_NEW_COURSE:
            self._keep_new_course()

    def _to_setup(self):
        self.game = None
        self._quit = False
        self._bot_next = None
        self.view.seats = 0
        self.view.active = -1
        self._clear_view()
        self.setup.restart(*self._learned())
        self.flow = self.setup
        self.phase = PH_SETUP
        self._refresh()

    def redraw(self):
        """Show the prompt again (after the self-test had the display)."""
        self._said = None
        self._refresh()

    def fail(self, why):
        """Back to the start menu after something went wrong (in a frame, or resuming a
        game at power-on): ``why`` is shown first on the display and the LEDs flash the
        refusal. Unlike quitting, the game journal is not told: a game in progress stays
        on flash (it comes back at the next power-on), and so do the stored games."""
        self._landing = False
        self._order = b""
        self._to_setup()
        self._refuse(why)

    def _courses_changed(self):
        # A course was pushed or deleted over the link: the menu offers what is there now.
        self._course_changes = self.courses.changes
        self.setup.set_courses(self.courses.names())
        if self.phase == PH_SETUP:
            if self.setup.step == sf.S_COURSE:
                self._look_at(self.setup.course)
            self._refresh()

    def _learned(self):
        base = [c for c in range(len(self.clubs)) if not self.clubs[c].expansion]
        return len(base) - len(self.bindings.missing(base)), len(base)

    # ------------------------------------------------------------ courses

    def _look_at(self, name):
        if self.course is None or name != self._course_name:
            self._want = name
            self._want_since = self.now

    def _load_course(self, name):
        """Load and show course ``name``; False (the course shown stays) if it cannot be
        used on this board."""
        self._want = ""
        if self.course is not None and name == self._course_name:
            return True
        try:
            crs = self.courses.load(name)
        except (course_mod.CourseError, ValueError, OSError) as exc:
            self._refuse("course %s cannot be used: %s" % (name, exc))
            return False
        self.course = crs
        self._course_name = name
        self._clear_view()
        return True

    def _preview_new_course(self):
        # The new course on the LEDs while the players look at it; the setup's
        # course again when they go back to change the options.
        data = self.flow.data
        if data is None:
            if not self._course_name:
                self._load_course(self.setup.course)
            return
        if self._course_name or self.course is None or self.course.data != data:
            self.course = course_mod.load(data)
            self._course_name = ""  # not a stored course (yet)
            self._clear_view()

    def _keep_new_course(self):
        # Into the course store under its content hash (scores on it compare like any
        # course's), then on with the setup, the new course chosen.
        name = NEW_COURSE_PREFIX + self.course.hash_hex()
        if not hasattr(self.courses, "install"):
            self._refuse("this board cannot keep courses")
            return
        try:
            self.courses.install(name, self.flow.data)
        except (ValueError, OSError) as exc:
            self._refuse("the course cannot be kept: %s" % exc)
            return
        self._course_changes = self.courses.changes
        self.setup.set_courses(self.courses.names())
        self.setup.choose_course(name)
        self._course_name = name
        self.flow = self.setup
        self.phase = PH_SETUP

    def _first_course(self):
        # The setup's default course, else the first one that loads: something to show.
        names = self.setup.course_names
        start = self.setup.course_index
        for i in range(len(names)):
            k = (start + i) % len(names)
            if self._load_course(names[k]):
                self.setup.course_index = k
                self.alert = ""
                return
        raise ValueError("no course on this board fits its %d x %d grid"
                         % (self.width, self.height))

    def _cell(self, q, r):
        if hexgrid.in_grid(q, r, self.course.width, self.course.height):
            return hexgrid.cell_index(q, r, self.course.width)
        return -1

    # ------------------------------------------------------------ starting a game

    def _start_game(self, bags):
        # ``bags``: the BagRegistration after a physical draft, None for first-game hands.
        s = self.setup
        seed = self.seed if self.seed is not None else _entropy(self.clock)
        rng = self.rng
        self.seed = None
        self.rng = None
        hands = engine.FIRST_GAME if bags is None else bags.hands_with_bots(seed)
        g = engine.Game(self.course, self.clubs, self.shots,
                        engine.Setup(s.players, s.mode, seed, hands), rng)
        bot = bytes(s.bot[:s.players])
        self._play(g, bot)
        if self.on_start is not None:
            self.on_start(g, seats=s.seats_of_players(), bots=bot)
        self._outputs(g.initial_outputs)
        self._enter()

    def resume_game(self, game, seats, bots):
        """Carry on ``game``, rebuilt from the journal after a power cut
        (``gamejournal.resume``): the table shows it exactly as it stood, on its course,
        each player at the reader seat ``seats`` journalled, ``bots`` (1 per bot) playing
        on by themselves. ``on_start`` is not called: the journal already holds this game."""
        self.setup.sit_at(seats, bots)
        self.course = game.course
        self._course_name = ""
        self._play(game, bots)
        self._sync_view()
        self._enter()

    def is_bot(self, seat):
        """Whether ``seat`` (a seat of the game in play) is a bot."""
        return self._bot[seat] == 1

    def _play(self, g, bot):
        # Make ``g`` the table's game: who owns which club card, who is a bot, a clean view.
        self.game = g
        self._bot = bot
        for c in range(len(self._owner)):
            self._owner[c] = 0xFF
        for p in g.players:
            for c in p.hand:
                self._owner[c] = p.seat
            for c in p.discards:
                self._owner[c] = p.seat
            if p.chosen >= 0:
                self._owner[p.chosen] = p.seat
        self.phase = PH_PLAY
        self.note = ""
        self.view.seats = len(g.players)
        self._clear_view()

    # ------------------------------------------------------------ play: decisions

    def _clear_choice(self):
        self.opts = []
        self.sel = -1
        self.choice = None
        self.opt_seats = []

    def _enter(self):
        """Set the buttons up for whatever the engine waits for now."""
        g = self.game
        self.d = d = g.pending()
        self._quit = False
        self._clear_choice()
        self.view.clear_path()
        self.view.cursor = -1
        k = d.kind
        self.view.active = d.player
        if k == GAME_OVER:
            self.phase = PH_OVER
            self.view.active = -1
        elif k == SELECT_CLUB:
            # What OK (reset) and BACK (decline an extra turn) may offer, and for whom.
            for s in d.waiting:
                if self._bot[s]:
                    continue  # a bot takes its own offers
                legal = g.choices(s)
                for c in ((RESET,), (DECLINE,)):
                    if c in legal:
                        self.opts.append(c)
                        self.opt_seats.append(s)
        elif k == CHOOSE_ACTION:
            legal = g.choices()
            for v in ACTIONS:
                if (v,) in legal:
                    self.opts.append((v,))
            self.sel = self._default_action()
        elif k in _LIST_KINDS:
            self.opts = g.choices(d.players[0])
            self.sel = 0
        self._bot_plan()
        self._show_decision()

    def _bot_plan(self):
        """If a bot decides now: work its choice out, select it (the preview shows what
        it will do, as for a person) and time it for ``tick``."""
        g = self.game
        d = self.d
        k = d.kind
        self._bot_next = None
        seat = -1
        for s in d.waiting:  # (who decides now: one seat, or all still to choose)
            if self._bot[s]:
                seat = s
                break
        if seat < 0:
            return
        from teebox.core.holes18.bots import SensibleBot  # (loaded only once a bot plays)
        # Seeded by the game, the round, the decision and the seat, never by the clock, nor
        # by who chose before it: a game resumed after a power cut goes on as it would have.
        c = SensibleBot((((((g.setup.seed << 12) + g.round) << 4) + k) << 3) + seat).choose(g, seat)
        self._bot_next = (seat, c)
        if k == SELECT_CLUB and not d.extra:
            # Laid in secret as soon as selection opens: before anyone else can choose, so
            # the log is the same however fast the people are.
            self._bot_act()
            return
        if c[0] == MOVE or k in _DIRECTION_KINDS:
            self.choice = c
            self.sel = -1
        elif c in self.opts:
            self.sel = self.opts.index(c)
        self._bot_at = self.clock.ticks_add(self._land_at if self._landing else self.now, BOT_MS)

    def _bot_act(self):
        # The bot's planned choice, through the same path as a person's.
        seat, c = self._bot_next
        self._bot_next = None
        if c[0] == SELECT:
            self._chose(seat, self._shared(c))
        else:
            self._apply(c, seat)

    def _for_bot(self):
        # A bot decides now (not a club selection, where people lay theirs meanwhile):
        # buttons cannot act for it (but may still quit the game).
        if self._bot_next is not None and self.d.kind != SELECT_CLUB and not self._quit:
            self._refuse("%s is a bot: it plays by itself" % self._label(self._bot_next[0]))
            return True
        return False

    def _label(self, seat):
        return player_label(seat, self._bot[seat])

    def _default_action(self):
        # Playing the club is the usual action, so OK alone does it; in a bunker
        # without the Sand Wedge it is getting out (then the first action the rules
        # allow). A big hit or a reset must be picked on purpose.
        if self.opts and self.opts[0][0] in (PLAY, EXIT_BUNKER):
            return 0
        return -1

    def _acting(self):
        if self.opt_seats and self.sel >= 0:
            return self.opt_seats[self.sel]
        return self.d.players[0] if self.d.players else -1

    def _play_dir(self, d):
        if self.phase == PH_OVER or self._quit:
            return
        k = self.d.kind
        if k == CHOOSE_ACTION:
            if (MOVE, d) not in self.game.choices():
                self._refuse("no move %s from here" % DIR_NAMES[d])
                return
            self.sel = -1
            self.choice = (MOVE, d)
        elif k in _DIRECTION_KINDS:
            self.choice = (AIM, d)
        elif self.opts:
            if self.sel < 0:
                self.sel = 0
            else:
                self.sel = sf.step_index(self.sel, len(self.opts), d)
        else:
            return
        self._show_decision()

    def _play_more(self):
        if self._quit:
            return
        k = self.d.kind
        if k == CHOOSE_ACTION:
            actions = len(self.opts)
            if not actions:
                return
            self.choice = None
            self.sel = (self.sel + 1) % actions if self.sel >= 0 else 0
            self._show_decision()
        elif k not in _DIRECTION_KINDS:
            self._play_dir(hexgrid.E)  # holding OK: the next option

    def _play_ok(self):
        if self._quit:
            if self.on_quit is not None:
                self.on_quit()  # the journal lets the abandoned game go
            self._to_setup()
            return
        choice = self.selected()
        if choice is None:
            if self.d.kind == SELECT_CLUB and (RESET,) in self.opts:
                self.sel = 0  # the first OK shows the reset offer, the second takes it
                self._show_decision()
            elif self.d.kind == CHOOSE_ACTION:
                self._refuse(self._why_no_play())
            return
        self._apply(choice, self._acting())

    def _why_no_play(self):
        # OK alone plays the club, unless the rules forbid it here: why, and what instead.
        d = self.d
        club = self.clubs[d.club]
        why = "the %s cannot be played here" % club.name
        if not self.game.usable(d.player, d.club):
            why = "the %s plays from a tee box only" % club.name
        # (in the prompt's own words: "Hold OK: action", "Dir: move 1")
        ways = ["Hold OK: " + ACTION_LABELS[ACTIONS.index(c[0])].lower() for c in self.opts]
        if [c for c in self.game.choices() if c[0] == MOVE]:
            ways.append("Dir: move 1")
        return why + (". " + "; ".join(ways) if ways else "")

    def _play_back(self):
        if self._quit:
            self._quit = False
        else:
            k = self.d.kind
            self.choice = None
            if k == CHOOSE_ACTION:
                self.sel = self._default_action()
            elif k == SELECT_CLUB:
                # BACK says no to an offer shown; with none shown, it offers to decline
                # the extra turn (when one is offered).
                if self.sel < 0 and (DECLINE,) in self.opts:
                    self.sel = self.opts.index((DECLINE,))
                else:
                    self.sel = -1
            elif self.opts:
                self.sel = 0
        self._show_decision()

    def _shared(self, choice):
        # The engine keeps every input for the game log, so equal choices share one tuple:
        # a whole game then holds a few dozen choice tuples instead of one per input.
        key = (choice[0] << 8) | (choice[1] if len(choice) > 1 else 0xFF)
        got = self._choices.get(key)
        if got is None:
            self._choices[key] = got = choice
        return got

    def _apply(self, choice, seat):
        choice = self._shared(choice)
        try:
            outs = self.game.apply(choice, seat)
        except engine.IllegalMove as exc:
            self._refuse(str(exc))
            return
        if self.inputs is not None:
            self.inputs(seat, choice)
        self._order = b""
        self.note = ""
        self._outputs(outs)
        self._enter()

    def _scan_in_play(self, seat, uid):
        if seat is not None and self._bot[seat]:  # (nobody's reader was refused before)
            self._refuse("%s is a bot: its clubs stay in the box" % self._label(seat))
            return
        if self.d.kind != SELECT_CLUB:
            self._refuse("not now: clubs are chosen at the start of a round")
            return
        club = self.bindings.club_of(uid)
        if club < 0:
            self._refuse("unknown card")
            return
        owner = self._owner[club]
        name = self.clubs[club].name
        if owner == 0xFF:
            self._refuse("the %s is in no hand" % name)
            return
        if self._bot[owner]:
            self._refuse("the %s is a bot's (%s): it stays in the box" % (name, self._label(owner)))
            return
        if self.seat_readers and seat is not None and seat >= 0 and seat != owner:
            self._refuse("the %s is P%d's club" % (name, owner + 1))
            return
        if owner not in self.d.players:
            self._refuse("P%d sits this round out" % (owner + 1))
            return
        if self.game.players[owner].chosen == club:
            self._flash_now(FLASH_ACK, owner)  # the same card again: still chosen
            return
        self._chose(owner, self._shared((SELECT, club)))

    def _chose(self, seat, choice):
        # A club chosen in secret (a card laid, or a bot's pick): acknowledged in the
        # seat's colour, saying only who chose.
        try:
            outs = self.game.apply(choice, seat)
        except engine.IllegalMove as exc:
            self._refuse(str(exc))
            return
        if self.inputs is not None:
            self.inputs(seat, choice)
        self.note = "%s chose" % self._label(seat)
        self._flash_now(FLASH_ACK, seat)
        self._outputs(outs)
        self._enter()

    # ------------------------------------------------------------ play: what happened

    def _outputs(self, outs):
        """Show the engine's outputs: flights, flashes, golfers, tokens, a note."""
        if self._landing:
            self._land()  # the ball before this one lands now
        best = FLASH_NONE
        seat = -1
        cell = -1
        delay = 0
        for o in outs:
            k = o[0]
            kind = FLASH_NONE
            at = -1
            if k == OUT_FLIGHT:
                path = o[2]
                n = min(len(path), MAX_PATH)
                for i in range(n):
                    self._path[i] = self._cell(path[i][0], path[i][1])
                self.view.start_flight(o[1], self._path, n, self.now)
                delay = n * FLIGHT_STEP_MS
                kind = _OUTCOME_FLASH[o[4]]
                # Out of bounds leaves the golfer where it was: flash where the ball left.
                at = self._path[n - 1] if o[4] == OUT_OF_BOUNDS and n else self._cell(*o[3])
                self._note_outcome(o[1], o[4])
            elif k == OUT_MOVE:
                kind = _OUTCOME_FLASH[o[3]]
                at = self._cell(*o[2])
                self._note_outcome(o[1], o[3])
            elif k == OUT_HOLE_IN_ONE:
                kind = FLASH_HOLE_IN_ONE
                self.note = "P%d HOLE IN ONE" % (o[1] + 1)
            elif k == OUT_MISS_TURN:
                self.note = "P%d misses turn" % (o[1] + 1)
            elif k == OUT_PENALTY:
                self.note = "P%d penalty" % (o[1] + 1)
            elif k == OUT_HAND_RESET:
                self.note = "P%d hand reset" % (o[1] + 1)
            elif k == OUT_LONGEST_DRIVE:
                self.note = "P%d longest drive" % (o[1] + 1)
            elif k == OUT_NO_SHOT:
                self.note = "P%d: no card left" % (o[1] + 1)
            elif k == OUT_SCORED and o[3] != STROKES and o[3] != STABLEFORD:
                self.note = "P%d scores %d" % (o[1] + 1, o[4])
            elif k == OUT_NEXT_HOLE and self.game.mode.name != "chaos":
                self.note = "Hole %d" % o[2]  # (Chaos Golf holes have no order)
            elif k == OUT_ORDER:
                self._order = bytes(o[1])
                self._order_start = self.now
                self._order_step = -1
                self.note = "Order: " + " ".join(["P%d" % (s + 1) for s in o[1]])
            if kind > best:
                best = kind
                seat = o[1]
                cell = at
        self._flash = best
        self._flash_seat = seat
        self._flash_cell = cell
        # Golfers move, and the flash shows, when the ball lands (see tick).
        self._landing = True
        self._land_at = self.clock.ticks_add(self.now, delay)
        if not delay:
            self._land()

    def _land(self):
        self._landing = False
        if self._flash != FLASH_NONE:
            self.view.start_flash(self._flash, self._flash_seat, self._flash_cell,
                                  self.clock.ticks_add(self.now, FLASH_MS))
            self._flash = FLASH_NONE
        if self.game is not None:
            self._sync_view()

    def _note_outcome(self, seat, outcome):
        if outcome == OUT_OF_BOUNDS:
            self.note = "P%d out of bounds" % (seat + 1)
        elif outcome == WATER:
            self.note = "P%d in the water" % (seat + 1)
        elif outcome == BUNKER:
            self.note = "P%d in a bunker" % (seat + 1)
        elif outcome == GREEN:
            self.note = "P%d on the green" % (seat + 1)

    def _sync_view(self):
        g = self.game
        v = self.view
        for p in g.players:
            v.golfer[p.seat] = self._cell(p.q, p.r)
        mode = g.mode
        if mode.name == "chaos":
            for h in range(1, self.course.hole_count + 1):
                par, tq, tr, gq, gr = self.course.hole(h)
                c = self._cell(gq, gr)
                if c >= 0:
                    v.tokens[c] = 5 * mode.five[h] + 2 * mode.two[h]

    def _clear_view(self):
        v = self.view
        for i in range(len(v.golfer)):
            v.golfer[i] = -1
        for i in range(len(v.tokens)):
            v.tokens[i] = 0
        v.clear_path()
        v.cursor = -1
        v.flight_len = 0

    # ------------------------------------------------------------ play: preview

    def _preview(self):
        """Light what the selected choice would do: the path, its hazards, the landing."""
        g = self.game
        v = self.view
        v.clear_path()
        v.cursor = -1
        c = self.selected()
        k = self.d.kind
        if c is None or k == SELECT_CLUB:
            return None
        res = None
        p = g.players[self.d.player] if self.d.player >= 0 else None
        if c[0] == MOVE or (c[0] == AIM and k == HIT_DIRECTION) or c[0] == OUTCOME:
            res = g.preview(c, self._acting())
        elif c[0] == AIM:
            # Declared before the draw: the direction itself, two cells for a chip.
            steps = 1 if self.d.action == EXIT_BUNKER else cards.CHIP_STEPS
            hexes = hexgrid.straight(p.q, p.r, c[1], steps)
            n = 0
            for h in hexes:
                cell = self._cell(h[0], h[1])
                if cell >= 0:
                    self._path[n] = cell
                    self._marks[n] = MARK_PLAIN
                    n += 1
            v.set_path(self._path, self._marks, n)
            v.cursor = self._path[0] if n else -1
            return None
        elif c[0] == KEEP or c[0] == DISCARD:
            shot = self.d.piles[c[1]][-1]
            if self.game.shot_list[shot].outcomes:
                d = self.d.declared if self.d.declared >= 0 else self._toward_green(p)
                res = g.simulate_shot(shot, 0, d)
        if res is not None:
            self._light(res, p)
        return res

    def _light(self, res, p):
        path, land, outcome, hit_tree = res
        n = min(len(path), MAX_PATH)
        eff = self.game.effects
        for i in range(n):
            h = path[i]
            self._path[i] = self._cell(h[0], h[1])
            landing = eff.landing(self.course.terrain(h[0], h[1]))
            self._marks[i] = MARK_HAZARD if landing == WATER or landing == BUNKER else MARK_PLAIN
        if outcome == OUT_OF_BOUNDS and n == 0:
            self._path[0] = self._cell(p.q, p.r)
            n = 1
        if n:
            last = n - 1
            if outcome == OUT_OF_BOUNDS:
                self._marks[last] = MARK_OUT
            elif outcome == GREEN:
                self._marks[last] = MARK_GREEN
            elif hit_tree:
                self._marks[last] = MARK_TREE
        self.view.set_path(self._path, self._marks, n)
        if self.selected()[0] == MOVE:
            self.view.cursor = self._cell(land[0], land[1])

    def _toward_green(self, p):
        """The direction whose neighbour is nearest the player's target green."""
        g = self.game
        holes = g.mode.targets(g, p)
        if not holes:
            return 0
        best = 0
        far = -1
        for d in range(6):
            q, r = hexgrid.neighbour(p.q, p.r, d)
            near = -1
            for h in holes:
                hole = self.course.hole(h)
                dist = hexgrid.distance(q, r, hole[3], hole[4])
                if near < 0 or dist < near:
                    near = dist
            if far < 0 or near < far:
                far = near
                best = d
        return best

    # ------------------------------------------------------------ play: prompts

    def _show_decision(self):
        """Write the display form and the LED-only form of the decision now."""
        g = self.game
        d = self.d
        pr = self._play_prompt
        k = d.kind
        res = self._preview() if k != GAME_OVER else None
        who = self._label(d.player) if d.player >= 0 else ""
        if self._quit:
            pr.set("Quit this game?\nOK: quit\nBACK: play on", 0, -1, 1, 0)
        elif k == GAME_OVER:
            lines = ["Game over"]
            order = []
            for place, seat, score, hio in g.standings():
                lines.append("%d. P%d %d%s" % (place, seat + 1, score, " *" * hio))
                order.append(seat)
            lines.append("OK: new game")
            pr.set("\n".join(lines), k, -1, 0, -1, bytes(order))
        elif k == SELECT_CLUB:
            waiting = " ".join(["P%d" % (s + 1) for s in d.waiting])
            if g.mode.name == "chaos":
                head = "Round %d" % g.round  # Chaos Golf plays the holes in any order
            else:
                head = "Hole %d round %d" % (g.players[d.players[0]].hole, g.round)
            code = CODE_EXTRA_TURN if d.extra else k
            if self.sel >= 0:
                s = self.opt_seats[self.sel]
                if self.opts[self.sel][0] == DECLINE:
                    ask = "Skip %s\nextra turn?\nOK: skip" % self._label(s)
                else:
                    ask = "Reset %s\nhand? (a club\ncan't be used)\nOK: reset" % self._label(s)
                pr.set("%s\n%s\nBACK: no" % (head, ask), code, s, len(self.opts), self.sel)
            else:
                offer = "\nOK: reset offer" if (RESET,) in self.opts else ""
                if (DECLINE,) in self.opts:
                    offer += "\nBACK: skip it"
                what = "Extra turn" if d.extra else "Waiting"
                pr.set("%s\nLay your club\non the reader\n%s:\n%s%s"
                       % (head, what, waiting, offer), code, -1, 0, -1, bytes(d.waiting))
        elif k == CHOOSE_ACTION:
            club = self.clubs[d.club]
            c = self.selected()
            if c is None:
                what = "Pick: dir/hold"
            elif c[0] == MOVE:
                what = "Move %s" % DIR_NAMES[c[1]]
            else:
                what = ACTION_LABELS[ACTIONS.index(c[0])]
            slot = ACTIONS.index(c[0]) if c is not None and c[0] != MOVE else -1
            pr.set("%s turn\n%s (%d)\n> %s%s\nDir: move 1\nHold OK: action\nOK: do it"
                   % (who, club.name, club.initiative, what, self._landing_text(res)),
                   k, d.player, len(ACTIONS), slot)
        elif k in _DIRECTION_KINDS:
            c = self.choice
            if k == HIT_DIRECTION:
                ask = "Aim %s" % (shot_text(g.shot_list[d.shot]) if d.shot >= 0
                                   else self.clubs[d.club].name)
            elif d.action == EXIT_BUNKER:
                ask = "Exit bunker to?"
            else:
                ask = "Chip: say where"
            aim = ("> %s%s" % (DIR_NAMES[c[1]], self._landing_text(res))) if c else "> pick a dir"
            pr.set("%s\n%s\n%s\nOK: confirm\nBACK: undo" % (who, ask, aim), k, d.player)
        else:
            seat = d.players[0]
            pr.set("%s\n%s\n> %s%s\n</>: other\nOK: confirm"
                   % (self._label(seat), self._list_title(k),
                      self._option_text(self.opts[self.sel]), self._landing_text(res)),
                   k, seat, len(self.opts), self.sel)
        text = pr.text
        if self.note and not self._quit:
            text = text + "\n" + self.note
        self._say(text)

    def _list_title(self, k):
        d = self.d
        if k == CHOOSE_DECK:
            return "Which deck?"
        if k == FOLLOW_SPECIAL:
            return "Follow a card?"
        if k == DISCARD_FOR_HITTER:
            return "Throw away one\nof P%d's cards" % (d.player + 1)
        if k == CHOOSE_CARD:
            return "Play which card?"
        return "Which way? (wild)"

    def _option_text(self, c):
        v = c[0]
        if v == STOP:
            return "Stop, play"
        if v == DECK:
            return deck_name(c[1])
        if v == OUTCOME:
            return "way %d: %s" % (c[1] + 1, self.game.shot_list[self.d.shot].outcomes[c[1]][0])
        shot = self.game.shot_list[self.d.piles[c[1]][-1]]
        return "%d: %s" % (c[1] + 1, shot_text(shot))

    def _landing_text(self, res):
        if res is None:
            return ""
        kind = self.course.terrain(res[1][0], res[1][1])
        if res[2] == OUT_OF_BOUNDS:
            return "\n=out of bounds"
        if res[2] == GREEN:
            return "\n=the green!"
        if res[3]:
            return "\n=tree, %s" % terrain.NAMES[kind]
        return "\n=%s" % terrain.NAMES[kind]

    # ------------------------------------------------------------ output helpers

    def _refuse(self, why):
        self.alert = why
        self._flash_now(FLASH_REFUSED, -1)
        self._refresh()

    def _flash_now(self, kind, seat):
        self.view.start_flash(kind, seat, -1, self.clock.ticks_add(self.now, FLASH_MS))

    def _refresh(self):
        if self.phase == PH_PLAY or self.phase == PH_OVER:
            self._show_decision()
        else:
            self._say(self.flow.prompt.text)

    def _say(self, text):
        if self.alert:
            text = "NO: " + self.alert + "\n" + text  # why it was refused comes first
        if text != self._said:
            self._said = text
            self.display.message(text)
            self.display_dirty = True
