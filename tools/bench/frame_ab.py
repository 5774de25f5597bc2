"""Time the table's whole frame of another revision beside this checkout's, in one process.

    python -m tools.bench.frame_ab [--rev REV] [--reps N]

``compose_ab`` compares the renderers alone; this compares the frame benchmark's whole
path (``Loop.step``: tick, polls, compose, prompt strip, power limit, ``show_ready``), so
a change outside ``renderer.py`` shows too. REV (default ``main``) gives its firmware
and firmware test helpers through ``git archive``; inside one MicroPython process its
modules are imported first and every scene of ``tools.bench.frame`` is built on them,
then those modules are let go (the tables built keep theirs) and this checkout's are
imported and built alike. Rounds follow: for each scene, a batch of frames of REV's
table, then the same number of this checkout's, each batch at least 100 ms on the
whole-millisecond clock; each figure is the minimum over REPS rounds, per frame. Both
sides feel the same load, so their ratio holds where the figures do not.
"""

import subprocess
import tarfile
import tempfile
from pathlib import Path

from teebox_host import micropython as mpy
from tools.bench import common, frame

ROOT = Path(__file__).resolve().parents[2]

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
    exec(SETUP, scope)
    return dict((kind, scope["frames_of"](kind)[0]) for kind in SCENES)


old = side(("/ab/fw", "/ab/tests"))
new = side(("/fw", "/tests"))


def batch(work, n):
    t = time.ticks_ms()
    work(n)
    return time.ticks_diff(time.ticks_ms(), t)


for kind in SCENES:
    n = 16
    while batch(old[kind], n) < %d:
        n *= 2
    best = [10 ** 9, 10 ** 9]
    for _ in range(%d):
        best[0] = min(best[0], batch(old[kind], n))
        best[1] = min(best[1], batch(new[kind], n))
    print("AB|%%s|%%f|%%f" %% (kind, best[0] * 1000 / n, best[1] * 1000 / n))
"""


def main():
    rev = common.rev_option()
    args = common.options(__doc__)
    with tempfile.TemporaryDirectory() as tmp:
        archive = Path(tmp, "rev.tar")
        subprocess.run(["git", "archive", "-o", str(archive), rev, "firmware/teebox",
                        "tests/firmware"], cwd=ROOT, check=True)
        with tarfile.open(archive) as tar:
            tar.extractall(tmp)
        code = ("SETUP = %r\nSCENES = %r\n" % (frame._SETUP, frame.SCENES)
                + CODE % (common.BATCH_MS, args.reps))
        res = mpy.run(code=code, mounts=mpy.DEFAULT_MOUNTS + (
            (Path(tmp, "firmware"), "/ab/fw"), (Path(tmp, "tests", "firmware"), "/ab/tests")))
    if res.returncode != 0:
        raise SystemExit("MicroPython run failed:\n" + res.stderr)
    print("Loop.step (the whole frame), %s against this checkout, in turn in one MicroPython "
          "%s (WebAssembly) process; min of %d rounds, each side a batch of >= %d ms"
          % (rev, mpy.runtime_version(), args.reps, common.BATCH_MS))
    print("%-19s %12s %12s %8s" % ("scene", rev, "this", "ratio"))
    for line in res.stdout.splitlines():
        if line.startswith("AB|"):
            kind, a, b = line.split("|")[1:]
            print("%-19s %9.1f us %9.1f us %7.2fx" % (kind, float(a), float(b),
                                                      float(b) / float(a)))


if __name__ == "__main__":
    main()
