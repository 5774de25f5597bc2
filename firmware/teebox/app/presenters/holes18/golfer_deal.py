"""Golfer cards before a game of 18 Holes (a setup flow, see ``app/setup_flow.py``): the
rulebook's "SELECT GOLFER" step, "You can let the players pick the one and side they
want or deal one out at random", then "You pick either A-SIDE or B-SIDE when playing".
The cards' titles and draft sizes are facts (``golfers.FACTS``): no golfer's module is
imported before its game is played."""

from teebox.app.setup_flow import (R_CHANGED, R_DONE, R_EXIT, R_REFUSED, Prompt, player_label,
                                   step_index)
from teebox.core.hexgrid import E
from teebox.core.holes18 import golfers as golfer_cards
from teebox.core.holes18.player import GOLFERS, SIDES
from teebox.core.holes18.setup import Setup
from teebox.core.rng import Rng

CODE_GOLFER = 2  # the LED-only question code (bag registration is 1)


class GolferDeal:
    """Each person in turn takes a golfer card and its side: ``dealt`` (True) deals one
    card to everyone at random (seeded by ``seed``) and each person picks its side;
    else each person picks a card and a side from those nobody took before. Bots
    (``bot[seat]`` 1) take side A of the card dealt or of a card left at random. The cards
    are the base game's and those of the modules in ``expansions`` (Peter, Wendy).

    Right/left step through the options, OK takes one and goes to the next person,
    BACK goes back a person (out of the first: R_EXIT). After the last a summary; OK
    there is R_DONE, or goes on to ``then`` (the bag registration after a physical
    draft), which then answers every button and scan (its BACK out comes back here).
    :meth:`golfers` is the setup's ``golfers`` once done."""

    def __init__(self, players, mode, dealt, bot, seed, then=None, expansions=()):
        self.players = players
        self.mode = mode
        self.expansions = expansions
        self.dealt = dealt
        self.bot = bot
        self.then = then
        self.active = None    # ``then`` once the golfers are taken
        self._why = ""
        self.own = Prompt()
        rng = Rng(seed)
        # The base game's cards, and Peter and Wendy with their modules
        order = list(golfer_cards.base_game(expansions))
        rng.shuffle(order)
        self._deck = order     # the cards in dealing order (dealt: one per seat)
        self.choice = [None] * players
        self.index = 0         # the option shown to the person choosing
        self.at = self._person(0, 1)  # the seat choosing (players: the summary)
        self._show()

    @property
    def prompt(self):
        """The prompt of the step now (the bag registration's once it goes on)."""
        return self.active.prompt if self.active is not None else self.own

    @property
    def why(self):
        """Why the last card was refused (the bag registration's once it goes on)."""
        return self.active.why if self.active is not None else self._why

    @property
    def hands(self):
        """Each seat's bag as far as it is scanned: none while the golfer cards are taken
        (the bag registration's once it goes on)."""
        return getattr(self.active, "hands", ())

    def golfers(self):
        """``(name, side)`` per seat, the bots' included."""
        out = list(self.choice)
        left = [g for g in self._deck if g not in [c[0] for c in out if c is not None]]
        for s in range(self.players):
            if out[s] is None:  # a bot: the card dealt to its seat, or one left, side A
                out[s] = (self._deck[s] if self.dealt else left.pop(0), "A")
        return out

    def _person(self, seat, step):
        # The next person from ``seat`` on in direction ``step`` (bots take no turn):
        # ``players`` past the last, -1 before the first.
        while 0 <= seat < self.players and self.bot[seat]:
            seat += step
        return seat

    def options(self):
        """``(name, side)`` the person choosing may take: the sides of its dealt card, or
        every card's sides nobody before took; not those the rules refuse here (Slick
        Rikesh B takes other players' clubs: not alone)."""
        if self.dealt:
            cands = [(self._deck[self.at], s) for s in SIDES]
        else:
            taken = [self.choice[s][0] for s in range(self.at) if self.choice[s] is not None]
            cands = [(g, s) for g in GOLFERS if g in self._deck and g not in taken
                     for s in SIDES]
        out = []
        for c in cands:
            trial = list(self.choice)
            trial[self.at] = c
            try:
                Setup(self.players, self.mode, golfers=trial, expansions=self.expansions)
            except ValueError:
                continue
            out.append(c)
        return out

    # ------------------------------------------------------------ intents

    def on_dir(self, d):
        """The next or previous card or side."""
        if self.active is not None:
            return self.active.on_dir(d)
        if self.at >= self.players:
            return R_CHANGED
        self.index = step_index(self.index, len(self.options()), d)
        self._show()
        return R_CHANGED

    def on_more(self):
        """Holding OK: the next option."""
        if self.active is not None:
            return self.active.on_more()
        return self.on_dir(E)

    def on_ok(self):
        """Take the option shown and go to the next person; at the summary, R_DONE."""
        if self.active is not None:
            return self.active.on_ok()
        if self.at >= self.players:
            if self.then is None:
                return R_DONE
            # A bag holds what the seat's golfer card drafts (Dorian B three clubs...),
            # says what the card changes in the draft (The Shark B's pass...) and
            # refuses a club the card may not carry (The Shark B's wedges...).
            chosen = self.golfers()
            self.then.sizes([golfer_cards.hand_limit(g) for g in chosen],
                            [golfer_cards.draft_rule(g) for g in chosen],
                            [golfer_cards.passes_short(g) for g in chosen], chosen)
            self.active = self.then
            return R_CHANGED
        self.choice[self.at] = self.options()[self.index]
        self.at = self._person(self.at + 1, 1)
        self.index = 0
        self._show()
        return R_CHANGED

    def on_back(self):
        """Back a person (the choice shown again); out of the first, R_EXIT."""
        if self.active is not None:
            r = self.active.on_back()
            if r != R_EXIT:
                return r
            self.active = None  # out of the bag registration: back to the summary
            self._show()
            return R_CHANGED
        back = self._person(self.at - 1, -1)
        if back < 0:
            return R_EXIT
        self.at = back
        opts = self.options()
        self.index = opts.index(self.choice[back]) if self.choice[back] in opts else 0
        self.choice[back] = None
        self._show()
        return R_CHANGED

    def on_scan(self, seat, uid):
        """Cards mean nothing until the bags are scanned."""
        if self.active is not None:
            return self.active.on_scan(seat, uid)
        self._why = "cards are laid once the game starts"
        return R_REFUSED

    def _show(self):
        p = self.own
        if self.at >= self.players:
            lines = ["P%d %s%s" % (s + 1, golfer_cards.title(g), "*" if self.bot[s] else "")
                     for s, g in enumerate(self.golfers())]
            p.set("Golfer cards\n%s\nOK: %s  BACK" % ("\n".join(lines),
                                                    "bags" if self.then else "play"),
                  CODE_GOLFER, -1, 0, -1, bytes(range(self.players)))
            return
        opts = self.options()
        if self.dealt:
            how = "dealt you\n> %s\nA easier B harder\n</>: side" % golfer_cards.title(
                opts[self.index])
        else:
            how = "pick a golfer\n> %s\n(%d of %d)\n</>: other" % (
                golfer_cards.title(opts[self.index]), self.index + 1, len(opts))
        p.set("%s:\n%s\nOK: take  BACK" % (player_label(self.at), how),
              CODE_GOLFER, self.at, len(opts), self.index)
