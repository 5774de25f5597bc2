"""18 Holes' golfer cards at the table during a game: what the display says of each
seat's golfer and its power, the notes of the powers used, and Bunjil's private look at
a shot card, which the table shows to his player alone.

The private look (``OUT_PEEK`` with public 0): the table names the deck looked at (the
others see which deck he picks up in the box game) but never the card. While the club
selection goes on, his player holds OK to see it on the display ("others look away"),
and it is gone as soon as OK is let go; nothing else shows it: no LED, no note, no
option. A card shown to all (Bunjil B returning it) is said to all.
"""

from teebox.core.holes18 import cards
from teebox.hal.display import COLS
from teebox.core.holes18.cards import shot_text
from teebox.core.holes18.protocol import (OUT_BORROWED, OUT_NAMED, OUT_NEXT_HOLE, OUT_PEEK,
                                          OUT_POWER, OUT_TURN, SELECT_CLUB)


def golfer_line(game, seat):
    """A seat's golfer card as the display names it, with its power: ``"Bunjil A ready"``,
    ``"Lucky B used"``, ``"Iron Jane B"`` (no power to turn); "" without a card."""
    rules = game.players[seat].rules
    if not rules.name:
        return ""
    state = rules.power_state(game, seat)
    word = "" if state is None else (" ready" if state else " used")
    title = rules.title
    if len(title) + len(word) > 14:  # (16 columns: "Slick R. A ready", not "Slick Rikesh")
        words = title.split(" ")
        title = "%s %s." % (words[0], words[-1][0])
    return "%s %s%s" % (title, rules.side, word)


def ready_line(game):
    """Which seats have a golfer power ready now (``"Ready: P1 P3"``); "" when no seat
    has a power to turn."""
    powers = False
    ready = []
    for p in game.players:
        state = p.rules.power_state(game, p.seat)
        if state is not None:
            powers = True
            if state:
                ready.append("P%d" % (p.seat + 1))
    if not powers:
        return ""
    return "Ready: " + (" ".join(ready) if ready else "none")


def shown_line(game):
    """The shot cards lying face up on their decks "for all players to see" (Bunjil's
    B-side returned them), by deck: ``"Up 2:SSL 4:SL"``; "" when none. In the box game
    they stay in sight on the decks until drawn: the display says them while the clubs
    are chosen, as many as its one line holds (more than two at once is rare)."""
    line = ""
    for deck in cards.DECKS:
        shot = game.face_up(deck)
        if shot >= 0:
            part = " %s:%s" % (deck, shot_text(game.shot_list[shot]))
            if line and len(line) + len(part) > COLS:
                break
            line = (line or "Up") + part
    return line


def spent(game, seat):
    """1 when the seat's golfer power is used (the LEDs dim its golfer), else 0."""
    p = game.players[seat]
    return 1 if p.rules.power_state(game, seat) == 0 else 0


class GolferCards:
    """The golfer cards of one table's game (``table``: the shell): the notes of the
    powers used and the private look kept for its player (``peek``: ``(seat, deck,
    shot)`` or None; ``showing``: its player holds OK to see it)."""

    def __init__(self, table):
        self.t = table
        self.peek = None
        self.showing = False

    def enter(self):
        """A new decision: a card shown is hidden; the LEDs dim each golfer whose power
        is used (a power turns ready without an output, on a new hole)."""
        t = self.t
        self.showing = False
        for p in t.game.players:
            t.view.spent[p.seat] = spent(t.game, p.seat)

    def line(self, seat):
        """:func:`golfer_line` of ``seat`` in the table's game."""
        return golfer_line(self.t.game, seat)

    def ready(self):
        """:func:`ready_line` of the table's game."""
        return ready_line(self.t.game)

    def shown(self):
        """:func:`shown_line` of the table's game."""
        return shown_line(self.t.game)

    def outputs(self, outs):
        """Say what the golfer powers did (after the other notes of the same choice)."""
        t = self.t
        for o in outs:
            k = o[0]
            if k == OUT_PEEK:
                deck = cards.deck_name(o[2])
                if o[4]:
                    self.peek = None
                    t.note = "P%d shows %s:\n%s" % (o[1] + 1, deck,
                                                    shot_text(t.game.shot_list[o[3]]))
                else:
                    # Only his own player may see the card: a bot's look is kept by the bot.
                    if not t.is_bot(o[1]):
                        self.peek = (o[1], o[2], o[3])
                    t.note = "P%d saw %s" % (o[1] + 1, deck)
            elif k == OUT_BORROWED:
                t.note = "P%d plays P%d's\n%s" % (o[1] + 1, o[3] + 1, t.clubs[o[2]].name)
            elif k == OUT_NAMED:
                # "tells the rest of the group which of their clubs never expire"
                t.note = "P%d: %s\nnever expires" % (o[1] + 1, t.clubs[o[2]].name)
            elif k == OUT_POWER and not o[2] and not t.note:
                t.note = "P%d power used" % (o[1] + 1)
            elif (k == OUT_TURN and self.peek is not None and o[1] == self.peek[0]) or \
                    k == OUT_NEXT_HOLE:
                self.peek = None  # his turn has come: the card is drawn or stays put
                self.showing = False

    def peeker(self):
        """The seat that may see a private card now (-1: none): during club selection,
        while it still has to lay its club."""
        t = self.t
        if self.peek is None or t.d.kind != SELECT_CLUB:
            return -1
        seat = self.peek[0]
        return seat if t.game.players[seat].chosen < 0 and seat in t.d.waiting else -1

    def private_text(self):
        """The display while the peeker holds OK: the card for its eyes only."""
        seat, deck, shot = self.peek
        return ("P%d only: others\nlook away\n%s card:\n> %s\nLet go OK: hide"
                % (seat + 1, cards.deck_name(deck), shot_text(self.t.game.shot_list[shot])))

    def card_text(self, seat):
        """The private card of ``seat`` for a secret decision it is peeking at (Bunjil B
        keeping or returning it): ``"deck 3: SSL"``, or "" when it has none."""
        if self.peek is None or self.peek[0] != seat:
            return ""
        return "%s: %s" % (cards.deck_name(self.peek[1]),
                           shot_text(self.t.game.shot_list[self.peek[2]]))
