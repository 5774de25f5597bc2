"""Domino Golf on the table (see ``app/presenters/__init__.py`` for what a presenter
does, ``docs/table-guide.md`` "Domino Golf" for the players).

The LEDs draw the hole in play up the middle of the board: the tee (dim white) at the
bottom, then the lay-up and the approach dominoes (par 5 and 4), each its higher number
in fairway green above its lower number in rough green (a double is water: both blue),
the sand just below it and a tree beside it; the green at the top, its higher number
the hole. Each player's marker stands where their ball lies: the tee, the fairway or
the rough of the domino they reached, its sand, or the hole once they are down; the
marker of the player to shoot pulses and the domino aimed at blinks. The numbers are on
the OLED: the domino aimed at, the lie, the strokes and the score against par.

Golf bags are secret: the table deals them, and a player sees theirs only in a private
peek (OK, while the others look away; BACK hides it). While peeking the directions
step through the bag, the gods of golf and the changes of luck; OK plays. A player
whose table has tagged dominoes may lay the domino of their bag on the reader instead
(the display never names it): an unknown tag blinks red and changes nothing.

With a real set (the setup's "Tagged dominoes": ``core/dominogolf/real.py``) the
players deal and draw from their own dominoes: the table asks for each one turned face
up ("Scan the green": the OLED names it, the LEDs blink where it goes) and a player
plays from their bag by laying the domino on the reader; OK goes with the gods of golf.
A scanned domino that lies face up already, or an unknown tag, blinks red and changes
nothing.
"""

from teebox.app.bindings import Bindings
from teebox.app.presenters.dominogolf import tags
from teebox.app.presenters.felt import Felt
from teebox.app.setup_flow import step_index
from teebox.app.view import FLASH_BUNKER, FLASH_GREEN, FLASH_HOLE_IN_ONE, FLASH_OUT, FLASH_WATER
from teebox.core.dominogolf.board import MIN_SIZE, HoleMap, station_name
from teebox.hal.display import ROWS, wrap
from teebox.core.scoring import to_par
from teebox.core.hexgrid import E
from teebox.core.dominogolf import bot as bots
from teebox.core.dominogolf import dominoes, rules, shots
from teebox.core.dominogolf.protocol import (
    DRAW, DRAW_NAMES, DRAWN, FOR_GODS, FOR_GREEN, FROM_GODS, FROM_LUCK, GODS, IN_SAND, KEEP,
    KEEP_SHOT, LIE_NAMES, LUCK, OUT_BAGS, OUT_CHECK, OUT_DRAWN, OUT_GREEN_DOUBLE, OUT_HOLE,
    OUT_LUCK, OUT_MULLIGAN, OUT_PLAYOFF, OUT_REFILL, OUT_SCORED, OUT_SHOT, PLAY, SHOT, TAKE,
    TAKE_ONE)

# How a result reads on the OLED (shorter than the rules' names).
RESULT_TEXT = ("", "fairway", "rough", "sand", "tree", "water", "1 putt", "2 putts",
               "3 putts", "sand +4", "holed")
# The flash at the cell a result lands on, by result (0: none).
_FLASHES = (0, FLASH_GREEN, 0, FLASH_BUNKER, FLASH_OUT, FLASH_WATER, FLASH_GREEN, FLASH_GREEN,
            FLASH_GREEN, FLASH_BUNKER, FLASH_HOLE_IN_ONE)
_NOTE_LINES = 1       # what just happened: its first line stays under the prompt


def bot_seed(game, seat):
    """The seed of a bot's choice: the game and how many choices it holds, never the
    clock, so a game resumed after a power cut goes on as it would have."""
    return (game.setup.seed * 4096 + len(game.inputs)) * 8 + seat


