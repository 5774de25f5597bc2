"""Setting a game up with the buttons: the game, then the steps it asks for (18 Holes:
mode, course, players (and which are bots), seats, its options; Play Nine: players,
seats, holes, playoff); making a new course. (Card learning, ``app/card_learning.py``, is
imported only when the players choose it.)

Each flow is a small state machine the table (``app/table.py``) drives with
button intents (``on_dir(d)``, ``on_ok()``, ``on_more()``, ``on_back()``)
and card scans (``on_scan(seat, uid)``). Each keeps a :class:`Prompt`: what
it asks right now, in a display form (``text``) and an LED-only form (a
question code and an option strip, drawn by ``app/loop.py``). The calls
return a result code (``R_*``) so the table can flash and move on.

The setup is three parts, each in its own module: the start menu and the buttons
(:class:`SetupFlow`, here), the game and the steps it asks
(``app/setup_steps.py``) and the seats and bots (``app/setup_seats.py``); what
every flow shares (the prompt, the result codes) is ``app/prompt.py``. Their
names are all found here too.

How the buttons work everywhere (``docs/table-guide.md``): the right-hand
direction buttons (E, NE, SE) go to the next option, the left-hand ones (W,
NW, SW) to the previous one, OK confirms, BACK goes back a step.
"""

from teebox.app.prompt import (  # noqa: F401 (also found here: every flow shares them)
    FREE, R_ACK, R_CHANGED, R_DONE, R_EXIT, R_LEARN, R_NEW_COURSE, R_NONE, R_REFUSED,
    R_SELFTEST, Prompt, is_next, player_label, step_index)
from teebox.app.setup_seats import Seating
from teebox.app.setup_steps import (  # noqa: F401 (the setup's steps, also found here)
    DEFAULT_COURSE, S_BOTS, S_COURSE, S_CONFIRM, S_GAME, S_MODE, S_OPTION, S_PLAYERS,
    S_SEATS, S_START, GameSteps)
from teebox.core import course as course_mod
from teebox.core.hexgrid import DIRECTIONS, E
from teebox.core.rng import Rng

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

CHECK_WIRING = "Check wiring"
START_LABELS = ("New game", "Learn cards", "New course", CHECK_WIRING)

# New course steps; their numbers are the LED-only question codes.
N_HOLES = const(1)
N_DIFFICULTY = const(2)
N_SEED = const(3)
N_PREVIEW = const(4)
SEEDS = const(10000)  # seeds of a new course: four digits, easy to read out
_SEED_STEPS = (1, 10, 10, 1, 100, 100)  # by button: E NE NW W SW SE
_DIFFICULTY_NOTES = ("hazards covered", "as laid", "hazards added")


