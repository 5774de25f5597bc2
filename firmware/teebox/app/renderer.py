"""The LED renderer: draws the table's View into the LED frame, allocating nothing.

``Renderer(profile, course, view)`` builds the terrain once, as a base layer
in LED chain order (course cell ``(col, row)`` goes to
``profile.led_index(col, row)``; a course smaller than the board sits at the
board's top-left corner, every LED without a course cell stays dark). Each
``compose(now_ms)`` copies that layer into the frame and overlays the few
pixels that move, in this order (later ones on top):

1. tokens on greens, by the points lying there: 5 gold, 2 silver, 1 bronze; a
   green holding more (Chaos Golf's 5 and 2, a Skins jackpot) shows its largest
   token and what the rest's largest would show, taking turns (7: gold and
   silver). Tokens change a few times a game, so they are not drawn per
   frame: a copy of the terrain layer gets the current phase's tokens when
   the phase or ``view.tokens`` changes, and frames copy it;
2. a whole-board flash (``view.flash_cell == -1``): the board blinks dim in
   the flash colour (an acknowledgement glows steadily instead);
3. the wind's arrow (Taming the Wind): its hexes sky blue, the shaft dim, the head at
   full brightness; then Reading the Greens around a green in play: its sides in the
   colour of the die their target needs (``view.green``), the dice as they lie;
4. the preview path: cells flown over tinted half and half with their mark's
   colour, the landing cell in the mark's colour at full brightness;
5. golfers in seat colours; golfers sharing a hex take turns in seat order
   (400 ms each); the active golfer pulses (a triangle wave on brightness); a team's
   second golfer (Chaos Teams) shows at half brightness; a golfer whose golfer card's
   power is used (``view.spent``) glows at a quarter of its brightness until it is
   ready again;
6. the cursor, blinking white;
7. the ball in flight along ``view.flight``, one hex per 80 ms, with a trail
   of two hexes at half and quarter brightness; after the last hex it is gone
   (the table then shows the golfer at its new place);
8. a flash at a cell: water ripples outwards in blue, a bunker sprays sand,
   out of bounds and a refused card blink red, a green reached blinks in the
   seat colour, an acknowledgement fades out in the seat colour; a
   hole-in-one sends gold rings from the hole across the whole board.

Times are tick counts in ms compared by subtraction, wrap-safe for
MicroPython's 2**30 tick period (the same arithmetic as ``hal/clock.py``), so
a game may run across the wrap; the periodic effects (pulse, turns, blinks)
may skip a beat once at the wrap. Flash animations are timed from the first
frame that shows the flash, since the View keeps only its end.

Gamma, the brightness cap and the power limit are ``hal/leds``'s job. The
power limit needs the sum of the frame's bytes; summing it costs more than
composing, so the renderer keeps it in ``total`` instead: each layer's sum is
known when the layer is drawn, and every pixel drawn over it adds its change.
"""

from array import array

from teebox import palette
from teebox.app.view import (FLASH_ACK, FLASH_GREEN, FLASH_HOLE_IN_ONE, FLASH_NONE,
                             MARK_PLAIN, MAX_SEATS)
from teebox.core import terrain
from teebox.core.hexgrid import distance

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

GOLFER_TURN_MS = const(400)   # golfers sharing a hex are shown in turn, this long each
PULSE_MS = const(1000)        # the active golfer's pulse period
FLIGHT_STEP_MS = const(80)    # the ball moves one hex per step
BLINK_MS = const(200)         # on/off time of blinking flashes
CURSOR_BLINK_MS = const(250)
TOKEN_MS = const(500)         # a green with several tokens shows each colour this long

_PULSE_HALF = const(500)      # PULSE_MS // 2
_PULSE_LOW = const(160)       # dimmest point of the pulse, of 256: well above any terrain
_FULL = const(256)            # brightness levels are x/256
_TRAIL = const(2)             # hexes of fading trail behind the ball
_FILL_LEVEL = const(80)       # whole-board flashes: this/256 of the flash colour (dim)
_SPRAY_MS = const(120)        # the bunker's sand spray flickers this fast
_RIPPLE_MS = const(150)       # water ripples move out one ring per this long
_RIPPLE_RINGS = const(3)
_BURST_MS = const(50)         # the hole-in-one burst grows one ring per this long

