"""Reading the Greens as data: the putting dice and the green cards (``teebox/data/greens.json``,
described in ``docs/card-data.md``).

:func:`load_greens` checks the file and raises :class:`~teebox.core.holes18.cards.CardDataError`
listing *every* problem, each naming the file, the die or card and the field, like the club
and shot files. The booklet fixes the rules, not the faces; the checks are what its rules
need of any face design (seven dice a player, every target reachable, a starter deck).
"""

from teebox.core.holes18 import cards

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

FORMAT = "teebox-greens 1"
FLAG = const(0)          # a flag face (a number face is 1 or more)
SIDES = const(6)         # a green card is a hex: one target per side
NO_TARGET = const(0)     # a side that cannot be putted from
COLOURS = ("white", "yellow", "orange", "red")
SET_COUNTS = (1, 2, 2, 2)  # "1x white, 2x yellow, 2x orange and 2x red"
DICE_PER_PLAYER = const(7)
STARTER = (4, 10, 4)     # "4 easy (one putter icon), 4 hard (three putter icons) and 10 medium"
MAX_FACE = const(20)


class GreenCard:
    """One green card: ``id``, ``putters`` (1 easy, 2 medium, 3 hard) and ``targets``, one per
    side (0 the fairway side at the bottom, then counter-clockwise), ``NO_TARGET`` where none."""

    def __init__(self, id, putters, targets):
        self.id = id
        self.putters = putters
        self.targets = targets

    def highest(self):
        """The highest putt target on the card (the hole-in-one needs one more)."""
        return max(self.targets)

    def lowest(self):
        """The lowest putt target on the card (Peter's A-side putts with it)."""
        return min([t for t in self.targets if t != NO_TARGET])

    def __repr__(self):
        return "<GreenCard %s>" % self.id


class Greens:
    """The loaded file: ``faces`` per colour (tuples of six, ``FLAG`` for a flag), ``set``
    (the colour of each of a player's seven dice, die 0 first) and ``cards`` (GreenCards)."""

    def __init__(self, faces, cards_):
        self.faces = faces
        self.cards = cards_
        colours = []
        for c in range(len(COLOURS)):
            colours.extend([c] * SET_COUNTS[c])
        self.set = tuple(colours)

    def most(self):
        """The highest total of one player's own seven dice (every die on its best face)."""
        return sum([max(self.faces[c]) for c in self.set])

    def by_putters(self, putters):
        """The cards with this many putter icons, in file order."""
        return [c for c in self.cards if c.putters == putters]


def load_greens(text, name="greens.json"):
    """Parse and check a greens file: a :class:`Greens`, or CardDataError listing every problem."""
    data = cards._parse(text, name)
    p = cards._Problems(name)
    if not cards._keys(p, "", data, ("format", "dice", "greens"), ("about",)):
        p.raise_if_any()
    if "format" in data and data["format"] != FORMAT:
        p.add("format", "is %s, this Teebox reads %r" % (cards._show(data["format"]), FORMAT))
    cards._check_about(p, data)
    faces = _dice(p, data.get("dice"))
    greens = []
    raw = data.get("greens")
    if not cards._typed(raw, list):
        p.add("", "'greens' must be a list of green cards")
        raw = []
    ids = []
    for i in range(len(raw)):
        card = _card(p, raw[i], i, ids)
        if card is not None:
            greens.append(card)
    p.raise_if_any()
    out = Greens(faces, greens)
    _check_reach(p, out)
    _check_deck(p, out)
    p.raise_if_any()
    return out


def _dice(p, raw):
    if not cards._typed(raw, list) or len(raw) != len(COLOURS):
        p.add("dice", "must list the %d colours in order: %s" % (len(COLOURS), ", ".join(COLOURS)))
        return ()
    faces = []
    last_top = last_flags = 0
    for i in range(len(COLOURS)):
        where = "die %s" % COLOURS[i]
        die = raw[i]
        if not cards._keys(p, where, die, ("colour", "count", "faces")):
            faces.append(())
            continue
        if die.get("colour") != COLOURS[i]:
            p.add(where, "colour must be %r (the colours go %s), not %s"
                  % (COLOURS[i], ", ".join(COLOURS), cards._show(die.get("colour"))))
        if die.get("count") != SET_COUNTS[i]:
            p.add(where, "count must be %d: 'Give each player a set of dice: 1x white, 2x yellow, "
                  "2x orange and 2x red'" % SET_COUNTS[i])
        got = _faces(p, where, die.get("faces"))
        faces.append(got)
        if len(got) == SIDES:
            top = max(got)
            flags = got.count(FLAG)
            if top < last_top or flags < last_flags:
                p.add(where, "the darker die needs higher numbers and at least as many flags as "
                      "the one before ('the darker the red the higher the numbers and more flags')")
            last_top, last_flags = top, flags
    return tuple(faces)


def _faces(p, where, raw):
    if not cards._typed(raw, list) or len(raw) != SIDES:
        p.add(where, "faces must list 6 faces (whole numbers or \"F\" for a flag)")
        return ()
    out = []
    for face in raw:
        if face == "F":
            out.append(FLAG)
        elif cards._typed(face, int) and 1 <= face <= MAX_FACE:
            out.append(face)
        else:
            p.add(where, "face %s must be a number from 1 to %d or \"F\" (a flag)"
                  % (cards._show(face), MAX_FACE))
            return ()
    if out.count(FLAG) == SIDES:
        p.add(where, "every face is a flag: a flag is re-rolled until a number shows, so a die "
              "needs at least one number")
        return ()
    return tuple(out)


def _card(p, raw, index, ids):
    label = cards._card_label(raw, index)
    if not cards._keys(p, label, raw, ("id", "putters", "targets")):
        return None
    cid = cards._field(p, label, raw, "id", str)
    putters = cards._field(p, label, raw, "putters", int)
    targets = raw.get("targets")
    ok = cid is not None and putters is not None
    if cid is not None:
        if cid in ids:
            p.add(label, "id is used by another green card")
        ids.append(cid)
    if putters is not None and not 1 <= putters <= 3:
        p.add(label, "putters must be 1 (easy), 2 (medium) or 3 (hard), not %d" % putters)
        ok = False
    if not cards._typed(targets, list) or len(targets) != SIDES:
        p.add(label, "targets must list 6 sides (side 0 the fairway side, then counter-clockwise), "
              "each a target or null")
        return None
    out = []
    for side in range(SIDES):
        t = targets[side]
        if t is None:
            out.append(NO_TARGET)
        elif cards._typed(t, int) and t >= 1:
            out.append(t)
        else:
            p.add(label, "target of side %d must be a whole number from 1 or null, not %s"
                  % (side, cards._show(t)))
            ok = False
    if out and out[0] == NO_TARGET:
        p.add(label, "side 0 (where the fairway comes in) needs a target")
        ok = False
    return GreenCard(cid, putters, tuple(out)) if ok else None


def _check_reach(p, greens):
    if len(greens.faces) != len(COLOURS) or () in greens.faces:
        return
    most = greens.most()
    for c in greens.cards:
        if c.highest() + 1 > most:
            p.add("card " + c.id, "highest target %d: a hole-in-one needs %d ('the highest PUTT "
                  "TARGET and add 1 to it') but seven dice reach at most %d"
                  % (c.highest(), c.highest() + 1, most))


def _check_deck(p, greens):
    for level in range(3):
        n = len(greens.by_putters(level + 1))
        if n < STARTER[level]:
            p.add("greens", "has %d cards with %d putter icons: the starter deck (4/10/4) needs %d"
                  % (n, level + 1, STARTER[level]))
