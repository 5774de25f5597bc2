"""The Shark: water is played as the tile beneath it; on the B-side he carries no wedges,
passes in the draft when only wedges are in front of him and picks from the cards left
after the draft."""

from teebox.core.holes18.golfers import PASS
from teebox.core.holes18.player import Golfer
from teebox.core.holes18.protocol import DRAFT_PICK


class TheShark(Golfer):
    """The Shark, ``side`` "A" or "B"."""

    name = "the-shark"
    title = "The Shark"

    def __init__(self, side):
        self.side = side
        self.extras = (PASS,) if side == "B" else ()

    def water_applies(self, kind):
        """"Water hazards are of no concern to The Shark": never."""
        return False

    def pick_reason(self, game, seat, club):
        """The B-side "may not carry any wedges"."""
        if self.side == "B" and game.clubs[club].wedge:
            return "The Shark (B-side) may not carry wedges"
        return None

    def picks_after_draft(self):
        """The B-side "can pick from the remaining cards after the draft"."""
        return self.side == "B"

    def extra_choices(self, game, seat, kind):
        """The B-side's pass in the draft."""
        return (PASS,) if kind == DRAFT_PICK else ()

    def extra_reason(self, game, seat, code):
        """He "must pass if the only available clubs are wedges", and only then."""
        if [c for c in game.packets[seat] if not game.clubs[c].wedge]:
            return "The Shark passes only when the only clubs left to pick are wedges"
        return None

    def extra_apply(self, game, seat, code, outs):
        """Pass this draft round."""
        game.draft_pass(seat, outs)
