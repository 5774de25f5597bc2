# Helpers for the Play Nine tests: games dealt with chosen cards. Runs under CPython
# and inside MicroPython (plain functions, no pytest features).
from teebox.core.playnine import rules
from teebox.core.playnine.protocol import DISCARD, DRAW, FLIP, FROM_DECK, REPLACE
from teebox.core.rng import Rng


class StackedRng(Rng):
    """An Rng whose shuffles put chosen cards on top: each shuffle takes the next list
    of ``tops`` (first drawn first); once they run out, shuffles are plain."""

    def __init__(self, tops, seed=0):
        Rng.__init__(self, seed)
        self.tops = list(tops)

    def shuffle(self, items):
        Rng.shuffle(self, items)
        if not self.tops:
            return
        top = self.tops.pop(0)
        for card in top:
            items.remove(card)
        for i in range(len(top) - 1, -1, -1):  # the deck's top is its last item
            items.append(top[i])


def deal_top(grids, discard, deck=(), dealer=None):
    """The top of the deck that deals ``grids`` (one 8-card list a seat, slot order)
    one card at a time from the dealer's left, then starts the discard pile with
    ``discard``; ``deck`` are the next cards drawn, first drawn first."""
    n = len(grids)
    dealer = n - 1 if dealer is None else dealer
    seats = [s for s in range(n) if grids[s]]
    order = []
    s = dealer
    while len(order) < len(seats):
        s = (s + 1) % n
        if s in seats:
            order.append(s)
    top = [grids[s][k] for k in range(8) for s in order]
    return top + [discard] + list(deck)


def cut_for(players, dealer):
    """One round of cut cards (seat order) that makes ``dealer`` the lowest."""
    return [0 if s == dealer else 9 for s in range(players)]


def stacked(grids, discard=6, deck=(), holes=1, later=(), **setup):
    """A game whose first hole deals ``grids`` (the last seat deals, seat 0 starts);
    ``later`` lists more shuffles' tops (later holes, reshuffles)."""
    n = len(grids)
    tops = [cut_for(n, n - 1), deal_top(grids, discard, deck)] + list(later)
    return rules.Game(rules.Setup(n, holes=holes, **setup), StackedRng(tops))


def tee_off(game, slots=(0, 4)):
    """Every player turns over the same two slots."""
    for seat in game.pending().waiting:
        for slot in slots:
            game.apply((FLIP, slot), seat)


def turn(game, first, then):
    """One whole turn of the player to move: draw ``first``, then play ``then``."""
    seat = game.pending().player
    return game.apply(first, seat) + game.apply(then, seat)


def replace_from_deck(game, slot):
    """The player to move draws from the deck and puts the card at ``slot``."""
    return turn(game, (DRAW, FROM_DECK), (REPLACE, slot))


def filler(n):
    """``n`` middling cards for grids no test looks at (no two alike in a column)."""
    return [[7, 8, 9, 10, 8, 9, 10, 11] for _ in range(n)]


def finish_hole(game):
    """Play the hole out by turning cards only (every turn: draw from the deck, discard
    it, turn the first face-down card over): the grids end as dealt. The outputs."""
    outs = []
    hole = game.hole
    while not game.over and game.hole == hole:
        seat = game.pending().player
        if seat < 0:
            tee_off(game)
            continue
        outs += game.apply((DRAW, FROM_DECK), seat)
        outs += game.apply((DISCARD, game.face_down(seat)[0]), seat)
    return outs


def play_out(game, bots):
    """Play to the end with ``bots[seat]``; every output of the game, the first ones too."""
    outs = list(game.initial_outputs)
    while not game.over:
        d = game.pending()
        seat = d.waiting[0]
        outs += game.apply(bots[seat].choose(game, seat), seat)
    return outs
