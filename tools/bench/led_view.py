"""Time a look at the LED frame (LED_FRAME, ``app/ledview.py``): what a host watching the
live table costs the board.

    python -m tools.bench.led_view [--reps N]

Runs the table on simulated hardware (``tests/firmware/table_kit.started_app``: a game
under way, one golfer pulsing) under MicroPython (WebAssembly, via
``teebox_host.micropython``) and under CPython, and times ``LedView.reply`` alone (the
link's framing is any request's):

* unchanged: the frame is as the host last saw it;
* in a game: one frame of the table, then a look (the frame's own time taken off);
* whole frame: a RESET, every lit cell sent (when a host starts watching, or lost a
  reply).

Prints microseconds a look (the shared timer's minimum, ``tools.bench.common.TIMER``)
and an ESTIMATE for an RP2040 (x21..x53, not measured here).
"""

import sys

from tools.bench import common

_SETUP = """
import table_kit as K


def bench():
    # rows of (label, min us, median us, timing method)
    loop = K.started_app(3)
    loop.hw.leds.check_totals = False   # the simulator's check: not on the board
    view = loop.led_view()
    view.reply(0)

    def unchanged(n):
        for _ in range(n):
            view.reply(view.id)

    def whole(n):
        for _ in range(n):
            view.reply(0)

    def frames(n):
        for _ in range(n):
            loop.step()

    def frames_and_looks(n):
        for _ in range(n):
            loop.step()
            view.reply(view.id)

    out = []
    for label, work in (("unchanged", unchanged), ("whole frame", whole)):
        lo, mid, how = measure(work, REPS, BATCH_MS)
        out.append((label, lo, mid, how))
    f_lo, f_mid, how = measure(frames, REPS, BATCH_MS)
    lo, mid, how = measure(frames_and_looks, REPS, BATCH_MS)
    out.append(("in a game", max(0.0, lo - f_lo), max(0.0, mid - f_mid), how))
    return out
"""


def _constants(reps):
    return "REPS = %d\nBATCH_MS = %d\n" % (reps, common.BATCH_MS)


def cpython_rows(reps):
    """Rows measured in this CPython."""
    return common.cpython_bench(_constants(reps) + _SETUP)()


def micropython_rows(reps):
    """Rows measured inside the MicroPython WebAssembly port."""
    code = (_constants(reps) + _SETUP
            + "for row in bench():\n    print('ROW|%s|%f|%f|%s' % row)\n")
    return [(f[0], float(f[1]), float(f[2]), f[3]) for f in common.micropython_rows(code)]


def main():
    args = common.options(__doc__)
    mp = micropython_rows(args.reps)
    cp = cpython_rows(args.reps)
    print("LedView.reply: a look at the LED frame (24 x 16 board)")
    print("%-14s %11s %11s %18s" % ("look", "MicroPython",
                                   "CPython %d.%d" % sys.version_info[:2], "RP2040 ESTIMATE"))
    for (label, mp_us, _, _), (_, cp_us, _, _) in zip(mp, cp):
        lo, hi = common.rp2040(mp_us)
        print("%-14s %8.0f us %8.0f us %7.2f - %5.2f ms" % (label, mp_us, cp_us, lo / 1000,
                                                           hi / 1000))
    print("MicroPython: %s; CPython: %s" % (mp[0][3], cp[0][3]))
    print("RP2040 ESTIMATE = MicroPython (WebAssembly) time x %d-%d; an ESTIMATE, not a "
          "measurement." % common.RP2040_SLOWDOWN)


if __name__ == "__main__":
    main()
