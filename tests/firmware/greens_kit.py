# Helpers for the Reading the Greens tests: a green of a made-up card with scripted dice, and
# a game of 18 Holes on a two-hole course with the expansion played.
# Runs under CPython and inside MicroPython (plain Python, no pytest).
from engine_kit import CLUBS, SHOTS, StackRng, club, make_course, place, select
from teebox import shipped
from teebox.core.hexgrid import E
from teebox.core.holes18 import engine
from teebox.core.holes18.expansions import greens_play as gp
from teebox.core.holes18.expansions import putting
from teebox.core.holes18.expansions.greens_data import FLAG, GreenCard
from teebox.core.holes18.protocol import CHOOSE_ACTION, EXTRA, MOVE
from teebox.core.rng import Rng

GREENS = shipped.load_default_greens()
F = FLAG  # a flag face in a script
WHITE, Y1, Y2, O1, O2, R1, R2 = 0, 1, 2, 3, 4, 5, 6   # one player's seven dice
ALL = (WHITE, Y1, Y2, O1, O2, R1, R2)


class Dice(StackRng):
    """A seeded Rng that throws scripted faces: ``load(seat_dice_faces)`` queues the faces
    the next throws show, in order, each ``(die, face)`` (a flag is re-rolled: queue the
    face it shows next too); unscripted throws are the seeded ones. ``tops`` stacks the
    shot decks as ``engine_kit.StackRng`` does."""

    def __init__(self, seed=1, tops=None):
        StackRng.__init__(self, seed, tops or {})
        self.queue = []

    def load(self, throws):
        for die, face in throws:
            faces = GREENS.faces[GREENS.set[die]]
            assert face in faces, "die %d has no face %d" % (die, face)
            self.queue.append((len(faces), faces.index(face)))

    def below(self, n):
        if self.queue:
            size, index = self.queue.pop(0)
            assert size == n, "a scripted throw was not a die throw"
            return index
        return Rng.below(self, n)


def card(targets, putters=2, cid="T1"):
    """A green card with these six targets (None: no target)."""
    return GreenCard(cid, putters, tuple([putting.NO_TARGET if t is None else t
                                          for t in targets]))


def green(targets, players=3, putters=None, seed=1):
    """A green of a made-up card for ``players`` players and its scripted dice."""
    dice = Dice(seed)
    if putters is None:
        putters = [putting.Putter() for _ in range(players)]
    return putting.Putting(GREENS, card(targets), putters, dice), dice


def putt(g, dice, seat, throws, borrow=-1, roll=None):
    """Seat putts rolling the dice of ``throws`` (scripted), settled; the Putt."""
    dice.load(throws)
    if roll is None:
        roll = []
        for die, face in throws:
            if die not in roll:
                roll.append(die)
    g.roll(seat, roll, borrow)
    return g.settle(seat)


# Two holes side by side, par 3: a tee, three hexes of fairway, the green (hole 1 on row 1,
# hole 2 on row 3). A golfer on column 4 steps east onto its hole's green.
ROWS = ["rrrrrrr", "rTfffGr", "rrrrrrr", "rTfffGr", "rrrrrrr"]
HOLES = [(3, (1, 1), (5, 1)), (3, (1, 3), (5, 3))]
# The green card of hole 1 (test set-up): side 0 (the fairway side, west) 20.
CARD = (20, 30, 25, None, 35, 28)
MALLET = [i for i in range(len(CLUBS)) if CLUBS[i].id == "mallet-putter"][0]
GAP = [i for i in range(len(CLUBS)) if CLUBS[i].id == "gap-wedge"][0]


def hands(n=2):
    """Three irons or woods per seat (no Mallet Putter, no Gap Wedge)."""
    names = (("6 Iron", "8 Iron", "9 Iron"), ("7 Iron", "5 Iron", "4 Iron"),
             ("3 Iron", "2 Iron", "5 Wood"))
    return [[club(x) for x in names[i]] for i in range(n)]


def game(clubs, golfers=None, tops=None, targets=CARD, mode="match"):
    """A game of ``mode`` on the two-hole course with Reading the Greens, dealt ``clubs``
    (club indices per seat), and its scripted dice; hole 1's card has ``targets`` (set
    once the golfers are on the first tee: a mode's own setup may come first)."""
    setup = engine.Setup(len(clubs), mode, 1, clubs, golfers, expansions=("greens",))
    dice = Dice(1, tops)
    g = engine.Game(make_course(ROWS, HOLES), CLUBS, SHOTS, setup, dice, greens=GREENS)
    if g.added[0].green is not None:
        g.added[0].green.card = card(targets)   # test set-up only: this hole's green card
    return g, dice


def act(g, seat, action):
    """``seat`` lays its PUTT or CHANGE POSITION card."""
    return g.apply((EXTRA, gp.ACTION + action), seat)


def roll(g, dice, seat, throws, borrow=-1):
    """``seat`` putts rolling the dice of ``throws`` (scripted; list them by die, lowest
    first: the dice are thrown in that order), using ``borrow``'s pool die."""
    dice.load(throws)
    dice_rolled = []
    for die, face in throws:
        if die not in dice_rolled:
            dice_rolled.append(die)
    return g.apply((EXTRA, gp.ROLL + putting.putt_code(dice_rolled, borrow)), seat)


def to_green(g, seats, row=1):
    """Every seat of ``seats`` (stood west of the green of the hole on ``row``) moves onto
    it; the other golfers asked to play step east too (from column 2)."""
    outs = []
    for s in g.pending().players:
        place(g, s, 4, row) if s in seats else place(g, s, 2, row)
    outs += select(g, dict([(s, g.players[s].hand[0]) for s in g.pending().players]))
    while g.pending().kind == CHOOSE_ACTION:
        outs += g.apply((MOVE, E))
    return outs
