"""Time whole frames of the main loop (``Loop.step``): does a frame fit on the board?

    python -m tools.bench.loop_step

Runs the table on simulated hardware (``tests/firmware/table_kit.sim_app``: the default
Pico profile, cards learned, a game under way on the championship course) under
MicroPython (WebAssembly, via ``teebox_host.micropython``) and under CPython, for five kinds of frame:

* idle: in a game, waiting for a club card, nothing pressed;
* ball flight: a ball flying six hexes (the clock is held inside the flight so every
  frame animates it);
* display update: the turn prompt changes three lines every frame, drawn by the real
  SSD1306 driver on an I2C bus that counts the bytes and drops them (the driver sends at
  most a page a frame: ``hal/display.py`` STEP_BYTES);
* RFID + link: the real MFRC522 driver polling the fake chip
  (``tests/firmware/fake_mfrc522.py``) with no card, then with a card held, and the
  USB link server polling an idle line (``tests/firmware/fake_line.py``).

Each figure is the minimum of the shared timer's batches (``tools.bench.common.TIMER``,
``--reps N`` batches; the WebAssembly port's clock ticks in milliseconds).
Next to it: the bytes the frame put on the I2C or SPI bus and their time on the wire,
the LEDs' time on the wire (384 x 30 us, interrupts off: ``neopixel.write`` blocks), and
an ESTIMATE for an RP2040 (the MicroPython time x21..x53, not measured here), and
whether Python + buses + LED wire fit one frame (``app/loop.py`` FRAME_MS).
The fake chip's own Python work is inside the RFID rows (on the board the chip does it);
``python -m tools.bench.rfid_poll`` separates the driver's share.
"""

import sys

from tools.bench import common
from tools.bench.common import LEDS as COUNT, RP2040_SLOWDOWN, WIRE_US_PER_LED

WARM = 300  # frames run before the figures
I2C_US_PER_BYTE = 9 * 1000000 / 400000  # 8 bits + ACK at 400 kHz
SPI_US_PER_BYTE = 8 * 1000000 / 1000000  # the readers' 1 MHz SPI clock (hal/rfid.py)

# Runs in both interpreters. bench() returns rows of (label, us per frame, I2C bytes per
# frame, SPI bytes per frame).
_SETUP = """
import fake_mfrc522 as fk
import table_kit as K
from fake_line import Wire
from fake_ssd1306 import framebuf
from teebox.app import renderer
from teebox.app.link_server import LinkServer
from teebox.app.loop import FRAME_MS
from teebox.hal import display as D
from teebox.hal import rfid


class CountingI2C:
    # An I2C bus that counts the bytes the OLED driver sends (address bytes too).
    def __init__(self):
        self.bytes = 0

    def writeto(self, address, buf):
        self.bytes += 1 + len(buf)


def game():
    # A 2-player game on the championship course, waiting for the first club.
    loop = K.started_app(3)
    loop.hw.leds.check_totals = False  # the simulator's check of the LED total: not on the board
    return loop


def timed(step, counter=None):
    # (min us, median us, counter() growth a frame, method) after WARM frames to warm up:
    # the field comes on, a card is read, Node's WebAssembly compiler optimises hot code.
    for _ in range(WARM):
        step()
    c0 = counter() if counter is not None else 0
    for _ in range(WARM):
        step()
    grew = (counter() - c0) / WARM if counter is not None else 0

    def work(n):
        for _ in range(n):
            step()
    lo, mid, how = measure(work, REPS, BATCH_MS)
    return lo, mid, grew, how


def idle():
    return timed(game().step)


def flight():
    # A 3-wood's six-hex flight from the first golfer's tee, started on the view as the
    # table starts one; the clock goes back to take-off before the flight ends, so the
    # table never lands it and every timed frame draws the ball moving.
    loop = game()
    v = loop.table.view
    clock = loop.hw.clock
    w = loop.hw.profile.width
    tee = v.golfer[0]
    path = [tee + 1, tee + 2, tee + 3 - w, tee + 4 - w, tee + 5 - 2 * w, tee + 6 - 2 * w]
    start = clock.ticks_ms()
    v.start_flight(0, path, len(path), start)
    span = (len(path) - 1) * renderer.FLIGHT_STEP_MS

    def step():
        loop.step()
        if clock.ticks_diff(clock.now, start) >= span:
            clock.now = start
    return timed(step)


PROMPTS = ("Hole 1  Rnd 1\\nred: pick a club\\nlay it face down\\nwind NE 1\\nbag 5 left",
           "Hole 1  Rnd 1\\nyellow: pick one\\nface down, then\\nOK to confirm\\nbag 5 left")


def display():
    loop = game()
    bus = CountingI2C()
    oled = D.SSD1306(bus, framebuf=framebuf)
    loop.hw.display = loop.table.display = oled
    k = [0]

    def step():
        k[0] += 1
        oled.message(PROMPTS[k[0] & 1])
        loop.table.display_dirty = True
        loop.step()
    return timed(step, lambda: bus.bytes)


def readers(uid):
    loop = game()
    spi = fk.FakeBus()
    chip = fk.FakeMfrc522(spi, fk.FakePin(17, fk.FakePin.OUT, value=1))
    if uid:
        chip.add(fk.FakeCard(bytes.fromhex(uid)))
    loop.hw.readers = rfid.CardReader(rfid.Mfrc522(spi, chip.cs))
    wire = Wire()
    loop.link = LinkServer(wire.port, wire.port, loop.hw.store, clock=loop.hw.clock)
    loop.link.start()
    return timed(loop.step, lambda: spi.bytes)


def bench():
    # rows of (label, min us, median us, I2C bytes, SPI bytes a frame, method)
    out = []
    for label, fn in (("idle, in a game", idle), ("ball flight", flight),
                      ("display update", display)):
        lo, mid, i2c, how = fn()
        out.append((label, lo, mid, i2c, 0, how))
    for label, uid in (("RFID (no card) + link", None),
                       ("RFID (card held) + link", "3a7f0c91")):
        lo, mid, spi, how = readers(uid)
        out.append((label, lo, mid, 0, spi, how))
    return out
"""


