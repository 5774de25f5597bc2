"""Play Nine game logs: the setup and every input as compact bytes, and their replay.

``encode`` writes ``b"TBP9"``, the format version, the setup as varints (players,
seed, holes, playoff) and then one byte an input (``inputs.pack``): a 5-player
game of nine holes takes about a kilobyte. ``replay(decode(data))`` rebuilds the
game: same setup + same inputs = same game, state digest included.
"""

from teebox.core import contract, varint
from teebox.core.contract import seat_name
from teebox.core.playnine import inputs as input_codes
from teebox.core.playnine.protocol import VERB_NAMES
from teebox.core.playnine.rules import Game, Setup

MAGIC = b"TBP9"
VERSION = 1


GameLog = contract.GameLog  # (re-exported: the log module's face)


def of(game):
    """The log of a game so far."""
    return GameLog(game.setup, game.inputs)


def encode(log):
    """The log as bytes."""
    out = bytearray(MAGIC)
    out.append(VERSION)
    for n in log.setup.key():
        varint.put(out, n)
    for seat, choice in log.inputs:
        out.append(input_codes.pack(seat, choice))
    return bytes(out)


def decode(data):
    """A :class:`GameLog` from bytes; ValueError saying what is wrong and where."""
    if bytes(data[:len(MAGIC)]) != MAGIC:
        raise ValueError("not a Play Nine game log (it should start with %r)" % MAGIC)
    if len(data) <= len(MAGIC) or data[len(MAGIC)] != VERSION:
        raise ValueError("Play Nine game log version %s is not known (this firmware reads %d)"
                         % (data[len(MAGIC)] if len(data) > len(MAGIC) else "missing", VERSION))
    pos = len(MAGIC) + 1
    key = []
    for _ in range(4):
        n, pos = varint.get(data, pos)
        key.append(n)
    setup = Setup(key[0], key[1], key[2], key[3] == 1)
    moves = []
    for i in range(pos, len(data)):
        try:
            moves.append(input_codes.unpack(data[i], setup.players))
        except ValueError as exc:
            raise ValueError("game log byte %d: %s" % (i, exc))
    return GameLog(setup, moves)


def replay(log):
    """The game after every input of ``log``; ValueError naming an input that is illegal."""
    return contract.replay(Game(log.setup), log.inputs, _refused)


def _refused(i, seat, choice, exc):
    return "input %d (%s %s) cannot be replayed: %s" % (i + 1, seat_name(seat),
                                                        VERB_NAMES[choice[0]], exc)
