"""RAM each game needs on the board: its code, and a whole 5-player game played by bots.

    python -m tools.bench.game_heap

Compiles the firmware with mpy-cross as ``teebox deploy`` does, then, inside
MicroPython (WebAssembly port, 32-bit like the RP2040), from those ``.mpy`` files,
for EACH game of the registry (``teebox.core.games``):

* its code heap: the game's module and every firmware module it imports, imported
  one by one in a fresh runtime (``tools.bench.code_heap.measure``), so shared
  modules (rng, varint, contract) count for each game;
* the heap of a whole 5-player game (``GAMES``: its setup and data) played by the
  game's own bots (``bot(seed)``). The bots play it in CPython (a SensibleBot of 18
  Holes takes minutes inside the WebAssembly runtime on a busy machine); MicroPython
  loads the game through the registry as the table does and replays their inputs one
  by one from bytes, as a journal is replayed (the bots' own few hundred bytes are not
  counted). Code and data included, two ways:

  - live heap: sampled after a full collection between top-level calls, every
    ``CHOICES_PER_SAMPLE`` choices (what stays reachable: the game state;
    ``micropython.SAMPLE``);
  - peak inside the steps: the collector is off during each step, so the heap only
    grows within it and ``gc.mem_alloc()`` read after every choice is the step's
    high-water, garbage included. An upper bound: the board collects when it needs
    to, so its peak lies between the two figures;

* and the state digest the game ends in, which must be the one CPython reaches.

The tests (``tests/test_game_heap.py``) play each game shorter (``SHORT_GAMES``: fewer
holes, to the end all the same), so the suite stays quick; this benchmark plays the
whole game.
"""

import tempfile
from pathlib import Path

from teebox.core import games
from teebox_host import deploy
from teebox_host import micropython as mpy
from tools.bench.code_heap import import_order, measure

PLAYERS = 5
CHOICES_PER_SAMPLE = 8
TIMEOUT = 1800  # seconds for one game's MicroPython run: the machine may be shared and busy
SHORT_TIMEOUT = 300  # the same for a short game (a few seconds on an idle machine)

# Per game: the code (run alike in CPython and MicroPython) that makes ``setup`` and
# ``data`` for the benchmark game, with ``g`` the game's module. 18 Holes plays Stroke
# Play on the championship course: everyone holes out on every hole, the longest game.
GAMES = {
    "18-holes": "from teebox import shipped\n"
                "setup = g.Setup(%(players)d, 'stroke', seed=5)\n"
                "data = {'course': shipped.load_builtin('championship'),\n"
                "        'clubs': shipped.load_default_clubs(),\n"
                "        'shots': shipped.load_default_shots()}\n",
    "play-nine": "setup = g.Setup(%(players)d, 2026)\ndata = None\n",
    "domino-golf": "setup = g.Setup(%(players)d, 2026, mulligan=True)\ndata = None\n",
}
# The same games made short for the tests, still played to the end: 18 Holes on the
# five-hole starter course (about a quarter of the inputs), Play Nine over three holes,
# Domino Golf over nine.
SHORT_GAMES = {
    "18-holes": GAMES["18-holes"].replace("'championship'", "'starter'"),
    "play-nine": "setup = g.Setup(%(players)d, 2026, holes=3)\ndata = None\n",
    "domino-golf": "setup = g.Setup(%(players)d, 2026, holes=9, mulligan=True)\ndata = None\n",
}

_SCENARIO = """
import gc
from teebox.core import games
g = games.load(%(name)r)
%(setup)s
game = g.new(setup, data)
"""

# CPython: the game's bots play it to the end.
_BOTS = """
bots = [g.bot(seat) for seat in range(%(players)d)]
while not game.over:
    d = game.pending()
    seat = d.waiting[0] if d.waiting else d.players[0]
    game.apply(bots[seat].choose(game, seat), seat)
"""

# MicroPython: step(k) applies the next k inputs of the bots' game, read from bytes as
# a journal is replayed (seat, number of ints, the ints), keeping the peak heap.
_REPLAY = """
with open("/bench/inputs.bin", "rb") as f:
    STREAM = f.read()
at = [0]
peak = [0]


def step(k):
    # The collector is off within a step: the heap only grows, so the reading after
    # each input is the step's high-water so far (garbage included).
    gc.disable()
    try:
        for _ in range(k):
            i = at[0]
            if i >= len(STREAM):
                return False
            n = STREAM[i + 1]
            at[0] = i + 2 + n
            game.apply(tuple(STREAM[i + 2:i + 2 + n]), STREAM[i])
            used = gc.mem_alloc()
            if used > peak[0]:
                peak[0] = used
        return True
    finally:
        gc.enable()
"""


