"""What the score history holds and hands back: the games as a board hands them over,
the rows of leaderboards, bests and histories, the errors, and what each game says
of its modes (found through the game registry, ``teebox.core.games``).
``teebox_host.scoredb`` stores them; its names are found there too."""

from dataclasses import dataclass, field
from datetime import datetime, timezone

from teebox.core import games as registry
from teebox.core.course import clean_text
from teebox.core.wire.gamerecord import LEGACY_GAME  # (found here too: the game of every
# game stored before games were data, as of every record a board wrote before then)


class ScoreDBError(ValueError):
    """A score file or a game that cannot be used; the message says why."""


class GameConflict(ScoreDBError):
    """A board's game number is stored already with a different game log."""


class UnknownPlayer(ScoreDBError):
    """No stored game has a player of that name."""


@dataclass
class GameResult:
    """One finished game as a board hands it over (what ``add_game`` stores).

    ``players``: ``(seat, name, colour)`` per seat. ``holes``: per hole
    ``(hole_number, par, [score per seat])`` in the mode's own unit (strokes,
    Stableford points, points won), seats in the order of ``players``.
    ``standings``: ``(place, seat, score, count)`` as the engine's
    ``game.standings()``. ``finished_at`` is unix seconds, 0 when the board's
    clock was never set. ``bots``: the seats the table's bots played (a bot is
    not a person: leaderboards and personal bests leave it out). ``game``: the
    game's registry name; ``mode`` its way to play ("" for a game with one way).
    ``golfers``: ``(seat, golfer, side)`` of each seat that played a golfer card
    (18 Holes; the game's records face reads them from its log).
    ``longest_drive``: the seat holding the LONGEST DRIVE card at the end (18 Holes; -1
    nobody); ``longest_putt``: ``(seat, target)`` of the LONGEST PUTT card's holder at the
    end (Reading the Greens; empty: nobody, or a game without it).
    ``count`` is what the game counts there (:func:`count_field`:
    18 Holes hole-in-ones, Play Nine playoff wins); the ``hole_in_ones`` fields below
    hold it too (named before games were data).
    """

    board_id: str
    game_number: int
    finished_at: int
    mode: str
    course_hash: str
    course_name: str
    seed: int
    log: bytes
    players: list
    holes: list
    standings: list
    bots: list = field(default_factory=list)
    game: str = LEGACY_GAME
    golfers: list = field(default_factory=list)
    longest_drive: int = -1
    longest_putt: tuple = ()


@dataclass
class SeatResult:
    """How one seat did in a stored game (``golfer`` and ``side``: its golfer card, ""
    for none; ``longest_drive``: it held the longest drive card at the end;
    ``longest_putt``: the target of the longest putt card it held at the end, 0 none)."""

    seat: int
    name: str
    colour: str
    place: int
    total: int
    hole_in_ones: int
    bot: bool = False
    golfer: str = ""
    side: str = ""
    longest_drive: bool = False
    longest_putt: int = 0


@dataclass
class StoredGame:
    """A stored game with its results, best place first."""

    board_id: str
    game_number: int
    finished_at: int
    synced_at: int
    mode: str
    course_hash: str
    course_name: str
    seed: int
    par: int
    seats: list = field(default_factory=list)
    game: str = LEGACY_GAME
    modules: tuple = ()  # titles of the expansion modules it played ("Coastlines", ...)

    @property
    def played_at(self):
        """When it was played: the board's time, or the sync time if its clock was unset."""
        return self.finished_at or self.synced_at


@dataclass
class LeaderboardRow:
    """A player's best result on one course in one mode."""

    rank: int
    player: str
    total: int
    hole_in_ones: int
    par: int
    games: int
    finished_at: int
    synced_at: int
    board_id: str
    game_number: int
    game: str = LEGACY_GAME


@dataclass
class PersonalBest:
    """A player's best result on one course in one mode, and how often they played it."""

    course_hash: str
    course_name: str
    mode: str
    total: int
    par: int
    games: int
    finished_at: int
    synced_at: int
    board_id: str
    game_number: int
    game: str = LEGACY_GAME


@dataclass
class HistoryEntry:
    """One game a player played."""

    finished_at: int
    synced_at: int
    board_id: str
    game_number: int
    course_hash: str
    course_name: str
    mode: str
    seat: int
    colour: str
    place: int
    players: int
    total: int
    par: int
    hole_in_ones: int
    game: str = LEGACY_GAME
    golfer: str = ""
    side: str = ""
    longest_drive: bool = False  # held the longest drive card at the end
    longest_putt: int = 0        # the target of the longest putt card held at the end


