"""Golfer rating: each golfer card's effect on the sensible bot's game
(`teebox course rate --golfer`): its strokes per hole in Stroke Play, or its share of
the points in Match Play and Chaos Golf (``--mode match``, ``--mode chaos``).

The rulebook promises that a golfer's A-side is easier and its B-side harder. To see
how much on a course, every card side is played in ``rounds`` games of ``players``
:class:`~teebox.core.holes18.bots.SensibleBot` players (two, or three for Chaos Golf)
who draft their clubs (most golfers change the draft: G2 in RULES-NOTES.md), and so is
the same game without golfer cards. The card sits at seat ``i % players`` in game
``i``; the other seats play the base rules (Slick Rikesh borrows and takes their
clubs). :func:`pooled_gaps` and :func:`pooled_sides` average the figures of several
courses (``course rate all``). Game ``i`` of
every side uses seed ``seed + i``, so each side meets the same shuffles as the games
without golfers it is compared with.

Stroke Play counts strokes, read from the engine's outputs by
:class:`~teebox_host.scorecard.Tally`, as :mod:`teebox_host.rate` reads them. It does
not score the race to the green, where some cards do their work (Swift's initiative,
the card Bunjil's B-side shows everyone): Match Play does, so there a game counts the
card's seat's share of the points (flags and 1-point tokens) of all seats. Chaos Golf
(``--mode chaos``, three players or more) scores the race most: "There is no tie-break
and initiative order is used to determine who takes the 5 point token".
"""

from rich.console import Group
from rich.table import Table
from rich.text import Text

from teebox.core.holes18 import bots, engine, golfers, modes
from teebox.core.holes18.modes.chaos import ChaosGolf
from teebox.core.holes18.modes.match import MatchPlay
from teebox.core.holes18.modes.stroke import StrokePlay
from teebox.core.holes18.player import GOLFERS, SIDES
from teebox_host import render, scorecard
from teebox import shipped

PLAYERS = 2  # the golfer and one player of the base rules (someone to borrow from)
# The ways to play a rating plays (--mode): strokes, or a share of the points.
MODES = (StrokePlay.name, MatchPlay.name, ChaosGolf.name)


class SideRating:
    """One golfer side (``golfer``: ``(name, side)``, None for the games without golfer
    cards) over its games of ``mode`` (``MODES``): ``total`` (Stroke Play: the card's
    seat's strokes; Match Play: the sum of its share of the points in each game),
    ``holes`` played, ``per_game`` (each game's strokes or share, for a paired
    comparison; None for a game the bots did not finish) and ``unfinished`` (the seeds
    of those games, left out)."""

    def __init__(self, golfer, mode=StrokePlay.name, players=PLAYERS):
        self.golfer = golfer
        self.mode = mode
        self.players = players
        self.total = 0
        self.holes = 0
        self.per_game = []
        self.unfinished = []

    def units(self):
        """What the figure is an average over: holes (Stroke Play) or games (Match Play)."""
        if self.mode == StrokePlay.name:
            return self.holes
        return len(self.per_game) - len(self.unfinished)

    def average(self):
        """Average strokes per hole (Stroke Play), or share of the points per game."""
        return self.total / self.units()


def golfer_title(golfer):
    """How the rating names a golfer side: ``"Bunjil A"``, or ``"no golfer"``."""
    if golfer is None:
        return "no golfer"
    name, side = golfer
    return "%s %s" % (" ".join(w.capitalize() for w in name.split("-")), side)


def golfer_sides(name):
    """The ``(name, side)`` pairs to rate for ``--golfer NAME`` (``all``: every card of
    the base game; an expansion's card, Peter, is rated by name)."""
    if name == "all":
        return [(g, s) for g in golfers.base_game() for s in SIDES]
    if name not in GOLFERS:
        raise ValueError("--golfer %s: no such golfer (use all or one of: %s)"
                         % (name, ", ".join(GOLFERS)))
    return [(name, s) for s in SIDES]


def rate_side(course, golfer, rounds=40, seed=1, data=None, mode=StrokePlay.name,
              players=PLAYERS):
    """Play ``rounds`` drafted games of ``mode`` (``MODES``) of ``players`` bots with
    ``golfer`` (``(name, side)`` or None) at one seat, seat ``i % players`` in game
    ``i``; its :class:`SideRating`."""
    clubs, shots = data if data is not None else (shipped.load_default_clubs(),
                                                  shipped.load_default_shots())
    rating = SideRating(golfer, mode, players)
    for i in range(rounds):
        at = i % players
        golfers = None
        if golfer is not None:
            golfers = [None] * players
            golfers[at] = golfer
        setup = engine.Setup(players, mode, seed=seed + i, hands=engine.DRAFT,
                             golfers=golfers)
        game = engine.Game(course, clubs, shots, setup)
        seats = [bots.SensibleBot((seed + i) * 8 + s + 1) for s in range(players)]
        try:
            tally = scorecard.play_bots(game, seats)
        except RuntimeError:  # the bots walk in circles: reported, not counted
            rating.per_game.append(None)
            rating.unfinished.append(seed + i)
            continue
        if mode == StrokePlay.name:
            figure = sum(tally.holes[h][at].points() for h in tally.holes)
        else:
            # Every game scores a point at least (a flag, a token), so the sum is never 0.
            figure = game.players[at].score / sum(p.score for p in game.players)
        rating.total += figure
        rating.holes += len(tally.holes)
        rating.per_game.append(figure)
    return rating


