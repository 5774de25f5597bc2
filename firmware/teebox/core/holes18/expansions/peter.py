"""Peter, the Reading the Greens golfer whose power is putting (booklet, "PETER").

His putting rules are :class:`~teebox.core.holes18.expansions.putting.Putter` subclasses the
putting phase asks for a target and a verdict; :func:`putter` gives a seat's putting
rules from its golfer choice. :class:`Peter` is his golfer card.
"""

from teebox.core.holes18.expansions.greens_data import FLAG, NO_TARGET
from teebox.core.holes18.expansions.putting import BESIDE, FLAGGED, SUNK, Putter
from teebox.core.holes18.player import Golfer


class Peter(Golfer):
    """Peter's golfer card, ``side`` "A" or "B": off the green he plays the base rules; on it
    the putting phase plays :func:`putter` of his choice (without Reading the Greens he has
    no power at all)."""

    name = "peter"
    title = "Peter"
    expansion = "greens"  # his card comes with Reading the Greens

    def __init__(self, side):
        self.side = side


class PeterA(Putter):
    """A-side: "Peter can PUTT from sides that do not have a target. When he does he uses
    the lowest target on the green card." """

    def target(self, card, side, reds):
        """The side's target, or the card's lowest where the side has none."""
        t = card.targets[side]
        return t if t != NO_TARGET else card.lowest()


class PeterB(Putter):
    """B-side: "When playing Peter you must halve any target when you use a red dice. If you
    roll any number of flags the putt does not sink." (Teebox halves rounding up: 39 needs 20.)"""

    def goal(self, target, reds):
        """Half the target, rounded up, when a red die counts."""
        return (target + 1) // 2 if reds else target

    def verdict(self, target, total, flags):
        """Any flag keeps the ball out (not even beside the cup)."""
        out = Putter.verdict(self, target, total, flags)
        return FLAGGED if flags and out in (SUNK, BESIDE) else out

    def flag_odds(self, greens, dice, tally):
        """The chance that no flag shows (none may have shown yet)."""
        if tally:
            return 0, 1
        num = den = 1
        for die in dice:
            faces = greens.faces[greens.set[die]]
            num *= len(faces) - faces.count(FLAG)
            den *= len(faces)
        return num, den


def putter(choice):
    """The putting rules of a golfer choice ``(name, side)`` or None."""
    if choice is not None and choice[0] == "peter":
        return PeterA() if choice[1] == "A" else PeterB()
    return Putter()
