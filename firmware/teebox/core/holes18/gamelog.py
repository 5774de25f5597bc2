"""Game logs: a game is its setup plus the list of inputs; replaying them rebuilds it.

The same record serves the board's journal (resume after power loss), the
game record synced to the host, and the host's replay check. Only integers
are written. Layout of :func:`encode` (little-endian, varints as in
:mod:`teebox.core.varint`)::

    b"TBGL", version (1 byte), course hash (8 bytes), card data CRC-32 (4 bytes)
    varints: mode code, players, seed, hands kind (0 first-game, 1 draft, 2 explicit)
      explicit hands: per player: count, club indices
    varint golfers flag (0/1); if 1, per player: golfer code (0 none, else
      index + 1), side (0 A, 1 B)
    varint teams flag: bit 0 teams (if set, per player: team + 1, 0 none); bit i + 1
      the expansion module ``expansions.NAMES[i]``
    version 4 only: varint variations, bit 0 the out-of-bounds VARIATION ("hit
      through"); a game without one is written as version 3, byte for byte as before
    inputs to the end: one byte (verb << 3 | seat), then the verb's arguments as
      varints; or one byte (code << 3 | seat) alone for a choice of
      ``protocol.SHORT_FORMS`` (version 3 on)

An input takes one to two bytes. Version 1 logs (before the one-byte forms) are read
alike: they never use those codes.

A game log saved to a file (``teebox demo --save-log``, ``teebox replay``) goes
in a container, so a file cut short is refused instead of replayed as a game
that stopped early (:func:`save`, :func:`load`)::

    b"TBGL", file version 2, kind (1: the whole game, 2: saved on purpose before
    the end), log length (u32), CRC-32 of the log (u32), then the log above

Files holding a bare version 1 log (what teebox wrote before the container)
are still read; they carry no length or CRC, so a caller can only tell that
one is whole when its game is over.
"""

import binascii
import struct

from teebox.core import contract, varint
from teebox.core.holes18 import cards, inputlog, modes
from teebox.core.holes18.expansions import NAMES as EXPANSIONS
from teebox.core.holes18.engine import HIT_THROUGH, STRICT, Game, Setup
from teebox.core.holes18.player import GOLFERS, SIDES

MAGIC = b"TBGL"
VERSION = 3           # (2 is the file container's version: a log never takes it)
VARIATIONS = 4        # the version of a log whose setup chose a rule variation
BARE_VERSION = 1      # the log version files held bare, before the container
READS = (BARE_VERSION, VERSION, VARIATIONS)
_HIT_THROUGH = 1      # bit of the variations varint
_HEADER = 17  # magic, version, course hash, card CRC
FILE_VERSION = 2
FILE_HEADER = 14  # magic, file version, kind, log length, log CRC
SAVED_WHOLE = 1    # a saved file's kind: the game to its end
SAVED_MIDGAME = 2  # saved on purpose before the end of the game
SAVED_BARE = 0     # what load() says of a bare version 1 log (no container)


class GameLog:
    """A game as data: ``setup`` (an engine Setup), ``course_hash`` (8 bytes),
    ``cards_crc`` (see :func:`cards_fingerprint`) and ``inputs``, a list of
    ``(seat, choice)``."""

    def __init__(self, setup, course_hash, cards_crc, inputs):
        self.setup = setup
        self.course_hash = bytes(course_hash)
        self.cards_crc = cards_crc
        self.inputs = inputs


def of(game):
    """The log of a game so far."""
    return GameLog(game.setup, game.course.hash, cards_fingerprint(game.clubs, game.shots),
                   list(game.inputs))


def cards_fingerprint(clubs, shots):
    """CRC-32 of every club and shot card face: replays need the same card data."""
    crc = 0
    for c in clubs:
        text = "%s|%d|%s|%s|%d|%d|%d|%d|%s\n" % (c.id, c.initiative, c.kind, ",".join(c.decks),
                                                c.count, c.distance, c.rough_distance,
                                                int(c.big_hit), ",".join(c.powers))
        crc = binascii.crc32(text.encode(), crc)
    for d in cards.DECKS:
        for s in shots.get(d, ()):
            paths = ",".join(["%s/%s" % (path, rough or "") for path, rough in s.outcomes])
            text = "%s|%s|%s|%d|%d|%s\n" % (s.id, d, paths, s.bunker, s.special,
                                            s.special_deck or "")
            crc = binascii.crc32(text.encode(), crc)
    return crc & 0xFFFFFFFF