def rate_golfers(course, name="all", rounds=40, seed=1, progress=None,
                 mode=StrokePlay.name, players=None):
    """The games without golfers, then each side of golfer ``name`` (``all``: every
    card), in games of ``mode`` (``MODES``) of ``players`` bots (None: two, or the
    fewest the mode is played by): a list of :class:`SideRating`, the games without
    golfers first. ``progress(sides_done)`` is called after each side. ValueError
    naming the option for an unknown golfer, a way to play not rated or a count out of
    range."""
    sides = golfer_sides(name)
    if mode not in MODES:
        raise ValueError("--mode %s: golfer cards are rated in %s"
                         % (mode, ", ".join(MODES[:-1]) + " or " + MODES[-1]))
    facts = modes.make(mode)
    lo, hi = facts.players
    players = max(PLAYERS, lo) if players is None else players
    if not max(PLAYERS, lo) <= players <= hi:
        raise ValueError("--players %d: golfer cards are rated in %s by %d to %d players"
                         % (players, facts.title, max(PLAYERS, lo), hi))
    if rounds < 2:
        raise ValueError("--rounds %d: rate a golfer over at least 2 games" % rounds)
    if seed < 0:
        raise ValueError("--seed %d: the seed must be 0 or more" % seed)
    data = (shipped.load_default_clubs(), shipped.load_default_shots())
    out = []
    for golfer in [None] + sides:
        out.append(rate_side(course, golfer, rounds, seed, data, mode, players))
        if progress is not None:
            progress(len(out))
    return out


def paired_spread(side, base):
    """The standard error of ``side``'s average (strokes per hole, or share of the
    points) against ``base``'s, from the game-by-game differences (both played the same
    seeds)."""
    pairs = [(a, b) for a, b in zip(side.per_game, base.per_game)
             if a is not None and b is not None]
    diffs = [a - b for a, b in pairs]
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return (var / n) ** 0.5 * n / side.units()


def side_gaps(ratings):
    """``(name, A minus B, its standard error)`` for each golfer whose two sides are
    both in ``ratings`` (:class:`SideRating` of the same seeds), in their order."""
    by = {r.golfer: r for r in ratings if r.golfer is not None}
    out = []
    for name, side in by:
        if side == "A" and (name, "B") in by:
            a = by[(name, "A")]
            b = by[(name, "B")]
            out.append((name, a.average() - b.average(), paired_spread(a, b)))
    return out


def _pooled(gaps):
    # The plain average of the courses' ``(gap, spread)`` (each course weighs the same)
    # and its spread: the courses' games are independent, the root of the sum of
    # squares over the count.
    k = len(gaps)
    return sum(g for g, _ in gaps) / k, sum(s * s for _, s in gaps) ** 0.5 / k


def pooled_gaps(by_course):
    """Each card's A − B on several courses: ``by_course`` a list of ``(course,
    ratings)``, each the :func:`rate_golfers` of the same card sides. A list of ``(name,
    [(gap, spread), ...] a course each, (gap, spread) over them all)``."""
    per = [side_gaps(ratings[1:]) for _, ratings in by_course]
    out = []
    for i, (name, _, _) in enumerate(per[0]):
        gaps = [(rows[i][1], rows[i][2]) for rows in per]
        out.append((name, gaps, _pooled(gaps)))
    return out


def pooled_sides(by_course):
    """Each card side against the games without a card on several courses (as
    :func:`pooled_gaps`): a list of ``(golfer, [(difference, spread), ...] a course
    each, (difference, spread) over them all)``."""
    out = []
    for i, side in enumerate(by_course[0][1][1:], 1):
        gaps = [(ratings[i].average() - ratings[0].average(),
                 paired_spread(ratings[i], ratings[0])) for _, ratings in by_course]
        out.append((side.golfer, gaps, _pooled(gaps)))
    return out


def _measured(gap, spread, mode):
    # 1: easier (fewer strokes, or more of the points), -1: harder, 0: within two
    # standard errors.
    if abs(gap) <= 2 * spread:
        return 0
    easier = -gap if mode == StrokePlay.name else gap
    return 1 if easier > 0 else -1


def verdict(gap, spread, mode):
    """What an A − B of ``mode`` says, by two standard errors: ``"A easier"``, ``"B
    easier"`` or ``"even"`` (not measurable)."""
    return ("even", "A easier", "B easier")[_measured(gap, spread, mode)]


def side_verdict(gap, spread, mode):
    """What a side's difference from the games without a card says, by two standard
    errors: ``"easier"``, ``"harder"`` or ``"even"``."""
    return ("even", "easier", "harder")[_measured(gap, spread, mode)]


