"""Scorecards of Teebox games: what happened on each hole, and the final card.

A :class:`Tally` reads the engine's outputs as a game goes (a live demo, a
replayed log, later a synced game) and keeps, for every hole and player, the
turns, the hazards that caught the ball and what was scored. It hands back a
:class:`HoleResult` each time a hole is finished (Chaos Golf, where holes have
no order: a :class:`ChaosRound` for each round in which tokens were taken; Golf
Racing, where each golfer plays its own hole: one for the racers leaving a hole).
The ``*_view`` functions draw them with rich; :meth:`Tally.card` is the same
final card as plain data (what the golden game test compares).
"""

from rich.console import Group
from rich.table import Table
from rich.text import Text

from teebox.core import games, scoring
from teebox.core.holes18 import engine
from teebox.core.holes18.expansions.greens_play import (OUT_ACE_ROLL, OUT_LONGEST_PUTT,
                                                         OUT_MALLET_ROLL, OUT_PUTT)
from teebox.core.holes18.expansions.putting import OUTCOME_NAMES, SUNK
from teebox.core.holes18.protocol import (
    BUNKER, FLAG, GREEN_REACHED, OUT_FLIGHT, OUT_GAME_OVER, OUT_HOLE_IN_ONE,
    OUT_LONGEST_DRIVE, OUT_MISS_TURN, OUT_MOVE, OUT_NEXT_HOLE, OUT_OF_BOUNDS, OUT_PENALTY,
    OUT_REACHED, OUT_SCORED, OUT_TURN, POLICY_OUTPUTS, STROKES, TOKEN_1, TOKEN_2, TOKEN_5,
    WATER)
from teebox_host import render

# A golfer's colour on the map and in tables, by seat: strong colours that no
# terrain uses, with a readable number on top.
PLAYER_STYLES = (
    "bold #ffffff on #d00000",
    "bold #ffffff on #7b2cbf",
    "bold #000000 on #ff9f1c",
    "bold #000000 on #ff66c4",
    "bold #000000 on #00e5ff",
)

# Hazards a ball can be caught by, in table order, with their labels.
HAZARDS = ("water", "bunker", "trees", "out")
HAZARD_LABELS = {"water": "water", "bunker": "bunker", "trees": "trees hit",
                 "out": "out of bounds"}

# What a scorecard cell shows for each kind of token won (a green reached in Golf
# Racing shows the round it was reached in: the race's split times).
_CELL = {FLAG: "F", TOKEN_1: "1", TOKEN_2: "2", TOKEN_5: "5"}
# What a round's claims say a player took on a green (Chaos Golf, Kelly Golf).
_TOKEN_WORDS = {FLAG: "the flag", TOKEN_1: "1-point token", TOKEN_2: "2-point token",
                TOKEN_5: "5-point token"}
# What a hole's result says a player took on the green.
_AWARD = {FLAG: "the flag", TOKEN_1: "a 1-point token"}


def mode_facts(mode):
    """The mode object whose facts a scorecard shows (``legend``, ``unit``,
    ``scored_per_hole``, ``roams``, ``lower_wins``): ``mode`` itself, or the 18 Holes
    mode of that name (found through the game registry)."""
    if isinstance(mode, str):
        return games.load("18-holes").records.mode_facts(mode)
    return mode


class _Legends:
    """``LEGEND[mode]``: the legend under a scorecard, as the mode words it."""

    def __getitem__(self, mode):
        return mode_facts(mode).legend


LEGEND = _Legends()


def player_name(seat):
    """``"player 1"`` for seat 0: the name the engine's messages use too."""
    return engine.player_name(seat)


def player_text(seat):
    """A player's name in their colour."""
    text = Text()
    text.append(" %d " % (seat + 1), style=PLAYER_STYLES[seat])
    text.append(" " + player_name(seat))
    return text


