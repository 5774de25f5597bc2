"""Domino Golf as the game registry (:mod:`teebox.core.games`) loads it. It needs no
data files: the double-12 set is generated in code and ``new(setup)`` draws from the
setup's seed (or, with the ``real_set`` option, asks for every domino the players turn
face up: ``real.py``)."""

from teebox.core.contract import play_game  # noqa: F401 (a game's face)
from teebox.core.dominogolf import records  # noqa: F401 (for records, journals)
from teebox.core.dominogolf import bot as bots
from teebox.core.dominogolf import rules, shots

MODES = ()  # one way to play; its variations are options
OPTIONS = (("holes", "Holes", shots.LENGTHS, rules.HOLES),
           ("mulligan", "One mulligan each", (False, True), False),
           ("change_luck", "Change of luck", (False, True), False),
           ("real_set", "Tagged dominoes", (False, True), False))
STEPS = ("players", "holes", "mulligan", "change_luck", "real_set")
DATA_FILES = ()
Setup = rules.Setup


def skipped(mode):
    """The setup steps a mode does not ask: none (Domino Golf has one way to play)."""
    return ()


def new(setup, data=None):
    """A :class:`~teebox.core.dominogolf.rules.Game` for ``setup``."""
    if data:
        raise ValueError("Domino Golf reads no data files, not %r" % (data,))
    return rules.Game(setup)


def bot(seed=0):
    """A sensible player for an empty seat."""
    return bots.SensibleBot(seed)


def random_bot(seed=0):
    """A player choosing at random (a fuzzer)."""
    return bots.RandomBot(seed)
