"""The rules of Domino Golf: one game, driven one decision at a time.

``Game(setup)`` sets the game up (the greens, the tee, the gods of golf pool, the start
player, the first golf bags and the first hole) and waits: the same face as every
Teebox game (``teebox.core.contract``): ``pending()``, ``choices(player)``,
``apply(choice, player)``, ``preview(choice, player)``, ``standings()``,
``state_digest()``, ``inputs``, ``over``, ``initial_outputs``. The vocabulary is in
:mod:`teebox.core.dominogolf.protocol`, what a domino does in
:mod:`teebox.core.dominogolf.shots`; the readings of the rulebook, each with its test,
in ``RULES-NOTES.md`` ("Domino Golf").

Pure and deterministic: every draw comes from one :class:`~teebox.core.rng.Rng` seeded
from the setup, so the same setup and inputs give the same game.
"""

from teebox.core import scoring as places
from teebox.core.contract import IllegalMove  # noqa: F401  (re-exported: part of the face)
from teebox.core.contract import GAME_OVER, Decision, Rules, as_choice, digest, seat_name
from teebox.core.dominogolf import dominoes, shots
from teebox.core.dominogolf.inputs import Inputs
from teebox.core.dominogolf.holes import Holes
from teebox.core.dominogolf.protocol import (
    DRAW, DRAWN, FOR_CHECK, FOR_GODS, FROM_BAG, FROM_GODS, FROM_LUCK, GODS, HOLED, HOLED_OUT,
    IN_FAIRWAY, IN_SAND, KEEP, KEEP_SHOT, LUCK, MULLIGAN, ON_TEE, OUT_CHECK, OUT_DRAWN,
    OUT_FIRST, OUT_LUCK, OUT_MULLIGAN, OUT_PENALTY, OUT_SCORED, OUT_SHOT, OUT_TURN, PLAY, SHOT,
    TAKE, TAKE_ONE, UNSEEN, VERB_ARITY, VERB_NAMES)
from teebox.core.dominogolf.real import RealSet
from teebox.core.rng import Rng

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

MIN_PLAYERS = const(2)  # "Domino Golf for 2-5 players"
MAX_PLAYERS = const(5)
HOLES = const(18)
# Who shoots first from a lay-up or approach domino: "players on sand shoot first,
# then players in rough, then players in the fairway".
_LIE_ORDER = (0, 2, 1, 0, 3)  # by lie: tee, fairway, rough, sand, holed out


class Setup:
    """How a game of Domino Golf starts. Checked on creation; ValueError says what is wrong.

    * ``players``: 2 to 5, in seating order (clockwise: seat ``i``'s left is ``i + 1``);
    * ``seed``: a non-negative whole number: every draw of this game;
    * ``holes``: 3, 6, 9, 13 or 18 (whole groups of holes; the rulebook plays 18);
    * ``mulligan``: True to give every player one mulligan (re-do a shot once a game);
    * ``change_luck``: True to play the optional "Change of Luck" rule;
    * ``real_set``: True when the players hold a real (tagged) set: every face-up draw
      is then an input (``protocol.DRAW``), the face-down dominoes only counts
      (:mod:`teebox.core.dominogolf.real`).
    """

    def __init__(self, players, seed=0, holes=HOLES, mulligan=False, change_luck=False,
                 real_set=False):
        if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError("Domino Golf is played by %d to %d players, not %r"
                             % (MIN_PLAYERS, MAX_PLAYERS, players))
        if type(seed) is not int or seed < 0:
            raise ValueError("seed must be a non-negative whole number, not %r" % (seed,))
        if holes not in shots.LENGTHS or type(holes) is not int:
            raise ValueError("holes must be one of %s (whole groups of holes), not %r"
                             % (", ".join([str(n) for n in shots.LENGTHS]), holes))
        for name, value in (("mulligan", mulligan), ("change_luck", change_luck),
                            ("real_set", real_set)):
            if value not in (True, False):
                raise ValueError("%s must be True or False, not %r" % (name, value))
        self.players = players
        self.seed = seed
        self.holes = holes
        self.mulligan = bool(mulligan)
        self.change_luck = bool(change_luck)
        self.real_set = bool(real_set)

    def __eq__(self, other):
        return isinstance(other, Setup) and self.key() == other.key()

    def __ne__(self, other):  # MicroPython does not derive != from ==
        return not self.__eq__(other)

    def key(self):
        """The setup as a tuple of ints (what the log writes)."""
        return (self.players, self.seed, self.holes, int(self.mulligan), int(self.change_luck),
                int(self.real_set))

    def __repr__(self):
        return "Setup(%d, seed=%d, holes=%d, mulligan=%r, change_luck=%r, real_set=%r)" % (
            self.players, self.seed, self.holes, self.mulligan, self.change_luck,
            self.real_set)