# MicroPython's tick counters wrap at 2**30 (hal/clock.py); mask, not period, is
# the constant because 2**30 is not a small int on a 32-bit port.
_TICKS_MASK = const(0x3FFFFFFF)
_TICKS_HALF = const(0x20000000)

# Flash shapes, indexed by view.FLASH_* (none, water, bunker, out, green,
# hole-in-one, refused, ack).
_RIPPLE = const(1)
_SPRAY = const(2)
_BLINK = const(3)
_BURST = const(4)
_FADE = const(5)
_SHAPES = bytes((0, _RIPPLE, _SPRAY, _BLINK, _BLINK, _BURST, _BLINK, _FADE))

# Every colour the renderer draws, in one table: a colour is an offset into it.
_INK = (palette.PLAYERS + palette.MARKS + palette.FLASH + palette.GOLD + palette.SILVER
        + palette.CURSOR + palette.BALL + palette.BRONZE + palette.WIND + palette.DICE)
_MARKS_AT = len(palette.PLAYERS)
_FLASH_AT = _MARKS_AT + len(palette.MARKS)
_GOLD_AT = _FLASH_AT + len(palette.FLASH)
_SILVER_AT = _GOLD_AT + 3
_CURSOR_AT = _SILVER_AT + 3
_BALL_AT = _CURSOR_AT + 3
_BRONZE_AT = _BALL_AT + 3
_WIND_AT = _BRONZE_AT + 3
_DICE_AT = _WIND_AT + 3
_WIND_TAIL = const(96)         # the arrow's shaft, of 256 (its head: full)
_MARK_COUNT = len(palette.MARKS) // 3


_TOKEN_POINTS = {_GOLD_AT: 5, _SILVER_AT: 2, _BRONZE_AT: 1}


def _token_ink(points):
    # The colour of the largest token among ``points`` lying on a green.
    if points >= 5:
        return _GOLD_AT
    return _SILVER_AT if points >= 2 else _BRONZE_AT


def _since(a, b):
    # Milliseconds from tick b to tick a (negative if a is earlier), across the wrap.
    d = (a - b) & _TICKS_MASK
    if d >= _TICKS_HALF:
        d = d - _TICKS_MASK - 1
    return d


