"""Ball flight and hazards: where a shot goes and what the cell it stops on does.

Pure functions over a course; the engine adds who is playing and what scores.
The rules (rulebook "Move your golfer", "Chipping", "Hazards & other tiles"):

* the ball follows the flight path hex by hex;
* any hex of the flight off the board is out of bounds: the golfer stays (with
  :data:`HIT_THROUGH_EFFECTS`, the rulebook's VARIATION, the ball flies on over it
  and only a landing off the board is out of bounds);
* trees stop the ball one hex back along the path; a chip flies over a tree in
  the hex next to the golfer; a chip that would land on a tree drops onto the
  hex it flew over, or stays put if that is a tree too;
* the landing cell's effect comes from :class:`TerrainEffects`: water, bunker,
  the clubhouse (out of bounds), or nothing.

:class:`TerrainEffects` is the one table that says how each terrain kind plays.
The Coastlines tiles replace it (:mod:`teebox.core.holes18.expansions.coast`:
fescue, gorse and ocean get their own rules) through its hooks, without
touching the flight code.
"""

from teebox.core import hexgrid, terrain
from teebox.core.holes18.protocol import BUNKER, NORMAL, OUT_OF_BOUNDS, WATER

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

# How a shot from a cell plays (its "lie").
LIE_FAIRWAY = const(0)
LIE_ROUGH = const(1)     # one hex shorter: the card's rough path, a wood's rough distance
LIE_BUNKER = const(2)    # must exit first (the Sand Wedge plays it as rough)
LIE_NONE = const(3)      # nobody stands here (off board, trees, clubhouse)

# Lie and landing effect of each terrain kind, indexed by kind (see terrain.py).
_LIES = bytes((
    LIE_NONE,     # off-board
    LIE_ROUGH,    # rough
    LIE_FAIRWAY,  # fairway
    LIE_FAIRWAY,  # green: "when playing from the green of another hole consider the tile fairway"
    LIE_FAIRWAY,  # tee box
    LIE_BUNKER,   # bunker
    LIE_ROUGH,    # water: "play the water tile as rough"
    LIE_FAIRWAY,  # fairway with a lake: "considered fairway"
    LIE_NONE,     # tree
    LIE_NONE,     # clubhouse
    LIE_ROUGH,    # fescue: "Consider Fescue as rough" (hybrids: see expansions.coast)
    LIE_ROUGH,    # gorse: rough, left only by chipping (see expansions.coast)
    LIE_ROUGH,    # ocean: never stood on (the ball steps back ashore)
))
_LANDINGS = bytes((
    OUT_OF_BOUNDS,  # off-board
    NORMAL, NORMAL, NORMAL, NORMAL,
    BUNKER,
    WATER,
    WATER,          # a lake on a fairway is still water: miss a turn
    NORMAL,         # tree: never landed on (the ball stops before it)
    OUT_OF_BOUNDS,  # clubhouse: "landing on the clubhouse is also considered out-of-bounds"
    NORMAL,         # fescue
    NORMAL,         # gorse
    WATER,          # ocean: miss a turn "like the water hazard", once back ashore
))


