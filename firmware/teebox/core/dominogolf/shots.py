"""What a played domino does: the rulebook's shot results, in its order, as pure
functions of the domino and the domino aimed at. Also the hole's par and the groups
of holes a golf bag lasts for.

A hole's layout lists its dominoes from the tee outward: ``[green]`` (par 3),
``[approach, green]`` (par 4), ``[lay-up, approach, green]`` (par 5). A player's
station is how many shots they have taken on the hole: a shot from station ``k``
aims at ``layout[k]``; the last one aims at the green.
"""

from teebox.core.dominogolf.dominoes import HIGH, LOW, has, is_double, pips
from teebox.core.dominogolf.protocol import (
    FAIRWAY, GREENSIDE_SAND, HOLED, HOLED_OUT, IN_FAIRWAY, IN_ROUGH, IN_SAND, ON_TEE,
    ONE_PUTT, ROUGH, SAND, THREE_PUTTS, TREE, TWO_PUTTS, WATER)

# The groups of holes a golf bag lasts for, and the bag's size: "three groups of 3
# dominoes, one group of 4, and one group of 5"; five dominoes for each of the first
# four groups, "Draw six dominoes for the last five holes".
GROUPS = (3, 3, 3, 4, 5)
BAGS = (5, 5, 5, 5, 6)
# A tie after the last hole: "get five new ones for four holes; repeat this as necessary".
PLAYOFF_GROUP = 4
PLAYOFF_BAG = 5
# Games as long as whole groups: 3, 6, 9, 13 or 18 holes (the rulebook plays 18).
LENGTHS = (3, 6, 9, 13, 18)

# Strokes a result adds beyond the shot itself: the tree's chip, water's two; and
# from the green, the putts ("down in two" after a one-putt tee shot on a par 3).
PENALTIES = (0, 0, 0, 0, 1, 2, 0, 0, 0, 0, 0)
PUTTS = (0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 0)


def par_of(green):
    """A hole's par from its green: "If the lower number on the domino is 0,1 or 2 ...
    Par 3 ... 3,4,5 or 6 ... Par 4 ... 7 to 12 ... Par 5"."""
    low = LOW[green]
    if low <= 2:
        return 3
    return 4 if low <= 6 else 5


def result(domino, target, at_green):
    """The result of ``domino`` played at ``target`` (the green when ``at_green``), the
    first of the rulebook's results that applies; the hole-in-one and eagle pick is
    :func:`may_hole`'s."""
    if at_green:
        if has(domino, HIGH[target]):
            return ONE_PUTT
        if has(domino, LOW[target]):
            return TWO_PUTTS
        return THREE_PUTTS if pips(domino) <= pips(target) else GREENSIDE_SAND
    if has(domino, HIGH[target]):
        return FAIRWAY
    if is_double(target):  # water: "fairway, rough (instead of sand) or water"
        return ROUGH if pips(domino) <= pips(target) else WATER
    if has(domino, LOW[target]):
        return ROUGH
    return SAND if pips(domino) <= pips(target) else TREE


def may_hole(domino, green, lie):
    """Whether a shot at the green may go in for a hole-in-one or an eagle (a second,
    gods-of-golf pick decides): a double matching the green's higher number, played
    from the tee (a par 3) or from the fairway."""
    return (is_double(domino) and LOW[domino] == HIGH[green]
            and lie in (ON_TEE, IN_FAIRWAY))


def lie_after(res):
    """Where the ball lies after a result: the fairway, the rough (a tree's chip and
    water's drop put the ball there too), the sand, or holed out."""
    if res == FAIRWAY:
        return IN_FAIRWAY
    if res == SAND:
        return IN_SAND
    if res in (ROUGH, TREE, WATER):
        return IN_ROUGH
    return HOLED_OUT


def best(res):
    """Whether a result is the best a domino can do there (no mulligan is offered)."""
    return res in (FAIRWAY, ONE_PUTT, HOLED)



def holed(res):
    """Whether a result finishes the hole (every shot at the green does)."""
    return res >= ONE_PUTT
