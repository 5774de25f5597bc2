"""The tags of the club cards: which NFC sticker is on which club card.

Every club card carries a sticker; the table learns them once (start menu, "Learn
cards": ``app/card_learning.py``, where the club cards come first) and keeps the pairs
in the store file :data:`FILE` (``app/bindings.py``'s format, ``04a1b2c3d4e5f6
driver-34``). They are the table's own cards: it reads them with the card data it is
given (``app/table_cards.py``), and card learning learns its tags. This module is one of
the table's sets of tagged pieces (``app/presenters/__init__.py``, ``TAG_SETS``):
``FILE``, ``NOUN``, ``KNOWN``, ``DEMO_KIND``, :func:`pieces` and :func:`label`.
"""

FILE = "cards"
NOUN = "club"             # how the tag file's problems name a piece (``Bindings``)
KNOWN = "the card data"
DEMO_KIND = 0x0C  # the 4th byte of a simulated club card's tag (dominoes: 0x0D)


def pieces():
    """The shipped club cards in data order (a club's number is its index)."""
    from teebox import shipped  # (read only when asked: a simulated table's demo tags)
    return shipped.load_default_clubs()


def label(club):
    """How card learning names a club: its name and initiative (the card's corner)."""
    return "%s (%d)" % (club.name, club.initiative)