class Turn(Decision):
    """A Domino Golf decision: the contract's fields plus ``hole`` (1 up; playoff holes
    follow the last), ``par``, ``station`` (shots taken on the hole: 0 on the tee),
    ``lie`` (``protocol.ON_TEE``, ``IN_FAIRWAY``, ``IN_ROUGH``, ``IN_SAND``), ``target``
    (the domino aimed at, -1 outside a shot), ``source`` (TAKE: the seat pointed at,
    else -1), ``result`` (KEEP: the result of the shot to keep or take back, else 0) and
    ``draw`` (DRAW: what the domino to scan is for, ``protocol.FOR_*``, else 0). A DRAW
    waits for nobody (``waiting`` is empty): whoever drew scans it, a bot's draw too."""

    def __init__(self, kind, player=-1, hole=0, par=0, station=0, lie=ON_TEE, target=-1,
                 source=-1, result=0, draw=0):
        players = (player,) if player >= 0 else ()
        Decision.__init__(self, kind, players, () if kind == DRAW else players, player)
        self.hole = hole
        self.par = par
        self.station = station
        self.lie = lie
        self.target = target
        self.source = source
        self.result = result
        self.draw = draw


class Game(Holes, RealSet, Rules):
    """One game of Domino Golf (see the module docstring and ``docs/engine-api.md``).

    ``rng`` replaces the generator seeded from the setup (tests stack the draws with it).
    State to read, never write: ``layout`` (this hole's dominoes from the tee outward,
    the green last; empty once the game is over), ``par``, ``hole``, ``bags[seat]`` (golf bags: secret to others),
    ``lie[seat]``, ``station[seat]``, ``strokes[seat]`` (this hole so far),
    ``played[seat]`` and ``penalty[seat]`` (this hole's dominoes), ``scores[seat]`` and
    ``playoff_scores[seat]`` (strokes a hole), ``pars`` (each hole played), ``totals``,
    ``mulligans[seat]`` (left), ``order`` (this hole's tee order), ``turn``,
    ``playing`` (seats in the hole), ``pool`` (the gods of golf), ``removed``,
    ``greens`` (face-down greens still to come), ``tee``, ``last`` (the last shot:
    ``(domino, source, result)``). With a real set (``Setup(real_set=True)``,
    :mod:`teebox.core.dominogolf.real`) every face-down domino is ``protocol.UNSEEN``,
    the tee too.
    """

    def __init__(self, setup, rng=None):
        self.setup = setup
        self.rng = rng if rng is not None else Rng(setup.seed)
        n = setup.players
        self.real = setup.real_set
        self.pool = [UNSEEN] * dominoes.COUNT if self.real else dominoes.full_set()
        self.removed = []
        self.layout = []
        self.par = 0
        self.hole = 0
        self.group = 0               # groups of holes begun (playoff groups follow)
        self.group_left = 0          # holes the golf bags still last for
        self.bags = [[] for _ in range(n)]
        self.played = [[] for _ in range(n)]
        self.penalty = [[] for _ in range(n)]
        self.lie = bytearray(n)
        self.station = bytearray(n)
        self.strokes = [0] * n
        self.scores = [[] for _ in range(n)]
        self.playoff_scores = [[] for _ in range(n)]
        self.pars = []
        self.totals = [0] * n
        self.tiebreak = [0] * n      # playoff: how many tied players this one beat
        self.mulligans = [int(setup.mulligan)] * n
        self.contenders = ()
        self.eliminated = 0
        self.playing = tuple(range(n))
        self.order = ()
        self.queue = []              # seats still to shoot in this round of strokes
        self.turn = -1
        self.stage = SHOT
        self.luck_from = -1          # TAKE: the seat pointed at
        self.undo = ()               # KEEP: (lie, station, strokes, played, penalty, bag domino)
        self.last = (0, 0, 0)        # the last shot: (domino, source, result)
        self.wait = 0                # a real set: what the draw to scan is for (FOR_*)
        self.held = -1               # a real set: a double turned up as the green
        self.over = False
        self.inputs = Inputs()
        outs = []
        # "Randomly choose 18 of these ... The remaining dominoes form the gods of golf
        # pool. Take one of the gods of golf dominoes to use as the tee."
        self.greens = [self._draw(outs) for _ in range(setup.holes)]
        self.tee = self._draw(outs)
        self.first = self.rng.below(n)  # "Choose a start player randomly"
        outs.append((OUT_FIRST, self.first))
        self._new_bags(outs)
        self._new_hole(outs)
        self.initial_outputs = outs  # what happened before the first decision

    # ------------------------------------------------------------ public API
    # choices() and apply() come from contract.Rules.

    def pending(self):
        """The :class:`Turn` the game waits for."""
        if self.over:
            return Turn(GAME_OVER, hole=self.hole, par=self.par)
        s = self.turn
        if self.stage == DRAW and self.wait < FOR_GODS:  # the hole's dominoes
            return Turn(DRAW, s, self.hole, self.par, draw=self.wait)
        if self.stage == KEEP:
            lie, station = self.undo[0], self.undo[1]
            return Turn(KEEP, s, self.hole, self.par, station, lie, self.layout[station],
                        result=self.last[2])
        station = self.station[s]
        return Turn(self.stage, s, self.hole, self.par, station, self.lie[s],
                    self.layout[station], self.luck_from, draw=self.wait)

    def preview(self, choice, player=None):
        """The result (``protocol.FAIRWAY`` ...) a PLAY or TAKE choice would give (a
        double that may go in shows ONE_PUTT: its second pick is luck); None for other
        or illegal choices."""
        legal = self._legal(choice, player)
        if legal is None or legal[1][0] not in (PLAY, TAKE_ONE):
            return None
        seat, choice = legal
        station = self.station[seat]
        return shots.result(choice[1], self.layout[station], station == len(self.layout) - 1)

    def standings(self):
        """Places as ``((place, seat, total, tiebreak), ...)``, lowest total first. The
        tiebreak is how many tied players a player beat in the playoff (0 outside it);
        players still level share the place (1, 1, 3)."""
        return places.standings(self.totals, self.tiebreak, lower_wins=True)

    def state_digest(self):
        """A hex SHA-256 of the whole game state: equal after an exact replay."""
        out = [self.stage, self.hole, self.par, self.group, self.group_left, self.first,
               self.turn, self.luck_from, int(self.over), self.eliminated, self.tee]
        out.extend(self.rng.getstate())
        if self.real:
            out.extend((self.wait, self.held))
        for seq in (self.pool, self.removed, self.greens, self.layout, self.order, self.queue,
                    self.playing, self.contenders, self.pars, self.undo, self.last):
            out.append(len(seq))
            out.extend(seq)
        for s in range(self.setup.players):
            for seq in (self.bags[s], self.played[s], self.penalty[s], self.scores[s],
                        self.playoff_scores[s]):
                out.append(len(seq))
                out.extend(seq)
            out.extend((self.lie[s], self.station[s], self.strokes[s], self.totals[s],
                        self.tiebreak[s], self.mulligans[s]))
        return digest(out)

    # ------------------------------------------------------------ legality

    def _acting(self):
        return () if self.over else (self.turn,)

    def _as_choice(self, choice):
        return as_choice(choice, VERB_ARITY, VERB_NAMES, "(GODS,)")

    def _not_acting(self, seat):
        return "it is %s's shot" % seat_name(self.turn)

    def _candidates(self, seat):
        if self.stage == KEEP:
            return [(KEEP_SHOT,), (MULLIGAN,)]
        if self.real:
            out = self._real_candidates(seat)
            if self.stage == TAKE:
                return [(TAKE_ONE, c[1]) for c in out if c[0] == PLAY]
            return out
        if self.stage == TAKE:
            return [(TAKE_ONE, d) for d in self.bags[self.luck_from]]
        out = [(PLAY, d) for d in self.bags[seat]] + [(GODS,)]
        for d in self.bags[seat]:
            if dominoes.is_double(d):
                out.extend([(LUCK, d, t) for t in range(self.setup.players)])
        return out

    def _reason(self, choice, seat):
        # None if the choice is legal now, else why not (for the player).
        verb = choice[0]
        if self.real:
            why = self._real_reason(choice, seat)
            if why is not None or self.stage == DRAW:
                return why
        if self.stage == KEEP:
            if verb in (KEEP_SHOT, MULLIGAN):
                return None
            return "keep your shot or take your mulligan"
        if self.stage == TAKE:
            if verb != TAKE_ONE:
                return "take one of %s's dominoes and play it" % seat_name(self.luck_from)
            if not self.real and choice[1] not in self.bags[self.luck_from]:
                return "%s's golf bag holds no %s" % (seat_name(self.luck_from),
                                                     _named(choice[1]))
            return None
        if verb == GODS:
            return None
        if verb not in (PLAY, LUCK):
            return "%splay a domino of your golf bag, or go with the gods of golf" % (
                "there is no shot to keep or take back: " if verb in (KEEP_SHOT, MULLIGAN)
                else "")
        if self.lie[seat] == IN_SAND:
            return "from the sand you must go with the gods of golf"
        if not self.real and choice[1] not in self.bags[seat]:
            return "your golf bag holds no %s" % _named(choice[1])
        return None if verb == PLAY else self._why_no_luck(choice[1], choice[2], seat)

    def _why_no_luck(self, double, target, seat):
        if not self.setup.change_luck:
            return "this game is played without the change of luck rule"
        if not dominoes.is_double(double):
            return "change your luck by showing a double, not the %s" % dominoes.name(double)
        if target == seat or not 0 <= target < self.setup.players:
            return "point at another player at the table"
        if not self.bags[target]:
            return "%s has no dominoes to take" % seat_name(target)
        return None

    # ------------------------------------------------------------ play

    def _play(self, choice, seat, outs):
        verb = choice[0]
        if verb == PLAY:
            self._from_bag(seat, choice[1])
            self._shoot(seat, choice[1], FROM_BAG, outs)
        elif verb == GODS:
            d = self._pick(FOR_GODS, seat, outs)
            if d >= 0:
                self._shoot(seat, d, FROM_GODS, outs)
        elif verb == DRAWN:
            self._drawn(choice[1], outs)
        elif verb == LUCK:
            # "shows the double to all players and removes it from play"
            self._from_bag(seat, choice[1])
            self.removed.append(choice[1])
            self.luck_from = choice[2]
            self.stage = TAKE
            outs.append((OUT_LUCK, seat, choice[1], choice[2]))
        elif verb == TAKE_ONE:
            self._from_bag(self.luck_from, choice[1])
            self.luck_from = -1
            self._shoot(seat, choice[1], FROM_LUCK, outs)
        elif verb == KEEP_SHOT:
            self.undo = ()
            self._after_shot(seat, outs)
        else:
            self._take_back(seat, outs)

    def _shoot(self, seat, domino, source, outs):
        station = self.station[seat]
        lie = self.lie[seat]
        self.undo = (lie, station, self.strokes[seat], len(self.played[seat]),
                     len(self.penalty[seat]), domino if source == FROM_BAG else -1)
        target = self.layout[station]
        at_green = station == len(self.layout) - 1
        self.last = (domino, source, shots.result(domino, target, at_green))
        self.played[seat].append(domino)
        check = -1
        if at_green and shots.may_hole(domino, target, lie):
            # "Choose a random domino from the gods of golf. If either number also
            # matches ... the hole-in-one [eagle] is made!" The pick is no stroke.
            check = self._pick(FOR_CHECK, seat, outs)
            if check < 0:
                return  # (a real set: its scan lands the shot)
        self._landed(seat, check, outs)

    def _landed(self, seat, check, outs):
        # The shot ``last`` lands (``check``: its hole-in pick, -1 for none).
        domino, source, res = self.last
        station = self.station[seat]
        if check >= 0:
            self.removed.append(check)
            if dominoes.has(check, dominoes.HIGH[self.layout[station]]):
                res = HOLED
        self.station[seat] = station + 1
        self.strokes[seat] += 1 + shots.PENALTIES[res] + shots.PUTTS[res]
        self.lie[seat] = shots.lie_after(res)
        self.last = (domino, source, res)
        outs.append((OUT_SHOT, seat, domino, source, res, self.strokes[seat]))
        if check >= 0:
            outs.append((OUT_CHECK, seat, check, int(res == HOLED)))
        for _ in range(shots.PENALTIES[res]):
            # A tree: "Take a domino from the gods of golf and keep it face-down next
            # to your just-played domino"; water: two of them.
            p = self._draw(outs)
            self.penalty[seat].append(p)
            outs.append((OUT_PENALTY, seat, p))
        if self.lie[seat] == IN_FAIRWAY and source == FROM_BAG:
            # "draw a replacement domino and add it to your hand. Do not draw a
            # replacement if you drew from the gods of golf"
            d = self._draw(outs)
            self.bags[seat].append(d)
            outs.append((OUT_DRAWN, seat, d))
        if self.mulligans[seat] and not shots.best(res):
            self.stage = KEEP
            return
        self.undo = ()
        self._after_shot(seat, outs)

    def _take_back(self, seat, outs):
        # The mulligan: the shot never happened. A domino of the player's own bag goes
        # back to it; the rest of the shot (a gods-of-golf pick, a domino taken with a
        # change of luck, penalty dominoes) is removed from the game.
        lie, station, strokes, nplayed, npenalty, back = self.undo
        spent = self.played[seat][nplayed:] + self.penalty[seat][npenalty:]
        del self.played[seat][nplayed:]
        del self.penalty[seat][npenalty:]
        if back >= 0:
            spent.remove(back)
            self.bags[seat].append(UNSEEN if self.real else back)  # (face down again)
        self.removed.extend(spent)
        self.lie[seat] = lie
        self.station[seat] = station
        self.strokes[seat] = strokes
        self.mulligans[seat] -= 1
        self.undo = ()
        self.stage = SHOT
        outs.append((OUT_MULLIGAN, seat))
        outs.append((OUT_TURN, seat, station, lie))

    def _after_shot(self, seat, outs):
        if self.lie[seat] == HOLED_OUT:
            score = self.strokes[seat]
            if self.contenders:
                self.playoff_scores[seat].append(score)
            else:
                self.scores[seat].append(score)
                self.totals[seat] += score
            outs.append((OUT_SCORED, seat, self.hole, score, self.par, self.totals[seat]))
        self._next_shot(outs)

    def _next_shot(self, outs):
        if not self.queue:
            left = [s for s in self.order if self.lie[s] != HOLED_OUT]
            if not left:
                self._end_hole(outs)
                return
            # Sand, then rough, then fairway; tied lies in this hole's tee order.
            self.queue = sorted(left, key=lambda s: (_LIE_ORDER[self.lie[s]],
                                                     self.order.index(s)))
        s = self.queue.pop(0)
        self.turn = s
        self.stage = SHOT
        outs.append((OUT_TURN, s, self.station[s], self.lie[s]))


def _named(domino):
    if type(domino) is int and 0 <= domino < dominoes.COUNT:
        return dominoes.name(domino)
    return "domino %r (dominoes are 0 to %d)" % (domino, dominoes.COUNT - 1)
