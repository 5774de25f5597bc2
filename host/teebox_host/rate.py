"""Course rating: how each hole plays for the sensible bot (`teebox course rate`).

The designer's check that a course and the card data are balanced: play
``rounds`` games (Stroke Play by default: every hole is played out, so every hole is
counted) with :class:`~teebox.core.holes18.bots.SensibleBot` in every seat, and report
per hole the par, the bot's average strokes (turns plus penalty strokes) and
how often each hazard caught a ball. Everything is read from the engine's
outputs through :class:`~teebox_host.scorecard.Tally` (ball flights, one-hex
moves, penalties, scores), so it counts exactly what a player at the table saw.

Any other way to play is rated by what matters in it, read from the mode's facts
(never its name): a mode that scores every hole (Stableford) shows its average
score per hole in its own unit; a mode that scores greens shows per green what it
paid per game (Skins' jackpots, Kelly Golf's targets), how often it was claimed, and
when: the rounds a hole took and how often it was tied (Match Play, Skins), the
rounds a racer spent on it (``spread``: Golf Racing) or the round it was first
claimed in (``roams``: Chaos Golf, Kelly Golf); then the games' length, the
winners' scores and the hazards' catches per game.

A *round* is one golfer's play of the whole course: ``rounds`` games of
``players`` golfers make ``rounds * players`` rounds. Game ``i`` uses seed
``seed + i`` and hands the first-game hands A to E round the table in turn,
so the figures are not those of one hand of clubs.

``teebox course rate --solo`` measures the course's solo par instead
(:func:`rate_solo`): Solo Chaos Golf games at every deck rank the solo cards build with
six combined scoring rounds, and the share the bot wins at each.
"""

from rich.console import Group
from rich.table import Table
from rich.text import Text

from teebox.core.holes18 import bots, cards, engine, modes
from teebox.core.holes18.modes import solo
from teebox.core.holes18.modes.stroke import StrokePlay
from teebox.core.holes18.protocol import EXTRA
from teebox_host import options, render, scorecard
from teebox_host.scorecard import HAZARDS, HAZARD_LABELS, ChaosRound
from teebox import shipped

# How the rating names the expansion modules it was played with.
MODULE_TITLES = {"greens": "Reading the Greens", "wind": "Taming the Wind",
                 "coast": "Coastlines"}


class HoleRating:
    """The figures of one hole over every round: ``strokes`` (sum), ``rounds``,
    ``caught[h]`` (rounds in which hazard ``h`` caught a ball at least once),
    ``catches[h]`` (every time it did) and ``putts`` (sum; Reading the Greens)."""

    def __init__(self, hole, par):
        self.hole = hole
        self.par = par
        self.rounds = 0
        self.strokes = 0
        self.putts = 0
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

    def __init__(self, course, seed=0, mode=StrokePlay.name, bounds=engine.STRICT,
                 expansions=()):
        self.course = course
        self.seed = seed
        self.mode = modes.make(mode)
        self.bounds = bounds  # the out-of-bounds rule the games were played by
        self.expansions = tuple(expansions)  # the expansion modules played
        self.holes = [HoleRating(n, course.hole(n)[0]) for n in range(1, course.hole_count + 1)]
        self.rounds = 0
        self.games = 0
        self.caught = dict.fromkeys(HAZARDS, 0)
        self.catches = dict.fromkeys(HAZARDS, 0)

    def add(self, tally, results=()):
        """Count a finished game of a mode that scores every hole (its
        :class:`~teebox_host.scorecard.Tally`; ``results`` are not needed)."""
        self.games += 1
        for seat in range(tally.players):
            self.rounds += 1
            anywhere = set()
            for rating in self.holes:
                line = tally.holes[rating.hole][seat]
                rating.rounds += 1
                rating.strokes += line.points()
                rating.putts += len(line.putts)
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


class GreenRating:
    """What one green meant over every game of a mode scoring greens: ``paid`` (points
    scored on it), ``claimed`` (games in which somebody scored on it), ``plays`` (times
    the hole was played: per racer in a spread mode), ``rounds`` (rounds those plays
    took), ``tied`` (plays in which several players reached it in the same round),
    ``first`` (sum of the rounds it was first claimed in, roaming modes, over the
    games it was claimed in), ``putts`` and ``putters`` (Reading the Greens: the putts
    taken on it, by how many golfers, over every game) and
    ``games``."""

    def __init__(self, hole, par):
        self.hole = hole
        self.par = par
        self.paid = 0
        self.claimed = 0
        self.plays = 0
        self.rounds = 0
        self.tied = 0
        self.first = 0
        self.putts = 0
        self.putters = 0
        self.games = 0


