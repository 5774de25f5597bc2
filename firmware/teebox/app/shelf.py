"""The board's shelf of finished games: each waiting record in its own value file
(``game-NNNNNN``, written with ``write_atomic``), game numbers that only ever grow
across reboots and acknowledgements, the board's id, and the wall clock a finished
game is stamped with. The record format itself is ``core/wire/gamerecord.py``."""

import struct

from teebox.core.wire.gamerecord import MAX_NUMBER, TIME_EXACT, TIME_NOT_BEFORE, TIME_UNKNOWN

GAME_PREFIX = "game-"   # store file of a waiting record: game-000042
SEQ_FILE = "games.seq"  # the last game number handed out (u32)
BOARD_ID_FILE = "board.id"
CLOCK_FILE = "clock.last"  # the last calendar time the board knew (u32 Unix seconds)


def game_file(number):
    """The store file name of waiting game ``number``."""
    return "%s%06d" % (GAME_PREFIX, number)


class Shelf:
    """The finished games waiting on the board for the host (one value file each).

    A record is removed only by :meth:`remove` (the host's acknowledgement).
    Game numbers come from :meth:`reserve`: one more than the highest number
    ever handed out or waiting, so they grow across reboots and acks.
    """

    def __init__(self, store):
        self.store = store

    def numbers(self):
        """The numbers of the waiting games, oldest first."""
        out = []
        for name in self.store.names():
            if name.startswith(GAME_PREFIX):
                try:
                    out.append(int(name[len(GAME_PREFIX):]))
                except ValueError:
                    pass  # not one of ours
        out.sort()
        return out

    def read(self, number):
        """The record bytes of waiting game ``number``, or None."""
        return self.store.read(game_file(number))

    def size(self, number):
        """The record's size in bytes, or None if that game is not waiting."""
        data = self.read(number)
        return None if data is None else len(data)

    def put(self, number, data):
        """Keep a record (atomically: after a power cut it is there whole or not at all)."""
        self.store.write_atomic(game_file(number), data)

    def remove(self, number):
        """Delete a record the host has stored; True if it was there."""
        return self.store.remove(game_file(number))

    def last_number(self):
        """The highest game number handed out so far (0 if none)."""
        raw = self.store.read(SEQ_FILE)
        last = struct.unpack("<I", raw)[0] if raw is not None and len(raw) == 4 else 0
        waiting = self.numbers()
        return max([last] + waiting)

    def reserve(self):
        """Hand out the next game number and remember it (survives reboots)."""
        n = self.last_number() + 1
        self.store.write_atomic(SEQ_FILE, struct.pack("<I", n))
        return n


def board_id(store):
    """This board's id as hex text: the RP2040's unique id, else one kept in the store
    (made up once from os.urandom, or from the clock where there is none)."""
    try:
        import machine
        return bytes(machine.unique_id()).hex()
    except (ImportError, AttributeError):
        pass
    raw = store.read(BOARD_ID_FILE)
    if raw is None:
        raw = _fresh_id()
        store.write_atomic(BOARD_ID_FILE, raw)
    return bytes(raw).hex()


def _fresh_id():
    import os
    try:
        return os.urandom(8)
    except (AttributeError, NotImplementedError):
        import hashlib
        import time
        seed = "%r %r" % (getattr(time, "ticks_us", time.time)(), id(object()))
        return hashlib.sha256(seed.encode()).digest()[:8]


class WallTime:
    """Calendar time for finish stamps, counted on from ``clock`` (a ``hal.clock`` clock)
    in whole seconds from the last time the host set it (SET_CLOCK).

    The board has no battery clock. With a ``store``, every time it learns
    (``set``, and each ``stamp``) is kept on flash (``clock.last``), so after a
    power cut it still knows a lower bound: a game finished then is stamped
    TIME_NOT_BEFORE that time plus the time since power-on, until the host
    sets the clock again. Without a store or any time ever set: unknown (0).
    """

    def __init__(self, clock, store=None):
        self._clock = clock
        self._store = store
        raw = store.read(CLOCK_FILE) if store is not None else None
        # Until set: the last time known before this power-on, counted on from power-on.
        self._seconds = struct.unpack("<I", raw)[0] if raw is not None and len(raw) == 4 else 0
        self._tick = clock.ticks_ms()
        self._exact = False

    def set(self, seconds):
        """The host says it is ``seconds`` (Unix time, UTC) now."""
        self._seconds = int(seconds)
        self._tick = self._clock.ticks_ms()
        self._exact = self._seconds > 0
        self._remember(self._seconds)

    def now(self):
        """Unix seconds now, or 0 if not set since power-on."""
        return self._advance() if self._exact else 0

    def stamp(self):
        """``(seconds, kind)`` for a game finishing now (kind: TIME_EXACT,
        TIME_NOT_BEFORE or TIME_UNKNOWN); a known time is kept on flash."""
        if not self._seconds:
            return 0, TIME_UNKNOWN
        t = self._advance()
        self._remember(t)
        return t, TIME_EXACT if self._exact else TIME_NOT_BEFORE

    def _advance(self):
        clock = self._clock
        # A tick counter that wrapped unseen can only make this smaller: a lower bound stays one.
        elapsed = max(0, clock.ticks_diff(clock.ticks_ms(), self._tick)) // 1000
        # Move the anchor on, so the tick counter's wrap never comes into it.
        self._seconds += elapsed
        self._tick = clock.ticks_add(self._tick, elapsed * 1000)
        return self._seconds

    def _remember(self, seconds):
        if self._store is not None and seconds:
            self._store.write_atomic(CLOCK_FILE, struct.pack("<I", min(seconds, MAX_NUMBER)))
