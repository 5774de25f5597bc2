"""Course rating: how each hole plays for the sensible bot (`teebox course rate`).

The designer's check that a course and the card data are balanced: play
``rounds`` games of Stroke Play (every hole is played out, so every hole is
counted) with :class:`~teebox.core.holes18.bots.SensibleBot` in every seat, and report
per hole the par, the bot's average strokes (turns plus penalty strokes) and
how often each hazard caught a ball. Everything is read from the engine's
outputs through :class:`~teebox_host.scorecard.Tally` (ball flights, one-hex
moves, penalties, scores), so it counts exactly what a player at the table saw.

A *round* is one golfer's play of the whole course: ``rounds`` games of
``players`` golfers make ``rounds * players`` rounds. Game ``i`` uses seed
``seed + i`` and hands the first-game hands A to E round the table in turn,
so the figures are not those of one hand of clubs.
"""

from rich.console import Group
from rich.table import Table
from rich.text import Text

from teebox.core.holes18 import bots, cards, engine
from teebox.core.holes18.modes.stroke import StrokePlay
from teebox_host import render, scorecard
from teebox_host.scorecard import HAZARDS, HAZARD_LABELS
from teebox import shipped

# How the rating names the expansion modules it was played with.
MODULE_TITLES = {"greens": "Reading the Greens", "wind": "Taming the Wind",
                 "coast": "Coastlines"}


class HoleRating:
    """The figures of one hole over every round: ``strokes`` (sum), ``rounds``,
    ``caught[h]`` (rounds in which hazard ``h`` caught a ball at least once) and
    ``catches[h]`` (every time it did)."""

    def __init__(self, hole, par):
        self.hole = hole
        self.par = par
        self.rounds = 0
        self.strokes = 0
        self.caught = dict.fromkeys(HAZARDS, 0)
        self.catches = dict.fromkeys(HAZARDS, 0)

    def average(self):
        """Average strokes per round."""
        return self.strokes / self.rounds

    def share(self, hazard):
        """Share (0 to 1) of the rounds in which ``hazard`` caught a ball on this hole."""
        return self.caught[hazard] / self.rounds


class CourseRating:
    """Per-hole figures of a course (``holes``: a HoleRating per hole) and the whole
    round (``rounds``, ``caught``: rounds in which a hazard caught a ball anywhere,
    ``catches``: total catches). ``seed`` is the first game's seed; ``expansions`` the
    expansion modules the games played."""

    def __init__(self, course, seed=0, expansions=()):
        self.course = course
        self.seed = seed
        self.expansions = tuple(expansions)
        self.holes = [HoleRating(n, course.hole(n)[0]) for n in range(1, course.hole_count + 1)]
        self.rounds = 0
        self.games = 0
        self.caught = dict.fromkeys(HAZARDS, 0)
        self.catches = dict.fromkeys(HAZARDS, 0)

    def add(self, tally):
        """Count a finished Stroke Play game (its :class:`~teebox_host.scorecard.Tally`)."""
        self.games += 1
        for seat in range(tally.players):
            self.rounds += 1
            anywhere = set()
            for rating in self.holes:
                line = tally.holes[rating.hole][seat]
                rating.rounds += 1
                rating.strokes += line.points()
                for hazard in HAZARDS:
                    n = line.caught[hazard]
                    rating.catches[hazard] += n
                    self.catches[hazard] += n
                    if n:
                        rating.caught[hazard] += 1
                        anywhere.add(hazard)
            for hazard in anywhere:
                self.caught[hazard] += 1

    def average(self):
        """Average strokes for the whole course per round."""
        return sum(h.strokes for h in self.holes) / self.rounds


def first_game_hands(clubs, game, players, expansions=()):
    """Club indices of the first-game hands for ``game``: seat ``s`` gets hand
    letter ``(game + s) % 5`` (A to E in turn); with the wind module the wind hybrids
    take the place of the base hybrids they replace."""
    pool = cards.clubs_for(clubs, cards.HAND_SIZE, expansions)
    out = []
    for seat in range(players):
        letter = cards.HANDS[(game + seat) % len(cards.HANDS)]
        out.append([i for i in range(len(clubs))
                    if clubs[i].hand == letter and clubs[i] in pool])
    return out


def rate_course(course, rounds=20, players=1, seed=1, progress=None, expansions=()):
    """Play ``rounds`` Stroke Play games of ``players`` SensibleBots; a CourseRating.
    ``expansions``: the expansion modules played (``"wind"``: Taming the Wind).

    ``progress(games_done)`` is called after each game. ValueError naming the option
    if ``rounds``, ``players`` or ``seed`` is out of range.
    """
    lo, hi = StrokePlay.players
    if rounds < 1:
        raise ValueError("--rounds %d: play at least 1 round" % rounds)
    if not lo <= players <= hi:
        raise ValueError("--players %d: %s is played by %d to %d players"
                         % (players, StrokePlay.title, lo, hi))
    if seed < 0:
        raise ValueError("--seed %d: the seed must be 0 or more" % seed)
    clubs = shipped.load_default_clubs()
    shots = shipped.load_default_shots()
    wind = shipped.load_default_wind() if "wind" in expansions else None
    rating = CourseRating(course, seed, expansions)
    for i in range(rounds):
        setup = engine.Setup(players, StrokePlay.name, seed=seed + i,
                             hands=first_game_hands(clubs, i, players, expansions),
                             expansions=expansions)
        game = engine.Game(course, clubs, shots, setup, wind=wind)
        seats = [bots.SensibleBot((seed + i) * 8 + s + 1) for s in range(players)]
        rating.add(scorecard.play_bots(game, seats))
        if progress is not None:
            progress(i + 1)
    return rating


def _percent(part, whole):
    return "%d%%" % round(100 * part / whole)


def rating_view(rating):
    """The rating as a table: a row per hole, a total row, then catches per round."""
    course = rating.course
    head = Text("%s (hash %s)" % (course.name, course.hash_hex()), style="bold")
    last = rating.seed + rating.games - 1
    seeds = "seed %d" % last if last == rating.seed else "seeds %d-%d" % (rating.seed, last)
    games = Text("%s of Stroke Play%s, %s each (%s): %s" % (
        render.count(rating.games, "game"),
        " with " + ", ".join(MODULE_TITLES[m] for m in rating.expansions)
        if rating.expansions else "",
        render.count(rating.rounds // rating.games, "SensibleBot"),
        seeds, render.count(rating.rounds, "round")))
    note = Text("Strokes: turns plus penalty strokes. Hazards: share of rounds in which the "
                "hazard caught a ball on the hole (Total: anywhere on the course).", style="dim")
    table = Table(show_footer=True)
    table.add_column("Hole", footer="Total", justify="right")
    par = render.total_par(course)
    table.add_column("Par", footer=str(par), justify="right")
    average = rating.average()
    table.add_column("Strokes", footer="%.2f" % average, justify="right")
    table.add_column("vs par", footer="%+.2f" % (average - par), justify="right")
    for hazard in HAZARDS:
        table.add_column(HAZARD_LABELS[hazard].capitalize(),
                         footer=_percent(rating.caught[hazard], rating.rounds), justify="right")
    for h in rating.holes:
        table.add_row(str(h.hole), str(h.par), "%.2f" % h.average(), "%+.2f" % (h.average() - h.par),
                      *[_percent(h.caught[z], h.rounds) for z in HAZARDS])
    per_round = Text("Catches per round: " + ", ".join(
        "%s %.2f" % (HAZARD_LABELS[z], rating.catches[z] / rating.rounds) for z in HAZARDS))
    return Group(head, games, note, table, per_round)
