"""Compact integers in bytes: LEB128 varints with zig-zag for signed values.

Small numbers (the usual case in game logs) take one byte. Used by the game
log and the engine's state digest.
"""


def put(out, n):
    """Append signed int ``n`` to bytearray ``out`` (zig-zag, then 7 bits a byte)."""
    n = n * 2 if n >= 0 else -n * 2 - 1
    while n >= 0x80:
        out.append((n & 0x7F) | 0x80)
        n >>= 7
    out.append(n)


def get(data, pos):
    """Read one signed int at ``pos``; returns ``(value, next_pos)``.

    ValueError if the data ends inside the number.
    """
    n = 0
    shift = 0
    while True:
        if pos >= len(data):
            raise ValueError("data ends inside a number at byte %d" % pos)
        b = data[pos]
        pos += 1
        n |= (b & 0x7F) << shift
        shift += 7
        if b < 0x80:
            break
    return (n >> 1) if not n & 1 else -((n + 1) >> 1), pos


def pack(ints):
    """All of ``ints`` as varint bytes."""
    out = bytearray()
    for n in ints:
        put(out, n)
    return bytes(out)
