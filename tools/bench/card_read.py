"""Reading a card: frames from laying it on the reader to the table acting on it.

    python -m tools.bench.card_read

Runs the table on simulated hardware (``tests/firmware/table_kit.sim_app``, a 2-player
game on the championship course waiting for clubs) with the real MFRC522 driver
(``teebox.hal.rfid``) polling the fake chip (``tests/firmware/fake_mfrc522.py``) once a
frame, the fake bus's clock advancing one frame (``app/loop.py`` FRAME_MS) for each pass
of the loop, as on the board. Both players lay their club card in turn (P1 the Sand
Wedge, then P2 the 3-Wood); for each card it counts the frames from the card entering
the field to ``Table.handle_scan`` (the last card's scan is what reveals the clubs,
in that frame), and the frames until lifting it is noticed.

The frame count does not depend on the machine: the estimate for an RP2040 is frames x
FRAME_MS (a frame lasts at least that; longer when its Python overruns). Goal (the
issue): the reveal at most 100 ms after the last card is laid.
"""

import sys
from pathlib import Path

from tools.bench import common

ROOT = Path(__file__).resolve().parents[2]
GOAL_MS = 100
LIMIT = 200  # frames to wait before calling a card unread


def setup():
    """``(loop, chip, scans)``: the table with the fake reader; ``scans`` collects the
    frame numbers at which the table was handed a scan or a removal."""
    sys.path.insert(0, str(ROOT / "tests" / "firmware"))
    import fake_mfrc522 as fk
    import table_kit as K
    from teebox.app import script
    from teebox.app.loop import FRAME_MS
    from teebox.hal import rfid

    loop = K.sim_app()
    run = script.Runner(loop)
    for text in ("seed 3", "press OK 7"):
        run.step(script.parse_line(text, 1, K.CLUBS))
    bus = fk.FakeBus(poll_us=FRAME_MS * 1000)
    chip = fk.FakeMfrc522(bus, fk.FakePin(17, fk.FakePin.OUT, value=1))
    loop.hw.readers = rfid.CardReader(rfid.Mfrc522(bus, chip.cs))
    for _ in range(30):  # the field comes on
        loop.step()
    events = []
    t = loop.table
    scan, removed = t.handle_scan, t.handle_removed
    t.handle_scan = lambda seat, uid: (events.append(("scan", loop.frames)), scan(seat, uid))
    t.handle_removed = lambda seat, uid: (events.append(("lift", loop.frames)),
                                          removed(seat, uid))
    return loop, chip, events, fk


def frames_until(loop, events, kind):
    """Frames stepped until an event of ``kind`` arrives (None: not within LIMIT)."""
    start = loop.frames
    while loop.frames - start < LIMIT:
        loop.step()
        if events and events[-1][0] == kind:
            return loop.frames - start
    return None


def main():
    common.options(__doc__)
    from teebox.app import script
    from teebox.app.loop import FRAME_MS
    loop, chip, events, fk = setup()
    print("Reading a card on the table's loop (one poll a frame, frame %d ms), fake MFRC522 "
          "with its own clock" % FRAME_MS)
    print("%-22s %14s %20s %14s" % ("card", "laid -> scan", "RP2040 ESTIMATE", "lift noticed"))
    worst = 0
    for label, club in (("P1 Sand Wedge", "club:sand-wedge-7"), ("P2 3-Wood (last)",
                                                                 "club:3-wood-29")):
        uid = script.card_uid(loop.table, club)
        card = chip.add(fk.FakeCard(uid))
        got = frames_until(loop, events, "scan")
        chip.take(card)
        lift = frames_until(loop, events, "lift")
        if got is None:
            raise SystemExit("the table did not read %s within %d frames" % (label, LIMIT))
        worst = max(worst, got)
        print("%-22s %7d frames %11d ms %14s" % (label, got, got * FRAME_MS,
                                                "%d frames" % lift if lift else "-"))
    print("goal: the reveal at most %d ms after the last card is laid: %s (%d ms by the "
          "frame count)" % (GOAL_MS, "met" if worst * FRAME_MS <= GOAL_MS else "missed",
                            worst * FRAME_MS))
    print("The frame count is exact for this driver and fake chip; the ms are frames x %d, "
          "an ESTIMATE that holds while a frame's Python fits its %d ms."
          % (FRAME_MS, FRAME_MS))


if __name__ == "__main__":
    main()
