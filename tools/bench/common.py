"""Shared plumbing for the benchmarks: the one timer they all use, the RP2040 estimate,
MicroPython runs and the command line.

The machine that runs them is shared and noisy, so a figure is never one reading:
:data:`TIMER` (source that runs in CPython and inside MicroPython alike) times batches
of the work, each batch long enough for the clock, many times over, and gives the
minimum and the median per item together with the method it used:

* CPython: CPU time (``time.process_time_ns``), so other processes count less;
* MicroPython (WebAssembly): the port has no CPU clock and its ``ticks_ms`` ticks in
  whole milliseconds, so each batch lasts at least ``BATCH_MS`` (100 ms: a tick is at
  most 1 % of it) and the minimum over the batches is the figure to trust.
"""

import argparse
import sys
from pathlib import Path

BATCH_MS = 100          # shortest batch on the clock
REPS = 7                # batches by default; --reps for more
RP2040_SLOWDOWN = (21, 53)  # an RP2040 at 125 MHz vs. this machine's WebAssembly run (estimate)
WIRE_US_PER_LED = 30        # 24 bits at 800 kHz
LEDS = 384                  # the 24 x 16 table
# The frame goal: the Python side of a frame at most 25 % of the LED wire time.
FRAME_GOAL_US = LEDS * WIRE_US_PER_LED // 4

# Runs in both interpreters (exec'd here, prepended to MicroPython code).
TIMER = '''
import time


def _clock():
    # (reading in ns, method) - CPU time where the runtime has it, else the ms tick.
    if hasattr(time, "process_time_ns"):
        return time.process_time_ns, lambda a, b: b - a, "CPU time (time.process_time_ns)"
    return ((lambda: time.ticks_ms() * 1000000), lambda a, b: time.ticks_diff(b // 1000000,
            a // 1000000) * 1000000, "wall clock in whole ms (time.ticks_ms)")


def measure(work, reps, batch_ms, least=1):
    """Time ``work(n)`` (the measured thing done n times): (min us, median us an item,
    method). n grows from ``least`` until one batch lasts ``batch_ms``; then ``reps``
    batches of n are timed, and if one reads shorter than ``batch_ms`` (the calibration
    met a pause of the machine) n doubles and the batches start again."""
    now, diff, how = _clock()
    n = least
    while True:
        t = now()
        work(n)
        took = diff(t, now())
        if took >= batch_ms * 1000000:
            break
        n = n * 2 if took < batch_ms * 250000 else n * 3 // 2 + 1
    per = []
    while len(per) < reps:
        t = now()
        work(n)
        took = diff(t, now())
        if took < batch_ms * 1000000:
            n *= 2
            per = []
        else:
            per.append(took / n / 1000)
    per.sort()
    return per[0], per[len(per) // 2], "%s, min and median of %d batches of %d, each >= %d ms" % (
        how, reps, n, batch_ms)


def fine_clock():
    """(read, overhead, method) for timing one short piece of work at a time (one frame):
    ``read()`` in us, ``overhead`` what two readings back to back differ by at least
    (taken off each reading). CPU time where the runtime has it; in MicroPython's
    WebAssembly port Node's ``performance.now()`` (``import js``: wall time with a
    resolution well under 1 us, where ``ticks_ms`` ticks in whole ms and ``ticks_us``
    with it). The reading allocates there (a float): time frames apart from the
    allocation count."""
    if hasattr(time, "process_time_ns"):
        ns = time.process_time_ns

        def read():
            return ns() / 1000
        how = "CPU time (time.process_time_ns)"
    else:
        import js
        ms = js.performance.now

        def read():
            return ms() * 1000
        how = "wall clock (Node's performance.now())"
    least = 10 ** 9
    for _ in range(200):
        t = read()
        least = min(least, read() - t)
    return read, least, how
'''


def cpython_measure():
    """:data:`TIMER`'s ``measure`` in this CPython."""
    scope = {}
    exec(TIMER, scope)
    return scope["measure"]


def cpython_bench(setup):
    """The ``bench`` function that ``setup`` (a benchmark's two-interpreter source)
    defines, run in this CPython with :data:`TIMER`'s functions and the firmware test helpers
    (``tests/firmware``) importable."""
    root = str(Path(__file__).resolve().parents[2] / "tests" / "firmware")
    if root not in sys.path:
        sys.path.insert(0, root)
    scope = {}
    exec(TIMER, scope)  # measure, fine_clock
    exec(setup, scope)
    return scope["bench"]


def micropython_rows(code):
    """Run ``code`` inside MicroPython (with :data:`TIMER` defined first) and return the
    fields of every ``ROW|a|b|...`` line.

    Benchmarks print their figures on such lines; a failed run ends the benchmark
    with MicroPython's traceback.
    """
    from teebox_host import micropython as mpy
    res = mpy.run(code=TIMER + code)
    if res.returncode != 0:
        raise SystemExit("MicroPython run failed:\n" + res.stderr)
    return [line.split("|")[1:] for line in res.stdout.splitlines() if line.startswith("ROW|")]


def rev_option(default="main"):
    """Take ``--rev REV`` (the revision an A/B benchmark compares with) off the command
    line, before :func:`options` (whose options are whole numbers only); ``default``
    without it."""
    if "--rev" not in sys.argv:
        return default
    at = sys.argv.index("--rev")
    rev = sys.argv[at + 1]
    del sys.argv[at:at + 2]
    return rev


def options(doc, **extra):
    """Parse the command line of a benchmark: ``--reps N`` (batches a figure, default
    :data:`REPS`) and ``extra`` integer options (name=(default, help)). Bad input ends
    with argparse's message, not a traceback."""
    parser = argparse.ArgumentParser(description=doc.strip().splitlines()[0])
    parser.add_argument("--reps", type=_positive, default=REPS,
                        help="batches timed for each figure (default %d)" % REPS)
    for name, (default, text) in extra.items():
        parser.add_argument("--" + name.replace("_", "-"), type=_positive, default=default,
                            help="%s (default %d)" % (text, default))
    return parser.parse_args()


def _positive(text):
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError("a whole number of at least 1, not %r" % text)
    return int(text)


def rp2040(us):
    """The RP2040 ESTIMATE for ``us`` of WebAssembly time: (fast end, slow end), in us."""
    return us * RP2040_SLOWDOWN[0], us * RP2040_SLOWDOWN[1]


def fits(fast_us, slow_us, budget_us):
    """Whether a figure estimated at ``fast_us`` to ``slow_us`` fits ``budget_us``: "yes",
    "only at the fast end of the estimate" or "no"."""
    if slow_us <= budget_us:
        return "yes"
    if fast_us <= budget_us:
        return "only at the fast end of the estimate"
    return "no (%.0fx over at the slow end)" % (slow_us / budget_us)
