"""Slick Rikesh: on his A-side, once per hole, he plays another player's revealed club
right after its owner; on his B-side he drafts one club, plays it for initiative and may
then use any club another player has discarded."""

from teebox.core.holes18.golfers import BORROW, CLUB, NO, PASS, SEAT
from teebox.core.holes18.player import Golfer
from teebox.core.holes18.protocol import CHOOSE_ACTION, DRAFT_PICK, OUT_BORROWED, OUT_POWER


class SlickRikesh(Golfer):
    """Slick Rikesh, ``side`` "A" or "B"."""

    name = "slick-rikesh"
    title = "Slick Rikesh"

    def __init__(self, side):
        self.side = side
        self.hole = 0      # A: the hole he last borrowed on
        self.owner = -1    # A: whose club he plays this round
        self.club = -1     # A: that club
        if side == "A":
            self.extras = (NO,) + tuple(range(SEAT, SEAT + 8))
        else:
            self.extras = (PASS,) + tuple(range(CLUB, CLUB + 64))

    def power_state(self, game, seat):
        """A: 1 ready, 0 used on this hole; B: no power to turn (None)."""
        if self.side == "B":
            return None
        return 0 if self.hole == game.players[seat].hole else 1

    def hand_limit(self):
        """"Slick Rikesh only picks one card during the draft" (B-side)."""
        return 1 if self.side == "B" else 5

    def after_reveal(self, game, seat, outs):
        """A: "After all players have revealed their club cards, Slick Rikesh may use
        another player's chosen club" (asked while his power is ready)."""
        self.owner = -1
        self.club = -1
        if (self.side != "A" or self.hole == game.players[seat].hole
                or len(game.selecting) < 2):
            return False
        game.ask(BORROW, seat)
        return True

    def extra_choices(self, game, seat, kind):
        """A: whose club to borrow; B: a pass in the draft, another's discarded club."""
        if kind == BORROW:
            return (NO,) + tuple([SEAT + s for s in game.selecting if s != seat])
        if self.side == "B" and kind == DRAFT_PICK:
            return (PASS,)
        if self.side == "B" and kind == CHOOSE_ACTION and game.t_club == game.players[seat].chosen:
            return tuple([CLUB + c for c in _discarded(game, seat)])
        return ()

    def extra_reason(self, game, seat, code):
        """B: he may pass in the draft while a later round can give him his club."""
        if code == PASS and not game.draft_rounds_left(seat):
            return "Slick Rikesh (B-side) must pick now: no later draft round is left for him"
        return None

    def extra_apply(self, game, seat, code, outs):
        """Borrow (A), pass (B, draft) or use a discarded club (B)."""
        if code == PASS:
            game.draft_pass(seat, outs)
        elif code >= CLUB:
            club = code - CLUB
            owner = [s for s in range(len(game.players))
                     if s != seat and club in game.players[s].discards][0]
            game.use_club(club, owner, outs)
        else:
            if code != NO:
                self.owner = code - SEAT
                self.club = game.players[self.owner].chosen
                self.hole = game.players[seat].hole
                outs.append((OUT_BORROWED, seat, self.club, self.owner))
                outs.append((OUT_POWER, seat, 0))
            game.resume()

    def decision_text(self, game, kind):
        """A: whose revealed club he plays."""
        return "Slick Rikesh:\nborrow a club?"

    def choice_text(self, game, code):
        """A: a player's revealed club, or his own; B: a discarded club and its owner."""
        if code == NO:
            return "No: play mine"
        if code == PASS:
            return "Pass this round"
        if code >= CLUB:
            club = code - CLUB
            owner = [p.seat for p in game.players if club in p.discards]
            return "%s of P%d" % (game.clubs[club].name, owner[0] + 1 if owner else 0)
        owner = code - SEAT
        return "P%d's %s" % (owner + 1, game.clubs[game.players[owner].chosen].name)

    def order_key(self, game, seat):
        """A: "Slick Rikesh's club initiative is the same as the original owner's club and
        plays immediately afterwards"."""
        if self.owner < 0:
            return Golfer.order_key(self, game, seat)
        return game.players[self.owner].rules.order_key(game, self.owner) + (1,)

    def turn_club(self, game, seat):
        """The borrowed club (A), else his own."""
        return self.club if self.club >= 0 else game.players[seat].chosen

    def spends_own_club(self):
        """A: his own club, not played, goes back to his hand; B: it was played."""
        return self.side == "B"

    def turn_ended(self, game, seat, outs):
        """The borrowed club is given back with the turn."""
        self.owner = -1
        self.club = -1

    def state_ints(self, out):
        """The hole of the last borrowing, the owner and club borrowed this round."""
        out.extend((self.hole, self.owner, self.club))


def _discarded(game, seat):
    # The clubs on the other players' discard piles.
    out = []
    for p in game.players:
        if p.seat != seat:
            out += p.discards
    return sorted(out)
