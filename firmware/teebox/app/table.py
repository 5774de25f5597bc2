"""The table: the state machine players drive with buttons and cards, the same for
every game.

The main loop (``app/loop.py``) feeds it every button event
(``handle_button``), every card laid on or lifted off a reader
(``handle_scan`` / ``handle_removed``) and the time (``tick``). The table
talks to the rules only through the face every game has
(``teebox.core.contract``: ``pending``, ``choices``, ``apply``, the outputs),
and shows the game through the game's presenter (``app/presenters/``, found by
the game's registry name and imported only once that game is played): the
presenter writes the :class:`~teebox.app.view.View` (read by the renderer every
frame), the display text and the LED-only :class:`~teebox.app.setup_flow.Prompt`.

Phases: setting up (``setup_flow.SetupFlow``), learning cards
(``card_learning.CardLearning``), a flow the game asks for before it starts (18
Holes' bag registration), playing, and the final standings. ``docs/table-guide.md``
lists every prompt and what every button does in each.

Seats the players marked as bots in setup play by themselves (the presenter
says what a bot chooses): a bot's decision is shown and taken :data:`BOT_MS`
later, from ``tick`` (or at once when the presenter says so). A bot's choices
go through the same path as a person's (the ``inputs`` hook, the journal), so
the game log replays them like any other.

Per frame, ``tick`` with nothing happening allocates nothing; everything
else runs when a player acts.
"""

from teebox.app import presenters
from teebox.app import setup_flow as sf
from teebox.app.setup_flow import Prompt
from teebox.app.table_cards import CardKeeper
from teebox.app.table_courses import BuiltinCourses, CourseKeeper
from teebox.app.table_play import BOT_MS, PH_OVER, PlayKeeper  # noqa: F401 (BOT_MS: also found here)
from teebox.app.view import FLASH_ACK, FLASH_REFUSED
from teebox.core import course as course_mod
from teebox.hal.buttons import BACK, LONG, OK, PRESS, RELEASE
from teebox.hal.display import NullDisplay
from teebox.shipped import CARD_MODULES

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

# Phases
PH_SETUP = const(0)
PH_LEARN = const(1)
PH_REGISTER = const(2)   # a flow the game asks for before it starts (bag registration)
PH_PLAY = const(3)
# PH_OVER (4), the final standings, is table_play's: a game ends there.
PH_NEW_COURSE = const(5)  # making a new course (start menu, "New course")

FLASH_MS = const(700)        # how long a flash (ack, refusal) lasts


def _entropy(clock):
    """A seed for a new game: the chip's random source, else the time the players took."""
    try:
        import os
        return int.from_bytes(os.urandom(3), "little")
    except (ImportError, AttributeError, NotImplementedError):
        return clock.ticks_ms() & 0xFFFFFF


