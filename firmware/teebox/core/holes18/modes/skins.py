"""Skins: Match Play where each green is worth the tokens on it, and tied holes jackpot.

Rulebook: "It's like Match Play, except each green is worth either 1, 2, or 5
points." Setup, "before club selection": "Place a 5 point token on the 18th
green. Give each player a 5 point token and have them select a green to place it
on. Turn all the 1 and 2-point tokens point-side down. Shuffle. Select a token
for each green without one." Scoring: "Players who reach the green claim the
token that is on the green. If multiple players reach the green on the same
turn, move all scoring tokens to the next green. The value jackpots!" "The player
with the most points wins. Tie break using elimination rounds."

Each player's 5 is a decision of the mode's own (``PLACE``, in seat order, before
the clubs are dealt), answered ``(EXTRA, hole)``. The box holds 18 tokens of each
value (the rulebook's parts list); a token is always on a green, with a player
(``p.tokens``) or in the box. "The same turn" is the round (RULES-NOTES, "Skins").

Elimination: when the last hole is tied and the tokens on it decide the winner
(handing them to one tied player or another leaves a different leader), they move
to the 1st green and the tied players play on from the 1st tee with their hands
reset; a tie there takes the tokens and the players who tied on to the next hole.
When the totals are level for the lead with nothing left to play for, the players
level play elimination holes for the win alone (``playoff_wins`` breaks the tie).
"""

from teebox.core import scoring
from teebox.core.hexgrid import distance
from teebox.core.holes18.modes.match import MatchPlay
from teebox.core.holes18.protocol import POLICY_KINDS, TOKEN_1, TOKEN_2, TOKEN_5

PLACE = POLICY_KINDS  # a player puts their 5-point token on a green: (EXTRA, hole)
BOX = 18              # tokens of each value in the box ("18 1-point tokens", ...)
VALUES = (1, 2, 5)
_KINDS = (TOKEN_1, TOKEN_2, TOKEN_5)


