"""The optional text display: an SSD1306 128x64 OLED over I2C, 16 characters x 8 lines.

All displays share one text model: eight lines of at most sixteen
characters. ``text(line, s)`` writes ``s`` from ``line`` down, wrapped
between words; ``message(s)`` clears and writes from the top; ``show()``
puts the changes on the screen. Backends:

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
    def const(x):
        return x

COLS = const(16)
ROWS = const(8)
WIDTH = const(128)
HEIGHT = const(64)
ADDRESS = const(0x3C)

# Control bytes that start every I2C write to the SSD1306.
_COMMANDS = const(0x00)
_DATA = const(0x40)

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
    out = []
    for para in s.split("\n"):
        line = ""
        for word in para.split(" "):
            while len(word) > width:
                if line:
                    out.append(line)
                    line = ""
                out.append(word[:width])
                word = word[width:]
            if not line:
                line = word
            elif len(line) + 1 + len(word) <= width:
                line += " " + word
            else:
                out.append(line)
                line = word
        out.append(line)
    return out


class TextDisplay:
    """The text model every display shares; subclasses draw lines and show them."""

    def __init__(self):
        self.lines = [""] * ROWS

    def text(self, line, s):
        """Write ``s`` from ``line`` (0-7) down, wrapped to 16 columns.

        Lines that would fall off the bottom are dropped. Returns the line
        after the last one written, so calls can follow each other.
        """
        if not 0 <= line < ROWS:
            raise ValueError("display line %d is off the screen (use 0 to %d)" % (line, ROWS - 1))
        for part in wrap(s):
            if line >= ROWS:
                break
            self._set(line, part)
            line += 1
        return line

    def clear(self):
        """Blank every line."""
        for i in range(ROWS):
            self._set(i, "")

    def message(self, s):
        """Clear, then write ``s`` from the top line."""
        self.clear()
        return self.text(0, s)

    def _set(self, i, s):
        if self.lines[i] != s:
            self.lines[i] = s
            self._draw(i, s)

    def _draw(self, i, s):
        pass

    def show(self):
        """Put the lines written since the last ``show()`` on the screen."""


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
        # One page write: the column and page window, then 0x40 and the page's 128 bytes.
        self._window = bytearray((_COMMANDS, 0x21, 0, WIDTH - 1, 0x22, 0, 0))
        self._page = bytearray(WIDTH + 1)
        self._page[0] = _DATA
        self._dirty = 0
        self._command(INIT)
        self._dirty = (1 << ROWS) - 1  # clear whatever the panel's RAM held
        self.show()
        self._command(bytes((DISPLAY_ON,)))

    def _command(self, cmds):
        self._i2c.writeto(self._address, bytes((_COMMANDS,)) + cmds)

    def _draw(self, i, s):
        y = i * 8
        self._fb.fill_rect(0, y, WIDTH, 8, 0)
        self._fb.text(s, 0, y, 1)
        self._dirty |= 1 << i

    def show(self):
        """Send the pages (text lines) that changed since the last show()."""
        for p in range(ROWS):
            if self._dirty & (1 << p):
                self._window[5] = p
                self._window[6] = p
                self._i2c.writeto(self._address, self._window)
                self._page[1:] = self.buffer[p * WIDTH:(p + 1) * WIDTH]
                self._i2c.writeto(self._address, self._page)
        self._dirty = 0


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
        if profile.board == "blinka":
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
