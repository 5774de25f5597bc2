"""Heap of the board's real start-up with a 5-player 18-hole game to its end.

    python -m tools.bench.startup_heap [--events N]

Compiles the firmware with mpy-cross as ``teebox deploy`` does and, inside MicroPython
(WebAssembly port, 32-bit like the RP2040), from those ``.mpy`` files, starts the table
the way ``main.py`` does: the profile, the hardware (simulated, but with the board's
flash store: a ``FileStore`` on the runtime's file system, which is not MicroPython's
heap, as flash is not), then ``boot.start`` (the store, the game journal, the link
server on a fake serial line, the course store, the table). A 5-player 18-hole Stroke
Play game on the championship course is played through the table's loop.

The game's script events (presses and card scans) are decided first, in CPython, by the
tests' bots (``app/script.py``'s Autoplayer) playing the same firmware on the same
start-up; inside MicroPython the table then plays them from a file, one event (the few
frames a press or a scan takes) EVENTS top-level calls (default 1), with no Autoplayer in
the heap. The run must end in the game CPython reached (its inputs compared), or the
figures are refused. Two kinds of figure, both with the code (the ``.mpy`` modules) in
RAM, while playing, for the game's last event (its record written) and once it is over:

* live, between steps: true live-heap figures (``micropython.SAMPLE``: this port
  collects only as a top-level call starts, so one call asks for a collection and the
  next samples);
* inside an event: the live heap before the event plus everything the event allocates
  (``gc.mem_alloc()`` before and after it, within its call, where this port frees
  nothing). An upper bound of the event's peak: as if the collector never ran during
  the event, its garbage counts too; the board's collector only lowers it.

The code alone (the imports of the start-up, the game, its presenter and the mode
played, which the table loads when the game starts) is measured the same way, so the
game's share above the code is the difference (the issue's goal: at most 64 KB).

The heap is dumped (``heapmeter.dump_start``, in steps of its own) as the last event
begins and once the game is shelved; ``heap_pins`` finds what only words of data
(bytecode, interned names) hold in each, and the figures say what the last event added
so: the record's replayed game, a conservative collector's artefact of this port (see
docs/memory.md, "What only data holds"). With TEEBOX_HEAP_DUMP=FILE set, the run's
output, dumps included, is written to FILE.
"""

import os
import sys
import tempfile
from pathlib import Path

from teebox_host import deploy
from teebox_host import micropython as mpy
from tools.bench import common, heap_pins
from tests import test_table_heap as table_heap

# One event a top-level step by default: the live sample before every event is then exact
# (with more, an event's figure starts from the sample before its step, which leaves out
# what the step's earlier events kept). About 3 minutes on a loaded machine.
EVENTS = 1
EVENTS_FILE = "/events/lines.txt"

IMPORTS = """
from teebox import profile, shipped
from teebox.app import bindings, board, boot, presenters, script
from teebox.app.presenters.holes18 import tags as club_tags
from teebox.core import games
from teebox.core.holes18.modes import stroke  # the mode played (and Match Play, its base)
from fake_line import Wire
games.load("18-holes")
presenters.load("18-holes")
"""

# Both interpreters: the board's start-up on simulated parts with a flash store in
# folder STORE (formatted with the profile and the folder).
START = IMPORTS + """
hw = board.build(profile.load(%r), sim=True)
hw.store = board.make_store(False, %r)
bindings.Bindings(hw.store, shipped.load_default_clubs(), club_tags).bind_demo_tags()
wire = Wire()
app = boot.start(hw, wire.port)
t = app.table
runner = script.Runner(app)
"""

# CPython: the events, as the tests' bots decide them through the table's UI.
DECIDE = """
auto = script.Autoplayer(t.clubs, "stroke", "championship", 5, seed=12)
lines = []
while True:
    auto.check(t)
    more = auto.next_lines(t)
    if not more:
        break
    for text in more:
        lines.append(text)
        runner.step(script.parse_line(text, len(lines), t.clubs))
assert t.game.over
inputs = repr([tuple(i) for i in t.game.inputs])
n_inputs = len(t.game.inputs)
"""

