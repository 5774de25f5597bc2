"""A Domino Golf game's inputs, two bytes each: a sequence of ``(seat, choice)``.

The first byte is ``verb << 3 | seat``; the second the verb's number: the domino of
a PLAY, TAKE_ONE or DRAWN, ``number * 8 + seat`` of a LUCK (the double's number and the seat
pointed at), 0 for the verbs that take none. The game keeps its inputs this way (a
5-player game of 18 holes makes about 300) and the log writes the same bytes.
"""

from teebox.core.dominogolf import dominoes
from teebox.core.dominogolf.protocol import DRAWN, LUCK, PLAY, TAKE_ONE, VERB_ARITY


def pack(seat, choice):
    """One input as its two bytes; ValueError if it is not a Domino Golf choice."""
    verb = choice[0]
    if not 0 < verb < len(VERB_ARITY) or len(choice) != 1 + VERB_ARITY[verb]:
        raise ValueError("%r is not a Domino Golf choice" % (choice,))
    arg = 0
    if verb in (PLAY, TAKE_ONE, DRAWN):
        arg = choice[1]
    elif verb == LUCK:
        arg = dominoes.LOW[choice[1]] * 8 + choice[2]
    return bytes((verb << 3 | seat, arg))


def unpack(data, pos, players=5):
    """``(seat, choice)`` of the two bytes at ``pos``; ValueError saying what is wrong."""
    verb = data[pos] >> 3
    seat = data[pos] & 7
    arg = data[pos + 1]
    if seat >= players:
        raise ValueError("input names seat %d at a table of %d" % (seat, players))
    if not 0 < verb < len(VERB_ARITY):
        raise ValueError("unknown choice verb %d" % verb)
    if verb in (PLAY, TAKE_ONE, DRAWN):
        if arg >= dominoes.COUNT:
            raise ValueError("domino %d is not in a double-12 set" % arg)
        return seat, (verb, arg)
    if verb == LUCK:
        if arg >> 3 > dominoes.MAX_END or arg & 7 >= players:
            raise ValueError("change of luck byte %d names no double and seat" % arg)
        return seat, (verb, dominoes.double(arg >> 3), arg & 7)
    return seat, (verb,)


class Inputs:
    """``(seat, choice)`` inputs, appended and read back like a list, two bytes each."""

    def __init__(self, data=b""):
        self.data = bytearray(data)

    def append(self, item):
        """Add one ``(seat, choice)`` input."""
        self.data.extend(pack(item[0], item[1]))

    def __len__(self):
        return len(self.data) // 2

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError("input index out of range")
        return unpack(self.data, 2 * i, 8)

    def __iter__(self):
        for i in range(0, len(self.data), 2):
            yield unpack(self.data, i, 8)

    def __eq__(self, other):
        return list(self) == list(other)

    def __ne__(self, other):  # MicroPython does not derive != from ==
        return not self.__eq__(other)
