"""The optional text display: an SSD1306 128x64 OLED over I2C, 16 characters x 8 lines.

All displays share one text model: eight lines of at most sixteen
characters. ``text(line, s)`` writes ``s`` from ``line`` down, wrapped
between words; ``message(s)`` replaces the whole screen; ``show()`` puts the
changes on the screen at once; ``refresh()`` does it a frame's share at a
time (the main loop calls it every frame while it returns True). Only lines
whose text changed are redrawn and sent. Backends:

* ``SSD1306`` - this module's own driver for the OLED (one 8-pixel page per
  text line, drawn with ``framebuf`` in MONO_VLSB layout);
* ``SimDisplay`` - keeps the lines so tests and the terminal simulator can
  read what the OLED says;
* ``NullDisplay`` - the profile has no display (or it did not answer): the
  table is playable without one, so text just goes nowhere.
"""

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

COLS = const(16)
ROWS = const(8)
WIDTH = const(128)
HEIGHT = const(64)
ADDRESS = const(0x3C)

# Control bytes that start every I2C write to the SSD1306.
_COMMANDS = const(0x00)
_DATA = const(0x40)

# I2C bytes one refresh() may send: one whole page (window command 7 + data 129, plus
# an address byte each) is 138 bytes, 3.1 ms at 400 kHz (9 clocks a byte), so a
# display update never costs a frame more than that; short lines share a frame.
STEP_BYTES = const(138)
_WINDOW_BYTES = const(8)   # address + control + 0x21 c0 c1 + 0x22 p0 p1

# Sent once at start-up (display still off); the screen is cleared, then switched on.
INIT = bytes((
    0xAE,        # display off while configuring
    0xD5, 0x80,  # clock divide ratio and oscillator frequency (the reset value)
    0xA8, 0x3F,  # multiplex ratio: 64 rows
    0xD3, 0x00,  # no vertical offset
    0x40,        # RAM start line 0
    0x8D, 0x14,  # charge pump on: the modules run from 3.3 V with no separate panel supply
    0x20, 0x00,  # horizontal addressing: data runs along a page, then to the next page
    0xA1,        # segment remap: column 127 is SEG0 ...
    0xC8,        # ... and COM scan runs bottom-up: together, the image is upright
    0xDA, 0x12,  # COM pins in the alternative layout that 128x64 panels use
    0x81, 0xCF,  # contrast
    0xD9, 0xF1,  # pre-charge period suited to the internal charge pump
    0xDB, 0x40,  # VCOMH deselect level
    0xA4,        # show the RAM contents
    0xA6,        # normal, not inverted
))
DISPLAY_ON = const(0xAF)


def wrap(s, width=COLS):
    """Split text into lines of at most ``width`` characters.

    Breaks at newlines and between words; a word longer than a line is cut.
    """
    out = _Lines()
    each_line(s, width, out)
    return out.lines


class _Lines:
    # Collects the lines each_line finds, for wrap().
    def __init__(self):
        self.lines = []

    def line(self, s, a, b):
        self.lines.append(s[a:b])


def each_line(s, width, to):
    """Call ``to.line(s, a, b)`` for each line ``s[a:b]`` of ``s`` wrapped as :func:`wrap`
    says, in order. A line is always one run of ``s`` (words keep the single spaces
    between them), so it is found by its ends and nothing is cut out of ``s`` here:
    the display compares a line with what it shows before it takes a copy (a turn's
    text is wrapped at every decision; splitting it made ~1.8 KB of garbage a time)."""
    n = len(s)
    p = 0  # the paragraph's start
    while True:
        e = s.find("\n", p)
        if e < 0:
            e = n
        a = -1  # the line so far is s[a:b] (a < 0: nothing yet)
        b = -1
        w = p   # the word is s[w:x]
        while True:
            x = s.find(" ", w, e)
            if x < 0:
                x = e
            while x - w > width:  # a word longer than a line is cut
                if a >= 0:
                    to.line(s, a, b)
                    a = -1
                to.line(s, w, w + width)
                w += width
            if a < 0:
                if x > w:
                    a = w
                    b = x
            elif b - a + 1 + x - w <= width:
                b = x  # (an empty word keeps its space, as a split and join would)
            else:
                to.line(s, a, b)
                a = w if x > w else -1
                b = x
            if x >= e:
                break
            w = x + 1
        if a < 0:
            to.line(s, p, p)
        else:
            to.line(s, a, b)
        if e >= n:
            return
        p = e + 1