# MicroPython: the same events from the file, EVENTS a top-level step; each event's
# inside figure is the last live sample plus what the event allocated.
REPLAY = """
import gc
import heapmeter
events = open(%r)
last_event = %d
count = [0]
inside = [0, 0]  # the highest inside figure of an event before the last, and that event
top = []         # [made, event, text] of the events before the last that allocated most
turns = [0, 0]   # the highest inside figure of an event in a game already started, and it
live_max = [0]   # the highest live sample before the last event
last = [0, 0, 0, 0]  # the last event: its inside figure, what it allocated, the live heap
#                     before it, whether the heap was dumped before it
dumping = [0, 0]  # a heap dump in progress; whether the shelved game's was made


def dump(label):
    print(label)
    heapmeter.dump_start()
    dumping[0] = 1
    return True


def feed(n=%d):
    if dumping[0]:
        if heapmeter.dump_more():
            return True
        dumping[0] = 0
    for _ in range(n):
        if count[0] + 1 == last_event and n == 1 and not last[3]:
            # The heap as the last event begins, in steps of their own (the first begun
            # with a collection); the event is played once the dump is over.
            last[3] = 1
            return dump("BEFORE LAST")
        text = events.readline()
        if not text:
            if not dumping[1]:
                dumping[1] = 1
                return dump("SHELVED")  # the heap once the game is over and shelved
            return False
        count[0] += 1
        st = script.parse_line(text, count[0], t.clubs)
        live = heapmeter.last()
        started = t.game is not None
        before = gc.mem_alloc()
        runner.step(st)
        made = gc.mem_alloc() - before
        if count[0] == last_event:
            last[0] = live + made
            last[1] = made
            last[2] = live
        else:
            if live > live_max[0]:
                live_max[0] = live
            if live + made > inside[0]:
                inside[0] = live + made
                inside[1] = count[0]
            if started and live + made > turns[0]:
                turns[0] = live + made
                turns[1] = count[0]
            if len(top) < 3 or made > top[-1][0]:
                top.append([made, count[0], text.strip()])
                top.sort(reverse=True)
                del top[3:]
    return True


def done():
    heapmeter.report()
    print("INSIDE", inside[0], inside[1], count[0], int(t.game.over), live_max[0], last[0],
          last[1], heapmeter.last(), turns[0], turns[1], last[2])
    for made, at, text in top:
        print("TOP", made, at, text)
    print("INPUTS", repr([tuple(i) for i in t.game.inputs]))
"""


def decide(profile_json):
    """The script lines of the game and the inputs it ends with, played in CPython."""
    root = str(Path(__file__).resolve().parents[2] / "tests" / "firmware")
    if root not in sys.path:
        sys.path.insert(0, root)
    with tempfile.TemporaryDirectory() as store:
        scope = {}
        exec(START % (profile_json, store) + DECIDE, scope)
    return scope["lines"], scope["inputs"], scope["n_inputs"]


def run(mounts, events=EVENTS):
    """The :class:`Figures` of the game played ``events`` events a top-level step."""
    lines, inputs, n_inputs = decide(table_heap.PROFILE)
    code = mpy.heap_high_water(IMPORTS, mounts=mounts)
    with tempfile.TemporaryDirectory() as tmp:
        Path(tmp, "lines.txt").write_text("".join(x + "\n" for x in lines))
        res = mpy.run(before=["import heapmeter", "heapmeter.start()", "heapmeter.start()"],
                      code=START % (table_heap.PROFILE, "/flash") + REPLAY % (
                          EVENTS_FILE, len(lines), events),
                      each=mpy.SAMPLE, step="feed()", after="done()",
                      mounts=mounts + ((tmp, os.path.dirname(EVENTS_FILE)),))
    reports = [r for r in res.records if r.get("kind") == "heap"]
    if res.returncode != 0 or not reports or "INSIDE" not in res.output:
        raise SystemExit("MicroPython run failed:\n" + res.stderr + res.output)
    r = reports[-1]
    report = mpy.HeapReport(r["baseline"], r["high_water"], r["samples"], r["steps"])
    if os.environ.get("TEEBOX_HEAP_DUMP"):  # the run's output, heap dumps included
        Path(os.environ["TEEBOX_HEAP_DUMP"]).write_text(res.output)
    peak, at, played, over, live_max, last, last_made, end, turn, turn_at, before_last = [
        int(x) for x in res.output.split("INSIDE")[-1].split()[:11]]
    got = res.output.split("INPUTS ")[-1].strip()
    if played != len(lines) or not over or got != inputs:
        raise SystemExit("MicroPython did not play the game CPython decided (%s of %d events, "
                         "over %s, same inputs: %s)" % (played, len(lines), over, got == inputs))
    base = report.baseline
    pins = [None, None]
    if "BEFORE LAST" in res.output:
        pins[0] = heap_pins.analyse(res.output.split("BEFORE LAST", 1)[1].split("SHELVED")[0])
    pins[1] = heap_pins.analyse(res.output.split("SHELVED", 1)[1])
    top = [line.split(None, 3)[1:] for line in res.output.splitlines()
           if line.startswith("TOP ")]
    return Figures(code.cost, report.cost, live_max - base, (peak - base, at), last - base,
                   last_made, end - base, len(lines), n_inputs, top, (turn - base, turn_at),
                   pins, before_last - base)


