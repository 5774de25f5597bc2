"""Chaos Golf: any direction, any hole in any order, fast travel between tee boxes.

Rulebook: "The player who first lands on the green takes the large scoring
token (5 points) and the second person receives the smaller token (2 points).
There is no tie-break and initiative order is used to determine who takes the
5 point token. The person who took the large scoring token cannot take the
small token for the same hole." "Once someone has claimed the last 5-point
token, the game ends at the end of that round." "If you end your turn on a tee
box, you may take an extra turn at the end of the round."
"""

from teebox.core import scoring, terrain
from teebox.core.holes18.modes.match import MatchPlay
from teebox.core.holes18.protocol import OUT_REACHED, TOKEN_2, TOKEN_5


class ChaosGolf(MatchPlay):
    """Chaos Golf. ``five[h]`` / ``two[h]`` are 1 while hole ``h``'s token is on its green."""

    name = "chaos"
    title = "Chaos Golf"
    players = (3, 5)
    legend = "5: 5-point token, 2: 2-point token"
    roams = True

    def __init__(self):
        MatchPlay.__init__(self)
        self.five = bytearray()
        self.two = bytearray()
        self.five_taker = bytearray()  # seat + 1 of who took hole h's 5, 0 if nobody

    def start(self, game, outs):
        """A 5 and a 2 on every green; everyone starts on the first tee."""
        n = game.course.hole_count + 1  # index by hole number; 0 unused
        self.five = bytearray(b"\x01" * n)
        self.two = bytearray(b"\x01" * n)
        self.five_taker = bytearray(n)
        self.five[0] = self.two[0] = 0
        MatchPlay.start(self, game, outs)

    def green_tokens(self, hole):
        """5, 2 or 7: the tokens still on hole ``hole``'s green."""
        return 5 * self.five[hole] + 2 * self.two[hole]

    def targets(self, game, p):
        """Every green that still holds a token this player may take."""
        out = []
        for h in range(1, len(self.five)):
            if self.five[h] or (self.two[h] and self.five_taker[h] != p.seat + 1):
                out.append(h)
        return tuple(out)

    def hole_in_one(self, game, p, hole, tee_hole):
        """Holes are played in any order: a hit from a hole's own tee box onto its green."""
        return tee_hole == hole

    def on_reach(self, game, p, hole, hole_in_one, outs):
        """First to land takes the 5, the next (not the 5-taker) the 2, at once."""
        outs.append((OUT_REACHED, p.seat, hole))
        if self.five[hole]:
            self.five[hole] = 0
            self.five_taker[hole] = p.seat + 1
            game.award(p, hole, TOKEN_5, 5, outs)
        else:
            self.two[hole] = 0
            game.award(p, hole, TOKEN_2, 2, outs)
        self.award_hole_in_ones(game, hole, ((p.seat, hole_in_one),), outs)

    def extra_turn(self, game, p, moved):
        """Fast travel: a turn that moves the golfer onto a tee box earns another."""
        return moved and game.course.terrain(p.q, p.r) == terrain.TEE

    def end_of_round(self, game, outs):
        """The game ends at the end of the round that claimed the last 5-point token."""
        if not any(self.five):
            game.finish(outs)

    def standings(self, game):
        """Rulebook: "There is no tie-break": equal points share the place, however many
        hole-in-ones each player holds (they are still listed: :meth:`count`)."""
        n = len(game.players)
        rows = scoring.standings([p.score for p in game.players], [0] * n)
        return tuple([(place, seat, score, self.count(game.players[seat]))
                      for place, seat, score, _ in rows])

    def count(self, p):
        """The fourth number of ``p``'s standings row (``count_key``): its hole-in-ones."""
        return p.hole_in_ones

    def state_ints(self, out):
        """Append the tokens still on the greens and who took each 5."""
        out.extend(self.five)
        out.extend(self.two)
        out.extend(self.five_taker)
