"""Scripts of card scans and button presses, played on simulated hardware.

``teebox sim --script FILE`` and the tests drive the table with a plain-text
script, one action a line; the table cannot tell it from players (each
action goes through the simulated buttons, readers and the main loop)::

    # a comment; blank lines are ignored; '#' also starts a comment after an action
    seed 42                  # the next game's shuffle (leave it out for a random game)
    press OK                 # press and let go: E NE NW W SW SE OK BACK
    press E 3                # three presses
    hold OK                  # a long press (held 1 s)
    scan 04a1b2c3d4e5f6      # lay the card with this tag UID (hex) on the reader, lift it
    scan club:driver-34      # the same, naming the club: its tag is looked up in the
                             # card bindings stored on the board
    scan club:driver-34 on 2 # on seat 2's reader (tables with one reader per seat)
    place club:7-iron-14     # lay a card down and leave it there ...
    lift                     # ... and lift it (``lift on 2``: seat 2's reader)
    wait 500                 # let 500 ms pass

:func:`parse` checks a whole script and raises :class:`ScriptError` listing
every bad line (``line 7: unknown button 'OKK' (use one of E NE NW W SW SE OK
BACK)``); :class:`Runner` plays parsed steps through a main loop
(``app/loop.py``) built on simulated hardware. :class:`Autoplayer` writes
scripts: bots decide, and it turns each decision into the presses and scans
the table's UI needs (the simulator's demo and the end-to-end tests).
Host-side only: the board never imports this module.
"""

from teebox.app import presenters
from teebox.app import setup_flow as sf
from teebox.app import table as T
from teebox.core import games
from teebox.core.contract import GAME_OVER
from teebox.core.hexgrid import DIR_NAMES, DIRECTIONS
from teebox.hal.buttons import button_named
from teebox.hal.rfid import ReaderBank, parse_uid

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

OP_PRESS = const(1)
OP_HOLD = const(2)
OP_SCAN = const(3)
OP_PLACE = const(4)
OP_LIFT = const(5)
OP_WAIT = const(6)
OP_SEED = const(7)

PRESS_MS = const(60)    # a scripted press holds the button this long (debounce is 30 ms)
GAP_MS = const(60)      # then lets it rest this long before the next action
HOLD_MS = const(1000)   # a long press (buttons report one after 800 ms)
MAX_COUNT = const(99)   # presses one line may repeat
CLUB_PREFIX = "club:"


class ScriptError(ValueError):
    """A script that cannot be played; ``problems`` lists ``line N: what`` for each."""

    def __init__(self, problems, name="script"):
        self.problems = problems
        self.name = name
        super().__init__("\n".join(["%s %s" % (name, p) for p in problems]))


def _number(word, what, lo, hi):
    try:
        n = int(word)
    except ValueError:
        raise ValueError("%s must be a whole number, not %r" % (what, word))
    if not lo <= n <= hi:
        raise ValueError("%s must be %d to %d, not %d" % (what, lo, hi, n))
    return n


def _tag(word, clubs):
    # A card: "club:ID" (checked against the card data when given) or a hex UID.
    if word.startswith(CLUB_PREFIX):
        cid = word[len(CLUB_PREFIX):]
        if clubs is not None and not [c for c in clubs if c.id == cid]:
            raise ValueError("no club %r in the card data (ids look like driver-34)" % cid)
        return word
    return parse_uid(word)


def _seat(words, at, usage):
    # An optional "on SEAT" after the card.
    if len(words) == at:
        return -1
    if len(words) != at + 2 or words[at] != "on":
        raise ValueError("expected %s" % usage)
    return _number(words[at + 1], "a seat", 0, 7)


