"""Kelly Golf: Chaos Golf with a flag on every green and a secret target green each.

Rulebook: "Each player has a target green that they are trying to reach." "Use the
rules for Chaos Golf except when in conflict with the rules below." Setup: "Place a
flag on each green." "Each player draws two 1-point tokens keeping one and returning
the other. Players keep their target secret." Scoring: one's own target scores its
2-point token and the 1-point target token ("3 points for each secret green
claimed"); "If you claim another player's target green you score their 1-point token
and the flag from the green", and they "Draw two replacement 1-point tokens, keep one
and return the other"; any other green scores its flag (1 point). "When there is only
one token left in the bag, the player draws that one token." "The game ends
immediately after a player scores the last green."

The bag holds the 1-point tokens (one per hole, by hole number) that are nobody's
target and whose green still has its flag: a green claimed as "any other green" takes
its token out of play (RULES-NOTES, "Kelly Golf"). Keeping one of two drawn tokens is
this mode's own decision (:data:`KEEP_TARGET`, ``Game.ask``) of the drawing player
alone, answered with ``(EXTRA, KEEP)`` (the lower token) or ``(EXTRA, KEEP + 1)``; it is secret (:attr:`secret_kinds`):
no output names a target until it is claimed.
"""

from teebox.core.hexgrid import distance
from teebox.core.holes18.modes.chaos import ChaosGolf
from teebox.core.holes18.protocol import FLAG, OUT_REACHED, POLICY_KINDS, TOKEN_1, TOKEN_2

KEEP_TARGET = POLICY_KINDS  # decision: which of the two drawn tokens is the new target
KEEP = 100                  # (EXTRA, KEEP + i): keep token i of the two drawn (lower first)


class KellyGolf(ChaosGolf):
    """Kelly Golf. ``flag[h]`` is 1 while hole ``h``'s flag is on its green; ``bag`` the
    token numbers that may be drawn (sorted); ``target[seat]`` a player's secret target
    (0: none); ``offer[seat]`` the two tokens it draws from, lower first (empty when not
    drawing); ``draws`` the seats still to draw, in order."""

    name = "kelly"
    title = "Kelly Golf"
    players = (2, 5)
    legend = "2 1: own secret target (3), 1 F: another's target (2), F: flag (1)"
    count_key = "targets"     # the fourth number of a standings row: own targets claimed
    count_title = "Targets"
    extras = (KEEP, KEEP + 1)
    secret_kinds = (KEEP_TARGET,)

    def __init__(self):
        ChaosGolf.__init__(self)
        self.flag = self.target = bytearray()  # (each replaced by start())
        self.bag = self.offer = self.draws = []

    def start(self, game, outs):
        """A flag on every green, every 1-point token in the bag, everyone on the first tee;
        each player then draws two tokens (in seat order, before the first round)."""
        n = game.course.hole_count
        self.flag = bytearray(b"\x01" * (n + 1))
        self.flag[0] = 0
        self.bag = list(range(1, n + 1))
        self.target = bytearray(len(game.players))
        self.offer = [() for _ in game.players]
        self.draws = list(game.seats())
        game.tee_off(game.seats(), 1, outs)

    def green_tokens(self, hole):
        """What lies on the green as the LEDs draw tokens: its flag (1 point for anyone),
        lit like the smallest token (2, silver); 0 once claimed."""
        return 2 * self.flag[hole]

    def targets(self, game, p):
        """Any green that still has its flag: "Each player may hit in any direction and try
        to claim any hole." """
        return tuple([h for h in range(1, len(self.flag)) if self.flag[h]])

    def aims(self, game, p):
        """Where ``p`` heads: its own secret target while it has one (3 points), else any
        flag."""
        t = self.target[p.seat]
        return (t,) if t else self.targets(game, p)

    def on_reach(self, game, p, hole, hole_in_one, outs):
        """The green scores at once: the flag leaves it, and the target it was is paid."""
        outs.append((OUT_REACHED, p.seat, hole))
        self.flag[hole] = 0
        owner = -1
        for s in range(len(self.target)):
            if self.target[s] == hole:
                owner = s
        if owner == p.seat:
            # "reveal their target green token ... Take a 2 point token ... Add the
            # 1-point token you were using as a secret target" (the flag goes to the box).
            game.award(p, hole, TOKEN_2, 2, outs)
            game.award(p, hole, TOKEN_1, 1, outs)
        elif owner >= 0:
            # "you score their 1-point token and the flag from the green"
            game.award(p, hole, TOKEN_1, 1, outs)
        if owner >= 0:
            self.target[owner] = 0
            self.draws.append(owner)
        elif hole in self.bag:
            self.bag.remove(hole)  # its token no longer names a green to claim
        if owner != p.seat:
            game.award(p, hole, FLAG, 1, outs)
        self.award_hole_in_ones(game, hole, ((p.seat, hole_in_one),), outs)

    def between_turns(self, game, outs):
        """The game ends once the last flag is claimed; else whoever must draw a new target
        draws (two tokens: a secret decision; one: taken as it is). True if the game
        stopped (a decision asked, or the game over)."""
        if not any(self.flag):
            game.finish(outs)
            return True
        bag = self.bag
        while self.draws:
            seat = self.draws[0]
            if len(bag) >= 2:
                a = bag.pop(game.rng.below(len(bag)))
                b = bag.pop(game.rng.below(len(bag)))
                self.offer[seat] = (a, b) if a < b else (b, a)
                game.ask(KEEP_TARGET, seat)
                return True
            self.draws.pop(0)
            if bag:
                # "When there is only one token left in the bag, the player draws that one."
                self.target[seat] = bag.pop()
        return False

    def extra_choices(self, game, seat, kind):
        """Keeping either drawn token, for the drawing player only."""
        return self.extras if kind == KEEP_TARGET else ()

    def extra_apply(self, game, seat, code, outs):
        """Keep one token as the secret target, return the other to the bag."""
        offer = self.offer[seat]
        i = code - KEEP
        self.target[seat] = offer[i]
        self.bag.append(offer[1 - i])
        self.bag.sort()
        self.offer[seat] = ()
        self.draws.pop(0)
        game.resume()

    def decision_text(self, game, kind):
        """The drawing player is asked which token to keep."""
        return "Keep which target?"

    def choice_text(self, game, code):
        """The green of the token a choice keeps: ``"green 7"``."""
        return "green %d" % self.offer[self.draws[0]][code - KEEP]

    def choice_cell(self, game, code):
        """That green (lit for the player who peeks); the decider is the first to draw."""
        h = game.course.hole(self.offer[self.draws[0]][code - KEEP])
        return (h[3], h[4])

    def bot_choice(self, game, seat, legal):
        """A bot keeps the target nearer its ball (the lower token when both are as near)."""
        p = game.players[seat]
        return min(legal, key=lambda c: distance(p.q, p.r, *self.choice_cell(game, c[1])))

    def end_of_round(self, game, outs):
        """Nothing waits for the round's end: the game ends after the last green."""

    def count(self, p):
        """The fourth number of a standings row (no tie-break, as in Chaos Golf): how many
        of its own secret targets ``p`` claimed (each scored a 2-point token)."""
        return len([k for _h, k in p.tokens if k == TOKEN_2])

    def revealed(self, game):
        """The secret targets, by seat (0: none), once the game is over; else None."""
        return bytes(self.target) if game.over else None

    def state_ints(self, out):
        """Append the flags, the bag, the targets, the offers and who must draw."""
        out.extend(self.flag)
        for seq in [self.bag, self.target, self.draws] + self.offer:
            out.append(len(seq))
            out.extend(seq)
