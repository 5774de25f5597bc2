"""The wiring self-test: what a maker runs once the table is built.

Started from the start menu ("Check wiring") or over the link (SELF_TEST,
``teebox board test``), it takes the LEDs and the display from the table for
a minute and walks through its steps (``core/wire/commands.py`` TEST_*):

1. corners: the two ends of every row light one at a time, row by row from
   the top, so the maker sees where the profile thinks each row starts and ends;
2. colours: every LED red, then green, then blue (a wrong ``leds.order``
   shows the wrong colour);
3. walk: a dot walks the cells in serpentine order (row 0 west to east, row 1
   back, ...) through the profile's chain, so where the chain disagrees with
   the wiring, the dot jumps;
4. display: a test pattern filling the OLED's 16 x 8 characters;
5. power: every LED full white, held to the profile's power budget;
6. reader: each card reader's chip version, then the raw UID of a card laid;
7. buttons: each button named on the display as it is pressed.

Each result is a line ``(step, text)`` in :attr:`SelfTest.lines`, what the
link sends back; a line whose step has :data:`PROBLEM` set reports a fault.
Holding BACK stops the test. The loop (``app/loop.py``) drives it while
:attr:`SelfTest.running` as it drives the table: ``tick``, ``handle_button``,
``handle_scan``, ``display_dirty``.

Allocation-light: the LED frame is made when the test starts and dropped when
it ends; a frame with nothing new allocates nothing.
"""

from teebox.core.wire.commands import (
    TEST_BUTTONS, TEST_COLOURS, TEST_CORNERS, TEST_DISPLAY, TEST_DONE, TEST_POWER,
    TEST_PROBLEM as PROBLEM, TEST_READER, TEST_WALK)
from teebox.hal import buttons as B

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

CORNER_MS = const(300)    # each row end lit this long
COLOUR_MS = const(1500)   # each of red, green, blue
WALK_MS = const(40)       # the dot on each cell (about one frame)
DISPLAY_MS = const(3000)
POWER_MS = const(2000)
WAIT_MS = const(20000)    # how long the table waits for a card, and for the buttons
LEVEL = const(96)         # test colours are dim: a whole table lit costs little power
MAX_LINES = const(200)    # a test never keeps more result lines than this

ALL_BUTTONS = (1 << B.COUNT) - 1
COLOUR_NAMES = ("RED", "GREEN", "BLUE")
# VersionReg values (MFRC522 datasheet 9.3.4.8, and what clones answer).
CHIPS = ((0x91, "MFRC522 v1.0"), (0x92, "MFRC522 v2.0"), (0x88, "FM17522 (a clone)"),
         (0x12, "a counterfeit MFRC522"))
# The OLED pattern: every column and row marked, so a missing one shows.
PATTERN = ("0123456789ABCDEF", "1##############1", "2 ############ 2", "3  ##########  3",
           "4  ##########  4", "5 ############ 5", "6##############6", "76543210FEDCBA98")


def chip_name(version):
    """What a reader's VersionReg ``version`` says the chip is."""
    for v, name in CHIPS:
        if v == version:
            return name
    return "an unknown chip (VersionReg 0x%02x)" % version


