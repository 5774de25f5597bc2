"""How a bot putts: it counts its chance of sinking each way it could putt and takes the best.

The chance is exact and in whole numbers: the rolled dice's totals are counted face by face
(a flag is re-rolled until a number shows, so each number face of a die is equally likely),
and the flag tally's verdict is the golfer's own (``Putter.flag_odds``: even for most,
none at all for Peter's B-side). Dice of one colour are alike, so a bot weighs each
different set of rolled colours once; it keeps the dice that help and re-rolls the rest.
"""

from teebox.core.holes18.expansions.greens_data import DICE_PER_PLAYER, FLAG, NO_TARGET, SIDES
from teebox.core.holes18.expansions.putting import CENTRE, CHANGE, PUTT, WINDOW


def action(g, seat):
    """``(PUTT, -1)`` or ``(CHANGE, side)``: putt whenever it may (beside the cup it taps in);
    from a side without a target, move to the adjacent side with the easier target."""
    if g.action_reason(seat, PUTT) is None:
        return (PUTT, -1)
    here = g.side[seat]
    best = None
    for side in ((here + 1) % SIDES, (here - 1) % SIDES):
        t = g.putters[seat].target(g.card, side, False)
        key = (t == NO_TARGET, t, side)
        if best is None or key < best:
            best = key
    return (CHANGE, best[2])


def putt(g, seat):
    """``(roll, borrow)``: the legal putt with the best chance of sinking (fewest dice rolled
    among equals, then the lowest dice, then the first pool die offered).

    Own dice alike for a putt (one colour, one face lying: 0 for a die not rolled yet) are
    a group, and rolling ``k`` of a group is one choice whichever ``k``: the group's lowest
    dice stand for it (the choice an exhaustive search over every subset finds first), so
    a fresh putt weighs 53 ways to roll instead of 127, walked group by group. A way whose
    totals cannot reach the window ``target`` to ``target + 10`` has no chance without
    counting its totals."""
    if g.side[seat] == CENTRE:
        return ((), -1)
    return _Search(g, seat).best()


class _Search:
    """One putt's search (see :func:`putt`): the groups of alike dice, the pool dice that
    may help, the best putt so far."""

    def __init__(self, g, seat):
        self.g = g
        self.seat = seat
        greens = g.greens
        self.red = red = len(greens.faces) - 1
        values = g.values[seat]
        mine = g.pool[seat]
        groups = []  # [colour, face, dice]
        for i in range(DICE_PER_PLAYER):
            if i == mine:
                continue
            for grp in groups:
                if grp[0] == greens.set[i] and grp[1] == values[i]:
                    grp[2].append(i)
                    break
            else:
                groups.append([greens.set[i], values[i], [i]])
        self.groups = groups
        self.borrows = [(-1, 0, False)]
        seen = []
        for owner, die, face in g.pool_dice():
            if owner != seat and face not in seen:  # equal faces help alike
                seen.append(face)
                self.borrows.append((owner, face, greens.set[die] == red))
        self.targets = (g.target(seat, False), g.target(seat, True))
        self.memo = {}   # the rolled colours (a count each, 3 bits a colour): their odds
        self.dists = {}  # the same: their totals (see _totals)
        self.top = None  # (num, den, dice rolled, mask, roll, borrow) of the best so far
        own = values[mine] if mine >= 0 else 0  # own pool die: counted in every putt
        self._walk(0, [], 0, 0, own, mine >= 0 and greens.set[mine] == red)

    def best(self):
        """``(roll, borrow)`` of the best putt found."""
        return self.top[4], self.top[5]

    def _walk(self, k, roll, mask, key, fixed, reds):
        # Groups k on: roll 0 to all of group k's dice (its lowest), then on to the next.
        if k == len(self.groups):
            if roll:
                self._weigh(roll, mask, key, fixed, reds)
            return
        colour, face, dice = self.groups[k]
        for n in range(len(dice) + 1):
            if n:
                roll = roll + [dice[n - 1]]
                mask |= 1 << dice[n - 1]
                key += 1 << 3 * colour
            # (kept dice of the group not re-rolled count as they lie)
            self._walk(k + 1, roll, mask, key, fixed + face * (len(dice) - n),
                       reds or (colour == self.red and (n > 0 or face > 0)))

    def _weigh(self, roll, mask, key, fixed, reds):
        # Each pool die with this roll: the chance it sinks, kept if it beats the best.
        g = self.g
        odds = self.memo.get(key)
        if odds is None:
            odds = self.memo[key] = _ways(g, self.seat, key, roll, self.dists)
        totals, ways, num, den, low, high = odds
        top = self.top
        for owner, face, red_die in self.borrows:
            least = self.targets[1 if reds or red_die else 0] - fixed - face
            hits = 0
            if low <= least + WINDOW and high >= least:  # (else no total lands in the window)
                for total in range(max(0, least), min(len(totals), least + WINDOW + 1)):
                    hits += totals[total]
            a, b = hits * num, ways * den
            if top is not None:
                if a * top[1] < top[0] * b:
                    continue
                if a * top[1] == top[0] * b and (len(roll), mask) >= (top[2], top[3]):
                    continue
            dice = tuple(sorted(roll))
            if g.putt_reason(self.seat, dice, owner) is None:
                top = self.top = (a, b, len(roll), mask, dice, owner)


def mallet_die(g, seat):
    """The die of the putt just rolled a Mallet Putter re-roll would help most, or -1 when no
    re-roll can sink it."""
    p = g.last
    best = (0, 1, -1)
    for owner, die in p.counted:
        if owner != seat or g.mallet_reason(seat, die) is not None:
            continue
        others = p.total - g.values[seat][die]
        faces = [f for f in g.greens.faces[g.greens.set[die]] if f != FLAG]
        hits = len([f for f in faces if p.target <= others + f <= p.target + WINDOW])
        num, den = g.putters[seat].flag_odds(g.greens, (die,), p.flags)
        if hits * num * best[1] > best[0] * len(faces) * den:
            best = (hits * num, len(faces) * den, die)
    return best[2]


def _ways(g, seat, key, roll, dists):
    # Rolling ``roll`` (dice whose colours ``key`` counts): (ways of each total, all ways,
    # the flag tally's chance as numerator and denominator, the least total, the greatest).
    totals, ways = _totals(g.greens, key, dists)
    num, den = g.putters[seat].flag_odds(g.greens, roll, 0)
    low = 0
    while not totals[low]:
        low += 1
    return totals, ways, num, den, low, len(totals) - 1


def _totals(greens, key, dists):
    # How many equally likely face combinations of dice whose colours ``key`` counts (3 bits
    # a colour) give each total: (counts by total, all). Built on the same dice less one of
    # the highest colour (``dists``: those met so far), so each costs one die's convolution.
    if not key:
        return [1], 1
    if key in dists:
        return dists[key]
    c = len(greens.faces) - 1
    while not key >> 3 * c & 7:
        c -= 1
    counts, ways = _totals(greens, key - (1 << 3 * c), dists)
    faces = [f for f in greens.faces[c] if f != FLAG]
    out = [0] * (len(counts) + max(faces))
    for total in range(len(counts)):
        if counts[total]:
            for f in faces:
                out[total + f] += counts[total]
    dists[key] = (out, ways * len(faces))
    return dists[key]
