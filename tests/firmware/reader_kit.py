# The table's loop reading club cards through the real MFRC522 driver and the fake chip,
# on one time line: the fake bus's clock follows the table's, and every frame spends a
# board's time on its own work (the LED data on the wire) before it sleeps, so the loop
# has only a board's spare time to poll in. Used by test_loop_cards.py and
# tools/bench/card_read.py; runs under CPython and inside MicroPython.
import fake_mfrc522 as fk
import table_kit as K
from teebox.app import script
from teebox.hal import rfid

# A board's frame before it sleeps: 384 LEDs x 30 us = 11.5 ms of data on the wire, plus
# the frame's own Python (issue 16's goal: at most 2.9 ms), rounded up.
WORK_MS = 15
LIMIT_FRAMES = 60  # frames to wait for an event before calling it lost


class ReadingTable:
    """A 2-player game waiting for its first clubs (or ``loop``'s game), one MFRC522 (the
    fake chip) reading.

    ``events`` collects ``(kind, ms)``: "scan" and "lift" when the table is handed a
    card or its removal, "shown" for every frame sent to the LEDs. ``lay(club, at)``
    lays a club's card (or a tag: its UID) when the clock reaches ``at`` (ms), mid-frame
    if need be.
    """

    def __init__(self, work_ms=WORK_MS, loop=None):
        loop = K.started_app(3) if loop is None else loop
        self.loop = loop
        self.clock = loop.hw.clock
        # No time per status read: the loop's passes are the clock's sleeps here.
        self.bus = fk.FakeBus(poll_us=0)
        self.chip = fk.FakeMfrc522(self.bus, fk.FakePin(17, fk.FakePin.OUT, value=1))
        loop.hw.readers = rfid.CardReader(rfid.Mfrc522(self.bus, self.chip.cs))
        self.work_ms = work_ms
        self.events = []
        self.card = None
        self._lay_at = -1
        self._lay_uid = None
        self._last = -1   # the number of the event until() found last
        self._advance = self.clock.advance
        self.clock.advance = self._tick   # SimClock.sleep_ms advances through this
        leds = loop.hw.leds
        self._show_ready = leds.show_ready
        leds.show_ready = self._shown
        t = loop.table
        self._scan = t.handle_scan
        self._removed = t.handle_removed
        t.handle_scan = self._scanned
        t.handle_removed = self._lifted
        for _ in range(10):  # the field comes on
            loop.step()

    def now(self):
        """The table's clock, in ms."""
        return self.clock.ticks_ms()

    def _tick(self, ms):
        # One ms at a time, the bus keeping pace, a card laid at its moment.
        for _ in range(ms):
            self._advance(1)
            self.bus.sleep(1000)
            if self._lay_uid is not None and self.now() >= self._lay_at:
                self.card = self.chip.add(fk.FakeCard(self._lay_uid))
                self._lay_uid = None

    def _shown(self, frame, total=None):
        self.events.append(("shown", self.now()))
        self._show_ready(frame, total)
        self._tick(self.work_ms)

    def _scanned(self, seat, uid):
        self.events.append(("scan", self.now()))
        self._scan(seat, uid)

    def _lifted(self, seat, uid):
        self.events.append(("lift", self.now()))
        self._removed(seat, uid)

    def uid(self, club):
        """The UID of the demo card bound to ``club`` (an id like "club:3-wood-29")."""
        return script.card_uid(self.loop.table, club)

    def lay(self, club, at):
        """Lay ``club``'s card (a club id, or any tag's UID as bytes) on the reader when
        the clock reaches ``at`` ms."""
        self._lay_at = at
        self._lay_uid = self.uid(club) if isinstance(club, str) else bytes(club)

    def lift(self):
        """Lift the card off the reader now."""
        self.chip.take(self.card)
        self.card = None

    def until(self, kind, after=None):
        """Step frames until an event of ``kind`` (after event number ``after``, default:
        from now); its time in ms (AssertionError if none comes within LIMIT_FRAMES)."""
        start = len(self.events) if after is None else after + 1
        for _ in range(LIMIT_FRAMES + 1):
            for i in range(start, len(self.events)):
                if self.events[i][0] == kind:
                    self._last = i
                    return self.events[i][1]
            start = len(self.events)
            self.loop.step()
        raise AssertionError("no %r within %d frames" % (kind, LIMIT_FRAMES))

    def put(self, tag):
        """Lay ``tag`` (as :meth:`lay` takes it) on the reader as a player does: frames
        run until the table is handed it and shows what it did; then it is lifted and
        frames run until the table notices."""
        self.reveal(tag, self.now() + 1)
        self.lift()
        self.until("lift")

    def reveal(self, club, at):
        """Lay ``club``'s card at ``at`` ms: ``(ms to the scan, ms to the first frame shown
        after it)``, both from the moment the card was laid. The card stays on the reader."""
        self.lay(club, at)
        scan = self.until("scan")
        shown = self.until("shown", self._last)
        return scan - at, shown - at
