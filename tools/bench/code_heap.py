"""RAM the firmware's code takes on the board when imported from .mpy files.

    python -m tools.bench.code_heap

Compiles the firmware with mpy-cross exactly as ``teebox deploy`` does, then imports
the modules one by one inside MicroPython (WebAssembly port, 32-bit like the RP2040)
from those ``.mpy`` files, leaves first, so each import brings in just its own module.
After each import the heap is sampled after a full collection (``heapmeter.collect``,
then ``gc.mem_alloc()`` in the next top-level call: this port collects only as one
starts): the difference is what the module keeps in RAM (its bytecode, constants and
interned names are copied there from a file on a writable filesystem; from a ROMFS
partition or frozen into the firmware they stay in flash).

Prints one row per module, costliest first: the heap it keeps, its ``.mpy`` size and
the ratio of the two; the total for the modules the board imports (``main.py`` on,
see ``teebox_host.deploy.board_modules``) and for the host-only ones; what of it is in
RAM at once (``teebox_host.deploy.resident_modules``: the table shell, and one game's or
one tool's own code, as the board's table lets go of a game once it is over); then the
budget against a Pico's free heap, and the ROMFS image ``teebox deploy`` would write.
"""

import tempfile
from pathlib import Path

from teebox_host import deploy
from teebox_host import micropython as mpy

PICO_FREE_HEAP = 200 * 1024  # RP2040 MicroPython: free heap after boot (gc.mem_free())
PICO2_FREE_HEAP = 460 * 1024  # RP2350: 520 KB SRAM, about this much free after boot
GAME_STATE = deploy.GAME_STATE_BYTES  # a 5-player 18-hole game above its code
PICO2_ROMFS = 256 * 1024  # the ROMFS partition of the RPI_PICO2 MicroPython builds


def import_order(firmware, names):
    """``names`` ordered so that every module comes after the firmware modules it imports."""
    order = []
    done = set()

    def visit(name, stack):
        if name in done or name in stack:  # a cycle (imports inside functions): break it
            return
        parts = name.split(".")
        deps = {".".join(parts[:i]) for i in range(1, len(parts))}
        deps |= deploy._imports(firmware, deploy.module_file(firmware, name))
        for dep in sorted(deps & set(names)):
            visit(dep, stack | {name})
        done.add(name)
        order.append(name)

    for name in sorted(names):
        visit(name, frozenset())
    return order


# The top-level call after an import, before sampling: this port collects only as a
# top-level call starts, so one asks for the collection that frees the import's
# garbage (heapmeter.collect) and the next samples.
_SETTLE = ["heapmeter.collect()"]


def measure(build_dir, order):
    """``{module: heap bytes it keeps}``, importing ``order`` from ``build_dir`` in turn."""
    steps = ["import heapmeter", "heapmeter.start()", "heapmeter.start()"]
    for name in order:
        steps += ["import " + name] + _SETTLE + ["heapmeter.checkpoint(%r)" % name]
    res = mpy.run(code="heapmeter.report()", before=steps,
                  mounts=((build_dir, "/mpy"), (mpy.HERE / "py", "/tools")),
                  paths=("/mpy", "/tools"))
    reports = [r for r in res.records if r.get("kind") == "heap"]
    if res.returncode != 0 or not reports:
        raise SystemExit("MicroPython run failed:\n" + res.stderr + res.output)
    last = reports[-1]["baseline"]
    costs = {}
    for label, used in reports[-1]["samples"]:
        costs[label] = used - last
        last = used
    return costs


def _kb(n):
    return "%.1f KB" % (n / 1024)


def main():
    firmware = deploy.firmware_dir()
    with tempfile.TemporaryDirectory() as tmp:
        built = deploy.build(deploy.choose_profile(), firmware, Path(tmp) / "build")
        sizes = {f.board_path[1:-4].replace("/", ".").replace(".__init__", ""): f.size
                 for f in built.files if f.kind == "module"}
        board = deploy.board_modules(firmware)
        host = sorted(set(sizes) - set(board))
        costs = measure(built.build_dir, import_order(firmware, board)
                        + import_order(firmware, host))
        image = deploy.romfs_image(built)

    print("RAM kept by each firmware module imported from .mpy (MicroPython %s, WebAssembly)"
          % mpy.runtime_version())
    print("(a row may carry a new pool of interned names, up to ~9 KB, made while measuring it)")
    print("%-32s %10s %10s %6s" % ("module", "heap", ".mpy", "ratio"))
    for name in sorted(costs, key=lambda n: -costs[n]):
        print("%-32s %10d %10d %6.2f%s" % (name, costs[name], sizes[name],
                                           costs[name] / sizes[name],
                                           "" if name in board else "  (host only)"))
    code = sum(costs[n] for n in board)
    mpy_bytes = sum(sizes[n] for n in board)
    print("board modules: %d, heap %d B (%s) from %d B of .mpy: %.2f bytes of RAM a byte"
          % (len(board), code, _kb(code), mpy_bytes, code / mpy_bytes))
    print("host-only modules (%s): heap %d B" % (", ".join(host),
                                                sum(costs[n] for n in host)))
    res = deploy.resident_modules(firmware)
    shell = sum(costs[n] for n in res.shell)
    print("in RAM at once: the table shell, %d modules, %d B (%s), and one of these:"
          % (len(res.shell), shell, _kb(shell)))
    def cost(mods):
        return sum(costs[n] for n in mods)

    # a game's code in play: one way to play it at a time (its costliest counted)
    own = dict({g: res.in_play(g, cost) for g in res.games}, **res.tools)
    for name in own:
        print("  %-28s %3d modules %8d B" % (name, len(own[name]), cost(own[name])))
    game = max(res.games, key=lambda g: cost(own[g]) + deploy.GAME_HEAP[g])
    code = shell + cost(own[game])
    print("the peak: the shell and %s's own code, %d B (%s), its state %s above it"
          % (game, code, _kb(code), _kb(deploy.GAME_HEAP[game])))
    print()
    print("budget on a Pico (RP2040, ~%s free after boot), game state %s:"
          % (_kb(PICO_FREE_HEAP), _kb(deploy.GAME_HEAP[game])))
    print("  code copied to RAM (.mpy files on the filesystem): needs %s, leaves %s"
          % (_kb(code + deploy.GAME_HEAP[game]), _kb(PICO_FREE_HEAP - code - deploy.GAME_HEAP[game])))
    # In flash the bytecode and constants stay put; the objects an import creates
    # (functions, classes, globals) still live in RAM: a part of the figure above that
    # this port, without ROMFS or a way to freeze our modules, cannot measure.
    print("  code in flash (ROMFS or frozen): needs %s plus the modules' objects, leaves at "
          "most %s" % (_kb(GAME_STATE), _kb(PICO_FREE_HEAP - GAME_STATE)))
    print("  on a Pico 2 (RP2350, ~%s free): code in RAM leaves %s"
          % (_kb(PICO2_FREE_HEAP), _kb(PICO2_FREE_HEAP - code - deploy.GAME_HEAP[game])))
    print("ROMFS image (all %d modules and the data files): %d B (%s), %.0f%% of a Pico 2's "
          "%s partition" % (built.count("module"), len(image), _kb(len(image)),
                            100 * len(image) / PICO2_ROMFS, _kb(PICO2_ROMFS)))


if __name__ == "__main__":
    main()
