"""Setting a game up with the buttons: the game, then the steps it asks for (18 Holes:
mode, course, players (and which are bots), seats, hands; Play Nine: players, seats,
holes, playoff); card learning; making a new course.

Each flow is a small state machine the table (``app/table.py``) drives with
button intents (``on_dir(d)``, ``on_ok()``, ``on_more()``, ``on_back()``)
and card scans (``on_scan(seat, uid)``). Each keeps a :class:`Prompt`: what
it asks right now, in a display form (``text``) and an LED-only form (a
question code and an option strip, drawn by ``app/loop.py``). The calls
return a result code (``R_*``) so the table can flash and move on.

How the buttons work everywhere (``docs/table-guide.md``): the right-hand
direction buttons (E, NE, SE) go to the next option, the left-hand ones (W,
NW, SW) to the previous one, OK confirms, BACK goes back a step.
"""

from teebox.palette import PLAYER_NAMES as SEAT_NAMES
from teebox.app.view import MAX_SEATS as MAX_PLAYERS
from teebox.core import course as course_mod
from teebox.core import games as games_mod
from teebox.core.hexgrid import DIR_NAMES, DIRECTIONS, E, NE, SE
from teebox.core.rng import Rng

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

# What a flow call did, for the table.
R_NONE = const(0)      # nothing changed
R_CHANGED = const(1)   # the prompt changed (redraw the display)
R_ACK = const(2)       # a card was taken: flash in the prompt's colour
R_REFUSED = const(3)   # a card or button was refused: blink red, nothing changed
R_DONE = const(4)      # the flow has its answer
R_EXIT = const(5)      # BACK out of the flow's first step
R_LEARN = const(6)     # start menu: learn cards
R_NEW_COURSE = const(7)  # start menu: make a new course
R_SELFTEST = const(8)  # start menu: check the wiring (app/selftest.py)

# Setup steps; their numbers are the LED-only question codes (lit cells on the top edge).
S_START = const(0)
S_MODE = const(1)
S_COURSE = const(2)
S_PLAYERS = const(3)
S_SEATS = const(4)
S_HANDS = const(5)
S_CONFIRM = const(6)
# Which players are bots: a side step, reached by holding OK at S_PLAYERS (so pressing OK
# through the setup never meets it); OK goes on to S_SEATS, BACK back to S_PLAYERS.
S_BOTS = const(7)
S_GAME = const(8)      # which game (only when more than one is installed)
S_OPTION = const(9)    # a game's option (Play Nine: holes, playoff): S_OPTION + its index

FIRST_GAME = "first-game"  # 18 Holes' hands for a first game (its setup's name for them)
BAG = "bag"     # hands from a physical draft, scanned in (bag registration)
HAND_CHOICES = (FIRST_GAME, BAG)
HAND_LABELS = ("First game", "Scan bags")
CHECK_WIRING = "Check wiring"
START_LABELS = ("New game", "Learn cards", "New course", CHECK_WIRING)
DEFAULT_COURSE = "starter"
FREE = const(0xFF)  # in Prompt.seats: a reader's place nobody sits at (drawn dim)

# New course steps; their numbers are the LED-only question codes.
N_HOLES = const(1)
N_DIFFICULTY = const(2)
N_SEED = const(3)
N_PREVIEW = const(4)
SEEDS = const(10000)  # seeds of a new course: four digits, easy to read out
_SEED_STEPS = (1, 10, 10, 1, 100, 100)  # by button: E NE NW W SW SE
_DIFFICULTY_NOTES = ("hazards covered", "as laid", "hazards added")

# Card learning question codes
L_CARD = const(1)
L_REBIND = const(2)


def is_next(d):
    """Whether direction button ``d`` means "next option": the right-hand ones, E, NE, SE."""
    return d == E or d == NE or d == SE


def player_label(seat, bot=False):
    """How the display names a seat: ``"P1 red"``; a bot's ends in ``*`` (``"P2 yellow*"``)."""
    return "P%d %s%s" % (seat + 1, SEAT_NAMES[seat], "*" if bot else "")


