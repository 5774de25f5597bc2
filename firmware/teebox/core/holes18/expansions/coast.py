"""The Coastlines tiles: fescue, gorse and ocean play by the booklet's HAZARDS rules.

Booklet (COASTLINES TILE PACK, HAZARDS):

* FESCUE: "Consider Fescue as rough ... even Hybrid clubs get no advantage when
  playing from them": the rough path of the card, whatever the club's power;
* GORSE: "If you land in gorse you may only by CHIPPING or MOVE ONE": a shot
  from gorse draws from the chip deck (C), no big hit, no wood;
* OCEAN: "not considered out of bounds. When you land in the ocean, step back
  along your flight path. Once you are back on shore, lay your golfer down as
  you miss the next turn (like the water hazard). Play the turn after that as
  though the hex was rough." A ball never rests on the ocean.

A game plays these whenever its course has coastline terrain (the tiles carry
their rules: :func:`teebox.core.holes18.setup.played_expansions`); the engine
then uses :data:`EFFECTS` in place of ``flight.BASE_EFFECTS`` (or
:data:`HIT_THROUGH_EFFECTS` with the out-of-bounds variation).
"""

from teebox.core import terrain
from teebox.core.holes18 import flight
from teebox.core.holes18.protocol import BIG_HIT, OUT_OF_BOUNDS, WATER

_CHIP_ONLY = "from the gorse you may only chip or move one hex"


class CoastEffects(flight.TerrainEffects):
    """Terrain effects with the Coastlines rules. Holds no game state (games share
    :data:`EFFECTS`): who came back ashore is the player's ``ashore``."""

    def fly(self, course, q, r, hexes, chip=False):
        """The base flight, then "step back along your flight path" out of the ocean:
        to the last hex flown that a golfer can stand on ashore, else where it was
        hit from; the outcome is WATER (the missed turn)."""
        path, land, outcome, hit_tree = flight.fly(course, q, r, hexes, chip, self)
        if outcome == OUT_OF_BOUNDS or course.terrain(land[0], land[1]) != terrain.OCEAN:
            return path, land, outcome, hit_tree
        back = (q, r)
        for h in path:
            kind = course.terrain(h[0], h[1])
            if kind != terrain.OCEAN and terrain.standable(kind):
                back = h
            if h == land:
                break
        return path, back, WATER, hit_tree

    def lie_at(self, game, p):
        """Rough for the first shot after coming back ashore ("Play the turn after
        that as though the hex was rough"), else the cell's lie."""
        if p.ashore == (p.q, p.r, p.hole):
            return flight.LIE_ROUGH
        return flight.TerrainEffects.lie_at(self, game, p)

    def hybrids_help(self, kind):
        """Fescue: "even Hybrid clubs get no advantage when playing from them"."""
        return kind != terrain.FESCUE

    def action_reason(self, game, seat, verb, club):
        """Gorse: only a club that chips (draws from deck C), and no big hit."""
        p = game.players[seat]
        if game.course.terrain(p.q, p.r) != terrain.GORSE:
            return None
        c = game.clubs[club]
        if verb == BIG_HIT:
            return _CHIP_ONLY + ": no big hit"
        if "C" not in c.decks:
            return _CHIP_ONLY + ": the %s does not chip" % c.name
        return None

    def deck_reason(self, game, seat, deck):
        """Gorse: a club with two decks (the Pitching Wedge) draws from C."""
        p = game.players[seat]
        if deck != "C" and game.course.terrain(p.q, p.r) == terrain.GORSE:
            return _CHIP_ONLY + ": draw from deck C"
        return None

    def enter_reason(self, kind):
        """One hex into the ocean would only step straight back: refused."""
        if kind == terrain.OCEAN:
            return "you cannot move into the ocean"
        return None

    def landed(self, game, p, land, outcome):
        """The rough lie lasts one turn; an ocean landing (WATER ashore, off any
        water or lake cell) starts it."""
        p.ashore = None
        kind = game.course.terrain(land[0], land[1])
        if outcome == WATER and kind not in (terrain.WATER, terrain.LAKE):
            p.ashore = (land[0], land[1], p.hole)


class CoastHitThroughEffects(CoastEffects):
    """The Coastlines with the rulebook's out-of-bounds VARIATION ("you may allow players
    to hit through out-of-bounds"): only a landing off the board is out of bounds."""

    def off_course(self, kind):
        """Never at once: only where the ball lands counts."""
        return False


EFFECTS = CoastEffects()
HIT_THROUGH_EFFECTS = CoastHitThroughEffects()
