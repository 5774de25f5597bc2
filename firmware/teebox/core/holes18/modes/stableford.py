"""Stableford: points per hole against par, highest total wins.

Rulebook: "Count your turns (including missed turns and out of bounds) and
compare to the course par rating." 2 points for par, +1 per turn under, -1 per
turn over, 0 at worst. Players on the green wait, as in Stroke Play; water
makes you miss a turn, as in Match Play. An out of bounds counts as in Stroke
Play ("1 point for each turn you take, turn missed, and out of bounds"): one
stroke on top of the turn.
"""

from teebox.core.holes18.modes.match import MatchPlay
from teebox.core.holes18.modes.stroke import StrokePlay
from teebox.core.holes18.protocol import STABLEFORD


class Stableford(StrokePlay):
    """Stableford scoring on top of Stroke Play's waiting on the green."""

    name = "stableford"
    title = "Stableford"
    lower_wins = False
    unit = "points"
    legend = "Stableford points per hole"

    def hole_result(self, game, p):
        """Stableford points for turns, missed turns and out of bounds against par."""
        par = game.course.hole(p.hole)[0]
        return STABLEFORD, stableford_points(par, p.turns + p.missed + p.out)

    def on_water(self, game, p, outs):
        """Stableford keeps Match Play's water rule: miss the next turn (it counts)."""
        MatchPlay.on_water(self, game, p, outs)


def stableford_points(par, turns):
    """Stableford points for a hole of ``par`` finished in ``turns`` turns.

    Rulebook: 2 points for par, +1 per turn under, -1 per turn over, never
    below 0; the most a hole can give is 4, 5 or 6 for par 3, 4 or 5 (a hole in
    one: ``turns`` is at least 1).
    """
    if turns < 1:
        raise ValueError("a hole takes at least one turn, not %d" % turns)
    return max(0, 2 + par - turns)
