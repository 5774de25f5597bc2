"""The rules of Play Nine: one game, driven one decision at a time.

``Game(setup)`` chooses the dealer, deals the first hole and waits: the same
face as every Teebox game (``teebox.core.contract``): ``pending()``,
``choices(player)``, ``apply(choice, player)``, ``preview(choice, player)``,
``standings()``, ``state_digest()``, ``inputs``, ``over``, ``initial_outputs``.
The vocabulary is in :mod:`teebox.core.playnine.protocol`; the interpretations of
the rulebook, each with its test, in ``RULES-NOTES.md`` ("Play Nine").

Pure and deterministic: every shuffle comes from one :class:`~teebox.core.rng.Rng`
seeded from the setup, so the same setup and inputs give the same game.
"""

from teebox.core import scoring as places
from teebox.core.contract import IllegalMove  # noqa: F401  (re-exported: part of the face)
from teebox.core.contract import GAME_OVER, Decision, Rules, as_choice, digest, seat_name
from teebox.core.playnine import cards, scoring
from teebox.core.playnine.inputs import Inputs
from teebox.core.playnine.protocol import (
    DISCARD, DRAW, DRAW_CARD, FLIP, FROM_DECK, FROM_DISCARD, OUT_CUT,
    OUT_DEAL, OUT_DEALER, OUT_DISCARDED, OUT_DRAWN, OUT_GAME_OVER, OUT_PLAYOFF, OUT_PUT_OUT,
    OUT_REPLACED, OUT_RESHUFFLE, OUT_SCORED, OUT_SKIPPED, OUT_TURN, OUT_TURNED, PLACE_CARD,
    REPLACE, SKIP, TEE_OFF, VERB_ARITY, VERB_NAMES)
from teebox.core.rng import Rng

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

MIN_PLAYERS = const(2)
MAX_PLAYERS = const(5)   # the table's seats
HOLES = const(9)         # "Play continues for nine holes"
MAX_HOLES = const(18)
SLOTS = const(8)         # two rows of four
TEE_SHOTS = const(2)     # "turning over any two cards"
_NO_CARD = const(99)     # the drawn card in the digest when none is held


class Setup:
    """How a game of Play Nine starts. Checked on creation; ValueError says what is wrong.

    * ``players``: 2 to 5, in seating order (seat ``i``'s left neighbour is ``i + 1``);
    * ``seed``: a non-negative whole number: every shuffle of this game;
    * ``holes``: 1 to 18 (the rulebook plays nine);
    * ``playoff``: True to decide a tie for first by sudden death, False to share it.
    """

    def __init__(self, players, seed=0, holes=HOLES, playoff=True):
        if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError("Play Nine is played by %d to %d players, not %r"
                             % (MIN_PLAYERS, MAX_PLAYERS, players))
        if type(seed) is not int or seed < 0:
            raise ValueError("seed must be a non-negative whole number, not %r" % (seed,))
        if type(holes) is not int or not 1 <= holes <= MAX_HOLES:
            raise ValueError("holes must be a whole number from 1 to %d, not %r"
                             % (MAX_HOLES, holes))
        if playoff not in (True, False):
            raise ValueError("playoff must be True or False, not %r" % (playoff,))
        self.players = players
        self.seed = seed
        self.holes = holes
        self.playoff = bool(playoff)

    def __eq__(self, other):
        return isinstance(other, Setup) and self.key() == other.key()

    def __ne__(self, other):  # MicroPython does not derive != from ==
        return not self.__eq__(other)

    def key(self):
        """The setup as a tuple of ints (what the log writes)."""
        return (self.players, self.seed, self.holes, int(self.playoff))

    def __repr__(self):
        return "Setup(%d, seed=%d, holes=%d, playoff=%r)" % (self.players, self.seed,
                                                             self.holes, self.playoff)


class Turn(Decision):
    """A Play Nine decision: the contract's fields plus ``hole`` (1 up; playoff holes
    follow the last), ``drawn`` (the card held in PLACE_CARD, else None), ``source``
    (FROM_DECK / FROM_DISCARD, -1) and ``last`` (1 during the one last shot)."""

    def __init__(self, kind, players, player=-1, hole=0, drawn=None, source=-1, last=0):
        Decision.__init__(self, kind, players, players, player)
        self.hole = hole
        self.drawn = drawn
        self.source = source
        self.last = last


