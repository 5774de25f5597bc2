"""Time the table's whole frame of another revision beside this checkout's, in one process.

    python -m tools.bench.frame_ab [--rev REV] [--reps N] [--cycles N]

``compose_ab`` compares the renderers alone; this compares the frame benchmark's whole
path (``Loop.step``: tick, polls, compose, prompt strip, power limit, ``show_ready``), so
a change outside ``renderer.py`` shows too. REV (default ``main``) gives its firmware
and firmware test helpers through ``git archive``; inside one MicroPython process its
modules are imported first and every scene of ``tools.bench.frame`` is built on them,
then those modules are let go (the tables built keep theirs) and this checkout's are
imported and built alike. Rounds follow: for each scene, a batch of frames of REV's
table, then the same number of this checkout's, each batch at least 100 ms on the
whole-millisecond clock; each figure is the minimum over REPS rounds, per frame (the mean
of a batch's frames). Then the worst frame: every frame of each scene's animation timed
alone (``frame.each_frame``), the sides taking turns, CYCLES turns of the animation each;
the figure is the frame whose minimum is highest. Both sides feel the same load, so
their ratio holds where the figures do not.
"""

import subprocess
import tarfile
import tempfile
from pathlib import Path

from teebox_host import micropython as mpy
from tools.bench import common, frame

ROOT = Path(__file__).resolve().parents[2]
ROUNDS = 10  # for the worst frame, the sides take turns this often

CODE = """
import sys
import time
KEEP = set(sys.modules)


def side(paths):
    # Every scene's table built on the firmware found on ``paths``: {scene: one frame}.
    for name in list(sys.modules):
        if name not in KEEP:
            del sys.modules[name]
    sys.path[:] = list(paths) + ["/tools"]
    scope = {}
    exec(TIMER, scope)
    exec(SETUP, scope)
    return dict((kind, scope["frames_of"](kind)) for kind in SCENES)


old = side(("/ab/fw", "/ab/tests"))
new = side(("/fw", "/tests"))


def batch(work, n):
    t = time.ticks_ms()
    work(n)
    return time.ticks_diff(time.ticks_ms(), t)


def worst(sides):
    # The worst frame of each side (its frame of the animation whose minimum is highest),
    # each frame timed alone, the sides in turn a few turns of the animation at a time.
    lows = [None, None]
    for _ in range(ROUNDS):
        for i in range(2):
            per = sides[i][3](CYCLES // ROUNDS)[0]
            lows[i] = [p[0] for p in per] if lows[i] is None else [
                min(a, p[0]) for a, p in zip(lows[i], per)]
    return max(lows[0]), max(lows[1])


for kind in SCENES:
    work = (old[kind][0], new[kind][0])
    n = 16
    while batch(work[0], n) < %d:
        n *= 2
    best = [10 ** 9, 10 ** 9]
    for _ in range(%d):
        best[0] = min(best[0], batch(work[0], n))
        best[1] = min(best[1], batch(work[1], n))
    w = worst((old[kind], new[kind]))
    print("AB|%%s|%%f|%%f|%%f|%%f" %% (kind, best[0] * 1000 / n, best[1] * 1000 / n, w[0], w[1]))
"""


def main():
    rev = common.rev_option()
    args = common.options(__doc__, cycles=(frame.CYCLES, "turns of each animation timed "
                                                         "frame by frame, each side"))
    with tempfile.TemporaryDirectory() as tmp:
        archive = Path(tmp, "rev.tar")
        subprocess.run(["git", "archive", "-o", str(archive), rev, "firmware/teebox",
                        "tests/firmware"], cwd=ROOT, check=True)
        with tarfile.open(archive) as tar:
            tar.extractall(tmp)
        code = ("TIMER = %r\nSETUP = %r\nSCENES = %r\nCYCLES = %d\nROUNDS = %d\n"
                % (common.TIMER, frame._SETUP, frame.SCENES, args.cycles, ROUNDS)
                + CODE % (common.BATCH_MS, args.reps))
        res = mpy.run(code=code, mounts=mpy.DEFAULT_MOUNTS + (
            (Path(tmp, "firmware"), "/ab/fw"), (Path(tmp, "tests", "firmware"), "/ab/tests")))
    if res.returncode != 0:
        raise SystemExit("MicroPython run failed:\n" + res.stderr)
    print("Loop.step (the whole frame), %s against this checkout, in turn in one MicroPython "
          "%s (WebAssembly) process; mean frame: min of %d rounds, each side a batch of >= "
          "%d ms; worst frame: each frame alone (Node's performance.now()), min of %d turns of "
          "the animation, the frame whose minimum is highest"
          % (rev, mpy.runtime_version(), args.reps, common.BATCH_MS,
             args.cycles // ROUNDS * ROUNDS))
    print("%-19s %12s %12s %7s   %12s %12s %7s" % ("scene", rev, "this", "ratio", "worst, " + rev,
                                                   "worst, this", "ratio"))
    for line in res.stdout.splitlines():
        if line.startswith("AB|"):
            kind, a, b, wa, wb = line.split("|")[1:]
            print("%-19s %9.1f us %9.1f us %6.2fx   %9.1f us %9.1f us %6.2fx"
                  % (kind, float(a), float(b), float(b) / float(a), float(wa), float(wb),
                     float(wb) / float(wa)))


if __name__ == "__main__":
    main()
