"""Domino Golf played through the table's buttons and reader by a script
(``app/script.Autoplayer``; the face is listed in ``app/presenters/__init__.py``): which
presses and domino scans make the table take a bot's choice (the buttons are those of
``presenter.py``), the real set the players hold (:class:`Box`, for a game with
``real_set``: the simulator's too) and the demo games a virtual board's bots play.
Host-side only: the board never imports this module.
"""

from teebox.app.bindings import Bindings
from teebox.app.presenters.dominogolf import tags
from teebox.app.script import steps_to
from teebox.core.dominogolf import dominoes
from teebox.core.dominogolf.protocol import DRAW, DRAWN, PLAY, SHOT, TAKE, TAKE_ONE
from teebox.core.rng import Rng

# The demo games bots play in turn (the virtual board's --games): Domino Golf has one
# way to play (its mode is "").
DEMOS = (("", 2), ("", 3), ("", 4), ("", 5))


class Box:
    """A real double-12 set in the players' hands, for a game with ``real_set``: the
    table knows only the dominoes lying face up, so whoever plays for the players (a
    script's autoplayer, the simulator's domino picker) keeps the rest here.

    ``bags[seat]``: the dominoes in that golf bag (as its player sees them). A domino
    drawn face down (a bag's, a new bag's) or turned up (:meth:`draw`) is the first of
    a shuffle of the set (``Rng(seed)``) that lies face down, in no bag and not set
    aside: the discarded bags wait there until the rules mix the removed dominoes back;
    a domino turned face up goes to the end of the shuffle.
    :meth:`follow` brings the box up to the game after every choice.
    """

    def __init__(self, game):
        self.game = game
        self.order = list(range(dominoes.COUNT))
        Rng(game.setup.seed).shuffle(self.order)
        self.bags = [[] for _ in range(game.setup.players)]
        self.aside = []           # discarded at the end of a group of holes
        self.left = [-1] * game.setup.players  # the domino each bag played last
        self._group = game.group
        self._removed = len(game.removed)
        self._up = game.face_up()

    def _free(self):
        # Whether each domino may be drawn: face down, in no bag, not set aside.
        free = bytearray(1 for _ in range(dominoes.COUNT))
        up = self.game.face_up()
        for d in range(dominoes.COUNT):
            if up[d]:
                free[d] = 0
        for d in self.aside:
            free[d] = 0
        for bag in self.bags:
            for d in bag:
                free[d] = 0
        return free

    def draw(self):
        """The domino the next draw from the face-down dominoes turns up."""
        free = self._free()
        for d in self.order:
            if free[d]:
                return d
        raise ValueError("no face-down domino is left to draw")

    def follow(self):
        """Take in what the game did since the last call: the dominoes played from the
        bags (face up now) leave them, the bags the rules filled get a domino each (drawn
        face down), a new group of holes discards every bag, the removed dominoes mixed
        back into the gods of golf can be drawn again; a mulligan puts the domino played
        back into its bag."""
        g = self.game
        if g.group != self._group:  # "discard all unplayed dominoes ... draw five new"
            self._group = g.group
            for bag in self.bags:
                self.aside.extend(bag)
                del bag[:]
        if len(g.removed) < self._removed:  # the pool got the removed dominoes back
            self.aside = []
        self._removed = len(g.removed)
        up = g.face_up()
        # What turned face up goes under the pile: a green's double mixed back is not
        # the next domino drawn again.
        turned = [d for d in self.order if up[d] and not self._up[d]]
        self.order = [d for d in self.order if not up[d] or self._up[d]] + turned
        self._up = up
        for seat in range(len(self.bags)):
            bag = self.bags[seat]
            for d in bag:
                if up[d]:
                    self.left[seat] = d
            bag[:] = [d for d in bag if not up[d]]
            while len(bag) > len(g.bags[seat]):  # left the bag unseen: set aside
                self.aside.append(bag.pop())
            back = self.left[seat]
            if len(bag) < len(g.bags[seat]) and back >= 0 and self._free()[back]:
                bag.append(back)  # (a mulligan: "re-do a shot", the domino back in hand)
                self.left[seat] = -1
            while len(bag) < len(g.bags[seat]):
                bag.append(self.draw())


def box_of(holder, game):
    """The :class:`Box` of ``game`` kept in ``holder.pieces`` (a new one for a new game),
    brought up to date."""
    box = holder.pieces
    if box is None or box.game is not game:
        holder.pieces = box = Box(game)
    box.follow()
    return box


def uid_of(table, d):
    """The tag the table learned for domino ``d``; ValueError if it has none."""
    uid = Bindings(table.store, tags.pieces(), tags).uid_of(d)
    if uid is None:
        raise ValueError("no tag is learned for the %s on this board (learn the dominoes "
                         "first)" % dominoes.name(d))
    return uid


def person(auto, table, seat):
    """With a real set, what a person does that the rules cannot decide for them: turn
    the domino drawn face up (anyone at the table, for a bot too) and, at a shot of a
    person's, play from the bag they hold (the bot's choice given the bag); else None."""
    g = table.game
    if not g.real:
        return None
    box = box_of(auto, g)
    d = g.pending()
    if d.kind == DRAW:
        return (DRAWN, box.draw())
    if d.kind == SHOT and seat not in auto.bot_seats:
        return auto.bots[seat].choose(g, seat, box.bags[seat])
    return None


def in_hand(holder, table):
    """What the simulator's card key lays in a game of Domino Golf: ``(tags, groups)``,
    the dominoes grouped as the players hold them (``(seat, dominoes, [])``, or
    ``(-2, [domino], [], heading)`` for the domino to turn up; ``holder.pieces`` keeps
    the :class:`Box`). With a real set: the domino a draw turns up, else the bag of the
    player to shoot (and a bag turned face up for a change of luck); with the table's
    digital set, none: the bag is secret (its player peeks at it on the OLED)."""
    g = table.game
    if not g.real:
        return tags, []
    box = box_of(holder, g)
    d = g.pending()
    if d.kind == DRAW:
        return tags, [(-2, [box.draw()], [], "Turn up: the domino drawn, scan it")]
    groups = [(d.player, sorted(box.bags[d.player]), [])]
    if d.kind == TAKE:
        groups.append((d.source, sorted(box.bags[d.source]), []))
    return tags, groups


def register(auto, flow):
    """Domino Golf has no flow before the game: OK goes on."""
    return ["press OK"]


def lines(auto, table, seat, choice):
    """The presses and scans that make ``table`` take ``choice`` for ``seat``: a domino
    turned up or laid from the hand is scanned; at a shot, OK to peek at the bag (unless
    it is the gods of golf alone), the option, OK."""
    if choice[0] == DRAWN or table.game.real and choice[0] in (PLAY, TAKE_ONE):
        return ["scan " + uid_of(table, choice[1]).hex()]
    out = []
    sel = table.sel
    if table.d.kind == SHOT and sel < 0:
        out.append("press OK")
        sel = 0
    return out + steps_to(sel, table.opts.index(choice), len(table.opts)) + ["press OK"]
