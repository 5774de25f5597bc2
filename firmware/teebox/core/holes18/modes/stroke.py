"""Stroke Play: count every turn, lowest total wins.

Rulebook: "You score 1 point for each turn you take, turn missed, and out of
bounds." "When a player reaches the green, they wait for everyone else to
complete the hole before moving on." "Players who land in the water do not miss
a turn, but add one to their score. Players who end up out of bounds add one to
their score."
"""

from teebox.core.holes18.modes.match import MatchPlay
from teebox.core.holes18.protocol import (OUT_PENALTY, OUT_REACHED, PENALTY_OUT, PENALTY_WATER,
                                  STROKES)


class StrokePlay(MatchPlay):
    """Stroke Play; also the base of Stableford (both wait on the green)."""

    name = "stroke"
    title = "Stroke Play"
    players = (1, 5)
    lower_wins = True
    unit = "strokes"
    legend = "strokes per hole"
    scored_per_hole = True
    plays_out = True  # "they wait for everyone else to complete the hole"

    def takes_part(self, game, p):
        """A player on the green waits for the others to finish the hole."""
        return not p.done

    def hole_result(self, game, p):
        """``(kind, points)`` a player scores for the hole just finished."""
        return STROKES, p.turns + p.missed + p.water + p.out

    def on_reach(self, game, p, hole, hole_in_one, outs):
        """Score the hole at once and wait on the green."""
        p.done = True
        outs.append((OUT_REACHED, p.seat, hole))
        kind, points = self.hole_result(game, p)
        game.award(p, hole, kind, points, outs)
        self.award_hole_in_ones(game, hole, ((p.seat, hole_in_one),), outs)

    def on_water(self, game, p, outs):
        """No missed turn, one penalty stroke."""
        outs.append((OUT_PENALTY, p.seat, PENALTY_WATER))

    def on_out_of_bounds(self, game, p, outs):
        """One penalty stroke on top of the turn."""
        outs.append((OUT_PENALTY, p.seat, PENALTY_OUT))

    def end_of_round(self, game, outs):
        """Once everyone is on the green, the next hole (or the end)."""
        for p in game.players:
            if not p.done:
                return
        game.next_hole(outs)
