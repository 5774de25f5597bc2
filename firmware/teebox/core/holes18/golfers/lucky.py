"""Lucky: once per hand he may redraw a shot card and must play the new one; on his B-side
he discards another club to do it, and only once per hole."""

from teebox.core.holes18.golfers import CLUB, LUCKY_DISCARD, PILE, club_codes
from teebox.core.holes18.player import Golfer
from teebox.core.holes18.protocol import CHOOSE_CARD, OUT_CLUB_DISCARDED, OUT_POWER


class Lucky(Golfer):
    """Lucky, ``side`` "A" or "B"."""

    name = "lucky"
    title = "Lucky"

    def __init__(self, side):
        self.side = side
        self.used = 0      # turned sideways: used this hand
        self.hole = 0      # B: the hole of the last redraw
        self.pile = -1     # the pile redrawn this turn: its new card must be played
        self.extras = tuple(range(PILE, PILE + 4))
        if side == "B":
            self.extras += tuple(range(CLUB, CLUB + 64))

    def power_state(self, game, seat):
        """1 ready, 0 used (until the hand resets; B-side: or until the next hole)."""
        if self.used or (self.side == "B" and self.hole == game.players[seat].hole):
            return 0
        return 1

    def hand_reset(self):
        """"When resetting your hand, return Lucky to the portrait orientation." """
        self.used = 0

    def extra_choices(self, game, seat, kind):
        """A redraw of any card showing once the draw is done; B: the club to discard."""
        if kind == CHOOSE_CARD:
            return tuple([PILE + i for i in range(len(game.t_piles))])
        if kind == LUCKY_DISCARD:
            return club_codes(game.players[seat].hand)
        return ()

    def extra_reason(self, game, seat, code):
        """Why a redraw is refused now, if it is."""
        if code >= CLUB:
            return None
        if self.used:
            return "Lucky's power is used: it turns ready when your hand resets"
        if self.side == "B" and self.hole == game.players[seat].hole:
            return "Lucky (B-side) redraws once per hole"
        if self.side == "B" and not game.players[seat].hand:
            return "Lucky (B-side) must discard another club to redraw and has none"
        if code - PILE == game.t_discarded:
            return "that card was discarded for your big hit"
        return game.redraw_reason(code - PILE)

    def extra_apply(self, game, seat, code, outs):
        """Redraw (A) or ask which club to discard first (B), then redraw."""
        if code < CLUB:
            self.pile = code - PILE
            if self.side == "B":
                game.ask(LUCKY_DISCARD, seat)
                return
        else:
            p = game.players[seat]
            club = code - CLUB
            p.hand.remove(club)
            p.discards.append(club)
            p.discards.sort()
            outs.append((OUT_CLUB_DISCARDED, seat, club))
            game.resume()
        self.used = 1
        self.hole = game.players[seat].hole
        outs.append((OUT_POWER, seat, 0))
        game.redraw(self.pile, outs)

    def decision_text(self, game, kind):
        """B: the club discarded for the redraw."""
        return "Lucky: discard a\nclub to redraw"

    def choice_text(self, game, code):
        """A redraw of a card showing (its place), or a club of his hand."""
        if code >= CLUB:
            return game.clubs[code - CLUB].name
        return "Redraw card %d" % (code - PILE + 1)

    def keep_reason(self, game, seat, pile):
        """"Lucky must play the new card" (while it has a flight path: a super or short
        card he chose not to follow cannot be played)."""
        if (self.pile >= 0 and pile != self.pile
                and game.shot_list[game.t_piles[self.pile][-1]].outcomes):
            return "Lucky must play the card he redrew"
        return None

    def turn_ended(self, game, seat, outs):
        """The redrawn card is played: nothing is forced any more."""
        self.pile = -1

    def state_ints(self, out):
        """Used, the hole of the last use, the redrawn pile."""
        out.extend((self.used, self.hole, self.pile))