class Prompt:
    """What the table asks right now.

    * ``text``: the display form (16 x 8 characters, wrapped by the display);
    * ``code``: which question, shown LED-only as that many lit cells on the top edge
      (0: none);
    * ``seat``: whose colour the prompt is in (-1: nobody's, the neutral colour);
    * ``count`` / ``index``: the LED-only option strip on the bottom edge: ``count``
      cells, the first ``index + 1`` bright in the prompt's colour, the rest dim
      (``index`` -1: none lit; ``count`` 0: no strip);
    * ``seats``: instead of options, a strip of seat colours (``bytes`` of seats), e.g.
      the seating order or the play order, :data:`FREE` for an empty place (dim);
      None when unused.
    """

    def __init__(self):
        self.text = ""
        self.code = 0
        self.seat = -1
        self.count = 0
        self.index = -1
        self.seats = None

    def set(self, text, code, seat=-1, count=0, index=-1, seats=None):
        """Replace the whole prompt."""
        self.text = text
        self.code = code
        self.seat = seat
        self.count = count
        self.index = index
        self.seats = seats


def _value_text(v):
    # An option's value as the display shows it.
    if v is True:
        return "yes"
    if v is False:
        return "no"
    return str(v)


def step_index(index, count, d):
    """The option after (direction ``d`` on the right) or before ``index``, wrapping."""
    return (index + (1 if is_next(d) else -1)) % count


