"""The inputs of a game kept as their log bytes: a sequence of ``(seat, choice)``.

A list of tuples costs about 34 bytes an input on MicroPython, some 30 kB for
a 5-player 18-hole game; the log encoding (one byte ``verb << 3 | seat``, then
the verb's arguments as varints, or one byte ``code << 3 | seat`` alone for a
choice of ``protocol.SHORT_FORMS``) takes under 2, plus a 2-byte offset so any
input can still be read back by index. ``gamelog`` writes and reads the same bytes.
"""

from array import array

from teebox.core import varint
from teebox.core.holes18.protocol import SHORT_CODE, SHORT_FORMS, VERB_ARITY


class InputLog:
    """``(seat, choice)`` inputs, appended and read back like a list (also sliced)."""

    def __init__(self):
        self.data = bytearray()
        self._at = array("H")   # where each input starts in ``data``

    def append(self, item):
        """Add one ``(seat, choice)`` input."""
        seat, choice = item
        if len(self.data) > 0xFFFF:
            raise ValueError("a game log holds at most 64 KB of inputs")
        self._at.append(len(self.data))
        put(self.data, seat, choice)

    def __len__(self):
        return len(self._at)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self._at)))]
        if i < 0:
            i += len(self._at)
        if not 0 <= i < len(self._at):
            raise IndexError("input %d: the log holds %d" % (i, len(self._at)))
        return read(self.data, self._at[i])[0]

    def __eq__(self, other):
        if isinstance(other, InputLog):
            return self.data == other.data
        return list(self) == list(other)

    def __ne__(self, other):  # MicroPython does not derive != from ==
        return not self.__eq__(other)

    def __iter__(self):
        for k in range(len(self._at)):
            yield self[k]


def put(out, seat, choice):
    """Append one input's log bytes to bytearray ``out``."""
    if len(choice) == 2:
        for k in range(len(SHORT_FORMS)):
            if SHORT_FORMS[k] == choice:
                out.append((SHORT_CODE + k) << 3 | seat)
                return
    out.append(choice[0] << 3 | seat)
    for arg in choice[1:]:
        varint.put(out, arg)


def read(data, pos, players=8):
    """Read the input at byte ``pos``: ``((seat, choice), next_pos)``.

    ValueError naming the byte if it is not an input of a game of ``players``.
    """
    head = data[pos]
    verb = head >> 3
    seat = head & 7
    if seat < players and SHORT_CODE <= verb < SHORT_CODE + len(SHORT_FORMS):
        return (seat, SHORT_FORMS[verb - SHORT_CODE]), pos + 1
    if not 0 < verb < len(VERB_ARITY) or seat >= players:
        raise ValueError("game log byte %d: unknown verb %d or seat %d" % (pos, verb, seat))
    pos += 1
    choice = [verb]
    for _ in range(VERB_ARITY[verb]):
        arg, pos = varint.get(data, pos)
        choice.append(arg)
    return (seat, tuple(choice)), pos
