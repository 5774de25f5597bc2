"""Play Nine game logs: the setup and every input as compact bytes, and their replay.

``encode`` writes ``b"TBP9"``, the format version, the setup as varints (players,
seed, holes, playoff) and then one byte an input (``inputs.pack``): a 5-player
game of nine holes takes about a kilobyte. ``replay(decode(data))`` rebuilds the
game: same setup + same inputs = same game, state digest included.
"""

from teebox.core import contract
from teebox.core.playnine import inputs as input_codes
from teebox.core.playnine.protocol import VERB_NAMES
from teebox.core.playnine.rules import Game, Setup

MAGIC = b"TBP9"
VERSION = 1
_SETUP_FIELDS = (0, 4)  # the setup key's length by version


GameLog = contract.GameLog  # (re-exported: the log module's face)


def of(game):
    """The log of a game so far."""
    return GameLog(game.setup, game.inputs)


def encode(log):
    """The log as bytes."""
    out = contract.log_head(MAGIC, VERSION, log.setup)
    for seat, choice in log.inputs:
        out.append(input_codes.pack(seat, choice))
    return bytes(out)


def decode(data):
    """A :class:`GameLog` from bytes; ValueError saying what is wrong and where."""
    key, pos = contract.read_log_head(data, MAGIC, _SETUP_FIELDS, "Play Nine")
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


_refused = contract.refusal(VERB_NAMES)