class SetupFlow:
    """The start menu and the game setup: the game (when ``games``, the registry's
    entries (default: every game installed), hold more than one), then the steps
    its ``STEPS`` name, in that order, then start.

    ``course_names`` are the courses the board holds; ``learned`` / ``needed``
    how many club cards have tags (shown on the start menu). After R_DONE,
    ``game`` (its registry name), ``mode``, ``course``, ``players``, ``hands``
    (``"first-game"`` or :data:`BAG`) and :meth:`option` hold the answers.
    ``course`` is also the course to show on the LEDs while the players look
    through them. The first game listed is the default, so pressing OK
    straight through plays it.

    ``reader_seats`` are the profile seats of the readers when each seat has
    its own (two or more). The players then choose which of those seats they
    take: the direction buttons E NE NW W SW SE each sit at or leave one reader's
    seat, in seat order, and OK goes on once as many seats are taken as there
    are players (players are numbered in seat order); :meth:`player_at` then
    says who sits at a reader. With one reader the step only tells the players
    to sit in turn.

    Any player but one may be a bot (:data:`S_BOTS`, reached by holding OK at
    the players step): the direction buttons E NE NW W SW SE each make player
    1 to 5 a bot or a person again; ``bot[p]`` is 1 for a bot. Bots count as
    players (the mode's range) and sit at a seat like anyone else. By default
    nobody is a bot.
    """

    def __init__(self, course_names, learned=0, needed=0, reader_seats=(), games=None):
        if not course_names:
            raise ValueError("the board holds no course: deploy the firmware with its courses")
        self.course_names = tuple(course_names)
        self.learned = learned
        self.needed = needed
        self.prompt = Prompt()
        self.games = tuple(games) if games is not None else games_mod.GAMES
        self.game_index = 0
        self._module = None      # the chosen game's module, loaded when its steps are asked
        self._steps = None
        self.option_index = []   # per option of the chosen game: the value chosen
        self.step = S_START
        self.start_choice = 0
        self.mode_index = 0
        self.course_index = 0
        for i in range(len(self.course_names)):
            if self.course_names[i] == DEFAULT_COURSE:
                self.course_index = i
        self.players = 2
        self.hands_index = 0
        # Only as many readers as there are direction buttons can be chosen with them.
        self.reader_seats = tuple(sorted(reader_seats))[:len(DIRECTIONS)]
        if len(self.reader_seats) < 2:
            self.reader_seats = ()
        self.taken = bytearray(len(self.reader_seats))  # 1: someone sits at that reader
        self.bot = bytearray(MAX_PLAYERS)  # 1: that player is a bot
        self.why = ""  # why the last button or card was refused
        self.sit_in_order(self.players)
        self._show()

    @property
    def game(self):
        """The chosen game's registry name."""
        return self.games[self.game_index].name

    def module(self):
        """The chosen game's module (``teebox.core.games``), imported on first use."""
        if self._module is None:
            self._module = self.games[self.game_index].load()
            self._steps = None
            self.option_index = [list(o[2]).index(o[3]) for o in self._module.OPTIONS]
        return self._module

    def steps(self):
        """The steps asked for the chosen game, start menu and start included."""
        if self._steps is None:
            mod = self.module()
            out = [S_START]
            if len(self.games) > 1:
                out.append(S_GAME)
            names = [o[0] for o in mod.OPTIONS]
            for name in mod.STEPS:
                if name == "mode":
                    if mod.MODES:
                        out.append(S_MODE)
                elif name == "course":
                    out.append(S_COURSE)
                elif name == "players":
                    out.append(S_PLAYERS)
                    out.append(S_SEATS)
                elif name == "hands":
                    out.append(S_HANDS)
                else:
                    out.append(S_OPTION + names.index(name))
            out.append(S_CONFIRM)
            self._steps = out
        return self._steps

    def option(self, name):
        """The value chosen for the game's option ``name``."""
        opts = self.module().OPTIONS
        for i in range(len(opts)):
            if opts[i][0] == name:
                return opts[i][2][self.option_index[i]]
        raise ValueError("%s has no option %r" % (self.games[self.game_index].title, name))

    @property
    def mode(self):
        """The chosen mode's name ("" for a game with one way to play)."""
        modes = self.module().MODES
        return modes[self.mode_index][0] if modes else ""

    @property
    def course(self):
        """The chosen (or looked-at) course's name."""
        return self.course_names[self.course_index]

    @property
    def hands(self):
        """``"first-game"`` or :data:`BAG`."""
        return HAND_CHOICES[self.hands_index]

    def player_range(self):
        """Fewest and most players of the chosen game and mode (no more than the
        readers, when each seat has its own)."""
        modes = self.module().MODES
        lo, hi = modes[self.mode_index][2] if modes else self.games[self.game_index].players
        if self.reader_seats:
            hi = max(lo, min(hi, len(self.reader_seats)))
        return lo, hi

    def seated(self):
        """How many reader seats are taken."""
        return sum(self.taken)

    def sit_in_order(self, players):
        """Seat ``players`` players at the first readers, in seat order (the choice
        before the players make one, and for a game resumed after a power cut)."""
        for i in range(len(self.taken)):
            self.taken[i] = 1 if i < players else 0

    def seats_of_players(self):
        """The profile seat of each player's reader (``bytes``, one per player): what
        the game journal keeps, so :meth:`sit_at` can put them back after a power cut.
        Without a choice of seats player ``p`` sits at seat ``p``."""
        if not self.reader_seats:
            return bytes(range(self.players))
        return bytes([self.reader_seats[i] for i in range(len(self.taken)) if self.taken[i]])

    def sit_at(self, seats, bots):
        """Seat the players of a resumed game as :meth:`seats_of_players` said
        (``seats``), ``bots`` the bot flag of each. Seats this board has no reader
        for put the players at the first readers."""
        self.players = len(bots)
        for p in range(MAX_PLAYERS):
            self.bot[p] = 1 if p < len(bots) and bots[p] else 0
        if not self.reader_seats:
            return
        for i in range(len(self.taken)):
            self.taken[i] = 1 if self.reader_seats[i] in seats else 0
        if self.seated() != len(bots):
            self.sit_in_order(len(bots))

    def bots(self):
        """How many of the players are bots."""
        return sum(self.bot[:self.players])

    def player_at(self, seat):
        """The player sitting at the reader of profile seat ``seat``: -1 if nobody
        does; ``seat`` itself when the players do not choose seats."""
        if not self.reader_seats:
            return seat
        n = 0
        for i in range(len(self.reader_seats)):
            if self.taken[i]:
                if self.reader_seats[i] == seat:
                    return n
                n += 1
        return -1

    # ------------------------------------------------------------ intents

    def on_dir(self, d):
        """A direction button: the next or previous option of this step."""
        st = self.step
        if st == S_START:
            self.start_choice = step_index(self.start_choice, len(START_LABELS), d)
        elif st == S_GAME:
            self.game_index = step_index(self.game_index, len(self.games), d)
            self._module = None
            self.mode_index = 0
        elif st == S_MODE:
            self.mode_index = step_index(self.mode_index, len(self.module().MODES), d)
            self._fit_players()
        elif st >= S_OPTION:
            i = st - S_OPTION
            values = self.module().OPTIONS[i][2]
            self.option_index[i] = step_index(self.option_index[i], len(values), d)
        elif st == S_COURSE:
            self.course_index = step_index(self.course_index, len(self.course_names), d)
        elif st == S_PLAYERS:
            lo, hi = self.player_range()
            self.players = lo + step_index(self.players - lo, hi - lo + 1, d)
            self._keep_a_person()
        elif st == S_HANDS:
            self.hands_index = step_index(self.hands_index, len(HAND_CHOICES), d)
        elif st == S_SEATS and self.reader_seats:
            i = DIRECTIONS.index(d)
            if i >= len(self.reader_seats):
                return self._refused("no reader for %s" % DIR_NAMES[d])
            self.taken[i] ^= 1
        elif st == S_BOTS:
            p = DIRECTIONS.index(d)
            if p >= self.players:
                return self._refused("no P%d: %d players" % (p + 1, self.players))
            if not self.bot[p] and self.bots() + 1 >= self.players:
                return self._refused("one player must stay a person")
            self.bot[p] ^= 1
        else:
            return R_NONE  # one reader, and the last check: nothing to choose
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
        if st == S_BOTS:
            self.step = S_SEATS
        else:
            steps = self.steps()
            self.step = steps[steps.index(st) + 1]
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
        if self.step == S_BOTS:
            self.step = S_PLAYERS
        else:
            steps = self.steps()
            self.step = steps[steps.index(self.step) - 1]
        self._show()
        return R_CHANGED

    def on_scan(self, seat, uid):
        """Cards mean nothing while setting up."""
        return self._refused("cards are laid once the game starts")

    def _refused(self, why):
        # R_REFUSED, with ``why`` for the table to say.
        self.why = why
        return R_REFUSED

    def set_courses(self, course_names):
        """Take a new list of the board's courses (one was pushed or deleted over the
        link): the course chosen stays chosen while it is still there."""
        if not course_names:
            return  # the built-ins cannot all go: keep what is shown
        chosen = self.course
        self.course_names = tuple(course_names)
        self.course_index = 0
        for i in range(len(self.course_names)):
            if self.course_names[i] == chosen or (self.course_names[i] == DEFAULT_COURSE
                                                  and chosen not in self.course_names):
                self.course_index = i
        self._show()

    def choose_course(self, name):
        """Go on to the first step of a game played on courses (18 Holes' mode) with
        course ``name`` chosen (a new course just kept)."""
        for i in range(len(self.course_names)):
            if self.course_names[i] == name:
                self.course_index = i
        i = 0
        while "course" not in self.module().STEPS and i < len(self.games):
            self.game_index = i
            self._module = None
            i += 1
        steps = self.steps()
        self.step = steps[2 if len(self.games) > 1 else 1]
        self._show()

    def restart(self, learned, needed):
        """Back to the start menu (after a game, or after learning cards)."""
        self.learned = learned
        self.needed = needed
        self.step = S_START
        self._show()

    # ------------------------------------------------------------ prompt

    def _fit_players(self):
        lo, hi = self.player_range()
        self.players = max(lo, min(hi, self.players))
        self._keep_a_person()

    def _keep_a_person(self):
        # Fewer players may leave only bots: the first player is a person again.
        if self.bots() >= self.players:
            self.bot[0] = 0


    def _number(self, st):
        # A step's number on the display: its place among the chosen game's steps.
        steps = self.steps()
        return steps.index(S_PLAYERS if st == S_BOTS else st) - (1 if S_GAME in steps else 0)

    def _show(self):
        st = self.step
        p = self.prompt
        if st == S_START:
            cards_line = "Cards %d/%d" % (self.learned, self.needed)
            p.set("TEEBOX\n%s\n> %s\n\nOK: choose\n</>: other\n%s"
                  % (cards_line, START_LABELS[self.start_choice],
                     "" if self.learned >= self.needed else "Learn cards 1st"),
                  0, -1, len(START_LABELS), self.start_choice)
            return
        if st == S_GAME:  # (the game is loaded once chosen, not while looked at)
            g = self.games[self.game_index]
            p.set("Game\n> %s\n%d-%d players\n\n</>: other\nOK: next  BACK"
                  % (g.title, g.players[0], g.players[1]), st, -1, len(self.games),
                  self.game_index)
            return
        n = self._number(st)
        mod = self.module()
        if st == S_MODE:
            lo, hi = self.player_range()
            p.set("%d Game mode\n> %s\n%d-%d players\n\n</>: other\nOK: next  BACK"
                  % (n, mod.MODES[self.mode_index][1], lo, hi),
                  st, -1, len(mod.MODES), self.mode_index)
        elif st == S_COURSE:
            p.set("%d Course\n> %s\n(shown on table)\n\n</>: other\nOK: next  BACK"
                  % (n, self.course), st, -1, len(self.course_names), self.course_index)
        elif st == S_PLAYERS:
            lo, hi = self.player_range()
            p.set("%d Players\n> %d players\n(%s: %d-%d)\n</>: fewer/more\nHold OK: bots\n"
                  "OK: next  BACK" % (n, self.players, self._way_title(), lo, hi),
                  st, -1, 0, -1, bytes(range(self.players)))
        elif st == S_BOTS:
            lines = ["%-3s%s" % (DIR_NAMES[DIRECTIONS[i]], player_label(i, self.bot[i]))
                     for i in range(self.players)]
            # LED-only: each person's colour, a bot dim.
            p.set("%d Bots: * is one\n%s\nButton: bot/not\nOK: next  BACK"
                  % (n, "\n".join(lines)), st, -1, 0, -1,
                  bytes([FREE if self.bot[i] else i for i in range(self.players)]))
        elif st == S_SEATS and self.reader_seats:
            self._show_reader_seats(n)
        elif st == S_SEATS:
            # Seat i passes to seat i + 1 on its left (the big hit discard; Play Nine's
            # deal and turns): sit in turn.
            names = "\n".join([player_label(s, self.bot[s]) for s in range(self.players)])
            p.set("%d Seats, to the\nleft in turn:\n%s\nOK: seated" % (n, names),
                  st, -1, 0, -1, bytes(range(self.players)))
        elif st == S_HANDS:
            p.set("%d Hands\n> %s\n%s\n\n</>: other\nOK: next  BACK"
                  % (n, HAND_LABELS[self.hands_index],
                     "A-E card letters" if self.hands_index == 0 else "after a draft"),
                  st, -1, len(HAND_CHOICES), self.hands_index)
        elif st >= S_OPTION:
            i = st - S_OPTION
            opt = mod.OPTIONS[i]
            p.set("%d %s\n> %s\n\n</>: other\nOK: next  BACK"
                  % (n, opt[1], _value_text(opt[2][self.option_index[i]])),
                  st, -1, len(opt[2]), self.option_index[i])
        else:
            p.set("%d Start?\n%s\n\nOK: play  BACK" % (n, "\n".join(self._answers())),
                  st, -1, 0, -1, bytes(range(self.players)))

    def _way_title(self):
        # The chosen mode's title, or the game's when it has one way to play.
        modes = self.module().MODES
        return modes[self.mode_index][1] if modes else self.games[self.game_index].title

    def _answers(self):
        # The answers, one line each, for the last check before the game starts.
        mod = self.module()
        out = [self._way_title()]
        bots = self.bots()
        for step in mod.STEPS:
            if step == "course":
                out.append(self.course)
            elif step == "players":
                out.append("%d players%s" % (self.players, (" %d bot%s" % (
                    bots, "s" if bots > 1 else "")) if bots else ""))
            elif step == "hands":
                out.append(HAND_LABELS[self.hands_index])
            elif step != "mode":
                out.append("%s%s: %s" % (step[0].upper(), step[1:],
                                         _value_text(self.option(step))))
        return out

    def _show_reader_seats(self, number):
        # One line per reader: its button, its seat and who sits there. The LED strip
        # has one cell per reader: the player's colour, or dim when the seat is free.
        lines = []
        strip = bytearray(len(self.reader_seats))
        n = 0
        for i in range(len(self.reader_seats)):
            who = "-"
            strip[i] = FREE
            if self.taken[i]:
                who = player_label(n, self.bot[n])
                strip[i] = n
                n += 1
            lines.append("%-3s%d %s" % (DIR_NAMES[DIRECTIONS[i]], self.reader_seats[i] + 1, who))
        done = "OK: seated" if n == self.players else "Button: sit/go"
        self.prompt.set("%d Seats %d/%d\n%s\n%s" % (number, n, self.players, "\n".join(lines),
                                                       done),
                        S_SEATS, -1, 0, -1, bytes(strip))


