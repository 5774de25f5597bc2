"""Sync over the virtual serial link at 115200 baud: record sizes and how long a sync takes.

Prints the record sizes of 5-player 18-hole games (championship course, each mode, over
``--seeds`` seeds: median and maximum, against the 2 KB goal), then syncs games from a
virtual board whose pseudo-terminal is throttled to 115200 baud (11520 bytes a second
each way) and prints the time next to what the bytes alone need at that rate (the
goal: at most 1.5x). The sync time includes opening the port, the handshake, the
replay check on the laptop and the score-history write.

The figure that stands for the board is the MicroPython board's: the firmware as
MicroPython runs it, served from the table's loop at the board's own pace (a frame
every 33 ms of real time, its sleeps real sleeps that no byte wakes: see
``vboard.VirtualTable.keep_real_time``). It syncs ``--games`` demo games (2 to 5
players, 18 holes, each mode in turn, seeds 1, 2, ...), then one demo game (the
costs that do not shrink with the bytes weigh most there), ``--runs`` times each on a
fresh board, and prints each run, the best and the median. The CPython board steps its loop
as soon as bytes arrive (no pacing): one 5-player Stroke Play game a run, for comparison.

It also prints the board's share of answering a whole FETCH_GAME chunk (a real record),
timed inside MicroPython with the shared timer (``--reps`` batches of at least 100 ms),
with its RP2040 ESTIMATE next to the chunk's wire time, and what a poll of an idle line
costs (the loop polls the link every millisecond of each frame's spare time).

    python -m tools.bench.sync_link [--seeds N] [--games N] [--runs N] [--reps N]

A sync waits on the line, so it is timed once a run on the wall clock (CPU time would
not do; the shared timer's batches do not fit a sync either): on this shared machine the figure
swings with the load, hence several runs.
"""

import contextlib
import sys
import tempfile
import time
from pathlib import Path

from teebox.core.wire import gamerecord
from teebox.core.wire.commands import MAX_DATA
from teebox.app.gamejournal import GameJournal
from teebox.app.loop import FRAME_MS
from teebox.app.shelf import Shelf
from teebox.core.holes18 import bots, engine
from teebox.hal.store import SimStore
from teebox_host.link import Link
from teebox_host.scoredb import ScoreDB
from teebox_host.sync_cmd import sync_games
from teebox_host.virtual_board import VirtualBoard
from teebox import shipped
from tests.firmware.link_kit import play_bots
from tools.bench import common  # the tests' way to journal a bot game

BAUD = 115200
RATE = BAUD / 10  # bytes a second: 8 data bits, a start and a stop bit


GOAL = 2048  # the goal: a 5-player 18-hole record at most 2 KB in every mode
SYNC_GOAL = 1.5  # and a sync at most 1.5x the wire time of its bytes
SETTLE_S = 1.0   # a fresh virtual board runs this long before a timed sync
# The line's pump threads (``virtual_board._Pump``) run in this interpreter, beside the
# sync's replay check and course loading: at Python's default switch interval (5 ms) a
# byte the laptop wrote waited up to 20 ms for its pump to get the interpreter, which no
# serial line does (the kernel carries it). A short interval hands it over at once.
SWITCH_S = 0.0005


def record(crs, clubs, shots, mode, seed):
    """The record of a 5-player 18-hole bot game journalled by the board's GameJournal."""
    store = SimStore()
    game = engine.Game(crs, clubs, shots, engine.Setup(5, mode, seed))
    play_bots(GameJournal(store, board="0" * 16), game,
              [bots.SensibleBot(seed + i) for i in range(5)])
    return Shelf(store).read(1)


def record_size(crs, clubs, shots, mode, seed):
    """``(record bytes, game-log bytes)`` of :func:`record`."""
    data = record(crs, clubs, shots, mode, seed)
    return len(data), len(gamerecord.decode(data).log)


# The board's share of a FETCH_GAME of a whole chunk, inside MicroPython: the request
# decoded, the record read, the reply encoded and written (LinkServer.poll on a pipe).
BOARD_SHARE = """
import struct
from teebox.app.link_server import LinkServer, pipe
from teebox.app.shelf import Shelf
from teebox.hal.store import SimStore
from teebox.core.wire import framing
from teebox.core.wire.commands import FETCH_GAME, MAX_DATA

store = SimStore()
Shelf(store).put(1, bytes.fromhex("%(record)s"))
board, host = pipe()
server = LinkServer(board, board, store, board="00" * 8)
request = framing.encode(struct.pack("<BHIIH", FETCH_GAME, 1, 1, 0, MAX_DATA))


def work(n):
    for _ in range(n):
        host.write(request)
        server.poll()
        host.read_available(4096)


low, mid, how = measure(work, %(reps)d, %(batch)d)
print("ROW|%%d|%%d|%%s" %% (low, mid, how))
"""


def board_share(reps):
    """Print what answering one 1000-byte FETCH_GAME costs the board, in WebAssembly and
    as an RP2040 ESTIMATE, against the chunk's wire time."""
    data = record(shipped.load_builtin("championship"), shipped.load_default_clubs(),
                  shipped.load_default_shots(), "stroke", 1)
    (low, mid, how), = common.micropython_rows(BOARD_SHARE % {
        "record": data.hex(), "reps": reps, "batch": common.BATCH_MS})
    fast, slow = common.rp2040(int(low))
    print(f"\nThe board's share of a FETCH_GAME of {MAX_DATA} bytes (request decoded, record "
          f"read, reply encoded), MicroPython WebAssembly: min {low} us, median {mid} us; "
          f"RP2040 ESTIMATE {fast / 1000:.1f} to {slow / 1000:.1f} ms, against "
          f"{(MAX_DATA + 30) / RATE * 1000:.0f} ms for the reply's bytes at {BAUD} baud\n"
          f"  timing: {how}")