def golfer_overlays(positions, partners=()):
    """Map overlays for ``render.course_map``: each golfer's number in its colour.

    ``positions`` lists ``(q, r)`` per seat; ``partners`` per seat the hex of its second
    golfer or None (a team's two golfers, Chaos Teams, both show its number). Golfers
    sharing a hex show as ``12`` (the first two numbers) in the first one's colour.
    """
    at = {}
    for seat in range(len(positions)):
        at.setdefault(tuple(positions[seat]), []).append(seat)
    for seat in range(len(partners)):
        if partners[seat] is not None:
            at.setdefault(tuple(partners[seat]), []).append(seat)
    overlays = {}
    for hexes, seats in at.items():
        label = "".join(str(s + 1) for s in seats[:2])
        overlays[hexes] = (label, PLAYER_STYLES[seats[0]])
    return overlays


class HoleLine:
    """One player's play of one hole: counters taken from the engine's outputs."""

    def __init__(self):
        self.turns = 0          # turns taken (out of bounds included)
        self.missed = 0         # turns missed in the water
        self.penalties = 0      # Stroke Play penalty strokes
        self.reached = 0        # the round the player reached the green, 0 if not
        self.scores = []        # (kind, points) scored on this hole
        self.hole_in_one = False
        self.caught = dict.fromkeys(HAZARDS, 0)  # times each hazard caught the ball
        # Reading the Greens: (target, total, outcome) of each putt, as it ended (after a
        # Mallet Putter re-roll), and how many re-rolls the Mallet Putter made
        self.putts = []
        self.mallets = 0
        self.ace_roll = None  # (target, total, outcome) of the roll for a hole-in-one

    def sunk_from(self):
        """The target of the putt that went in on this hole, or None."""
        for target, _total, outcome in self.putts:
            if outcome == SUNK:
                return target
        return None

    def points(self):
        """Sum of the points scored on the hole."""
        return sum(points for _kind, points in self.scores)


class HoleResult:
    """A finished hole: ``hole``, ``par``, ``lines`` (a HoleLine per seat),
    ``positions`` (where each golfer ended it), the rounds it took, ``seats``, the
    players whose hole it was (everyone, but in Golf Racing the racers leaving it, in a
    Skins elimination the players still in it), and ``worth``, the points lying on its
    green when it was teed off (0: none; Skins: a jackpot shows here)."""

    def __init__(self, hole, par, lines, positions, first_round, last_round, seats, worth=0):
        self.hole = hole
        self.par = par
        self.lines = lines
        self.positions = positions
        self.first_round = first_round
        self.last_round = last_round
        self.seats = seats
        self.worth = worth


class ChaosRound:
    """A Chaos Golf round in which tokens were taken: ``claims`` lists
    ``(seat, hole, kind, points, golfer)`` (``golfer``: which of a team's golfers took
    it, ``"golfer 2"``, in Chaos Teams; else None); ``positions`` after the round, and
    ``partners`` where each team's second golfer stands (Chaos Teams; else empty)."""

    def __init__(self, round_no, claims, positions, partners=(), notes=()):
        self.round = round_no
        self.claims = claims
        self.positions = positions
        self.partners = partners
        self.notes = notes  # what the mode's own outputs said (Solo Chaos Golf's opponents)


