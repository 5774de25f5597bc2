"""The tags of a real double-12 domino set: which NFC sticker is on which domino.

A table whose dominoes carry stickers learns them once, like the club cards
(start menu, "Learn cards"; hold OK there goes from the club cards to the dominoes:
``app/card_learning.py``) and keeps the pairs in the store file :data:`FILE`, one a
line, ``UID-HEX domino-LOW-HIGH`` (``04a1b2c3d4e5f6 domino-5-10``). This module is
one of the table's sets of tagged pieces (``app/presenters/__init__.py``,
``TAG_SETS``): ``FILE``, ``DEMO_KIND``, :func:`pieces` and :func:`label`.
"""

from teebox.core.dominogolf import dominoes

FILE = "dominoes"
NOUN = "domino"           # how the tag file's problems name a piece (``Bindings``)
KNOWN = "a double-12 set"
DEMO_KIND = 0x0D  # the 4th byte of a simulated domino's tag (club cards: 0x0C)


class Piece:
    """One domino as card learning and the tag bindings see it: ``id`` (as the store
    file writes it), ``name`` (as the display reads it), ``initiative`` (its place in
    the set, 1 to 91: the LED-only form lights that many cells) and ``expansion``
    (none)."""

    expansion = ""

    def __init__(self, d):
        low, high = dominoes.ends(d)
        self.id = "domino-%d-%d" % (low, high)
        self.name = "Domino " + dominoes.name(d)
        self.initiative = d + 1


def pieces():
    """The 91 dominoes in set order (a domino's number is its index)."""
    return [Piece(d) for d in range(dominoes.COUNT)]


def label(piece):
    """How card learning names a domino: ``Domino 5/10``."""
    return piece.name