class SetupFlow(GameSteps, Seating):
    """The start menu and the game setup: the game (when ``games``, the registry's
    entries (default: every game installed), hold more than one), then the steps
    its ``STEPS`` name, in that order, then start.

    ``course_names`` are the courses the board holds; ``learned`` / ``needed``
    how many cards have tags, shown on the start menu once the table has
    the card data (``needed`` 0: it has not read it, and shows no count). After
    R_DONE, ``game`` (its registry name), ``mode``, ``course``, ``players`` and
    :meth:`option` hold the answers. ``course`` is also the course to show on the LEDs while the players
    look through them. The first game listed is the default, so pressing OK
    straight through plays it.

    The game's steps are :class:`~teebox.app.setup_steps.GameSteps`'; the seats
    (``reader_seats``: the readers' profile seats when each seat has its own) and
    the bots are :class:`~teebox.app.setup_seats.Seating`'s.
    """

    def __init__(self, course_names, learned=0, needed=0, reader_seats=(), games=None):
        self._init_steps(course_names, games)
        self._init_seats(reader_seats)
        self.learned = learned
        self.needed = needed
        self.prompt = Prompt()
        self.step = S_START
        self.start_choice = 0
        self.why = ""  # why the last button or card was refused
        self.note = ""  # what the chosen game adds to the last check (confirm_note)
        self.sit_in_order(self.players)
        self._show()

    # ------------------------------------------------------------ intents

    def on_dir(self, d):
        """A direction button: the next or previous option of this step."""
        st = self.step
        if st == S_START:
            self.start_choice = step_index(self.start_choice, len(START_LABELS), d)
        elif not self._step_dir(st, d):
            why = self._seat_dir(st, d)
            if why is None:
                return R_NONE  # one reader, and the last check: nothing to choose
            if why:
                return self._refused(why)
        self._show()
        return R_CHANGED

    def on_ok(self):
        """Confirm this step and go to the next one; R_DONE after the last."""
        st = self.step
        if st == S_START and self.start_choice == 1:
            return R_LEARN
        if st == S_START and self.start_choice == 2:
            return R_NEW_COURSE
        if st == S_START and START_LABELS[self.start_choice] == CHECK_WIRING:
            return R_SELFTEST
        if st == S_CONFIRM:
            return R_DONE
        if st == S_SEATS and self.reader_seats and self.seated() != self.players:
            return self._refused("%d seats taken for %d players" % (self.seated(), self.players))
        if st == S_GAME:
            self._fit_players()  # (the game chosen is loaded now)
        if (st == S_PLAYERS or st == S_BOTS) and self.seated() != self.players:
            self.sit_in_order(self.players)  # a new number of players: start afresh
        self.step = S_SEATS if st == S_BOTS else self._step_after(st)
        self._show()
        return R_CHANGED

    def on_more(self):
        """Holding OK is the same as the next option (every list works this way;
        choosing seats or bots has no list), except at the players step: there it
        goes to the choice of bots."""
        st = self.step
        if st == S_PLAYERS:
            self.step = S_BOTS
            self._show()
            return R_CHANGED
        if st == S_SEATS or st == S_BOTS:
            return R_NONE
        return self.on_dir(E)

    def on_back(self):
        """Back one step (the start menu has none; the bots go back to the players)."""
        if self.step == S_START:
            return R_NONE
        self.step = S_PLAYERS if self.step == S_BOTS else self._step_before(self.step)
        self._show()
        return R_CHANGED

    def on_scan(self, seat, uid):
        """Cards mean nothing while setting up."""
        return self._refused("cards are laid once the game starts")

    def _refused(self, why):
        # R_REFUSED, with ``why`` for the table to say.
        self.why = why
        return R_REFUSED

    def restart(self, learned, needed):
        """Back to the start menu (after a game, or after learning cards)."""
        self.step = S_START
        self.count_cards(learned, needed)

    def confirm_note(self, note):
        """What the last check before the game starts says besides the answers, as the
        chosen game's presenter words it (18 Holes: how many club cards have a tag)."""
        self.note = note
        self._show()

    def count_cards(self, learned, needed):
        """How many club cards have tags, of how many (the table has read the card data
        now): the start menu shows it."""
        self.learned = learned
        self.needed = needed
        self._show()

    # ------------------------------------------------------------ prompt

    def _show(self):
        st = self.step
        if st == S_START:
            cards = ""
            if self.needed:
                cards = "Cards %d/%d" % (self.learned, self.needed)
            self.prompt.set("TEEBOX\n%s\n> %s\n\nOK: choose\n</>: other\n%s"
                            % (cards, START_LABELS[self.start_choice],
                               "" if self.learned >= self.needed else "Learn cards 1st"),
                            0, -1, len(START_LABELS), self.start_choice)
        elif st == S_GAME:
            self._show_game()
        else:
            n = self._number(st)
            if not self._show_step(st, n) and not self._show_seating(st, n):
                # (OK and BACK on the first line: 18 Holes' answers with its golfer cards
                # and the cards to learn fill the 8 lines below it)
                self.prompt.set("%d Start? OK/BACK\n%s\n%s"
                                % (n, "\n".join(self._answers()), self.note),
                                st, -1, 0, -1, bytes(range(self.players)))


