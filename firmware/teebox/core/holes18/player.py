"""One player at the table: golfer position, clubs, hazard status, score counters.

Also :class:`Golfer`, the per-player rule hooks the engine asks. The base game
(no golfer card) is this class as it stands; the eight golfers of the rulebook
are its subclasses in :mod:`teebox.core.holes18.golfers`, chosen by name (``GOLFERS``).
A golfer is also a :class:`~teebox.core.holes18.policy.Policy`: it may add choices of its own
(Lucky's redraw), offered to its player only.
"""

from teebox.core.holes18.policy import Policy

# Golfer names, in the order their codes are written into game logs (code = index + 1).
GOLFERS = ("bunjil", "dorian", "iron-jane", "lucky", "slick-rikesh", "slugger", "swift",
           "the-shark", "peter", "wendy")
WIND_GOLFERS = ("wendy",)  # expansion golfers of Taming the Wind: only with that module
SIDES = "AB"


class Golfer(Policy):
    """The rules every player follows unless a golfer card changes them. ``name`` is the
    card's setup name ("" for none), ``title`` what the table calls it ("Iron Jane"),
    ``side`` "A" or "B"."""

    name = ""
    title = ""
    side = ""
    expansion = ""  # the expansion whose box holds the card ("" for the base game's)

    def hand_limit(self):
        """How many clubs this player drafts (Iron Jane B-side: 4, Dorian B-side: 3...)."""
        return 5

    def initiative_key(self, club, seat):
        """Sort key of the play order: lowest first.

        The middle element breaks initiative ties (Swift: A-side 0 wins ties,
        B-side 2 loses them); the seat makes the order total.
        """
        return (club.initiative, 1, seat)

    def water_applies(self, kind):
        """Whether landing on water of this terrain kind strikes (The Shark ignores it)."""
        return True

    def keeps_club(self, club):
        """Whether a played club goes back to the hand (Slugger's Driver, Dorian's club)."""
        return False

    # ------------------------------------------------------------ the draft

    def picks_first(self):
        """Whether this player takes its clubs from all of them before the draft (Iron Jane)."""
        return False

    def carries_driver(self):
        """Whether this player is given the Driver before the draft (Slugger)."""
        return False

    def pick_reason(self, game, seat, club):
        """None if this player may take ``club`` in the draft, else why not."""
        return None

    def picks_after_draft(self):
        """Whether a club this player could not take in the draft is picked from the cards
        left after it (The Shark's B-side)."""
        return False

    # ------------------------------------------------------------ play

    def start_play(self, game, seat):
        """Called once the hands are dealt, before the first round; True if it asked a
        decision of its own (``Game.ask``) first (Dorian naming his club)."""
        return False

    def resets_hand(self, game, seat):
        """Whether the hand resets by itself at the start of a round (step 1)."""
        return not game.players[seat].hand

    def reset_reason(self, game, seat):
        """None if the rules of the golfer let it reset its hand now, else why not."""
        return None

    def hand_reset(self):
        """The discards came back into the hand (Lucky's power turns ready again)."""

    def select_reason(self, game, seat, club):
        """None if this player may lay ``club`` face down now, else why not."""
        return None

    def after_reveal(self, game, seat, outs):
        """Called after the reveal, before the play order; True if it asked a decision
        of its own (Slick Rikesh's borrowing), the order then waits for its answer."""
        return False

    def order_key(self, game, seat):
        """This round's play order key of ``seat`` (see :meth:`initiative_key`)."""
        return self.initiative_key(game.clubs[game.players[seat].chosen], seat)

    def turn_club(self, game, seat):
        """The club this player plays on its turn (another's, when Slick Rikesh borrows)."""
        return game.players[seat].chosen

    def spends_own_club(self):
        """Whether the club laid face down is spent when another's club is played instead."""
        return True

    def take_held(self, game, seat, deck):
        """A shot card (index) this player holds for its next draw from ``deck``, given up
        to be drawn now; -1 if none."""
        return -1

    def keep_reason(self, game, seat, pile):
        """None if the player may keep the top card of ``pile``, else why not."""
        return None

    def turn_ended(self, game, seat, outs):
        """Called when this player's turn ends."""

    def power_state(self, game, seat):
        """The golfer's power as the table shows it: None (no power to turn), 1 ready,
        0 used (the card turned sideways in the box game)."""
        return None

    def wind(self, game, seat, strength, direction, previous):
        """The wind condition this player plays in (Taming the Wind): ``(strength,
        direction)`` from the hole's; ``previous`` is the last WINDY or STRONG condition
        drawn before this one as ``(strength, direction)``, or None (Wendy's B-side)."""
        return strength, direction

    def may_ignore_wind(self, strength):
        """Whether this player may choose to ignore a wind of this strength, once its
        club's power applied (Wendy's A-side: a WINDY condition)."""
        return False


class PlayerState:
    """Everything the engine tracks for one seat. Read-only outside the engine.

    Clubs are indices into ``Game.clubs``; ``hand`` and ``discards`` are kept
    sorted so equal states compare and digest equal.
    """

    def __init__(self, seat, golfer_choice=None, team=None):
        self.seat = seat
        self.golfer_choice = golfer_choice  # (name, side) as set up, or None
        self.team = team
        self.rules = Golfer()
        self.q = 0
        self.r = 0
        self.hole = 0          # the hole this player is playing (0 before the first tee)
        self.hand = []
        self.discards = []
        self.chosen = -1       # club face down this round, -1 if none
        self.miss_turn = False  # landed in water: skips its next round
        self.ashore = None     # Coastlines: (q, r, hole) where the ocean put it back ashore
        self.done = False      # on the green: waiting for the others (Stroke Play, Stableford),
        #                        or moving on when the round ends (Golf Racing)
        self.score = 0         # the mode's running score (points, or strokes)
        self.hole_in_ones = 0
        self.tokens = []       # (hole, kind) of every flag/token won
        # Counters for the current hole.
        self.turns = 0         # actions taken, out of bounds included
        self.missed = 0        # turns missed
        self.water = 0         # times landed in water
        self.out = 0           # times out of bounds

    def position(self):
        """The golfer's hex ``(q, r)``."""
        return (self.q, self.r)

    def new_hole(self, hole, q, r):
        """Stand on the tee of ``hole``: hazard effects and hole counters cleared."""
        self.hole = hole
        self.q = q
        self.r = r
        self.miss_turn = False
        self.done = False
        self.turns = 0
        self.missed = 0
        self.water = 0
        self.out = 0

    def reset_hand(self):
        """Take the discards back into the hand; True if any came back."""
        if not self.discards:
            return False
        self.hand = sorted(self.hand + self.discards)
        self.discards = []
        self.rules.hand_reset()
        return True

    def state_ints(self, out):
        """Append every field as ints (for the state digest)."""
        out.extend((self.seat, self.q, self.r, self.hole, self.chosen, int(self.miss_turn),
                    int(self.done), self.score, self.hole_in_ones, self.turns, self.missed,
                    self.water, self.out, -1 if self.team is None else self.team))
        if self.ashore is not None:  # only the Coastlines set it: base digests stay as they were
            out.extend(self.ashore)
        for seq in (self.hand, self.discards):
            out.append(len(seq))
            out.extend(seq)
        out.append(len(self.tokens))
        for hole, kind in self.tokens:
            out.extend((hole, kind))
