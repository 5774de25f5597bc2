"""What the table shows right now: the contract between the table logic and the renderer.

The table (``app/table.py``) writes a :class:`View` as the game goes on; the
renderer (``app/renderer.py``) reads it every frame. All of it lives in
buffers allocated once, so updating and drawing it allocates nothing.

Cells are row-major indexes into the course's offset grid
(``hexgrid.cell_index(q, r, width)``), -1 for none. Times are ``ticks_ms``
values of the app's clock.
"""

from array import array

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

MAX_SEATS = const(5)
MAX_PATH = const(24)   # longest path drawn: a flight with super chains fits
WIND_CELLS = const(5)  # the wind's arrow: 3 hexes for a windy hole, 5 for a strong wind
GREEN_CELLS = const(18)  # Reading the Greens: a green's 6 sides, then 12 dice around them

# Flash kinds: a short full-board or local effect after something happened.
FLASH_NONE = const(0)
FLASH_WATER = const(1)
FLASH_BUNKER = const(2)
FLASH_OUT = const(3)          # out of bounds
FLASH_GREEN = const(4)        # reached the green
FLASH_HOLE_IN_ONE = const(5)
FLASH_REFUSED = const(6)      # unknown card, or a club not in that hand: blink red
FLASH_ACK = const(7)          # a card was laid face down: acknowledge in the seat's colour

# Marks on path cells (what the ball meets there), for the live preview.
MARK_PLAIN = const(0)
MARK_HAZARD = const(1)        # water, bunker, lake on the way or at the landing
MARK_TREE = const(2)          # the flight stops here
MARK_OUT = const(3)           # leaves the board: out of bounds
MARK_GREEN = const(4)         # lands on a green the player scores on


class View:
    """Preallocated picture of the table. The table writes fields; the renderer reads them.

    * ``seats``: number of golfers; ``golfer[s]``: cell of seat ``s`` or -1;
      ``partner[s]``: the cell of seat ``s``'s second golfer, the one its turn does not
      move now (Chaos Teams), or -1.
    * ``active``: the seat whose turn it is (pulses), or -1.
    * ``spent[s]``: 1 while seat ``s``'s golfer card has its power used (drawn at a quarter of its
      brightness), else 0.
    * ``preview`` / ``preview_marks`` / ``preview_len``: the live preview of the
      selected card and direction: the cells flown, in order, the last being the
      landing, each with a ``MARK_*``.
    * ``flight`` / ``flight_len`` / ``flight_start`` / ``flight_seat``: a ball
      flying along these cells, started at ``flight_start``.
    * ``flash`` / ``flash_seat`` / ``flash_cell`` / ``flash_until``: a flash of
      kind ``FLASH_*`` for that seat (colour) at that cell (or -1: whole board)
      until ``flash_until``.
    * ``tokens``: per cell, the token value shown on a green (Chaos Golf: 5 and/or
      2 still there, stored as 5, 2 or 7), 0 elsewhere.
    * ``cursor``: a cell highlighted for choosing (e.g. a one-hex move, a bunker
      target), or -1.
    * ``wind`` / ``wind_len``: the wind's arrow (Taming the Wind), tail first, head last:
      the cells of the hexes it lies on (-1: off the course); none on a calm hole.
    * ``green`` / ``green_ink`` / ``green_level`` / ``green_len``: Reading the Greens'
      putting: the cells around a green in play, each in a colour (0-3 a die colour of
      ``palette.DICE``, 4 on a seat colour: ``4 + seat``) at ``level``/255; the first six
      are the green card's sides (a side without a target dark), the rest dice. A cell
      of ``green_blink`` (a bit per cell) blinks: a die that threw flags.
    """

    def __init__(self, cells):
        self.cells = cells
        self.seats = 0
        self.golfer = array("h", [-1] * MAX_SEATS)
        self.partner = array("h", [-1] * MAX_SEATS)
        self.active = -1
        self.spent = bytearray(MAX_SEATS)
        self.preview = array("h", [-1] * MAX_PATH)
        self.preview_marks = bytearray(MAX_PATH)
        self.preview_len = 0
        self.flight = array("h", [-1] * MAX_PATH)
        self.flight_len = 0
        self.flight_start = 0
        self.flight_seat = -1
        self.flash = FLASH_NONE
        self.flash_seat = -1
        self.flash_cell = -1
        self.flash_until = 0
        self.tokens = bytearray(cells)
        self.cursor = -1
        self.wind = array("h", [-1] * WIND_CELLS)
        self.wind_len = 0
        self.green = array("h", [-1] * GREEN_CELLS)
        self.green_ink = bytearray(GREEN_CELLS)
        self.green_level = bytearray(GREEN_CELLS)
        self.green_blink = 0
        self.green_len = 0

    def set_path(self, cells, marks, n):
        """Copy ``n`` cells and marks into the preview (clipped to ``MAX_PATH``)."""
        n = min(n, MAX_PATH)
        for i in range(n):
            self.preview[i] = cells[i]
            self.preview_marks[i] = marks[i]
        self.preview_len = n

    def clear_path(self):
        """No preview."""
        self.preview_len = 0

    def start_flight(self, seat, cells, n, now):
        """Animate seat's ball along ``n`` cells from time ``now``."""
        n = min(n, MAX_PATH)
        for i in range(n):
            self.flight[i] = cells[i]
        self.flight_len = n
        self.flight_seat = seat
        self.flight_start = now

    def start_flash(self, kind, seat, cell, until):
        """Show a ``FLASH_*`` for ``seat`` at ``cell`` (-1: whole board) until ``until``."""
        self.flash = kind
        self.flash_seat = seat
        self.flash_cell = cell
        self.flash_until = until
