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
   frame: they are painted into the terrain layer itself, only on the greens
   whose tokens or phase changed, and frames copy that layer;
2. a whole-board flash (``view.flash_cell == -1``): the board blinks dim in
   the flash colour (an acknowledgement glows steadily instead);
3. the wind's arrow (Taming the Wind): its hexes sky blue, the shaft dim, the head at
   full brightness; then Reading the Greens around a green in play: its sides in the
   colour of the die their target needs (``view.green``), the dice as they lie;
4. the preview path: cells flown over tinted half and half with their mark's
   colour, the landing cell in the mark's colour at full brightness (while nothing
   lies between it and the terrain it is a layer of its own, painted when the aim
   changes, in the buffer of the whole-board flashes, and copied like the burst's);
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
   hole-in-one sends gold rings from the hole across the whole board (a layer
   of its own, painted when its ring moves on and copied instead of the
   terrain layer: the layers 2 to 7 then skip the cells it covers, so it
   shows on top).

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
from teebox.app.view import FLASH_ACK, FLASH_GREEN, FLASH_NONE, MARK_PLAIN, MAX_SEATS
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


_RGB = bytearray(3)  # a colour's three bytes, written into a cell as one slice


def paint_run(c, buf, offsets, start, stop, ink, level):
    """Colour ``ink`` of colour table ``c`` at ``level``/256 into ``buf`` at each byte
    offset of ``offsets[start:stop]``; returns how much that changed the sum of
    ``buf``'s bytes. (The colour is worked out once: a call a cell costs more than
    the painting; a slice of three bytes is written in one step, 0.55 against 0.72 us
    a cell for three in WebAssembly, and allocates nothing.)"""
    rgb = _RGB
    r = rgb[0] = (c[ink] * level) >> 8
    g = rgb[1] = (c[ink + 1] * level) >> 8
    b = rgb[2] = (c[ink + 2] * level) >> 8
    add = r + g + b
    change = 0
    for i in range(start, stop):
        at = offsets[i]
        change += add - buf[at] - buf[at + 1] - buf[at + 2]
        buf[at:at + 3] = rgb
    return change


def fill_run(buf, offsets, start, stop, rgb):
    """The three bytes ``rgb`` into ``buf`` at each byte offset of ``offsets[start:stop]``
    (what that changes in the sum of ``buf``'s bytes is the caller's to know)."""
    for i in range(start, stop):
        at = offsets[i]
        buf[at:at + 3] = rgb