class Table(CardKeeper, CourseKeeper, PlayKeeper):
    """One table: setup, card learning, the game's own flows, play, final standings.

    * ``clock``: a ``hal.clock`` clock (flash and animation times);
    * ``view``: the :class:`~teebox.app.view.View` the renderer draws (as many
      cells as the board has);
    * ``display``: a ``hal.display`` display (``NullDisplay`` when none);
    * ``store``: the board's ``hal.store`` store (card bindings live there);
    * ``width``, ``height``: the board's grid (courses must fit it);
    * ``clubs``, ``shots``: card data (default: the shipped files, read only when a
      game or card learning asks for them, ``app/table_cards.py``);
    * ``courses``: where the courses come from, an object with ``names()`` and
      ``load(name)`` (default: :class:`~teebox.app.table_courses.BuiltinCourses`);
    * ``seat_readers``: True when each seat has its own reader (the reader's
      seat then also says whose card it is); ``reader_seats``: those readers'
      profile seats, for the players to choose where they sit (the seats step;
      by default player N sits at seat N);
    * ``led_prompts``: draw the LED-only prompt forms (default: only when the
      display is a ``NullDisplay``).

    Hooks: ``inputs`` is called with ``(seat, choice)`` after every choice
    the rules accepted (the game journal); ``on_start`` with the new game and
    the keywords ``seats`` (each player's reader seat,
    ``SetupFlow.seats_of_players``), ``bots`` (bytes: 1 for each bot) and
    ``game_name`` (its registry name); ``on_quit`` when the players quit a
    game; ``on_selftest`` when they choose "Check wiring" on the start menu (the
    loop runs ``app/selftest.py``). ``seed`` (None: random) fixes the next game's
    shuffle; ``rng`` (None: ``Rng(seed)``) hands the next game an Rng-like object
    instead (tests stack the cards with it).

    ``shed`` (set by ``main.py`` on the board) makes the table let go of the code of
    the games not in play and of its tools (``teebox.app.presenters.unload``): when a game
    begins, every other game's code goes; back at the start menu, all of it (the next
    game imports its own again), so the heap holds the table shell and one game.

    While a game is played, ``game`` is its rules object, ``game_name`` its
    registry name, ``presenter`` its presenter, ``d`` the decision pending, and
    ``opts`` / ``sel`` / ``choice`` / ``opt_seats`` what the buttons choose from.
    """

    def __init__(self, clock, view, display, store, width=course_mod.BOARD_WIDTH,
                 height=course_mod.BOARD_HEIGHT, clubs=None, shots=None, courses=None,
                 seat_readers=False, led_prompts=None, reader_seats=()):
        self.clock = clock
        self.view = view
        self.display = display
        self.width = width
        self.height = height
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
        self.courses = courses if courses is not None else BuiltinCourses(width, height)
        self.setup = sf.SetupFlow(self.courses.names(), reader_seats=reader_seats
                                  if seat_readers else ())
        self.setup.title_of = self.course_title  # (a kept new course by its own name)
        self.flow = self.setup
        self.phase = PH_SETUP
        self.game = None
        self.game_name = ""
        self.presenter = None
        self._presenters = {}    # registry name: presenter, made on first use
        self.shed = False        # let go of other games' and tools' code (see _shed)
        self.now = clock.ticks_ms()
        self.display_dirty = False
        self._said = None
        self.note = ""           # what just happened (shown under the prompt)
        self.alert = ""          # why the last card or button was refused (shown first)
        self.play_prompt = Prompt()
        self._held = bytearray(2)  # OK, BACK: 1 once this press became a long one
        self._quit = False
        self._choices = {}       # shared choice tuples (see shared)
        self._bot = b""           # per seat of the game in play: 1 for a bot
        self._bot_next = None     # (seat, choice) a bot is about to take, at self._bot_at
        self._bot_at = 0
        self.d = None
        self._clear_choice()
        self.init_courses()
        self._init_cards(store, clubs, shots)
        self.refresh()

    # ------------------------------------------------------------ public state

    @property
    def prompt(self):
        """The :class:`Prompt` being asked now (display and LED-only forms)."""
        if self.phase == PH_PLAY or self.phase == PH_OVER:
            return self.play_prompt
        return self.flow.prompt

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
                    self.show_decision()
            elif not self._held[i]:  # let go before it became a long press
                self._intent(self._on_ok if b == OK else self._on_back)
            elif b == OK and self.phase == PH_PLAY and hasattr(self.presenter, "on_let_go"):
                self.presenter.on_let_go()  # let go after a hold: what it showed is hidden
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
                self.refuse("nobody sits at that reader")
                return
            self.presenter.on_scan(seat, bytes(uid))
        elif self.phase == PH_OVER:
            self.refuse("the game is over: OK starts a new one")
        else:
            self._flow_result(self.flow.on_scan(seat, bytes(uid)))

    def handle_removed(self, seat, uid):
        """A card lifted off a reader: nothing changes (a chosen card stays chosen
        until the rules take it, so one reader can serve every player in turn)."""

    def tick(self, now):
        """Advance animations to ``now`` (ms); allocates nothing when nothing happens."""
        self.now = now
        pr = self.presenter
        if pr is not None:
            pr.tick(now)
            if self._bot_next is not None and not self._quit and pr.busy_until() is None \
                    and self.clock.ticks_diff(now, self._bot_at) >= 0:
                self._bot_act()
        self.tick_courses(now)

    # ------------------------------------------------------------ flows

    def _intent(self, method):
        if self.phase == PH_PLAY or self.phase == PH_OVER:
            if not self._for_bot():
                method()
        else:
            self._flow_result(method())

    def _direction(self, d):
        if self.phase == PH_PLAY:
            if not self._for_bot() and not self._quit:
                self.presenter.on_dir(d)
        elif self.phase != PH_OVER:
            self._flow_result(self.flow.on_dir(d))

    def _on_ok(self):
        if self.phase == PH_PLAY:
            if self._quit:
                if self.on_quit is not None:
                    self.on_quit()  # the journal lets the abandoned game go
                self._to_setup()
            else:
                self.presenter.on_ok()
            return None
        if self.phase == PH_OVER:
            return self._to_setup()
        return self.flow.on_ok()

    def _on_more(self):
        if self.phase == PH_PLAY:
            if not self._quit:
                self.presenter.on_more()
            return None
        if self.phase == PH_OVER:
            return None
        return self.flow.on_more()

    def _on_back(self):
        if self.phase == PH_PLAY:
            if self._quit:
                self._quit = False
            else:
                self.presenter.on_back()
            self.show_decision()
            return None
        if self.phase == PH_OVER:
            return None
        return self.flow.on_back()

    def _flow_result(self, r):
        if r == sf.R_ACK:
            self.flash_now(FLASH_ACK, self.flow.prompt.seat)
        elif r == sf.R_REFUSED:
            self.alert = getattr(self.flow, "why", "")  # (the setup says why; the others show it)
            self.flash_now(FLASH_REFUSED, -1)
        elif r == sf.R_LEARN:
            from teebox.app.card_learning import CardLearning  # (only when chosen)
            self.flow = CardLearning(self.bindings)
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
            self.preview_new_course()
        if self.phase == PH_SETUP:
            self.follow_setup()
            if self.setup.step == sf.S_CONFIRM:  # the last check: what the game adds to it
                self.setup.confirm_note(self._presenter_of(self.setup.game).setup_note())
        self.refresh()

    def _flow_done(self):
        if self.phase == PH_SETUP:
            pr = self._presenter(self.setup.game)
            flow = pr.flow(self.setup)  # (None: it cannot start; it said why)
            if flow:
                self.flow = flow
                self.phase = PH_REGISTER
            elif flow is not None:
                self._start_game(None)
        elif self.phase == PH_REGISTER:
            self._start_game(self.flow)
        elif self.phase == PH_NEW_COURSE and self.keep_new_course():
            self.flow = self.setup
            self.phase = PH_SETUP
            self._shed(None)  # the generator is done

    def _presenter_of(self, name):
        # The presenter of game ``name``, made on first use (its game is chosen).
        pr = self._presenters.get(name)
        if pr is None:
            pr = self._presenters[name] = presenters.load(name)(self)
        return pr

    def _presenter(self, name):
        self._shed(name)
        pr = self._presenter_of(name)
        self.presenter = pr
        self.game_name = name
        return pr

    def _to_setup(self):
        if self.presenter is not None:
            self.presenter.leave()
        self.game = None
        self.presenter = None
        self.d = None  # (the game's last decision: its classes would keep its code)
        self._clear_choice()
        self._shed(None)
        self._quit = False
        self._bot_next = None
        self.view.seats = 0
        self.view.active = -1
        self.clear_view()
        self.setup.restart(*self.card_count())
        self.flow = self.setup
        self.phase = PH_SETUP
        if self.course_name != self.setup.course:
            self.load_course(self.setup.course)  # (a game may have shown its own layout)
        self.refresh()

    def _shed(self, game):
        # With ``shed`` on (the board: ``main.py``), let go of the code of every game
        # but ``game`` (None: all of them), of their presenters and of the tools
        # (``games.TOOLS``): MicroPython keeps every module it imported, and the board's
        # heap has room for the table shell and one game. What the table still holds is
        # kept: the card data's modules, and ``game``'s presenter and setup answers.
        if not self.shed:
            return
        keep = self._presenters.get(game)
        self._presenters = {game: keep} if keep is not None else {}
        if self.setup.game != game:
            self.setup.let_go()
        presenters.unload(presenters.code_to_drop(game), CARD_MODULES)

    def redraw(self):
        """Show the prompt again (after the self-test had the display)."""
        self._said = None
        self.refresh()

    def fail(self, why):
        """Back to the start menu after something went wrong (in a frame, or resuming a
        game at power-on): ``why`` is shown first on the display and the LEDs flash the
        refusal. Unlike quitting, the game journal is not told: a game in progress stays
        on flash (it comes back at the next power-on), and so do the stored games."""
        self._to_setup()
        self.refuse(why)

    # ------------------------------------------------------------ starting a game

    def _start_game(self, flow):
        # ``flow``: the game's flow before it started (bag registration), else None.
        s = self.setup
        seed = self.seed if self.seed is not None else _entropy(self.clock)
        rng = self.rng
        self.seed = None
        self.rng = None
        g = self.presenter.new_game(s, seed, rng, flow)
        bot = bytes(s.bot[:s.players])
        self._play(g, bot)
        if self.on_start is not None:
            self.on_start(g, seats=s.seats_of_players(), bots=bot, game_name=self.game_name)
        self.presenter.outputs(g.initial_outputs)
        self.enter()

    def resume_game(self, game, seats, bots, game_name):
        """Carry on ``game`` (of the registry's ``game_name``), rebuilt from the journal
        after a power cut (``gamejournal.resume``): the table shows it exactly as it
        stood, each player at the reader seat ``seats`` journalled, ``bots`` (1 per bot)
        playing on by themselves. ``on_start`` is not called: the journal already holds
        this game."""
        self.setup.sit_at(seats, bots)
        pr = self._presenter(game_name)
        self._play(game, bots)
        pr.resumed()
        self.enter()

    def _play(self, g, bot):
        # Make ``g`` the table's game: who is a bot, a clean view, the game's board.
        self.game = g
        self._bot = bot
        self.phase = PH_PLAY
        self.note = ""
        self.view.seats = g.setup.players
        self.clear_view()
        shown = self.course
        self.presenter.begin(g)  # (a game with its own layout may draw it at once)
        board = self.presenter.board
        if board is not shown:  # its own layout, not the course loaded by name
            self.course = board
            self.course_name = ""

    # ------------------------------------------------------------ output helpers

    def clear_view(self):
        """Nothing of a game on the LEDs: no golfer, token, path, cursor, flight or wind."""
        v = self.view
        for i in range(len(v.golfer)):
            v.golfer[i] = -1
            v.spent[i] = 0
        for i in range(len(v.tokens)):
            v.tokens[i] = 0
        v.clear_path()
        v.cursor = -1
        v.flight_len = 0
        v.wind_len = 0

    def refuse(self, why):
        """Say why a card or button was refused (first on the display), blink red."""
        self.alert = why
        self.flash_now(FLASH_REFUSED, -1)
        self.refresh()

    def flash_now(self, kind, seat):
        """A whole-board flash of ``kind`` in ``seat``'s colour, from now."""
        self.view.start_flash(kind, seat, -1, self.clock.ticks_add(self.now, FLASH_MS))

    def refresh(self):
        """Show the prompt of the phase now."""
        if self.phase == PH_PLAY or self.phase == PH_OVER:
            self.show_decision()
        else:
            self._say(self.flow.prompt.text)

    def _say(self, text):
        if self.alert:
            text = "".join(("NO: ", self.alert, "\n", text))  # why first; one copy, not three
        if text != self._said:
            self._said = text
            self.display.message(text)
            self.display_dirty = True