class NewCourse:
    """Making a new course (start menu, "New course"): holes, difficulty, seed, preview.

    The course is laid by ``core/coursegen`` from the shipped tile set; the same holes,
    difficulty and seed always give the same course, so players can read the seed out
    and make it again. At the seed step the right-hand buttons add 1 (E), 10 (NE) or
    100 (SE), the left-hand ones take as much off; holding OK draws a new seed. OK
    there lays the course (``data``: its binary form) and shows the preview, or is
    R_REFUSED with ``why`` (a board too small for that many holes, say); OK at the
    preview is R_DONE (the table keeps it), BACK returns to the seed.
    """

    def __init__(self, seed, width, height):
        self.seed = seed % SEEDS
        self.width = width
        self.height = height
        self.step = N_HOLES
        self.holes_index = 1     # 9 holes
        self.difficulty = 1      # normal
        self.data = None         # the course laid for the preview
        self.par = 0             # its total par
        self.prompt = Prompt()
        self._tiles = None       # loaded on the first course laid
        self.why = ""            # why the last course could not be laid
        self._rng = Rng(seed)
        # Imported here: a table whose players never make a course does not carry it.
        from teebox.core import coursegen
        self._gen = coursegen
        self._show()

    @property
    def holes(self):
        """The number of holes chosen."""
        return self._gen.HOLE_CHOICES[self.holes_index]

    def on_dir(self, d):
        """The next or previous option; at the seed step, a step of 1, 10 or 100."""
        st = self.step
        if st == N_HOLES:
            self.holes_index = step_index(self.holes_index, len(self._gen.HOLE_CHOICES), d)
        elif st == N_DIFFICULTY:
            self.difficulty = step_index(self.difficulty, len(self._gen.DIFFICULTIES), d)
        elif st == N_SEED:
            size = _SEED_STEPS[DIRECTIONS.index(d)]
            self.seed = (self.seed + (size if is_next(d) else -size)) % SEEDS
        else:
            return R_NONE
        self._show()
        return R_CHANGED

    def on_more(self):
        """Holding OK: a new seed at the seed step, else the next option."""
        if self.step == N_SEED:
            self.seed = self._rng.below(SEEDS)
            self._show()
            return R_CHANGED
        return self.on_dir(E)

    def on_ok(self):
        """Next step; at the seed, lay the course; at the preview, R_DONE."""
        if self.step == N_PREVIEW:
            return R_DONE
        if self.step == N_SEED:
            self.why = self._lay()
            if self.why:
                return R_REFUSED
            crs = course_mod.load(self.data)
            self.par = sum([crs.hole(n)[0] for n in range(1, crs.hole_count + 1)])
        self.step += 1
        self._show()
        return R_CHANGED

    def _lay(self):
        # Lay the course for the preview: "" when it is laid, else why not, for the
        # table to say (the players change the options, nothing stops).
        try:
            if self._tiles is None:
                from teebox import shipped
                self._tiles = shipped.load_default_tiles()
            self.data = self._gen.generate(self._tiles, self.holes,
                                           self._gen.DIFFICULTIES[self.difficulty], self.seed,
                                           self.width, self.height)
        except self._gen.GenerateError:  # a board too small for these holes (said short:
            # the display is 16 columns; `teebox course generate` gives the long reason)
            return "%d holes do not fit this board: try fewer or another seed" % self.holes
        except MemoryError:  # a long game before left the heap in pieces
            return "not enough memory to lay %d holes: try fewer" % self.holes
        except (ValueError, OSError) as exc:  # the tile file: missing or refused
            return "the tile set cannot be used: %s" % exc
        return ""

    def on_back(self):
        """Back a step; out of the first one, R_EXIT."""
        if self.step == N_HOLES:
            return R_EXIT
        self.step -= 1
        self.data = None  # only the preview has a course
        self._show()
        return R_CHANGED

    def on_scan(self, seat, uid):
        """Cards mean nothing here."""
        return R_REFUSED

    def _show(self):
        st = self.step
        p = self.prompt
        if st == N_HOLES:
            p.set("New course 1/3\n> %d holes\n\n</>: other\nOK: next  BACK" % self.holes,
                  st, -1, len(self._gen.HOLE_CHOICES), self.holes_index)
        elif st == N_DIFFICULTY:
            p.set("New course 2/3\n> %s\n%s\n</>: other\nOK: next  BACK"
                  % (self._gen.DIFFICULTIES[self.difficulty], _DIFFICULTY_NOTES[self.difficulty]),
                  st, -1, len(self._gen.DIFFICULTIES), self.difficulty)
        elif st == N_SEED:
            p.set("New course 3/3\nSeed > %d\nE/W 1 NE/NW 10\nSE/SW 100\nHold OK: random\n"
                  "OK: make  BACK" % self.seed, st)
        else:
            p.set("Seed %d\n%d holes, par %d\n%s\n(shown on table)\nOK: keep, play\n"
                  "BACK: change" % (self.seed, self.holes, self.par,
                                    self._gen.DIFFICULTIES[self.difficulty]), st)
