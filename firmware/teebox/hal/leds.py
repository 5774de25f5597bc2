"""The LED chain: gamma, brightness cap and power limit, then out to the strip.

The app renders into an RGB frame, ``bytearray(3 * count)``, in LED chain
order (the board profile maps hex cells to LED indexes). ``show(frame)``
turns it into what the strip receives, without allocating:

1. gamma: each channel goes through a 256-entry table (LEDs are linear in
   current, eyes are not), pre-multiplied by the brightness cap;
2. power limit: the frame's current is estimated as ``IDLE_MA`` per LED plus
   ``CHANNEL_MA`` per channel at 255 (about 60 mA for a full-white WS2812B);
   if that exceeds the budget (the mA the supply has left for LEDs), the whole
   frame is scaled down by one factor, so colours keep their balance;
3. colour order: bytes are written in the strip's order (WS2812B is GRB).

That per-byte work costs tens of milliseconds a frame on an RP2040, so a
renderer can do it once instead: ``prepare(palette)`` runs its colours through
the same gamma, cap and colour order, a frame drawn with prepared colours goes
to ``show_ready(frame, total)``, and only the power limit is left, sent with
one memory copy. ``total`` is the sum of the frame's bytes, which the limiter
needs: summing 1152 bytes is most of ``show_ready``'s time (several ms on an
RP2040), so a renderer that knows the total (it changes only where it draws)
passes it; without it ``show_ready`` sums the frame.

Backends share that pipeline and differ only in where the bytes go:
``NeoPixelLeds`` (MicroPython ``neopixel``), ``BlinkaLeds``
(adafruit-circuitpython-neopixel on CircuitPython or a Raspberry Pi with
Blinka) and ``SimLeds`` (tests and the simulator).
"""

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

IDLE_MA = const(1)       # a dark WS2812B still draws about 1 mA
CHANNEL_MA = const(20)   # one channel at 255 draws about 20 mA
LOG_SIZE = const(64)     # SimLeds remembers the current of this many recent frames


def _gamma(x):
    # About gamma 2.4 in integers: the mean of x**2 and x**3 (both scaled to 0-255).
    return (x * x * 255 + x * x * x + 65025) // 130050


# Gamma at full brightness: GAMMA[0] == 0, GAMMA[255] == 255, never decreasing.
GAMMA = bytes(_gamma(x) for x in range(256))


