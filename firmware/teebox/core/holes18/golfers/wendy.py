"""Wendy, the golfer of *Taming the Wind* (expansion booklet, "GOLFER ABILITIES").

A-side: "Wendy may treat any WINDY condition as CALM on her turn. This means you can
choose to apply the wind effect if it is to your advantage. You can also choose to
ignore the wind effect if you want to. STRONG WINDS still apply."
B-side: "Wendy never plays CALM winds and uses the previous wind condition (either
WINDY or STRONG WIND). Wendy does not get to optionally ignore the wind effect when
using the B-SIDE."
"""

from teebox.core.holes18.expansions.winddata import CALM, WINDY
from teebox.core.holes18.player import Golfer


class Wendy(Golfer):
    """Wendy, ``side`` "A" or "B"."""

    name = "wendy"
    title = "Wendy"
    expansion = "wind"  # her card comes with Taming the Wind

    def __init__(self, side):
        self.side = side

    def wind(self, game, seat, strength, direction, previous):
        """B: a CALM hole plays the previous WINDY or STRONG condition (none drawn yet:
        calm, RULES-NOTES E-W6)."""
        if self.side == "B" and strength == CALM and previous is not None:
            return previous
        return strength, direction

    def may_ignore_wind(self, strength):
        """A: "Wendy may treat any WINDY condition as CALM on her turn"."""
        return self.side == "A" and strength == WINDY
