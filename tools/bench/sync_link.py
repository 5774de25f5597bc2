"""Sync over the virtual serial link at 115200 baud: record sizes and how long a sync takes.

Prints the record size of a 5-player 18-hole game (championship course, each mode),
then syncs it from a virtual board whose pseudo-terminal is throttled to 115200 baud
(11520 bytes a second each way) and prints the time next to what the bytes alone
need at that rate. The sync time includes the handshake, the replay check on the
laptop and the score-history write. The MicroPython board does the same with five
demo games.

    python -m tools.bench.sync_link
"""

import tempfile
import time
from pathlib import Path

from teebox.core.wire import gamerecord
from teebox.app.gamejournal import GameJournal
from teebox.app.shelf import Shelf
from teebox.core import bots, engine
from teebox.hal.store import SimStore
from teebox_host.link import Link
from teebox_host.scoredb import ScoreDB
from teebox_host.sync_cmd import sync_games
from teebox_host.virtual_board import VirtualBoard
from teebox import shipped
from tests.firmware.link_kit import play_bots  # the tests' way to journal a bot game

BAUD = 115200
RATE = BAUD / 10  # bytes a second: 8 data bits, a start and a stop bit


def record_sizes():
    crs = shipped.load_builtin("championship")
    clubs = shipped.load_default_clubs()
    shots = shipped.load_default_shots()
    print("Record of a 5-player 18-hole game (championship course, SensibleBot players):")
    for mode in ("stroke", "match", "stableford", "chaos"):
        store = SimStore()
        game = engine.Game(crs, clubs, shots, engine.Setup(5, mode, 7))
        play_bots(GameJournal(store, board="0" * 16), game,
                  [bots.SensibleBot(7 + i) for i in range(5)])
        data = Shelf(store).read(1)
        log = len(gamerecord.decode(data).log)
        print(f"  {mode:10s} {len(data):5d} bytes ({len(game.inputs)} inputs, game log "
              f"{log} bytes, {len(data) - log} bytes of header, scores and standings)")


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
    record_sizes()
    print(f"\nSync over the virtual link throttled to {BAUD} baud ({RATE:.0f} bytes/s each way):")
    with VirtualBoard(baud=BAUD) as vb:
        vb.play("stroke", 5, seed=7, course_name="championship")
        timed_sync(vb, "CPython board, one 5-player 18-hole Stroke Play game")
    with VirtualBoard(micropython=True, games=5, baud=BAUD, demo_course="championship") as vb:
        timed_sync(vb, "MicroPython board, five demo games (2 to 5 players, 18 holes)")


if __name__ == "__main__":
    main()
