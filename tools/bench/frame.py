"""Time the whole path the table runs for a frame, for every scene, against the issue's goal.

    python -m tools.bench.frame [--reps N]

Runs the table on simulated hardware (``tests/firmware/table_kit.sim_app``: the default
Pico profile, 384 LEDs, cards learned, a 2-player game under way on the championship
course, the LED prompt strip on) under MicroPython (WebAssembly, via ``teebox_host.micropython``) and
CPython, and times ``Loop.step``: the table's tick, the button and reader polls, then
``Renderer.compose``, the prompt strip (``PromptLayer.draw``), the power limit and
``show_ready``. Scenes:

* quiet turn: waiting for a club card, nothing moving but the prompt's pulse;
* preview: a six-hex preview path drawn while a player aims;
* ball in flight: a six-hex flight (the clock goes back to take-off before it lands,
  so every timed frame draws the ball moving);
* hole-in-one: the gold burst crossing the whole board, for ever (its rings, worked out
  the first time the burst reaches them, are all kept: the figure of a long burst);
* hole-in-one, 700 ms: the burst as a game shows it (``FLASH_MS`` of the 18 Holes
  presenter, 14 rings), each one at another hole, so every ring is worked out as it is
  first drawn (the figure of a game's burst).

Timing: ``tools.bench.common.TIMER`` (CPU time in CPython; in WebAssembly batches of at
least 100 ms on its whole-millisecond clock, minimum and median printed). Also printed:
bytes allocated per frame inside MicroPython (``heapmeter.allocated``, 60 frames, the
collector off; the goal is 0). The verdict is the issue's goal: the frame at most 25 %
of the LED wire time (384 x 30 us = 11.5 ms), by the RP2040 ESTIMATE (WebAssembly time
x 21 to 53, not a measurement), i.e. at most about 0.054 ms in WebAssembly.
"""

import sys

from tools.bench import common

SCENES = ("quiet turn", "preview", "ball in flight", "hole-in-one", "hole-in-one, 700 ms",
          "play nine turn")

# Runs in both interpreters (after common.TIMER). bench() returns rows of
# (scene, min us, median us, method).
_SETUP = """
import table_kit as K
from teebox.app import renderer
from teebox.app import view as V


def game(name=None):
    # A 2-player game of 18 Holes (the default) waiting for the first club, or of Play
    # Nine waiting for the first player to turn a card.
    loop = K.started_app(3, name)
    loop.hw.leds.check_totals = False  # the simulator's check of the LED total: not on the board
    loop.table.led_prompts = True       # the LED-only prompt strip is drawn too
    return loop


def scene(kind):
    # (loop, span, again): the frame to run and how long its animation lasts (ms), after
    # which the clock goes back to its start so every frame draws the same scene, and
    # again(n) is called (None: nothing to do).
    if kind == "play nine turn":
        return game("play-nine"), 1000, None
    loop = game()
    v = loop.view
    clock = loop.hw.clock
    w = loop.hw.profile.width
    tee = v.golfer[0]
    path = [tee + 1, tee + 2, tee + 3 - w, tee + 4 - w, tee + 5 - 2 * w, tee + 6 - 2 * w]
    span = 1000
    again = None
    if kind == "preview":
        v.set_path(path, bytes((0, 0, 1, 0, 0, 4)), len(path))
    elif kind == "ball in flight":
        v.start_flight(0, path, len(path), clock.ticks_ms())
        span = (len(path) - 1) * renderer.FLIGHT_STEP_MS
    elif kind == "hole-in-one":
        v.start_flash(V.FLASH_HOLE_IN_ONE, 0, 2 * w + 23, clock.ticks_ms() + 100000000)
        span = 2000
    elif kind == "hole-in-one, 700 ms":
        holes = (2 * w + 23, 2 * w + 22)  # two holes in turn: no ring is kept between

        def again(n):
            v.start_flash(V.FLASH_HOLE_IN_ONE, 0, holes[n % 2], clock.ticks_ms() + 700)
        again(0)
        span = 700
    return loop, span, again


def frames_of(kind):
    # work(n): n frames of the scene, the clock held inside its animation.
    loop, span, again = scene(kind)
    clock = loop.hw.clock
    start = clock.ticks_ms()
    step = loop.step
    bursts = [0]

    def one():
        step()
        if clock.ticks_diff(clock.now, start) >= span:
            clock.now = start
            if again is not None:
                bursts[0] += 1
                again(bursts[0])

    def work(n):
        for _ in range(n):
            one()
    work(200)  # warm up: the field comes on, Node's WebAssembly compiler optimises hot code
    return work, one, loop


def bench(kinds, reps, batch_ms, allocated=None):
    out = []
    for kind in kinds:
        work, one, loop = frames_of(kind)
        lo, mid, how = measure(work, reps, batch_ms)
        got = allocated(one, 60) if allocated is not None else -1
        out.append((kind, lo, mid, got, how))
    return out
"""


def cpython_rows(reps):
    """Rows measured in this CPython (allocations: not measured, -1)."""
    return common.cpython_bench(_SETUP)(SCENES, reps, common.BATCH_MS)


def micropython_rows(reps):
    """Rows measured inside the MicroPython WebAssembly port."""
    code = (_SETUP + "from heapmeter import allocated\n"
            "for row in bench(%r, %d, %d, allocated):\n"
            "    print('ROW|%%s|%%f|%%f|%%d|%%s' %% row)\n" % (SCENES, reps, common.BATCH_MS))
    return [(f[0], float(f[1]), float(f[2]), int(f[3]), f[4])
            for f in common.micropython_rows(code)]


def main():
    args = common.options(__doc__)
    mp = micropython_rows(args.reps)
    cp = cpython_rows(args.reps)
    lo, hi = common.RP2040_SLOWDOWN
    wire_us = common.LEDS * common.WIRE_US_PER_LED
    goal = common.FRAME_GOAL_US
    print("A whole frame of the table (Loop.step: tick, polls, compose, prompt strip, power "
          "limit, show_ready), %d LEDs" % common.LEDS)
    print("goal: at most 25%% of the LED wire time (%d x %d us = %.1f ms) = %.2f ms on an "
          "RP2040, i.e. %.1f us in WebAssembly at the %dx slow end"
          % (common.LEDS, common.WIRE_US_PER_LED, wire_us / 1000, goal / 1000, goal / hi, hi))
    print("%-19s %21s %21s %9s %20s %s" % ("scene", "MicroPython min/med",
                                          "CPython %d.%d min/med" % sys.version_info[:2],
                                          "B/frame", "RP2040 ESTIMATE", "meets the goal?"))
    for (kind, mp_lo, mp_mid, alloc, _), (_, cp_lo, cp_mid, _, _) in zip(mp, cp):
        fast, slow = common.rp2040(mp_lo)
        print("%-19s %9.0f / %6.0f us %9.0f / %6.0f us %9d %7.1f - %6.1f ms   %s"
              % (kind, mp_lo, mp_mid, cp_lo, cp_mid, alloc, fast / 1000, slow / 1000,
                 common.fits(fast, slow, goal)))
    print("timing, MicroPython: %s" % mp[0][4])
    print("timing, CPython: %s" % cp[0][4])
    print("B/frame = bytes allocated per frame inside MicroPython (60 frames, collector off).")
    print("RP2040 ESTIMATE = the MicroPython minimum x %d-%d, not a measurement. The simulated "
          "LEDs copy the frame once more than a board's (SimLeds keeps it), so it leans high."
          % (lo, hi))


if __name__ == "__main__":
    main()