def gamma_table(brightness):
    """The gamma table scaled so 255 comes out as ``brightness`` (0-255)."""
    return bytes((GAMMA[x] * brightness + 127) // 255 for x in range(256))


def current_ma(count, channel_sum):
    """Estimated mA of ``count`` LEDs whose output bytes add up to ``channel_sum``."""
    return count * IDLE_MA + channel_sum * CHANNEL_MA // 255


def order_offsets(order):
    """For a colour order such as ``"GRB"``: which RGB channel each output byte takes."""
    if len(order) != 3 or sorted(order) != ["B", "G", "R"]:
        raise ValueError("LED colour order must be R, G and B in some order, not %r" % (order,))
    return tuple("RGB".index(c) for c in order)


class Leds:
    """The shared pipeline. Subclasses set ``self._out`` and implement ``_write()``.

    ``count`` LEDs; ``order`` the strip's colour order; ``brightness`` the cap
    (0-255) from the profile; ``budget_ma`` the current available for LEDs
    (None: no limit).
    """

    def __init__(self, count, order="GRB", brightness=255, budget_ma=None):
        if not 0 <= brightness <= 255:
            raise ValueError("brightness must be 0 to 255, not %d" % brightness)
        self.count = count
        self.order = order
        self._o0, self._o1, self._o2 = order_offsets(order)
        self.max_brightness = brightness
        self.brightness = brightness
        self._table = gamma_table(brightness)
        self.budget_ma = budget_ma
        self.last_ma = 0  # estimated current of the frame last shown, after limiting
        self._out = None
        self._inverse = None  # for unprepare(), built on first use

    def set_brightness(self, level):
        """Dim (or undim) the whole table; never above the profile's cap."""
        level = max(0, min(level, self.max_brightness))
        if level != self.brightness:
            self.brightness = level
            self._table = gamma_table(level)
            self._inverse = None

    def _check(self, frame):
        if len(frame) != 3 * self.count:
            raise ValueError("LED frame must be %d bytes (3 x %d LEDs), not %d"
                             % (3 * self.count, self.count, len(frame)))

    def estimate_ma(self, frame):
        """Estimated mA ``frame`` would draw after gamma and brightness, before limiting."""
        self._check(frame)
        t = self._table
        total = 0
        for i in range(len(frame)):
            total += t[frame[i]]
        return current_ma(self.count, total)

    def show(self, frame):
        """Gamma, brightness, power limit and colour order, then send to the LEDs."""
        self._check(frame)
        out = self._out
        t = self._table
        o0 = self._o0
        o1 = self._o1
        o2 = self._o2
        total = 0
        for i in range(0, 3 * self.count, 3):
            a = t[frame[i + o0]]
            b = t[frame[i + o1]]
            c = t[frame[i + o2]]
            out[i] = a
            out[i + 1] = b
            out[i + 2] = c
            total += a + b + c
        budget = self.budget_ma
        if budget is not None and current_ma(self.count, total) > budget:
            total = self._limit(out, total, budget)
        self.last_ma = current_ma(self.count, total)
        self._write()

    def prepare(self, palette):
        """An RGB palette (``bytes`` of r, g, b triples) made ready for this strip.

        Each colour goes through gamma and the brightness cap and is stored in
        the strip's colour order, so frames drawn with it can go straight to
        :meth:`show_ready`. Prepared colours keep the brightness of the moment.
        """
        t = self._table
        o0 = self._o0
        o1 = self._o1
        o2 = self._o2
        out = bytearray(len(palette))
        for i in range(0, len(palette) - 2, 3):
            out[i] = t[palette[i + o0]]
            out[i + 1] = t[palette[i + o1]]
            out[i + 2] = t[palette[i + o2]]
        return bytes(out)

    def inverse(self):
        """The table that undoes gamma and the brightness cap of prepared bytes: the
        lowest input each output byte comes from (approximate where gamma merges
        inputs). Made on first use and after a brightness change; kept otherwise, so a
        caller undoing a frame allocates nothing."""
        if self._inverse is None:
            inverse = bytearray(256)
            t = self._table
            x = 255
            for v in range(255, -1, -1):  # the lowest input whose output reaches v
                while x > 0 and t[x - 1] >= v:
                    x -= 1
                inverse[v] = x
            self._inverse = inverse
        return self._inverse

    def unprepare(self, ready, at):
        """The RGB colour that prepared bytes ``ready[at:at + 3]`` stand for (approximate).

        For the simulator, which shows what the LEDs show on a screen; allocates.
        """
        inverse = self.inverse()
        rgb = [0, 0, 0]
        for k, src in enumerate((self._o0, self._o1, self._o2)):
            rgb[src] = inverse[ready[at + k]]
        return tuple(rgb)

    def show_ready(self, frame, total=None):
        """Send a frame drawn with :meth:`prepare`d colours: only the power limit is left.

        ``total`` is ``sum(frame)`` if the caller keeps track of it (the power
        limit is computed from it, so it must be exact); None: summed here.
        """
        if len(frame) != len(self._out):
            self._check(frame)
        out = self._out
        out[:] = frame
        if total is None:
            total = sum(frame)
        # (the estimate once a frame unless the limit dims it: this runs every frame)
        ma = current_ma(self.count, total)
        budget = self.budget_ma
        if budget is not None and ma > budget:
            ma = current_ma(self.count, self._limit(out, total, budget))
        self.last_ma = ma
        self._write()

    def _limit(self, out, total, budget):
        # The channel sum the budget allows, as a fraction of this frame's in 1/256ths;
        # rounding each byte down keeps the result inside the budget.
        allowed = (budget - self.count * IDLE_MA) * 255 // CHANNEL_MA
        scale = allowed * 256 // total if allowed > 0 else 0
        total = 0
        for i in range(len(out)):
            v = (out[i] * scale) >> 8
            out[i] = v
            total += v
        return total

    def _write(self):
        raise NotImplementedError


class NeoPixelLeds(Leds):
    """WS2812B on MicroPython: renders straight into ``neopixel.NeoPixel.buf``."""

    def __init__(self, pin, count, order="GRB", brightness=255, budget_ma=None):
        import machine
        import neopixel
        Leds.__init__(self, count, order, brightness, budget_ma)
        self._np = neopixel.NeoPixel(machine.Pin(pin), count)
        # .buf holds the bytes in wire order; writing it directly skips the
        # per-pixel tuples (and neopixel's own reordering, which show() already did).
        self._out = self._np.buf

    def _write(self):
        self._np.write()


class BlinkaLeds(Leds):
    """WS2812B through adafruit-circuitpython-neopixel (CircuitPython, or a Pi with Blinka).

    ``pin`` is a ``board`` pin object. The library reorders colours itself, so
    the pipeline produces RGB and the library is told the strip's order.
    """

    def __init__(self, pin, count, order="GRB", brightness=255, budget_ma=None):
        import neopixel
        Leds.__init__(self, count, "RGB", brightness, budget_ma)
        self.order = order
        self._np = neopixel.NeoPixel(pin, count, brightness=1.0, auto_write=False,
                                     pixel_order=order)
        self._out = bytearray(3 * count)

    def _write(self):
        out = self._out
        np = self._np
        for p in range(self.count):
            i = 3 * p
            # 0xRRGGBB ints rather than tuples: no garbage per pixel on CircuitPython
            np[p] = (out[i] << 16) | (out[i + 1] << 8) | out[i + 2]
        np.show()


class SimLeds(Leds):
    """LEDs for tests and the simulator: remembers what the strip would have received.

    ``buf`` is the last output in strip order, ``frame`` a copy of the last
    frame the app gave (RGB for ``show``, prepared colours for ``show_ready``),
    ``frames`` how many frames were shown, and ``currents()`` the estimated mA
    of the most recent frames.

    A ``total`` given to ``show_ready`` is checked against the frame while
    ``check_totals`` is True (the default): a renderer that lost track of its
    total would otherwise mis-limit the current without a visible sign.
    Benchmarks turn it off to time only what the board runs.
    """

    def __init__(self, count, order="GRB", brightness=255, budget_ma=None):
        Leds.__init__(self, count, order, brightness, budget_ma)
        self._out = bytearray(3 * count)
        self.buf = self._out
        self.frame = bytearray(3 * count)
        self.frames = 0
        self.peak_ma = 0
        self.check_totals = True
        self._log = [0] * LOG_SIZE

    def show(self, frame):
        """Show ``frame`` like the real LEDs and keep a copy of it."""
        Leds.show(self, frame)
        self.frame[:] = frame

    def show_ready(self, frame, total=None):
        """Show a prepared frame like the real LEDs and keep a copy of it."""
        if total is not None and self.check_totals and total != sum(frame):
            raise ValueError("show_ready was given a channel total of %d for a frame whose "
                             "bytes add up to %d: whatever drew the frame lost track of a "
                             "change" % (total, sum(frame)))
        Leds.show_ready(self, frame, total)
        self.frame[:] = frame

    def _write(self):
        self._log[self.frames % LOG_SIZE] = self.last_ma
        self.frames += 1
        if self.last_ma > self.peak_ma:
            self.peak_ma = self.last_ma

    def currents(self):
        """Estimated mA of the last frames shown (up to 64), oldest first."""
        n = min(self.frames, LOG_SIZE)
        return [self._log[(self.frames - n + k) % LOG_SIZE] for k in range(n)]

    def pixel(self, i):
        """``(r, g, b)`` that LED ``i`` received (after gamma, brightness and limit)."""
        rgb = [0, 0, 0]
        for k, src in enumerate((self._o0, self._o1, self._o2)):
            rgb[src] = self._out[3 * i + k]
        return tuple(rgb)


def from_profile(profile, sim=False):
    """The LEDs of a board profile: the real strip, or SimLeds with the same settings."""
    p = profile
    args = (p.led_count, p.led_order, p.brightness, p.budget_ma)
    if sim:
        return SimLeds(*args)
    if p.circuitpython:
        return BlinkaLeds(p.pin(p.led_pin), *args)
    return NeoPixelLeds(p.led_pin, *args)