def encode_input(seat, choice):
    """One input as bytes (what a journal appends after each choice)."""
    out = bytearray()
    inputlog.put(out, seat, choice)
    return bytes(out)




def encode(log):
    """The log as compact bytes."""
    s = log.setup
    variations = _HIT_THROUGH if s.bounds == HIT_THROUGH else 0
    out = bytearray(MAGIC)
    out.append(VARIATIONS if variations else VERSION)
    out += log.course_hash
    out += struct.pack("<I", log.cards_crc)
    for n in (modes.code(s.mode), s.players, s.seed):
        varint.put(out, n)
    if s.hands == "first-game":
        varint.put(out, 0)
    elif s.hands == "draft":
        varint.put(out, 1)
    else:
        varint.put(out, 2)
        for hand in s.hands:
            varint.put(out, len(hand))
            for club in hand:
                varint.put(out, club)
    varint.put(out, 0 if s.golfers is None else 1)
    for g in s.golfers or ():
        varint.put(out, 0 if g is None else GOLFERS.index(g[0]) + 1)
        varint.put(out, 0 if g is None else SIDES.index(g[1]))
    # The teams flag carries the expansion modules above its first bit (one bit each, in
    # expansions.NAMES order): a game without them writes the bytes it always did.
    mask = 0
    for name in s.expansions:
        mask |= 1 << EXPANSIONS.index(name)
    varint.put(out, (0 if s.teams is None else 1) | mask << 1)
    for t in s.teams or ():
        varint.put(out, 0 if t is None else t + 1)
    if variations:
        varint.put(out, variations)
    for seat, choice in log.inputs:
        inputlog.put(out, seat, choice)
    return bytes(out)


def decode(data):
    """A :class:`GameLog` from :func:`encode` bytes; ValueError saying which byte is wrong."""
    data = bytes(data)
    if data[:4] != MAGIC:
        raise ValueError("not a Teebox game log: it does not start with %r" % MAGIC.decode())
    if len(data) < _HEADER:
        raise ValueError("game log is truncated: %d bytes, the header needs %d"
                         % (len(data), _HEADER))
    if data[4] not in READS:
        raise ValueError("unknown game log version %d: this Teebox reads versions %d, %d and %d"
                         % (data[4], BARE_VERSION, VERSION, VARIATIONS))
    course_hash = data[5:13]
    crc = struct.unpack("<I", data[13:17])[0]
    pos = _HEADER
    mode, pos = varint.get(data, pos)
    players, pos = varint.get(data, pos)
    seed, pos = varint.get(data, pos)
    kind, pos = varint.get(data, pos)
    if not 0 <= mode < len(modes.NAMES):
        raise ValueError("game log: unknown mode code %d" % mode)
    if not 1 <= players <= 5:
        raise ValueError("game log: %d players is not 1 to 5" % players)
    if kind == 0:
        hands = "first-game"
    elif kind == 1:
        hands = "draft"
    elif kind == 2:
        hands = []
        for _ in range(players):
            count, pos = varint.get(data, pos)
            hand = []
            for _ in range(count):
                club, pos = varint.get(data, pos)
                hand.append(club)
            hands.append(hand)
    else:
        raise ValueError("game log: unknown hands kind %d" % kind)
    golfers = None
    flag, pos = varint.get(data, pos)
    if flag:
        golfers = []
        for _ in range(players):
            code, pos = varint.get(data, pos)
            side, pos = varint.get(data, pos)
            if not 0 <= code <= len(GOLFERS) or not 0 <= side < len(SIDES):
                raise ValueError("game log: unknown golfer %d side %d" % (code, side))
            golfers.append(None if code == 0 else (GOLFERS[code - 1], SIDES[side]))
    teams = None
    flag, pos = varint.get(data, pos)
    mask = flag >> 1
    if mask >> len(EXPANSIONS):
        raise ValueError("game log: unknown expansion modules %d" % mask)
    expansions = tuple([EXPANSIONS[i] for i in range(len(EXPANSIONS)) if mask >> i & 1])
    if flag & 1:
        teams = []
        for _ in range(players):
            team, pos = varint.get(data, pos)
            teams.append(None if team == 0 else team - 1)
    bounds = STRICT
    if data[4] == VARIATIONS:
        variations, pos = varint.get(data, pos)
        if variations & ~_HIT_THROUGH:
            raise ValueError("game log: unknown rule variations %d" % variations)
        if variations & _HIT_THROUGH:
            bounds = HIT_THROUGH
    setup = Setup(players, modes.NAMES[mode], seed, hands, golfers, teams, expansions,
                  bounds=bounds)
    inputs = []
    while pos < len(data):
        try:
            item, pos = inputlog.read(data, pos, players)
        except ValueError as exc:
            raise ValueError("%s (input %d)" % (exc, len(inputs)))
        inputs.append(item)
    return GameLog(setup, course_hash, crc, inputs)