class Game(Rules):
    """One game of Play Nine (see the module docstring and ``docs/engine-api.md``).

    ``rng`` replaces the generator seeded from the setup (tests stack the cards with it).
    State to read, never write: ``grids[seat]`` (eight cards, [] while sitting out),
    ``up[seat]`` (eight 0/1), ``deck`` and ``discard`` (top last), ``scores[seat]``
    (per hole), ``totals``, ``playoff_scores``, ``dealer``, ``hole``, ``playing``.
    """

    def __init__(self, setup, rng=None):
        self.setup = setup
        self.rng = rng if rng is not None else Rng(setup.seed)
        n = setup.players
        self.grids = [[] for _ in range(n)]
        self.up = [bytearray(SLOTS) for _ in range(n)]
        self.scores = [[] for _ in range(n)]
        self.playoff_scores = [[] for _ in range(n)]
        self.totals = [0] * n
        self.tiebreak = [0] * n      # playoff: how many tied players this one beat
        self.contenders = ()         # seats in the sudden-death playoff
        self.eliminated = 0          # playoff players knocked out so far
        self.deck = []
        self.discard = []
        self.playing = ()
        self.hole = 0
        self.dealer = -1
        self.turn = -1
        self.turns = 0               # turns taken this hole
        self.drawn = None
        self.source = -1
        self.putter = -1             # who put out this hole
        self.last_shots = 0          # last shots still to take after the putter
        self.stage = TEE_OFF
        self.over = False
        self.inputs = Inputs()
        outs = []
        self._cut(outs)
        self._deal(outs)
        self.initial_outputs = outs  # what happened before the first decision

    # ------------------------------------------------------------ public API
    # choices() and apply() come from contract.Rules.

    def pending(self):
        """The :class:`Turn` the game waits for."""
        if self.over:
            return Turn(GAME_OVER, (), hole=self.hole)
        if self.stage == TEE_OFF:
            return Turn(TEE_OFF, self._acting(), hole=self.hole)
        return Turn(self.stage, (self.turn,), self.turn, self.hole, self.drawn, self.source,
                    int(self.putter >= 0))

    def preview(self, choice, player=None):
        """The score ``player`` would show after a REPLACE or SKIP choice (face-down
        cards count nothing until turned); None for other or illegal choices (what a
        face-down card holds is nobody's to know)."""
        legal = self._legal(choice, player)
        if legal is None or legal[1][0] not in (REPLACE, SKIP):
            return None
        seat, choice = legal
        grid = self.shown(seat)
        if choice[0] == REPLACE:
            grid[choice[1]] = self.drawn
        return scoring.hole_score(grid)

    def shown(self, seat):
        """What everyone sees of a seat's grid: eight cards, None where face down."""
        up = self.up[seat]
        grid = self.grids[seat]
        return [grid[i] if up[i] else None for i in range(len(grid))]

    def shown_score(self, seat):
        """The hole's running score of a seat's face-up cards (matches included)."""
        return scoring.hole_score(self.shown(seat))

    def face_down(self, seat):
        """The seat's face-down slots."""
        up = self.up[seat]
        return [i for i in range(len(self.grids[seat])) if not up[i]]

    def standings(self):
        """Places as ``((place, seat, total, tiebreak), ...)``, lowest total first. The
        tiebreak is how many tied players a player beat in the playoff (more is better;
        0 outside it); players still level share the place (1, 1, 3)."""
        return places.standings(self.totals, self.tiebreak, lower_wins=True)

    def state_digest(self):
        """A hex SHA-256 of the whole game state: equal after an exact replay."""
        out = [self.stage, self.hole, self.dealer, self.turn, self.turns, self.putter,
               self.last_shots, self.source, int(self.over), self.eliminated,
               _NO_CARD if self.drawn is None else self.drawn]
        out.extend(self.rng.getstate())
        for seq in (self.deck, self.discard, self.playing, self.contenders):
            out.append(len(seq))
            out.extend(seq)
        for s in range(self.setup.players):
            for seq in (self.grids[s], self.up[s], self.scores[s], self.playoff_scores[s]):
                out.append(len(seq))
                out.extend(seq)
            out.extend((self.totals[s], self.tiebreak[s]))
        return digest(out)

    # ------------------------------------------------------------ legality

    def _acting(self):
        if self.over:
            return ()
        if self.stage == TEE_OFF:
            return tuple([s for s in self.playing if self._ups(s) < TEE_SHOTS])
        return (self.turn,)

    def _ups(self, seat):
        return SLOTS - len(self.face_down(seat))

    def _as_choice(self, choice):
        return as_choice(choice, VERB_ARITY, VERB_NAMES, "(DRAW, 0)")

    def _not_acting(self, seat):
        if seat not in self.playing:
            return "%s is not in the playoff" % seat_name(seat)
        if self.stage == TEE_OFF:
            return "%s has teed off already (two cards turned)" % seat_name(seat)
        return "it is %s's turn" % seat_name(self.turn)

    def _candidates(self, seat):
        slots = range(SLOTS)
        if self.stage == TEE_OFF:
            return [(FLIP, i) for i in slots]
        if self.stage == DRAW_CARD:
            return [(DRAW, FROM_DECK), (DRAW, FROM_DISCARD)]
        return ([(REPLACE, i) for i in slots] + [(DISCARD, i) for i in slots] + [(SKIP,)])

    def _reason(self, choice, seat):
        # None if the choice is legal now, else why not (for the player).
        verb = choice[0]
        if self.stage == TEE_OFF:
            if verb != FLIP:
                return "tee off first: turn over two of your face-down cards"
            return self._why_face_down(seat, choice[1])
        if self.stage == DRAW_CARD:
            if verb != DRAW:
                return "draw a card first: from the deck or the discard pile"
            if choice[1] == FROM_DECK:
                return None if self.deck else "the deck is empty: take the discard"
            if choice[1] == FROM_DISCARD:
                return None if self.discard else "the discard pile is empty: draw from the deck"
            return "draw from the deck (%d) or the discard pile (%d)" % (FROM_DECK, FROM_DISCARD)
        if verb == REPLACE:
            return _why_slot(choice[1])
        if verb not in (DISCARD, SKIP):
            return "you hold the %s you drew: replace one of your cards with it%s" % (
                cards.name(self.drawn), "" if self.source == FROM_DISCARD else
                ", or discard it and turn a face-down card over")
        if self.source == FROM_DISCARD:
            return ("a card taken from the discard pile must replace one of your cards: "
                    "it cannot be thrown back")
        if verb == DISCARD:
            return self._why_face_down(seat, choice[1])
        downs = len(self.face_down(seat))
        if downs != 1:
            return ("you may skip only with one face-down card left, not %d: replace a card "
                    "or discard and turn one over" % downs)
        return None

    def _why_face_down(self, seat, slot):
        why = _why_slot(slot)
        if why is None and self.up[seat][slot]:
            return "that card is face up already: turn over a face-down card"
        return why

    # ------------------------------------------------------------ play

    def _play(self, choice, seat, outs):
        verb = choice[0]
        if verb == FLIP:
            self._turn_up(seat, choice[1], outs)
            if not self._acting():
                self._start_turn(self._next(self.dealer), outs)
            return
        if verb == DRAW:
            self._draw(seat, choice[1], outs)
            return
        card = self.drawn
        if verb == REPLACE:
            slot = choice[1]
            old = self.grids[seat][slot]
            self.grids[seat][slot] = card
            self.up[seat][slot] = 1
            self.discard.append(old)
            outs.append((OUT_REPLACED, seat, slot, card, old))
        else:
            self.discard.append(card)
            outs.append((OUT_DISCARDED, seat, card))
            if verb == DISCARD:
                self._turn_up(seat, choice[1], outs)
            else:
                outs.append((OUT_SKIPPED, seat))
        self._end_turn(seat, outs)

    def _draw(self, seat, source, outs):
        pile = self.deck if source == FROM_DECK else self.discard
        self.drawn = pile.pop()
        self.source = source
        self.stage = PLACE_CARD
        outs.append((OUT_DRAWN, seat, source, self.drawn))
        if not self.deck and len(self.discard) > 1:
            # Not in the rulebook: the discards but the top one become the new deck.
            self.deck = self.discard[:-1]
            self.discard = self.discard[-1:]
            self.rng.shuffle(self.deck)
            outs.append((OUT_RESHUFFLE, len(self.deck)))

    def _turn_up(self, seat, slot, outs):
        self.up[seat][slot] = 1
        outs.append((OUT_TURNED, seat, slot, self.grids[seat][slot]))

    def _next(self, seat):
        # The next seat clockwise (to the left) that plays this hole.
        n = self.setup.players
        s = (seat + 1) % n
        while s not in self.playing:
            s = (s + 1) % n
        return s

    def _start_turn(self, seat, outs):
        self.turn = seat
        self.turns += 1
        self.stage = DRAW_CARD
        outs.append((OUT_TURN, seat, int(self.putter >= 0)))

    def _end_turn(self, seat, outs):
        self.drawn = None
        self.source = -1
        if self.putter >= 0:
            self.last_shots -= 1
        elif not self.face_down(seat):
            self.putter = seat
            self.last_shots = len(self.playing) - 1
            outs.append((OUT_PUT_OUT, seat))
        if self.putter >= 0 and self.last_shots == 0:
            self._end_hole(outs)
        else:
            self._start_turn(self._next(seat), outs)

    # ------------------------------------------------------------ holes

    def _cut(self, outs):
        # "Players select a card, lowest card deals. For ties, reselect until tie is
        # broken." Each selection is from a freshly shuffled deck.
        tied = list(range(self.setup.players))
        while len(tied) > 1:
            deck = cards.deck()
            self.rng.shuffle(deck)
            picked = []
            for s in tied:
                picked.append(deck.pop())
                outs.append((OUT_CUT, s, picked[-1]))
            low = min(picked)
            tied = [tied[i] for i in range(len(tied)) if picked[i] == low]
        self.dealer = tied[0]
        outs.append((OUT_DEALER, self.dealer))

    def _deal(self, outs, seats=None):
        if self.hole:
            self.dealer = (self.dealer + 1) % self.setup.players  # the deal passes left
        self.hole += 1
        n = self.setup.players
        self.playing = tuple(seats) if seats is not None else tuple(range(n))
        deck = cards.deck()
        self.rng.shuffle(deck)
        self.grids = [[] for _ in range(n)]
        self.up = [bytearray(SLOTS if s in self.playing else 0) for s in range(n)]
        order = []
        s = self.dealer
        for _ in self.playing:
            s = self._next(s)
            order.append(s)
        for _ in range(SLOTS):  # one card at a time, from the dealer's left
            for s in order:
                self.grids[s].append(deck.pop())
        self.discard = [deck.pop()]
        self.deck = deck
        self.putter = -1
        self.last_shots = 0
        self.turns = 0
        self.turn = -1
        self.stage = TEE_OFF
        outs.append((OUT_DEAL, self.hole, self.dealer, self.playing, self.discard[-1]))

    def _end_hole(self, outs):
        self.turn = -1
        for s in self.playing:
            for slot in self.face_down(s):
                self._turn_up(s, slot, outs)
        for s in self.playing:
            score = scoring.hole_score(self.grids[s])
            if self.contenders:
                self.playoff_scores[s].append(score)
            else:
                self.scores[s].append(score)
                self.totals[s] += score
            outs.append((OUT_SCORED, s, self.hole, score, self.totals[s]))
        if self.contenders:
            self._playoff_hole_done(outs)
        elif self.hole < self.setup.holes:
            self._deal(outs)
        else:
            low = min(self.totals)
            tied = [s for s in range(self.setup.players) if self.totals[s] == low]
            if len(tied) > 1 and self.setup.playoff:
                self.contenders = tuple(tied)
                self._playoff(tied, outs)
            else:
                self._finish(outs)

    def _playoff(self, seats, outs):
        outs.append((OUT_PLAYOFF, tuple(seats)))
        self._deal(outs, seats)

    def _playoff_hole_done(self, outs):
        # Sudden death: the lowest score on the hole goes on; the rest are out, ranked
        # below everyone still in and among themselves by this hole's score.
        hole = {}
        for s in self.playing:
            hole[s] = self.playoff_scores[s][-1]
        low = min([hole[s] for s in self.playing])
        alive = [s for s in self.playing if hole[s] == low]
        out = [s for s in self.playing if hole[s] != low]
        for s in out:
            self.tiebreak[s] = self.eliminated + len([p for p in out if hole[p] > hole[s]])
        self.eliminated += len(out)
        if len(alive) == 1:
            self.tiebreak[alive[0]] = len(self.contenders) - 1
            self._finish(outs)
        else:
            self._playoff(alive, outs)

    def _finish(self, outs):
        self.over = True
        self.stage = GAME_OVER
        outs.append((OUT_GAME_OVER, self.standings()))


def _why_slot(slot):
    if 0 <= slot < SLOTS:
        return None
    return "a card's place is 0 to 7: 0-3 the top row, 4-7 the row below, not %d" % slot
