"""Computer players for Domino Golf's empty seats. They see what a player at the table
sees (their own golf bag, the hole's dominoes, the dominoes played) and act through
``pending()``, ``choices()`` and ``apply()`` like everyone else.

* :class:`RandomBot` (from :mod:`teebox.core.contract`) picks any legal choice.
* :class:`SensibleBot` plays the domino of its bag with the best result, keeps its
  doubles for a hole-in-one or an eagle, goes with the gods of golf when nothing in its
  bag does better than a random domino would on average, and spends its mulligan on a
  gods-of-golf pick that went wrong. With a real (tagged) set it cannot see its
  face-down bag, so it goes with the gods of golf every shot (someone draws for it),
  unless it is handed the bag as its player sees it (``choose(game, seat, bag)``: a
  person's autoplayer holding a real set).

:func:`play_game` (also from the contract) plays a game with one bot a seat.
"""

from teebox.core.contract import RandomBot, play_game  # noqa: F401 (re-exported: this module's face)
from teebox.core.dominogolf import dominoes, shots
from teebox.core.dominogolf.protocol import (
    FROM_GODS, GODS, GREENSIDE_SAND, HOLED, KEEP, KEEP_SHOT, MULLIGAN, ONE_PUTT, PLAY, TAKE,
    TREE, WATER)

# What a result costs from here on, in tenths of a stroke (lower is better): a shot at
# the green by the strokes still to take, a shot short of it by what its lie costs next
# (the rough gives no replacement domino, the sand a random shot, a tree a stroke).
VALUE = (0, 0, 3, 9, 13, 23, 10, 20, 30, 40, 0)
SPEND = 3        # a domino of the bag played without a replacement is one fewer to choose from
KEEP_DOUBLE = 4  # a double kept is a hole-in-one or an eagle to come
# A double that may go in: the pick matches the green's higher number with 13 of the 91.
_MAY_HOLE = VALUE[ONE_PUTT] * (dominoes.COUNT - dominoes.MAX_END - 1) // dominoes.COUNT


def value(domino, game, seat):
    """What ``domino`` played by ``seat`` now costs from here on (tenths of a stroke)."""
    station = game.station[seat]
    target = game.layout[station]
    at_green = station == len(game.layout) - 1
    if at_green and shots.may_hole(domino, target, game.lie[seat]):
        return _MAY_HOLE
    return VALUE[shots.result(domino, target, at_green)]


def unseen(game, seat, bag=None):
    """The dominoes ``seat`` cannot see (``bag``: their golf bag, default the game's):
    any of them may be a gods-of-golf pick."""
    seen = bytearray(dominoes.COUNT)
    for d in (game.bags[seat] if bag is None else bag) + game.layout:
        seen[d] = 1
    for played in game.played:
        for d in played:
            seen[d] = 1
    return [d for d in range(dominoes.COUNT) if not seen[d]]


def gods_value(game, seat, bag=None):
    """What a gods-of-golf pick costs on average from here on (``bag`` as for
    :func:`unseen`)."""
    dark = unseen(game, seat, bag)
    return sum([value(d, game, seat) for d in dark]) // len(dark)


class SensibleBot:
    """Plays for a low score; ``seed`` is kept for the registry's face (it draws nothing)."""

    def __init__(self, seed=0):
        self.seed = seed

    def choose(self, game, seat, bag=None):
        """The choice this bot makes for ``seat`` now. ``bag``: a real set's golf bag of
        ``seat`` as its player holds it (the rules see it face down); without it the bot
        goes with the gods of golf at every shot of a real set."""
        d = game.pending()
        legal = game.choices(seat)
        if d.kind == KEEP:
            bad = d.result in (TREE, WATER, GREENSIDE_SAND)
            return (MULLIGAN,) if bad and game.last[1] == FROM_GODS else (KEEP_SHOT,)
        if d.kind == TAKE:
            return min(legal, key=lambda c: (value(c[1], game, seat), c[1]))
        if game.real and bag is None:
            return (GODS,)  # a real set's bag lies face down, where a bot cannot look
        best = ((gods_value(game, seat, bag), 1), (GODS,))
        if bag is not None:  # (in the bag's order, as a dealt bag's: ties go alike)
            legal = [c for c in [(PLAY, d) for d in bag] if c in legal]
        for c in legal:
            if c[0] == PLAY:
                key = (self._cost(c[1], game, seat), 0)
                if key < best[0]:
                    best = (key, c)
        return best[1]

    def _cost(self, domino, game, seat):
        cost = value(domino, game, seat)
        if cost != VALUE[HOLED] and cost != _MAY_HOLE:
            cost += SPEND  # a fairway (cost 0) draws a replacement
        if dominoes.is_double(domino) and cost != _MAY_HOLE:
            cost += KEEP_DOUBLE
        return cost
