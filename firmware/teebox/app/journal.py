"""The game journal: an append-only log of CRC-checked records on a store.

A record is ``u16 length | payload | u32 crc32(length + payload)``, all
little-endian; the journal file is records back to back. Payloads are opaque
bytes here (the engine's inputs, the game header with seed and setup).

A flash write pauses interrupts on the RP2040 (LEDs, buttons), so records
are buffered in RAM by ``append()`` and written in one store append by
``flush()``, which the app calls at safe points such as the end of a turn.
A power cut can then tear only the last flush; ``recover()`` at boot cuts
that torn tail off so later appends stay readable.

The buffer is allocated once and reused (it grows only for a turn of more
records than it holds), and the journal keeps the file's size rather than
asking the store at every flush: a record appended and flushed at every
choice of a game made ~480 bytes of garbage in MicroPython (the record's
parts joined, the buffer grown and replaced, the file's status), at every
turn (docs/performance.md, "Heap").
"""

import struct
from binascii import crc32

MAX_RECORD = 0xFFFF  # a u16 length field
_HEAD = 2
_CRC = 4
BUFFER = 64  # bytes of records buffered before the buffer must grow (a turn's few)


def _put_record(buf, at, payload):
    # The record holding ``payload`` into ``buf`` from byte ``at`` (it must fit); returns
    # where it ends. ValueError if the payload is too long.
    n = len(payload)
    if n > MAX_RECORD:
        raise ValueError("journal record of %d bytes is longer than the %d a record can hold"
                         % (n, MAX_RECORD))
    struct.pack_into("<H", buf, at, n)
    end = at + _HEAD + n
    buf[at + _HEAD:end] = payload
    struct.pack_into("<I", buf, end, crc32(memoryview(buf)[at:end]))
    return end + _CRC


def encode_record(payload):
    """One journal record holding ``payload`` (bytes); ValueError if too long."""
    buf = bytearray(_HEAD + len(payload) + _CRC)
    _put_record(buf, 0, payload)
    return bytes(buf)


class Journal:
    """The record log named ``name`` on ``store`` (see hal/store.py).

    At boot, after ``store.recover()``, call ``recover()``; then replay
    ``records()``. During play: ``append()`` per input, ``flush()`` at the end
    of each turn, ``reset(header)`` to start a new game.
    """

    def __init__(self, store, name):
        self._store = store
        self._name = name
        self._buf = bytearray(BUFFER)  # the records buffered: _buf[:_n]
        self._n = 0
        self._size = None  # the file's size as last written (None: ask the store)
        # Where the file ended before a store append that failed part-way (or
        # None): its bytes come out before the next try, so records go in once.
        self._retry_at = None

    def append(self, payload):
        """Buffer one record (written by the next ``flush()``)."""
        need = self._n + _HEAD + len(payload) + _CRC
        if need > len(self._buf):  # more records in a turn than ever before
            grown = bytearray(max(need, 2 * len(self._buf)))
            grown[:self._n] = memoryview(self._buf)[:self._n]
            self._buf = grown
        self._n = _put_record(self._buf, self._n, payload)

    def pending(self):
        """Bytes of records buffered but not yet flushed (lost by a power cut)."""
        return self._n

    def flush(self):
        """Write the buffered records in one store append; return the bytes
        written. If the append fails, the records stay buffered and the next
        flush first takes out whatever part of them reached the file, so
        retrying never writes a record twice."""
        n = self._n
        if not n:
            return 0
        size = self._size
        if size is None or self._retry_at is not None:
            size = self._store.size(self._name) or 0
        if self._retry_at is not None and size > self._retry_at:
            self._truncate(self._retry_at)
            size = self._retry_at
        self._retry_at = size
        self._store.append(self._name, memoryview(self._buf)[:n])
        self._retry_at = None
        self._size = size + n
        self._n = 0
        return n

    def _truncate(self, keep):
        """Keep only the first ``keep`` bytes of the file (atomically)."""
        self._store.rewrite_log(self._name, self._store.read_at(self._name, 0, keep))
        self._size = keep

    def _walk(self):
        """Yield ``(end offset, payload)`` for each good record from the start;
        stop at the end of the file or at the first torn or corrupt record."""
        store = self._store
        name = self._name
        size = store.size(name) or 0
        off = 0
        while off + _HEAD + _CRC <= size:
            head = store.read_at(name, off, _HEAD)
            n = head[0] | head[1] << 8
            end = off + _HEAD + n + _CRC
            if end > size:
                return  # torn: the length runs past the end of the file
            body = store.read_at(name, off + _HEAD, n + _CRC)
            payload = body[:n]
            if crc32(payload, crc32(head)) != struct.unpack_from("<I", body, n)[0]:
                return  # corrupt: nothing after it can be trusted to be framed right
            yield end, payload
            off = end

    def records(self):
        """Iterate the payloads of the good flushed records, oldest first,
        stopping at the first torn or corrupt one (one record in memory at a time)."""
        for _, payload in self._walk():
            yield payload

    def recover(self):
        """Cut off everything from the first torn or corrupt record on, so new
        records follow good ones (the good prefix is rewritten atomically).
        Returns the number of bytes dropped (0 if the journal was whole)."""
        size = self._store.size(self._name)
        if size is None:
            return 0
        good = 0
        for good, _ in self._walk():
            pass
        if good < size:
            self._truncate(good)
        self._size = good
        return size - good

    def reset(self, header):
        """Start a new journal holding just the record ``header`` (e.g. a new
        game's seed and setup), atomically; unflushed records are discarded."""
        self._n = 0
        record = encode_record(header)
        self._size = None  # (unknown if the rewrite fails part-way)
        self._store.rewrite_log(self._name, record)
        self._size = len(record)
        self._retry_at = None
