"""Sync over the virtual serial link at 115200 baud: record sizes and how long a sync takes.

Prints the record sizes of 5-player 18-hole games (championship course, each mode, over
``--seeds`` seeds: median and maximum, against the 2 KB goal), then syncs a game from a
virtual board whose pseudo-terminal is throttled to 115200 baud (11520 bytes a second
each way) and prints the time next to what the bytes alone
need at that rate. The sync time includes the handshake, the replay check on the
laptop and the score-history write. The MicroPython board does the same with five
demo games.

    python -m tools.bench.sync_link [--seeds N]

The sync is timed once on the wall clock (it waits on the line, so CPU time would not
do; the shared timer's batches do not fit a sync either): on this shared machine the
figure swings with the load. The CPython virtual board answers as fast as it can; the
board serves the link from its loop, once a 33 ms frame, which this does not pace.
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


def timed_sync(vb, label):
    with tempfile.TemporaryDirectory() as tmp, ScoreDB(Path(tmp) / "s.db") as db:
        start = time.perf_counter()
        with Link(vb.port, timeout=2.0) as link:
            report = sync_games(link, db)
        spent = time.perf_counter() - start
    up, down = vb.up.bytes, vb.down.bytes
    floor = (up + down) / RATE
    print(f"  {label}: {len(report.stored)} game(s) synced in {spent:.2f} s; on the wire "
          f"{up} bytes up + {down} bytes down = {floor:.2f} s at {BAUD} baud "
          f"(sync / bytes alone: {spent / floor:.1f}x)")


def main():
    args = common.options(__doc__, seeds=(20, "seeds a mode for the record sizes"))
    record_sizes(args.seeds)
    print(f"\nSync over the virtual link throttled to {BAUD} baud ({RATE:.0f} bytes/s each way):")
    with VirtualBoard(baud=BAUD) as vb:
        vb.play("stroke", 5, seed=7, course_name="championship")
        timed_sync(vb, "CPython board, one 5-player 18-hole Stroke Play game")
    with VirtualBoard(micropython=True, games=5, baud=BAUD, demo_course="championship") as vb:
        timed_sync(vb, "MicroPython board, five demo games (2 to 5 players, 18 holes)")


if __name__ == "__main__":
    main()
