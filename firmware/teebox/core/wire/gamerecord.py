"""Finished games as compact binary records, kept on the board until the host has them.

A record is everything the score history needs and everything the host needs
to check it: the game log (setup, seed and every input), and what the board
made of it (per-hole scores, final standings), plus which game and mode, who
played, where, when and on which board. The host replays the log with the same
rules core and stores the game only if every score matches (``teebox sync``).
Any game of the registry (:mod:`teebox.core.games`) makes records: this module
finds the game by the name the record carries and reads its log through the
game's ``records`` face, so it imports no game.

Layout (little-endian; ``v`` is a varint of ``core/varint.py``; ``s`` is a
string: u8 length + UTF-8)::

    4  magic b"TBGR"            1  record version (4)
    s  game name ("18-holes", "play-nine": the registry's names)
    s  mode name ("" for a game with one way to play)
    8  course content hash (a game without a course: its layout's key)
    4  game number (u32)        4  finish time (u32 Unix seconds; 0 = unknown)
    1  time kind: TIME_UNKNOWN, TIME_EXACT, or TIME_NOT_BEFORE (the game finished
       at that time or later: see :class:`WallTime`)
    v  seed
    s  board id (hex digits)    s  course (or layout) name
    1  players N; per player: s name, 3 colour (R, G, B);
       then per player 1 flags (bit 0 FLAG_BOT: a bot played that seat)
    1  holes H; per hole: 1 hole number, 1 par, N x v score of each seat
    N  standings rows: 1 place, 1 seat, v score, 1 hole-in-ones (or the game's tiebreak)
    2  log length (u16), then the game log (the game's ``records.log``)
    4  CRC-32 of everything before

On the board each waiting record is its own value file, kept by ``app/shelf.py``.

Records written before games were data (versions 1 to 3) are 18 Holes games and
are still read: a mode code (18 Holes' log code) where version 4 has the game and
mode names, and per player a golfer code and side after the colours (the game
log holds the golfers too; the record's copy is skipped). Version 1 has no time
kind byte (a time there is exact); versions 1 and 2 no flags bytes (no bots).
"""

import struct
from binascii import crc32

from teebox import palette
from teebox.core import games, varint

MAGIC = b"TBGR"
VERSION = 4
READS = (1, 2, 3, 4)    # record versions decode() reads
LEGACY_GAME = "18-holes"  # the game of every record before version 4
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


def face(name):
    """The ``records`` face of game ``name`` (registry name); RecordError if unknown."""
    try:
        return games.load(name).records
    except ValueError as exc:
        raise RecordError(str(exc))


def replay(name, log, data=None):
    """``(game, holes)``: game ``name``'s log bytes replayed and its score sheet
    (``[(hole, par, (score of seat 0, ...)), ...]``, the points or strokes each seat
    scored on each hole). ``data`` is what the game may need to replay (for 18
    Holes ``{"courses": hash -> Course or None, "clubs": ..., "shots": ...}``).
    ValueError naming an illegal input; LookupError when ``data`` lacks the course."""
    return face(name).replay(log, data)


def encode(game, board_id, number, time, players=None, holes=None, time_kind=None, bots=None,
           name=LEGACY_GAME):
    """The record bytes of a finished ``game`` (the rules object of game ``name``).

    ``board_id`` is a hex string (``board_id()``), ``number`` the game number,
    ``time`` the finish time in Unix seconds (0 if unknown) and ``time_kind``
    what it is (default: TIME_EXACT, or TIME_UNKNOWN for 0),
    ``players`` ``[(name, (r, g, b)), ...]`` per seat (default: the seat colours),
    ``bots`` per seat true for a bot (default: nobody).
    ``holes`` (as :func:`replay` gives) is computed by replaying the game's
    log when not given, so the scores come from the log the record carries.
    """
    if not game.over:
        raise RecordError("game %d is not over: only finished games become records" % number)
    if not 0 <= number <= MAX_NUMBER:
        raise RecordError("game number %r is not 0 to %d" % (number, MAX_NUMBER))
    rules = face(name)
    log = rules.log(game)
    chash, cname = rules.course(game)
    if holes is None:
        holes = rules.replay(log, rules.data_of(game))[1]
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
    _put_str(out, name, "game name")
    _put_str(out, rules.mode_of(setup), "mode name")
    out += chash
    time = max(0, min(int(time), MAX_NUMBER))
    if time_kind is None or not time:
        time_kind = TIME_EXACT if time else TIME_UNKNOWN
    out += struct.pack("<IIB", number, time, time_kind)
    varint.put(out, setup.seed)
    _put_str(out, board_id, "board id")
    _put_str(out, cname, "course name")
    put_players(out, players)
    for i in range(n):
        out.append(FLAG_BOT if bots is not None and bots[i] else 0)
    out.append(len(holes))
    for hole, par, scores in holes:
        out.append(hole)
        out.append(par)
        for sc in scores:
            varint.put(out, sc)
    for place, seat, score, hio in game.standings():
        out.append(place)
        out.append(seat)
        varint.put(out, score)
        out.append(hio)
    if len(log) > 0xFFFF:
        raise RecordError("game log of %d bytes does not fit a record (at most 65535)"
                          % len(log))
    out += struct.pack("<H", len(log))
    out += log
    out += struct.pack("<I", crc32(out) & 0xFFFFFFFF)
    return bytes(out)


# ---------------------------------------------------------------- reading


class GameRecord:
    """A decoded record. Fields: ``game`` (registry name), ``mode`` (name, "" for a
    game with one way to play), ``course_hash`` (8 bytes: the course's, or the
    layout's key), ``course_name``, ``number``, ``finished_at`` (Unix seconds, 0
    unknown), ``time_kind`` (TIME_EXACT, TIME_NOT_BEFORE: finished then or later,
    TIME_UNKNOWN), ``seed``, ``board_id`` (hex text), ``players`` ``[(name, (r, g,
    b)), ...]``, ``bots`` per seat True for a bot, ``holes`` ``[(hole, par, (score
    per seat)), ...]``, ``standings`` ``((place, seat, score, hio), ...)``, ``log``
    (game log bytes) and ``version`` (the record version it was read from)."""

    def __init__(self):
        self.game = LEGACY_GAME
        self.mode = ""
        self.course_hash = b""
        self.course_name = ""
        self.number = 0
        self.finished_at = 0
        self.time_kind = TIME_UNKNOWN
        self.seed = 0
        self.board_id = ""
        self.players = []
        self.bots = []
        self.holes = []
        self.standings = ()
        self.log = b""
        self.version = VERSION

    def replay(self, data=None):
        """``(game, holes)``: the record's log replayed by its game (see :func:`replay`)."""
        return replay(self.game, self.log, data)


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
    rec.version = version
    rd.pos = 5
    if version >= 4:
        rec.game = rd.text("game name")
        try:
            face(rec.game)
        except RecordError as exc:
            rd.fail("game name", str(exc))
        rec.mode = rd.text("mode name")
    else:
        code = rd.u8("mode")
        try:
            rec.mode = face(LEGACY_GAME).mode_named(code)
        except ValueError as exc:
            rd.pos -= 1
            rd.fail("mode", str(exc))
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
    for i in range(n if version <= 3 else 0):
        # Golfers of an old record: in its game log too, so only checked for damage here.
        rd.take(1, "player %d golfer" % (i + 1))
        if rd.u8("player %d golfer side" % (i + 1)) > 1:
            rd.pos -= 1
            rd.fail("player %d golfer side" % (i + 1), "a side is 0 (A) or 1 (B)")
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
