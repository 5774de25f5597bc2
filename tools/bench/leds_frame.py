"""Time the LED pipeline for one 384-LED frame: gamma, power limit, GRB order.

Three paths: ``show`` does gamma, cap and colour order per byte; ``show_ready``
takes a frame the renderer drew with prepared colours, adds up its bytes for
the power limit (``sum()``) and copies it; ``show_ready + total`` is given
that sum by the renderer, which keeps track of it (``app/renderer.py``
``total``), so only the limit check and the copy are left: what the table runs.

    python -m tools.bench.leds_frame [--reps N]

Runs ``SimLeds.show`` (the same pipeline the real backends run, minus the
write to the wire) under MicroPython (WebAssembly, via ``teebox_host.micropython``) and
under CPython, for a course-like frame the limiter leaves alone and an
all-white frame it has to dim. Prints microseconds per frame (the shared timer's
minimum and median, ``tools.bench.common.TIMER``) next to the time the LEDs need
on the wire, and an ESTIMATE for an RP2040, which is not measured here.
"""

import sys

from tools.bench import common
from tools.bench.common import LEDS as COUNT, RP2040_SLOWDOWN, WIRE_US_PER_LED

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

def bench(count, reps, batch_ms):
    # rows of (label, min us, median us, mA, timing method), by common.TIMER's measure()
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
            def work(n):
                for _ in range(n):
                    fn(shown, total)
            work(100)  # warm up: Node's WebAssembly compiler optimises code that has run
            lo, mid, how = measure(work, reps, batch_ms)
            out.append((name, lo, mid, leds.last_ma, how))
    return out
"""


def cpython_figures(reps):
    """[(label, min us, median us, mA, method)] measured in this CPython."""
    return common.cpython_bench(_SETUP)(COUNT, reps, common.BATCH_MS)


def micropython_figures(reps):
    """[(label, min us, median us, mA, method)] measured inside the MicroPython port."""
    code = (_SETUP + "for row in bench(%d, %d, %d):\n"
            "    print('ROW|%%s|%%f|%%f|%%d|%%s' %% row)\n" % (COUNT, reps, common.BATCH_MS))
    return [(label, float(lo), float(mid), int(ma), how)
            for label, lo, mid, ma, how in common.micropython_rows(code)]


def main():
    args = common.options(__doc__)
    wire_us = COUNT * WIRE_US_PER_LED
    mp = micropython_figures(args.reps)
    cp = cpython_figures(args.reps)
    lo, hi = RP2040_SLOWDOWN
    print("LED pipeline for %d LEDs (gamma + brightness cap + power limit + GRB order)"
          % COUNT)
    print("data on the wire: %d x %d us = %.1f ms per frame (fixed by the WS2812B protocol)"
          % (COUNT, WIRE_US_PER_LED, wire_us / 1000))
    print("%-46s %19s %19s %21s %9s" % ("frame", "MicroPython min/med", "CPython %d.%d min/med"
                                        % sys.version_info[:2],
                                        "RP2040 ESTIMATE", "current"))
    for (label, mp_lo, mp_mid, ma, _), (_, cp_lo, cp_mid, _, _) in zip(mp, cp):
        fast, slow = common.rp2040(mp_lo)
        print("%-46s %8.0f / %5.0f us %8.1f / %5.1f us %7.1f - %5.1f ms %6d mA"
              % (label, mp_lo, mp_mid, cp_lo, cp_mid, fast / 1000, slow / 1000, ma))
    print("timing, MicroPython (first row; n varies by row): %s" % mp[0][4])
    print("timing, CPython: %s" % cp[0][4])
    print("RP2040 ESTIMATE = the MicroPython minimum x %d-%d, not a measurement." % (lo, hi))
    print("The whole frame the table runs (compose, prompt strip, show_ready): "
          "python -m tools.bench.frame")


if __name__ == "__main__":
    main()