class GameHeap:
    """One game's figures: ``start`` (the heap above the empty runtime once the game is
    built, before its first input), ``live`` (the live-heap high-water, the same way,
    code, data and the ``stream`` bytes of replayed inputs included), ``in_step`` (the
    peak inside steps, the same way), ``samples``, ``inputs``, ``digest`` (MicroPython)
    and ``cpython`` (the digest CPython reaches)."""

    def __init__(self, start, live, in_step, samples, inputs, stream, digest, cpython):
        self.start = start
        self.live = live
        self.stream = stream
        self.in_step = in_step
        self.samples = samples
        self.inputs = inputs
        self.digest = digest
        self.cpython = cpython


def scenario(name, short=False):
    """The code that builds game ``name``'s benchmark game (``short``: its short game) as
    ``game`` (``g``: its module)."""
    table = SHORT_GAMES if short else GAMES
    if name not in table:
        raise SystemExit("tools/bench/game_heap.py has no %s game for %r: add its setup "
                         "and data to %s" % ("short" if short else "benchmark", name,
                                             "SHORT_GAMES" if short else "GAMES"))
    return _SCENARIO % {"name": name, "setup": table[name] % {"players": PLAYERS}}


def bot_game(name, short=False):
    """The benchmark game of ``name`` (``short``: its short game) played to its end by
    its bots in CPython."""
    env = {}
    exec(scenario(name, short) + _BOTS % {"players": PLAYERS}, env)
    return env["game"]


def input_stream(game):
    """The game's inputs as bytes: per input its seat, how many ints its choice has, the ints."""
    out = bytearray()
    for seat, choice in game.inputs:
        out += bytes((seat, len(choice)) + tuple(choice))
    return bytes(out)


def game_modules(firmware, name):
    """The firmware modules loading game ``name`` imports (its module, what that imports,
    and their parent packages)."""
    return deploy.imported_modules(firmware, [games.get(name).module])


def code_heap(build_dir, firmware, name):
    """``(bytes, modules)``: the heap game ``name``'s code keeps, imported from ``build_dir``."""
    mods = game_modules(firmware, name)
    return sum(measure(build_dir, import_order(firmware, sorted(mods))).values()), len(mods)


def game_heap(name, mounts, short=False):
    """The :class:`GameHeap` of game ``name``'s benchmark game (``short``: its short game,
    ``SHORT_GAMES``), played by its bots in CPython and replayed input by input under
    MicroPython, with ``mounts`` the runtime's file systems (the mpy-cross build at
    ``/fw``)."""
    played = bot_game(name, short)
    stream = input_stream(played)
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "inputs.bin").write_bytes(stream)
        res = mpy.run(code="pass", before=["import heapmeter", "heapmeter.start()",
                                           "heapmeter.start()", scenario(name, short) + _REPLAY]
                      + ["heapmeter.collect()", "heapmeter.checkpoint('start')"],
                      each=mpy.SAMPLE, step="step(%d)" % CHOICES_PER_SAMPLE,
                      after="heapmeter.report()\nprint('GAME', peak[0], len(game.inputs), "
                            "game.state_digest())", mounts=tuple(mounts) + ((tmp, "/bench"),),
                      timeout=SHORT_TIMEOUT if short else TIMEOUT)
    reports = [r for r in res.records if r.get("kind") == "heap"]
    if res.returncode != 0 or not reports:
        raise RuntimeError("%s failed under MicroPython:\n%s%s" % (name, res.stderr, res.output))
    report = reports[-1]
    row = [line.split() for line in res.output.splitlines() if line.startswith("GAME ")][-1]
    base = report["baseline"]
    start = dict(report["samples"])["start"] - base
    return GameHeap(start, report["high_water"] - base, int(row[1]) - base, report["steps"],
                    int(row[2]), len(stream), row[3], played.state_digest())


def main():
    firmware = deploy.firmware_dir()
    with tempfile.TemporaryDirectory() as tmp:
        built = deploy.build(deploy.choose_profile(), firmware, Path(tmp) / "build")
        mounts = ((built.build_dir, "/fw"),) + tuple(m for m in mpy.DEFAULT_MOUNTS
                                                   if m[1] != "/fw")
        print("MicroPython %s (WebAssembly), firmware compiled by mpy-cross; %d players: the "
              "game's own bots play it in CPython, MicroPython replays their inputs"
              % (mpy.runtime_version(), PLAYERS))
        for name in games.names():
            code, mods = code_heap(built.build_dir, firmware, name)
            heap = game_heap(name, mounts)
            print("%-10s code heap %7d B in %d modules" % (name, code, mods))
            print("%-10s game built, before its first input: %d B (code and data included)"
                  % ("", heap.start))
            print("%-10s whole game, %d inputs: live heap %d B (between steps, every %d "
                  "choices), peak inside steps %d B (collector off); the %d bytes of replayed "
                  "inputs included" % ("", heap.inputs, heap.live, CHOICES_PER_SAMPLE,
                                       heap.in_step, heap.stream))
            print("%-10s digest %s MicroPython, %s CPython: %s"
                  % ("", heap.digest[:16], heap.cpython[:16],
                     "identical" if heap.digest == heap.cpython else "DIFFERENT"))


if __name__ == "__main__":
    main()
