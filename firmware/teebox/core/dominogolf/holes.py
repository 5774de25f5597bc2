"""The holes of a Domino Golf game: the draws from the gods of golf, the golf bags of
each group of holes, each hole's green, par and layout, and what happens once everyone
has holed out (the next hole, the next group, the playoff, the end).

:class:`Holes` is the part of :class:`~teebox.core.dominogolf.rules.Game` that sets
holes up and clears them away; the game's shots call into it (``_draw``) and it
calls back into them (``_next_shot`` starts a hole's first stroke).
"""

from teebox.core.contract import GAME_OVER
from teebox.core.dominogolf import dominoes, shots
from teebox.core.dominogolf.protocol import (ON_TEE, OUT_BAGS, OUT_GAME_OVER, OUT_GREEN_DOUBLE,
                                             OUT_HOLE, OUT_PLAYOFF, OUT_REFILL, UNSEEN)


class Holes:
    """Draws, golf bags and holes (the state is the :class:`Game`'s)."""

    def _draw(self, outs):
        # A random domino of the gods of golf. "If the gods of golf pool runs out of
        # dominoes, mix all the dominoes previously removed from the game to restore it."
        if not self.pool:
            self._refill(outs)
        return self.pool.pop(self.rng.below(len(self.pool)))

    def _refill(self, outs):
        # (a real set's pool is face down: what comes back is unseen again)
        self.pool.extend([UNSEEN] * len(self.removed) if self.real else self.removed)
        self.removed = []
        outs.append((OUT_REFILL, len(self.pool)))

    def _new_bags(self, outs):
        # "any remaining dominoes in players' hands are discarded ... five new dominoes
        # are chosen randomly from the gods of golf by each player"
        for s in range(self.setup.players):
            self.removed.extend(self.bags[s])
            self.bags[s] = []
        if self.contenders:
            holes, size = shots.PLAYOFF_GROUP, shots.PLAYOFF_BAG
        else:
            holes, size = shots.GROUPS[self.group], shots.BAGS[self.group]
        self.group += 1
        self.group_left = holes
        for s in self.playing:
            self.bags[s] = [self._draw(outs) for _ in range(size)]
        outs.append((OUT_BAGS, self.group, holes, size))

    def _new_hole(self, outs):
        if self.order:
            # "Play then begins on the hole with the player who had the best score on
            # the preceding hole. If there's a tie, the player who last teed off first
            # does so again": of the tied players, the one who teed off earliest.
            self.first = min(self.playing, key=lambda s: (self.strokes[s], self.order.index(s)))
        self.hole += 1
        if self.real:  # each domino of the hole turned face up is scanned (real.py)
            self.layout = []
            self.par = 0
            self._ask_layout(outs)
            return
        green = self.greens.pop(0) if self.greens else self._draw(outs)
        while dominoes.is_double(green):
            # "If it is a double, choose another from the gods of golf pool, then mix
            # the double back into the gods of golf dominoes."
            outs.append((OUT_GREEN_DOUBLE, green))
            if not [d for d in self.pool if not dominoes.is_double(d)]:
                self._refill(outs)  # a pool of doubles alone would never give a green
            again = self._draw(outs)
            self.pool.append(green)
            green = again
        self.par = shots.par_of(green)
        self.layout = [green]
        if self.par >= 4:
            self.layout.insert(0, self._draw(outs))  # the approach domino
        if self.par == 5:
            self.layout.insert(0, self._draw(outs))  # the lay-up domino
        self._tee_off(outs)

    def _tee_off(self, outs):
        # The hole lies: everyone on the tee, the first player clockwise first.
        n = self.setup.players
        order = []
        s = self.first
        while len(order) < len(self.playing):  # clockwise from the first player
            if s in self.playing:
                order.append(s)
            s = (s + 1) % n
        self.order = tuple(order)
        for s in self.playing:
            self.lie[s] = ON_TEE
            self.station[s] = 0
            self.strokes[s] = 0
        outs.append((OUT_HOLE, self.hole, self.par, tuple(self.layout), self.order))
        self.queue = list(self.order)
        self._next_shot(outs)

    def _end_hole(self, outs):
        # "Remove all the played dominoes from the game - the green, approach and
        # lay-up dominoes, the dominoes played by the players as well as any
        # penalty-stroke dominoes. (Retain the tee domino.)"
        self.turn = -1
        self.removed.extend(self.layout)
        self.layout = []
        for s in self.playing:
            self.removed.extend(self.played[s])
            self.removed.extend(self.penalty[s])
            self.played[s] = []
            self.penalty[s] = []
        self.pars.append(self.par)
        self.group_left -= 1
        if self.contenders:
            self._playoff_hole_done(outs)
            return
        if self.hole < self.setup.holes:
            self._next_hole(outs)
            return
        low = min(self.totals)
        tied = [s for s in range(self.setup.players) if self.totals[s] == low]
        if len(tied) == 1:
            self._finish(outs)
            return
        # "In case of a tie after 18 holes, the tied players will play additional
        # holes, one at a time, until the tie is broken. They each discard any unplayed
        # dominoes and get five new ones for four holes"
        self.contenders = self.playing = tuple(tied)
        outs.append((OUT_PLAYOFF, self.contenders))
        self.group_left = 0
        self._next_hole(outs)

    def _next_hole(self, outs):
        if not self.group_left:
            self._new_bags(outs)
        self._new_hole(outs)

    def _playoff_hole_done(self, outs):
        # The lowest score on the hole goes on; the rest are out, ranked below everyone
        # still in and among themselves by this hole's score.
        hole = {}
        for s in self.playing:
            hole[s] = self.playoff_scores[s][-1]
        low = min([hole[s] for s in self.playing])
        out = [s for s in self.playing if hole[s] != low]
        for s in out:
            self.tiebreak[s] = self.eliminated + len([p for p in out if hole[p] > hole[s]])
            self.removed.extend(self.bags[s])  # out of the playoff: nothing left to play
            self.bags[s] = []
        self.eliminated += len(out)
        alive = tuple([s for s in self.playing if hole[s] == low])
        if len(alive) == 1:
            self.tiebreak[alive[0]] = len(self.contenders) - 1
            self._finish(outs)
            return
        self.playing = alive
        self._next_hole(outs)

    def _finish(self, outs):
        self.over = True
        self.stage = GAME_OVER
        self.turn = -1
        outs.append((OUT_GAME_OVER, self.standings()))
