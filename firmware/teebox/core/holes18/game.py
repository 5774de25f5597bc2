"""18 Holes as the game registry (:mod:`teebox.core.games`) loads it: the engine behind
the face every game has. ``new(setup, data)`` takes ``data`` as
``{"course": Course, "clubs": club list, "shots": shot decks}`` (``teebox.shipped``
loads the shipped ones)."""

from teebox.core.holes18 import bots, engine, modes
from teebox.core.contract import play_game  # re-exported: part of a game's face
from teebox.core.holes18 import records  # re-exported: what records and journals use

MODES = tuple([(name, modes.make(name).title, modes.make(name).players)
               for name in modes.NAMES])
OPTIONS = (("hands", "Hands", (engine.FIRST_GAME, engine.DRAFT), engine.FIRST_GAME),
           # the base game's VARIATION (the modes list no optional rule of their own)
           ("bounds", "Out of bounds", engine.BOUNDS, engine.STRICT),
           # the expansion's modules (a course with coastline terrain always plays "coast")
           ("expansions", "Expansion", ((), ("greens",), ("wind",), ("greens", "wind")), ()))
STEPS = ("mode", "course", "players", "hands", "bounds", "expansions")  # as the table asks
DATA_FILES = ("clubs.json", "shots.json", "solo.json", "courses/*.course")
Setup = engine.Setup
_DATA = ("course", "clubs", "shots")


def new(setup, data=None):
    """A :class:`~teebox.core.holes18.engine.Game` for ``setup`` on ``data``'s course and cards."""
    missing = [k for k in _DATA if not data or k not in data]
    if missing:
        raise ValueError("18 Holes needs data with its %s" % ", ".join(missing))
    return engine.Game(data["course"], data["clubs"], data["shots"], setup)


def bot(seed=0):
    """A sensible player for an empty seat."""
    return bots.SensibleBot(seed)


def random_bot(seed=0):
    """A player choosing at random (a fuzzer)."""
    return bots.RandomBot(seed)
