"""A Play Nine game's inputs, one byte each: a sequence of ``(seat, choice)``.

Every Play Nine choice is one of 27 (turn over a slot, replace a slot, discard and
turn a slot, draw from the deck or the discard pile, skip), so an input is one
byte ``code << 3 | seat``. The game keeps its inputs this way (a 5-player game
of nine holes makes about a thousand) and the log writes the same bytes.
"""

from teebox.core.playnine.protocol import DISCARD, DRAW, FLIP, REPLACE, SKIP

_SLOTTED = (FLIP, REPLACE, DISCARD)  # codes 0-7, 8-15, 16-23: verb's rank * 8 + slot
_DRAW_CODE = 24                      # 24 + source
_SKIP_CODE = 26
CODES = 27


def code(choice):
    """The code (0-26) of a choice; ValueError if it is not a Play Nine choice."""
    verb = choice[0]
    for i in range(len(_SLOTTED)):
        if _SLOTTED[i] == verb and len(choice) == 2 and 0 <= choice[1] < 8:
            return i * 8 + choice[1]
    if verb == DRAW and len(choice) == 2 and 0 <= choice[1] < 2:
        return _DRAW_CODE + choice[1]
    if verb == SKIP and len(choice) == 1:
        return _SKIP_CODE
    raise ValueError("%r is not a Play Nine choice" % (choice,))


def choice(code):
    """The choice tuple of a code (0-26); ValueError otherwise."""
    if 0 <= code < _DRAW_CODE:
        return (_SLOTTED[code >> 3], code & 7)
    if code < _SKIP_CODE:
        return (DRAW, code - _DRAW_CODE)
    if code == _SKIP_CODE:
        return (SKIP,)
    raise ValueError("%d is not a Play Nine choice code" % code)


def pack(seat, ch):
    """One input as its byte."""
    return code(ch) << 3 | seat


def unpack(byte, players=5):
    """``(seat, choice)`` of one input byte; ValueError if no seat of ``players`` made it."""
    seat = byte & 7
    if seat >= players:
        raise ValueError("input byte %d names seat %d at a table of %d" % (byte, seat, players))
    return seat, choice(byte >> 3)


class Inputs:
    """``(seat, choice)`` inputs, appended and read back like a list, one byte each."""

    def __init__(self, data=b""):
        self.data = bytearray(data)

    def append(self, item):
        """Add one ``(seat, choice)`` input."""
        self.data.append(pack(item[0], item[1]))

    def __len__(self):
        return len(self.data)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self.data)))]
        return unpack(self.data[i], 8)

    def __iter__(self):
        for b in self.data:
            yield unpack(b, 8)

    def __eq__(self, other):
        return list(self) == list(other)

    def __ne__(self, other):  # MicroPython does not derive != from ==
        return not self.__eq__(other)
