"""Swift: "subtract one from the initiative of the club played by Swift"; on her A-side she
wins initiative ties, on her B-side she loses them."""

from teebox.core.holes18.player import Golfer


class Swift(Golfer):
    """Swift, ``side`` "A" or "B"."""

    name = "swift"
    title = "Swift"

    def __init__(self, side):
        self.side = side

    def initiative_key(self, club, seat):
        """One less than the club's initiative; ties go her way (A) or the other's (B)."""
        return (club.initiative - 1, 0 if self.side == "A" else 2, seat)