class Tally:
    """Reads a game's outputs and keeps its scorecard.

    Feed it ``game.initial_outputs`` first, then what every ``apply`` returns.
    ``holes[h]`` is a list of HoleLine per seat; ``scored`` lists
    ``(hole, seat, kind, points)`` in the order they were scored.
    """

    def __init__(self, game):
        self.game = game
        self.course = game.course
        self.mode = game.mode
        self.players = len(game.players)
        self.chaos = game.mode.roams  # holes in any order: rounds, not holes, are reported
        self.spread = game.mode.spread  # each golfer on its own hole: reported per racer
        self.holes = {}
        self.hole_of = [0] * self.players
        self.positions = [(0, 0)] * self.players
        self.scored = []
        self.hole_in_ones = []      # (seat, hole)
        self.longest_drive = None   # (seat, hole) of the last player to take the card
        self.greens = "greens" in game.expansions  # Reading the Greens: putts are shown
        self.longest_putt = None    # (seat, target, hole) of the longest putt card's holder
        self._putted = 0            # the hole of the last putt (a racer may be on the next)
        self.standings = None       # from OUT_GAME_OVER
        self._round = game.round    # the round the next batch of outputs starts in
        self._first_round = [1] * self.players  # per seat: the round its hole began
        self._claims = []
        self._notes = []            # this round's notes of the mode's own outputs
        self._worth = {}            # hole: the points on its green when it was teed off
        self.greens_at_start = None  # [(hole, points on its green)] at the first tee-off

    def line(self, seat, hole=None):
        """The HoleLine of ``seat`` on ``hole`` (its current hole by default)."""
        hole = self.hole_of[seat] if hole is None else hole
        lines = self.holes.get(hole)
        if lines is None:
            lines = self.holes[hole] = [HoleLine() for _ in range(self.players)]
        return lines[seat]

    def feed(self, outs):
        """Take one batch of outputs; returns the holes (or chaos rounds) finished by it."""
        done = []
        for out in outs:
            kind = out[0]
            if kind == OUT_NEXT_HOLE:
                seats, hole = out[1], out[2]
                if self.hole_of[seats[0]]:
                    # (the golfers teeing off together all leave the same hole)
                    done.append(self._finish_hole(self.hole_of[seats[0]], seats))
                self._tee_off(seats, hole)
                for seat in seats:
                    # Chaos Golf holes have no order: its counters stay on "hole 0".
                    self.hole_of[seat] = 0 if self.chaos else hole
                    self.positions[seat] = (out[3], out[4])
            elif kind == OUT_TURN:
                self.line(out[1]).turns += 1
            elif kind == OUT_MISS_TURN:
                self.line(out[1]).missed += 1
            elif kind == OUT_FLIGHT:
                self._landed(out[1], out[3], out[4], out[5])
            elif kind == OUT_MOVE:
                self._landed(out[1], out[2], out[3], 0)
            elif kind == OUT_PENALTY:
                self.line(out[1]).penalties += 1
            elif kind == OUT_REACHED:
                self.line(out[1], out[2]).reached = self._round
            elif kind == OUT_SCORED:
                self._score(out[1], out[2], out[3], out[4])
            elif kind == OUT_HOLE_IN_ONE:
                self.line(out[1], out[2]).hole_in_one = True
                self.hole_in_ones.append((out[1], out[2]))
            elif kind == OUT_LONGEST_DRIVE:
                self.longest_drive = (out[1], self.hole_of[out[1]])
            elif kind == OUT_GAME_OVER:
                self.standings = out[1]
                done += self._finish_all()
            elif self.greens and kind in (OUT_PUTT, OUT_MALLET_ROLL, OUT_ACE_ROLL,
                                          OUT_LONGEST_PUTT):
                self._putting(out)
            elif kind >= POLICY_OUTPUTS:
                note = self.mode.output_text(self.game, out)
                if note is not None:
                    self._notes.append(note)
        # Turns (and so scores) happen in the round a batch starts in; the batch that
        # ends a round also begins the next one.
        if (self._claims or self._notes) and (self.game.round != self._round or self.game.over):
            done.append(ChaosRound(self._round, self._claims, *self._golfers(),
                                   notes=self._notes))
            self._claims = []
            self._notes = []
        self._round = self.game.round
        return done

    def _putting(self, out):
        # Reading the Greens: a putt (or the Mallet Putter's re-roll of the putt just
        # thrown), and the longest putt card changing hands.
        kind, seat = out[0], out[1]
        if kind == OUT_LONGEST_PUTT:
            self.longest_putt = (seat, out[2], self._putted)
            return
        line = self.line(seat)
        putt = (out[2], out[4], out[6])  # target, total, outcome
        if kind == OUT_ACE_ROLL:
            # The roll for a hole-in-one (the engine says so), not a putt.
            line.ace_roll = putt
            return
        self._putted = self.hole_of[seat]
        if kind == OUT_MALLET_ROLL:
            line.putts[-1] = putt
            line.mallets += 1
        else:
            line.putts.append(putt)

    def _golfers(self):
        # Where the golfers stand now, and each team's second golfer (Chaos Teams: which
        # of its two a landing moved is the game's, so both are read from it).
        g = self.game
        partners = [self.mode.partner(g, p) for p in g.players]
        if partners.count(None) == len(partners):
            return list(self.positions), ()
        return [p.position() for p in g.players], partners

    def _tee_off(self, seats, hole):
        # The points lying on the greens (Skins), and a hole played again: in an
        # elimination (Skins) only the players in it tee off, on a hole played before,
        # whose new lines keep what was scored on that green.
        mode = self.mode
        if self.greens_at_start is None:
            self.greens_at_start = [(h, mode.green_tokens(h))
                                    for h in range(1, self.course.hole_count + 1)]
        self._worth[hole] = mode.green_tokens(hole)
        if self.spread or self.chaos:
            return
        for s in range(self.players):
            if s not in seats:
                self.hole_of[s] = 0  # out of the play (eliminated)
        old = self.holes.get(hole)
        if old is not None:
            self.holes[hole] = [HoleLine() for _ in range(self.players)]
            for s in range(self.players):
                self.holes[hole][s].scores = list(old[s].scores)

    def _landed(self, seat, land, outcome, hit_tree):
        line = self.line(seat)
        self.positions[seat] = tuple(land)
        if hit_tree:
            line.caught["trees"] += 1
        if outcome == WATER:
            line.caught["water"] += 1
        elif outcome == BUNKER:
            line.caught["bunker"] += 1
        elif outcome == OUT_OF_BOUNDS:
            line.caught["out"] += 1

    def _score(self, seat, hole, kind, points):
        self.line(seat, hole).scores.append((kind, points))
        self.scored.append((hole, seat, kind, points))
        if self.chaos:
            # (read as the batch ends: the golfer a team moved stays so until its next turn)
            self._claims.append((seat, hole, kind, points, self.mode.mover(self.game, seat)))

    def _finish_all(self):
        # The game is over: the hole every golfer is on ends (in Golf Racing each
        # racer's own, the leaders' first).
        seats = range(self.players)
        holes = sorted(set(self.hole_of[s] for s in seats if self.hole_of[s]), reverse=True)
        return [self._finish_hole(h, tuple(s for s in seats if self.hole_of[s] == h))
                for h in holes]

    def _finish_hole(self, hole, seats):
        lines = self.holes.get(hole) or [HoleLine() for _ in range(self.players)]
        last = self._round
        if not self.spread:
            # Everyone on the hole plays (and ends) it together (not those eliminated).
            seats = tuple(s for s in range(self.players) if self.hole_of[s] == hole)
        result = HoleResult(hole, self.course.hole(hole)[0], lines, list(self.positions),
                            min(self._first_round[s] for s in seats), last, seats,
                            self._worth.get(hole, 0))
        for s in seats:
            self._first_round[s] = last + 1
        return result

    def card(self):
        """The final card as JSON-ready data: scores by hole, hole-in-ones, longest drive,
        standings (``[place, seat, score, hole_in_ones]``)."""
        return {
            "scored": [list(s) for s in self.scored],
            "hole_in_ones": [list(h) for h in self.hole_in_ones],
            "longest_drive": self.longest_drive[0] if self.longest_drive else -1,
            "standings": [list(row) for row in (self.standings or self.game.standings())],
        }