def _constants(reps):
    return "WARM = %d\nREPS = %d\nBATCH_MS = %d\n" % (WARM, reps, common.BATCH_MS)


def cpython_rows(reps):
    """Rows measured in this CPython."""
    return common.cpython_bench(_constants(reps) + _SETUP)()


def micropython_rows(reps):
    """Rows measured inside the MicroPython WebAssembly port."""
    code = (_constants(reps) + _SETUP + "for row in bench():\n"
            "    print('ROW|%s|%f|%f|%f|%f|%s' % row)\n")
    return [(f[0], float(f[1]), float(f[2]), float(f[3]), float(f[4]), f[5])
            for f in common.micropython_rows(code)]


def main():
    from teebox.app.loop import FRAME_MS
    args = common.options(__doc__)
    mp = micropython_rows(args.reps)
    cp = cpython_rows(args.reps)
    lo, hi = RP2040_SLOWDOWN
    leds_us = COUNT * WIRE_US_PER_LED
    budget_us = FRAME_MS * 1000
    print("Loop.step, one frame of the table on simulated hardware")
    print("LED wire time: %d x %d us = %.1f ms a frame, interrupts off; frame budget %d ms"
          % (COUNT, WIRE_US_PER_LED, leds_us / 1000, FRAME_MS))
    print("%-24s %11s %11s %10s %16s %21s %s"
          % ("frame", "MicroPython", "CPython %d.%d" % sys.version_info[:2], "bus",
             "RP2040 ESTIMATE", "+ LEDs = frame", "fits %d ms?" % FRAME_MS))
    for (label, mp_us, _, i2c, spi, _), (_, cp_us, _, _, _, _) in zip(mp, cp):
        bus_us = i2c * I2C_US_PER_BYTE + spi * SPI_US_PER_BYTE
        bus = ("%3.0f B I2C" % i2c) if i2c else (("%3.0f B SPI" % spi) if spi else "-")
        est_lo, est_hi = common.rp2040(mp_us)
        est_lo += bus_us
        est_hi += bus_us
        verdict = common.fits(est_lo + leds_us, est_hi + leds_us, budget_us)
        print("%-24s %8.0f us %8.0f us %10s %6.1f - %5.1f ms %7.1f - %5.1f ms   %s"
              % (label, mp_us, cp_us, bus, est_lo / 1000, est_hi / 1000,
                 (est_lo + leds_us) / 1000, (est_hi + leds_us) / 1000, verdict))
    print("Python times are the minimum of the shared timer's batches; MicroPython: %s; "
          "CPython: %s" % (mp[0][5], cp[0][5]))
    print()
    print("bus = bytes a frame on the OLED's I2C (%.1f us a byte at 400 kHz) or the readers'"
          " SPI (%.0f us a byte at 1 MHz); their wire time is in the estimate."
          % (I2C_US_PER_BYTE, SPI_US_PER_BYTE))
    print("RP2040 ESTIMATE = MicroPython (WebAssembly) time x %d-%d + bus wire time; it is an"
          " ESTIMATE, not a measurement: time Loop.step with time.ticks_us on the board to"
          " know." % (lo, hi))
    print("The Python time includes the simulated parts (SimLeds' extra frame copy, the fake"
          " MFRC522's own work), so the RP2040 figures lean high.")


if __name__ == "__main__":
    main()