def mode_facts(mode, game=LEGACY_GAME):
    """What the game says of one of its modes (``title``, ``lower_wins``, ``unit``,
    ``legend``: ``teebox.core.holes18.records``), or None for a game or mode this
    teebox does not know."""
    try:
        return registry.load(game).records.mode_facts(mode)
    except ValueError:
        return None


def lower_wins(mode, game=LEGACY_GAME):
    """Whether a lower total is better in ``game``'s ``mode`` (Stroke Play, Play Nine);
    an unknown one counts points won, as most of the rulebooks do."""
    facts = mode_facts(mode, game)
    return facts.lower_wins if facts is not None else False


def mode_title(mode, game=LEGACY_GAME):
    """The rulebook's name of a mode ("Stroke Play", "Play Nine"), or the name itself."""
    facts = mode_facts(mode, game)
    if facts is not None or mode:
        return facts.title if facts is not None else mode
    return registry.get(game).title if game in registry.names() else game


def modules(game, log):
    """The titles of the expansion modules a stored game's log says it played, through
    its game's records face; empty for none, an unknown game or a log it cannot read."""
    if game not in registry.names():
        return ()
    try:
        return tuple(registry.load(game).records.modules_of(bytes(log)))
    except ValueError:
        return ()


def unit(mode, game=LEGACY_GAME):
    """What a total counts in ``game``'s ``mode``, a plural noun ("strokes", "points",
    "greens"); "points" for one this teebox does not know."""
    facts = mode_facts(mode, game)
    return facts.unit if facts is not None else "points"


def to_par(mode, total, par, game=LEGACY_GAME):
    """A strokes score against the course par ("+3", "E", "-1"); "" for a game or mode
    without par (points, or Play Nine)."""
    if not lower_wins(mode, game) or not par:
        return ""
    diff = total - par
    return "E" if diff == 0 else "%+d" % diff


def when(finished_at, synced_at):
    """Local date and time a game finished; the sync date if the board's clock was unset."""
    if finished_at:
        return datetime.fromtimestamp(finished_at).strftime("%Y-%m-%d %H:%M")
    return datetime.fromtimestamp(synced_at).strftime("synced %Y-%m-%d")


def known_modes():
    """``(game, mode)`` of every way to play of every game in the registry."""
    out = []
    for name in registry.names():
        ways = [m[0] for m in registry.load(name).MODES]
        out += [(name, m) for m in ways or [""]]
    return out


def count_field(mode, game=LEGACY_GAME):
    """``(key, title)`` of what the fourth number of a standings row counts in ``game``'s
    ``mode``, as exports and tables name it: 18 Holes ``("hole_in_ones", "Holes in one")``,
    Play Nine ``("playoff_wins", "Playoff wins")`` (the game's records face says)."""
    facts = mode_facts(mode, game)
    if facts is None:
        return "hole_in_ones", "Holes in one"  # what every game stored before games counted
    return facts.count_key, facts.count_title


def count_keys():
    """Every game's :func:`count_field` key, in registry order: the export's columns."""
    out = []
    for game, mode in known_modes():
        key = count_field(mode, game)[0]
        if key not in out:
            out.append(key)
    return out


def iso_time(ts):
    """Unix seconds as an ISO-8601 UTC text, or "" for 0 (the board's clock was unset)."""
    if not ts:
        return ""
    return datetime.fromtimestamp(ts, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def best_key(mode, game=LEGACY_GAME):
    """Sort key putting the best ``(total, count, played_at)`` first for ``mode``.

    Ties go to more of what the standings count (:func:`count_field`: hole-in-ones,
    the rulebook's tie-break; Play Nine: playoff wins), then to whoever got there first.
    """
    sign = 1 if lower_wins(mode, game) else -1
    return lambda r: (sign * r[0], -r[1], r[2])


def clean(text):
    """A stored text as it may be shown (see :func:`teebox.core.course.clean_text`)."""
    return clean_text(text) if isinstance(text, str) else text



def game_ref(board_id, game_number):
    """How messages name a stored game: ``"board B game N"``."""
    return "board %s game %d" % (board_id, game_number)