def play_bots(game, seats, each=None, limit=20000):
    """Play ``game`` to the end with ``seats[seat]`` (a bot) choosing for each seat.

    ``each(tally, result)`` is called for every finished hole (or chaos round).
    Returns the :class:`Tally`; RuntimeError if the game needs more than
    ``limit`` choices (random bots seldom finish a hole in Stroke Play).
    """
    tally = Tally(game)
    tally.feed(game.initial_outputs)
    for _ in range(limit):
        if game.over:
            return tally
        d = game.pending()
        seat = d.waiting[0] if d.waiting else d.players[0]
        for result in tally.feed(game.apply(seats[seat].choose(game, seat), seat)):
            if each is not None:
                each(tally, result)
    if not game.over:
        raise RuntimeError("the game did not finish within %d choices" % limit)
    return tally


def tally_inputs(game, inputs):
    """Apply ``inputs`` (``(seat, choice)`` pairs) to a fresh ``game`` and tally it.

    Returns ``(tally, results)``; IllegalMove propagates with ``.index`` set to
    the position of the refused input.
    """
    tally = Tally(game)
    results = tally.feed(game.initial_outputs)
    for i in range(len(inputs)):
        seat, choice = inputs[i]
        try:
            outs = game.apply(choice, seat)
        except engine.IllegalMove as exc:
            exc.index = i
            raise
        results += tally.feed(outs)
    return tally, results


