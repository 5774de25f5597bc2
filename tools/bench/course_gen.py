"""Generated courses: how fast and in how much heap the board makes one, and how the
difficulties play.

    python -m tools.bench.course_gen [--courses N] [--holes H] [--repeats R] [--check C] [--modes M]

* Speed, inside MicroPython (WebAssembly port, Node.js): load the tile set ten times
  (the first load cold, the others warm; the estimate scales the warm median), then
  generate ``R`` courses of 5, 9 and 18 holes (seeds 0 to R-1, challenging: the most
  work), collecting before each and not during it, so the port's slow full collections
  of its 64 MB heap stay out of the figures (a course allocates under 64 KB); min and
  median ms, and an RP2040 estimate of 20 to 50 times the WebAssembly time (the usual
  gap between this port on a laptop and a 125 MHz Cortex-M0+, not a measurement).
* Heap, on the firmware compiled by mpy-cross as ``teebox deploy`` builds it: what the
  generator's modules keep once imported, what the loaded tile set keeps, and the most
  generating an 18-hole course allocates with the collector switched off (an upper
  bound of its peak: the port frees garbage only between top-level calls, so sampling
  cannot see a peak inside the call).
* Difficulty, under CPython: ``N`` generated ``H``-hole courses per difficulty (seeds 0
  to N-1, the same layouts for every difficulty), each rated by one round of Stroke
  Play for the sensible bot (``teebox course rate``): average strokes against par per
  round and per hole, and the hazards on the course. Before that, ``C`` seeds of every
  hole count and difficulty go through ``course check`` (``--check C``), and every
  built-in mode is played out by bots on ``M`` courses of each size (``--modes M``).
"""

import argparse
import statistics
import tempfile
from pathlib import Path

from teebox.core import course, coursegen, terrain
from teebox.core.holes18 import bots, engine, modes
from teebox import shipped
from teebox_host import deploy, rate
from teebox_host import micropython as mpy
from tools.bench.common import micropython_rows

_IMPORTS = "from teebox.core import course, hexgrid, rng, terrain\nfrom teebox.core.holes18 import cards\n"
_GENERATOR = "from teebox.core import coursegen, coursegen_tiles\nfrom teebox import shipped\n"
_TILES = "tiles = shipped.load_default_tiles()\n"
_TIMED = """
import gc, time
from teebox.core import coursegen
from teebox import shipped
loads = []
for i in range(%d):
    gc.collect()
    gc.disable()
    t0 = time.ticks_ms()
    tiles = shipped.load_default_tiles()
    loads.append(time.ticks_diff(time.ticks_ms(), t0))
    gc.enable()
print("ROW|0|%%s" %% ",".join([str(t) for t in loads]))  # 0 holes: loading the tile set
for holes in (5, 9, 18):
    times = []
    for seed in range(%d):
        gc.collect()
        gc.disable()
        t0 = time.ticks_ms()
        coursegen.generate(tiles, holes, "challenging", seed)
        times.append(time.ticks_diff(time.ticks_ms(), t0))
        gc.enable()
    print("ROW|%%d|%%s" %% (holes, ",".join([str(t) for t in times])))
"""
_HAZARDS = (terrain.BUNKER, terrain.WATER, terrain.LAKE, terrain.TREE)


def micropython_times(repeats):
    """``{holes: [ms per course]}`` generating challenging courses inside MicroPython;
    ``{0: [ms]}`` is loading the tile set (reading and checking its JSON), 10 times:
    the first load is what the port does cold, the others warm."""
    rows = micropython_rows(_TIMED % (10, repeats))
    return {int(h): [int(t) for t in times.split(",")] for h, times in rows}


_ALLOCATED = """
import gc
worst = 0
for seed in range(%d):
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    data = coursegen.generate(tiles, 18, "challenging", seed)
    worst = max(worst, gc.mem_alloc() - before)
    gc.enable()
    data = None
print("ROW|%%d" %% worst)
"""


def heap_figures(mounts, seeds=10):
    """``(code, tiles, peak)``: heap bytes the generator modules keep, the loaded tile set
    keeps, and the most an 18-hole course allocates while it is generated (over
    ``seeds`` seeds)."""
    deps = mpy.heap_high_water(_IMPORTS, mounts=mounts).cost
    with_gen = mpy.heap_high_water(_IMPORTS + _GENERATOR, mounts=mounts).cost
    with_tiles = mpy.heap_high_water(_IMPORTS + _GENERATOR + _TILES, mounts=mounts).cost
    # The port frees garbage only between top-level calls, so a sample cannot see a
    # peak inside the call: with the collector off, everything generating allocates
    # is counted, an upper bound of its peak.
    res = mpy.run(before=[_IMPORTS + _GENERATOR, _TILES], code=_ALLOCATED % seeds,
                  mounts=mounts)
    rows = [line.split("|")[1] for line in res.stdout.splitlines() if line.startswith("ROW|")]
    if res.returncode != 0 or not rows:
        raise SystemExit("MicroPython run failed:\n" + res.stderr)
    return with_gen - deps, with_tiles - with_gen, int(rows[0])


def check_many(seeds):
    """``(courses, problems)``: every hole count and difficulty for ``seeds`` seeds each,
    put through ``course.check``; the problems found, as text lines (none expected)."""
    tiles = shipped.load_default_tiles()
    count = 0
    problems = []
    for holes in coursegen.HOLE_CHOICES:
        for difficulty in coursegen.DIFFICULTIES:
            for seed in range(seeds):
                src = coursegen.generate_source(tiles, holes, difficulty, seed)
                count += 1
                for p in course.check(coursegen.source_text(src))[1]:
                    problems.append(p.format(src.name))
    return count, problems