class TerrainEffects:
    """How each terrain kind plays. Subclass or replace the tables to change a kind.

    ``lies`` and ``landings`` are bytes indexed by terrain kind.
    """

    def __init__(self, lies=_LIES, landings=_LANDINGS):
        if len(lies) != terrain.COUNT or len(landings) != terrain.COUNT:
            raise ValueError("terrain effect tables need one entry per terrain kind (%d)"
                             % terrain.COUNT)
        self.lies = lies
        self.landings = landings

    def lie(self, kind):
        """LIE_FAIRWAY, LIE_ROUGH, LIE_BUNKER or LIE_NONE for a shot from this kind of cell."""
        return self.lies[kind]

    def landing(self, kind):
        """NORMAL, WATER, BUNKER or OUT_OF_BOUNDS for a ball that stops on this kind."""
        return self.landings[kind]

    def stops_flight(self, kind):
        """Whether the ball cannot pass this kind in flight (fenced trees)."""
        return kind == terrain.TREE

    def off_course(self, kind):
        """Whether a ball over this kind is out of bounds at once (off the board)."""
        return kind == terrain.OFF

    def lie_at(self, game, p):
        """The lie of player ``p`` where it stands (the Coastlines: rough after the ocean)."""
        return self.lies[game.course.terrain(p.q, p.r)]

    def hybrids_help(self, kind):
        """Whether a club's "no rough penalty" power works from this kind of cell."""
        return True

    def action_reason(self, game, seat, verb, club):
        """Why a shot (PLAY or BIG_HIT with ``club``) may not be hit from where
        ``seat`` stands, or None (the base game has no such terrain)."""
        return None

    def deck_reason(self, game, seat, deck):
        """Why ``seat`` may not draw from ``deck`` where it stands, or None."""
        return None

    def enter_reason(self, kind):
        """Why a golfer may not move one hex onto this (standable) kind, or None."""
        return None

    def landed(self, game, p, land, outcome):
        """Called as player ``p``'s shot or move lands at ``land`` with ``outcome``
        (before the golfer moves): nothing to remember in the base game."""

    def fly(self, course, q, r, hexes, chip=False):
        """Resolve a flight with these effects (see :func:`fly`). The engine calls
        this method, so an expansion can also change how a flight ends (the
        ocean's step back ashore) by overriding it."""
        return fly(course, q, r, hexes, chip, self)


BASE_EFFECTS = TerrainEffects()


class HitThroughEffects(TerrainEffects):
    """The base effects with the rulebook's out-of-bounds VARIATION: "you may allow
    players to hit through out-of-bounds. Landing in out-of-bounds is always
    out-of-bounds." A ball over the off-board space flies on; one landing there is
    out of bounds (its landing effect)."""

    def off_course(self, kind):
        """Never at once: only where the ball lands counts."""
        return False


HIT_THROUGH_EFFECTS = HitThroughEffects()


def path_hexes(q, r, heading, steps):
    """The hexes a flight path (``"SSL"``...) passes from ``(q, r)`` hit toward ``heading``."""
    return hexgrid.walk(q, r, heading, steps)


def fly(course, q, r, hexes, chip=False, effects=BASE_EFFECTS):
    """Follow a ball from ``(q, r)`` over ``hexes`` (the flight path, landing last).

    ``chip``: the shot is a chip-deck card, so it flies over a tree in the hex
    next to the golfer. Returns ``(path, (lq, lr), outcome, hit_tree)``: the
    on-board hexes the ball passed (a tuple), where the golfer ends up, one of
    NORMAL / WATER / BUNKER / OUT_OF_BOUNDS (the golfer stays at ``(q, r)``
    when out of bounds) and whether a tree stopped the ball.
    """
    flown = []
    land = (q, r)
    hit_tree = False
    last = len(hexes) - 1
    for i in range(len(hexes)):
        h = hexes[i]
        kind = course.terrain(h[0], h[1])
        if effects.off_course(kind):
            return tuple(flown), (q, r), OUT_OF_BOUNDS, False
        if effects.stops_flight(kind):
            if chip and i == 0 and i < last:
                flown.append(h)  # chipped over the tree next to the golfer
                continue
            hit_tree = True
            break
        if kind != terrain.OFF:
            flown.append(h)  # the path shown is on the board (hit through: not off it)
        land = h  # a tree hex flown over is never a landing: a chip dropping back stays put
    # "If the next hex is a hazard, follow the rules for that hazard": that holds
    # for the golfer's own cell too when the ball comes straight back to it.
    outcome = effects.landing(course.terrain(land[0], land[1]))
    if outcome == OUT_OF_BOUNDS:
        return tuple(flown), (q, r), OUT_OF_BOUNDS, hit_tree
    return tuple(flown), land, outcome, hit_tree


def shot_steps(outcome, lie, no_rough_penalty):
    """The flight path to follow for one card outcome ``(path, rough)`` from a lie.

    From the rough the card's rough path is used, unless the club suffers no
    rough penalty or the card has no rough path (chip cards).
    """
    path, rough = outcome
    if lie == LIE_ROUGH and rough is not None and not no_rough_penalty:
        return rough
    return path


def wood_steps(club, lie):
    """A wood's straight flight: its distance, or its rough distance from the rough."""
    n = club.rough_distance if lie == LIE_ROUGH else club.distance
    return "S" * n
