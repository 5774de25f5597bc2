"""Finished games as compact binary records, kept on the board until the host has them.

A record is everything the score history needs and everything the host needs
to check it: the game log (setup, seed and every input), and what the board
made of it (per-hole scores, final standings), plus who played, where, when and
on which board. The host replays the log with the same rules core and stores
the game only if every score matches (``teebox sync``).

Layout (little-endian; ``v`` is a varint of ``core/varint.py``; ``s`` is a
string: u8 length + UTF-8)::

    4  magic b"TBGR"            1  record version (3)
    1  mode code (modes.NAMES)  8  course content hash
    4  game number (u32)        4  finish time (u32 Unix seconds; 0 = unknown)
    1  time kind: TIME_UNKNOWN, TIME_EXACT, or TIME_NOT_BEFORE (the game finished
       at that time or later: see :class:`WallTime`)
    v  seed
    s  board id (hex digits)    s  course name
    1  players N; per player: s name, 3 colour (R, G, B); then per player 1 golfer
       code (0 none, else index in player.GOLFERS + 1), 1 golfer side (0 A, 1 B);
       then per player 1 flags (bit 0 FLAG_BOT: a bot played that seat)
    1  holes H; per hole: 1 hole number, 1 par, N x v score of each seat
    N  standings rows: 1 place, 1 seat, v score, 1 hole-in-ones
    2  log length (u16), then the game log (``core/gamelog.encode``)
    4  CRC-32 of everything before

On the board each waiting record is its own value file, kept by ``app/shelf.py``.

Version 1 records (no time kind byte) are still read: a time there is exact.
Versions 1 and 2 (no flags bytes) are read as games without bots.
"""

import struct
from binascii import crc32

from teebox import palette
from teebox.core import varint
from teebox.core.holes18 import gamelog, modes
from teebox.core.holes18.player import GOLFERS, SIDES
from teebox.core.holes18.protocol import OUT_SCORED

MAGIC = b"TBGR"
VERSION = 3
READS = (1, 2, 3)       # record versions decode() reads
FLAG_BOT = 1            # bit of a player's flags byte: a bot played that seat
MAX_NAME = 32           # bytes of UTF-8 in a player name
MAX_NUMBER = 0xFFFFFFFF

# Finish time kinds.
TIME_UNKNOWN = 0     # the board never had a clock: time 0
TIME_EXACT = 1       # counted from a clock the host set since the board was switched on
TIME_NOT_BEFORE = 2  # a lower bound: the last time known before this power-on, plus
                     # the time since power-on (the board cannot tell how long it was off)



class RecordError(ValueError):
    """A game record that cannot be read; the message names the field and byte."""


def default_players(n):
    """``[(name, (r, g, b)), ...]`` for ``n`` seats: each named by its seat colour on
    the table ("Red", "Yellow", ...: ``teebox/palette.py``), as the score history expects."""
    out = []
    for i in range(n):
        name = palette.PLAYER_NAMES[i]
        out.append((name[0].upper() + name[1:], tuple(palette.PLAYERS[3 * i:3 * i + 3])))
    return out


# ---------------------------------------------------------------- writing


def _put_str(out, text, what):
    raw = text.encode()
    if len(raw) > 255:
        raise RecordError("%s is %d bytes of UTF-8, more than 255" % (what, len(raw)))
    out.append(len(raw))
    out += raw


def put_players(out, players):
    """Append the players block (count, then name and colour of each seat)."""
    out.append(len(players))
    for i in range(len(players)):
        name, colour = players[i]
        if len(name.encode()) > MAX_NAME:
            raise RecordError("player %d name %r is longer than %d bytes"
                              % (i + 1, name, MAX_NAME))
        if len(colour) != 3 or not all(0 <= c <= 255 for c in colour):
            raise RecordError("player %d colour must be three numbers 0 to 255, not %r"
                              % (i + 1, colour))
        _put_str(out, name, "player %d name" % (i + 1))
        out += bytes(colour)


def score_sheet(log, course, clubs, shots):
    """Replay a :class:`gamelog.GameLog`; returns ``(game, holes)``.

    ``holes`` lists ``(hole, par, (score of seat 0, ...))`` for every hole of the
    course: the points (or strokes) each seat scored on that hole, summed from the
    engine's OUT_SCORED outputs. ``gamelog.replay`` checks the course and card
    data first (ValueError if they differ); an illegal input is a ValueError
    naming it, as ``gamelog.replay`` words it.
    """
    inputs = log.inputs
    game = gamelog.replay(gamelog.GameLog(log.setup, log.course_hash, log.cards_crc, []),
                          course, clubs, shots)
    n = log.setup.players
    table = [[0] * n for _ in range(course.hole_count)]
    for i in range(len(inputs)):
        seat, choice = inputs[i]
        try:
            outs = game.apply(choice, seat)
        except ValueError as exc:
            raise ValueError("game log input %d (player %d, %r) is illegal: %s"
                             % (i, seat + 1, choice, exc))
        for out in outs:
            if out[0] == OUT_SCORED and 1 <= out[2] <= course.hole_count:
                table[out[2] - 1][out[1]] += out[4]
    holes = [(h + 1, course.hole(h + 1)[0], tuple(table[h])) for h in range(course.hole_count)]
    return game, holes