def parse_line(text, line, clubs=None):
    """One script line as a step ``(op, arg, extra, line)``, or None for a blank line or
    comment. ValueError says what is wrong (without the line number)."""
    hash_at = text.find("#")
    if hash_at >= 0:
        text = text[:hash_at]
    words = text.split()
    if not words:
        return None
    verb = words[0].lower()
    n = len(words)
    if verb == "press" or verb == "hold":
        if n < 2 or n > (3 if verb == "press" else 2):
            raise ValueError("expected '%s BUTTON%s'" % (verb, " [COUNT]" if verb == "press" else ""))
        button = button_named(words[1])
        if verb == "hold":
            return (OP_HOLD, button, 1, line)
        count = _number(words[2], "a press count", 1, MAX_COUNT) if n == 3 else 1
        return (OP_PRESS, button, count, line)
    if verb == "scan" or verb == "place":
        usage = "'%s TAG [on SEAT]' (TAG: a hex UID or club:ID)" % verb
        if n < 2:
            raise ValueError("expected " + usage)
        return (OP_SCAN if verb == "scan" else OP_PLACE, _tag(words[1], clubs),
                _seat(words, 2, usage), line)
    if verb == "lift":
        return (OP_LIFT, None, _seat(words, 1, "'lift [on SEAT]'"), line)
    if verb == "wait" or verb == "seed":
        if n != 2:
            raise ValueError("expected '%s %s'" % (verb, "MS" if verb == "wait" else "N"))
        if verb == "wait":
            return (OP_WAIT, _number(words[1], "a wait in ms", 0, 3600000), 0, line)
        return (OP_SEED, _number(words[1], "a seed", 0, 0xFFFFFF), 0, line)
    raise ValueError("unknown action %r (use press, hold, scan, place, lift, wait or seed)"
                     % words[0])


def parse(text, name="script", clubs=None):
    """Every step of a script; ScriptError listing each bad line if there is any.

    ``clubs`` (the card data) lets ``club:ID`` names be checked here.
    """
    steps = []
    problems = []
    line = 0
    for raw in text.split("\n"):
        line += 1
        try:
            step = parse_line(raw, line, clubs)
        except ValueError as exc:
            problems.append("line %d: %s" % (line, exc))
            continue
        if step is not None:
            steps.append(step)
    if problems:
        raise ScriptError(problems, name)
    return steps


def card_uid(table, tag):
    """The tag UID a step's card means: a UID as given, or ``club:ID`` looked up in the
    table's card bindings. ValueError if the club is unknown or has no card learned."""
    if not isinstance(tag, str):
        return tag
    cid = tag[len(CLUB_PREFIX):]
    for i in range(len(table.clubs)):
        if table.clubs[i].id == cid:
            uid = table.bindings.uid_of(i)
            if uid is None:
                raise ValueError("no card is learned for club %s on this board (learn the "
                                 "cards first, or scan its tag UID)" % cid)
            return uid
    raise ValueError("no club %r in the card data" % cid)


class Runner:
    """Plays script steps on a main loop built on simulated hardware.

    ``loop`` is an ``app/loop.Loop`` whose ``hw`` came from
    ``board.build(profile, sim=True)``. Every frame polls and ticks as on the
    board; with ``render_all`` False only the last frame of each step draws
    the LEDs (the rest only poll), which keeps long scripts fast. ``on_step``
    is called with each step after it ran.
    """

    def __init__(self, loop, render_all=False, on_step=None, name="script"):
        self.loop = loop
        self.hw = loop.hw
        self.table = loop.table
        self.render_all = render_all
        self.on_step = on_step
        self.name = name

    def run(self, steps):
        """Play every step in order."""
        for st in steps:
            self.step(st)

    def step(self, st):
        """Play one step; ScriptError (naming its line) if it cannot be played."""
        op, arg, extra, line = st
        if op == OP_PRESS:
            for _ in range(extra):
                self.hw.buttons.press(arg, PRESS_MS)
                self.frames(PRESS_MS + GAP_MS)
        elif op == OP_HOLD:
            self.hw.buttons.press(arg, HOLD_MS)
            self.frames(HOLD_MS + GAP_MS)
        elif op == OP_SCAN or op == OP_PLACE:
            reader = self._reader(extra, line)
            reader.place(self._uid(arg, line))
            self.frames(self._poll_time())
            if op == OP_SCAN:
                reader.remove()
                self.frames(self._poll_time())
        elif op == OP_LIFT:
            self._reader(extra, line).remove()
            self.frames(self._poll_time())
        elif op == OP_WAIT:
            self.frames(arg)
        else:
            self.table.seed = arg
        if self.on_step is not None:
            self.on_step(st)

    def frames(self, ms):
        """Run main-loop frames until ``ms`` milliseconds of simulated time have passed."""
        clock = self.hw.clock
        loop = self.loop
        end = clock.ticks_add(clock.ticks_ms(), ms)
        while True:
            left = clock.ticks_diff(end, clock.ticks_ms())
            if left <= 0:
                return
            loop.step(self.render_all or left <= loop.frame_ms)

    def _poll_time(self):
        # A bank polls one reader per frame: give every reader one turn, and one frame more.
        readers = self.hw.readers
        n = len(readers.readers) if isinstance(readers, ReaderBank) else 1
        return (n + 1) * self.loop.frame_ms

    def _reader(self, seat, line):
        readers = self.hw.readers
        if readers is None:
            self._fail(line, "this board has no card reader")
        if isinstance(readers, ReaderBank):
            if seat < 0:
                return readers.readers[0]
            for i in range(len(readers.seats)):
                if readers.seats[i] == seat:
                    return readers.readers[i]
            self._fail(line, "no reader for seat %d (readers: seats %s)"
                       % (seat, " ".join([str(s) for s in readers.seats])))
        if seat >= 0 and seat != self.hw.reader_seat:
            self._fail(line, "no reader for seat %d: this board has one reader, for everyone"
                       % seat)
        return readers

    def _uid(self, tag, line):
        try:
            return card_uid(self.table, tag)
        except ValueError as exc:
            self._fail(line, str(exc))

    def _fail(self, line, message):
        raise ScriptError(["line %d: %s" % (line, message)], self.name)