class Presenter:
    """Domino Golf for one table (``table``: the shell, :class:`~teebox.app.table.Table`)."""

    def __init__(self, table):
        self.t = table
        self.board = None
        self.peek = False      # the player to shoot is looking at their golf bag
        self.luck_at = -1      # a real set: the seat pointed at, while the double is scanned
        self.aim = 0           # the station the shot pending is played from
        self.map = None        # the hole as last drawn (``core/dominogolf/board.HoleMap``)
        self._tags = None      # the tags of the table's dominoes, read when one is laid
        self.lines = []        # what just happened, for the note

    # ------------------------------------------------------------ starting

    def flow(self, setup):
        """Nothing comes between the setup and the game."""
        return False

    def setup_note(self):
        """Nothing to add to the setup's last check: the table deals the dominoes."""
        return ""

    def new_game(self, setup, seed, rng, flow=None):
        """The rules object of the setup's answers; the table draws from ``seed``."""
        if self.t.width < MIN_SIZE[0] or self.t.height < MIN_SIZE[1]:
            raise ValueError("Domino Golf needs a board of at least %d x %d cells, not %d x %d"
                             % (MIN_SIZE[0], MIN_SIZE[1], self.t.width, self.t.height))
        return rules.Game(rules.Setup(setup.players, seed, setup.option("holes"),
                                      setup.option("mulligan"), setup.option("change_luck"),
                                      setup.option("real_set")), rng)

    def begin(self, game):
        """The first hole."""
        self.lines = []
        self._tags = None  # read again: dominoes may have been learned since the last game
        self.draw()

    def resumed(self):
        """Rebuilt after a power cut: every ball where it lay."""
        self.lines = []
        self.draw()

    def leave(self):
        """The game is left (nothing animates)."""

    def all_at_once(self):
        """One player shoots at a time."""
        return False

    # ------------------------------------------------------------ the LEDs

    def ball_cell(self, seat):
        """Where ``seat``'s marker stands (``HoleMap.ball``); -1 for a player out of the
        playoff."""
        g = self.t.game
        if seat not in g.playing:
            return -1
        return self.map.ball(g.station[seat], g.lie[seat])

    def draw(self):
        """Lay the hole in play and every marker (the renderer draws the new board)."""
        t = self.t
        g = t.game
        if self.map is None or (g.layout and self.map.layout != g.layout):
            # (once the game is over its last hole stays: the rules clear the layout)
            self.map = HoleMap(t.width, t.height, list(g.layout))
        for seat in range(g.setup.players):
            t.view.golfer[seat] = self.ball_cell(seat)
        self.board = Felt(t.width, t.height, self.map.kinds(), "Domino Golf")
        t.course = self.board

    def outputs(self, outs):
        """What happened, as the note under the prompt and a flash where the ball came
        down; the hole redrawn."""
        t = self.t
        for o in outs:
            k = o[0]
            if k == OUT_SHOT:
                seat, d, source, res = o[1], o[2], o[3], o[4]
                how = "gods " if source == FROM_GODS else ("luck " if source == FROM_LUCK
                                                           else "")
                self._say("P%d %s%s %s" % (seat + 1, how, dominoes.name(d), RESULT_TEXT[res]))
                if _FLASHES[res]:  # (on the hole it was played on, as drawn)
                    t.view.start_flash(_FLASHES[res], seat, self.map.landing(self.aim, res),
                                       t.clock.ticks_add(t.now, 900))
            elif k == OUT_CHECK:
                self._say("P%d picks %s: %s" % (o[1] + 1, dominoes.name(o[2]),
                                                 "IN!" if o[3] else "no"))
            elif k == OUT_DRAWN:
                self._say("P%d draws 1 more" % (o[1] + 1))  # (into a secret bag: unnamed)
            elif k == OUT_LUCK:
                self._say("P%d shows %s:\nP%d's bag face up" % (o[1] + 1, dominoes.name(o[2]),
                                                                o[3] + 1))
            elif k == OUT_MULLIGAN:
                self._say("P%d: mulligan" % (o[1] + 1))
            elif k == OUT_SCORED:
                self._say("H%d P%d %d, par %d" % (o[2], o[1] + 1, o[3], o[4]))
            elif k == OUT_HOLE:
                if o[1] > 1:  # the hole just played comes first: everyone's strokes
                    self.lines = [self.hole_summary(o[1] - 2)]
                self._say("Hole %d: par %d" % (o[1], o[2]))
            elif k == OUT_BAGS:
                self._say("New bags of %d" % o[3])
            elif k == OUT_GREEN_DOUBLE:
                self._say("Green %s a double:\nmixed back" % dominoes.name(o[1]))
            elif k == OUT_REFILL:
                self._say("Gods of golf refilled")
            elif k == OUT_PLAYOFF:
                self._say("Playoff: " + " ".join(["P%d" % (s + 1) for s in o[1]]))
        t.note = "\n".join(self.lines)
        if t.game is not None:
            self.draw()

    def hole_summary(self, h):
        """Hole ``h`` (from 0) as one line: its par and each seat's strokes in seat order,
        ``-`` for a seat that sat it out (a playoff): ``H3 p4: 4 5 3``."""
        g = self.t.game
        regular = g.setup.holes
        out = []
        for s in range(g.setup.players):
            done = g.scores[s] if h < regular else g.playoff_scores[s]
            at = h if h < regular else h - regular
            out.append(str(done[at]) if at < len(done) else "-")
        return "H%d p%d: %s" % (h + 1, g.pars[h], " ".join(out))

    def _say(self, line):
        # The first things that happened are what the next player needs to hear.
        if len(self.lines) < _NOTE_LINES:
            self.lines.append(line)

    def tick(self, now):
        """Nothing moves by itself."""

    def busy_until(self):
        """No animation keeps a bot waiting."""
        return None

    # ------------------------------------------------------------ decisions

    def enter(self):
        """The buttons for the decision now: a shot (hidden until its player peeks), a
        domino to take from a bag turned face up, or keeping the shot (mulligan)."""
        t = self.t
        d = t.d
        seat = d.player
        t.view.active = seat
        self.peek = False
        self.luck_at = -1
        self.lines = []
        if d.kind == DRAW or d.kind == TAKE and t.game.real:
            # A real set: the domino is scanned (``on_scan``); no button names one.
            self.aim = d.station
        elif d.kind == SHOT:
            self.aim = d.station
            t.opts = self.shot_options(seat)
            # (the sand, or a real set: the gods, in the open)
            t.sel = 0 if len(t.opts) == 1 or t.game.real else -1
        else:
            if d.kind == TAKE:
                self.aim = d.station
            t.opts = t.game.choices(seat)
            t.opts.sort()
            t.sel = 0
        self._cursor()

    def _cursor(self):
        # The domino aimed at blinks; while its player peeks (or takes a domino of a bag
        # turned face up), the cell where the option shown would land: the LED-only form
        # of the preview (it names no domino).
        t = self.t
        d = t.d
        if d.kind == DRAW and d.draw < FOR_GODS:
            t.view.cursor = self.draw_cell()
            return
        cell = self.map.spots(d.station + 1)[0]
        if (self.peek or d.kind == TAKE) and t.opts:
            res = t.game.preview(t.selected(), d.player)
            if res:
                cell = self.map.landing(d.station, res)
        t.view.cursor = cell

    def draw_cell(self):
        """Where the hole's domino to scan goes: the green at the top, then the approach
        and the lay-up below it, as the hole will lie."""
        g = self.t.game
        n = len(g.layout)
        final = shots.par_of(g.layout[-1]) - 2 if n else 1  # the hole's dominoes in all
        return HoleMap(self.t.width, self.t.height, [0] * final).spots(final - n)[0]

    def shot_options(self, seat):
        """The shot's choices in the order the buttons step through them: the bag's
        dominoes (lowest first), the gods of golf, then each change of luck. With a real
        set the bag's dominoes are laid on the reader: the gods of golf, then a change of
        luck at each player with a bag, ``(LUCK, -1, seat)`` (the double is scanned)."""
        g = self.t.game
        if g.real:
            luck = g.setup.change_luck and g.bags[seat] and g.lie[seat] != IN_SAND
            return [(GODS,)] + [(LUCK, -1, s) for s in g.playing
                                if luck and s != seat and g.bags[s]]
        opts = self.t.game.choices(seat)
        opts.sort(key=lambda c: (0 if c[0] == PLAY else (1 if c[0] == GODS else 2),) + c[1:])
        return opts

    def bot(self, seat):
        """The choice of the bot at ``seat`` (``core/dominogolf/bot.SensibleBot``)."""
        g = self.t.game
        return bots.SensibleBot(bot_seed(g, seat)).choose(g, seat)

    def bot_at_once(self, choice):
        """A bot's shot is shown (hidden) for a moment, like a person's."""
        return False

    def act(self, seat, choice):
        """A bot's choice, taken like a person's."""
        self.t.apply(choice, seat)

    # ------------------------------------------------------------ buttons

    def _hidden(self):
        t = self.t
        return t.d.kind == SHOT and not self.peek and len(t.opts) > 1 and not t.game.real

    def on_dir(self, d):
        """The next (right-hand buttons) or previous option; nothing while the bag is
        hidden."""
        t = self.t
        if self._hidden() or not t.opts:  # (nothing to step through: a scan comes next)
            return
        t.sel = step_index(t.sel, len(t.opts), d)
        self._cursor()
        t.show_decision()

    def on_more(self):
        """Holding OK: peek at the bag, or the next option."""
        if self._hidden():
            self.on_ok()
        else:
            self.on_dir(E)

    def on_ok(self):
        """Peek at the bag (hidden), else play the option shown."""
        t = self.t
        if self._hidden():
            self.peek = True
            t.sel = 0
            t.note = ""  # (the OLED's lines are the bag's now)
            self._cursor()
            t.show_decision()
            return
        c = t.selected()
        if not t.opts or self.luck_at >= 0:
            t.refuse("lay the domino on the reader")
        elif c[0] == LUCK and c[1] < 0:  # a real set: the double shown is scanned next
            self.luck_at = c[2]
            t.show_decision()
        else:
            t.apply(c, t.d.player)

    def on_back(self):
        """Hide the bag again."""
        t = self.t
        if self.luck_at >= 0:
            self.luck_at = -1
            t.show_decision()
        elif t.d.kind == SHOT and self.peek:
            self.peek = False
            t.sel = -1 if len(t.opts) > 1 else 0
            self._cursor()

    def on_scan(self, seat, uid):
        """A tagged domino laid on the reader: played from the shooter's bag (or, at a
        change of luck, taken from the bag face up), the display never naming it. An
        unknown tag blinks red and changes nothing."""
        t = self.t
        if self._tags is None:
            self._tags = Bindings(t.store, tags.pieces(), tags)
            bad = self._tags.problems
            if bad:  # (said once, with the first line: its domino must be learned again)
                t.refuse("%s%s: learn again" % (bad[0], " (+%d more)" % (len(bad) - 1)
                                                if len(bad) > 1 else ""))
                return
        d = self._tags.piece_of(uid)
        if d < 0:
            t.refuse("unknown tag: learn the dominoes first (Learn cards, hold OK)")
            return
        kind = t.d.kind
        if kind == DRAW:  # a real set's draw: whoever drew it scans it, a bot's too
            t.apply((DRAWN, d), t.d.player)
        elif t.is_bot(t.d.player):
            t.refuse("%s is a bot: it plays by itself" % t.label(t.d.player))
        elif seat is not None and seat != t.d.player:
            t.refuse("it is P%d's shot" % (t.d.player + 1))
        elif kind == SHOT and self.luck_at >= 0:  # the double shown for a change of luck
            t.apply((LUCK, d, self.luck_at), t.d.player)
        elif kind == SHOT or kind == TAKE:
            t.apply((PLAY if kind == SHOT else TAKE_ONE, d), t.d.player)
        else:
            t.refuse("keep your shot or take your mulligan with the buttons")

    # ------------------------------------------------------------ the OLED

    def score_text(self, seat):
        """``seat``'s game against par so far: ``tot +2``."""
        g = self.t.game
        done = len(g.scores[seat])
        return "tot " + to_par(g.totals[seat] - sum(g.pars[:done]))


    def _option_text(self, choice, seat):
        g = self.t.game
        if choice[0] == GODS:
            return "Gods of golf"
        if choice[0] == LUCK and choice[1] < 0:
            return "Luck at P%d" % (choice[2] + 1)
        if choice[0] == LUCK:
            return "Luck %s at P%d" % (dominoes.name(choice[1]), choice[2] + 1)
        if choice[0] == KEEP_SHOT:
            return "Keep the shot"
        if choice[0] != PLAY and choice[0] != TAKE_ONE:
            return "Mulligan (%d)" % g.mulligans[seat]
        res = g.preview(choice, seat)
        return "%s %s" % (dominoes.name(choice[1]), RESULT_TEXT[res] if res else "")

    def show(self):
        """The decision on the OLED (16 x 8): the hole, the shooter's score against par,
        the domino aimed at and the lie; the bag only while its player peeks; with a real
        set, the domino to scan. What just happened gets the lines left (:func:`fit`)."""
        t = self.t
        d = t.d
        if d.kind == DRAW and d.draw < FOR_GODS:
            g = t.game
            pile = "greens" if d.draw == FOR_GREEN and g.greens and g.held < 0 else "gods"
            lines = ["Hole %d" % d.hole, "Turn the %s" % DRAW_NAMES[d.draw],
                     "up from the %s:" % pile, "scan it"]
            t.play_prompt.set("\n".join(lines), d.kind, -1, 0, -1)
        else:
            self._show_turn()
        text, t.note = fit(t.play_prompt.text, t.note)
        t.play_prompt.text = text
        return text

    def _show_turn(self):
        t = self.t
        g = t.game
        d = t.d
        seat = d.player
        lines = ["H%d par %d %s" % (d.hole, d.par, self.score_text(seat)), t.label(seat),
                 "%s %s=%d" % (station_name(g.layout, d.station), dominoes.name(d.target),
                               dominoes.pips(d.target)),
                 "%s %d so far" % (LIE_NAMES[d.lie], g.strokes[seat])]
        count, index = len(t.opts), t.sel
        if d.kind == DRAW:  # a real set's gods-of-golf pick, or a double's hole-in pick
            lines.append("Draw a %s\ndomino: scan it" % DRAW_NAMES[d.draw])
            count, index = 0, -1
        elif d.kind == TAKE and g.real:
            lines.append("P%d's bag face up:\nscan the one you\ntake, and play it"
                         % (d.source + 1))
            count, index = 0, -1
        elif g.real and self.luck_at >= 0:
            lines.append("Show a double:\nscan it (at P%d)\nBACK: cancel" % (self.luck_at + 1))
            count, index = 0, -1
        elif g.real and d.lie != IN_SAND and g.bags[seat]:
            lines.append("Lay a bag domino\nor OK:")
            lines.append("> " + self._option_text(t.selected(), seat))
        elif d.kind == KEEP:
            lines.append("%s: keep it?" % RESULT_TEXT[d.result])
            lines.append("> " + self._option_text(t.selected(), seat))
        elif d.kind == TAKE:
            lines.append("Take from P%d:" % (d.source + 1))
            lines.append(" ".join([dominoes.name(c[1]) for c in t.opts]))
            lines.append("> " + self._option_text(t.selected(), seat))
        elif self._hidden():
            lines.append("Bag %d: secret\nOthers look away\nOK: peek" % len(g.bags[seat]))
            count, index = 0, -1
        elif len(t.opts) == 1:
            lines.append("%s: gods of golf\nOK: draw, play" % (
                "Sand" if d.lie == IN_SAND else "No bag"))
        else:
            lines.append("Bag " + " ".join([dominoes.name(x) for x in sorted(g.bags[seat])]))
            lines.append("> " + self._option_text(t.selected(), seat))
            if len(wrap("\n".join(lines))) < ROWS:  # (a six-domino bag leaves no room)
                lines.append("BACK: hide")
        t.play_prompt.set("\n".join(lines), d.kind, seat, count, index)

    def standings_line(self, row):
        """A line of the final standings: place, player, strokes, against par."""
        g = self.t.game
        place, seat, total, _tiebreak = row
        return "%d. P%d %d %s" % (place, seat + 1, total,
                                  to_par(total - sum(g.pars[:len(g.scores[seat])])))


def fit(text, note):
    """``(text, note)`` fitted to the OLED's 8 lines of 16: the prompt's lines past the
    last cut (none should be), then the note (what just happened) in the lines left,
    its last one cut short with a dot when it runs on."""
    lines = wrap(text)[:ROWS]
    room = ROWS - len(lines)
    said = wrap(note) if note else []
    if len(said) > room:
        said = said[:room]
        if said:
            said[-1] = said[-1][:15] + "."
    return "\n".join(lines), "\n".join(said)
