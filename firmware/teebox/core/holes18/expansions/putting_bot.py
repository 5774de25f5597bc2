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
    a fresh putt weighs 53 ways to roll instead of 127. A way whose totals cannot reach
    the window ``target`` to ``target + 10`` has no chance without counting its totals."""
    if g.side[seat] == CENTRE:
        return ((), -1)
    greens = g.greens
    red = len(greens.faces) - 1
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
    base = values[mine] if mine >= 0 else 0  # own pool die: counted in every putt
    base_reds = mine >= 0 and greens.set[mine] == red
    borrows = [(-1, 0, False)]
    seen = []
    for owner, die, face in g.pool_dice():
        if owner != seat and face not in seen:  # equal faces help alike
            seen.append(face)
            borrows.append((owner, face, greens.set[die] == red))
    memo = {}
    dists = {}
    best = None  # (num, den, dice rolled, mask, roll, borrow)
    counts = [0] * len(groups)
    while True:
        # the next way to roll: counts[j] dice of group j (an odometer over the groups)
        j = 0
        while j < len(groups) and counts[j] == len(groups[j][2]):
            counts[j] = 0
            j += 1
        if j == len(groups):
            break
        counts[j] += 1
        roll = []
        colours = []
        fixed = base
        reds = base_reds
        for k in range(len(groups)):
            colour, face, dice = groups[k]
            n = counts[k]
            roll.extend(dice[:n])
            colours.extend([colour] * n)
            fixed += face * (len(dice) - n)  # kept dice of the group not re-rolled count
            if colour == red and (n or face):
                reds = True
        roll.sort()
        mask = 0
        for i in roll:
            mask |= 1 << i
        colours.sort()
        colours = tuple(colours)
        if colours not in memo:
            memo[colours] = _ways(g, seat, colours, roll, dists)
        totals, ways, num, den, low, high = memo[colours]
        for owner, face, red_die in borrows:
            target = g.target(seat, reds or red_die)
            least = target - fixed - face
            if high < least or low > least + WINDOW:
                hits = 0  # no total of these dice lands in the window
            else:
                hits = 0
                for total in range(max(0, least), min(len(totals), least + WINDOW + 1)):
                    hits += totals[total]
            a, b = hits * num, ways * den
            if best is not None:
                if a * best[1] < best[0] * b:
                    continue
                if a * best[1] == best[0] * b and (len(roll), mask) >= (best[2], best[3]):
                    continue
            roll_t = tuple(roll)
            if g.putt_reason(seat, roll_t, owner) is None:
                best = (a, b, len(roll), mask, roll_t, owner)
    return (best[4], best[5])


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


def _ways(g, seat, colours, roll, dists):
    # Rolling dice of these colours: (ways of each total, all ways, the flag tally's chance
    # as numerator and denominator, the least total, the greatest).
    totals, ways = _totals(g.greens, colours, dists)
    num, den = g.putters[seat].flag_odds(g.greens, roll, 0)
    low = 0
    while not totals[low]:
        low += 1
    return totals, ways, num, den, low, len(totals) - 1


def _totals(greens, colours, dists):
    # How many equally likely face combinations give each total: (counts by total, all).
    # Built on the dice less the last (``dists``: those of the colours met so far), so each
    # colour set costs one die's convolution.
    if not colours:
        return [1], 1
    if colours in dists:
        return dists[colours]
    counts, ways = _totals(greens, colours[:-1], dists)
    faces = [f for f in greens.faces[colours[-1]] if f != FLAG]
    out = [0] * (len(counts) + max(faces))
    for total in range(len(counts)):
        if counts[total]:
            for f in faces:
                out[total + f] += counts[total]
    dists[colours] = (out, ways * len(faces))
    return dists[colours]