class NewCourse:
    """Making a new course (start menu, "New course"): holes, difficulty, seed, preview.

    The course is laid by ``core/coursegen`` from the shipped tile set; the same holes,
    difficulty and seed always give the same course, so players can read the seed out
    and make it again. At the seed step the right-hand buttons add 1 (E), 10 (NE) or
    100 (SE), the left-hand ones take as much off; holding OK draws a new seed. OK
    there lays the course (``data``: its binary form) and shows the preview; OK at
    the preview is R_DONE (the table keeps it), BACK returns to the seed.
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
            if self._tiles is None:
                from teebox import shipped
                self._tiles = shipped.load_default_tiles()
            self.data = self._gen.generate(self._tiles, self.holes,
                                           self._gen.DIFFICULTIES[self.difficulty], self.seed,
                                           self.width, self.height)
            crs = course_mod.load(self.data)
            self.par = sum([crs.hole(n)[0] for n in range(1, crs.hole_count + 1)])
        self.step += 1
        self._show()
        return R_CHANGED

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


class CardLearning:
    """Card learning: scan each physical club card once, walking the clubs in data order.

    The display names the club; the LED-only form shows its initiative as that
    many lit cells. A scanned tag is bound and saved at once (store
    ``write_atomic``). A tag already bound to another club asks first: OK moves
    it to this club, BACK keeps it where it was. The direction buttons skip to
    the next or previous club; BACK (with no question open) leaves.
    """

    def __init__(self, bindings, clubs):
        self.bindings = bindings
        self.clubs = clubs
        self.prompt = Prompt()
        missing = bindings.missing()
        self.club = missing[0] if missing else 0
        self.pending = None   # a tag bound to another club, waiting for OK / BACK
        self.note = ""
        self._show()

    def on_dir(self, d):
        """Skip to the next (right-hand buttons) or previous club."""
        if self.pending is not None:
            return R_NONE
        self.club = step_index(self.club, len(self.clubs), d)
        self.note = ""
        self._show()
        return R_CHANGED

    def on_more(self):
        """Holding OK skips to the next club, like E."""
        return self.on_dir(E)

    def on_ok(self):
        """Confirm moving a tag to this club (only while asked)."""
        if self.pending is None:
            return R_NONE
        uid = self.pending
        self.pending = None
        before = self.bindings.bind(uid, self.club)
        self.bindings.save()
        self._advance("Moved from %s" % self.clubs[before].name)
        return R_ACK

    def on_back(self):
        """Keep the tag where it was (while asked), else leave card learning."""
        if self.pending is not None:
            self.pending = None
            self.note = "Kept as before"
            self._show()
            return R_REFUSED
        return R_EXIT

    def on_scan(self, seat, uid):
        """Bind the scanned tag to the club shown (asking first if it means another club)."""
        if self.pending is not None:
            return R_REFUSED
        bound = self.bindings.club_of(uid)
        if bound == self.club:
            self._advance("Already learned")
            return R_ACK
        if bound >= 0:
            self.pending = bytes(uid)
            self._show()
            return R_CHANGED
        self.bindings.bind(uid, self.club)
        self.bindings.save()
        self._advance("Learned")
        return R_ACK

    def _advance(self, note):
        self.note = note
        self.club = (self.club + 1) % len(self.clubs)
        self._show()

    def _show(self):
        c = self.clubs[self.club]
        p = self.prompt
        if self.pending is not None:
            other = self.clubs[self.bindings.club_of(self.pending)]
            p.set("Card is the\n%s (%d)\nMake it %s\n(%d)?\nOK: yes\nBACK: no"
                  % (other.name, other.initiative, c.name, c.initiative),
                  L_REBIND, -1, c.initiative, c.initiative - 1)
            return
        tag = "has a card" if self.bindings.uid_of(self.club) is not None else "no card yet"
        extra = " (%s)" % c.expansion if c.expansion else ""
        p.set("Learn %d/%d%s\nScan the card:\n%s (%d)\n%s\n%s\n</>: skip\nBACK: done"
              % (self.club + 1, len(self.clubs), extra, c.name, c.initiative, tag, self.note),
              L_CARD, -1, c.initiative, c.initiative - 1)
