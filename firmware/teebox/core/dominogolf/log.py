"""Domino Golf game logs: the setup and every input as compact bytes, and their replay.

``encode`` writes ``b"TBDG"``, the format version, the setup as varints (players,
seed, holes, mulligan, change of luck, real set; version 1 had no real set) and
then two bytes an input
(``inputs.pack``): a 5-player game of 18 holes takes about 600 bytes.
``replay(decode(data))`` rebuilds the game: same setup + same inputs = same game,
state digest included.
"""

from teebox.core import contract, varint
from teebox.core.contract import seat_name
from teebox.core.dominogolf import inputs as input_codes
from teebox.core.dominogolf.protocol import VERB_NAMES
from teebox.core.dominogolf.rules import Game, Setup

MAGIC = b"TBDG"
VERSION = 2
_SETUP_FIELDS = (0, 5, 6)  # by version: version 1 logs (before real sets) still replay


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
        out.extend(input_codes.pack(seat, choice))
    return bytes(out)


def decode(data):
    """A :class:`GameLog` from bytes; ValueError saying what is wrong and where."""
    if bytes(data[:len(MAGIC)]) != MAGIC:
        raise ValueError("not a Domino Golf game log (it should start with %r)" % MAGIC)
    if len(data) <= len(MAGIC) or not 0 < data[len(MAGIC)] <= VERSION:
        raise ValueError("Domino Golf game log version %s is not known (this firmware reads %d)"
                         % (data[len(MAGIC)] if len(data) > len(MAGIC) else "missing", VERSION))
    pos = len(MAGIC) + 1
    key = [0] * _SETUP_FIELDS[VERSION]
    for i in range(_SETUP_FIELDS[data[len(MAGIC)]]):
        key[i], pos = varint.get(data, pos)
    setup = Setup(key[0], key[1], key[2], key[3] == 1, key[4] == 1, key[5] == 1)
    if (len(data) - pos) % 2:
        raise ValueError("game log ends inside an input (byte %d)" % (len(data) - 1))
    moves = []
    for i in range(pos, len(data), 2):
        try:
            moves.append(input_codes.unpack(data, i, setup.players))
        except ValueError as exc:
            raise ValueError("game log byte %d: %s" % (i, exc))
    return GameLog(setup, moves)


def replay(log):
    """The game after every input of ``log``; ValueError naming an input that is illegal."""
    return contract.replay(Game(log.setup), log.inputs, _refused)


def _refused(i, seat, choice, exc):
    return "input %d (%s %s) cannot be replayed: %s" % (i + 1, seat_name(seat),
                                                        VERB_NAMES[choice[0]], exc)
