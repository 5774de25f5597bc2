"""Dorian: on his A-side one club, named after the draft, never expires and his hand resets
only before he tees off; on his B-side he takes three clubs and never discards."""

from teebox.core.holes18.golfers import CLUB, NAME_CLUB, club_codes
from teebox.core.holes18.player import Golfer
from teebox.core.holes18.protocol import OUT_NAMED


class Dorian(Golfer):
    """Dorian, ``side`` "A" or "B"."""

    name = "dorian"
    title = "Dorian"

    def __init__(self, side):
        self.side = side
        self.named = -1  # A-side: the club that never expires (index), -1 before it is named
        self._club = None
        self.extras = tuple(range(CLUB, CLUB + 64)) if side == "A" else ()

    def hand_limit(self):
        """"Dorian may only take three clubs during the draft" (B-side)."""
        return 3 if self.side == "B" else 5

    def keeps_club(self, club):
        """A: the named club returns to the hand; B: "Dorian never discards their clubs"."""
        return self.side == "B" or (self.named >= 0 and club is self._club)

    def start_play(self, game, seat):
        """A: "After the card draft, before the first hole" he names his club."""
        if self.side != "A" or not game.players[seat].hand:
            return False
        game.ask(NAME_CLUB, seat)
        return True

    def extra_choices(self, game, seat, kind):
        """The clubs of his hand, when he names one."""
        return club_codes(game.players[seat].hand) if kind == NAME_CLUB else ()

    def extra_apply(self, game, seat, code, outs):
        """Name the club that never expires."""
        self.named = code - CLUB
        self._club = game.clubs[self.named]
        outs.append((OUT_NAMED, seat, self.named))
        game.resume()

    def decision_text(self, game, kind):
        """A: naming the club that never expires."""
        return "Dorian: which club\nnever expires?"

    def choice_text(self, game, code):
        """A club of his hand."""
        return game.clubs[code - CLUB].name

    def resets_hand(self, game, seat):
        """A: the hand resets before he tees off if it holds only the club that never
        expires ("may reset their clubs at the end of a hole if their hand only contains
        their club that never expires")."""
        p = game.players[seat]
        return not p.hand or (self.side == "A" and p.hand == [self.named] and p.turns == 0)

    def reset_reason(self, game, seat):
        """A: "Dorian may not reset their clubs during a hole"."""
        if self.side == "A" and game.players[seat].turns > 0:
            return "Dorian (A-side) may reset his clubs only before he tees off on a hole"
        return None

    def state_ints(self, out):
        """The named club."""
        out.append(self.named)
