"""Time the whole path the table runs for a frame, for every scene, against the issue's goal.

    python -m tools.bench.frame [--reps N] [--cycles N]

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
  presenter, 14 rings), each one at another cell near the north-east corner (where a
  hole's flash may be: Domino Golf's lands on the hole), so every ring is worked out
  again (the figure of a game's burst);
* hole-in-one, centre: the same at the course's centre, where 18 Holes flashes its
  hole-in-one (and the cell beside it, in turn): rings up to 42 cells, about twice a
  corner's.

Timing: ``tools.bench.common.TIMER`` (CPU time in CPython; in WebAssembly batches of at
least 100 ms on its whole-millisecond clock, minimum and median printed): the mean frame
of a batch. A batch hides the worst frame, and a burst's frames differ (a ring found,
the rings painted, nothing painted), so every frame of each scene's animation is also
timed on its own (``common.fine_clock``: CPU time in CPython, Node's ``performance.now()``
in WebAssembly), ``--cycles`` turns of the animation over, and the frame whose minimum
is highest is printed beside the batch's figure; the bursts are printed frame by frame.
Also printed: bytes allocated per frame inside MicroPython (``heapmeter.allocated``, 60
frames, the collector off; the goal is 0). The verdict is the issue's goal, for the
worst frame: every frame at most 25 % of the LED wire time (384 x 30 us = 11.5 ms), by
the RP2040 ESTIMATE (WebAssembly time x 21 to 53, not a measurement), i.e. at most about
0.054 ms in WebAssembly.
"""

import sys

from tools.bench import common

SCENES = ("quiet turn", "preview", "ball in flight", "hole-in-one", "hole-in-one, 700 ms",
          "hole-in-one, centre", "play nine turn")