def play_modes(seeds):
    """``(games, stuck)``: every built-in mode played out by sensible bots on ``seeds``
    generated courses of each hole count (the difficulty turning with the seed); the
    games that did not finish, as text lines (none expected)."""
    tiles = shipped.load_default_tiles()
    clubs = shipped.load_default_clubs()
    shots = shipped.load_default_shots()
    games = 0
    stuck = []
    for holes in coursegen.HOLE_CHOICES:
        for seed in range(seeds):
            difficulty = coursegen.DIFFICULTIES[seed % 3]
            c = course.load(coursegen.generate(tiles, holes, difficulty, seed))
            for name in modes.NAMES:
                # Two players where the mode allows (Solo Chaos Golf: one).
                lo, hi = modes.make(name).players
                players = max(lo, min(2, hi))
                game = engine.Game(c, clubs, shots, engine.Setup(players, name, seed=seed + 1))
                games += 1
                try:
                    bots.play_game(game, [bots.SensibleBot(s + 1) for s in range(players)])
                except RuntimeError as exc:
                    stuck.append("%s, %s: %s" % (c.name, name, exc))
    return games, stuck


def rate_difficulties(courses, holes):
    """``{difficulty: (pars, strokes, hazards)}``: per course its total par, the bot's
    strokes in one Stroke Play round, and its hazard cells."""
    tiles = shipped.load_default_tiles()
    out = {}
    for difficulty in coursegen.DIFFICULTIES:
        pars, strokes, hazards = [], [], []
        for seed in range(courses):
            c = course.load(coursegen.generate(tiles, holes, difficulty, seed))
            rating = rate.rate_course(c, rounds=1, players=1, seed=seed + 1)
            pars.append(sum(h.par for h in rating.holes))
            strokes.append(rating.average())
            hazards.append(len([k for k in c.cells() if k in _HAZARDS]))
        out[difficulty] = (pars, strokes, hazards)
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--courses", type=int, default=300, help="courses per difficulty")
    parser.add_argument("--holes", type=int, default=9, choices=coursegen.HOLE_CHOICES)
    parser.add_argument("--repeats", type=int, default=30, help="courses timed per size")
    parser.add_argument("--check", type=int, default=200,
                        help="seeds per hole count and difficulty put through course check")
    parser.add_argument("--modes", type=int, default=20,
                        help="courses per hole count on which every mode is played out")
    args = parser.parse_args()

    print("Generating inside MicroPython %s (WebAssembly), challenging, %d seeds each:"
          % (mpy.runtime_version(), args.repeats))
    times = micropython_times(args.repeats)
    loads = times.pop(0)
    # The port's first run of any code is several times slower than the next ones on the
    # same heap (the JavaScript engine compiles the interpreter's code on first use); a
    # board runs compiled code from the start, so the warm median is the one to scale.
    warm = statistics.median(loads[1:])
    print("  loading the tile set: first %d ms, then min %d ms, median %d ms; RP2040 "
          "estimate %.1f-%.1f s (warm median)"
          % (loads[0], min(loads[1:]), warm, 20 * warm / 1e3, 50 * warm / 1e3))
    for holes, times in sorted(times.items()):
        med = statistics.median(times)
        print("  %2d holes: first %d ms, min %d ms, median %d ms; RP2040 estimate %.1f-%.1f s "
              "(median); with the tile set loaded first %.1f-%.1f s"
              % (holes, times[0], min(times), med, 20 * med / 1e3, 50 * med / 1e3,
                 20 * (med + warm) / 1e3, 50 * (med + warm) / 1e3))

    with tempfile.TemporaryDirectory() as tmp:
        build = Path(tmp) / "build"
        deploy.build(deploy.choose_profile(), deploy.firmware_dir(), build)
        mounts = ((build, "/fw"),) + tuple(m for m in mpy.DEFAULT_MOUNTS if m[1] != "/fw")
        code, tiles, peak = heap_figures(mounts)
    print("Heap on the firmware compiled by mpy-cross:")
    print("  generator modules (coursegen, coursegen_tiles) imported: %d B" % code)
    print("  tile set loaded: %d B" % tiles)
    print("  generating an 18-hole course allocates at most %d B in all (10 seeds, collector "
          "off): its peak is no more" % peak)

    count, problems = check_many(args.check)
    print("course check on %d generated courses (5, 9, 18 holes x 3 difficulties x %d seeds): "
          "%d problems" % (count, args.check, len(problems)))
    for line in problems[:10]:
        print("  " + line)

    games, stuck = play_modes(args.modes)
    print("every mode (%s) played out by bots on %d courses of each size: %d games, %d did "
          "not finish" % (", ".join(modes.NAMES), args.modes, games, len(stuck)))
    for line in stuck[:10]:
        print("  " + line)

    print("Bot rating: %d %d-hole courses per difficulty (seeds 0-%d), one Stroke Play round "
          "each for the sensible bot:" % (args.courses, args.holes, args.courses - 1))
    print("  %-12s %8s %9s %12s %14s %8s" % ("difficulty", "par", "strokes", "vs par",
                                              "vs par a hole", "hazards"))
    for difficulty, (pars, strokes, hazards) in rate_difficulties(args.courses,
                                                                  args.holes).items():
        over = [s - p for s, p in zip(strokes, pars)]
        print("  %-12s %8.2f %9.2f %+12.2f %+14.3f %8.1f"
              % (difficulty, statistics.mean(pars), statistics.mean(strokes),
                 statistics.mean(over), statistics.mean(over) / args.holes,
                 statistics.mean(hazards)))


if __name__ == "__main__":
    main()
