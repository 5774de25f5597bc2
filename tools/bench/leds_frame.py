"""Time the LED pipeline for one 384-LED frame: gamma, power limit, GRB order.

Three paths: ``show`` does gamma, cap and colour order per byte; ``show_ready``
takes a frame the renderer drew with prepared colours, adds up its bytes for
the power limit (``sum()``) and copies it; ``show_ready + total`` is given
that sum by the renderer, which keeps track of it (``app/renderer.py``
``total``), so only the limit check and the copy are left: what the table runs.

    python -m tools.bench.leds_frame

Runs ``SimLeds.show`` (the same pipeline the real backends run, minus the
write to the wire) under MicroPython (WebAssembly, via ``teebox_host.micropython``) and
under CPython, for a course-like frame the limiter leaves alone and an
all-white frame it has to dim. Prints microseconds per frame next to the time
the LEDs need on the wire, and an ESTIMATE for an RP2040, which is not
measured here.
"""

import sys
import time

from tools.bench.common import micropython_rows

COUNT = 384
REPEAT = 100
WIRE_US_PER_LED = 30        # 24 bits at 800 kHz
RP2040_SLOWDOWN = (20, 50)  # an RP2040 at 125 MHz vs. this machine's WebAssembly run (estimate)
# A cross-check from the other side: MicroPython on an RP2040 runs integer loops very roughly
# 100-200 times slower than CPython on a laptop (a rule of thumb, also not measured here).
RP2040_VS_CPYTHON = (100, 200)

# Runs in both interpreters: builds the frames and times show() with the given clock.
_SETUP = """
from teebox.hal.leds import SimLeds

def frames(count):
    course = bytearray(3 * count)
    for i in range(count):
        # mostly fairway/rough greens, some water blue and sand, like a course frame
        colour = ((40, 160, 40), (20, 90, 20), (30, 90, 200), (200, 180, 90))[i % 7 % 4]
        course[3 * i] = colour[0]
        course[3 * i + 1] = colour[1]
        course[3 * i + 2] = colour[2]
    white = bytearray(b"\\xff" * (3 * count))
    return (("course frame (not limited)", course), ("all white (limited)", white))

def prepared(leds, frame):
    return bytearray(leds.prepare(bytes(frame)))

def bench(now_us, diff_us, count, repeat):
    leds = SimLeds(count, "GRB", 128, 3500)
    leds.check_totals = False  # time what the board runs, not the simulator's check

    def show(frame, total):
        leds.show(frame)

    out = []
    for label, frame in frames(count):
        ready = prepared(leds, frame)
        for name, fn, shown, total in ((label, show, frame, None),
                                       (label + ", show_ready", leds.show_ready, ready, None),
                                       (label + ", show_ready + total", leds.show_ready, ready,
                                        sum(ready))):
            # warm up: Node's WebAssembly compiler only optimises code that has run a while
            for _ in range(repeat):
                fn(shown, total)
            t0 = now_us()
            for _ in range(repeat):
                fn(shown, total)
            out.append((name, diff_us(now_us(), t0) // repeat, leds.last_ma))
    return out
"""


def cpython_figures():
    """[(label, us per frame, mA)] measured in this CPython."""
    scope = {}
    exec(_SETUP, scope)
    return scope["bench"](lambda: time.perf_counter_ns() // 1000, lambda a, b: a - b,
                          COUNT, REPEAT)


def micropython_figures():
    """[(label, us per frame, mA)] measured inside the MicroPython WebAssembly port."""
    code = (_SETUP + "import time\n"
            "for row in bench(time.ticks_us, time.ticks_diff, %d, %d):\n"
            "    print('ROW|%%s|%%d|%%d' %% row)\n" % (COUNT, REPEAT))
    return [(label, int(us), int(ma)) for label, us, ma in micropython_rows(code)]


def main():
    wire_us = COUNT * WIRE_US_PER_LED
    mp = micropython_figures()
    cp = cpython_figures()
    lo, hi = RP2040_SLOWDOWN
    print("LED pipeline for %d LEDs (gamma + brightness cap + power limit + GRB order),"
          " %d runs each" % (COUNT, REPEAT))
    print("data on the wire: %d x %d us = %.1f ms per frame (fixed by the WS2812B protocol)"
          % (COUNT, WIRE_US_PER_LED, wire_us / 1000))
    print("%-46s %14s %12s %26s %9s" % ("frame", "MicroPython", "CPython %d.%d"
                                         % sys.version_info[:2],
                                         "RP2040 ESTIMATE (%d-%dx)" % (lo, hi), "current"))
    for (label, mp_us, ma), (_, cp_us, _) in zip(mp, cp):
        print("%-46s %11d us %9d us %13.1f - %5.1f ms %6d mA"
              % (label, mp_us, cp_us, mp_us * lo / 1000, mp_us * hi / 1000, ma))
    print("MicroPython figures are the WebAssembly port on this machine; the RP2040 column is "
          "an estimate (%d-%d times slower), not a measurement." % (lo, hi))
    clo, chi = RP2040_VS_CPYTHON
    for label, cp_us, _ in cp:
        print("cross-check, also an estimate: %s at %d-%dx the CPython time = %.1f - %.1f ms"
              % (label, clo, chi, cp_us * clo / 1000, cp_us * chi / 1000))


if __name__ == "__main__":
    main()