def save(log, whole):
    """The bytes of a saved game log file: the log in its container, ``whole`` True
    for a game played to its end, False for one saved on purpose before it."""
    body = encode(log)
    out = bytearray(MAGIC)
    out.append(FILE_VERSION)
    out.append(SAVED_WHOLE if whole else SAVED_MIDGAME)
    out += struct.pack("<II", len(body), binascii.crc32(body) & 0xFFFFFFFF)
    return bytes(out + body)


def load(data):
    """``(log, kind, start)`` from the bytes of a saved file: the GameLog, its kind
    (SAVED_WHOLE, SAVED_MIDGAME, or SAVED_BARE for a bare version 1 log) and the
    offset of the log in the file. ValueError saying what is wrong: a file cut short,
    damaged, or not a game log."""
    data = bytes(data)
    if data[:4] != MAGIC:
        raise ValueError("not a Teebox game log: it does not start with %r" % MAGIC.decode())
    if len(data) > 4 and data[4] == BARE_VERSION:
        return decode(data), SAVED_BARE, 0
    if len(data) < FILE_HEADER:
        raise ValueError("the file is cut short: %d bytes, its header alone needs %d"
                         % (len(data), FILE_HEADER))
    if data[4] != FILE_VERSION:
        raise ValueError("unknown game log file version %d: this Teebox reads versions %d "
                         "and %d" % (data[4], BARE_VERSION, FILE_VERSION))
    kind = data[5]
    size, crc = struct.unpack("<II", data[6:FILE_HEADER])
    body = data[FILE_HEADER:]
    if len(body) < size:
        raise ValueError("the file is cut short: it holds %d of the log's %d bytes (a copy "
                         "that stopped early?)" % (len(body), size))
    if len(body) > size:
        raise ValueError("%d stray bytes follow the end of the log" % (len(body) - size))
    if binascii.crc32(body) & 0xFFFFFFFF != crc:
        raise ValueError("the log fails its CRC-32 check: the file is damaged")
    if kind != SAVED_WHOLE and kind != SAVED_MIDGAME:
        raise ValueError("unknown kind of saved log %d" % kind)
    return decode(body), kind, FILE_HEADER


def replay(log, course, clubs, shots, wind=None, greens=None):
    """Rebuild a game by applying every input of ``log``; returns the Game (``wind``: the
    wind cards, for a game with the wind module; ``greens``: the putting dice and green
    cards, for one with Reading the Greens).

    ValueError if the course or the card data differ from the game's, if the game played
    a module whose data is not given (the module says which), or if an input is illegal
    (naming the input and the reason).
    """
    if bytes(course.hash) != log.course_hash:
        raise ValueError("the game was played on course %s, not on %s (%s)"
                         % (binascii.hexlify(log.course_hash).decode(), course.name,
                            course.hash_hex()))
    crc = cards_fingerprint(clubs, shots)
    if crc != log.cards_crc:
        raise ValueError("the game was played with other card data (CRC %08x, these cards %08x)"
                         % (log.cards_crc, crc))
    return contract.replay(Game(course, clubs, shots, log.setup, greens=greens, wind=wind),
                           log.inputs, _refused)


def _refused(i, seat, choice, exc):
    return "game log input %d (player %d, %r) is illegal: %s" % (i, seat + 1, choice, exc)
