"""RAM Play Nine needs on the board: its code and a whole 5-player game.

    python -m tools.bench.playnine_heap

Compiles the firmware with mpy-cross as ``teebox deploy`` does, then, inside
MicroPython (WebAssembly port, 32-bit like the RP2040), from those ``.mpy`` files:

* the code heap of each game the registry (``teebox.core.games``) loads: its module
  and every firmware module it imports, imported one by one in a fresh runtime
  (``tools.bench.code_heap.measure``), so shared modules (rng, varint, contract)
  count for each game;
* the peak heap of a whole 5-player, nine-hole Play Nine game played by five
  SensibleBots, sampled after ``gc.collect()`` every ``CHOICES_PER_SAMPLE`` choices
  (code included), and the state digest it ends in, which must be the one CPython
  reaches for the same game.

For 18 Holes' whole-game heap see ``tools.bench.engine_turns``.
"""

import tempfile
from pathlib import Path

from teebox.core import games
from teebox.core.playnine import bot, rules
from teebox_host import deploy
from teebox_host import micropython as mpy
from tools.bench.code_heap import import_order, measure

PLAYERS = 5
SEED = 2026
CHOICES_PER_SAMPLE = 8

_SETUP = """
from teebox.core import games
p9 = games.load("play-nine")
game = p9.new(p9.Setup(%(players)d, %(seed)d))
bots = [p9.bot(i) for i in range(%(players)d)]

def step(k):
    for _ in range(k):
        if game.over:
            return False
        seat = game.pending().waiting[0]
        game.apply(bots[seat].choose(game, seat), seat)
    return True
"""


def game_modules(firmware, name):
    """The firmware modules loading game ``name`` imports (its module, what that imports,
    and their parent packages)."""
    return deploy.imported_modules(firmware, [games.get(name).module])


def cpython_digest():
    """The digest the benchmark game ends in under CPython."""
    game = rules.Game(rules.Setup(PLAYERS, SEED))
    bot.play_game(game, [bot.SensibleBot(i) for i in range(PLAYERS)])
    return game.state_digest(), len(game.inputs)


def game_heap(mounts):
    """The heap report (``teebox_host.micropython.HeapReport``) of the benchmark game, code included,
    and the digest MicroPython ends in."""
    setup = _SETUP % {"players": PLAYERS, "seed": SEED}
    report = mpy.heap_high_water(setup, step="step(%d)" % CHOICES_PER_SAMPLE, mounts=mounts)
    res = mpy.run(code=setup + "step(100000)\nprint(game.state_digest())\n", mounts=mounts)
    if res.returncode != 0:
        raise SystemExit("MicroPython run failed:\n" + res.stderr)
    return report, res.output.split()[-1]


def main():
    firmware = deploy.firmware_dir()
    with tempfile.TemporaryDirectory() as tmp:
        built = deploy.build(deploy.choose_profile(), firmware, Path(tmp) / "build")
        print("code heap of each game, from .mpy files (MicroPython %s, WebAssembly):"
              % mpy.runtime_version())
        for name in games.names():
            mods = game_modules(firmware, name)
            costs = measure(built.build_dir, import_order(firmware, sorted(mods)))
            print("  %-10s %7d B in %d modules" % (name, sum(costs.values()), len(mods)))
        mounts = ((built.build_dir, "/fw"),) + tuple(m for m in mpy.DEFAULT_MOUNTS
                                                   if m[1] != "/fw")
        report, digest = game_heap(mounts)
    want, inputs = cpython_digest()
    print("play-nine  whole game, %d players, seed %d, %d inputs: peak heap %d B (code "
          "included), sampled every %d choices" % (PLAYERS, SEED, inputs, report.cost,
                                                    CHOICES_PER_SAMPLE))
    print("           digest %s MicroPython, %s CPython: %s"
          % (digest[:16], want[:16], "identical" if digest == want else "DIFFERENT"))


if __name__ == "__main__":
    main()