class TextDisplay:
    """The text model every display shares; subclasses draw lines and show them."""

    def __init__(self):
        self.lines = [""] * ROWS
        self._at = 0  # the line a text being written goes on next

    def text(self, line, s):
        """Write ``s`` from ``line`` (0-7) down, wrapped to 16 columns.

        Lines that would fall off the bottom are dropped. Returns the line
        after the last one written, so calls can follow each other.
        """
        if not 0 <= line < ROWS:
            raise ValueError("display line %d is off the screen (use 0 to %d)" % (line, ROWS - 1))
        return self._write(line, s, False)

    def clear(self):
        """Blank every line."""
        self._write(0, "", True)

    def message(self, s):
        """Show ``s`` alone: written from the top line, every line below it blank.

        Lines that already read the same are left alone (not redrawn, not sent).
        """
        return self._write(0, s, True)

    def _write(self, line, s, blank_rest):
        # Each line is set once to its final text, so a line that ends up as it was
        # stays clean (clearing first would mark every line with text dirty).
        self._at = line
        each_line(s, COLS, self)
        line = self._at
        if blank_rest:
            for i in range(line, ROWS):
                self._set(i, "")
        return line

    def line(self, s, a, b):
        """The next line of a text written (``each_line``): ``s[a:b]``, copied only when
        it differs from what the line shows."""
        i = self._at
        if i < ROWS:
            old = self.lines[i]
            if len(old) != b - a or not s.startswith(old, a):
                self.lines[i] = new = s[a:b]
                self._draw(i, old, new)
            self._at = i + 1

    def _set(self, i, s):
        old = self.lines[i]
        if old != s:
            self.lines[i] = s
            self._draw(i, old, s)

    def _draw(self, i, old, s):
        pass

    def show(self):
        """Put the lines written since the last ``show()`` on the screen."""

    def refresh(self):
        """Put changed lines on the screen, at most a frame's share of them per call.

        Returns True while some are still to go: call again next frame.
        Displays with no bus to wait on show everything at once.
        """
        self.show()
        return False


class NullDisplay(TextDisplay):
    """No display fitted: text is accepted and goes nowhere.

    ``reason`` says why there is none (e.g. the OLED did not answer on I2C).
    """

    def __init__(self, reason="no display in the board profile"):
        TextDisplay.__init__(self)
        self.reason = reason


class SimDisplay(TextDisplay):
    """A display for tests and the simulator: ``shown`` is what the screen shows."""

    def __init__(self):
        TextDisplay.__init__(self)
        self.shown = ("",) * ROWS
        self.shows = 0

    def show(self):
        """Take the current lines as what the screen shows."""
        self.shown = tuple(self.lines)
        self.shows += 1

    def screen(self):
        """What the screen shows, as text with one line per display line."""
        return "\n".join(self.shown)