def encode(game, board_id, number, time, players=None, holes=None, time_kind=None, bots=None):
    """The record bytes of a finished ``game`` (an engine Game).

    ``board_id`` is a hex string (``board_id()``), ``number`` the game number,
    ``time`` the finish time in Unix seconds (0 if unknown) and ``time_kind``
    what it is (default: TIME_EXACT, or TIME_UNKNOWN for 0),
    ``players`` ``[(name, (r, g, b)), ...]`` per seat (default: the seat colours),
    ``bots`` per seat true for a bot (default: nobody).
    ``holes`` (as :func:`score_sheet` gives) is computed by replaying the game's
    log when not given, so the scores come from the log the record carries.
    """
    if not game.over:
        raise RecordError("game %d is not over: only finished games become records" % number)
    if not 0 <= number <= MAX_NUMBER:
        raise RecordError("game number %r is not 0 to %d" % (number, MAX_NUMBER))
    log = gamelog.of(game)
    if holes is None:
        holes = score_sheet(log, game.course, game.clubs, game.shots)[1]
    setup = game.setup
    n = setup.players
    if players is None:
        players = default_players(n)
    if len(players) != n:
        raise RecordError("%d player names and colours for %d players" % (len(players), n))
    if bots is not None and len(bots) != n:
        raise RecordError("%d bot flags for %d players" % (len(bots), n))
    out = bytearray(MAGIC)
    out.append(VERSION)
    out.append(modes.code(setup.mode))
    out += bytes(game.course.hash)
    time = max(0, min(int(time), MAX_NUMBER))
    if time_kind is None or not time:
        time_kind = TIME_EXACT if time else TIME_UNKNOWN
    out += struct.pack("<IIB", number, time, time_kind)
    varint.put(out, setup.seed)
    _put_str(out, board_id, "board id")
    _put_str(out, game.course.name, "course name")
    put_players(out, players)
    # Golfers go after the names so the players block is the same one the journal keeps.
    for i in range(n):
        g = setup.golfers[i] if setup.golfers else None
        out.append(0 if g is None else GOLFERS.index(g[0]) + 1)
        out.append(0 if g is None else SIDES.index(g[1]))
    for i in range(n):
        out.append(FLAG_BOT if bots is not None and bots[i] else 0)
    out.append(len(holes))
    for hole, par, scores in holes:
        out.append(hole)
        out.append(par)
        for s in scores:
            varint.put(out, s)
    for place, seat, score, hio in game.standings():
        out.append(place)
        out.append(seat)
        varint.put(out, score)
        out.append(hio)
    data = gamelog.encode(log)
    if len(data) > 0xFFFF:
        raise RecordError("game log of %d bytes does not fit a record (at most 65535)"
                          % len(data))
    out += struct.pack("<H", len(data))
    out += data
    out += struct.pack("<I", crc32(out) & 0xFFFFFFFF)
    return bytes(out)


# ---------------------------------------------------------------- reading


class GameRecord:
    """A decoded record. Fields: ``mode`` (name), ``course_hash`` (8 bytes),
    ``course_name``, ``number``, ``finished_at`` (Unix seconds, 0 unknown),
    ``time_kind`` (TIME_EXACT, TIME_NOT_BEFORE: finished then or later, TIME_UNKNOWN),
    ``seed``, ``board_id`` (hex text), ``players`` ``[(name, (r, g, b)), ...]``,
    ``golfers`` per seat None or ``(name, side)``, ``bots`` per seat True for a
    bot, ``holes`` ``[(hole, par,
    (score per seat)), ...]``, ``standings`` ``((place, seat, score, hio), ...)``,
    ``log`` (game log bytes)."""

    def __init__(self):
        self.mode = ""
        self.course_hash = b""
        self.course_name = ""
        self.number = 0
        self.finished_at = 0
        self.time_kind = TIME_UNKNOWN
        self.seed = 0
        self.board_id = ""
        self.players = []
        self.golfers = []
        self.bots = []
        self.holes = []
        self.standings = ()
        self.log = b""

    def game_log(self):
        """The decoded :class:`gamelog.GameLog` (ValueError if the log is damaged)."""
        return gamelog.decode(self.log)