PER_FRAME = ("hole-in-one", "hole-in-one, 700 ms", "hole-in-one, centre")  # frame by frame
CYCLES = 100   # turns of each animation timed frame by frame, by default
FRAME_MS = 33  # the loop's frame (app/loop.FRAME_MS): the simulated clock's step

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
    elif kind == "hole-in-one, 700 ms" or kind == "hole-in-one, centre":
        # Two cells in turn, so that no ring is kept between bursts: near a corner, or the
        # course's centre (18 Holes flashes there) and the cell beside it.
        crs = loop.renderer.course
        centre = (crs.height // 2) * crs.width + crs.width // 2  # (renderer: flash_cell -1)
        holes = (2 * w + 23, 2 * w + 22) if kind == "hole-in-one, 700 ms" else (
            centre, centre - 1)

        def again(n):
            v.start_flash(V.FLASH_HOLE_IN_ONE, 0, holes[n % 2], clock.ticks_ms() + 700)
        again(0)
        span = 700
    return loop, span, again


def frames_of(kind):
    # (work, one, loop, each): work(n) runs n frames of the scene, the clock held inside
    # its animation; one() a frame; each(cycles) times every frame of that many turns of
    # the animation one by one (see each_frame).
    loop, span, again = scene(kind)
    clock = loop.hw.clock
    start = clock.ticks_ms()
    step = loop.step
    bursts = [0]
    at = [0]  # the next frame's place in the animation (0: its first frame)

    def one():
        step()
        at[0] += 1
        if clock.ticks_diff(clock.now, start) >= span:
            clock.now = start
            at[0] = 0
            if again is not None:
                bursts[0] += 1
                again(bursts[0])

    def work(n):
        for _ in range(n):
            one()

    def each(cycles):
        return each_frame(one, at, cycles)
    work(200)  # warm up: the field comes on, Node's WebAssembly compiler optimises hot code
    return work, one, loop, each


def each_frame(one, at, cycles):
    # Every frame of the animation timed on its own, ``cycles`` times over (a burst's frames
    # differ: a ring found, the rings painted, nothing painted): [(min us, median us)] by
    # the frame's place in the animation, and the clock's method. The average over a batch
    # hides the worst frame, and the goal is every frame's.
    read, overhead, how = fine_clock()
    while at[0]:
        one()
    times = []
    for _ in range(cycles):
        i = 0
        while True:
            t = read()
            one()
            took = read() - t - overhead
            if i == len(times):
                times.append([])
            times[i].append(took)
            i += 1
            if not at[0]:
                break
    out = []
    for ts in times:
        ts.sort()
        out.append((ts[0], ts[len(ts) // 2]))
    return out, "%s, each frame alone, min and median of %d turns of the animation" % (
        how, cycles)


def bench(kinds, reps, batch_ms, allocated=None, cycles=0):
    # Rows of (scene, min us, median us, B/frame, method, per frame, its method): per frame
    # as each_frame gives it, for ``cycles`` turns (0: not timed frame by frame).
    out = []
    for kind in kinds:
        work, one, loop, each = frames_of(kind)
        lo, mid, how = measure(work, reps, batch_ms)
        got = allocated(one, 60) if allocated is not None else -1
        per, per_how = each(cycles) if cycles else ([], "")
        out.append((kind, lo, mid, got, how, per, per_how))
    return out
"""


def cpython_rows(reps, cycles=0):
    """Rows measured in this CPython (allocations: not measured, -1)."""
    return common.cpython_bench(_SETUP)(SCENES, reps, common.BATCH_MS, cycles=cycles)


def micropython_rows(reps, cycles=0):
    """Rows measured inside the MicroPython WebAssembly port."""
    code = (_SETUP + "from heapmeter import allocated\n"
            "for row in bench(%r, %d, %d, allocated, %d):\n"
            "    print('ROW|%%s|%%f|%%f|%%d|%%s|%%s|%%s' %% (row[:5] + (' '.join("
            "'%%.1f/%%.1f' %% f for f in row[5]), row[6])))\n"
            % (SCENES, reps, common.BATCH_MS, cycles))
    rows = []
    for f in common.micropython_rows(code):
        per = [tuple(float(x) for x in p.split("/")) for p in f[5].split()]
        rows.append((f[0], float(f[1]), float(f[2]), int(f[3]), f[4], per, f[6]))
    return rows


def worst(per):
    """(frame, min us, median us) of the frame whose minimum is highest, from
    ``each_frame``'s list."""
    at = max(range(len(per)), key=lambda i: per[i][0])
    return at, per[at][0], per[at][1]


def main():
    args = common.options(__doc__, cycles=(CYCLES, "turns of each animation timed frame by "
                                                   "frame"))
    mp = micropython_rows(args.reps, args.cycles)
    cp = cpython_rows(args.reps, args.cycles)
    lo, hi = common.RP2040_SLOWDOWN
    wire_us = common.LEDS * common.WIRE_US_PER_LED
    goal = common.FRAME_GOAL_US
    print("A whole frame of the table (Loop.step: tick, polls, compose, prompt strip, power "
          "limit, show_ready), %d LEDs" % common.LEDS)
    print("goal: every frame at most 25%% of the LED wire time (%d x %d us = %.1f ms) = %.2f ms "
          "on an RP2040, i.e. %.1f us in WebAssembly at the %dx slow end"
          % (common.LEDS, common.WIRE_US_PER_LED, wire_us / 1000, goal / 1000, goal / hi, hi))
    print("%-19s %20s %20s %20s %20s %7s %17s %s"
          % ("scene", "MicroPython min/med", "its worst frame", "CPython %d.%d min/med"
             % sys.version_info[:2], "its worst frame", "B/frame", "RP2040 ESTIMATE",
             "meets the goal (worst frame)?"))
    for m, c in zip(mp, cp):
        _, w_lo, w_mid = worst(m[5])
        _, cw_lo, cw_mid = worst(c[5])
        fast, slow = common.rp2040(w_lo)
        print("%-19s %8.0f / %5.0f us %8.0f / %5.0f us %8.1f / %5.1f us %8.1f / %5.1f us %7d "
              "%6.1f - %5.1f ms   %s"
              % (m[0], m[1], m[2], w_lo, w_mid, c[1], c[2], cw_lo, cw_mid, m[3], fast / 1000,
                 slow / 1000, common.fits(fast, slow, goal)))
    for m, c in zip(mp, cp):
        if m[0] not in PER_FRAME:
            continue
        print()
        print("%s, frame by frame (t: ms into the animation; min / median us):" % m[0])
        print("%5s %6s %17s %17s" % ("frame", "t", "MicroPython", "CPython"))
        for i, ((a, b), (ca, cb)) in enumerate(zip(m[5], c[5])):
            print("%5d %6d %7.1f / %5.1f %7.1f / %5.1f%s"
                  % (i, i * FRAME_MS, a, b, ca, cb, "   <- worst" if i == worst(m[5])[0] else ""))
    print()
    print("timing, MicroPython: %s; worst frame: %s" % (mp[0][4], mp[0][6]))
    print("timing, CPython: %s; worst frame: %s" % (cp[0][4], cp[0][6]))
    print("min/med = per frame over a batch (the mean of a batch's frames); its worst frame = "
          "the frame of the animation whose own minimum is highest.")
    print("B/frame = bytes allocated per frame inside MicroPython (60 frames, collector off).")
    print("RP2040 ESTIMATE = the worst frame's MicroPython minimum x %d-%d, not a measurement. "
          "The simulated LEDs copy the frame once more than a board's (SimLeds keeps it), so it "
          "leans high." % (lo, hi))


if __name__ == "__main__":
    main()
