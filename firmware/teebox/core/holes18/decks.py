"""The five shot decks on the table: draw piles, discard piles and reshuffles.

Rules followed (rulebook, "Play club card" and "Shuffle"):

* "If the deck is empty whenever you go to draw, shuffle the discard pile and
  turn over to form a new deck. Do not shuffle cards you drawn this turn into
  the new deck." Cards drawn this turn are not on the discard pile until the
  engine discards them, so they naturally stay out.
* A SHUFFLE card puts "all current discards from this shot deck back in" and
  shuffles; with no discard pile there is nothing to shuffle.
"""

from teebox.core.holes18.cards import DECKS, SOLO


class DeckEmpty(Exception):
    """A deck has no card to draw: its draw pile and its discard pile are both empty."""


class ShotDecks:
    """Draw and discard piles for each shot deck, shuffled with ``rng``.

    ``shots`` is the dict from :func:`teebox.core.holes18.cards.load_shots` (the shipped
    one also carries the Solo Chaos Golf cards under ``cards.SOLO``). The top of
    a pile is the end of its list.
    """

    def __init__(self, shots, rng):
        self._rng = rng
        self._draw = {}
        self._discard = {}
        for name in sorted(shots):
            if name != SOLO:  # (the Solo Chaos Golf deck travels with them: not shots)
                _known(name)
        for name in DECKS:  # fixed order: the same seed shuffles the same way
            if name in shots:
                pile = list(shots[name])
                rng.shuffle(pile)
                self._draw[name] = pile
                self._discard[name] = []
        self._shown = []  # the decks whose top card lies face up (Bunjil's B-side showed it)

    def _piles(self, deck):
        _known(deck)
        if deck not in self._draw:
            raise ValueError("shot deck %s is not on the table" % deck)
        return self._draw[deck], self._discard[deck]

    def _ready(self, deck):
        # The draw pile, refilled from the discards first when it has run out.
        pile, discards = self._piles(deck)
        if not pile:
            if not discards:
                raise DeckEmpty("shot deck %s is empty: every card is out on the table" % deck)
            pile.extend(discards)
            del discards[:]
            self._rng.shuffle(pile)
        return pile

    def draw(self, deck):
        """Take the top card of ``deck``, reshuffling its discards into a new pile if it is empty."""
        self._hide(deck)  # a card shown face up was the top card: it is the one taken
        return self._ready(deck).pop()

    def show(self, deck):
        """Turn the top card of ``deck`` face up for all to see, until it is drawn or
        shuffled in (Bunjil's B-side: "return the card to the top of the shot deck, face
        up for all players to see")."""
        self.peek(deck)  # (a deck with no draw pile left is shuffled first, as for a look)
        if deck not in self._shown:
            self._shown.append(deck)

    def shown(self, deck):
        """The card lying face up on top of ``deck``, or None (see :meth:`show`)."""
        return self._draw[deck][-1] if deck in self._shown else None

    def _hide(self, deck):
        if deck in self._shown:
            self._shown.remove(deck)

    def peek(self, deck):
        """The card ``draw`` would return next, left in place (reshuffles first, like a draw)."""
        return self._ready(deck)[-1]

    def discard(self, shot):
        """Put a drawn card on its deck's discard pile."""
        pile, discards = self._piles(shot.deck)
        for card in pile:
            if card is shot:
                raise ValueError("card %s is still in deck %s" % (shot.id, shot.deck))
        for card in discards:
            if card is shot:
                raise ValueError("card %s is already on the discard pile" % shot.id)
        discards.append(shot)

    def shuffle_discards(self, deck):
        """A SHUFFLE card: put the deck's discards back and shuffle; returns how many went back."""
        pile, discards = self._piles(deck)
        n = len(discards)
        if n:
            self._hide(deck)  # the card shown face up is shuffled in with the rest
            pile.extend(discards)
            del discards[:]
            self._rng.shuffle(pile)
        return n

    def remaining(self, deck):
        """Cards left to draw in ``deck``."""
        return len(self._piles(deck)[0])

    def discarded(self, deck):
        """Cards on ``deck``'s discard pile."""
        return len(self._piles(deck)[1])


def _known(deck):
    if deck not in DECKS:
        raise ValueError("unknown shot deck %r (use one of: %s)" % (deck, " ".join(DECKS)))