# ---------------------------------------------------------------- drawing


def _hazard_words(line):
    words = []
    for hazard, noun in (("water", "water"), ("bunker", "bunker"), ("trees", "tree hit"),
                         ("out", "out of bounds")):
        n = line.caught[hazard]
        if n:
            words.append("%d %s" % (n, noun) if hazard == "out" else render.count(n, noun))
    return words


def _score_words(mode, line, par):
    # What a player made of the hole, in the mode's terms.
    if mode.scored_per_hole:
        if not line.scores:
            return "did not finish"
        kind, points = line.scores[0]
        scored = render.amount(points, mode.unit)
        if kind == STROKES:
            diff = points - par
            return "holed out: %s (%s)" % (scored, "par" if diff == 0 else "%+d" % diff)
        return "holed out: %s" % scored
    if not line.reached:
        # (Reading the Greens: a golfer on the green reaches it by sinking the putt)
        return ("the ball did not go in" if line.putts or line.ace_roll is not None
                else "not on the green")
    kind = line.scores[0][0] if line.scores else 0
    words = "on the green in round %d" % line.reached
    return words + (": " + _AWARD[kind] if kind in _AWARD else "")


def _putt_words(line):
    # Reading the Greens: "2 putts (rolled 12 for 14: short; sunk from 14)".
    said = []
    for target, total, outcome in line.putts:
        said.append("sunk from %d" % target if outcome == SUNK
                    else "rolled %d for %d: %s" % (total, target, OUTCOME_NAMES[outcome]))
    mallet = ", Mallet Putter re-roll" if line.mallets else ""
    return "%s (%s%s)" % (render.count(len(line.putts), "putt"), "; ".join(said), mallet)


def hole_result_view(tally, result):
    """A finished hole as text: one line per player (turns, hazards, score)."""
    mode = tally.mode
    worth = ", %s on the green" % render.count(result.worth, "point") if result.worth else ""
    head = Text("Hole %d (par %d%s), rounds %d-%d" % (result.hole, result.par, worth,
                                                      result.first_round, result.last_round),
                style="bold")
    lines = [head]
    for seat in result.seats:
        line = result.lines[seat]
        words = [render.count(line.turns, "turn")]
        if line.missed:
            words.append("%d missed" % line.missed)
        words += _hazard_words(line)
        if line.penalties:
            words.append(render.count(line.penalties, "penalty stroke"))
        if line.ace_roll is not None and line.ace_roll[2] != SUNK:
            # (the roll is in, or it is not: "beside the cup" means nothing from the tee)
            target, total, _outcome = line.ace_roll
            words.append("hole-in-one roll: %d for %d, missed" % (total, target))
        if line.putts:
            words.append(_putt_words(line))
        text = Text("  ")
        text.append_text(player_text(seat))
        text.append(": %s; %s" % (", ".join(words), _score_words(mode, line, result.par)))
        if line.hole_in_one:
            text.append("  HOLE-IN-ONE", style="bold")
        lines.append(text)
    return Group(*lines)


