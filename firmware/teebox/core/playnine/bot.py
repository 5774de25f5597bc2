"""Computer players for Play Nine's empty seats. They see what a player at the table
sees (face-up cards, the discard pile, the card they drew) and act through
``pending()``, ``choices()`` and ``apply()`` like everyone else.

* :class:`RandomBot` (from :mod:`teebox.core.contract`) picks any legal choice.
* :class:`SensibleBot` keeps low cards and Hole-in-Ones, builds matching columns,
  takes the discard when it helps and putts out only when it looks ahead.

:func:`play_game` (also from the contract) plays a game with one bot a seat.
"""

from teebox.core.contract import RandomBot, play_game  # noqa: F401 (re-exported: this module's face)
from teebox.core.playnine import scoring
from teebox.core.playnine.protocol import (DISCARD, DRAW, DRAW_CARD, FLIP, FROM_DECK,
                                           FROM_DISCARD, REPLACE, SKIP, TEE_OFF)
from teebox.core.rng import Rng

# Estimates are in tenths of a stroke. A face-down card is worth what a card is on
# average: (8 * (0 + 1 + ... + 12) - 4 * 5) / 108 = 5.6 strokes.
UNKNOWN = 56
TAKE_DISCARD = 20   # take the discard when it saves two strokes or more
LONG_HOLE = 10      # after this many turns a player, putt out even when not ahead
_PREFER = {DISCARD: 0, REPLACE: 1, SKIP: 2}  # on equal estimates: progress first


def estimate(grid):
    """A grid's expected strokes in tenths: face-up cards as scored, matches included,
    each face-down card (None) at the average card."""
    return 10 * scoring.hole_score(grid) + UNKNOWN * grid.count(None)


class SensibleBot:
    """Plays for a low hole score; ``seed`` decides which cards it tees off with."""

    def __init__(self, seed=0):
        self.rng = Rng(seed)

    def choose(self, game, seat):
        """The choice this bot makes for ``seat`` now."""
        d = game.pending()
        legal = game.choices(seat)
        if d.kind == TEE_OFF:
            return self._tee(game, seat, legal)
        if d.kind == DRAW_CARD:
            return self._draw(game, seat)
        return self._place(game, seat, d, legal)

    def _tee(self, game, seat, legal):
        # The second tee shot turns the other card of the first one's column: a pair
        # already alike is a cancelled column.
        for slot in range(8):
            if game.up[seat][slot] and (FLIP, (slot + 4) % 8) in legal:
                return (FLIP, (slot + 4) % 8)
        return self.rng.choice(legal)

    def _draw(self, game, seat):
        grid = game.shown(seat)
        now = estimate(grid)
        best = now
        for slot in range(8):
            key = self._key(game, seat, grid, slot, game.discard[-1], False)
            if not key[0]:
                best = min(best, key[1])
        return (DRAW, FROM_DISCARD if now - best >= TAKE_DISCARD else FROM_DECK)

    def _place(self, game, seat, d, legal):
        grid = game.shown(seat)
        best = None
        for c in legal:
            if c[0] == REPLACE:
                key = self._key(game, seat, grid, c[1], d.drawn, d.last)
            else:  # a discard turns over a card the bot cannot know: no change expected
                left = grid.count(None) - (c[0] == DISCARD)
                key = (int(not left and not self._willing(game, seat, grid, d.last)),
                       estimate(grid))
            key = key + (_PREFER[c[0]],)
            if best is None or key < best[0]:
                best = (key, c)
        return best[1]

    def _key(self, game, seat, grid, slot, card, last):
        # (puts out unwillingly, estimate after) for ``card`` put at ``slot``.
        after = list(grid)
        after[slot] = card
        unwilling = None not in after and not self._willing(game, seat, after, last)
        return (int(unwilling), estimate(after))

    def _willing(self, game, seat, after, last):
        # Putting out ends the hole for everyone: do it when ahead, on the last shot
        # (every card is turned anyway) or when the hole drags on.
        if last or game.turns >= LONG_HOLE * len(game.playing):
            return True
        mine = estimate(after)
        return all([mine < estimate(game.shown(s)) for s in game.playing if s != seat])
