# Bots putt sensibly, and a property of whole greens played by bots: no die is counted twice,
# a putt counts at most seven dice and rolls one of its own, the pool holds at most one die
# per player and a pool die never changes. Runs under CPython and inside MicroPython.
from greens_kit import GREENS, R1, R2, green, putt
from teebox.core.holes18.expansions import peter, putting, putting_bot
from teebox.core.holes18.expansions.putting import CENTRE, CHANGE, PUTT, SUNK
from teebox.core.rng import Rng


def _reach(g, roll, seat=0):
    lo = hi = 0
    for i in roll:
        faces = [f for f in GREENS.faces[GREENS.set[i]] if f]
        lo += min(faces)
        hi += max(faces)
    return lo, hi


def test_a_bot_picks_dice_whose_totals_fit_the_window():
    """"Don't always reach for the strongest dice.": for a short putt of 8 the bot leaves the
    red dice (5-9, and flags) in the bag; for 40 it needs all seven."""
    g, dice = green((8, 6, 6, 6, 6, 6), players=1)
    g.arrive(0, 0)
    roll, borrow = putting_bot.putt(g, 0)
    assert R1 not in roll and R2 not in roll and borrow == -1
    lo, hi = _reach(g, roll)
    assert lo <= 18 and hi >= 8
    g, dice = green((40, 6, 6, 6, 6, 6), players=1)
    g.arrive(0, 0)
    assert putting_bot.putt(g, 0) == ((0, 1, 2, 3, 4, 5, 6), -1)


def test_a_bot_borrows_a_pool_die_that_helps():
    g, dice = green((44, 44, 6, 6, 6, 6), players=2)
    g.arrive(0, 0)
    g.arrive(1, 1)
    putt(g, dice, 0, [(R1, 9)])
    roll, borrow = putting_bot.putt(g, 1)
    assert borrow == 0 and len(roll) == 6     # the 9 in place of its white die


def test_a_bot_moves_off_a_side_without_target_toward_the_easier_side_and_taps_in():
    g, dice = green((30, 25, None, 35, 40, 28), players=1)
    g.arrive(0, 2)
    assert putting_bot.action(g, 0) == (CHANGE, 1)
    g.side[0] = CENTRE
    assert putting_bot.action(g, 0) == (PUTT, -1) and putting_bot.putt(g, 0) == ((), -1)


def test_a_bot_uses_the_mallet_on_the_die_that_can_sink_the_putt():
    g, dice = green((17, 6, 6, 6, 6, 6), players=1)
    g.arrive(0, 0)
    dice.load([(1, 2), (5, 9), (3, 4)])
    g.roll(0, (1, 5, 3))            # 15: a yellow 2, a red 9, an orange 4
    die = putting_bot.mallet_die(g, 0)
    assert die in (1, 3)              # only re-rolling the yellow or the orange can reach 17
    g2, dice2 = green((13, 6, 6, 6, 6, 6), players=1)
    g2.arrive(0, 0)
    dice2.load([(5, 9), (6, 9)])
    g2.roll(0, (5, 6))                # 18 is in; nothing to re-roll
    assert putting_bot.mallet_die(g2, 0) == -1


def test_bots_play_whole_greens_without_counting_a_die_twice():
    """"The DICE POOL expands to a maximum of one die per player." "You may never count more
    than 7 dice in your total." "Every putt requires you to roll at least one of your dice."
    "Once a die is in the dice pool it is never re-rolled for this green." """
    rng = Rng(11)
    for game in range(6):
        n = 2 + rng.below(4)
        card = GREENS.cards[rng.below(len(GREENS.cards))]
        putters = [peter.putter(None if rng.below(3) else ("peter", "AB"[rng.below(2)]))
                   for _ in range(n)]
        g = putting.Putting(GREENS, card, putters, Rng(game))
        for s in range(n):
            g.arrive(s, rng.below(6))
        pooled = {}
        for rounds in range(30):
            playing = [s for s in range(n) if s not in g.sunk]
            if not playing:
                break
            for s in playing:
                act, side = putting_bot.action(g, s)
                if act == CHANGE:
                    g.change(s, side)
                    continue
                roll, borrow = putting_bot.putt(g, s)
                p = g.roll(s, roll, borrow)
                if p.outcome != SUNK and rng.below(4) == 0 and putting_bot.mallet_die(g, s) >= 0:
                    g.mallet(s, putting_bot.mallet_die(g, s))
                assert len(p.counted) == len(set(p.counted)) <= 7
                assert roll or g.side[s] == CENTRE
                assert len([d for d in p.counted if d[0] != s]) <= 1
                g.settle(s)
                owners = [o for o, die, face in g.pool_dice()]
                assert len(owners) == len(set(owners)) <= n
                for o, die, face in g.pool_dice():
                    assert pooled.setdefault(o, (die, face)) == (die, face)
        assert len(g.sunk) == n, (game, card.id, g.sunk)   # bots sink every putt in time


def _sinks(g, seat, roll, borrow):
    # (num, den): the chance a putt sinks, counted throw by throw (a flag re-rolled: each
    # number face alike) with the flag tally's odds; the test's own count, not the bot's.
    counted = g.counted(seat, roll, borrow)
    fixed = 0
    reds = False
    for owner, die in counted:
        if owner != seat or die not in roll:
            fixed += g.values[owner][die]
        reds = reds or GREENS.set[die] == len(GREENS.faces) - 1
    target = g.target(seat, reds)
    totals = {fixed: 1}
    ways = 1
    for die in roll:
        faces = [f for f in GREENS.faces[GREENS.set[die]] if f]
        ways *= len(faces)
        nxt = {}
        for total in totals:
            for f in faces:
                nxt[total + f] = nxt.get(total + f, 0) + totals[total]
        totals = nxt
    hits = sum([n for total, n in totals.items() if target <= total <= target + 10])
    num, den = g.putters[seat].flag_odds(GREENS, roll, 0)
    return hits * num, ways * den


def test_a_bots_putt_is_the_best_of_every_legal_putt():
    """The bot weighs alike dice once: its putt still has the best chance of sinking of all
    the legal ways to putt (every subset of its dice with every pool die), the fewest dice
    among equals. Greens played on by bots: a first putt, kept dice, pool dice, Peter."""
    rng = Rng(23)
    checked = 0
    for game in range(5):
        n = 3
        card = GREENS.cards[rng.below(len(GREENS.cards))]
        putters = [peter.putter(None), peter.putter(("peter", "AB"[game % 2])),
                   peter.putter(None)]
        g = putting.Putting(GREENS, card, putters, Rng(game))
        for s in range(n):
            g.arrive(s, rng.below(6))
        for rounds in range(4):
            for s in [s for s in range(n) if s not in g.sunk]:
                if putting_bot.action(g, s)[0] == CHANGE or g.side[s] == CENTRE:
                    continue
                roll, borrow = putting_bot.putt(g, s)
                best = _sinks(g, s, roll, borrow)
                for mask in range(1, 128):
                    other = tuple([i for i in range(7) if mask >> i & 1])
                    for lender in [-1] + [o for o, _d, _f in g.pool_dice() if o != s]:
                        if g.putt_reason(s, other, lender) is None:
                            a, b = _sinks(g, s, other, lender)
                            assert a * best[1] <= best[0] * b, (roll, borrow, other, lender)
                            if a * best[1] == best[0] * b:
                                assert len(roll) <= len(other)
                checked += 1
                g.roll(s, roll, borrow)
                g.settle(s)
    assert checked >= 10