def chaos_round_view(tally, result):
    """A Chaos Golf round in which tokens were taken."""
    lines = [Text("Round %d" % result.round, style="bold")]
    # One line per green landed on, with every token taken there (Kelly Golf's target
    # pays two).
    landed = []
    for seat, hole, kind, _points, golfer in result.claims:
        if landed and landed[-1][:2] == (seat, hole):
            landed[-1][3].append(kind)
        else:
            landed.append((seat, hole, golfer, [kind]))
    for seat, hole, golfer, kinds in landed:
        text = Text("  ")
        text.append_text(player_text(seat))
        if golfer:  # a team's: which of its golfers (Chaos Teams)
            text.append("'s " + golfer)
        text.append(" landed on the green of hole %d: %s"
                    % (hole, " and ".join(_TOKEN_WORDS[k] for k in kinds)))
        if tally.line(seat, hole).hole_in_one:
            text.append("  HOLE-IN-ONE", style="bold")
        lines.append(text)
    lines += [Text("  " + note) for note in result.notes]
    return Group(*lines)


def result_view(tally, result):
    """The view of whatever :meth:`Tally.feed` returned (a hole or a chaos round)."""
    if isinstance(result, ChaosRound):
        return chaos_round_view(tally, result)
    return hole_result_view(tally, result)


def position_map(tally, positions, partners=()):
    """The course map with each golfer's number where it stands (``partners``: see
    :func:`golfer_overlays`)."""
    return render.course_map(tally.course, golfer_overlays(positions, partners))


def hole_cell(mode, line):
    """One player's entry for one hole on the scorecard, in the mode's own terms
    (``mode``: the mode object, or its name)."""
    mode = mode_facts(mode)
    if not line.scores:
        return "-" if mode.scored_per_hole else ""
    if mode.scored_per_hole:
        return str(line.points())
    return " ".join("r%d" % line.reached if kind == GREEN_REACHED else _CELL[kind]
                    for kind, _points in line.scores)


def hole_table(tally):
    """Per-hole table of the final card: a row per hole, a column per player."""
    mode = tally.mode
    standings = tally.standings or tally.game.standings()
    totals = {row[1]: row[2] for row in standings}
    table = Table(title="Scorecard", show_footer=True, title_justify="left")
    table.add_column("Hole", footer="Total", justify="right")
    table.add_column("Par", footer=str(render.total_par(tally.course)), justify="right")
    for seat in range(tally.players):
        table.add_column("P%d" % (seat + 1), footer=str(totals[seat]), justify="right")
    # Automated opponents that are no seats (Solo Chaos Golf) have columns of their own.
    others = mode.opponents(tally.game)
    for name, points, _tokens in others:
        table.add_column(name, footer=str(points), justify="right")
    for hole in range(1, tally.course.hole_count + 1):
        lines = tally.holes.get(hole)
        cells = [hole_cell(mode, lines[s]) if lines else "" for s in range(tally.players)]
        cells += [" ".join(_CELL[kind] for h, kind in tokens if h == hole)
                  for _name, _points, tokens in others]
        table.add_row(str(hole), str(tally.course.hole(hole)[0]), *cells)
    return table


def standings_table(tally):
    """Places, scores and what the mode's tie-break counts (hole-in-one tokens, Skins'
    elimination holes), best first."""
    standings = tally.standings or tally.game.standings()
    unit = tally.mode.unit
    table = Table(title="Standings", title_justify="left")
    table.add_column("Place", justify="right")
    table.add_column("Player")
    table.add_column(unit.capitalize(), justify="right")
    table.add_column(tally.mode.count_title, justify="right")  # the tie-break it counts
    rows = [(place, player_text(seat), score, str(count))
            for place, seat, score, count in standings]
    # Automated opponents (Solo Chaos Golf) placed among the players by their points.
    others = tally.mode.opponents(tally.game)
    everyone = [row[2] for row in standings] + [points for _n, points, _t in others]
    rows += [(scoring.place_among(points, everyone), Text(" " + name), points, "")
             for name, points, _tokens in others]
    for place, who, score, count in sorted(rows, key=lambda r: r[0]):
        table.add_row(str(place), who, str(score), count)
    return table


def _names(seats):
    names = [str(s + 1) for s in seats]
    if len(names) == 1:
        return "player " + names[0]
    return "players " + ", ".join(names[:-1]) + " and " + names[-1]