class Figures:
    """What :func:`run` measured, in bytes above the runtime's own baseline."""

    def __init__(self, code, between, playing, inside, last, last_made, end, events, inputs,
                 top, turns, pins, before_last):
        self.code = code            # the start-up's imports
        self.between = between      # the highest live sample, between steps, at any time
        self.playing = playing      # the highest live sample before the game's last event
        self.inside = inside        # (upper bound, event) over the events before the last
        self.last = last            # the last event's upper bound (the game is shelved)
        self.last_made = last_made  # what the last event allocated
        self.end = end              # live once the game is over and shelved
        self.events = events
        self.inputs = inputs
        self.top = top              # [(allocated, event, its script line)] the 3 largest
        self.turns = turns          # (upper bound, event) over the events of a started game
        self.before_last = before_last  # live as the game's last event began
        self.pins = pins            # heap_pins.Pins as the last event begins (None with
        #                             more than one event a step) and once shelved


def main():
    args = common.options(__doc__, events=(EVENTS, "events a top-level step"))
    with tempfile.TemporaryDirectory() as tmp:
        built = deploy.build(deploy.choose_profile(), deploy.firmware_dir(),
                             Path(tmp) / "build")
        mounts = ((built.build_dir, "/fw"),) + tuple(m for m in mpy.DEFAULT_MOUNTS
                                                   if m[1] != "/fw")
        f = run(mounts, args.events)
    above = 65536
    print("board start-up (boot.start: store, game journal, link server, course store, "
          "table) + a 5-player 18-hole Stroke Play game, %d events (%d inputs), from "
          "mpy-cross .mpy files (MicroPython %s, WebAssembly)"
          % (f.events, f.inputs, mpy.runtime_version()))
    print("code (the start-up's imports):                     %7d B" % f.code)
    rows = (("live, between steps of %d event(s), while playing:" % args.events, f.playing),
            ("inside an event while playing (upper bound):", f.inside[0]),
            ("the same, once the game has started:", f.turns[0]),
            ("live as the last event began:", f.before_last),
            ("inside the last event (upper bound):", f.last),
            ("live once the game is over and shelved:", f.end))
    for name, got in rows:
        print("%-50s %7d B, %6d B above the code%s" % (name, got, got - f.code,
                                                       "" if got - f.code <= above else
                                                       " (%d B over 64 KB)"
                                                       % (got - f.code - above)))
    print("the highest inside figure while playing came at event %d, once the game had "
          "started at event %d; the last event (the game over: its record written) "
          "allocated %d B" % (f.inside[1], f.turns[1], f.last_made))
    def verdict(got):
        over = got - f.code - above
        return "met" if over <= 0 else "missed by %d B" % over

    print("the events before the last that allocated most: %s"
          % "; ".join("%s B at event %s (%s)" % tuple(t) for t in f.top))
    print("goal: at most 64 KB (65536 B) above the code: between steps while playing %s; "
          "inside events while playing %s (once the game has started %s); inside the last "
          "event %s; once the game is shelved %s"
          % (verdict(f.playing), verdict(f.inside[0]), verdict(f.turns[0]), verdict(f.last),
             verdict(f.end)))
    before, shelved = f.pins
    if before is not None:
        # What data alone holds, counted twice: the runtime's own roots are not in the
        # dump, so a block only they hold counts as well; the difference is the event's.
        pinned = max(0, shelved.pinned - before.pinned)
        print("held only by words of data (bytecode, interned names, bytes: a conservative "
              "collector's artefact, tools/bench/heap_pins.py), added by the last event: %d B"
              % pinned)
        print("live once shelved, less those:                     %7d B, %6d B above the "
              "code: the goal %s" % (f.end - pinned, f.end - pinned - f.code,
                                     verdict(f.end - pinned)))
    print("(the events were decided in CPython; the script runner that plays them is in the "
          "figures, the board has none)")


if __name__ == "__main__":
    main()
