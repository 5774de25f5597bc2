"""The 108 Play Nine cards: eight each of 0 (Mulligan) to 12 (Out of Bounds) and four
Hole-in-One cards at -5 strokes. A card is its stroke value (cards of one value are
alike)."""

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

HOLE_IN_ONE = const(-5)
LOWEST = const(0)    # the Mulligan
HIGHEST = const(12)  # Out of Bounds
EACH = const(8)      # cards of each value 0..12
HOLES_IN_ONE = const(4)
COUNT = const(108)   # 13 * 8 + 4
VALUES = (HOLE_IN_ONE,) + tuple(range(LOWEST, HIGHEST + 1))

_NAMES = {HOLE_IN_ONE: "Hole-in-One", LOWEST: "Mulligan", HIGHEST: "Out of Bounds"}


def deck():
    """All 108 cards in a fixed order (shuffle it with the game's Rng)."""
    out = [HOLE_IN_ONE] * HOLES_IN_ONE
    for v in range(LOWEST, HIGHEST + 1):
        out.extend([v] * EACH)
    return out


def name(card):
    """How a player reads a card: ``"7"``, ``"Mulligan (0)"``, ``"Hole-in-One (-5)"``."""
    if card in _NAMES:
        return "%s (%d)" % (_NAMES[card], card)
    return str(card)