def summary_lines(tally):
    """Winner(s), hole-in-ones and the longest drive, one line each."""
    standings = tally.standings or tally.game.standings()
    first = [row[1] for row in standings if row[0] == 1]
    others = tally.mode.opponents(tally.game)
    if not first and others:
        # An automated opponent is ahead (Solo Chaos Golf): it is named.
        top = max(points for _name, points, _tokens in others)
        win = ("Winner: " if tally.standings is not None else "Leading: ") + " and ".join(
            name for name, points, _tokens in others if points == top)
    elif tally.standings is None:
        win = "Leading (game not finished): " + _names(first)
    elif len(first) == 1:
        win = "Winner: " + _names(first)
    else:
        win = "Shared win: " + _names(first)
    if tally.hole_in_ones:
        hio = "Hole-in-ones: " + ", ".join("%s on hole %d" % (player_name(s), h)
                                           for s, h in tally.hole_in_ones)
    else:
        hio = "Hole-in-ones: none"
    if tally.longest_drive is None:
        drive = "Longest drive: nobody played the longest drive card"
    elif tally.chaos:
        drive = "Longest drive: %s" % player_name(tally.longest_drive[0])
    else:
        drive = "Longest drive: %s (hole %d)" % (player_name(tally.longest_drive[0]),
                                                  tally.longest_drive[1])
    lines = [Text(win, style="bold"), Text(hio), Text(drive)]
    if tally.greens:
        if tally.longest_putt is None:
            lines.append(Text("Longest putt: nobody sank a putt in a single roll"))
        else:
            seat, target, hole = tally.longest_putt
            lines.append(Text("Longest putt: %s (target %d%s)" % (
                player_name(seat), target, ", hole %d" % hole if hole else "")))
    return lines


def secret_lines(tally):
    """What the mode kept secret, revealed once the game is over (Kelly Golf: the targets
    still held at the end); nothing for a game not finished or a mode without secrets."""
    revealed = tally.mode.revealed(tally.game)
    if revealed is None:
        return []
    held = ["%s: %s" % (player_name(seat), "green %d" % revealed[seat] if revealed[seat]
                        else "none")
            for seat in range(len(revealed))]
    return [Text("Secret targets at the end: " + "; ".join(held))]


def greens_line(tally):
    """The points lying on each green when the first hole was teed off (Skins: the
    players' 5s and the shuffled 1s and 2s), or None when no green held any (or the
    holes are played in any order, where every green starts alike)."""
    start = tally.greens_at_start
    if tally.chaos or not start or not any(points for _hole, points in start):
        return None
    return Text("Points on the greens at the first tee: " + ", ".join(
        "%d: %d" % (hole, points) for hole, points in start))


def putts_table(tally):
    """Reading the Greens: per hole and player the putts taken and the target the putt
    went in from ("2, in from 14"), or None for a game without the module."""
    if not tally.greens:
        return None
    table = Table(title="Putts", show_footer=True, title_justify="left")
    table.add_column("Hole", footer="Total", justify="right")
    totals = [0] * tally.players
    rows = []
    for hole in range(1, tally.course.hole_count + 1):
        lines = tally.holes.get(hole)
        cells = []
        for seat in range(tally.players):
            line = lines[seat] if lines else None
            if line is None or not line.putts:
                cells.append("")
                continue
            totals[seat] += len(line.putts)
            sunk = line.sunk_from()
            cells.append("%d%s" % (len(line.putts), "" if sunk is None else ", in from %d"
                                   % sunk))
        rows.append((str(hole), *cells))
    for seat in range(tally.players):
        table.add_column("P%d" % (seat + 1), footer=str(totals[seat]), justify="right")
    for row in rows:
        table.add_row(*row)
    return table


def final_view(tally):
    """The final scorecard: per-hole table, the putts (Reading the Greens), standings,
    winners, hole-in-ones, longest drive and putt, and what the mode kept secret."""
    greens = greens_line(tally)
    putts = putts_table(tally)
    return Group(hole_table(tally), Text(tally.mode.legend, style="dim"),
                 *([greens] if greens is not None else []),
                 *([Text(), putts] if putts is not None else []), Text(),
                 standings_table(tally), Text(), *summary_lines(tally), *secret_lines(tally))