class Reader:
    """Reads fields off bytes; every error names the field and the byte it starts at."""

    def __init__(self, data, what, end=None):
        self.data = data
        self.pos = 0
        self.what = what
        self.end = len(data) if end is None else end

    def fail(self, field, message):
        """Raise the error for a field that is cut short or malformed."""
        raise RecordError("%s byte %d (%s): %s" % (self.what, self.pos, field, message))

    def bad_value(self, field, message):
        """Raise the error for a field whose value is unusable."""
        self.fail(field, message)

    def take(self, n, field):
        if self.pos + n > self.end:
            self.fail(field, "the data ends after %d bytes, %d more needed"
                      % (self.end, self.pos + n - self.end))
        b = self.data[self.pos:self.pos + n]
        self.pos += n
        return b

    def u8(self, field):
        return self.take(1, field)[0]

    def unpack(self, fmt, field):
        return struct.unpack(fmt, self.take(struct.calcsize(fmt), field))

    def varint(self, field):
        try:
            n, pos = varint.get(self.data, self.pos)
        except ValueError:
            pos = self.end + 1
        if pos > self.end:
            self.fail(field, "the data ends inside a number")
        self.pos = pos
        return n

    def text(self, field, limit=255):
        n = self.u8(field)
        if n > limit:
            self.fail(field, "%d bytes, at most %d" % (n, limit))
        raw = self.take(n, field)
        try:
            return raw.decode()
        except UnicodeError:
            self.pos -= n
            self.bad_value(field, "not UTF-8 text")


def get_players(rd):
    """Read a players block written by :func:`put_players`."""
    n = rd.u8("player count")
    if not 1 <= n <= 5:
        rd.pos -= 1
        rd.fail("player count", "%d players, a game has 1 to 5" % n)
    players = []
    for i in range(n):
        name = rd.text("player %d name" % (i + 1), MAX_NAME)
        colour = tuple(rd.take(3, "player %d colour" % (i + 1)))
        players.append((name, colour))
    return players


def decode(data):
    """A :class:`GameRecord` from record bytes; RecordError naming the field and byte."""
    data = bytes(data)
    rd = Reader(data, "game record", max(0, len(data) - 4))
    if data[:4] != MAGIC:
        rd.fail("magic", "not a Teebox game record: it does not start with %r" % MAGIC.decode())
    if len(data) < 10:
        rd.fail("length", "only %d bytes: the record is truncated" % len(data))
    version = data[4]
    if version not in READS:
        rd.pos = 4
        rd.fail("version", "record version %d, this Teebox reads versions %s"
                % (version, " and ".join([str(v) for v in READS])))
    stored = struct.unpack_from("<I", data, len(data) - 4)[0]
    if crc32(memoryview(data)[:-4]) & 0xFFFFFFFF != stored:
        rd.pos = len(data) - 4
        rd.fail("CRC", "the CRC-32 does not match: the record is damaged or truncated")
    rec = GameRecord()
    rd.pos = 5
    code = rd.u8("mode")
    if code >= len(modes.NAMES):
        rd.pos -= 1
        rd.fail("mode", "unknown mode code %d" % code)
    rec.mode = modes.NAMES[code]
    rec.course_hash = rd.take(8, "course hash")
    rec.number, rec.finished_at = rd.unpack("<II", "game number and finish time")
    if version == 1:
        rec.time_kind = TIME_EXACT if rec.finished_at else TIME_UNKNOWN
    else:
        rec.time_kind = rd.u8("time kind")
        if rec.time_kind > TIME_NOT_BEFORE:
            rd.pos -= 1
            rd.fail("time kind", "unknown time kind %d" % rec.time_kind)
        if not rec.finished_at:
            rec.time_kind = TIME_UNKNOWN
    rec.seed = rd.varint("seed")
    rec.board_id = rd.text("board id")
    rec.course_name = rd.text("course name")
    rec.players = get_players(rd)
    n = len(rec.players)
    for i in range(n):
        field = "player %d golfer" % (i + 1)
        g = rd.u8(field)
        side = rd.u8(field)
        if g > len(GOLFERS) or side > 1:
            rd.pos -= 2
            rd.fail(field, "unknown golfer %d side %d" % (g, side))
        rec.golfers.append(None if g == 0 else (GOLFERS[g - 1], SIDES[side]))
    for i in range(n):
        flags = rd.u8("player %d flags" % (i + 1)) if version >= 3 else 0
        if flags & ~FLAG_BOT:
            rd.pos -= 1
            rd.fail("player %d flags" % (i + 1), "unknown flags %d" % flags)
        rec.bots.append(bool(flags & FLAG_BOT))
    for h in range(rd.u8("hole count")):
        hole = rd.u8("hole %d number" % (h + 1))
        par = rd.u8("hole %d par" % hole)
        scores = tuple([rd.varint("hole %d score of player %d" % (hole, s + 1))
                        for s in range(n)])
        rec.holes.append((hole, par, scores))
    rows = []
    for i in range(n):
        field = "standings row %d" % (i + 1)
        place = rd.u8(field)
        seat = rd.u8(field)
        score = rd.varint(field)
        rows.append((place, seat, score, rd.u8(field)))
        if seat >= n:
            rd.fail(field, "seat %d, but the game has %d players" % (seat + 1, n))
    rec.standings = tuple(rows)
    (size,) = rd.unpack("<H", "log length")
    rec.log = rd.take(size, "game log")
    if rd.pos != rd.end:
        rd.fail("end", "%d bytes left over after the game log" % (rd.end - rd.pos))
    return rec


# ---------------------------------------------------------------- on the board