# What watching an idle line costs the board: the loop polls the link every millisecond of
# each frame's spare time (``Loop._rest``), a StreamPort with nothing waiting, as on the board.
IDLE_POLL = """
import table_kit as K
from fake_line import Wire
from teebox.app.link_server import LinkServer

loop = K.sim_app()
wire = Wire()
server = LinkServer(wire.port, wire.port, loop.hw.store, clock=loop.hw.clock)
server.start()


def work(n):
    for _ in range(n):
        server.poll()


low, mid, how = measure(work, %(reps)d, %(batch)d)
print("ROW|%%d|%%d|%%s" %% (low, mid, how))
"""


def idle_poll(reps):
    """Print what one poll of an idle line costs the board (WebAssembly, RP2040 ESTIMATE)
    and what the polls of a frame's spare time add up to at most."""
    (low, mid, how), = common.micropython_rows(IDLE_POLL % {"reps": reps,
                                                            "batch": common.BATCH_MS})
    fast, slow = common.rp2040(float(low))
    print(f"A poll of an idle line (LinkServer.poll, a StreamPort with nothing waiting), "
          f"MicroPython WebAssembly: min {low} us, median {mid} us; RP2040 ESTIMATE "
          f"{fast:.0f} to {slow:.0f} us, each after a 1 ms sleep of the frame's spare time "
          f"(at most {FRAME_MS - 1} a frame: {(FRAME_MS - 1) * slow / 1000:.1f} ms of CPU "
          f"a frame at the slow end, in time the board would sleep)\n  timing: {how}")


def record_sizes(seeds):
    crs = shipped.load_builtin("championship")
    clubs = shipped.load_default_clubs()
    shots = shipped.load_default_shots()
    print("Record of a 5-player 18-hole game (championship course, SensibleBot players), "
          "%d seeds a mode; goal at most %d bytes:" % (seeds, GOAL))
    for mode in ("stroke", "match", "stableford", "chaos"):
        sizes = sorted(record_size(crs, clubs, shots, mode, seed) for seed in range(1, seeds + 1))
        totals = sorted(n for n, _ in sizes)
        logs = sorted(n for _, n in sizes)
        over = len([n for n in totals if n > GOAL])
        print(f"  {mode:10s} median {totals[len(totals) // 2]:5d} B, max {totals[-1]:5d} B "
              f"(game log median {logs[len(logs) // 2]} B, max {logs[-1]} B); "
              f"over {GOAL} B: {over} of {seeds}")


def timed_sync(vb):
    """Sync every game waiting on ``vb`` into a fresh score history: ``(games, seconds,
    bytes up, bytes down)``. The board first runs its loop for SETTLE_S, as a board
    does long before anyone syncs it (the first frames after the bots' games collect
    their garbage)."""
    time.sleep(SETTLE_S)
    switch = sys.getswitchinterval()
    sys.setswitchinterval(SWITCH_S)
    try:
        with tempfile.TemporaryDirectory() as tmp, ScoreDB(Path(tmp) / "s.db") as db:
            start = time.perf_counter()
            with Link(vb.port, timeout=2.0) as link:
                report = sync_games(link, db)
            spent = time.perf_counter() - start
    finally:
        sys.setswitchinterval(switch)
    return len(report.stored), spent, vb.up.bytes, vb.down.bytes


def line(label, games, spent, up, down):
    floor = (up + down) / RATE
    print(f"  {label}: {games} game(s) synced in {spent:.2f} s; on the wire {up} bytes up "
          f"+ {down} bytes down = {floor:.2f} s at {BAUD} baud "
          f"(sync / bytes alone: {spent / floor:.2f}x)")
    return spent / floor


def runs(label, board, count):
    """Sync from ``count`` fresh boards (``board()`` starts one with its games); prints
    each run, then the best and median ratio against the goal."""
    ratios = []
    for run in range(count):
        with board() as vb:
            ratios.append(line(f"{label}, run {run + 1}", *timed_sync(vb)))
    ratios.sort()
    median = ratios[len(ratios) // 2]
    print(f"  {label}: best {ratios[0]:.2f}x, median {median:.2f}x of {count} runs; goal "
          f"{'met' if median <= SYNC_GOAL else 'missed'} (median)")


@contextlib.contextmanager
def cpython_board():
    with VirtualBoard(baud=BAUD) as vb:
        vb.play("stroke", 5, seed=7, course_name="championship")
        yield vb


def main():
    args = common.options(__doc__, seeds=(20, "seeds a mode for the record sizes"),
                          games=(8, "demo games on the MicroPython board a run"),
                          runs=(3, "syncs from fresh boards"))
    record_sizes(args.seeds)
    board_share(args.reps)
    idle_poll(args.reps)
    print(f"\nSync over the virtual link throttled to {BAUD} baud ({RATE:.0f} bytes/s each way), "
          f"goal at most {SYNC_GOAL}x the bytes' wire time:")
    for games in (args.games, 1):
        runs(f"MicroPython board at the board's pace, {games} demo game{'s' * (games > 1)}",
             lambda: VirtualBoard(micropython=True, games=games, baud=BAUD,
                                  demo_course="championship"), args.runs)
    runs("CPython board (no pacing), one 5-player 18-hole Stroke Play game", cpython_board,
         args.runs)


if __name__ == "__main__":
    main()
