"""A real (tagged) domino set: the part of :class:`~teebox.core.dominogolf.rules.Game`
that plays with ``Setup(real_set=True)``.

The players draw from their own set, so the table knows only what lies face up. Each
face-up draw (the green, a green's double mixed back for another, the approach and
lay-up dominoes, a gods-of-golf pick, the pick of a double that may go in) is a
``DRAW`` decision answered by ``(DRAWN, d)``: the domino scanned, accepted if it does
not lie face up already. The face-down dominoes (the greens still to come, the tee,
the golf bags, the penalty dominoes, the gods of golf, and whatever the pool got back
from a refill) are ``UNSEEN`` entries of the same lists a digital game keeps: counts.
A domino played from a bag (or taken from one with a change of luck) is accepted if it
is not face up, and one ``UNSEEN`` leaves that bag. So every physical draw is an
input, the game log carries it, and a replay rebuilds the game as played.
"""

from teebox.core.dominogolf import dominoes, shots
from teebox.core.dominogolf.protocol import (
    DRAW, DRAWN, DRAW_NAMES, FOR_APPROACH, FOR_GODS, FOR_GREEN, FOR_LAYUP,
    FROM_GODS, GODS, LUCK, OUT_GREEN_DOUBLE, PLAY, SHOT, TAKE_ONE, UNSEEN)


class RealSet:
    """A real set's draws and bags (the state is the :class:`Game`'s: ``wait``, the
    FOR_* of the draw awaited, 0 for none; ``held``, a double turned up as the green,
    face up until the next green is drawn, -1 for none)."""

    def face_up(self):
        """A real set: a bytearray of the 91 dominoes, 1 for each lying face up (the
        hole's, those played this hole, a double held, those removed since the last
        refill): every other one may be drawn or played from a bag."""
        up = bytearray(dominoes.COUNT)
        for seq in [self.layout, self.removed, (self.held,)] + self.played:
            for d in seq:
                if d >= 0:
                    up[d] = 1
        return up

    def _real_candidates(self, seat):
        # The dominoes a scan may name now (any not face up), as choices.
        up = self.face_up()
        dark = [d for d in range(dominoes.COUNT) if not up[d]]
        if self.stage == DRAW:
            return [(DRAWN, d) for d in dark]
        out = [(PLAY, d) for d in dark] + [(GODS,)]
        for d in dark:
            if dominoes.is_double(d):
                out.extend([(LUCK, d, t) for t in range(self.setup.players)])
        return out

    def _real_reason(self, choice, seat):
        # Why a domino scanned for ``choice`` cannot be it (None: it can); the rest of
        # the choice is checked as in a digital game.
        verb = choice[0]
        if self.stage == DRAW:
            if verb != DRAWN:
                return "scan the %s domino you drew" % DRAW_NAMES[self.wait]
        elif verb == DRAWN:
            return "there is no domino to draw now"
        if verb not in (PLAY, LUCK, TAKE_ONE, DRAWN):
            return None
        if self.face_up()[choice[1]]:
            return "the %s lies face up already" % dominoes.name(choice[1])
        if verb == TAKE_ONE or verb == DRAWN:
            return None
        return None if self.bags[seat] else "your golf bag is empty"

    def _ask(self, why, seat, outs):
        # Wait for ``seat`` to draw a domino face up for ``why`` and scan it. "If the gods
        # of golf pool runs out of dominoes, mix all the dominoes previously removed".
        if not self.pool and not (why == FOR_GREEN and self.greens and self.held < 0):
            self._refill(outs)
        self.wait = why
        self.turn = seat
        self.stage = DRAW

    def _ask_layout(self, outs):
        # The next domino of the hole to turn face up (the green, the approach, the
        # lay-up, as the rulebook lays them), or tee off once they all lie.
        n = len(self.layout)
        if not n:
            self._ask(FOR_GREEN, self.first, outs)
        elif n < shots.par_of(self.layout[-1]) - 2:
            self._ask(FOR_APPROACH if n == 1 else FOR_LAYUP, self.first, outs)
        else:
            self.par = shots.par_of(self.layout[-1])
            self._tee_off(outs)

    def _drawn(self, d, outs):
        # A domino drawn face up and scanned: from the face-down greens (a hole's green,
        # unless a double sent it to the gods of golf) or from the gods of golf.
        why = self.wait
        self.wait = 0
        if why == FOR_GREEN and self.greens and self.held < 0:
            self.greens.pop()
        else:
            self.pool.pop()
        if why == FOR_GREEN:
            if self.held >= 0:
                # "choose another from the gods of golf pool, then mix the double back"
                self.pool.append(UNSEEN)
                self.held = -1
            if dominoes.is_double(d):
                outs.append((OUT_GREEN_DOUBLE, d))
                self.held = d
                self._ask(FOR_GREEN, self.first, outs)
                return
            self.layout = [d]
            self._ask_layout(outs)
        elif why == FOR_APPROACH or why == FOR_LAYUP:
            self.layout.insert(0, d)
            self._ask_layout(outs)
        else:
            self.stage = SHOT
            if why == FOR_GODS:
                self._shoot(self.turn, d, FROM_GODS, outs)
            else:
                self._landed(self.turn, d, outs)

    def _from_bag(self, seat, d):
        # Domino ``d`` leaves ``seat``'s golf bag (a real set's: one face-down domino).
        self.bags[seat].remove(UNSEEN if self.real else d)

    def _pick(self, why, seat, outs):
        # A gods-of-golf pick (FOR_GODS) or a hole-in pick (FOR_CHECK): drawn by the
        # table's shuffle, or asked for (returns -1: the scan carries the game on).
        if self.real:
            self._ask(why, seat, outs)
            return -1
        return self._draw(outs)

