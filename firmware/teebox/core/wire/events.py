"""Live scoreboard events: what the board's game journal emits as tuples, and how
the link's EVENTS stream carries them (``docs/protocol.md``, EVENTS).

An event frame's payload is ``u8 EVENT | u16 counter | u8 kind | body``. STARTED's
body ends with the game's registry name and the mode's name (each u8 length +
UTF-8) after what boards wrote before games were data (number, mode code,
players), so a host that reads only those still reads it.
"""

import struct

from teebox.core.wire.commands import EVENT

EV_STARTED = 1    # (EV_STARTED, number, mode code, players, game name, mode name)
EV_HOLE = 2       # (EV_HOLE, seat, hole): the golfer stands on this hole's tee
EV_SCORED = 3     # (EV_SCORED, seat, hole, score kind, total score)
EV_GAME_OVER = 4  # (EV_GAME_OVER, number, standings)


def pack(ev, count):
    """The payload of an event frame for the event tuple ``ev``, numbered ``count``."""
    kind = ev[0]
    body = bytearray((EVENT,))
    body += struct.pack("<HB", count & 0xFFFF, kind)
    if kind == EV_STARTED:
        body += struct.pack("<IBB", ev[1], ev[2], ev[3])
        for text in ev[4:6]:
            raw = text.encode()
            body.append(len(raw))
            body += raw
    elif kind == EV_HOLE:
        body += struct.pack("<BB", ev[1], ev[2])
    elif kind == EV_SCORED:
        body += struct.pack("<BBBh", ev[1], ev[2], ev[3], ev[4])
    elif kind == EV_GAME_OVER:
        body += struct.pack("<IB", ev[1], len(ev[2]))
        for place, seat, score, hio in ev[2]:
            body += struct.pack("<BBhB", place, seat, score, hio)
    return body


def unpack(payload):
    """``(counter, event tuple)`` from an event frame's payload: the tuple as the
    journal emitted it (an unknown kind gives ``(kind,)``)."""
    count, kind = struct.unpack_from("<HB", payload, 1)
    if kind == EV_STARTED:
        ev = (kind,) + struct.unpack_from("<IBB", payload, 4)
        at = 10
        while at < len(payload):  # the names (a board from before games were data has none)
            n = payload[at]
            ev += (bytes(payload[at + 1:at + 1 + n]).decode(),)
            at += 1 + n
        return count, ev
    if kind == EV_HOLE:
        return count, (kind,) + struct.unpack_from("<BB", payload, 4)
    if kind == EV_SCORED:
        return count, (kind,) + struct.unpack_from("<BBBh", payload, 4)
    if kind == EV_GAME_OVER:
        number, rows = struct.unpack_from("<IB", payload, 4)
        return count, (kind, number, tuple(struct.unpack_from("<BBhB", payload, 9 + 5 * i)
                                           for i in range(rows)))
    return count, (kind,)
