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
players, 18 holes, each mode in turn, seeds 1, 2, ...), ``--runs`` times on a fresh
board, and prints each run, the best and the median. The CPython board answers as fast
as its thread is woken (no pacing): one 5-player Stroke Play game, for comparison.

    python -m tools.bench.sync_link [--seeds N] [--games N] [--runs N]

A sync waits on the line, so it is timed on the wall clock (CPU time would not do; the
shared timer's batches do not fit a sync either): on this shared machine the figure
swings with the load, hence several runs.
"""

import tempfile
import time
from pathlib import Path

from teebox.core.wire import gamerecord
from teebox.app.gamejournal import GameJournal
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


def record_size(crs, clubs, shots, mode, seed):
    """``(record bytes, game-log bytes)`` of a 5-player 18-hole bot game journalled by the
    board's GameJournal."""
    store = SimStore()
    game = engine.Game(crs, clubs, shots, engine.Setup(5, mode, seed))
    play_bots(GameJournal(store, board="0" * 16), game,
              [bots.SensibleBot(seed + i) for i in range(5)])
    data = Shelf(store).read(1)
    return len(data), len(gamerecord.decode(data).log)


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
    bytes up, bytes down)``."""
    with tempfile.TemporaryDirectory() as tmp, ScoreDB(Path(tmp) / "s.db") as db:
        start = time.perf_counter()
        with Link(vb.port, timeout=2.0) as link:
            report = sync_games(link, db)
        spent = time.perf_counter() - start
    return len(report.stored), spent, vb.up.bytes, vb.down.bytes


def line(label, games, spent, up, down):
    floor = (up + down) / RATE
    print(f"  {label}: {games} game(s) synced in {spent:.2f} s; on the wire {up} bytes up "
          f"+ {down} bytes down = {floor:.2f} s at {BAUD} baud "
          f"(sync / bytes alone: {spent / floor:.2f}x)")
    return spent / floor


def main():
    args = common.options(__doc__, seeds=(20, "seeds a mode for the record sizes"),
                          games=(8, "demo games on the MicroPython board a run"),
                          runs=(3, "syncs from a fresh MicroPython board"))
    record_sizes(args.seeds)
    print(f"\nSync over the virtual link throttled to {BAUD} baud ({RATE:.0f} bytes/s each way), "
          f"goal at most {SYNC_GOAL}x the bytes' wire time:")
    ratios = []
    for run in range(args.runs):
        with VirtualBoard(micropython=True, games=args.games, baud=BAUD,
                          demo_course="championship") as vb:
            ratios.append(line(f"MicroPython board, loop's pacing, run {run + 1}",
                               *timed_sync(vb)))
    ratios.sort()
    print(f"  MicroPython board, {args.games} games a run: best {ratios[0]:.2f}x, median "
          f"{ratios[len(ratios) // 2]:.2f}x of {len(ratios)} runs; goal "
          f"{'met' if ratios[len(ratios) // 2] <= SYNC_GOAL else 'missed'} (median)")
    with VirtualBoard(baud=BAUD) as vb:
        vb.play("stroke", 5, seed=7, course_name="championship")
        line("CPython board (no pacing), one 5-player 18-hole Stroke Play game",
             *timed_sync(vb))


if __name__ == "__main__":
    main()