class Skins(MatchPlay):
    """Skins. ``greens[h]``: the token values lying on hole ``h``'s green; ``box``: how
    many 1-, 2- and 5-point tokens are still in the box; ``placing``: the seat placing
    its 5 now (-1); ``contenders``: the seats still in an elimination play-off (empty
    outside one); ``for_tokens``: the play-off is for the tokens on its green (else
    for the win alone); ``wins``: per seat, the holes of an elimination for the win it
    came through (the tie-break)."""

    name = "skins"
    title = "Skins"
    players = (2, 5)
    legend = "the tokens won on that green: 1, 2 or 5 points each"
    count_key = "playoff_wins"
    count_title = "Playoff wins"
    # (EXTRA, hole): a green for a 5-point token, any hole a course may have (MAX_HOLES);
    # a range, not a tuple of 99 numbers (Policy says a tuple: any container serves).
    extras = range(1, 100)  # type: ignore[assignment]

    def __init__(self):
        MatchPlay.__init__(self)
        self.greens = []
        self.box = [BOX, BOX, BOX]
        self.placing = -1
        self.contenders = ()
        self.for_tokens = False
        self.wins = bytearray(0)

    # ------------------------------------------------------------ setup

    def before_hands(self, game, outs):
        """A 5 on the last green, then each player places a 5 (seat order)."""
        n = game.course.hole_count
        if n - 1 > 2 * BOX:
            raise ValueError("Skins needs a 1- or 2-point token for every green but the "
                             "last: a course of at most %d holes, not %d" % (2 * BOX + 1, n))
        self.greens = [[] for _ in range(n + 1)]
        self.wins = bytearray(len(game.players))
        self._put(n, 5)
        self.placing = 0
        game.ask(PLACE, 0)

    def _put(self, hole, value):
        self.greens[hole].append(value)
        self.box[VALUES.index(value)] -= 1

    def extra_choices(self, game, seat, kind):
        """Every green, to the player placing a 5 now."""
        if kind == PLACE and seat == self.placing:
            return range(1, game.course.hole_count + 1)
        return ()

    def extra_apply(self, game, seat, code, outs):
        """Put ``seat``'s 5 on green ``code``; the next seat places, or the 1s and 2s
        are shuffled onto every green without a token and the deal goes on."""
        self._put(code, 5)
        game.resume()
        if seat + 1 < len(game.players):
            self.placing = seat + 1
            game.ask(PLACE, seat + 1)
            return
        self.placing = -1
        pool = [1] * self.box[0] + [2] * self.box[1]
        game.rng.shuffle(pool)
        for h in range(1, len(self.greens)):
            if not self.greens[h]:
                self._put(h, pool.pop())

    def decision_text(self, game, kind):
        """The table asks each player in turn for a green."""
        return "Your 5 goes on"

    def choice_text(self, game, code):
        """A green and the points on it now: ``"green 4: 2 pts"``."""
        return "green %d: %d pts" % (code, self.green_tokens(code))

    def choice_cell(self, game, code):
        """The green of hole ``code`` (it blinks on the board while chosen)."""
        hole = game.course.hole(code)
        return (hole[3], hole[4])

    def bot_choice(self, game, seat, legal):
        """A bot puts its 5 where it is likeliest to be first: the hole of lowest par,
        then the shortest from tee to green, among those without a 5 yet."""
        best = None
        for choice in legal:
            par, tq, tr, gq, gr = game.course.hole(choice[1])
            key = (5 in self.greens[choice[1]], par, distance(tq, tr, gq, gr), choice[1])
            if best is None or key < best[0]:
                best = (key, choice)
        return best[1]

    # ------------------------------------------------------------ play

    def green_tokens(self, hole):
        """The points lying on hole ``hole``'s green (a jackpot: several tokens)."""
        return sum(self.greens[hole]) if hole < len(self.greens) else 0

    def takes_part(self, game, p):
        """In a play-off, only the players still in it."""
        return not self.contenders or p.seat in self.contenders

    def end_of_round(self, game, outs):
        """One arrival claims the green's tokens; several send them to the next green
        (on the last hole or in a play-off, see the module docstring)."""
        if not self.reached:
            return
        seats = tuple(sorted([s for s, _ in self.reached]))
        hole = game.players[seats[0]].hole
        self.award_hole_in_ones(game, hole, self.reached, outs)
        self.reached = []
        last = game.course.hole_count
        if len(seats) == 1:
            if self.contenders and not self.for_tokens:
                self.wins[seats[0]] += 1  # the elimination for the win alone: won outright
                game.finish(outs)
                return
            self._claim(game, seats[0], hole, outs)
            if self.contenders or hole == last:
                self._decide(game, outs)
            else:
                game.next_hole(outs)
            return
        if not self.contenders and hole < last:
            self._move_on(hole, hole + 1)
            game.next_hole(outs)
            return
        if self.contenders:
            # "If there is a tie, only the players that tied progress to the next hole."
            if not self.for_tokens:
                for s in seats:
                    self.wins[s] += 1
            nxt = hole % last + 1
            self._move_on(hole, nxt)
            self._play_off(game, seats, nxt, False, outs)
            return
        value = self.green_tokens(hole)
        if self._decides(game, seats, value):
            # "move the scoring tokens from the 18th green to the 1st green"
            self._move_on(hole, 1)
            self.for_tokens = True
            self._play_off(game, seats, 1, True, outs)
        else:
            self._decide(game, outs)  # "the player in the lead wins"

    def _claim(self, game, seat, hole, outs):
        p = game.players[seat]
        for value in self.greens[hole]:
            game.award(p, hole, _KINDS[VALUES.index(value)], value, outs)
        self.greens[hole] = []

    def _move_on(self, hole, to):
        # "move all scoring tokens to the next green. The value jackpots!"
        self.greens[to].extend(self.greens[hole])
        self.greens[hole] = []

    def _decides(self, game, seats, value):
        # Whether handing ``value`` to one tied player or another changes the leaders.
        seen = None
        for s in seats:
            scores = [p.score + (value if p.seat == s else 0) for p in game.players]
            top = max(scores)
            leaders = [i for i in range(len(scores)) if scores[i] == top]
            if seen is not None and leaders != seen:
                return True
            seen = leaders
        return False

    def _decide(self, game, outs):
        # The game ends with one leader; players level for the lead play for the win.
        top = max([p.score for p in game.players])
        level = tuple([p.seat for p in game.players if p.score == top])
        if len(level) == 1:
            game.finish(outs)
        else:
            self.for_tokens = False
            self._play_off(game, level, 1, True, outs)

    def _play_off(self, game, seats, hole, new, outs):
        # Golfers in an elimination go to ``hole``'s tee; a new one first resets
        # "everyone's hand" (tee_off removes the hazard effects).
        self.contenders = seats
        if new:
            for p in game.players:
                p.reset_hand()
        game.tee_off(seats, hole, outs)

    def standings(self, game):
        """Most points first, then the elimination: who came through more play-off holes."""
        return scoring.standings([p.score for p in game.players], self.wins)

    def state_ints(self, out):
        """Append the tokens on every green, the box, the placing and the play-off."""
        MatchPlay.state_ints(self, out)
        for tokens in self.greens:
            out.append(len(tokens))
            out.extend(tokens)
        out.extend(self.box)
        out.extend((self.placing, int(self.for_tokens), len(self.contenders)))
        out.extend(self.contenders)
        out.extend(self.wins)
