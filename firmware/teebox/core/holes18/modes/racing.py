"""Golf Racing: the whole course is the scoring track; the first round to the last green wins.

Rulebook: "Everyone starts on the first tee box, and they have to complete all
18 Holes to win." "A player may progress to the next tee box only after reaching
the prior green. As such players end up spread across multiple holes in the race
for the 18th." "Players must visit every green in order. The first player to reach
the 18th green wins. In the event of a tie, the player with the most hole-in-one
tokens is the winner." Everything else is Match Play ("Use the rules for Match
Play except when in conflict"); the mode lists no rule variations of its own.

Each green reached counts one step along the track (a ``GREEN_REACHED`` score of 1
point), so a racer's score is the number of greens it has reached, always the
holes before the one it plays. A racer moves to its next tee at the end of the
round in which it reached the green, as everyone does in Match Play; the game ends
at the end of the round in which a racer reaches the course's last green, so the
racers who reach it in that same round tie (RULES-NOTES, "Golf Racing").
"""

from teebox.core.holes18.modes.match import MatchPlay
from teebox.core.holes18.protocol import GREEN_REACHED, OUT_REACHED


class GolfRacing(MatchPlay):
    """Golf Racing. ``p.done`` marks a racer that reached its green this round."""

    name = "racing"
    title = "Golf Racing"
    players = (2, 5)
    unit = "greens"
    legend = "rN: the green was reached in round N (every green in order)"
    spread = True
    plays_out = True  # each racer on its own hole

    def on_reach(self, game, p, hole, hole_in_one, outs):
        """The green counts at once: one more step along the track."""
        p.done = True
        outs.append((OUT_REACHED, p.seat, hole))
        game.award(p, hole, GREEN_REACHED, 1, outs)
        self.award_hole_in_ones(game, hole, ((p.seat, hole_in_one),), outs)

    def end_of_round(self, game, outs):
        """The game ends once a racer is on the last green; else every racer that
        reached its green this round goes on to the next tee (hole by hole)."""
        arrived = [p for p in game.players if p.done]
        if not arrived:
            return
        last = game.course.hole_count
        for p in arrived:
            if p.hole == last:
                game.finish(outs)
                return
        # Who goes to which tee is settled before anyone moves: a racer teed off
        # from hole 2 to hole 3 must not go on with those who reached green 3.
        moves = [(hole, tuple([p.seat for p in arrived if p.hole == hole]))
                 for hole in sorted(set([p.hole for p in arrived]))]
        for hole, seats in moves:
            game.tee_off(seats, hole + 1, outs)