# ---------------------------------------------------------------- bots at the table


def demo_games(game=None):
    """``((mode, players), ...)``: the demo games bots play in turn on a virtual board,
    game ``game``'s (default: the registry's first game)."""
    return presenters.autoplay(game or games.names()[0]).DEMOS


def _presses(button, n):
    if n > 1:
        return ["press %s %d" % (button, n)]
    return ["press " + button] if n == 1 else []


def steps_to(cur, target, count):
    """Presses of E (the next option) from option ``cur`` to ``target`` of ``count``."""
    return _presses("E", (target - cur) % count)


class Autoplayer:
    """Sets a game up and plays it through the table's UI, writing script lines.

    Bots (the game's own, ``bot(seed)`` of its registry module) decide every
    choice from the game state; the autoplayer only turns each decision into
    the presses and scans a player would make (the game's autoplay module,
    ``app/presenters``), reading the table's prompt (its options and selection)
    as a player reads the display. It never applies a choice itself.
    ``expect`` is the ``(seat, choice)`` the lines of the last call must make
    the table apply: :meth:`check` asserts it.

    ``game``: its registry name (default: the first game); ``mode``: its way to play
    (default: the game's first, ``games.default_mode``); ``options``: ``{name: value}``
    of the game's options to choose in setup (the rest keep their defaults; ValueError
    for a value the mode does not play, which the table would not offer); ``hands``:
    the value of the option "hands" for a game that asks it (None: its default).
    ``bot_seats`` are the players the table's own bots play (marked in setup);
    the autoplayer plays only the others, and waits while a table bot decides.
    A game the table resumed (after a power cut) is played on whatever its
    player count: each seat gets its bot when it first has to decide. A resumed
    game of another game is played by that game's bots.

    A game whose players hold pieces the table cannot see (Domino Golf's real set)
    says what a person does with them in its autoplay module's ``person(auto, table,
    seat)`` (the choice, or None for the bot's), which keeps those pieces in
    ``pieces``; a person then also does what needs hands at a table bot's turn.
    """

    def __init__(self, clubs, mode=None, course=sf.DEFAULT_COURSE, players=2,
                 hands=None, seed=1, bot_seed=0, seat_readers=False, bot_seats=(),
                 game=None, options=None):
        self.clubs = clubs
        self.game = game or games.names()[0]
        self.mode = games.default_mode(self.game) if mode is None else mode
        self.course = course
        self.players = players
        self.seed = seed
        self.options = dict(options or {})
        self.seat_readers = seat_readers
        self.bot_seats = tuple(bot_seats)
        self.bot_seed = bot_seed
        self._play_game(self.game, players)
        if hands is not None and "hands" in self._module.STEPS:
            self.options["hands"] = hands  # (the setup's hands: one of the game's options)
        refused = getattr(self._module, "refused", None)  # (a value the mode does not play)
        for name in self.options:
            why = refused(self.mode, name, self.options[name]) if refused is not None else None
            if why:
                raise ValueError(why)
        self.expect = None
        self.inputs = 0
        self.pieces = None

    def _play_game(self, game, players):
        # The rules, bots and keys of game ``game`` (bots for ``players`` seats).
        self.game = game
        self._module = games.load(game)
        self._play_keys = presenters.autoplay(game)
        self.bots = [self._module.bot(self.bot_seed + s) for s in range(players)]

    def next_lines(self, table):
        """The lines for what the table asks now; [] once the game is over."""
        self.expect = None
        if table.phase == T.PH_SETUP:
            return self._setup(table.setup)
        if table.game_name and table.game_name != self.game:
            self._play_game(table.game_name, 0)  # a resumed game of another game
        if table.phase == T.PH_REGISTER:
            return self._play_keys.register(self, table.flow)
        if table.phase == T.PH_PLAY:
            return self._play(table)
        return []

    def check(self, table):
        """Assert that the lines played made the table apply the bot's choice, and only it."""
        if table.game is None:
            return
        inputs = table.game.inputs
        # The table's own bots may act meanwhile: their inputs are theirs to check.
        made = [i for i in inputs[self.inputs:] if i[0] not in self.bot_seats]
        if self.expect is not None and made != [self.expect]:
            raise AssertionError("the table should have applied %r, it applied %r"
                                 % (self.expect, made))
        self.inputs = len(inputs)

    def scan(self, club, seat):
        """The line that lays club card ``club`` (on ``seat``'s reader, with one a seat)."""
        on = " on %d" % seat if self.seat_readers else ""
        return "scan %s%s%s" % (CLUB_PREFIX, self.clubs[club].id, on)

    def _setup(self, flow):
        st = flow.step
        if st == sf.S_START:
            return steps_to(flow.start_choice, 0, len(sf.START_LABELS)) + ["press OK"]
        if st == sf.S_GAME:
            target = [g.name for g in flow.games].index(self.game)
            return steps_to(flow.game_index, target, len(flow.games)) + ["press OK"]
        if st == sf.S_MODE:
            names = [m[0] for m in flow.module().MODES]
            return steps_to(flow.mode_index, names.index(self.mode), len(names)) + ["press OK"]
        if st == sf.S_COURSE:
            target = list(flow.course_names).index(self.course)
            return steps_to(flow.course_index, target, len(flow.course_names)) + ["press OK"]
        if st == sf.S_PLAYERS:
            lo, hi = flow.player_range()
            lines = steps_to(flow.players - lo, self.players - lo, hi - lo + 1)
            same = all([flow.bot[p] == (p in self.bot_seats) for p in range(self.players)])
            return lines + ["press OK" if same else "hold OK"]
        if st == sf.S_BOTS:
            # Bots back to people first: there must always be one person.
            return ["press " + DIR_NAMES[DIRECTIONS[p]] for p in range(self.players)
                    if flow.bot[p] and p not in self.bot_seats] + [
                "press " + DIR_NAMES[DIRECTIONS[p]] for p in self.bot_seats
                if not flow.bot[p]] + ["press OK"]
        if st >= sf.S_OPTION:
            i = st - sf.S_OPTION
            name = flow.options()[i][0]
            if name in self.options and flow.option(name) != self.options[name]:
                # One press at a time: the table skips the values the mode refuses.
                return ["press E"]
        if st == sf.S_CONFIRM:
            return ["seed %d" % self.seed, "press OK"]
        return ["press OK"]

    def _play(self, table):
        g = table.game
        d = g.pending()
        if d.kind == GAME_OVER:
            return []
        people = [s for s in d.waiting if s not in self.bot_seats]
        seat = people[0] if people else d.player
        while len(self.bots) <= seat:  # a resumed game may seat more players
            self.bots.append(self._module.bot(self.bot_seed + len(self.bots)))
        person = getattr(self._play_keys, "person", None)  # (a game with pieces in hand)
        choice = person(self, table, seat) if person is not None else None
        if choice is None:
            if not people:
                return ["wait %d" % T.BOT_MS]  # the table's bot decides
            choice = self.bots[seat].choose(g, seat)
        if seat not in self.bot_seats:  # (hands at a bot's draw: the input is the bot's)
            self.expect = (seat, choice)
        return self._play_keys.lines(self, table, seat, choice)


def autoplay(table, auto, play_line, limit=30000):
    """Play ``auto``'s lines with ``play_line(text)`` until the game is over; returns every
    line played: a script of the whole game."""
    out = []
    for _ in range(limit):
        lines = auto.next_lines(table)
        if not lines:
            return out
        for text in lines:
            play_line(text)
            out.append(text)
        auto.check(table)
    raise RuntimeError("the game did not finish within %d decisions" % limit)
