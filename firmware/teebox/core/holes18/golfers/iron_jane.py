"""Iron Jane: before the draft she takes her clubs from all the clubs; on her B-side she
carries four, no two alike."""

from teebox.core.holes18.player import Golfer


class IronJane(Golfer):
    """Iron Jane, ``side`` "A" or "B"."""

    name = "iron-jane"
    title = "Iron Jane"

    def __init__(self, side):
        self.side = side

    def picks_first(self):
        """"Before the Club Draft ... selects their clubs from the clubs available"."""
        return True

    def hand_limit(self):
        """"Iron Jane may only carry four clubs" on her B-side."""
        return 4 if self.side == "B" else 5

    def pick_reason(self, game, seat, club):
        """"Iron Jane may not take two of the same club" on her B-side."""
        name = game.clubs[club].name
        if self.side == "B" and [c for c in game.players[seat].hand
                                 if game.clubs[c].name == name]:
            return "Iron Jane (B-side) may not take two of the same club: she has the %s" % name
        return None
