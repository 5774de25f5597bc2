"""Frames for the USB serial link (layout in docs/protocol.md).

On the wire a frame is ``0x00 | COBS(payload + crc32(payload)) | 0x00``:
the CRC is u32 little-endian, COBS removes every zero byte so 0x00 only ever
delimits. The leading delimiter means a frame is never swallowed by noise or
by a half-sent frame before it (a sender reset mid-frame, REPL text); the
decoder treats back-to-back delimiters as idle line.
"""

import struct
from binascii import crc32

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

MAX_PAYLOAD = const(1024)
_CRC = const(4)

FRAME = "frame"
ERROR = "error"
# Why a stretch between two delimiters was not a frame:
BAD_CRC = "bad crc"        # decoded, but the CRC does not match: corrupted on the way
BAD_COBS = "bad cobs"      # a COBS block runs into the delimiter: truncated or corrupted
TOO_SHORT = "too short"    # decodes to no more bytes than a CRC: noise
TOO_LONG = "too long"      # longer than max_payload: discarded up to the next delimiter


def encode(payload, max_payload=MAX_PAYLOAD):
    """The wire bytes of one frame carrying ``payload``; ValueError if it is
    empty or longer than ``max_payload``."""
    if not payload:
        # The CRC-32 of nothing is 0, so an empty frame would be a run of 0x01 bytes:
        # what any zero-filled frame becomes when a flipped bit cuts it. Refused both
        # ways, so a corrupted frame never decodes to a frame nobody sent.
        raise ValueError("a frame carries at least one payload byte")
    if len(payload) > max_payload:
        raise ValueError("frame payload of %d bytes is longer than the %d allowed"
                         % (len(payload), max_payload))
    data = bytes(payload) + struct.pack("<I", crc32(payload))
    out = bytearray(b"\x00")
    start = 0
    end_all = len(data)
    while True:
        end = data.find(b"\x00", start)
        if end < 0:
            end = end_all
        # A run of non-zero bytes: a block is a code byte (run length + 1) and
        # at most 254 bytes; a full block (code 0xFF) implies no zero after it.
        while end - start >= 254:
            out.append(0xFF)
            out += data[start:start + 254]
            start += 254
        out.append(end - start + 1)
        out += data[start:end]
        if end == end_all:
            break
        start = end + 1
    out.append(0)
    return bytes(out)


class FrameDecoder:
    """Turns a byte stream into frames, with a fixed buffer.

    ``feed(data)`` returns a list of results in stream order, each
    ``(FRAME, payload)`` or ``(ERROR, reason)`` with reason one of BAD_CRC,
    BAD_COBS, TOO_SHORT, TOO_LONG. After garbage the decoder resyncs at the
    next 0x00; a frame longer than ``max_payload`` is skipped to the next
    delimiter without being buffered.
    """

    def __init__(self, max_payload=MAX_PAYLOAD):
        self._buf = bytearray(max_payload + _CRC)
        self._n = 0        # bytes decoded so far
        self._left = 0     # data bytes still due in the current COBS block
        self._code = 0     # the current block's code byte; 0: no byte since a delimiter
        self._skip = False  # over max_payload: dropping bytes until the delimiter

    def feed(self, data):
        """Decode the next bytes of the stream; return the results they complete."""
        out = []
        buf = self._buf
        cap = len(buf)
        n = self._n
        left = self._left
        code = self._code
        skip = self._skip
        for b in data:
            if b == 0:
                res = self._result(n, left, code, skip)
                if res is not None:
                    out.append(res)
                n = left = code = 0
                skip = False
                continue
            if skip:
                continue
            if left:
                left -= 1
                v = b
            elif code and code != 0xFF:
                # A new block: the block before it (not a full one) ended in a zero.
                code = b
                left = b - 1
                v = 0
            else:
                code = b
                left = b - 1
                continue
            if n == cap:
                skip = True
            else:
                buf[n] = v
                n += 1
        self._n = n
        self._left = left
        self._code = code
        self._skip = skip
        return out

    def _result(self, n, left, code, skip):
        """What the bytes since the last delimiter were; None for an idle line."""
        if skip:
            return (ERROR, TOO_LONG)
        if not code:
            return None
        if left:
            return (ERROR, BAD_COBS)
        if n <= _CRC:  # (no payload: see encode)
            return (ERROR, TOO_SHORT)
        body = memoryview(self._buf)[:n - _CRC]
        if crc32(body) != struct.unpack_from("<I", self._buf, n - _CRC)[0]:
            return (ERROR, BAD_CRC)
        return (FRAME, bytes(body))
