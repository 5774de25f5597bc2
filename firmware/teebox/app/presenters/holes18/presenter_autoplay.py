"""18 Holes played through the table's buttons and card reader by a script
(``app/script.Autoplayer``, the face is listed in ``app/presenters/__init__.py``):
which presses and club-card scans make the table take a bot's choice, the bags a
physical draft might end with, and the demo games a virtual board's bots play.
Host-side only: the board never imports this module.
"""

from teebox.app.script import steps_to
from teebox.core.hexgrid import DIR_NAMES
from teebox.core.holes18 import cards
from teebox.core.holes18.protocol import (
    CHOOSE_ACTION, DECLARE_DIRECTION, DECLINE, HIT_DIRECTION, MOVE, SELECT, SELECT_CLUB)
from teebox.core.rng import Rng

# Mode and seats of the demo games bots play in turn (the virtual board's --games).
DEMOS = (("stroke", 2), ("match", 3), ("stableford", 4), ("chaos", 3), ("stroke", 5),
         ("kelly", 3), ("teams", 2), ("solo-chaos", 1))


def deal_bags(clubs, players, seed):
    """Hands a physical draft might end with (for bag registration): the clubs dealt for
    this many players, shuffled with ``Rng(seed)``, five each, as club indices."""
    pool = []
    for c in cards.clubs_for(clubs, players):
        for i in range(len(clubs)):
            if clubs[i] is c:
                pool.append(i)
    Rng(seed).shuffle(pool)
    return [pool[cards.HAND_SIZE * s:cards.HAND_SIZE * (s + 1)] for s in range(players)]


def register(auto, flow):
    """The line for the flow before the game. Golfer cards: each person takes an option
    picked with ``Rng(seed + seat)`` (a card and side, or the side of the card dealt),
    then OK at the summary. Bag registration: the next club of the seat registering,
    from :func:`deal_bags`, the first its bag takes (a golfer card's draft rule passes a
    club on: The Shark B's wedges); OK once every bag is in."""
    if hasattr(flow, "golfers"):
        if flow.active is not None:
            return register(auto, flow.active)
        if flow.at >= flow.players:
            return ["press OK"]
        opts = flow.options()
        pick = Rng(auto.seed + flow.at).below(len(opts))
        return steps_to(flow.index, pick, len(opts)) + ["press OK"]
    seat = flow.seat()
    if seat < 0:
        return ["press OK"]
    bags = deal_bags(auto.clubs, auto.players, auto.seed)
    # Its own bag first, then the others' (Slugger's Driver, a club for The Shark B's
    # wedge): the first club the bag takes.
    for c in bags[seat] + [c for bag in bags for c in bag]:
        if flow.reason(seat, c) is None:
            return [auto.scan(c, seat)]
    raise ValueError("no club of the draft fits P%d's bag" % (seat + 1))


def lines(auto, table, seat, choice):
    """The presses and scans that make ``table`` take ``choice`` for ``seat``."""
    k = table.d.kind
    if k == SELECT_CLUB:
        if choice[0] == SELECT:
            return [auto.scan(choice[1], seat)]
        # A hand reset or a golfer's power (Bunjil's look): the first OK shows the first
        # offer, E steps to this seat's. Declining an extra turn: BACK shows that offer.
        out = []
        cur = table.sel
        if cur < 0 and choice[0] == DECLINE:
            out.append("press BACK")
            cur = table.opts.index(choice)
        elif cur < 0:
            out.append("press OK")
            cur = [i for i in range(len(table.opts)) if table.opts[i] != (DECLINE,)][0]
        target = [i for i in range(len(table.opts))
                  if table.opts[i] == choice and table.opt_seats[i] == seat][0]
        return out + steps_to(cur, target, len(table.opts)) + ["press OK"]
    if k == CHOOSE_ACTION:
        if choice[0] == MOVE:
            return ["press " + DIR_NAMES[choice[1]], "press OK"]
        target = table.opts.index(choice)
        cur = table.sel
        holds = target + 1 if cur < 0 else (target - cur) % len(table.opts)
        return ["hold OK"] * holds + ["press OK"]
    if k == DECLARE_DIRECTION or k == HIT_DIRECTION:
        return ["press " + DIR_NAMES[choice[1]], "press OK"]
    greens = table.presenter.greens
    if greens is not None and greens.picking():
        return _dice_lines(greens, choice)
    if table.sel < 0:  # a secret decision: OK peeks first
        return ["press OK"] + steps_to(0, table.opts.index(choice), len(table.opts)) + [
            "press OK"]
    return steps_to(table.sel, table.opts.index(choice), len(table.opts)) + ["press OK"]


def _dice_lines(greens, choice):
    # Reading the Greens' dice picker: OK on each die to roll (and on the pool die to
    # use), from the die the picker shows, then hold OK to roll.
    from teebox.core.holes18.expansions.greens_data import DICE_PER_PLAYER
    from teebox.core.holes18.expansions.greens_play import ROLL
    from teebox.core.holes18.expansions.putting import putt_args
    roll, borrow = putt_args(choice[1] - ROLL)
    items = list(roll)
    if borrow >= 0:
        items.append(DICE_PER_PLAYER + greens.lenders.index(borrow))
    count = DICE_PER_PLAYER + len(greens.lenders) + 1
    out = []
    cur = greens.cur
    for i in items:
        out += steps_to(cur, i, count) + ["press OK"]
        cur = i
    return out + ["hold OK"]
