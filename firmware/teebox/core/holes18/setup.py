"""How a game of 18 Holes starts: :class:`Setup`, checked on creation.

Everything a game needs comes from its setup (players, mode, seed, hands,
golfers, teams, the out-of-bounds rule), so the same setup and the same inputs give
the same game.
"""

from teebox.core.contract import seat_name as player_name  # how messages name a seat
from teebox.core.holes18 import cards, modes
from teebox.core.holes18.expansions import NAMES as EXPANSIONS
from teebox.core.holes18.expansions import refusal
from teebox.core.holes18.player import GOLFERS, WIND_GOLFERS

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

FIRST_GAME = "first-game"
DRAFT = "draft"
HAND_KINDS = (FIRST_GAME, DRAFT)  # log codes 0, 1; explicit hands are code 2
STRICT = "strict"        # out of bounds: off the board for any part of its flight (the rule)
HIT_THROUGH = "through"  # out of bounds only where it lands (the rule's VARIATION)
BOUNDS = (STRICT, HIT_THROUGH)
MAX_PLAYERS = const(5)
# What players call each module of EXPANSIONS (same order).
EXPANSION_TITLES = ("Reading the Greens", "Taming the Wind", "Coastlines")


class Setup:
    """How a game starts. Checked on creation; ValueError says what is wrong.

    * ``players``: 1 to 5, in seating order (seat ``i``'s left neighbour is ``i + 1``);
    * ``mode``: a name from :data:`teebox.core.holes18.modes.NAMES`;
    * ``seed``: a non-negative whole number: the shuffles of this game;
    * ``hands``: ``"first-game"`` (hand letters A..E to players 1..5), ``"draft"``
      (the rulebook's draft, every pick a decision), or one list of clubs per
      player (club ids such as ``"driver-34"`` or indices into the club list);
    * ``golfers``: None, or per player None or ``(name, side)`` with a name from
      :data:`teebox.core.holes18.player.GOLFERS` and side ``"A"``/``"B"``, each golfer
      at most once (there is one card of each); played by :mod:`teebox.core.holes18.golfers`;
    * ``teams``: None, or per player None or a team number 0..4 (stored only);
    * ``bounds``: ``"strict"`` (the rule: "The ball is also out-of-bounds when it goes
      out-of-bounds for part of its flight") or ``"through"`` (its VARIATION: "you
      may allow players to hit through out-of-bounds. Landing in out-of-bounds is
      always out-of-bounds");
    * ``expansions``: the expansion's modules played, names from
      :data:`teebox.core.holes18.expansions.NAMES` (any of them, each at most once),
      kept in that order whatever order they are given in; not Reading the Greens in
      a Chaos Golf mode (:func:`teebox.core.holes18.expansions.refusal` says why).
    """

    def __init__(self, players, mode="match", seed=0, hands=FIRST_GAME, golfers=None,
                 teams=None, expansions=(), bounds=STRICT):
        if type(players) is not int or not 1 <= players <= MAX_PLAYERS:
            raise ValueError("players must be a whole number from 1 to %d, not %r"
                             % (MAX_PLAYERS, players))
        modes.code(mode)
        if type(seed) is not int or seed < 0:
            raise ValueError("seed must be a non-negative whole number, not %r" % (seed,))
        if hands not in HAND_KINDS:
            hands = _explicit_hands(hands, players)
        if golfers is not None:
            golfers = _per_player(golfers, players, "golfers", _golfer)
            names = [g[0] for g in golfers if g is not None]
            for name in names:
                if names.count(name) > 1:
                    raise ValueError("golfers: %s is chosen twice (there is one %s card)"
                                     % (name, name))
            if players == 1 and ("slick-rikesh", "B") in golfers:
                raise ValueError("golfers: Slick Rikesh's B-side plays the clubs other players "
                                 "discard: not in a one-player game")
        if teams is not None:
            teams = _per_player(teams, players, "teams", _team)
        expansions = _expansions(expansions)
        why = refusal(mode, expansions)
        if why:
            raise ValueError(why)
        if golfers is not None and "wind" not in expansions:
            for g in golfers:
                if g is not None and g[0] in WIND_GOLFERS:
                    raise ValueError("golfers: %s plays the wind: add the 'wind' expansion "
                                     "(Taming the Wind) or choose another golfer" % g[0])
        if bounds not in BOUNDS:
            raise ValueError("bounds must be %r or %r, not %r" % (STRICT, HIT_THROUGH, bounds))
        self.players = players
        self.mode = mode
        self.seed = seed
        self.hands = hands
        self.golfers = golfers
        self.teams = teams
        self.expansions = expansions
        self.bounds = bounds

    def __repr__(self):
        return "Setup(%d, %r, seed=%d, hands=%r%s)" % (
            self.players, self.mode, self.seed, self.hands,
            "" if self.bounds == STRICT else ", bounds=%r" % self.bounds)


