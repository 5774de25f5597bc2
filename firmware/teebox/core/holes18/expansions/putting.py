"""Reading the Greens: the putting phase on one green card (booklet, "PUTTING").

:class:`Putting` holds one hole's green: the card, the side each golfer stands on, each
player's seven putting dice as they lie, the dice pool and who has sunk the putt. Every
putt is an input of whole numbers (which dice to roll, whose pool die to use: one
:func:`putt_code`), and every die is thrown by the game's seeded
:class:`~teebox.core.rng.Rng`, so a game replayed from its log throws the same dice and
never re-rolls on resume. A player's dice are numbered 0 to 6 in the colour order of
``Greens.set`` (white, yellow, yellow, orange, orange, red, red).

A putt is :meth:`Putting.roll` (the throw, judged), optionally :meth:`Putting.mallet` (the
Mallet Putter re-rolls one die) and :meth:`Putting.settle` (the result stands: sunk, beside
the cup, the highest die into the pool). The engine asks the golfer's putting rules, a
:class:`Putter` (Peter's are in :mod:`~teebox.core.holes18.expansions.peter`), for the
target and the verdict.
"""

from teebox.core.holes18.expansions.greens_data import DICE_PER_PLAYER, FLAG, NO_TARGET, SIDES

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

WINDOW = const(10)   # "equal to the target or no more than 10 above"

# The verdict on a putt.
SHORT = const(0)     # below the target
LONG = const(1)      # more than 10 above it
BESIDE = const(2)    # reached with an odd flag tally: next to the cup, tapped in next turn
SUNK = const(3)      # reached with an even flag tally ("odds out, evens in")
FLAGGED = const(4)   # reached, but a flag stops it (Peter's B-side)
OUTCOME_NAMES = ("short", "long", "beside the cup", "sunk", "flag: out")

# The two player action cards.
PUTT = const(1)
CHANGE = const(2)

OFF = const(-1)      # not on the green
CENTRE = const(6)    # beside the cup: on the centre of the green card


def putt_code(roll, borrow):
    """One whole number for a putt's choice (the game log keeps it): bit ``i`` set for own
    die ``i`` rolled, then the pool die used, ``borrow`` its owner's seat or -1."""
    mask = 0
    for i in roll:
        mask |= 1 << i
    return mask | (borrow + 1) << DICE_PER_PLAYER


def putt_args(code):
    """``(roll, borrow)`` of a :func:`putt_code`."""
    mask = code & ((1 << DICE_PER_PLAYER) - 1)
    return (tuple([i for i in range(DICE_PER_PLAYER) if mask >> i & 1]),
            (code >> DICE_PER_PLAYER) - 1)


class Putter:
    """The putting rules of a golfer without a putting power."""

    def target(self, card, side, reds):
        """The target from ``side`` of ``card`` (``NO_TARGET``: cannot putt from there);
        ``reds``: whether a red die counts in this putt."""
        t = card.targets[side]
        return self.goal(t, reds) if t != NO_TARGET else t

    def goal(self, target, reds):
        """The total needed for a printed ``target`` (Peter's B-side halves it with a red die)."""
        return target

    def verdict(self, target, total, flags):
        """SHORT, LONG, BESIDE or SUNK: "If you reach your putting target and your flag
        tally is ODD the ball ends up next to the cup ... EVEN the ball goes in"."""
        if total < target:
            return SHORT
        if total > target + WINDOW:
            return LONG
        return SUNK if flags % 2 == 0 else BESIDE

    def flag_odds(self, greens, dice, tally):
        """``(num, den)``: the chance that throwing ``dice`` (indices) leaves a flag tally that
        lets the ball in, ``tally`` flags being counted already (for bots). A die of ``n``
        faces, ``f`` of them flags, ends an odd number of flags with chance f/(n+f)."""
        a = b = 1
        for die in dice:
            faces = greens.faces[greens.set[die]]
            f = faces.count(FLAG)
            a *= len(faces) + f
            b *= len(faces) - f
        return (a - b if tally % 2 else a + b), 2 * a


