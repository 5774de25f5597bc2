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
    among equals, the first found among those)."""
    if g.side[seat] == CENTRE:
        return ((), -1)
    own = [i for i in range(DICE_PER_PLAYER) if i != g.pool[seat]]
    borrows = [-1]
    seen = []
    for owner, die, face in g.pool_dice():
        if owner != seat and face not in seen:  # equal faces help alike
            seen.append(face)
            borrows.append(owner)
    dists = {}
    best = None
    for mask in range(1, 1 << len(own)):
        roll = tuple([own[k] for k in range(len(own)) if mask >> k & 1])
        for borrow in borrows:
            if g.putt_reason(seat, roll, borrow) is not None:
                continue
            num, den = _chance(g, seat, roll, borrow, dists)
            if best is None or num * best[1] > best[0] * den or (
                    num * best[1] == best[0] * den and len(roll) < len(best[2])):
                best = (num, den, roll, borrow)
    return (best[2], best[3])


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


def _chance(g, seat, roll, borrow, dists):
    # (numerator, denominator) of the chance this putt sinks.
    counted = g.counted(seat, roll, borrow)
    fixed = 0
    reds = False
    for owner, die in counted:
        if die not in roll or owner != seat:
            fixed += g.values[owner][die]
        reds = reds or g.greens.set[die] == len(g.greens.faces) - 1
    target = g.target(seat, reds)
    colours = tuple(sorted([g.greens.set[i] for i in roll]))
    if colours not in dists:
        dists[colours] = _totals(g.greens, colours)
    totals, ways = dists[colours]
    hits = 0
    for total in range(max(0, target - fixed), min(len(totals), target + WINDOW - fixed + 1)):
        hits += totals[total]
    num, den = g.putters[seat].flag_odds(g.greens, roll, 0)
    return hits * num, ways * den


def _totals(greens, colours):
    # How many equally likely face combinations give each total: (counts by total, all).
    counts = [1]
    ways = 1
    for c in colours:
        faces = [f for f in greens.faces[c] if f != FLAG]
        ways *= len(faces)
        out = [0] * (len(counts) + max(faces))
        for total in range(len(counts)):
            if counts[total]:
                for f in faces:
                    out[total + f] += counts[total]
        counts = out
    return counts, ways
