"""Bunjil: once per hole, before selecting a club, he looks at the top card of a deck his
clubs can draw from; on his B-side he then keeps it for his next shot (and plays a club
that can reach that deck) or returns it face up for all to see."""

from teebox.core.holes18 import cards
from teebox.core.holes18.golfers import DECK, HOLD, PEEKED, RETURN
from teebox.core.holes18.player import Golfer
from teebox.core.holes18.protocol import OUT_PEEK, OUT_POWER, SELECT_CLUB


class Bunjil(Golfer):
    """Bunjil, ``side`` "A" or "B"."""

    name = "bunjil"
    title = "Bunjil"

    def __init__(self, side):
        self.side = side
        self.hole = 0     # the hole he last looked on
        self.deck = -1    # the deck looked at (index into cards.DECKS), B: until decided
        self.shot = -1    # the card seen
        self.held = -1    # B: the card kept for the next shot (shot index), -1 if none
        self.extras = tuple(range(DECK, DECK + len(cards.DECKS)))
        if side == "B":
            self.extras += (HOLD, RETURN)
            # keep or return: asked with the card seen, so only he may see the options
            self.secret_kinds = (PEEKED,)

    def power_state(self, game, seat):
        """1 ready, 0 used on this hole."""
        return 0 if self.hole == game.players[seat].hole else 1

    def extra_choices(self, game, seat, kind):
        """A look at a deck before selecting; B: keep or return what he saw."""
        if kind == SELECT_CLUB and game.players[seat].chosen == -1 and not game.in_extra:
            return tuple([DECK + i for i in range(len(cards.DECKS))
                          if cards.DECKS[i] in _reach(game, game.players[seat].hand)])
        if kind == PEEKED:
            return (HOLD, RETURN)
        return ()

    def extra_reason(self, game, seat, code):
        """Once per hole; a deck with cards to see; B: a club that can play a kept card."""
        if code == HOLD:
            if cards.DECKS[self.deck] not in _reach(game, game.players[seat].hand):
                return "no club in your hand draws from deck %s" % cards.DECKS[self.deck]
            return None
        if code == RETURN:
            return None
        if self.hole == game.players[seat].hole:
            return "Bunjil looks at a deck once per hole"
        if game.peek(cards.DECKS[code - DECK]) < 0:
            return "deck %s has no card to look at until it is shuffled" % cards.DECKS[
                code - DECK]
        return None

    def extra_apply(self, game, seat, code, outs):
        """Look (privately), then for the B-side keep the card or show it to all."""
        if code == HOLD:
            self.held = game.take_top(cards.DECKS[self.deck])
            game.resume()
            return
        if code == RETURN:
            # "return the card to the top of the shot deck, face up for all players to see"
            outs.append((OUT_PEEK, seat, self.deck, self.shot, 1))
            game.decks.show(cards.DECKS[self.deck])
            game.resume()
            game.reopen_selection(seat, outs)
            return
        self.deck = code - DECK
        self.shot = game.peek(cards.DECKS[self.deck])
        self.hole = game.players[seat].hole
        outs.append((OUT_PEEK, seat, self.deck, self.shot, 0))
        outs.append((OUT_POWER, seat, 0))
        if self.side == "B":
            game.ask(PEEKED, seat)

    def decision_text(self, game, kind):
        """B-side, after the look (the card is for his eyes only: the table shows it to
        him alone)."""
        return "Bunjil: keep the\ncard or show it?"

    def choice_text(self, game, code):
        """A deck to look at, or what to do with the card seen."""
        if code == HOLD:
            return "Keep it"
        if code == RETURN:
            return "Show it to all"
        return "Look: %s" % cards.deck_name(code - DECK)

    def select_reason(self, game, seat, club):
        """"If Bunjil keeps the card, then the player must play a club that can access
        that shot deck"."""
        if self.held >= 0 and cards.DECKS[self.deck] not in _reach(game, (club,)):
            return "you keep a card of deck %s: play a club that draws from it" % (
                cards.DECKS[self.deck])
        return None

    def take_held(self, game, seat, deck):
        """The kept card is the first card of his next draw from its deck."""
        if self.held < 0 or deck != cards.DECKS[self.deck]:
            return -1
        shot = self.held
        self.held = -1
        return shot

    def turn_ended(self, game, seat, outs):
        """A kept card his shot did not use goes to its deck's discard pile."""
        if self.held >= 0:
            game.decks.discard(game.shot_list[self.held])
            self.held = -1

    def state_ints(self, out):
        """The hole of the last look, the deck and card seen, the card kept."""
        out.extend((self.hole, self.deck, self.shot, self.held))


def _reach(game, clubs):
    # The decks these clubs can draw from, their big hits included.
    out = []
    for c in clubs:
        club = game.clubs[c]
        out += list(club.decks)
        if club.big_hit_deck() is not None:
            out.append(club.big_hit_deck())
    return out