class Putt:
    """A putt being played: ``seat``, ``target``, ``counted`` (the dice in the total, each
    ``(owner, die)``), ``rolled`` (own dice thrown), ``throws`` (``(die, face, flags)`` per
    throw, in order, re-rolls of flags included in ``flags``), ``total``, ``flags`` (the
    tally), ``outcome``, ``single`` (the total came from one roll: no kept die, no
    Mallet re-roll) and ``pooled`` (own die set aside into the pool when settled, or -1)."""

    def __init__(self, seat, target, counted, rolled):
        self.seat = seat
        self.target = target
        self.counted = counted
        self.rolled = rolled
        self.throws = []
        self.total = 0
        self.flags = 0
        self.outcome = SHORT
        self.single = True
        self.pooled = -1


class Putting:
    """One green in play. ``greens`` the loaded file (dice faces, the set), ``card`` the green
    card revealed for this hole, ``putters`` one :class:`Putter` per seat, ``rng`` the game's
    seeded generator. Read-only outside: ``side`` (per seat ``OFF``, a side 0-5 or ``CENTRE``),
    ``values`` (per seat seven faces, 0 for a die not lying rolled), ``pool`` (per seat its own
    die in the dice pool, or -1), ``came`` (the side each golfer putts from or last stood on),
    ``sunk`` (seats in the order they sank), ``last`` (the putt being played)."""

    def __init__(self, greens, card, putters, rng):
        self.greens = greens
        self.card = card
        self.putters = putters
        self.rng = rng
        n = len(putters)
        self.side = [OFF] * n
        self.came = [OFF] * n
        self.values = [[0] * DICE_PER_PLAYER for _ in range(n)]
        self.pool = [-1] * n
        self.sunk = []
        self.last = None

    # ------------------------------------------------------------ reading

    def target(self, seat, reds=False):
        """The target ``seat`` putts for from where it stands (``NO_TARGET`` if none)."""
        side = self.came[seat] if self.side[seat] == CENTRE else self.side[seat]
        if side == OFF:
            return NO_TARGET
        return self.putters[seat].target(self.card, side, reds)

    def pool_dice(self):
        """The dice pool: ``(owner, die, face)`` for each die in it."""
        return [(s, self.pool[s], self.values[s][self.pool[s]])
                for s in range(len(self.pool)) if self.pool[s] >= 0]

    def kept(self, seat):
        """Own dice lying with a face from an earlier putt, not in the pool."""
        v = self.values[seat]
        return [i for i in range(DICE_PER_PLAYER) if v[i] and i != self.pool[seat]]

    def action_reason(self, seat, action):
        """None if ``seat`` may lay the action card ``action`` (PUTT or CHANGE), else why not."""
        side = self.side[seat]
        if side == OFF:
            return "you are not on the green"
        if seat in self.sunk:
            return "you have sunk the putt"
        if action == PUTT:
            if side != CENTRE and self.target(seat) == NO_TARGET:
                return ("this side of the green has no target: 'the only action you can take "
                        "next turn is CHANGE POSITION'")
            return None
        if side == CENTRE:
            return "your ball is beside the cup: play PUTT to tap it in"
        return None

    def order_key(self, seat, action):
        """Play order among golfers on the green: "Putt action (highest to lowest target)",
        then "Change position actions" (golfers off it follow in club initiative order)."""
        if action == PUTT:
            return (0, -self.target(seat), seat)
        return (1, 0, seat)

    # ------------------------------------------------------------ arriving, moving

    def arrive(self, seat, side):
        """"place your meeple on the GREEN CARD on the side that they arrived from"."""
        self.side[seat] = side
        self.came[seat] = side
        self.values[seat] = [0] * DICE_PER_PLAYER

    def change_reason(self, seat, side):
        """None if ``seat`` may move to ``side`` now, else why not."""
        why = self.action_reason(seat, CHANGE)
        if why is None and (type(side) is not int or not 0 <= side < SIDES
                            or (side - self.side[seat]) % SIDES not in (1, SIDES - 1)):
            why = "move to one of the edges adjacent to your current edge"
        return why

    def change(self, seat, side):
        """"move to one of the ADJACENT edges": the dice are reset, the pool die stays."""
        why = self.change_reason(seat, side)
        if why:
            raise ValueError(why)
        self.side[seat] = side
        self.came[seat] = side
        keep = self.pool[seat]
        for i in range(DICE_PER_PLAYER):
            if i != keep:
                self.values[seat][i] = 0

    # ------------------------------------------------------------ putting

    def putt_reason(self, seat, roll, borrow=-1):
        """None if ``seat`` may putt rolling its dice ``roll`` (indices) and using the pool die
        of ``borrow`` (-1: none), else why not."""
        why = self.action_reason(seat, PUTT)
        if why:
            return why
        if self.side[seat] == CENTRE:
            return None if not roll and borrow < 0 else "tap it in: no dice to roll"
        if not roll:
            return "'Every putt requires you to roll at least one of your dice'"
        for i in roll:
            if type(i) is not int or not 0 <= i < DICE_PER_PLAYER or roll.count(i) > 1:
                return "roll each of your dice 0 to %d at most once" % (DICE_PER_PLAYER - 1)
            if i == self.pool[seat]:
                return "'Once a die is in the dice pool it is never re-rolled for this green'"
        if borrow >= 0:
            if borrow == seat or borrow >= len(self.pool) or self.pool[borrow] < 0:
                return "use one die of another player's from the dice pool"
        n = len(self.counted(seat, roll, borrow))
        if n > DICE_PER_PLAYER:
            return ("'You may never count more than 7 dice in your total': this putt counts %d"
                    % n)
        return None

    def counted(self, seat, roll, borrow):
        """The dice ``(owner, die)`` a putt would count: own dice kept and rolled, the pool
        dice used."""
        out = [(seat, i) for i in self.kept(seat) if i not in roll]
        out += [(seat, i) for i in roll]
        if self.pool[seat] >= 0:
            out.append((seat, self.pool[seat]))
        if borrow >= 0:
            out.append((borrow, self.pool[borrow]))
        return out

    def roll(self, seat, roll, borrow=-1):
        """Throw the dice ``roll`` and judge the putt (a tap-in when beside the cup):
        ``self.last``, a :class:`Putt`. ValueError with the reason if not legal."""
        roll = tuple(roll)
        why = self.putt_reason(seat, roll, borrow)
        if why:
            raise ValueError(why)
        counted = self.counted(seat, roll, borrow)
        reds = len([d for d in counted if self._red(d[1])]) > 0
        putt = Putt(seat, self.target(seat, reds), counted, roll)
        self.last = putt
        if self.side[seat] == CENTRE:
            # "Next turn you can tap it in without rolling."
            putt.outcome = SUNK
            putt.single = False
            return putt
        putt.single = len(counted) == len(roll) + (borrow >= 0)
        for i in roll:
            self._throw(putt, i)
        self._judge(putt)
        return putt

    def mallet_reason(self, seat, die):
        """None if the Mallet Putter may re-roll own die ``die`` of the putt just rolled."""
        putt = self.last
        if putt is None or putt.seat != seat or not putt.rolled:
            return "the Mallet Putter re-rolls a die of the putt you just rolled"
        if putt.outcome == SUNK:
            return "the putt is in: nothing to re-roll"
        if (seat, die) not in putt.counted or die == self.pool[seat]:
            return "'discard it to re-roll ONE die from your putt': one of your dice in this total"
        return None

    def mallet(self, seat, die):
        """"discard it to re-roll ONE die from your putt" (the engine discards the club)."""
        why = self.mallet_reason(seat, die)
        if why:
            raise ValueError(why)
        putt = self.last
        putt.single = False
        self._throw(putt, die)
        self._judge(putt)
        return putt

    def settle(self, seat):
        """The putt stands: sunk, or beside the cup ("Move your golfer onto the centre"),
        and "set aside the HIGHEST DICE you rolled" into the pool (once per player)."""
        putt = self.last
        if putt is None or putt.seat != seat:
            raise ValueError("no putt of this player to settle")
        if putt.outcome == SUNK:
            self.sunk.append(seat)
        elif putt.outcome == BESIDE:
            self.side[seat] = CENTRE
        if self.pool[seat] < 0 and putt.rolled:
            v = self.values[seat]
            best = putt.rolled[0]
            for i in putt.rolled:
                # Ties: the lightest die goes (the darker one stays to be re-rolled).
                if v[i] > v[best] or (v[i] == v[best] and i < best):
                    best = i
            self.pool[seat] = best
            putt.pooled = best
        self.last = None
        return putt

    def retrieve(self, seat):
        """Golf Racing: "they leave their die on the green card until they reach the next
        green. At this point they retrieve their die and it's no longer available to be used
        by other players on that green." True if ``seat`` had a die in this green's pool."""
        if self.pool[seat] < 0:
            return False
        self.pool[seat] = -1
        return True

    def hole_in_one(self, seat, roll):
        """"find the highest PUTT TARGET and add 1 to it. If the player can roll this target
        in one roll of the dice, the ball goes in": a :class:`Putt` (SUNK when it goes in).
        The attempt leaves the dice and the pool as they were."""
        roll = tuple(roll)
        if not roll or [i for i in roll if not 0 <= i < DICE_PER_PLAYER or roll.count(i) > 1]:
            raise ValueError("roll at least one of your dice, each at most once")
        reds = len([i for i in roll if self._red(i)]) > 0
        putt = Putt(seat, self.putters[seat].goal(self.card.highest() + 1, reds),
                    [(seat, i) for i in roll], roll)
        saved = self.values[seat][:]
        for i in roll:
            self._throw(putt, i)
        self._judge(putt)
        self.values[seat] = saved
        return putt

    def _red(self, die):
        return self.greens.set[die] == len(self.greens.faces) - 1

    def _throw(self, putt, die):
        # "When you see a FLAG symbol, add them up and then re-roll that dice."
        faces = self.greens.faces[self.greens.set[die]]
        flags = 0
        face = faces[self.rng.below(len(faces))]
        while face == FLAG:
            flags += 1
            face = faces[self.rng.below(len(faces))]
        self.values[putt.seat][die] = face
        putt.throws.append((die, face, flags))
        putt.flags += flags

    def _judge(self, putt):
        total = 0
        for owner, die in putt.counted:
            total += self.values[owner][die]
        putt.total = total
        putt.outcome = self.putters[putt.seat].verdict(putt.target, total, putt.flags)

    def state_ints(self, out):
        """Append the green's state as ints (for the game's state digest)."""
        out.extend((len(self.side), len(self.sunk)))
        out.extend(self.sunk)
        for s in range(len(self.side)):
            out.extend((self.side[s], self.came[s], self.pool[s]))
            out.extend(self.values[s])


class LongestPutt:
    """The LONGEST PUTT card: "claim the longest putt card if your target was greater than
    the current holder's" (``holder`` -1 until someone claims it)."""

    def __init__(self):
        self.holder = -1
        self.target = 0

    def claim(self, putt):
        """Hand the card over if ``putt`` (settled) sank "in a single roll of the dice" from
        a target greater than the holder's; True if it changed hands."""
        if putt.outcome != SUNK or not putt.single or putt.target <= self.target:
            return False
        self.holder = putt.seat
        self.target = putt.target
        return True
