# Helpers for the rules-engine tests: tiny inline courses, stacked shot decks,
# clubs and cards looked up by what is printed on them. Runs under CPython and
# inside MicroPython (plain functions, no pytest features).
from teebox.core import course, hexgrid, varint
from teebox.core.holes18 import cards, engine, gamelog
from teebox.core.holes18.protocol import SELECT
from teebox.core.rng import Rng
from teebox import shipped

CLUBS = shipped.load_default_clubs()
SHOTS = shipped.load_default_shots()
SHOT_LIST = [s for d in cards.DECKS for s in SHOTS[d]]
_HERE = __file__.rsplit("/", 1)[0]


def old_course(name):
    """The generated course kept as ``oldcourses/<name>.course``: a seed's course from
    before the generator kept holes apart, on which bots once got stuck (its README)."""
    with open(_HERE + "/oldcourses/" + name + ".course") as f:
        return course.from_source(f.read())


def make_course(rows, holes, name="Test", wind=None):
    """A course from map rows written without spaces (``"rrTffG"``), top row first.

    ``holes`` lists ``(par, (tee col, row), (green col, row))`` for holes 1, 2, ...;
    ``wind`` the course's wind deck line (``"TL0 TM0 TR1 BR0 BM0 BL0 S0 C0"``).
    """
    lines = ["teebox-course 1", "name: " + name, "size: %dx%d" % (len(rows[0]), len(rows))]
    if wind:
        lines.append("wind: " + wind)
    for i in range(len(holes)):
        par, tee, green = holes[i]
        lines.append("hole %d par %d tee %d,%d green %d,%d"
                     % (i + 1, par, tee[0], tee[1], green[0], green[1]))
    lines.append("map:")
    for row in rows:
        lines.append(" ".join(row))
    return course.from_source("\n".join(lines) + "\n")


def ax(col, row):
    """Axial hex of an offset map cell (what outputs and PlayerState use)."""
    return hexgrid.from_offset(col, row)


def club(name, nth=0):
    """Index of the ``nth`` club card with this printed name (base cards only)."""
    found = [i for i in range(len(CLUBS)) if CLUBS[i].name == name and not CLUBS[i].expansion]
    assert len(found) > nth, "no %d-th club named %r" % (nth, name)
    return found[nth]


def face(deck, path=None, special=cards.NONE, bunker=None, wild=False, nth=0):
    """Id of the ``nth`` shot card in ``deck`` printed like this (path of its first outcome)."""
    for s in SHOTS[deck]:
        if s.special != special or s.wild != wild:
            continue
        if path is not None and (not s.outcomes or s.outcomes[0][0] != path):
            continue
        if bunker is not None and s.bunker != bunker:
            continue
        if nth:
            nth -= 1
            continue
        return s.id
    raise AssertionError("no card in deck %s with path %r special %r bunker %r wild %r"
                         % (deck, path, special, bunker, wild))


def shot_index(shot_id):
    """Index of a shot card in ``Game.shot_list``."""
    for i in range(len(SHOT_LIST)):
        if SHOT_LIST[i].id == shot_id:
            return i
    raise AssertionError("no shot card %r" % shot_id)


class StackRng(Rng):
    """A seeded Rng whose first shuffle of each shot deck puts chosen cards on top.

    ``tops`` maps a deck name to shot ids, the first one drawn first. The shot
    decks are shuffled with the game's Rng when the game is built, so this
    arranges the draw order through ShotDecks' public constructor.
    """

    def __init__(self, seed, tops):
        Rng.__init__(self, seed)
        self.tops = tops
        self.stacked = []

    def shuffle(self, items):
        Rng.shuffle(self, items)
        if not items or not hasattr(items[0], "outcomes"):
            return
        deck = items[0].deck
        if deck in self.stacked or deck not in self.tops:
            return
        self.stacked.append(deck)
        wanted = self.tops[deck]
        chosen = []
        for sid in wanted:
            for s in items:
                if s.id == sid:
                    chosen.append(s)
        assert len(chosen) == len(wanted), "unknown card in %r" % (wanted,)
        for s in chosen:
            items.remove(s)
        for i in range(len(chosen) - 1, -1, -1):
            items.append(chosen[i])  # the end of the list is the top of the pile


def new_game(crs, hands, mode="stroke", tops=None, seed=1):
    """A game with explicit hands (club indices per seat) and stacked decks."""
    setup = engine.Setup(len(hands), mode, seed, hands)
    return engine.Game(crs, CLUBS, SHOTS, setup, StackRng(seed, tops or {}))


def place(game, seat, col, row):
    """Test set-up only: stand a golfer on a map cell."""
    p = game.players[seat]
    p.q, p.r = ax(col, row)


def select(game, chosen):
    """Every seat in ``chosen`` (seat -> club index) lays its club; returns the outputs."""
    outs = []
    for seat in sorted(chosen):
        outs += game.apply((SELECT, chosen[seat]), seat)
    return outs


def play(game, *choices):
    """Apply choices for whoever must act; returns all outputs."""
    outs = []
    for c in choices:
        outs += game.apply(c)
    return outs


def finish_turn(game):
    """Apply the first legal choice until the turn in progress is over; the outputs."""
    seat = game.pending().player
    outs = []
    while game.pending().player == seat and seat >= 0:
        outs += game.apply(game.choices()[0])
    return outs


def kinds(outs, kind):
    """The outputs of one kind."""
    return [o for o in outs if o[0] == kind]


def one(outs, kind):
    """The single output of a kind (fails if there is not exactly one)."""
    found = kinds(outs, kind)
    assert len(found) == 1, "expected one output %d, got %r" % (kind, outs)
    return found[0]


def at(game, seat):
    """A golfer's map cell (col, row)."""
    p = game.players[seat]
    return hexgrid.to_offset(p.q, p.r)


def bare_v1_log(log):
    """The bytes of ``log`` as a Teebox before log version 3 wrote them, bare (no file
    container): version 1, every input in its long form (verb byte, then arguments)."""
    out = bytearray(gamelog.encode(gamelog.GameLog(log.setup, log.course_hash,
                                                   log.cards_crc, [])))
    out[4] = gamelog.BARE_VERSION
    for seat, choice in log.inputs:
        out.append(choice[0] << 3 | seat)
        for arg in choice[1:]:
            varint.put(out, arg)
    return bytes(out)
