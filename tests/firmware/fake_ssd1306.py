# A simulated I2C bus with an SSD1306 on it (the panel's RAM, filled as the chip would from
# the driver's commands and data), and a framebuf for CPython. Runs under CPython and
# inside MicroPython.
from teebox.hal import display as D

try:
    import framebuf
except ImportError:
    # CPython has no framebuf: a stand-in with the same calls, drawing every
    # character as a solid 7-pixel column block so tests can see where text lands.
    class framebuf:
        MVLSB = 0

        class FrameBuffer:
            def __init__(self, buf, width, height, fmt):
                assert fmt == 0 and len(buf) == width * height // 8
                self.buf = buf
                self.width = width

            def fill_rect(self, x, y, w, h, c):
                assert y % 8 == 0 and h == 8  # the driver only clears whole pages
                for col in range(x, x + w):
                    self.buf[(y // 8) * self.width + col] = 0xFF if c else 0

            def text(self, s, x, y, c):
                for k in range(len(s)):
                    for col in range(x + 8 * k, x + 8 * k + 7):
                        if s[k] != " " and col < self.width:
                            self.buf[(y // 8) * self.width + col] = 0x7F


# Commands that take argument bytes (the rest of the SSD1306's commands take none).
_ARGS = {0x20: 1, 0x21: 2, 0x22: 2, 0x81: 1, 0x8D: 1, 0xA8: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1,
         0xDA: 1, 0xDB: 1}


class Panel:
    """machine.I2C with one SSD1306 on it, in horizontal addressing mode.

    ``writes`` records every write as (address, bytes); ``bytes_sent`` counts the
    bytes on the wire (each write's address byte too); ``ram`` is the panel's
    1024-byte display RAM as the chip fills it.
    """

    def __init__(self):
        self.writes = []
        self.bytes_sent = 0
        self.ram = bytearray(D.WIDTH * D.HEIGHT // 8)
        self.on = False
        self._cols = (0, D.WIDTH - 1)
        self._pages = (0, D.ROWS - 1)
        self._col = 0
        self._page = 0

    def writeto(self, address, buf):
        buf = bytes(buf)
        self.writes.append((address, buf))
        self.bytes_sent += 1 + len(buf)
        if buf[0] == 0x40:
            for b in buf[1:]:
                self._data(b)
        else:
            assert buf[0] == 0x00, "an SSD1306 write starts with 0x00 or 0x40"
            self._commands(buf[1:])

    def _commands(self, cmds):
        i = 0
        while i < len(cmds):
            c = cmds[i]
            args = cmds[i + 1:i + 1 + _ARGS.get(c, 0)]
            if c == 0x21:
                self._cols = (args[0], args[1])
                self._col = args[0]
            elif c == 0x22:
                self._pages = (args[0], args[1])
                self._page = args[0]
            elif c == 0xAF:
                self.on = True
            i += 1 + len(args)

    def _data(self, b):
        self.ram[self._page * D.WIDTH + self._col] = b
        self._col += 1
        if self._col > self._cols[1]:
            self._col = self._cols[0]
            self._page += 1
            if self._page > self._pages[1]:
                self._page = self._pages[0]


def oled(address=D.ADDRESS):
    """An SSD1306 driver on a fresh Panel: (driver, panel)."""
    panel = Panel()
    return D.SSD1306(panel, address, framebuf), panel


def screen_of(lines):
    """The panel RAM that shows ``lines``: a fresh driver's, everything sent at once."""
    ref, panel = oled()
    for i in range(len(lines)):
        ref.text(i, lines[i])
    ref.show()
    return panel.ram
