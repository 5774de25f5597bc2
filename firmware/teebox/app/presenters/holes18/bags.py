"""Bag registration after a physical draft of 18 Holes: each player scans the five
clubs in their bag before the game starts (a setup flow, see ``app/setup_flow.py``)."""

from teebox.app.setup_flow import (R_ACK, R_CHANGED, R_DONE, R_EXIT, R_NONE, R_REFUSED, Prompt,
                                   player_label)
from teebox.core.holes18 import cards
from teebox.core.holes18 import golfers as golfer_cards
from teebox.core.rng import Rng


def _driver(clubs):
    # The base game's Driver, the club Slugger carries, found as the engine's draft finds
    # it (hands.Hands._deal_draft). The same test, not a helper shared with the engine:
    # one in cards.py or golfers/__init__.py moved the table's measured heap past its
    # ceilings (tests/test_table_heap.py, tests/test_table_resident.py).
    for i in range(len(clubs)):
        if clubs[i].tee_only and not clubs[i].expansion:
            return i
    raise ValueError("the club cards have no Driver")


class _Hand:
    # A bag as a golfer card's draft rule (``Golfer.pick_reason``) reads a player: its hand.
    def __init__(self, hand):
        self.hand = hand


class _Draft:
    """What a golfer card's draft rule (``Golfer.pick_reason``) reads of a game: the clubs
    and each seat's hand, here the bags scanned so far."""

    def __init__(self, clubs, hands):
        self.clubs = clubs
        self.players = [_Hand(h) for h in hands]


