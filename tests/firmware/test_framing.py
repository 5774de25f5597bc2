# Serial link frames: COBS + CRC-32 between 0x00 delimiters. Runs under CPython
# and inside MicroPython.
from fwtest import raises

from teebox.core.wire.framing import (BAD_COBS, BAD_CRC, ERROR, FRAME, MAX_PAYLOAD, TOO_LONG,
                                TOO_SHORT, FrameDecoder, encode)

PAYLOADS = (
    b"\x00",
    b"\x00" * 300,
    b"\xff" * 300,
    b"hello board",
    b"a" * 253,
    b"a" * 254,
    b"a" * 255,
    bytes(range(256)) * 4,
    b"\x00\xff" * (MAX_PAYLOAD // 2),
    b"\x5a" * MAX_PAYLOAD,
)


def test_known_wire_bytes():
    # The examples in docs/protocol.md.
    assert encode(b"\x00") == bytes.fromhex("0001058def02d200")
    assert encode(b"\x11\x22\x00\x33") == bytes.fromhex("0003112206337e1cf84d00")


def test_a_zero_filled_frame_cut_by_a_flipped_bit_invents_no_empty_frame():
    # Zeros encode as a run of 01 bytes, and the CRC-32 of nothing is 0: a flipped bit
    # that turns one 01 into a delimiter left "01 01 01 01 01" before it, which decoded
    # to an empty payload with a matching CRC, a frame nobody sent. No frame is empty.
    wire = bytearray(encode(bytes(37)))
    wire[6] ^= 1
    got = FrameDecoder().feed(bytes(wire))
    assert (ERROR, TOO_SHORT) in got and [r for r in got if r[0] == FRAME] == []
    assert "at least one payload byte" in str(raises(ValueError, encode, b""))


def test_every_payload_round_trips_and_contains_no_zero_inside():
    for p in PAYLOADS:
        wire = encode(p)
        assert wire[0] == 0 and wire[-1] == 0 and 0 not in wire[1:-1]
        # COBS costs one byte per 254, plus the CRC and the two delimiters.
        assert len(wire) <= len(p) + 4 + (len(p) + 4) // 254 + 3
        assert FrameDecoder().feed(wire) == [(FRAME, p)]


def test_several_frames_in_one_feed_come_out_in_order():
    wire = b"".join(encode(p) for p in PAYLOADS)
    assert FrameDecoder().feed(wire) == [(FRAME, p) for p in PAYLOADS]


def test_a_frame_split_byte_by_byte_over_many_feeds():
    dec = FrameDecoder()
    wire = encode(b"\x00\xffsplit\x00") + encode(b"a" * 600)
    got = []
    for i in range(len(wire)):
        got += dec.feed(wire[i:i + 1])
    assert got == [(FRAME, b"\x00\xffsplit\x00"), (FRAME, b"a" * 600)]
    # Uneven chunks too.
    got = []
    for i in range(0, len(wire), 7):
        got += dec.feed(wire[i:i + 7])
    assert got == [(FRAME, b"\x00\xffsplit\x00"), (FRAME, b"a" * 600)]


def test_garbage_before_a_frame_is_reported_then_the_frame_decodes():
    dec = FrameDecoder()
    # REPL text on the line when the host connects: one error, then the frame.
    assert dec.feed(b"MicroPython v1.27\r\n>>> " + encode(b"hi")) == [(ERROR, BAD_COBS),
                                                                    (FRAME, b"hi")]
    assert dec.feed(b"\x01\x01" + encode(b"x")) == [(ERROR, TOO_SHORT), (FRAME, b"x")]
    # Idle delimiters are not errors.
    assert dec.feed(b"\x00\x00\x00" + encode(b"y") + b"\x00") == [(FRAME, b"y")]


def test_a_bit_flip_gives_bad_crc_and_the_next_frame_still_decodes():
    first = bytearray(encode(b"club:driver"))
    first[5] ^= 0x08
    got = FrameDecoder().feed(bytes(first) + encode(b"next"))
    assert got == [(ERROR, BAD_CRC), (FRAME, b"next")]


def test_a_truncated_frame_followed_by_a_good_one():
    cut = encode(b"x" * 40)[:20]  # the sender stopped mid-frame
    got = FrameDecoder().feed(cut + encode(b"good"))
    assert got == [(ERROR, BAD_COBS), (FRAME, b"good")]


def test_an_oversize_frame_is_dropped_whole_and_the_next_one_decodes():
    dec = FrameDecoder(max_payload=16)
    assert dec.feed(encode(b"s" * 16, max_payload=16)) == [(FRAME, b"s" * 16)]
    too_long = encode(b"L" * 17, max_payload=17)
    assert dec.feed(too_long + encode(b"ok")) == [(ERROR, TOO_LONG), (FRAME, b"ok")]
    # Endless noise without a delimiter is dropped as it comes, not buffered.
    for _ in range(100):
        assert dec.feed(b"\x55" * 500) == []
    assert dec.feed(b"\x00" + encode(b"after noise")) == [(ERROR, TOO_LONG),
                                                         (FRAME, b"after noise")]
    # The default limit is MAX_PAYLOAD.
    big = encode(b"B" * (MAX_PAYLOAD + 1), max_payload=MAX_PAYLOAD + 1)
    assert FrameDecoder().feed(big) == [(ERROR, TOO_LONG)]


def test_encoding_a_payload_over_the_limit_is_refused():
    err = raises(ValueError, encode, b"z" * (MAX_PAYLOAD + 1))
    assert "1025 bytes" in str(err) and "1024" in str(err)
    assert "9 bytes" in str(raises(ValueError, encode, b"z" * 9, 8))