def _modules(r, v, now):
    # The expansion's modules (a layer of Renderer.compose, kept out of the class for its
    # size): the wind's arrow; Reading the Greens around a green in play, the sides'
    # targets and the dice, each cell in its colour (a die that threw flags blinks).
    n = min(v.wind_len, len(v.wind))
    for i in range(n):
        r._put(v.wind[i], _WIND_AT, _FULL if i == n - 1 else _WIND_TAIL)
    n = min(v.green_len, len(v.green))
    off = (now // CURSOR_BLINK_MS) % 2
    for i in range(n):
        if off and v.green_blink >> i & 1:
            continue
        ink = v.green_ink[i]
        r._put(v.green[i], _DICE_AT + 3 * ink if ink < 4 else 3 * (ink - 4),
               v.green_level[i] + 1)


def _pulse(now):
    # Brightness of the active golfer: a triangle wave from _PULSE_LOW up to _FULL and back.
    t = now % PULSE_MS
    if t >= _PULSE_HALF:
        t = PULSE_MS - t
    return _PULSE_LOW + (_FULL - _PULSE_LOW) * t // _PULSE_HALF


def paint(c, buf, at, ink, level):
    """Colour ``ink`` (an offset) of colour table ``c`` at ``level``/256 into ``buf`` at
    byte offset ``at``; returns how much that changed the sum of ``buf``'s bytes."""
    old = buf[at] + buf[at + 1] + buf[at + 2]
    if level == _FULL:
        r = c[ink]
        g = c[ink + 1]
        b = c[ink + 2]
    else:
        r = (c[ink] * level) >> 8
        g = (c[ink + 1] * level) >> 8
        b = (c[ink + 2] * level) >> 8
    buf[at] = r
    buf[at + 1] = g
    buf[at + 2] = b
    return r + g + b - old


def paint_run(c, buf, offsets, start, stop, ink, level):
    """Colour ``ink`` of colour table ``c`` at ``level``/256 into ``buf`` at each byte
    offset of ``offsets[start:stop]``; returns how much that changed the sum of
    ``buf``'s bytes. (The colour is worked out once: a call a cell costs more than
    the painting.)"""
    r = (c[ink] * level) >> 8
    g = (c[ink + 1] * level) >> 8
    b = (c[ink + 2] * level) >> 8
    add = r + g + b
    change = 0
    for i in range(start, stop):
        at = offsets[i]
        change += add - buf[at] - buf[at + 1] - buf[at + 2]
        buf[at] = r
        buf[at + 1] = g
        buf[at + 2] = b
    return change


def _seat_ink(seat):
    # A seat's colour, or white for no seat.
    if 0 <= seat < MAX_SEATS:
        return 3 * seat
    return _BALL_AT


class Renderer:
    """Draws ``view`` (an ``app.view.View``) over ``course`` on the LEDs of ``profile``.

    ``frame`` (RGB ``bytearray``, LED order) is what ``compose`` returns, the
    same object every time, and ``total`` the sum of its bytes (for the power
    limit: ``leds.show_ready(frame, total)``); whoever draws over ``frame``
    must add its changes to the total it passes on. ``base`` holds the terrain
    layer alone. ``view`` and ``course`` are attributes: after ``set_course``
    the table assigns a View sized for the new course to ``view``.
    """

    def __init__(self, profile, course, view, leds=None):
        self.profile = profile
        self.view = view
        # With ``leds`` the colours are prepared for that strip once (gamma, cap,
        # colour order) and the frame goes to ``leds.show_ready``: the per-byte
        # work of ``leds.show`` is too slow for every frame on an RP2040.
        self.leds = leds
        self._ink = leds.prepare(_INK) if leds is not None else _INK
        self._terrain = leds.prepare(palette.TERRAIN) if leds is not None else palette.TERRAIN
        n = 3 * profile.led_count
        self.base = bytearray(n)
        self.frame = bytearray(n)
        self._base = memoryview(self.base)
        # Terrain plus the tokens of the current phase (each green's largest token, then
        # the rest's largest), redrawn when the phase or the tokens change: one layer, not
        # one a phase (1 KB of heap less for a redraw every TOKEN_MS).
        self._tokens = bytearray(n)
        self._tokens_mv = memoryview(self._tokens)
        self._phase = -1  # the phase drawn in _tokens (-1: to draw)
        self._fill = bytearray(n)          # the whole-board flash colour, filled once per colour
        self._fill_mv = memoryview(self._fill)
        self._fill_ink = -1
        self._fill_total = 0
        # Sums of the layers' bytes; total is the frame's (see compose).
        self._base_total = 0
        self._tokens_total = 0
        self.total = 0
        # The flash last seen, to time its animation from its first frame.
        self._fl_kind = FLASH_NONE
        self._fl_until = 0
        self._fl_cell = -1
        self._fl_seat = -1
        self._fl_start = 0
        self.set_course(course)

    def set_course(self, course):
        """Draw a new course's terrain into the base layer (a new course was chosen).

        ValueError if the course is larger than the board.
        """
        p = self.profile
        w = course.width
        h = course.height
        if w > p.width or h > p.height:
            raise ValueError("course %r is %d x %d cells, larger than the %d x %d board of "
                             "profile %r" % (course.name, w, h, p.width, p.height, p.name))
        n = w * h
        kinds = course.cells()
        cell_at = array("H", bytes(2 * n))  # offset of each cell's LED in the frame
        greens = []
        base = self.base
        base[:] = bytes(len(base))
        tint = self._terrain
        for cell in range(n):
            at = 3 * p.led_index(cell % w, cell // w)
            cell_at[cell] = at
            kind = kinds[cell]
            base[at] = tint[3 * kind]
            base[at + 1] = tint[3 * kind + 1]
            base[at + 2] = tint[3 * kind + 2]
            if kind == terrain.GREEN:
                greens.append(cell)
        self.course = course
        self._w = w
        self._h = h
        self._cells = n
        self._cell_at = cell_at
        self._greens = array("H", greens)
        self._centre = (h // 2) * w + w // 2
        self._tokens_seen = bytearray(0)  # view.tokens as drawn into the token layer: none yet
        self._phase = -1
        self._reach_cell = -1  # the burst's centre whose reach _reach_far is
        self._reach_far = 0
        self._base_total = sum(base)
        self.frame[:] = self._base
        self.total = self._base_total

    def cell_led(self, cell):
        """The LED under row-major course cell ``cell``."""
        return self._cell_at[cell] // 3

    def rgb_of_cell(self, cell):
        """``(r, g, b)`` of the current frame at course cell ``cell`` (allocates).

        With prepared colours this is the RGB they stand for (approximate).
        """
        at = self._cell_at[cell]
        f = self.frame
        if self.leds is not None:
            return self.leds.unprepare(f, at)
        return f[at], f[at + 1], f[at + 2]

    def show(self, now):
        """Compose the frame for tick ``now`` and send it to the renderer's LEDs."""
        frame = self.compose(now)
        self.leds.show_ready(frame, self.total)

    def compose(self, now):
        """Draw the view as of tick ``now`` (ms) into ``frame`` and return it.

        ``total`` is then the sum of the frame's bytes.
        """
        v = self.view
        phase = (now // TOKEN_MS) % 2
        if v.tokens != self._tokens_seen:
            self._tokens_seen[:] = v.tokens
            self._phase = -1
        if phase != self._phase:
            self._draw_tokens(phase, self._phase < 0)
        self.frame[:] = self._tokens_mv
        self.total = self._tokens_total
        kind = v.flash
        rem = 0
        age = 0
        if kind <= FLASH_NONE or kind >= len(_SHAPES):
            kind = FLASH_NONE
        else:
            rem = _since(v.flash_until, now)
            if rem <= 0:
                kind = FLASH_NONE
            else:
                age = self._flash_age(v, now)
        whole = kind != FLASH_NONE and v.flash_cell < 0 and kind != FLASH_HOLE_IN_ONE
        if whole:
            self._fill_board(kind, v.flash_seat, age)
        _modules(self, v, now)
        self._preview()
        self._golfers(now)
        if v.cursor >= 0 and (now // CURSOR_BLINK_MS) % 2 == 0:
            self._put(v.cursor, _CURSOR_AT, _FULL)
        self._flight(now)
        if kind != FLASH_NONE and not whole:
            self._flash(kind, v.flash_cell, v.flash_seat, age, rem)
        return self.frame

    # ------------------------------------------------------------ pixels

    def _put(self, cell, ink, level):
        # Colour ``ink`` at ``level``/256 on a course cell; cells off the course are skipped.
        if cell < 0 or cell >= self._cells:
            return
        self.total += paint(self._ink, self.frame, self._cell_at[cell], ink, level)

    def _ring(self, cell, k, ink, level):
        # The hexes exactly ``k`` steps from ``cell`` (just the cell for k == 0).
        if cell < 0 or cell >= self._cells or k < 0:
            return
        if k == 0:
            self._put(cell, ink, level)
            return
        w = self._w
        h = self._h
        f = self.frame
        cell_at = self._cell_at
        c = self._ink
        # The colour once, then painted inline: a burst ring is up to ~100 cells a frame.
        red = (c[ink] * level) >> 8
        green = (c[ink + 1] * level) >> 8
        blue = (c[ink + 2] * level) >> 8
        add = red + green + blue
        cr = cell // w
        cq = cell - cr * w - (cr >> 1)
        # Row by row, only the rows on the board: a ring's row dr holds the hexes dq with
        # max(|dq|, |dr|, |dq + dr|) == k, a run from lo to hi on its first and last row
        # and those two ends on the others. (Walking the ring hex by hex visited 6k hexes,
        # mostly off the board once the burst is wide.)
        top = cr - k
        if top < 0:
            top = 0
        bottom = cr + k
        if bottom >= h:
            bottom = h - 1
        change = 0
        for r in range(top, bottom + 1):
            dr = r - cr
            lo = -k - dr if dr < 0 else -k
            hi = k - dr if dr > 0 else k
            shift = cq + (r >> 1)
            row = r * w
            if dr == k or dr == -k:  # the first and last rows: the run, clipped
                col = max(shift + lo, 0)
                n = min(shift + hi, w - 1) - col + 1
                gap = 1
            else:                     # the rows between: the run's two ends
                col = shift + lo
                n = 2
                gap = hi - lo
            # (not a range with a step: one whose step is not a constant is an object)
            for _ in range(n):
                if 0 <= col < w:
                    at = cell_at[row + col]
                    change += add - f[at] - f[at + 1] - f[at + 2]
                    f[at] = red
                    f[at + 1] = green
                    f[at + 2] = blue
                col += gap
        self.total += change

    # ------------------------------------------------------------ layers

    def _draw_tokens(self, phase, afresh):
        # The terrain with the tokens on the greens (only greens carry tokens): in phase 0
        # each green's largest token, in phase 1 the largest of the rest (or the same).
        # ``afresh``: from the terrain up (the tokens changed); else only the greens whose
        # two phases differ are repainted (the phase flipped).
        layer = self._tokens
        if afresh:
            layer[:] = self._base
            self._tokens_total = self._base_total
        total = self._tokens_total
        tokens = self._tokens_seen
        greens = self._greens
        for i in range(len(greens)):
            cell = greens[i]
            t = tokens[cell]
            if not t:
                continue
            ink = _token_ink(t)
            rest = t - _TOKEN_POINTS[ink]
            if not rest and not afresh:
                continue  # one token: the same in both phases
            if phase and rest:
                ink = _token_ink(rest)
            total += paint(self._ink, layer, self._cell_at[cell], ink, _FULL)
        self._tokens_total = total
        self._phase = phase

    def _preview(self):
        v = self.view
        path = v.preview
        n = min(v.preview_len, len(path))
        if n <= 0:
            return
        marks = v.preview_marks
        # The cells flown over, mixed inline (a call a cell cost more than the mixing).
        f = self.frame
        c = self._ink
        cell_at = self._cell_at
        cells = self._cells
        change = 0
        for i in range(n - 1):
            cell = path[i]
            if 0 <= cell < cells:
                m = marks[i]
                ink = _MARKS_AT + 3 * (m if m < _MARK_COUNT else MARK_PLAIN)
                at = cell_at[cell]
                # Each byte read once (a subscript is most of the cost of a cell).
                r0 = f[at]
                g0 = f[at + 1]
                b0 = f[at + 2]
                r = (r0 + c[ink]) >> 1
                g = (g0 + c[ink + 1]) >> 1
                b = (b0 + c[ink + 2]) >> 1
                f[at] = r
                f[at + 1] = g
                f[at + 2] = b
                change += r + g + b - r0 - g0 - b0
        self.total += change
        m = marks[n - 1]
        self._put(path[n - 1], _MARKS_AT + 3 * (m if m < _MARK_COUNT else MARK_PLAIN), _FULL)

    def _golfers(self, now):
        v = self.view
        golfer = v.golfer
        partner = v.partner
        seats = min(v.seats, len(golfer))
        # Golfers 0..seats-1, then the second golfers of a team (Chaos Teams), dimmer.
        # (Each golfer's cell inline: a call for each of the n x n pairs cost a frame
        # more than the drawing.)
        n = seats + seats if seats and partner[0] >= 0 else seats
        turn = now // GOLFER_TURN_MS
        for i in range(n):
            cell = golfer[i] if i < seats else partner[i - seats]
            if cell < 0:
                continue
            sharing = 0
            rank = 0
            for o in range(n):
                if (golfer[o] if o < seats else partner[o - seats]) == cell:
                    sharing += 1
                    if o < i:
                        rank += 1
            if turn % sharing != rank:
                continue
            if i >= seats:
                self._put(cell, 3 * (i - seats), _FULL >> 1)
            else:
                level = _pulse(now) if i == v.active else _FULL
                self._put(cell, 3 * i, level >> 2 if v.spent[i] else level)

    def _flight(self, now):
        v = self.view
        path = v.flight
        n = min(v.flight_len, len(path))
        if n <= 0:
            return
        t = _since(now, v.flight_start)
        if t < 0:
            return
        step = t // FLIGHT_STEP_MS
        if step >= n:
            return
        ink = _seat_ink(v.flight_seat)
        for back in range(_TRAIL, -1, -1):  # the trail first, so the ball is on top
            if step - back >= 0:
                self._put(path[step - back], ink, _FULL >> back)

    # ------------------------------------------------------------ flashes

    def _flash_age(self, v, now):
        # Milliseconds since this flash was first drawn.
        if (v.flash != self._fl_kind or v.flash_until != self._fl_until
                or v.flash_cell != self._fl_cell or v.flash_seat != self._fl_seat):
            self._fl_kind = v.flash
            self._fl_until = v.flash_until
            self._fl_cell = v.flash_cell
            self._fl_seat = v.flash_seat
            self._fl_start = now
        return _since(now, self._fl_start)

    def _reach(self, cell):
        # Hex distance from ``cell`` to the farthest cell of the course: one of its corners
        # (worked out once a cell and course: a burst asks every frame).
        if cell == self._reach_cell:
            return self._reach_far
        w = self._w
        r = cell // w
        q = cell - r * w - (r >> 1)
        far = 0
        for corner in range(4):
            cr = 0 if corner < 2 else self._h - 1
            cq = (0 if corner % 2 == 0 else w - 1) - (cr >> 1)
            far = max(far, distance(q, r, cq, cr))
        self._reach_cell = cell
        self._reach_far = far
        return far

    def _flash_ink(self, kind, seat):
        if (kind == FLASH_GREEN or kind == FLASH_ACK) and 0 <= seat < MAX_SEATS:
            return 3 * seat
        return _FLASH_AT + 3 * kind

    def _fill_board(self, kind, seat, age):
        # The whole board dim in the flash colour: blinking, or steady for an acknowledgement.
        if kind != FLASH_ACK and (age // BLINK_MS) % 2:
            return
        ink = self._flash_ink(kind, seat)
        fill = self._fill
        if ink != self._fill_ink:
            c = self._ink
            r = (c[ink] * _FILL_LEVEL) >> 8
            g = (c[ink + 1] * _FILL_LEVEL) >> 8
            b = (c[ink + 2] * _FILL_LEVEL) >> 8
            for at in range(0, len(fill), 3):
                fill[at] = r
                fill[at + 1] = g
                fill[at + 2] = b
            self._fill_ink = ink
            self._fill_total = (r + g + b) * (len(fill) // 3)
        self.frame[:] = self._fill_mv
        self.total = self._fill_total

    def _flash(self, kind, cell, seat, age, rem):
        # A flash around ``cell`` (the hole-in-one burst spreads over the whole board).
        ink = self._flash_ink(kind, seat)
        shape = _SHAPES[kind]
        if shape == _BURST:
            if cell < 0:
                cell = self._centre
            # Rings grow until they have crossed the farthest corner, then start again.
            k = (age // _BURST_MS) % (self._reach(cell) + 2)
            self._ring(cell, k - 1, ink, _FULL >> 1)
            self._ring(cell, k, ink, _FULL)
            self._put(cell, ink, _FULL)
        elif shape == _RIPPLE:
            self._put(cell, ink, _FULL)
            self._ring(cell, 1 + (age // _RIPPLE_MS) % _RIPPLE_RINGS, ink, _FULL)
        elif shape == _SPRAY:
            self._put(cell, ink, _FULL)
            if (age // _SPRAY_MS) % 2 == 0:
                self._ring(cell, 1, ink, _FULL)
        elif shape == _BLINK:
            if (age // BLINK_MS) % 2 == 0:
                self._put(cell, ink, _FULL)
                self._ring(cell, 1, ink, _FULL)
        else:  # _FADE: from full brightness at the first frame to dark at the end
            level = rem * _FULL // (rem + age)
            self._put(cell, ink, level)
            self._ring(cell, 1, ink, level)