def _burst(r, cell, age, rem, ink):
    # The hole-in-one, a layer of Renderer.compose (kept out of the class for its size):
    # rings grow from ``cell`` until they have crossed the farthest corner, then start
    # again; ring k at full, the one inside it at half, and the hole itself. They move
    # on every 50 ms, 2 frames of 3: the layer holding them is painted then (from the
    # terrain layer, the rings kept, see Rings), and a frame in between only copies it.
    # Every ring the burst will show (it ends ``rem`` ms from now) is found ahead, a share
    # of rows every frame from its first: 3/8 of the board's rows on a frame that paints,
    # 3/4 on one that does not (a game's burst needs ~2 rings of up to the board's height
    # every three frames), so that no frame both finds a whole ring and paints two, and
    # the first frames, whose rings are small, take their share. Into the frame with its
    # total.
    rings = r._rings
    far = rings.far(cell)
    k = (age // _BURST_MS) % (far + 2)
    r._cover = k
    rows = (r._h * 3 + 3) >> 2
    if k != r._lay_k or cell != r._lay_cell or ink != r._lay_ink:
        rows = (rows + 1) >> 1
        if k >= rings.made:
            rings.reach(cell, k)
        c = r._ink
        rgb = _RGB
        layer = r._fill
        at = rings.at
        start = rings.start
        sums = rings.sums
        layer[:] = r._base
        # The layer's total from the terrain's under each ring (Rings.sums): the
        # rings are painted over the terrain layer alone, so no byte need be read.
        rgb[0] = c[ink]
        rgb[1] = c[ink + 1]
        rgb[2] = c[ink + 2]
        add = rgb[0] + rgb[1] + rgb[2]
        total = r._base_total + add * (start[k + 1] - start[k]) - sums[k]
        fill_run(layer, at, start[k], start[k + 1], rgb)
        if k:
            o = at[0]  # the hole (ring 0)
            layer[o:o + 3] = rgb
            total += add - sums[0]
        if k > 1:
            rgb[0] = (c[ink] * (_FULL >> 1)) >> 8
            rgb[1] = (c[ink + 1] * (_FULL >> 1)) >> 8
            rgb[2] = (c[ink + 2] * (_FULL >> 1)) >> 8
            fill_run(layer, at, start[k - 1], start[k], rgb)
            total += (rgb[0] + rgb[1] + rgb[2]) * (start[k] - start[k - 1]) - sums[k - 1]
        r._lay_k = k
        r._lay_cell = cell
        r._lay_ink = ink
        r._lay_total = total
        r._fill_ink = -1  # the whole-board flashes' colour is gone from the buffer
        r._pv_len = -1  # and the preview's layer
    last = (age + rem - 1) // _BURST_MS  # the ring of its last frame
    if last > far:
        last = far + 1
    if rings.made <= last:  # (no call once they are all kept: the burst may last seconds)
        rings.ahead(cell, last, rows)
    r.frame[:] = r._fill_mv
    r.total = r._lay_total


def _previewed(r, whole):
    # The preview, a layer of Renderer.compose (kept out of the class for its size). While
    # nothing lies between it and the terrain (no wind, no green's dice, no flash over the
    # whole board: ``whole``, no burst) the frame so far is the terrain layer, and the
    # preview over it is a layer of its own: the preview changes as a player aims, not
    # every frame, and mixing its cells cost more than the rest of a quiet compose (~2 us
    # a cell in WebAssembly). It is painted into the buffer of the whole-board flashes
    # (never on at once with it) when the path, its marks, the terrain (a green's tokens)
    # or the buffer (a flash, the burst) changed; a frame copies it natively.
    v = r.view
    if whole or r._cover >= 0 or v.wind_len > 0 or v.green_len > 0:
        r._preview()
        return
    if (v.preview_len == r._pv_len and v.preview == r._pv_path
            and v.preview_marks == r._pv_marks):
        r.frame[:] = r._fill_mv
        r.total = r._pv_total
        return
    r._preview()
    r._fill[:] = r.frame
    r._pv_total = r.total
    r._pv_cells[:] = v.preview  # (through a memoryview: an array's own slice store allocates)
    r._pv_marks[:] = v.preview_marks
    r._pv_len = v.preview_len
    r._lay_k = -1  # the burst's layer and the flashes' colour are gone from the buffer
    r._fill_ink = -1


def _fill_board(r, kind, seat, age):
    # The whole board dim in the flash colour, a layer of Renderer.compose (kept out of
    # the class for its size): blinking, or steady for an acknowledgement.
    if kind != FLASH_ACK and (age // BLINK_MS) % 2:
        return
    ink = r._flash_ink(kind, seat)
    fill = r._fill
    r._lay_k = -1  # the burst's layer is gone (the same buffer)
    r._pv_len = -1  # and the preview's
    if ink != r._fill_ink:
        c = r._ink
        red = (c[ink] * _FILL_LEVEL) >> 8
        g = (c[ink + 1] * _FILL_LEVEL) >> 8
        b = (c[ink + 2] * _FILL_LEVEL) >> 8
        for at in range(0, len(fill), 3):
            fill[at] = red
            fill[at + 1] = g
            fill[at + 2] = b
        r._fill_ink = ink
        r._fill_total = (red + g + b) * (len(fill) // 3)
    r.frame[:] = r._fill_mv
    r.total = r._fill_total


def _seat_ink(seat):
    # A seat's colour, or white for no seat.
    if 0 <= seat < MAX_SEATS:
        return 3 * seat
    return _BALL_AT


class Rings:
    """The course cells around one centre, ring after ring, as byte offsets into the frame:
    ring ``k`` (the cells ``k`` steps away) is ``at[start[k]:start[k + 1]]``, and
    ``sums[k]`` the sum of the bytes under it in the layer given to ``set_course``, for
    the rings kept (``k < made``).

    A ring is worked out the first time a flash reaches it, or row by row ahead of need
    (``ahead``: the hole-in-one burst spreads the finding over its frames, so that no
    frame both finds a whole ring and paints two), and kept while the centre stays: the
    burst paints two rings every frame for seconds, and finding a ring's cells cost
    twice what painting them costs. Buffers for the whole board are allocated once, so
    nothing is allocated afterwards.
    """

    def __init__(self, width, height):
        self.at = array("H", bytes(2 * width * height))
        # No cell of a width x height board is more than width + height steps from another.
        self.start = array("H", bytes(2 * (width + height + 3)))
        self.sums = array("i", bytes(4 * (width + height + 3)))
        self._layer = None
        self._w = 0
        self._h = 0
        self._cell_at = None
        self._cell = -1   # the centre whose rings are kept (-1: none)
        self._cq = 0      # and its axial hex
        self._cr = 0
        self.made = 0     # rings 0 to made - 1 are kept (around the centre last asked of)
        self._next = -1   # ring ``made`` is made up to this row (-1: not begun)
        self._pos = 0     # where its next cell goes in ``at``
        self._sum = 0     # and the sum of the layer's bytes under its cells so far
        self._far = 0

    def set_course(self, w, h, cell_at, layer):
        """Work on a course of ``w`` x ``h`` cells whose LED byte offsets are ``cell_at``,
        summing the bytes of ``layer`` under each ring."""
        self._w = w
        self._h = h
        self._cell_at = cell_at
        self._layer = layer
        self._cell = -1

    def changed(self, cell, change):
        """The layer's bytes at course cell ``cell`` changed by ``change`` in sum."""
        if self._cell >= 0:
            k = self.away(cell)
            if k < self.made:
                self.sums[k] += change
            elif k == self.made and cell // self._w < self._next:
                self._sum += change  # the ring being made has summed that cell's row

    def far(self, cell):
        """Hex distance from ``cell`` to the farthest cell of the course (one of its corners)."""
        if cell != self._cell:
            self._centre(cell)
        return self._far

    def reach(self, cell, k):
        """Make ring ``k`` around ``cell`` (and those inside it) if it is not kept yet;
        False if the ring is off the course (then it holds no cell)."""
        if cell != self._cell:
            self._centre(cell)
        if k < 0 or k > self._far + 1:
            return False
        while self.made <= k:
            self._grow(self._h)
        return True

    def ahead(self, cell, k, rows):
        """Make at most ``rows`` rows of the rings around ``cell`` not kept yet, up to ring
        ``k`` (the work of finding rings spread over frames, before they are needed)."""
        if cell != self._cell:
            self._centre(cell)
        if k > self._far + 1:
            k = self._far + 1
        while rows > 0 and self.made <= k:
            rows -= self._grow(rows)

    def away(self, cell):
        """Hex distance from the centre of the kept rings to ``cell``."""
        r = cell // self._w
        dq = cell - r * self._w - (r >> 1) - self._cq
        dr = r - self._cr
        return max(abs(dq), abs(dr), abs(dq + dr))

    def _centre(self, cell):
        w = self._w
        r = cell // w
        q = cell - r * w - (r >> 1)
        far = 0
        for corner in range(4):
            cr = 0 if corner < 2 else self._h - 1
            cq = (0 if corner % 2 == 0 else w - 1) - (cr >> 1)
            far = max(far, distance(q, r, cq, cr))
        self._cell = cell
        self._cq = q
        self._cr = r
        self._far = far
        self.made = 0
        self._next = -1

    def _grow(self, rows):
        # At most ``rows`` rows more of ring ``made`` after ring made - 1 in ``at``, summing
        # the layer's bytes under each cell as it goes (one pass: reading the offsets back
        # to sum them cost a third of the finding); the ring is kept once its last row is
        # done. Returns how many rows that was (at least one).
        k = self.made
        at = self.at
        cell_at = self._cell_at
        layer = self._layer
        if k == 0:
            o = cell_at[self._cell]
            at[0] = o
            self.start[1] = 1
            self.sums[0] = layer[o] + layer[o + 1] + layer[o + 2]
            self.made = 1
            return 1
        w = self._w
        cq = self._cq
        cr = self._cr
        end = cr + k if cr + k < self._h else self._h - 1  # the ring's last row on the board
        r = self._next
        if r < 0:  # its first row on the board
            r = cr - k if cr >= k else 0
            pos = self.start[k]
            total = 0
        else:
            pos = self._pos
            total = self._sum
        stop = r + rows if r + rows <= end else end + 1
        done = stop - r
        # Row by row, only the rows on the board: a ring's row dr holds the hexes dq with
        # max(|dq|, |dr|, |dq + dr|) == k, a run from lo to hi on its first and last row
        # and those two ends on the others. (Walking the ring hex by hex visited 6k hexes,
        # mostly off the board once the burst is wide.)
        while r < stop:
            d = r - cr
            lo = cq + (r >> 1) - k  # the row's left end below the centre (d >= 0)
            row = r * w
            if d == k or d == -k:  # the first or the last row: the run, clipped
                if d < 0:
                    lo += k
                hi = lo + k if lo + k < w else w - 1
                if lo < 0:
                    lo = 0
                while lo <= hi:
                    o = cell_at[row + lo]
                    at[pos] = o
                    pos += 1
                    total += layer[o] + layer[o + 1] + layer[o + 2]
                    lo += 1
            else:  # its ends: above the centre the left one moves in as dr grows, below
                #    the centre the right one
                hi = lo + k + k
                if d < 0:
                    lo -= d
                else:
                    hi -= d
                if 0 <= lo < w:
                    o = cell_at[row + lo]
                    at[pos] = o
                    pos += 1
                    total += layer[o] + layer[o + 1] + layer[o + 2]
                if 0 <= hi < w:
                    o = cell_at[row + hi]
                    at[pos] = o
                    pos += 1
                    total += layer[o] + layer[o + 1] + layer[o + 2]
            r += 1
        if r > end:
            self.start[k + 1] = pos
            self.sums[k] = total
            self.made = k + 1
            self._next = -1
        else:
            self._next = r
            self._pos = pos
            self._sum = total
        return done if done > 0 else 1


class Renderer:
    """Draws ``view`` (an ``app.view.View``) over ``course`` on the LEDs of ``profile``.

    ``frame`` (RGB ``bytearray``, LED order) is what ``compose`` returns, the
    same object every time, and ``total`` the sum of its bytes (for the power
    limit: ``leds.show_ready(frame, total)``); whoever draws over ``frame``
    must add its changes to the total it passes on. ``base`` holds the terrain
    layer with the tokens on its greens (what every frame starts from). ``view`` and ``course`` are attributes: after ``set_course``
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
        # Terrain and the tokens of the current phase (each green's largest token, then the
        # rest's largest), repainted on the greens whose tokens or phase change: one layer
        # (a terrain layer and a token layer took 1 KB of heap more).
        self.base = bytearray(n)
        self.frame = bytearray(n)
        self._base = memoryview(self.base)
        self._phase = -1  # the phase drawn in base (-1: to draw)
        self._fill = bytearray(n)          # the whole-board flash colour, filled once per colour
        self._fill_mv = memoryview(self._fill)
        self._fill_ink = -1
        self._fill_total = 0
        # Sums of the layers' bytes; total is the frame's (see compose).
        self._base_total = 0
        self.total = 0
        # The flash last seen, to time its animation from its first frame.
        self._fl_kind = FLASH_NONE
        self._fl_until = 0
        self._fl_cell = -1
        self._fl_seat = -1
        self._fl_start = 0
        self._rings = Rings(profile.width, profile.height)
        # The hole-in-one burst is a layer of its own, painted into the buffer of the
        # whole-board flashes (never on at once with it) when its ring moves on: a frame
        # copies it natively (see _burst).
        self._lay_k = -1     # the ring the layer shows (-1: the layer holds no burst)
        self._lay_cell = -1  # around this cell
        self._lay_ink = -1   # in this colour
        self._lay_total = 0  # the sum of the layer's bytes
        self._cover = -1     # this frame's burst ring (-1: none): the layers under it skip
        #                      the cells the burst paints over (_covers)
        # The preview's layer, in the same buffer (see _previewed): the path it shows.
        self._pv_path = array("h", view.preview)
        self._pv_cells = memoryview(self._pv_path)
        self._pv_marks = bytearray(view.preview_marks)
        self._pv_len = -1  # (-1: the buffer does not hold it)
        self._pv_total = 0
        # The golfers as last grouped (see _group): per golfer, how many share its hex
        # (0: none on the course) and its place among them.
        self._golfer_seen = array("h", [-1] * MAX_SEATS)
        self._partner_seen = array("h", [-1] * MAX_SEATS)
        # (copied in through memoryviews: an array's own slice store allocates 16 B)
        self._golfer_copy = memoryview(self._golfer_seen)
        self._partner_copy = memoryview(self._partner_seen)
        self._seats_seen = -1
        self._seats = 0
        self._golfer_count = 0
        self._share = bytearray(2 * MAX_SEATS)
        self._rank = bytearray(2 * MAX_SEATS)
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
        self._tokens_seen = bytearray(n)  # view.tokens as drawn into base: none yet
        self._phase = -1
        self._rings.set_course(w, h, cell_at, base)
        self._lay_k = -1
        self._pv_len = -1
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
        if phase != self._phase or v.tokens != self._tokens_seen:
            self._draw_tokens(phase)
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
        self._cover = -1
        if kind != FLASH_NONE and _SHAPES[kind] == _BURST:
            # The burst is on top of every layer: drawn first, from its own layer, and the
            # layers below skip what it covers (a frame paints no ring cell).
            cell = v.flash_cell if v.flash_cell >= 0 else self._centre
            if cell < self._cells:
                _burst(self, cell, age, rem, self._flash_ink(kind, v.flash_seat))
            else:
                self.frame[:] = self._base
                self.total = self._base_total
            kind = FLASH_NONE
        else:
            self.frame[:] = self._base
            self.total = self._base_total
        whole = kind != FLASH_NONE and v.flash_cell < 0
        if whole:
            _fill_board(self, kind, v.flash_seat, age)
        # (the layers' calls only when they have something to draw: a call is a cell's cost)
        if v.wind_len > 0 or v.green_len > 0:
            _modules(self, v, now)
        if v.preview_len > 0:
            _previewed(self, whole)
        self._golfers(now)
        if v.cursor >= 0 and (now // CURSOR_BLINK_MS) % 2 == 0:
            self._put(v.cursor, _CURSOR_AT, _FULL)
        if v.flight_len > 0:
            self._flight(now)
        if kind != FLASH_NONE and not whole:
            self._flash(kind, v.flash_cell, v.flash_seat, age, rem)
        return self.frame

    # ------------------------------------------------------------ pixels

    def _put(self, cell, ink, level):
        # Colour ``ink`` at ``level``/256 on a course cell; cells off the course, and those
        # the burst covers this frame, are skipped.
        if cell < 0 or cell >= self._cells or (self._cover >= 0 and self._covers(cell)):
            return
        self.total += paint(self._ink, self.frame, self._cell_at[cell], ink, level)

    def _covers(self, cell):
        # Whether this frame's burst paints over course cell ``cell``: the hole, the ring
        # at full brightness and the one inside it.
        d = self._rings.away(cell)
        return d == 0 or self._cover - 1 <= d <= self._cover

    def _ring(self, cell, k, ink, level):
        # The hexes exactly ``k`` steps from ``cell`` (just the cell for k == 0), painted
        # from the rings kept for that centre (made as they are first needed).
        if cell < 0 or cell >= self._cells:
            return
        rings = self._rings
        if not rings.reach(cell, k):
            return
        start = rings.start
        self.total += paint_run(self._ink, self.frame, rings.at, start[k], start[k + 1],
                                ink, level)

    # ------------------------------------------------------------ layers

    def _draw_tokens(self, phase):
        # The tokens on the greens of the terrain layer (only greens carry tokens): in phase
        # 0 each green's largest token, in phase 1 the largest of the rest (or the same).
        # Only the greens whose tokens changed, or whose two phases differ when the phase
        # flipped, are repainted; a green left without a token gets its terrain back.
        layer = self.base
        tokens = self.view.tokens
        seen = self._tokens_seen
        flipped = phase != self._phase
        total = self._base_total
        greens = self._greens
        for i in range(len(greens)):
            cell = greens[i]
            t = tokens[cell]
            if t == seen[cell] and not (t and flipped):
                continue
            at = self._cell_at[cell]
            if not t:
                self._lay_k = -1  # the burst's layer holds this green as it was
                self._pv_len = -1  # (and the preview's)
                change = paint(self._terrain, layer, at, 3 * terrain.GREEN, _FULL)
                total += change
                self._rings.changed(cell, change)
                continue
            ink = _token_ink(t)
            rest = t - _TOKEN_POINTS[ink]
            if t == seen[cell] and not rest:
                continue  # one token: the same in both phases
            self._lay_k = -1  # (as above)
            self._pv_len = -1
            if phase and rest:
                ink = _token_ink(rest)
            change = paint(self._ink, layer, at, ink, _FULL)
            total += change
            self._rings.changed(cell, change)
        seen[:] = tokens
        self._base_total = total
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
        cover = self._cover >= 0
        change = 0
        for i in range(n - 1):
            cell = path[i]
            if 0 <= cell < cells and not (cover and self._covers(cell)):
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
        if (golfer != self._golfer_seen or partner != self._partner_seen
                or v.seats != self._seats_seen):
            self._group(v)
        seats = self._seats
        share = self._share
        rank = self._rank
        turn = now // GOLFER_TURN_MS
        for i in range(self._golfer_count):
            sharing = share[i]
            if not sharing or turn % sharing != rank[i]:
                continue
            if i >= seats:
                self._put(partner[i - seats], 3 * (i - seats), _FULL >> 1)
            else:
                level = _pulse(now) if i == v.active else _FULL
                self._put(golfer[i], 3 * i, level >> 2 if v.spent[i] else level)

    def _group(self, v):
        # Which golfers share a hex (they take turns, in seat order): worked out when a
        # golfer moves, not every frame (for each of n golfers, a look at all n).
        golfer = v.golfer
        partner = v.partner
        self._golfer_copy[:] = golfer
        self._partner_copy[:] = partner
        self._seats_seen = v.seats
        seats = min(v.seats, len(golfer))
        # Golfers 0..seats-1, then the second golfers of a team (Chaos Teams), dimmer.
        n = seats + seats if seats and partner[0] >= 0 else seats
        self._seats = seats
        self._golfer_count = n
        for i in range(n):
            cell = golfer[i] if i < seats else partner[i - seats]
            sharing = 0
            rank = 0
            for o in range(n if cell >= 0 else 0):
                if (golfer[o] if o < seats else partner[o - seats]) == cell:
                    sharing += 1
                    if o < i:
                        rank += 1
            self._share[i] = sharing  # 0: this golfer is not on the course
            self._rank[i] = rank

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
        c = self._ink
        f = self.frame
        cell_at = self._cell_at
        cells = self._cells
        cover = self._cover >= 0
        change = 0
        # The trail first, so the ball is on top; each cell as _put paints it, without a
        # call of its own (a call costs about what painting a cell does).
        for back in range(_TRAIL if step >= _TRAIL else step, -1, -1):
            cell = path[step - back]
            if 0 <= cell < cells and not (cover and self._covers(cell)):
                change += paint(c, f, cell_at[cell], ink, _FULL >> back)
        self.total += change

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

    def _flash_ink(self, kind, seat):
        if (kind == FLASH_GREEN or kind == FLASH_ACK) and 0 <= seat < MAX_SEATS:
            return 3 * seat
        return _FLASH_AT + 3 * kind

    def _flash(self, kind, cell, seat, age, rem):
        # A flash around ``cell`` (the hole-in-one burst spreads over the whole board).
        # (The hole-in-one's burst is a layer of its own: _burst.)
        ink = self._flash_ink(kind, seat)
        shape = _SHAPES[kind]
        if shape == _RIPPLE:
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
