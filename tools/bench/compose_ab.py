"""Time ``Renderer.compose`` of another revision beside this checkout's, in one process.

    python -m tools.bench.compose_ab [--rev REV] [--reps N]

The frame benchmark's WebAssembly figures move with the machine's load (2x between
runs an hour apart on the shared machine); two renderers timed in turn inside the same
MicroPython process, batch after batch, feel the same load, so their ratio holds where
the figures do not. REV (default ``main``) gives ``firmware/teebox/app/renderer.py``
through ``git show``; both draw the same scenes of the championship course on the
default 384-LED board (two golfers, the active one pulsing): quiet, a six-hex preview,
Chaos Golf's tokens on every green, and the hole-in-one burst near the board's edge:
for ever ("burst", its rings kept after the first pass) and as a game shows it
("burst 700": 700 ms, then again at another hole, every ring worked out as first drawn).
Each figure is the minimum over REPS rounds of 3,000 frames (at least 100 ms each on
the whole-millisecond clock), per frame.
"""

import subprocess
import tempfile
from pathlib import Path

from teebox_host import micropython as mpy
from tools.bench import common

ROOT = Path(__file__).resolve().parents[2]
FRAMES = 3000

CODE = """
import time
from teebox import profile as P, shipped
from teebox.app import view as V
from teebox.app import renderer as NEW
import ab_renderer as OLD
board = P.load(%r)
crs = shipped.load_builtin("championship")
w = crs.width


def make(mod, scene):
    view = V.View(w * crs.height)
    view.seats = 2
    view.golfer[0] = 9 * w + 10
    view.golfer[1] = 12 * w + 4
    view.active = 0
    if scene == "burst":
        view.start_flash(V.FLASH_HOLE_IN_ONE, 0, 2 * w + 23, 100000000)
    elif scene == "burst 700":
        view.start_flash(V.FLASH_HOLE_IN_ONE, 0, 2 * w + 22, 700)
    elif scene == "tokens":
        for n in range(1, 19):
            par, tq, tr, gq, gr = crs.hole(n)
            view.tokens[gr * w + gq + (gr - (gr & 1)) // 2] = (5, 2, 7)[n %% 3]
    elif scene == "preview":
        view.set_path([11 * w + 4, 10 * w + 5, 9 * w + 5, 8 * w + 6, 7 * w + 6, 7 * w + 7],
                      bytes((0, 1, 0, 0, 0, 4)), 6)
    return mod.Renderer(board, crs, view)


bursts = [0]


def run(r, span):
    t0 = time.ticks_ms()
    v = r.view
    for k in range(%d):
        now = (k * 33) %% span
        if span == 700 and now < 33:  # a new burst at the other hole
            bursts[0] += 1
            v.start_flash(V.FLASH_HOLE_IN_ONE, 0, 2 * w + 22 + bursts[0] %% 2, now + 700)
        r.compose(now)
    return time.ticks_diff(time.ticks_ms(), t0)


SPANS = {"burst": 2000, "burst 700": 700}
for scene in ("quiet", "preview", "tokens", "burst", "burst 700"):
    pair = (make(OLD, scene), make(NEW, scene))
    best = [10 ** 9, 10 ** 9]
    for _ in range(%d):
        for i in range(2):
            best[i] = min(best[i], run(pair[i], SPANS.get(scene, 100000)))
    print("AB|%%s|%%d|%%d" %% (scene, best[0], best[1]))
"""


def main():
    rev = common.rev_option()
    args = common.options(__doc__)
    old = subprocess.run(["git", "show", "%s:firmware/teebox/app/renderer.py" % rev],
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout
    profile = (ROOT / "hardware" / "profiles" / "pico-24x16.json").read_text()
    with tempfile.TemporaryDirectory() as tmp:
        Path(tmp, "ab_renderer.py").write_text(old)
        res = mpy.run(code=CODE % (profile, FRAMES, args.reps),
                      mounts=mpy.DEFAULT_MOUNTS + ((tmp, "/ab"),),
                      paths=mpy.DEFAULT_PATHS + ("/ab",))
    if res.returncode != 0:
        raise SystemExit("MicroPython run failed:\n" + res.stderr)
    print("Renderer.compose, %s against this checkout, in turn in one MicroPython %s "
          "(WebAssembly) process; min of %d rounds of %d frames" % (rev, mpy.runtime_version(),
                                                                  args.reps, FRAMES))
    print("%-10s %12s %12s %8s" % ("scene", rev, "this", "ratio"))
    for line in res.stdout.splitlines():
        if line.startswith("AB|"):
            scene, a, b = line.split("|")[1:]
            a_us = int(a) * 1000 / FRAMES
            b_us = int(b) * 1000 / FRAMES
            print("%-10s %9.1f us %9.1f us %7.2fx" % (scene, a_us, b_us, b_us / a_us))


if __name__ == "__main__":
    main()
