"""Play Nine as the game registry (:mod:`teebox.core.games`) loads it. It needs no
data files: ``new(setup)`` deals from the setup's seed."""

from teebox.core.contract import play_game  # noqa: F401 (a game's face)
from teebox.core.playnine import records  # noqa: F401 (for records, journals)
from teebox.core.playnine import bot as bots
from teebox.core.playnine import rules

MODES = ()  # one way to play; its variations are options
OPTIONS = (("holes", "Holes", tuple(range(1, rules.MAX_HOLES + 1)), rules.HOLES),
           ("playoff", "Sudden-death playoff on a tie", (True, False), True))
STEPS = ("players", "holes", "playoff")
DATA_FILES = ()
Setup = rules.Setup


def skipped(mode):
    """The setup steps a mode does not ask: none (Play Nine has one way to play)."""
    return ()


def new(setup, data=None):
    """A :class:`~teebox.core.playnine.rules.Game` for ``setup``."""
    if data:
        raise ValueError("Play Nine reads no data files, not %r" % (data,))
    return rules.Game(setup)


def bot(seed=0):
    """A sensible player for an empty seat."""
    return bots.SensibleBot(seed)


def random_bot(seed=0):
    """A player choosing at random (a fuzzer)."""
    return bots.RandomBot(seed)
