"""Serial frames through a hostile line: random payloads, random corruption.

Whatever happens to the bytes, the decoder must not crash, must never hand
out a payload nobody sent, and must deliver every frame the corruption did
not touch. A frame's bytes include both of its delimiters; bytes inserted
between two frames touch neither.
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from teebox.core.wire.framing import (BAD_COBS, BAD_CRC, ERROR, FRAME, TOO_LONG, TOO_SHORT,
                                FrameDecoder, encode)

MAX = 300  # a small limit, so oversize frames come up often

payloads = st.one_of(  # a frame carries at least one byte (framing.encode)
    st.binary(min_size=1, max_size=MAX),
    st.builds(lambda n, b: bytes([b]) * n, st.integers(1, MAX), st.sampled_from([0, 0xFF])),
    st.binary(min_size=MAX - 4, max_size=MAX + 4),  # around the limit
)

# A fault: (kind, where, value); `where` picks a piece (or a byte in it) modulo its size.
faults = st.tuples(
    st.sampled_from(["flip", "drop", "dup", "garbage", "splice"]),
    st.integers(0, 10_000),
    st.integers(0, 10_000),
    st.binary(min_size=1, max_size=40),
)


class Piece:
    """A stretch of the stream: one encoded frame (payload set) or garbage."""

    def __init__(self, data, payload=None):
        self.data = bytearray(data)
        self.payload = payload
        self.touched = payload is None


def _corrupt(pieces, fault):
    kind, where, at, junk = fault
    i = where % len(pieces)
    piece = pieces[i]
    if kind == "garbage":  # noise between two pieces
        pieces.insert(i, Piece(junk))
    elif kind == "dup":  # the sender repeated a frame
        copy = Piece(piece.data, piece.payload)
        copy.touched = piece.touched
        pieces.insert(i + 1, copy)
    elif piece.data:
        j = at % len(piece.data)
        if kind == "flip":
            piece.data[j] ^= 1 << (junk[0] % 8)
        elif kind == "drop":
            del piece.data[j]
        else:  # splice: noise inside a frame
            piece.data[j:j] = junk
        piece.touched = True


def _feed(dec, stream, cuts):
    """Feed ``stream`` in chunks whose sizes cycle through ``cuts``."""
    out = []
    pos = 0
    k = 0
    while pos < len(stream):
        size = cuts[k % len(cuts)]
        out += dec.feed(stream[pos:pos + size])
        pos += size
        k += 1
    return out


def _is_subsequence(needles, haystack):
    it = iter(haystack)
    return all(any(n == h for h in it) for n in needles)


@settings(max_examples=400, deadline=None)
@given(st.lists(payloads, max_size=12), st.lists(faults, max_size=8),
       st.lists(st.integers(1, 64), min_size=1, max_size=5))
def test_corruption_never_crashes_never_invents_and_spares_untouched_frames(sent, fs, cuts):
    pieces = [Piece(encode(p, max_payload=MAX + 4), p) for p in sent]
    if pieces:
        for fault in fs:
            _corrupt(pieces, fault)
    stream = b"".join(bytes(p.data) for p in pieces)

    results = _feed(FrameDecoder(max_payload=MAX), stream, cuts)

    for kind, value in results:
        assert kind in (FRAME, ERROR)
        if kind == ERROR:
            assert value in (BAD_CRC, BAD_COBS, TOO_SHORT, TOO_LONG)
    delivered = [v for k, v in results if k == FRAME]
    assert all(p in sent for p in delivered), "a payload that was never sent came out"
    intact = [p.payload for p in pieces if not p.touched and len(p.payload) <= MAX]
    assert _is_subsequence(intact, delivered), "an untouched frame was lost"
    # Oversize frames never come through, even untouched.
    assert all(len(p) <= MAX for p in delivered)


def _noise_heap_cost(micropython, chunks):
    """Heap high-water (bytes) of feeding ``chunks`` x 2000 bytes without a
    delimiter to one decoder inside MicroPython."""
    report = micropython.heap_high_water(
        "from teebox.core.wire.framing import FrameDecoder\n"
        "dec = FrameDecoder()\n"
        "noise = b'\\x55' * 2000\n"
        "fed = [0]\n"
        "def step():\n"
        "    assert dec.feed(noise) == []\n"
        "    fed[0] += 1\n"
        "    return fed[0] < %d\n" % chunks,
        step="step()")
    assert report.steps == chunks + 1
    return report.cost


def test_endless_noise_does_not_grow_the_heap_inside_micropython(micropython):
    # 200 kB of noise costs no more heap than 2 kB: it is dropped, not buffered.
    one = _noise_heap_cost(micropython, 1)
    many = _noise_heap_cost(micropython, 100)
    assert many - one < 512, (one, many)
