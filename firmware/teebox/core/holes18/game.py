"""18 Holes as the game registry (:mod:`teebox.core.games`) loads it: the engine behind
the face every game has. ``new(setup, data)`` takes ``data`` as
``{"course": Course, "clubs": club list, "shots": shot decks}``, plus ``"greens"`` (the
putting dice and green cards) for a game with Reading the Greens and ``"wind"`` (the wind
cards) for one with Taming the Wind (``teebox.shipped`` loads the shipped ones)."""

from teebox.core.holes18 import bots, engine, expansions, modes
from teebox.core.contract import play_game  # noqa: F401 (a game's face)
from teebox.core.holes18 import records  # noqa: F401 (for records, journals)

MODES = tuple([m[:3] for m in modes.MODES])  # facts only: no mode's module is imported
# Golfer cards: none, dealt at random or chosen ("SELECT GOLFER"); the table then asks
# each player for the card and side (app/presenters/holes18/golfer_deal.py).
GOLFERS_OPTION = "golfers"
NO_GOLFERS = "none"  # (the table's last check says nothing of it)
DEALT = "dealt"
OPTIONS = (("hands", "Hands", (engine.FIRST_GAME, engine.DRAFT), engine.FIRST_GAME),
           # the base game's VARIATION (the modes list no optional rule of their own)
           ("bounds", "Out of bounds", engine.BOUNDS, engine.STRICT),
           (GOLFERS_OPTION, "Golfer cards", (NO_GOLFERS, DEALT, "chosen"), NO_GOLFERS),
           # the expansion's modules (a course with coastline terrain always plays "coast");
           # a mode offers only those it plays (refused)
           ("expansions", "Expansion", ((), ("greens",), ("wind",), ("greens", "wind")), ()))
STEPS = ("mode", "course", "players", "hands", "bounds", GOLFERS_OPTION,
         "expansions")  # as the table asks
DATA_FILES = ("clubs.json", "shots.json", "solo.json", "greens.json", "wind.json", "courses/*.course")
Setup = engine.Setup
_DATA = ("course", "clubs", "shots")


def skipped(mode):
    """The setup steps ``mode`` does not ask: the golfer cards where the rulebook skips
    them (Solo Chaos Golf)."""
    return () if modes.golfer_cards(mode) else (GOLFERS_OPTION,)  # (no mode imported)


def refused(mode, option, value):
    """Why ``mode`` is not played with ``value`` of the option named ``option``, or None
    (it is): the table does not offer a refused value (Reading the Greens in a Chaos Golf
    mode). No mode's module is imported."""
    if option == "expansions":
        return expansions.refusal(mode, value)
    return None


def new(setup, data=None):
    """A :class:`~teebox.core.holes18.engine.Game` for ``setup`` on ``data``'s course and cards."""
    missing = [k for k in _DATA if not data or k not in data]
    if missing:
        raise ValueError("18 Holes needs data with its %s" % ", ".join(missing))
    return engine.Game(data["course"], data["clubs"], data["shots"], setup,
                       greens=data.get("greens"), wind=data.get("wind"))


def bot(seed=0):
    """A sensible player for an empty seat."""
    return bots.SensibleBot(seed)


def random_bot(seed=0):
    """A player choosing at random (a fuzzer)."""
    return bots.RandomBot(seed)