# How the view words a share of the points (Match Play, Chaos Golf): the figure's column,
# vs none's note, A − B's note.
_SHARE = (
    "Points share",
    "vs none: the side's share of the points minus that seat's share in the games "
    "without golfers (positive: easier, the card wins more of the race); ±: one "
    "standard error of that difference.",
    "A − B: the A-side's share of the points minus the B-side's on the same games "
    "(positive: the A-side is easier).")

# How the view words each way to play: (its title, what the figure counts, the figure's
# column, vs none's note, A − B's note).
_WORDS = {
    StrokePlay.name: (
        "Stroke Play", "strokes per hole of that seat", "Strokes/hole",
        "vs none: the side's strokes per hole minus the games without golfers "
        "(negative: easier); ±: one standard error of that difference.",
        "A − B: the A-side's strokes per hole minus the B-side's on the same games "
        "(negative: the A-side is easier)."),
    MatchPlay.name: ("Match Play", "that seat's share of all seats' points (flags and "
                     "tokens), per game") + _SHARE,
    ChaosGolf.name: ("Chaos Golf", "that seat's share of all seats' points (5- and "
                     "2-point tokens), per game") + _SHARE,
}


def golfers_view(course, ratings, seed):
    """The ratings as a table: a row per golfer side, its figure (average strokes per
    hole, or share of the points) and the difference from the games without golfers
    (with its standard error), then each card's A − B."""
    base = ratings[0]
    games = len(base.per_game)
    mode, figure, column, vs_note, gap_note = _WORDS[base.mode]
    head = Text("%s (hash %s)" % (course.name, course.hash_hex()), style="bold")
    what = Text("%s of drafted %s per golfer side, %s, the card at one seat (seeds "
                "%d-%d); %s." % (render.count(games, "game"), mode,
                                 render.count(base.players, "SensibleBot"), seed,
                                 seed + games - 1, figure))
    table = Table()
    table.add_column("Golfer")
    table.add_column(column, justify="right")
    table.add_column("vs none", justify="right")
    table.add_column("±", justify="right")
    table.add_row(golfer_title(None), "%.3f" % base.average(), "", "")
    for r in ratings[1:]:
        table.add_row(golfer_title(r.golfer), "%.3f" % r.average(),
                      "%+.3f" % (r.average() - base.average()),
                      "%.3f" % paired_spread(r, base))
    parts = [head, what, table, Text(vs_note, style="dim")]
    gaps = side_gaps(ratings[1:])
    if gaps:
        # The rulebook's promise itself: "The A-SIDE makes the game easier and the
        # B-SIDE makes the game harder" (Stroke Play, negative: the A-side takes fewer
        # strokes; Match Play, positive: it wins more of the points).
        pairs = Table()
        pairs.add_column("Golfer")
        pairs.add_column("A − B", justify="right")
        pairs.add_column("±", justify="right")
        for name, gap, spread in gaps:
            pairs.add_row(golfer_title((name, "A")).rsplit(" ", 1)[0],
                          "%+.3f" % gap, "%.3f" % spread)
        parts += [pairs, Text(gap_note, style="dim")]
    for r in ratings:
        if r.unfinished:
            parts.append(Text("%s: %s left out, the bots did not finish (seeds %s)" % (
                golfer_title(r.golfer), render.count(len(r.unfinished), "game"),
                ", ".join(str(s) for s in r.unfinished)), style="yellow"))
    return Group(*parts)


def courses_view(by_course, seed):
    """Each card side against the games without a card, then each card's A − B, on
    every course of ``by_course`` (``(course, ratings)`` pairs of the same sides and
    seeds) and over them all, with what each says."""
    mode = by_course[0][1][0].mode
    games = len(by_course[0][1][0].per_game)
    what = "%s, %s a side (seeds %d-%d)" % (_WORDS[mode][0], render.count(games, "game"),
                                           seed, seed + games - 1)
    parts = []
    for title, rows, says in (
            ("Each side vs none, " + what, pooled_sides(by_course), side_verdict),
            ("A − B, " + what, pooled_gaps(by_course), verdict)):
        if not rows:
            continue
        table = Table(title=title)
        table.add_column("Golfer")
        for course, _ in by_course:
            table.add_column(course.name, justify="right")
        table.add_column("all courses", justify="right")
        table.add_column("says")
        for golfer, gaps, pooled in rows:
            name = (golfer_title(golfer) if isinstance(golfer, tuple)
                    else golfer_title((golfer, "A")).rsplit(" ", 1)[0])
            cells = ["%+.3f ±%.3f" % g for g in gaps + [pooled]]
            table.add_row(name, *cells, says(pooled[0], pooled[1], mode))
        parts.append(table)
    note = ("all courses: the average of the courses' figures, each course weighing the "
            "same, ± one standard error; says: by more than two standard errors, whether "
            "the side is easier or harder than no card, and which side is the easier (the "
            "rulebook: \"The A-SIDE makes the game easier and the B-SIDE makes the game "
            "harder\"), else even (worked out before the figures are rounded).")
    return Group(*parts, Text(note, style="dim"))