class BagRegistration:
    """After a physical draft, each player scans the five clubs in their bag.

    Players take turns in seat order, prompted in their colour (with one reader
    per seat, each scans on their own reader, in any order). An unknown tag, a
    club already in a bag, or a club not dealt for this many players is refused
    and changes nothing. BACK takes the last club scanned back out (BACK with
    every bag empty leaves); when every bag is full, OK starts the game and
    ``hands`` holds the club indices per seat.

    Bots (``bot[seat]`` 1) scan nothing: their clubs stay in the box, and
    :meth:`hands_with_bots` deals them from the clubs no person's bag holds.

    ``size[seat]`` is how many clubs that bag holds: five, or what the seat's golfer card
    drafts (:meth:`sizes`: Dorian B three, Slick Rikesh B one, Iron Jane B four), and
    ``rule[seat]`` what that card changes in the draft, said while its bag is scanned
    (The Shark B's pass when only wedges are left, Slick Rikesh B's in any round). A
    player whose card's passes may leave it short of clubs (``short[seat]``: The Shark
    B, when only wedges were left to pick) ends its bag with OK once it holds a club;
    BACK opens it again.

    A club the seat's golfer card may not carry is refused by the engine's own draft
    rule (``Golfer.pick_reason``: The Shark B's wedges, Iron Jane B's second alike), and
    the Driver is Slugger's: refused in another bag, taken from the box for his (a
    draft deals it to him first), and his bag's last club must be the Driver if it does
    not hold it yet. ``why`` says why the last card was refused (the table shows it).
    """

    def __init__(self, bindings, clubs, players, seat_readers=False, bot=None):
        self.bindings = bindings
        self.clubs = clubs
        self.players = players
        self.seat_readers = seat_readers
        self.bot = bot if bot is not None else bytearray(players)
        self.hands = [[] for _ in range(players)]
        self.size = [cards.HAND_SIZE] * players
        self.rule = [""] * players
        self.limit = list(self.size)    # the sizes before a bag was ended short
        self.short = [False] * players
        self.owner = bytearray(b"\xff" * len(clubs))
        self.dealt = bytearray(len(clubs))  # 1 for clubs a draft of this size uses
        index = {}
        for i in range(len(clubs)):
            index[id(clubs[i])] = i
        for c in cards.clubs_for(clubs, players):
            self.dealt[index[id(c)]] = 1
        self.prompt = Prompt()
        self.note = ""
        self.why = ""
        self.last = []   # seats in scan order, for BACK
        self.choices = [None] * players  # (name, side) per seat's golfer card, or None
        self._cards = None  # the Golfer per seat whose card changes the draft (else None)
        self._show()

    def seat(self):
        """The seat whose bag is being scanned: the first person's not full (-1: all full)."""
        for s in range(self.players):
            if not self.bot[s] and len(self.hands[s]) < self.size[s]:
                return s
        return -1

    def hands_with_bots(self, seed):
        """The hands per seat, each bot's dealt (seeded by the game's ``seed``) from
        the clubs of this draft that are in no bag."""
        rules = self._golfers()
        box = [c for c in range(len(self.clubs)) if self.dealt[c] and self.owner[c] == 0xFF]
        Rng(seed).shuffle(box)
        out = []
        for s in range(self.players):
            if self.bot[s]:
                hand = []
                if rules[s] is not None and rules[s].carries_driver():
                    # "give it to the player with Slugger": the Driver first.
                    hand.append(_driver(self.clubs))
                    box.remove(hand[0])
                n = self.size[s] - len(hand)
                out.append(sorted(hand + box[:n]))
                box = box[n:]
            else:
                out.append(list(self.hands[s]))
        return out

    def sizes(self, limits, rules, short, choices=None):
        """Bags of ``limits[seat]`` clubs: what each seat's golfer card drafts; ``rules``
        (per seat, "" for none) what the card changes in the draft; ``short`` (per seat)
        whether its passes may leave the bag with fewer; ``choices`` (per seat) its golfer
        card ``(name, side)``, whose draft rule the clubs scanned must keep."""
        self.size = list(limits)
        self.limit = list(limits)
        self.rule = list(rules)
        self.short = list(short)
        if choices is not None:
            self.choices = list(choices)
            self._cards = None
        self._show()

    def _golfers(self):
        # The Golfer of each seat whose card changes the draft (None for the others),
        # made once a club is scanned or dealt: the deal before names the cards from their
        # facts alone, and a card that changes no draft is never needed here.
        if self._cards is None:
            self._cards = [golfer_cards.make(s, c) if c is not None and golfer_cards.draft_rule(c)
                           else None for s, c in enumerate(self.choices)]
            if [g for g in self._cards if g is not None and g.carries_driver()]:
                # Slugger's Driver comes from the box if a draft this size leaves it out.
                self.dealt[_driver(self.clubs)] = 1
        return self._cards

    def _golfer_reason(self, seat, club):
        # Why the golfer card of ``seat`` (or Slugger's at another seat) refuses ``club``
        # in its bag, in the engine's words where the engine has the rule; None: it may.
        rules = self._golfers()
        name = self.clubs[club].name
        driver = _driver(self.clubs)
        for s in range(self.players):
            g = rules[s]
            if club == driver and s != seat and g is not None and g.carries_driver():
                return "the %s is P%d's: %s carries it" % (name, s + 1, g.title)
        g = rules[seat]
        if g is None:
            return None
        bag = self.hands[seat]
        if (g.carries_driver() and club != driver and driver not in bag
                and len(bag) == self.size[seat] - 1):
            return "%s must carry the %s: scan it" % (g.title, self.clubs[driver].name)
        why = g.pick_reason(_Draft(self.clubs, self.hands), seat, club)
        return None if why is None else "%s: %s" % (name, why)

    def reason(self, seat, club):
        """Why ``club`` (an index) may not go in ``seat``'s bag now (None: it may): a bot's,
        a club in a bag already, a full bag, the seat's golfer card or Slugger's, a club a
        draft of this size does not deal."""
        if 0 <= seat < self.players and self.bot[seat]:
            why = "P%d is a bot: its clubs stay in the box" % (seat + 1)
        elif self.owner[club] != 0xFF:
            why = "%s already in P%d's bag" % (self.clubs[club].name, self.owner[club] + 1)
        elif seat < 0 or seat >= self.players or len(self.hands[seat]) >= self.size[seat]:
            why = "Bag is full"
        else:
            why = self._golfer_reason(seat, club)  # (it may deal Slugger's Driver from the box)
        if why is None and not self.dealt[club]:
            why = "%s: not used with %d players" % (self.clubs[club].name, self.players)
        return why

    def complete(self):
        """Every bag holds five clubs."""
        return self.seat() < 0

    def on_scan(self, seat, uid):
        """Add the scanned club to the bag of the seat being asked (or of the reader's seat)."""
        club = self.bindings.piece_of(uid)
        target = seat if (self.seat_readers and seat is not None and seat >= 0) else self.seat()
        if self.seat_readers and seat is not None and seat < 0:
            why = "Nobody sits at that reader"
        elif club < 0:
            why = "Unknown card"
        else:
            why = self.reason(target, club)
        self.why = why or ""
        if why is not None:
            return R_REFUSED  # (the table says why, first, and blinks: nothing changed)
        self.hands[target].append(club)
        self.owner[club] = target
        self.last.append(target)
        self.note = "%s in" % self.clubs[club].name
        self._show()
        return R_ACK

    def on_dir(self, d):
        """Nothing to choose: players scan."""
        return R_NONE

    def on_more(self):
        """Nothing to choose: players scan."""
        return R_NONE

    def on_ok(self):
        """Start the game once every bag is full; before, end the bag being scanned when
        its player passed the rest of the draft (The Shark B: only wedges were left)."""
        if self.complete():
            return R_DONE
        s = self.seat()
        if self.short[s] and self.hands[s]:
            self.size[s] = len(self.hands[s])
            self.last.append(-1 - s)  # (BACK opens the bag again)
            self.note = "P%d passed" % (s + 1)
            self._show()
            return R_CHANGED
        return R_NONE

    def on_back(self):
        """Take the last club scanned back out; with nothing scanned, leave."""
        if not self.last:
            return R_EXIT
        s = self.last.pop()
        if s < 0:  # a bag ended short: open again
            s = -1 - s
            self.size[s] = self.limit[s]
            self.note = "P%d: more clubs" % (s + 1)
            self._show()
            return R_CHANGED
        club = self.hands[s].pop()
        self.owner[club] = 0xFF
        self.note = "%s out" % self.clubs[club].name
        self._show()
        return R_CHANGED

    def _show(self):
        p = self.prompt
        s = self.seat()
        if s < 0:
            p.set("Bags ready\n%s\n\nOK: start game\nBACK: undo" % self.note,
                  1, -1, 0, -1, bytes(range(self.players)))
            return
        n = len(self.hands[s])
        who = "Each scan your\nbag (5 clubs)" if self.seat_readers else "Scan your bag"
        # What the seat's golfer card changed in the draft (the passes were made with the
        # cards, away from the table) in the line left blank without one.
        p.set("%s:\n%s\n%d/%d clubs\n%s\n%s\n%s"
              % (player_label(s), who, n, self.size[s], self.rule[s], self.note,
                 "OK: pass  BACK" if self.short[s] and n else "BACK: undo"),
              1, s, self.size[s], n - 1)