def expansion_titles(names):
    """The booklet's titles of expansion modules (names from EXPANSIONS), as a tuple."""
    return tuple([EXPANSION_TITLES[EXPANSIONS.index(n)] for n in names])


def played_expansions(setup, course):
    """The expansion modules a game of ``setup`` on ``course`` plays: the setup's, plus
    ``"coast"`` on a course with coastline terrain. Booklet: the tiles are shuffled
    "in with your existing tiles" and their HAZARDS have no other rules, so fescue,
    gorse and ocean always play by them (RULES-NOTES E-C1)."""
    if course.uses_coastline and "coast" not in setup.expansions:
        return _expansions(setup.expansions + ("coast",))
    return setup.expansions


def _expansions(names):
    if not isinstance(names, (list, tuple)):
        raise ValueError("expansions must list module names (%s), not %r"
                         % (", ".join(EXPANSIONS), names))
    for name in names:
        if name not in EXPANSIONS:
            raise ValueError("unknown expansion module %r (use: %s)"
                             % (name, ", ".join(EXPANSIONS)))
        if list(names).count(name) > 1:
            raise ValueError("expansion module %r is named twice" % (name,))
    # In the order of NAMES: the same game is the same setup however it was spelled.
    return tuple([n for n in EXPANSIONS if n in names])


def _explicit_hands(hands, players):
    if not isinstance(hands, (list, tuple)):
        raise ValueError("hands must be %r, %r or one list of clubs per player, not %r"
                         % (FIRST_GAME, DRAFT, hands))
    if len(hands) != players:
        raise ValueError("hands lists %d hands for %d players" % (len(hands), players))
    out = []
    for i in range(players):
        hand = hands[i]
        if not isinstance(hand, (list, tuple)) or not 1 <= len(hand) <= cards.HAND_SIZE:
            raise ValueError("hand of %s must list 1 to %d clubs, not %r"
                             % (player_name(i), cards.HAND_SIZE, hand))
        out.append(tuple(hand))
    return tuple(out)


def _per_player(values, players, what, check):
    if not isinstance(values, (list, tuple)) or len(values) != players:
        raise ValueError("%s must list one entry per player (%d), not %r"
                         % (what, players, values))
    return tuple([check(values[i], i) for i in range(players)])


def _golfer(value, seat):
    if value is None:
        return None
    if (not isinstance(value, (list, tuple)) or len(value) != 2 or value[0] not in GOLFERS
            or value[1] not in ("A", "B")):
        raise ValueError("golfer of %s must be None or (name, 'A' or 'B') with a name from: %s;"
                         " not %r" % (player_name(seat), ", ".join(GOLFERS), value))
    return (value[0], value[1])


def _team(value, seat):
    if value is not None and (type(value) is not int or not 0 <= value < MAX_PLAYERS):
        raise ValueError("team of %s must be None or 0 to %d, not %r"
                         % (player_name(seat), MAX_PLAYERS - 1, value))
    return value
