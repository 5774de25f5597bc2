"""Reading the Greens on the course: the green deck, how a green card lies beside its green,
and the side a golfer arrives from (booklet, "BUILD THE COURSE", "AT THE START OF EACH HOLE",
"REACHING THE GREEN").

A card's side ``s`` (0 the fairway side at the bottom of the card, then counter-clockwise)
faces the hex direction ``(turn + s) % 6`` on the board (:mod:`teebox.core.hexgrid` numbers
directions counter-clockwise too), where ``turn`` is :func:`card_turn` of the hole.
"""

from teebox.core import hexgrid, terrain
from teebox.core.holes18.expansions.greens_data import SIDES, STARTER


def deck(greens, mix, holes, rng):
    """The GREEN DECK for ``holes`` holes, in the order the cards are revealed.

    ``mix`` is a course's ``greens: E/M/H`` (easy, medium, hard cards); (0, 0, 0) means none
    is given: the starter deck, "4 easy ..., 4 hard ... and 10 medium". "It is also OK to
    shuffle all the green cards together and deal out 18": a mix asking for more cards of
    a difficulty than there are, or for fewer cards than holes, is made up from the whole
    shuffled set. The cards are shuffled with the game's seeded ``rng``.
    """
    if not sum(mix):
        mix = STARTER
    picked = []
    for level in range(3):
        cards = greens.by_putters(level + 1)
        rng.shuffle(cards)
        picked.extend(cards[:mix[level]])
    rest = [c for c in greens.cards if c not in picked]
    rng.shuffle(rest)
    picked.extend(rest[:max(0, holes - len(picked))])
    rng.shuffle(picked)
    return picked[:holes]


def card_turn(course, hole):
    """The hex direction the green card's fairway side faces beside ``hole``'s green: "Use this
    fairway to orient the green card with the green on the course". It points at the green's
    fairway neighbour nearest the tee box (any neighbour nearest the tee if none is fairway)."""
    par, tq, tr, gq, gr = course.hole(hole)
    best = None
    for d in hexgrid.DIRECTIONS:
        q, r = hexgrid.neighbour(gq, gr, d)
        key = (course.terrain(q, r) != terrain.FAIRWAY, hexgrid.distance(q, r, tq, tr), d)
        if best is None or key < best:
            best = key
    return best[2]


def arrival_side(course, hole, fq, fr):
    """The card side a golfer putts from after landing on ``hole``'s green from hex ``(fq, fr)``
    (the last hex of the flight before the green): "place your meeple on the GREEN CARD on the
    side that they arrived from"."""
    par, tq, tr, gq, gr = course.hole(hole)
    d = hexgrid.direction_between(gq, gr, fq, fr)
    return (d - card_turn(course, hole)) % SIDES
