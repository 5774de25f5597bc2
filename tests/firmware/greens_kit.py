# Helpers for the Reading the Greens tests: a green of a made-up card with scripted dice.
# Runs under CPython and inside MicroPython (plain Python, no pytest).
from engine_kit import StackRng
from teebox import shipped
from teebox.core.holes18.expansions import putting
from teebox.core.holes18.expansions.greens_data import FLAG, GreenCard
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
