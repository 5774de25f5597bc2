"""The wind deck of *Taming the Wind* as data: ``teebox/data/wind.json``, read and checked.

Booklet, "NEW COMPONENT OVERVIEW": "These cards will form the WIND DECK that shows
wind direction. There are three wind strengths: CALM, WINDY and STRONG WIND. The
WINDY cards come with multiple versions showing the different directions the wind is
blowing." A card is ``{"id", "strength": "calm"|"windy"|"strong", "direction"}``, the
direction (a WINDY card's only) named as the booklet's shorthand: TL, TM, TR, BR,
BM, BL (the wind tile's six sides, ``course.WIND_CARDS``). Problems are reported like
the club and shot cards' (``cards.CardDataError``, one line each, naming the card).
"""

from teebox.core import hexgrid
from teebox.core.holes18.cards import (CardDataError, _card_label, _check_about, _field, _keys,
                                       _parse, _Problems, _typed)

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

CALM = const(0)
WINDY = const(1)
STRONG = const(2)
STRENGTHS = ("calm", "windy", "strong")

# The six directions of the wind tile in the order of a course's ``wind:`` header
# (``course.WIND_CARDS``, then strong and calm; not imported: a game loads no course
# parser). tests/firmware/test_wind.py checks they agree.
TILE = ("TL", "TM", "TR", "BR", "BM", "BL")
# Teebox's board is pointy-top, the tile's hexes flat-top: each side turns 30 degrees.
# The booklet's Martinique example fixes the turn: "the wind is blow towards the
# top-right ... one additional hex in a north-easterly direction" (RULES-NOTES E-W1).
TILE_DIRECTIONS = (hexgrid.W, hexgrid.NW, hexgrid.NE, hexgrid.E, hexgrid.SE, hexgrid.SW)

DECK_SIZE = const(22)  # "WIND CARDS (x22)"


class WindCard:
    """One wind card: ``id``, ``strength`` (CALM, WINDY, STRONG), ``tile`` (index into
    :data:`TILE`, -1 on a card without a direction) and ``direction`` (the hexgrid
    direction the wind blows toward on the board, -1)."""

    def __init__(self, cid, strength, tile):
        self.id = cid
        self.strength = strength
        self.tile = tile
        self.direction = TILE_DIRECTIONS[tile] if tile >= 0 else -1

    def __repr__(self):
        return "<WindCard %s>" % self.id


def load_wind(text, name="wind.json"):
    """Parse and check the wind deck; a list of :class:`WindCard` in file order.

    Raises :class:`~teebox.core.holes18.cards.CardDataError` listing every problem.
    """
    data = _parse(text, name)
    p = _Problems(name)
    if not _keys(p, "", data, ("cards",), ("about",)):
        p.raise_if_any()
    _check_about(p, data)
    raw = data.get("cards")
    if not _typed(raw, list):
        if "cards" in data:
            p.add("", "'cards' must be a list of wind cards")
        p.raise_if_any()
    deck = []
    for i in range(len(raw)):
        card = _card(p, raw[i], i)
        if card is not None:
            deck.append(card)
    if len(deck) == len(raw):
        _check_deck(p, deck)
    p.raise_if_any()
    return deck


def _card(p, raw, index):
    where = _card_label(raw, index)
    if not _keys(p, where, raw, ("id", "strength"), ("direction",)):
        return None
    cid = _field(p, where, raw, "id", str)
    strength = _field(p, where, raw, "strength", str)
    if strength is not None and strength not in STRENGTHS:
        p.add(where, "strength must be one of: %s, not %r" % (", ".join(STRENGTHS), strength))
        return None
    if cid is None or strength is None:
        return None
    level = STRENGTHS.index(strength)
    tile = -1
    if level == WINDY:
        d = raw.get("direction")
        if d not in TILE:
            p.add(where, "a windy card needs a direction, one of: %s (the booklet's "
                  "shorthand), not %s" % (" ".join(TILE), "none" if d is None else repr(d)))
            return None
        tile = TILE.index(d)
    elif "direction" in raw:
        # "When the STRONG WIND card is played, flip the tile over while maintaining
        # the orientation": only WINDY cards turn the tile.
        p.add(where, "only a windy card shows a direction: remove 'direction' from this "
              "%s card" % strength)
        return None
    return WindCard(cid, level, tile)


def _check_deck(p, deck):
    seen = []
    for c in deck:
        if c.id in seen:
            p.add("card " + c.id, "id used twice: every card needs its own")
        seen.append(c.id)
    if len(deck) != DECK_SIZE:
        p.add("", "the wind deck holds %d cards, the box %d (WIND CARDS x22)"
              % (len(deck), DECK_SIZE))
    strong = len([c for c in deck if c.strength == STRONG])
    if strong != 1:
        p.add("", "the deck has %d STRONG WIND cards, the box one (\"remove the STRONG WIND "
              "card\")" % strong)
    for t in range(len(TILE)):
        if not [c for c in deck if c.tile == t]:
            p.add("", "no windy card blows %s: the WINDY cards come in every direction" % TILE[t])


def deck_for(cards, suggested):
    """The cards a game shuffles into its wind deck: the course's suggested deck
    (``Course.wind``: counts of TL TM TR BR BM BL, strong, calm) taken from ``cards``,
    or all of them when the course suggests none. A count above what the box holds
    takes all the box's cards of that kind (RULES-NOTES E-W2)."""
    if not any(suggested):
        return list(cards)
    out = []
    for i in range(len(suggested)):
        if i < len(TILE):
            kind = [c for c in cards if c.tile == i]
        elif i == len(TILE):
            kind = [c for c in cards if c.strength == STRONG]
        else:
            kind = [c for c in cards if c.strength == CALM]
        out.extend(kind[:suggested[i]])
    if not out:
        raise CardDataError(["wind.json: the course's wind deck takes no card from the box"])
    return out
