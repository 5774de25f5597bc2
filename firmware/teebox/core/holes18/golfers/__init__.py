"""The eight golfer cards of 18 Holes (and the expansion's Wendy), each a :class:`~teebox.core.holes18.player.Golfer`
subclass named for its card, with its A-side and B-side (rulebook, "GOLFER ABILITIES").

:func:`make` is the engine's default golfer factory: a setup's ``(name, side)``
becomes that golfer. A golfer's own choices are ``(EXTRA, code)`` with the codes
below (modes use codes under 128) and its own decisions are the kinds below
(``Game.ask``). A golfer whose power turns used and ready (Bunjil, Lucky,
Slick Rikesh's A-side) answers ``power_state(game, seat)``: 1 ready, 0 used.
"""

from teebox.core.holes18.player import GOLFERS, SIDES, Golfer
from teebox.core.holes18.protocol import POLICY_KINDS

# A golfer's own decisions (Game.pending().kind), after the modes' first kinds.
NAME_CLUB = POLICY_KINDS + 32      # Dorian A: which club never expires (CLUB + club)
BORROW = POLICY_KINDS + 33         # Slick Rikesh A: whose revealed club (SEAT + seat, or NO)
PEEKED = POLICY_KINDS + 34         # Bunjil B: HOLD the peeked card or RETURN it face up
LUCKY_DISCARD = POLICY_KINDS + 35  # Lucky B: the club discarded for the redraw (CLUB + club)
KINDS = (NAME_CLUB, BORROW, PEEKED, LUCKY_DISCARD)

# Codes of the golfers' (EXTRA, code) choices.
NO = 128       # do not use the power offered (Slick Rikesh A plays his own club)
PASS = 129     # take no club this draft round (The Shark B, Slick Rikesh B)
HOLD = 130     # Bunjil B: keep the peeked card for the next shot
RETURN = 131   # Bunjil B: put it back on the deck face up
SEAT = 136     # + seat: borrow that player's revealed club (Slick Rikesh A)
DECK = 144     # + deck index (cards.DECKS): look at that deck's top card (Bunjil)
PILE = 152     # + pile: redraw that card (Lucky)
CLUB = 160     # + club index: name / use / discard that club


# Per golfer card, in GOLFERS order: its name, title, the expansion whose box holds it
# ("" for the base game's), how many clubs it drafts on its A and B sides, what it
# changes in a physical draft on each side, in a line the table's bag registration shows
# ("" for nothing), and on which side its passes may leave it short of clubs (The Shark
# B: "must pass if the only available clubs are wedges"). The first four are the class's
# own ``name``, ``title``, ``expansion`` and ``hand_limit()`` (tests/firmware/
# test_golfers.py keeps them equal): the table's golfer deal reads these facts, so no
# golfer's module is imported before its game is played.
FACTS = (
    ("bunjil", "Bunjil", "", (5, 5), ("", ""), (0, 0)),
    ("dorian", "Dorian", "", (5, 3), ("", "takes 3 clubs"), (0, 0)),
    ("iron-jane", "Iron Jane", "", (5, 4), ("picks 1st: all", "4, no 2 alike"), (0, 0)),
    ("lucky", "Lucky", "", (5, 5), ("", ""), (0, 0)),
    ("slick-rikesh", "Slick Rikesh", "", (5, 1), ("", "1 club: may pass\nin any round"),
     (0, 0)),
    ("slugger", "Slugger", "", (5, 5), ("Driver + picks 4", "Driver + picks 4"), (0, 0)),
    ("swift", "Swift", "", (5, 5), ("", ""), (0, 0)),
    ("the-shark", "The Shark", "", (5, 5), ("", "no wedges; pass\nif only wedges"), (0, 1)),
    ("peter", "Peter", "greens", (5, 5), ("", ""), (0, 0)),
    ("wendy", "Wendy", "wind", (5, 5), ("", ""), (0, 0)),
)


def facts(name):
    """The :data:`FACTS` row of a golfer name; ValueError naming the known ones if unknown."""
    for row in FACTS:
        if row[0] == name:
            return row
    raise ValueError("unknown golfer %r (use one of: %s)" % (name, ", ".join(GOLFERS)))


def title(choice):
    """A golfer card and side as the table names it: ``"Iron Jane B"`` (no module imported)."""
    return "%s %s" % (facts(choice[0])[1], choice[1])


def hand_limit(choice):
    """How many clubs the golfer of ``(name, side)`` drafts."""
    return facts(choice[0])[3][SIDES.index(choice[1])]


def draft_rule(choice):
    """What the golfer of ``(name, side)`` changes in a physical draft, for the table to
    say while the bags are scanned ("" for nothing)."""
    return facts(choice[0])[4][SIDES.index(choice[1])]


def passes_short(choice):
    """Whether the golfer of ``(name, side)`` may end a physical draft with fewer clubs
    than it drafts, having passed (The Shark B when only wedges were left)."""
    return bool(facts(choice[0])[5][SIDES.index(choice[1])])


def make(seat, choice):
    """The golfer of a setup's choice ``(name, side)`` (None: the base rules)."""
    if choice is None:
        return Golfer()
    name, side = choice
    if name == "bunjil":
        from teebox.core.holes18.golfers.bunjil import Bunjil as cls
    elif name == "dorian":
        from teebox.core.holes18.golfers.dorian import Dorian as cls
    elif name == "iron-jane":
        from teebox.core.holes18.golfers.iron_jane import IronJane as cls
    elif name == "lucky":
        from teebox.core.holes18.golfers.lucky import Lucky as cls
    elif name == "slick-rikesh":
        from teebox.core.holes18.golfers.slick_rikesh import SlickRikesh as cls
    elif name == "slugger":
        from teebox.core.holes18.golfers.slugger import Slugger as cls
    elif name == "swift":
        from teebox.core.holes18.golfers.swift import Swift as cls
    elif name == "the-shark":
        from teebox.core.holes18.golfers.the_shark import TheShark as cls
    elif name == "peter":  # Reading the Greens: his power is putting (expansions.peter)
        from teebox.core.holes18.expansions.peter import Peter as cls
    elif name == "wendy":
        from teebox.core.holes18.golfers.wendy import Wendy as cls
    else:
        raise ValueError("unknown golfer %r (use one of: %s)" % (name, ", ".join(GOLFERS)))
    return cls(side)


def base_game(expansions=()):
    """The base game's golfer names in :data:`GOLFERS` order, and the cards of the
    expansion modules in ``expansions``: Reading the Greens, "Include PETER as a potential
    golfer players may choose"; Taming the Wind, "Add WENDY to the set of available
    golfers" (without the module, its card is not dealt)."""
    return tuple([row[0] for row in FACTS if not row[2] or row[2] in expansions])


def club_codes(clubs):
    """The CLUB codes of these club indices."""
    return tuple([CLUB + c for c in clubs])


def is_wood(club):
    """Whether a club card is a Wood (the 3 Wood, the 5 Wood)."""
    return club.name.endswith("Wood")