class ModeRating:
    """Per-green figures of a course in a mode that scores greens (``holes``: a
    GreenRating per hole), the games' length (``rounds``), the winners' scores
    (``winners``) and the hazards' catches (``catches``), over ``games`` games."""

    def __init__(self, course, seed, mode, bounds=engine.STRICT, expansions=()):
        self.course = course
        self.seed = seed
        self.mode = modes.make(mode)
        self.bounds = bounds  # the out-of-bounds rule the games were played by
        self.expansions = tuple(expansions)  # the expansion modules played
        self.holes = [GreenRating(n, course.hole(n)[0]) for n in range(1, course.hole_count + 1)]
        self.games = 0
        self.players = 0
        self.rounds = 0
        self.winners = 0
        self.catches = dict.fromkeys(HAZARDS, 0)

    def add(self, tally, results):
        """Count a finished game: its Tally and the holes (or chaos rounds) it finished."""
        self.games += 1
        self.players = tally.players
        self.rounds += tally.game.round
        self.winners += tally.standings[0][2]
        paid = {}
        for hole, _seat, _kind, points in tally.scored:
            paid[hole] = paid.get(hole, 0) + points
        first = {}
        for result in results:
            if isinstance(result, ChaosRound):
                for _seat, hole, _kind, _points, _golfer in result.claims:
                    first.setdefault(hole, result.round)
            else:
                self._played(result)
        for g in self.holes:
            g.games += 1
            g.paid += paid.get(g.hole, 0)
            g.claimed += int(g.hole in paid)
            g.first += first.get(g.hole, 0)
        for hole, lines in tally.holes.items():
            for line in lines:
                for hazard in HAZARDS:
                    self.catches[hazard] += line.caught[hazard]
                if line.putts and 1 <= hole <= len(self.holes):
                    self.holes[hole - 1].putts += len(line.putts)
                    self.holes[hole - 1].putters += 1

    def _played(self, result):
        g = self.holes[result.hole - 1]
        plays = len(result.seats) if self.mode.spread else 1  # a racer plays its own hole
        g.plays += plays
        g.rounds += plays * (result.last_round - result.first_round + 1)
        reached = [result.lines[s].reached for s in result.seats if result.lines[s].reached]
        if reached and reached.count(min(reached)) > 1:
            g.tied += 1


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


def rate_course(course, rounds=20, players=None, seed=1, progress=None, mode=StrokePlay.name,
                bounds=engine.STRICT, expansions=()):
    """Play ``rounds`` games of ``mode`` (a name of ``modes.NAMES``) of ``players``
    SensibleBots (default: the fewest the mode is played by), out of bounds by the rule
    ``bounds`` (``engine.Setup``); a CourseRating for a mode scoring every hole, else a
    ModeRating (its ``bounds`` says which rule). ``expansions``: the expansion modules
    played (``"greens"``: Reading the Greens, ``"wind"``: Taming the Wind).

    ``progress(games_done)`` is called after each game. ValueError naming the option
    if ``mode``, ``rounds``, ``players`` or ``seed`` is out of range.
    """
    try:
        facts = modes.make(mode)
    except ValueError as exc:
        raise ValueError("--mode %s: %s" % (mode, exc))
    lo, hi = facts.players
    players = lo if players is None else players
    if rounds < 1:
        raise ValueError("--rounds %d: play at least 1 round" % rounds)
    if not lo <= players <= hi:
        raise ValueError("--players %d: %s is played by %d to %d players"
                         % (players, facts.title, lo, hi))
    if seed < 0:
        raise ValueError("--seed %d: the seed must be 0 or more" % seed)
    clubs = shipped.load_default_clubs()
    shots = shipped.load_default_shots()
    data = options.module_data(expansions)
    rating = (CourseRating(course, seed, mode, bounds, expansions) if facts.scored_per_hole
              else ModeRating(course, seed, mode, bounds, expansions))
    for i in range(rounds):
        setup = engine.Setup(players, mode, seed=seed + i,
                             hands=first_game_hands(clubs, i, players, expansions),
                             expansions=expansions, bounds=bounds)
        game = engine.Game(course, clubs, shots, setup, **data)
        seats = [bots.SensibleBot((seed + i) * 8 + s + 1) for s in range(players)]
        results: list = []
        tally = scorecard.play_bots(game, seats, lambda _t, result: results.append(result))
        rating.add(tally, results)
        if progress is not None:
            progress(i + 1)
    return rating


def _percent(part, whole):
    return "%d%%" % round(100 * part / whole)


def _seeds(rating):
    # The seeds played, the expansion modules and the out-of-bounds variation if the
    # games played them.
    last = rating.seed + rating.games - 1
    seeds = "seed %d" % last if last == rating.seed else "seeds %d-%d" % (rating.seed, last)
    if rating.expansions:
        seeds += ", with " + ", ".join([MODULE_TITLES[m] for m in rating.expansions])
    return seeds if rating.bounds == engine.STRICT else seeds + ", out of bounds: " + rating.bounds