class SelfTest:
    """The self-test of the table on ``hw`` (``board.build``'s parts)."""

    def __init__(self, hw):
        self.hw = hw
        self.running = False
        self.step = 0
        self.lines = []
        self.display_dirty = False
        self.frame = None
        self.wait_ms = WAIT_MS
        self.speed = 1
        self._since = 0
        self._at = -1        # the step's part shown last (row end, colour, cell)
        self._lit = -1       # the LED the corner or walk step lit
        self._pressed = 0    # buttons pressed so far (bits)
        p = hw.profile
        self._ends = [p.led_index(c, r) for r in range(p.height) for c in (0, p.width - 1)]

    # ------------------------------------------------------------ control

    def start(self, now, wait_ms=WAIT_MS, speed=1):
        """Start from the first step at tick ``now``. ``wait_ms``: how long to wait for a
        card and for the buttons (0 skips both); ``speed``: timed steps run this many
        times faster (tests, or a maker who has seen them)."""
        self.lines = []
        self.wait_ms = wait_ms
        self.speed = max(1, speed)
        self.frame = bytearray(3 * self.hw.leds.count)
        self.running = True
        self._enter(TEST_CORNERS, now)

    def stop(self, why):
        """End the test (LEDs dark, the table gets them back); ``why`` is the last line."""
        self._log(TEST_DONE, why)
        self.step = TEST_DONE
        if self.frame is not None:
            for i in range(len(self.frame)):
                self.frame[i] = 0
            self.hw.leds.show(self.frame)
        self.frame = None
        self.running = False

    def handle_button(self, ev):
        """A button event (``hal.buttons`` encoding): named in the buttons step; BACK
        held stops the test."""
        b = ev >> 2
        kind = ev & 3
        if b == B.BACK and kind == B.LONG:
            self.stop("stopped: BACK held")
        elif kind == B.PRESS and self.step == TEST_BUTTONS:
            self._pressed |= 1 << b
            self._log(TEST_BUTTONS, "button %s pressed" % B.NAMES[b])
            self._say("Buttons\n> %s\n\n%d of %d pressed\nHold BACK: stop"
                      % (B.NAMES[b], self._count(), B.COUNT))
            if self._pressed == ALL_BUTTONS:
                self._log(TEST_BUTTONS, "all %d buttons work" % B.COUNT)
                self.stop("self-test done")

    def handle_scan(self, seat, uid):
        """A card laid on a reader (``seat`` with one reader per seat, else None)."""
        if self.step != TEST_READER:
            return
        where = "" if seat is None else " on seat %d's reader" % seat
        self._log(TEST_READER, "card laid%s: UID %s (%d bytes)" % (where, _hex(uid), len(uid)))
        self._enter(TEST_BUTTONS, self.hw.clock.ticks_ms())

    def handle_removed(self, seat, uid):
        """A card lifted off: nothing to test."""

    # ------------------------------------------------------------ frames

    def tick(self, now):
        """Move the test on to tick ``now`` (once a frame); shows the LEDs when they change."""
        if not self.running:
            return
        elapsed = self.hw.clock.ticks_diff(now, self._since) * self.speed
        st = self.step
        if st == TEST_CORNERS:
            self._corners(now, elapsed // CORNER_MS)
        elif st == TEST_COLOURS:
            self._colours(now, elapsed // COLOUR_MS)
        elif st == TEST_WALK:
            self._walk(now, elapsed // WALK_MS)
        elif st == TEST_DISPLAY:
            if elapsed >= DISPLAY_MS:
                self._enter(TEST_POWER, now)
        elif st == TEST_POWER:
            if elapsed >= POWER_MS:
                self._fill(0, 0, 0)
                self._enter(TEST_READER, now)
        elif self._waited(now):
            if st == TEST_READER:
                self._log(TEST_READER | PROBLEM, "no card laid within %d s: check the "
                          "reader's wiring (SPI pins, CS, RST, 3.3 V)" % (self.wait_ms // 1000))
                self._enter(TEST_BUTTONS, now)
            else:
                self._log(TEST_BUTTONS | PROBLEM, "never pressed: %s (check each one's "
                          "pin and its wire to ground)" % self._missing())
                self.stop("self-test done")

    def _waited(self, now):
        return self.hw.clock.ticks_diff(now, self._since) >= self.wait_ms

    def _corners(self, now, i):
        if i >= len(self._ends):
            self._dot(-1)
            self._enter(TEST_COLOURS, now)
        elif i != self._at:
            self._at = i
            led = self._ends[i]
            self._dot(led)
            side = "west" if i % 2 == 0 else "east"
            self._log(TEST_CORNERS, "row %d %s end: LED %d" % (i // 2, side, led))
            self._say("LEDs: row ends\nrow %d %s end\nLED %d" % (i // 2, side, led))

    def _colours(self, now, i):
        if i >= 3:
            self._fill(0, 0, 0)
            self._enter(TEST_WALK, now)
        elif i != self._at:
            self._at = i
            self._fill(LEVEL if i == 0 else 0, LEVEL if i == 1 else 0, LEVEL if i == 2 else 0)
            self._log(TEST_COLOURS, "every LED %s" % COLOUR_NAMES[i].lower())
            self._say("LEDs: colour\nall should be\n%s" % COLOUR_NAMES[i])

    def _walk(self, now, i):
        p = self.hw.profile
        w = p.width
        if i >= w * p.height:
            self._dot(-1)
            self._enter(TEST_DISPLAY, now)
            return
        if i == self._at:
            return
        row = i // w
        eastward = row % 2 == 0
        col = i % w if eastward else w - 1 - i % w
        if self._at < 0 or row != self._at // w:
            where = "from the west" if eastward else "from the east"
            self._log(TEST_WALK, "dot on row %d, %s" % (row, where))
            self._say("LEDs: walk\nrow %d\n%s" % (row, where))
        self._at = i
        self._dot(p.led_index(col, row))

    # ------------------------------------------------------------ steps

    def _enter(self, step, now):
        self.step = step
        self._since = now
        self._at = -1
        if step == TEST_DISPLAY:
            reason = getattr(self.hw.display, "reason", None)
            if reason is not None:
                self._log(TEST_DISPLAY | PROBLEM, "no display: %s" % reason)
            else:
                self._log(TEST_DISPLAY, "test pattern: 16 x 8 characters")
            self._say("\n".join(PATTERN))
        elif step == TEST_POWER:
            self._power()
        elif step == TEST_READER:
            self._reader(now)
        elif step == TEST_BUTTONS:
            self._pressed = 0
            if self.wait_ms:
                self._say("Buttons\nPress each one\n\n0 of %d pressed\nHold BACK: stop"
                          % B.COUNT)
            else:
                self._log(TEST_BUTTONS, "skipped (no time to wait)")
                self.stop("self-test done")

    def _power(self):
        leds = self.hw.leds
        self._fill(255, 255, 255)
        full = leds.estimate_ma(self.frame)
        budget = leds.budget_ma
        if budget is None:
            self._log(TEST_POWER, "full white draws about %d mA: no power budget in the "
                      "profile" % full)
        else:
            self._log(TEST_POWER, "full white would draw about %d mA; the limit holds it "
                      "to %d mA (budget %d mA)" % (full, leds.last_ma, budget))
        self._say("Power limit\nfull white\n%d mA\nheld to %d mA" % (full, leds.last_ma))

    def _reader(self, now):
        readers = self.hw.readers
        if readers is None:
            self._log(TEST_READER, "no card reader in the profile")
            self._enter(TEST_BUTTONS, now)
            return
        bank = getattr(readers, "readers", (readers,))
        seats = getattr(readers, "seats", (None,))
        for k in range(len(bank)):
            chip = getattr(bank[k], "chip", None)
            name = "simulated" if chip is None else chip_name(chip.version)
            self._log(TEST_READER, "reader%s: %s" % (
                "" if seats[k] is None else " of seat %d" % seats[k], name))
        if not self.wait_ms:
            self._log(TEST_READER, "no card asked for (no time to wait)")
            self._enter(TEST_BUTTONS, now)
            return
        self._log(TEST_READER, "waiting %d s for a card" % (self.wait_ms // 1000))
        self._say("Card reader\nlay a card\non a reader")

    # ------------------------------------------------------------ helpers

    def _log(self, step, text):
        if len(self.lines) < MAX_LINES:
            self.lines.append((step, text))

    def _say(self, text):
        self.hw.display.message(text)
        self.display_dirty = True

    def _fill(self, r, g, b):
        f = self.frame
        for i in range(0, len(f), 3):
            f[i] = r
            f[i + 1] = g
            f[i + 2] = b
        self.hw.leds.show(f)

    def _dot(self, led):
        # One LED lit (-1: none): the one lit before goes dark.
        f = self.frame
        if self._lit >= 0:
            f[3 * self._lit] = f[3 * self._lit + 1] = f[3 * self._lit + 2] = 0
        self._lit = led
        if led >= 0:
            f[3 * led] = f[3 * led + 1] = f[3 * led + 2] = LEVEL
        self.hw.leds.show(f)

    def _count(self):
        n = 0
        for b in range(B.COUNT):
            n += (self._pressed >> b) & 1
        return n

    def _missing(self):
        return " ".join([B.NAMES[b] for b in range(B.COUNT) if not self._pressed >> b & 1])


def _hex(uid):
    return "".join(["%02x" % x for x in uid])
