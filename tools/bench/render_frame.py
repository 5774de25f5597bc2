"""Time ``Renderer.compose`` for the 384-LED table: what one frame of drawing costs.

    python -m tools.bench.render_frame

Runs the renderer under MicroPython (WebAssembly, via ``teebox_host.micropython``) and under
CPython on the championship course with the default profile, for three kinds
of frame:

* in-game: the terrain copy, five golfers (two on one hex, one pulsing) and a
  six-hex preview path, what the table draws while a player aims;
* animation: a ball in flight, a water ripple and Chaos Golf tokens on every
  green, on top of the in-game frame;
* hole-in-one: the gold burst crossing the whole board (the costliest flash).

The WebAssembly port's clock ticks in milliseconds, so each figure times
``FRAMES`` frames. Printed next to it: the time the LEDs need on the wire and
an ESTIMATE for an RP2040 (not measured here), and whether composing fits a
30 fps frame on the Pico by that estimate.
"""

import sys
import time
from pathlib import Path

from tools.bench.common import fits, micropython_rows
from tools.bench.leds_frame import RP2040_SLOWDOWN, WIRE_US_PER_LED

ROOT = Path(__file__).resolve().parents[2]
FRAMES = 500
FPS = 30

# Runs in both interpreters: builds the scenes and times compose() with the given clock.
_SETUP = """
from teebox import profile as P
from teebox.core import course as C
from teebox.app import view as V
from teebox.app.renderer import Renderer
from teebox import shipped

def scene(board, crs, kind):
    w = crs.width
    view = V.View(w * crs.height)
    r = Renderer(board, crs, view)
    view.seats = 5
    for s, cell in enumerate((9 * w + 10, 9 * w + 10, 12 * w + 4, 8 * w + 13, 5 * w + 20)):
        view.golfer[s] = cell
    view.active = 2
    view.set_path([11 * w + 4, 10 * w + 5, 9 * w + 5, 8 * w + 6, 7 * w + 6, 6 * w + 7],
                  bytes((0, 0, 1, 0, 0, 4)), 6)
    if kind == "animation":
        view.clear_path()
        view.start_flight(3, [8 * w + 14, 8 * w + 15, 8 * w + 16, 7 * w + 16, 6 * w + 17,
                              5 * w + 17], 6, 0)
        view.start_flash(V.FLASH_WATER, 3, 5 * w + 17, 1000000)
        for n in range(1, crs.hole_count + 1):
            par, tq, tr, gq, gr = crs.hole(n)
            view.tokens[gr * w + gq + (gr - (gr & 1)) // 2] = (5, 2, 7)[n % 3]
    elif kind == "hole-in-one":
        view.clear_path()
        view.start_flash(V.FLASH_HOLE_IN_ONE, 0, 2 * w + 23, 1000000)
    return r

def bench(now, diff, ticks_per_ms, profile_text, frames):
    board = P.load(profile_text)
    crs = shipped.load_builtin("championship")
    out = []
    for kind, span in (("in-game", 1000), ("animation", 480), ("hole-in-one", 2000)):
        r = scene(board, crs, kind)
        # times cycle over the animation (the flight lasts 480 ms, the burst 2 s)
        steps = span // 20
        for k in range(frames):  # warm up: Node's WebAssembly compiler optimises hot code
            r.compose(20 * (k % steps))
        t0 = now()
        for k in range(frames):
            r.compose(20 * (k % steps))
        out.append((kind, diff(now(), t0) * 1000 // ticks_per_ms // frames))
    return out
"""


def _profile_text():
    # hardware/profiles is not mounted inside MicroPython: hand the JSON over as text.
    return (ROOT / "hardware" / "profiles" / "pico-24x16.json").read_text()


def cpython_figures():
    """[(frame kind, us per frame)] measured in this CPython."""
    scope = {}
    exec(_SETUP, scope)
    return scope["bench"](time.perf_counter_ns, lambda a, b: a - b, 1000000, _profile_text(),
                          FRAMES)


def micropython_figures():
    """[(frame kind, us per frame)] measured inside the MicroPython WebAssembly port."""
    code = (_SETUP + "import time\n"
            "for row in bench(time.ticks_ms, time.ticks_diff, 1, %r, %d):\n"
            "    print('ROW|%%s|%%d' %% row)\n" % (_profile_text(), FRAMES))
    rows = [(kind, int(us)) for kind, us in micropython_rows(code)]
    return rows


def main():
    leds = 384
    wire_us = leds * WIRE_US_PER_LED
    budget_us = 1000000 // FPS
    lo, hi = RP2040_SLOWDOWN
    mp = micropython_figures()
    cp = cpython_figures()
    print("Renderer.compose for %d LEDs (championship course, default profile), %d frames each"
          % (leds, FRAMES))
    print("data on the wire: %d x %d us = %.1f ms per frame (fixed by the WS2812B protocol)"
          % (leds, WIRE_US_PER_LED, wire_us / 1000))
    print("%-14s %14s %14s %26s %s" % ("frame", "MicroPython", "CPython %d.%d"
                                        % sys.version_info[:2],
                                        "RP2040 ESTIMATE (%d-%dx)" % (lo, hi),
                                        "fits %d fps (%.1f ms) with the wire time?"
                                        % (FPS, budget_us / 1000)))
    for (kind, mp_us), (_, cp_us) in zip(mp, cp):
        est_lo = mp_us * lo
        est_hi = mp_us * hi
        verdict = fits(est_lo + wire_us, est_hi + wire_us, budget_us)
        print("%-14s %11d us %11d us %13.1f - %5.1f ms   %s"
              % (kind, mp_us, cp_us, est_lo / 1000, est_hi / 1000, verdict))
    print("MicroPython figures are the WebAssembly port on this machine (its clock ticks in ms, "
          "hence %d frames a figure); the RP2040 column is an estimate (%d-%d times slower), "
          "not a measurement." % (FRAMES, lo, hi))
    print("Included: keeping the frame's byte total for the power limit (Renderer.total). "
          "Not included: sending the frame. The table draws with colours prepared for the "
          "strip and sends with hal/leds show_ready(frame, total) "
          "(python -m tools.bench.leds_frame).")


if __name__ == "__main__":
    main()
