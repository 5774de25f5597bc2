"""What every flow of the table shares: the :class:`Prompt` it asks, the result codes
(``R_*``) its calls return to the table, and how the direction buttons step through a
list of options (``docs/table-guide.md``: the right-hand buttons E, NE, SE go to the
next option, the left-hand ones W, NW, SW to the previous one)."""

from teebox.palette import PLAYER_NAMES as SEAT_NAMES
from teebox.core.hexgrid import E, NE, SE

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

# What a flow call did, for the table.
R_NONE = const(0)      # nothing changed
R_CHANGED = const(1)   # the prompt changed (redraw the display)
R_ACK = const(2)       # a card was taken: flash in the prompt's colour
R_REFUSED = const(3)   # a card or button was refused: blink red, nothing changed
R_DONE = const(4)      # the flow has its answer
R_EXIT = const(5)      # BACK out of the flow's first step
R_LEARN = const(6)     # start menu: learn cards
R_NEW_COURSE = const(7)  # start menu: make a new course
R_SELFTEST = const(8)  # start menu: check the wiring (app/selftest.py)

FREE = const(0xFF)  # in Prompt.seats: a reader's place nobody sits at (drawn dim)


def is_next(d):
    """Whether direction button ``d`` means "next option": the right-hand ones, E, NE, SE."""
    return d == E or d == NE or d == SE


def step_index(index, count, d):
    """The option after (direction ``d`` on the right) or before ``index``, wrapping."""
    return (index + (1 if is_next(d) else -1)) % count


def player_label(seat, bot=False):
    """How the display names a seat: ``"P1 red"``; a bot's ends in ``*`` (``"P2 yellow*"``)."""
    return "P%d %s%s" % (seat + 1, SEAT_NAMES[seat], "*" if bot else "")


class Prompt:
    """What the table asks right now.

    * ``text``: the display form (16 x 8 characters, wrapped by the display);
    * ``code``: which question, shown LED-only as that many lit cells on the top edge
      (0: none);
    * ``seat``: whose colour the prompt is in (-1: nobody's, the neutral colour);
    * ``count`` / ``index``: the LED-only option strip on the bottom edge: ``count``
      cells, the first ``index + 1`` bright in the prompt's colour, the rest dim
      (``index`` -1: none lit; ``count`` 0: no strip);
    * ``seats``: instead of options, a strip of seat colours (``bytes`` of seats), e.g.
      the seating order or the play order, :data:`FREE` for an empty place (dim);
      None when unused.
    """

    def __init__(self):
        self.text = ""
        self.code = 0
        self.seat = -1
        self.count = 0
        self.index = -1
        self.seats = None

    def set(self, text, code, seat=-1, count=0, index=-1, seats=None):
        """Replace the whole prompt."""
        self.text = text
        self.code = code
        self.seat = seat
        self.count = count
        self.index = index
        self.seats = seats