class SSD1306(TextDisplay):
    """Driver for an SSD1306 128x64 OLED on I2C.

    ``i2c`` needs ``writeto(address, buf)`` (MicroPython's ``machine.I2C``);
    ``address`` is 0x3C (60) on most modules, 0x3D on some. ``framebuf`` is
    the module to draw with: MicroPython's built-in by default; on a
    Raspberry Pi, ``adafruit_framebuf`` has the same interface.
    """

    def __init__(self, i2c, address=ADDRESS, framebuf=None):
        TextDisplay.__init__(self)
        if framebuf is None:
            import framebuf
        self._i2c = i2c
        self._address = address
        self.buffer = bytearray(WIDTH * HEIGHT // 8)
        self._fb = framebuf.FrameBuffer(self.buffer, WIDTH, HEIGHT, framebuf.MVLSB)
        # One page write: the column and page window, then 0x40 and the page's columns.
        self._window = bytearray((_COMMANDS, 0x21, 0, WIDTH - 1, 0x22, 0, 0))
        self._page = bytearray(WIDTH + 1)
        self._page[0] = _DATA
        self._pageview = memoryview(self._page)
        self._bufview = memoryview(self.buffer)
        # Per page: the columns to send (from 0) because text changed there; a page is
        # "dirty" (drawn, not yet shown) or "queued" (shown, waiting for the bus).
        self._cols = bytearray(ROWS)
        self._dirty = 0
        self._queued = 0
        self._turn = 0      # the page to look at first for the next send
        self._command(INIT)
        for p in range(ROWS):
            self._cols[p] = WIDTH  # clear whatever the panel's RAM held
        self._dirty = (1 << ROWS) - 1
        self.show()
        self._command(bytes((DISPLAY_ON,)))

    def _command(self, cmds):
        self._i2c.writeto(self._address, bytes((_COMMANDS,)) + cmds)

    def _draw(self, i, old, s):
        y = i * 8
        self._fb.fill_rect(0, y, WIDTH, 8, 0)
        self._fb.text(s, 0, y, 1)
        # Only the columns the old or the new text covers can differ on the panel (8
        # pixels a character); the panel holds the text last sent, which is no longer
        # than any text drawn since, so the widest of them all covers it.
        self._cols[i] = min(WIDTH, max(self._cols[i], 8 * len(old), 8 * len(s)))
        self._dirty |= 1 << i

    def show(self):
        """Send every page (text line) that changed since the last show(), now."""
        self._queued |= self._dirty
        self._dirty = 0
        while self._queued:
            self._send_next()

    def refresh(self):
        """Queue the pages changed since the last show()/refresh() and send what fits
        one frame's I2C budget (``STEP_BYTES``, always at least one page): the rest
        goes on the next calls. Returns True while pages are still queued.

        A page is sent as its text is when it goes, so text written in between is
        never lost: at worst it is on the screen a frame or two sooner.
        """
        self._queued |= self._dirty
        self._dirty = 0
        sent = 0
        while self._queued:
            cost = self._page_bytes(self._next_page())
            if sent and sent + cost > STEP_BYTES:
                break
            sent += cost
            self._send_next()
        return self._queued != 0

    def _next_page(self):
        # Round the pages from the one after the last sent, so text that changes every
        # frame on one line cannot keep the lines below it off the screen.
        p = self._turn
        while not self._queued & (1 << p):
            p = (p + 1) % ROWS
        return p

    def _page_bytes(self, p):
        """Bytes on the bus (address bytes included) to send page ``p``."""
        n = self._cols[p]
        return _WINDOW_BYTES + 2 + n if n else 0

    def _send_next(self):
        p = self._next_page()
        n = self._cols[p]
        self._queued &= ~(1 << p)
        self._cols[p] = 0
        self._turn = (p + 1) % ROWS
        if n == 0:
            return  # already sent as it is now (it was drawn again before its turn)
        w = self._window
        w[3] = n - 1
        w[5] = p
        w[6] = p
        self._i2c.writeto(self._address, w)
        at = p * WIDTH
        self._page[1:n + 1] = self._bufview[at:at + n]
        self._i2c.writeto(self._address, self._pageview[:n + 1])


class _BusioI2C:
    """A Blinka ``busio.I2C`` seen through MicroPython's ``writeto(address, buf)``."""

    def __init__(self, bus):
        self._bus = bus

    def writeto(self, address, buf):
        while not self._bus.try_lock():
            pass
        try:
            self._bus.writeto(address, buf)
        finally:
            self._bus.unlock()


def from_profile(profile, sim=False):
    """The display of a board profile: SSD1306, SimDisplay, or NullDisplay if none.

    An OLED that does not answer on I2C gives a NullDisplay whose ``reason``
    says so, because the table must still start without it.
    """
    cfg = profile.display
    if cfg is None:
        return NullDisplay()
    if sim:
        return SimDisplay()
    try:
        if profile.circuitpython:
            import adafruit_framebuf
            import busio
            bus = busio.I2C(profile.pin(cfg["scl"]), profile.pin(cfg["sda"]))
            return SSD1306(_BusioI2C(bus), cfg["address"], adafruit_framebuf)
        import machine
        bus = machine.I2C(cfg["i2c"], sda=profile.pin(cfg["sda"]), scl=profile.pin(cfg["scl"]),
                          freq=400000)
        return SSD1306(bus, cfg["address"])
    except OSError as exc:
        return NullDisplay("display at I2C address %d did not answer: %s" % (cfg["address"], exc))