def rating_view(rating):
    """The rating as a table: a row per hole, a total row, then catches per round (a
    mode that scores greens: :func:`green_view`)."""
    if isinstance(rating, ModeRating):
        return green_view(rating)
    course = rating.course
    mode = rating.mode
    head = Text("%s (hash %s)" % (course.name, course.hash_hex()), style="bold")
    games = Text("%s of %s, %s each (%s): %s" % (
        render.count(rating.games, "game"), mode.title,
        render.count(rating.rounds // rating.games, "SensibleBot"), _seeds(rating),
        render.count(rating.rounds, "round")))
    unit = mode.unit.capitalize()
    what = ("turns plus penalty strokes" if mode.lower_wins
            else "the average %s of the hole (%s)" % (mode.unit, mode.legend))
    putts = "greens" in rating.expansions  # Reading the Greens: how hard each green putts
    note = Text("%s: %s. Hazards: share of rounds in which the hazard caught a ball on the "
                "hole (Total: anywhere on the course).%s" % (
                    unit, what, " Putts: the average putts on its green." if putts else ""),
                style="dim")
    table = Table(show_footer=True)
    table.add_column("Hole", footer="Total", justify="right")
    par = render.total_par(course)
    table.add_column("Par", footer=str(par), justify="right")
    average = rating.average()
    table.add_column(unit, footer="%.2f" % average, justify="right")
    if mode.lower_wins:  # strokes against par; points are not counted in strokes
        table.add_column("vs par", footer="%+.2f" % (average - par), justify="right")
    if putts:
        table.add_column("Putts", footer="%.2f" % (sum(h.putts for h in rating.holes)
                                                   / rating.rounds), justify="right")
    for hazard in HAZARDS:
        table.add_column(HAZARD_LABELS[hazard].capitalize(),
                         footer=_percent(rating.caught[hazard], rating.rounds), justify="right")
    for h in rating.holes:
        vs_par = ["%+.2f" % (h.average() - h.par)] if mode.lower_wins else []
        putted = ["%.2f" % (h.putts / h.rounds)] if putts else []
        table.add_row(str(h.hole), str(h.par), "%.2f" % h.average(), *vs_par, *putted,
                      *[_percent(h.caught[z], h.rounds) for z in HAZARDS])
    per_round = Text("Catches per round: " + ", ".join(
        "%s %.2f" % (HAZARD_LABELS[z], rating.catches[z] / rating.rounds) for z in HAZARDS))
    return Group(head, games, note, table, per_round)


def green_view(rating):
    """A mode scoring greens: per green its par, the points it paid per game, how often
    it was claimed and when (see the module docstring), then the games' length, the
    winners' average score and the hazards' catches per game."""
    course = rating.course
    mode = rating.mode
    head = Text("%s (hash %s)" % (course.name, course.hash_hex()), style="bold")
    games = Text("%s of %s, %s each (%s)" % (
        render.count(rating.games, "game"), mode.title,
        render.count(rating.players, "SensibleBot"), _seeds(rating)))
    n = rating.games
    if mode.roams:
        when = ("Round", "the average round it was first claimed in",
                lambda g: "%.1f" % (g.first / g.claimed) if g.claimed else "-")
    elif mode.spread:
        when = ("Rounds", "the average rounds a racer spent on the hole",
                lambda g: "%.1f" % (g.rounds / g.plays) if g.plays else "-")
    else:
        when = ("Rounds", "the average rounds the hole took",
                lambda g: "%.1f" % (g.rounds / g.plays) if g.plays else "-")
    tied = not mode.roams and not mode.spread  # everyone on one hole: it can be tied
    putts = "greens" in rating.expansions  # Reading the Greens: how hard each green putts
    note = Text("Paid: what the green scored per game, in %s (%s). Claimed: share of games in "
                "which it scored. %s: %s.%s%s" % (
                    mode.unit, mode.legend, when[0], when[1],
                    " Tied: share of plays in which several players reached it in the "
                    "same round." if tied else "",
                    " Putts: the average putts of a golfer who putted on it." if putts else ""),
                style="dim")
    table = Table(show_footer=True)
    table.add_column("Green", footer="Total", justify="right")
    table.add_column("Par", footer=str(render.total_par(course)), justify="right")
    paid = sum(g.paid for g in rating.holes)
    table.add_column("Paid", footer="%.2f" % (paid / n), justify="right")
    table.add_column("Claimed", justify="right")
    table.add_column(when[0], justify="right")
    if tied:
        table.add_column("Tied", justify="right")
    if putts:
        table.add_column("Putts", justify="right")
    for g in rating.holes:
        row = [str(g.hole), str(g.par), "%.2f" % (g.paid / n), _percent(g.claimed, n),
               when[2](g)]
        if tied:
            row.append(_percent(g.tied, g.plays) if g.plays else "-")
        if putts:
            row.append("%.1f" % (g.putts / g.putters) if g.putters else "-")
        table.add_row(*row)
    length = Text("A game takes %.1f rounds; the winner scores %.2f %s." % (
        rating.rounds / n, rating.winners / n, mode.unit))
    per_game = Text("Catches per game: " + ", ".join(
        "%s %.2f" % (HAZARD_LABELS[z], rating.catches[z] / n) for z in HAZARDS))
    return Group(head, games, note, table, length, per_game)


# The share of games the sensible bot must win at a deck rank for the rank to be the
# course's solo par: "a challenging experience" is a coin flip for the bot (a player
# who thinks ahead wins a little more often; a higher rank is a win to be proud of).
SOLO_PAR_SHARE = 0.5


class SoloRating:
    """Solo Chaos Golf at each deck rank: ``wins[rank]`` of ``games`` games each (seeds
    ``seed`` on), and ``par()``, the highest rank the bot wins at least half of."""

    def __init__(self, course, games, seed):
        self.course = course
        self.games = games
        self.seed = seed
        self.wins = {}

    def par(self):
        """The highest rank at which the bot wins at least :data:`SOLO_PAR_SHARE` of its
        games (the lowest rank when it wins less everywhere)."""
        good = [r for r in self.wins if self.wins[r] >= SOLO_PAR_SHARE * self.games]
        return max(good) if good else min(self.wins)


def solo_game(course, clubs, shots, seed, hand, rank):
    """A Solo Chaos Golf game dealt with a deck of ``rank`` and six combined rounds (the
    setup decisions answered) and the player's ``hand``, ready for its first round."""
    setup = engine.Setup(1, solo.SoloChaos.name, seed=seed, hands=[hand])
    game = engine.Game(course, clubs, shots, setup)
    game.apply((EXTRA, solo.RANK + rank))
    if game.pending().kind == solo.COMBINED_ROUNDS:
        game.apply((EXTRA, solo.COMBINED + cards.SOLO_MIN_COMBINED))
    return game


def solo_ranks(shots):
    """The ranks of a deck with six combined rounds that the solo cards build, lowest
    first (``shots``: the shot decks carrying the solo cards)."""
    return solo.ranks(solo.reachable(shots[cards.SOLO])[cards.SOLO_MIN_COMBINED])


def rate_solo(course, rounds=20, seed=1, progress=None):
    """Play ``rounds`` Solo Chaos Golf games with a SensibleBot at every rank of a deck
    with six combined rounds; a :class:`SoloRating`. ``progress(games_done)`` after each."""
    if rounds < 1:
        raise ValueError("--rounds %d: play at least 1 round" % rounds)
    if seed < 0:
        raise ValueError("--seed %d: the seed must be 0 or more" % seed)
    clubs = shipped.load_default_clubs()
    shots = shipped.load_default_shots()
    rating = SoloRating(course, rounds, seed)
    done = 0
    for rank in solo_ranks(shots):
        rating.wins[rank] = 0
        for i in range(rounds):
            hand = first_game_hands(clubs, i, 1)[0]
            game = solo_game(course, clubs, shots, seed + i, hand, rank)
            table = bots.play_game(game, [bots.SensibleBot((seed + i) * 8 + 1)])
            rating.wins[rank] += table[0][3] > 0
            done += 1
            if progress is not None:
                progress(done)
    return rating


def solo_view(rating):
    """The solo rating: the bot's wins at each rank, the measured solo par, the file's."""
    course = rating.course
    head = Text("%s (hash %s)" % (course.name, course.hash_hex()), style="bold")
    last = rating.seed + rating.games - 1
    games = Text("%s of Solo Chaos Golf at each deck rank (six combined rounds), a "
                 "SensibleBot (seeds %d-%d)" % (render.count(rating.games, "game"),
                                                 rating.seed, last))
    table = Table()
    table.add_column("Rank", justify="right")
    table.add_column("Wins", justify="right")
    for rank in sorted(rating.wins):
        table.add_row(str(rank), _percent(rating.wins[rank], rating.games))
    given = ("solo-par %d in the course file" % course.solo_par if course.solo_par
             else "no solo-par in the course file")
    par = Text("Solo par: %d (the highest rank the bot wins at least %d%% of; %s)"
               % (rating.par(), round(100 * SOLO_PAR_SHARE), given))
    return Group(head, games, table, par)
