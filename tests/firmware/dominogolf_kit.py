# Helpers for the Domino Golf tests: games whose draws are chosen. Runs under CPython
# and inside MicroPython (plain functions, no pytest features).
from teebox.core.dominogolf import dominoes, rules
from teebox.core.dominogolf.protocol import (DRAW, DRAWN, FROM_GODS, GODS, KEEP, KEEP_SHOT,
                                             OUT_CHECK, OUT_GREEN_DOUBLE, OUT_HOLE, OUT_SHOT,
                                             PLAY)
from teebox.core.rng import Rng


def D(low, high):
    """The domino ``low/high``."""
    return dominoes.of(low, high)


class FirstRng(Rng):
    """An Rng whose first ``below`` (the start player) returns ``first``."""

    def __init__(self, first, seed=0):
        Rng.__init__(self, seed)
        self.first = first

    def below(self, n):
        if self.first is not None:
            first, self.first = self.first, None
            return first
        return Rng.below(self, n)


class Stacked(rules.Game):
    """A game whose draws from the gods of golf are ``stack`` in order (each must be in
    the pool when drawn); once it runs out, draws are random again."""

    def __init__(self, setup, stack, first=0):
        self.stack = list(stack)
        rules.Game.__init__(self, setup, FirstRng(first, setup.seed))

    def _draw(self, outs):
        if not self.stack:
            return rules.Game._draw(self, outs)
        d = self.stack.pop(0)
        if not self.pool:
            self._refill(outs)
        self.pool.remove(d)
        return d


def filler(n, avoid):
    """``n`` non-double dominoes, none of ``avoid``: greens and bags no test looks at."""
    out = []
    for d in range(dominoes.COUNT - 1, -1, -1):
        if len(out) == n:
            break
        if not dominoes.is_double(d) and d not in avoid:
            out.append(d)
    return out


def game(bags, greens, draws=(), first=0, tee=None, holes=3, **options):
    """A game whose golf bags are ``bags`` (one list a seat), whose first greens are
    ``greens`` (the rest filler) and whose later draws are ``draws`` in order: each
    hole's approach then lay-up domino, then what the shots draw. ``tee`` defaults to
    a filler domino; seat ``first`` starts."""
    named = list(greens) + list(draws) + [d for bag in bags for d in bag]
    pad = filler(holes - len(greens) + 1, named + ([tee] if tee is not None else []))
    tee = pad.pop() if tee is None else tee
    stack = list(greens) + pad + [tee] + [d for bag in bags for d in bag] + list(draws)
    setup = rules.Setup(len(bags), 1, holes, **options)
    return Stacked(setup, stack, first)


def play(g, domino):
    """The player to move plays ``domino`` from the bag (keeping it if asked); the outputs."""
    return shoot(g, (PLAY, domino))


def gods(g):
    """The player to move goes with the gods of golf (keeping the shot if asked)."""
    return shoot(g, (GODS,))


def shoot(g, choice):
    """The player to move makes ``choice``; a mulligan decision after it is kept."""
    seat = g.pending().player
    outs = g.apply(choice, seat)
    if g.pending().kind == KEEP and g.pending().player == seat:
        outs += g.apply((KEEP_SHOT,), seat)
    return outs


def outs_of(outs, kind):
    """The outputs of one kind."""
    return [o for o in outs if o[0] == kind]


class Mirror:
    """A real-set game (``Setup(real_set=True)``) played with a simulated set: a digital
    game of the same setup is the set on the table (its seeded shuffle deals the bags and
    turns the dominoes up); every domino it turns face up is scanned into the real-set
    game, and ``bots`` choose on the digital game (where a bag can be looked at), each
    choice taken by both."""

    def __init__(self, players, seed, holes, bots, **options):
        self.world = rules.Game(rules.Setup(players, seed, holes, **options))
        self.real = rules.Game(rules.Setup(players, seed, holes, real_set=True, **options))
        self.bots = bots
        self.faces = []  # dominoes the set turned face up, not scanned yet
        self._turned(self.world.initial_outputs)

    def _turned(self, outs):
        for o in outs:
            if o[0] == OUT_GREEN_DOUBLE or o[0] == OUT_CHECK:
                self.faces.append(o[1 if o[0] == OUT_GREEN_DOUBLE else 2])
            elif o[0] == OUT_HOLE:  # the green, then the approach, then the lay-up
                self.faces.extend([o[3][k] for k in range(len(o[3]) - 1, -1, -1)])
            elif o[0] == OUT_SHOT and o[3] == FROM_GODS:
                self.faces.append(o[2])

    def step(self):
        """One input of the real-set game: a scan of the next domino turned up, or the
        choice of the seat to play (made on, and taken by, both games)."""
        d = self.real.pending()
        if d.kind == DRAW:
            return self.real.apply((DRAWN, self.faces.pop(0)), d.player)
        seat = d.player
        choice = self.bots[seat].choose(self.world, seat)
        self._turned(self.world.apply(choice, seat))
        return self.real.apply(choice, seat)
