"""Reading the Greens in the engine: the green deck, the card revealed at each tee, arriving
on the green (the side, the Gap Wedge, the hole-in-one roll), the two player action cards laid
in secret like clubs, the putting order, the putting and change-of-position turns, the Mallet
Putter and the longest putt card. The putting itself is :class:`~.putting.Putting`.

Choices are ``(EXTRA, code)`` with the codes below, decisions of its own the kinds below;
outputs are tuples with the ``OUT_*`` kinds below (after the engine's own).
"""

from teebox.core import hexgrid
from teebox.core.holes18.expansions import greens, peter, putting, putting_bot
from teebox.core.holes18.expansions.greens_data import DICE_PER_PLAYER, SIDES
from teebox.core.holes18.expansions.putting import CHANGE, PUTT, SUNK
from teebox.core.holes18.policy import LAID, Module
from teebox.core.holes18.protocol import (
    EXTRA, OUT_CLUB_DISCARDED, OUT_HOLE_IN_ONE, POLICY_KINDS, SELECT_CLUB)

# Decisions of its own (Game.pending().kind).
PUTT_DICE = POLICY_KINDS + 48     # which dice to roll, whose pool die to use: ROLL + putt_code
USE_MALLET = POLICY_KINDS + 49    # discard the Mallet Putter to re-roll a die: MALLET + die, KEEP
NEW_SIDE = POLICY_KINDS + 50      # change of position: SIDE + an adjacent side
GAP_SIDE = POLICY_KINDS + 51      # Gap Wedge on the green: SIDE + the side to putt from
ACE_DICE = POLICY_KINDS + 52      # the hole-in-one roll: ROLL + putt_code (no pool die)
KINDS = (PUTT_DICE, USE_MALLET, NEW_SIDE, GAP_SIDE, ACE_DICE)

# Codes of its (EXTRA, code) choices.
ACTION = 1024    # + PUTT or CHANGE: the player action card laid at SELECT_CLUB
SIDE = 1032      # + side 0-5
MALLET = 1040    # + die 0-6
KEEP = 1047      # no Mallet re-roll
ROLL = 2048      # + putting.putt_code(roll, borrow)
_CODES = range(ACTION, ROLL + (1 << (DICE_PER_PLAYER + 3)))

# Outputs.
OUT_GREEN_CARD = 64   # (k, hole, card index in greens.cards, turn): revealed beside the green
OUT_ON_GREEN = 65     # (k, seat, side): the golfer's meeple on that side of the green card
OUT_ACTIONS = 66      # (k, ((seat, PUTT or CHANGE), ...)): action cards revealed
OUT_PUTT = 67         # (k, seat, target, throws, total, flags, outcome): ((die, face, flags)...)
OUT_POOL = 68         # (k, seat, die, face): into the dice pool
OUT_CHANGED = 69      # (k, seat, side): changed position
OUT_LONGEST_PUTT = 70  # (k, seat, target): now holds the longest putt card


class GreensPlay(Module):
    """Reading the Greens for one game (``game.added``), its data ``game.green_cards``."""

    # A range, not a tuple: membership costs no 2048-int tuple on the board.
    extras = _CODES  # type: ignore[assignment]

    def __init__(self, game):
        data = game.green_cards
        if data is None:
            raise ValueError("Reading the Greens needs the putting dice and green cards: "
                             "Game(..., greens=shipped.load_default_greens())")
        if game.mode.name != "match":
            raise ValueError("Reading the Greens is played in Match Play for now, not %s"
                             % game.mode.title)
        self.data = data
        self.putters = []          # each seat's putting rules (Peter's), set at the first tee
        self.deck = greens.deck(data, game.course.greens, game.course.hole_count, game.rng)
        self.green = None          # the Putting of the hole in play
        self.hole = 0
        self.laid = []             # per seat PUTT / CHANGE laid this round, 0 none
        self.arrived = []          # (seat, came, hole_in_one, gap) landings still to settle
        self.longest = putting.LongestPutt()

    # ------------------------------------------------------------ holes and arrivals

    def new_hole(self, game, seats, hole, outs):
        """"When players arrive at a new tee box. Reveal the next green card." """
        if not self.putters:
            self.putters = [peter.putter(p.golfer_choice) for p in game.players]
            self.laid = [0] * len(game.players)
        self.hole = hole
        card = self.deck[hole - 1]
        self.green = putting.Putting(self.data, card, self.putters, game.rng)
        outs.append((OUT_GREEN_CARD, hole, self.data.cards.index(card),
                     greens.card_turn(game.course, hole)))

    def on_green(self, game, p, hole, came, hole_in_one, outs):
        """"When a player reaches the GREEN place your meeple on the GREEN CARD on the side that
        they arrived from"; "Players no longer score flags when they reach the green"."""
        if hole != self.hole or self.green.side[p.seat] != putting.OFF:
            return True
        club = game.t_club
        gap = club >= 0 and game.clubs[club].choose_green_side
        self.arrived.append((p.seat, came, hole_in_one, gap))
        return True

    def before_end_turn(self, game, seat, outs):
        """Settle a landing on the green: the side (the Gap Wedge chooses it), then the
        hole-in-one roll "during the turn of the player who landed on the green"."""
        while self.arrived:
            s, came, ace, gap = self.arrived[0]
            if gap:
                self.arrived[0] = (s, came, ace, False)
                game.ask(GAP_SIDE, s)
                return True
            if self.green.side[s] == putting.OFF:
                q, r = game.players[s].position()
                self._place(s, self._side_from(game, q, r, came), outs)
            if ace:
                self.arrived[0] = (s, came, False, False)
                game.ask(ACE_DICE, s)
                return True
            self.arrived.pop(0)
        return False

    def _side_from(self, game, q, r, came):
        d = hexgrid.direction_between(q, r, came[0], came[1])
        return (d - greens.card_turn(game.course, self.hole)) % SIDES if d >= 0 else 0

    def _place(self, seat, side, outs):
        self.green.arrive(seat, side)
        outs.append((OUT_ON_GREEN, seat, side))

    # ------------------------------------------------------------ the action cards

    def _on(self, seat):
        return self.green is not None and self.green.side[seat] != putting.OFF and \
            seat not in self.green.sunk

    def select_reason(self, game, seat, club):
        """"Players that are on the GREEN must select one of the two player actions cards." """
        if self._on(seat):
            return "you are on the green: lay your PUTT or CHANGE POSITION card"
        return None

    def extra_choices(self, game, seat, kind):
        """The action cards at SELECT_CLUB for a golfer on the green; the codes of its own
        decisions."""
        g = self.green
        if kind == SELECT_CLUB:
            return (ACTION + PUTT, ACTION + CHANGE) if self._on(seat) else ()
        if kind == PUTT_DICE:
            if g.side[seat] == putting.CENTRE:
                return (ROLL,)
            return tuple([ROLL + c for c in range(1, (len(game.players) + 1) << DICE_PER_PLAYER)])
        if kind == ACE_DICE:
            return tuple([ROLL + c for c in range(1, 1 << DICE_PER_PLAYER)])
        if kind == USE_MALLET:
            return tuple([MALLET + d for d in range(DICE_PER_PLAYER)]) + (KEEP,)
        if kind in (NEW_SIDE, GAP_SIDE):
            return tuple([SIDE + s for s in range(SIDES)])
        return ()

    def extra_reason(self, game, seat, code):
        """Why a choice is refused now (None: legal)."""
        g = self.green
        kind = game.stage
        if kind == SELECT_CLUB:
            return g.action_reason(seat, code - ACTION)
        if kind == PUTT_DICE:
            roll, borrow = putting.putt_args(code - ROLL)
            if borrow >= len(game.players):
                return "there is no player %d" % (borrow + 1)
            return g.putt_reason(seat, roll, borrow)
        if kind == ACE_DICE:
            return None
        if kind == USE_MALLET:
            return None if code == KEEP else g.mallet_reason(seat, code - MALLET)
        if kind == NEW_SIDE:
            return g.change_reason(seat, code - SIDE)
        return None

    def extra_apply(self, game, seat, code, outs):
        """Lay an action card, putt, use the Mallet, change position, pick the Gap Wedge side,
        roll for a hole-in-one."""
        kind = game.stage
        g = self.green
        if kind == SELECT_CLUB:
            self.laid[seat] = code - ACTION
            game.lay_card(seat, LAID, outs)
            return
        if kind == PUTT_DICE:
            roll, borrow = putting.putt_args(code - ROLL)
            self._show(g.roll(seat, roll, borrow), outs)
            if g.last.outcome != SUNK and g.last.rolled and self._mallet(game, seat) >= 0:
                game.ask(USE_MALLET, seat)
                return
            self._settle(game, seat, outs)
        elif kind == USE_MALLET:
            if code != KEEP:
                club = self._mallet(game, seat)
                p = game.players[seat]
                p.hand.remove(club)
                p.discards.append(club)
                p.discards.sort()
                outs.append((OUT_CLUB_DISCARDED, seat, club))
                self._show(g.mallet(seat, code - MALLET), outs)
            self._settle(game, seat, outs)
        elif kind == NEW_SIDE:
            g.change(seat, code - SIDE)
            outs.append((OUT_CHANGED, seat, code - SIDE))
            game.finish_turn()
        elif kind == GAP_SIDE:
            self._place(seat, code - SIDE, outs)
            game.resume()
        else:  # ACE_DICE
            roll, borrow = putting.putt_args(code - ROLL)
            putt = g.hole_in_one(seat, roll)
            self._show(putt, outs)
            if putt.outcome == SUNK:
                g.sunk.append(seat)
                p = game.players[seat]
                game.mode.on_reach(game, p, self.hole, True, outs)
            self.arrived.pop(0)
            game.resume()

    def _mallet(self, game, seat):
        # The Mallet Putter in the hand, or -1.
        for c in game.players[seat].hand:
            if game.clubs[c].putter:
                return c
        return -1

    def _show(self, putt, outs):
        outs.append((OUT_PUTT, putt.seat, putt.target, tuple(putt.throws), putt.total,
                     putt.flags, putt.outcome))

    def _settle(self, game, seat, outs):
        putt = self.green.settle(seat)
        if putt.pooled >= 0:
            outs.append((OUT_POOL, seat, putt.pooled, self.green.values[seat][putt.pooled]))
        if putt.outcome == SUNK:
            # "The player who SUNK THE PUTT takes the FLAG": the mode scores it at the end of
            # the round, which is "the last round on this hole".
            game.mode.on_reach(game, game.players[seat], self.hole, False, outs)
            if self.longest.claim(putt):
                outs.append((OUT_LONGEST_PUTT, seat, putt.target))
        game.finish_turn()

    # ------------------------------------------------------------ turns

    def revealed(self, game, outs):
        """The action cards are turned over with the clubs."""
        shown = tuple([(s, self.laid[s]) for s in game.selecting if self.laid[s]])
        if shown:
            outs.append((OUT_ACTIONS, shown))

    def order_key(self, game, seat, key):
        """"1. Putt action (highest to lowest target) 2. Change position actions 3. Club
        initiative order"."""
        if game.players[seat].chosen == LAID:
            return self.green.order_key(seat, self.laid[seat])
        return (2,) + tuple(key)

    def start_turn(self, game, seat, outs):
        """A putt or a change of position: "Players with CHANGE POSITION actions retrieve the
        card and end their turn" once the putt is sunk this round."""
        if game.players[seat].chosen != LAID:
            return
        action = self.laid[seat]
        self.laid[seat] = 0
        if action == PUTT:
            game.ask(PUTT_DICE, seat)
        elif self.green.sunk or self.green.action_reason(seat, CHANGE):
            game.finish_turn()
        else:
            game.ask(NEW_SIDE, seat)

    # ------------------------------------------------------------ the table and bots

    def decision_text(self, game, kind):
        """How the table asks its decisions."""
        return ("Roll which dice?", "Mallet Putter: re-roll a die?", "Move to which side?",
                "Gap Wedge: putt from which side?",
                "Hole-in-one: roll which dice?")[kind - PUTT_DICE]

    def choice_text(self, game, code):
        """How the table shows a choice."""
        if code >= ROLL:
            roll, borrow = putting.putt_args(code - ROLL)
            text = "roll " + " ".join([str(i + 1) for i in roll]) if roll else "tap in"
            return text + (" + pool die of P%d" % (borrow + 1) if borrow >= 0 else "")
        if code == KEEP:
            return "keep the roll"
        if code >= MALLET:
            return "re-roll die %d" % (code - MALLET + 1)
        if code >= SIDE:
            return "side %d" % (code - SIDE)
        return "PUTT" if code - ACTION == PUTT else "CHANGE POSITION"

    def bot_choice(self, game, seat, legal):
        """A bot putts as :mod:`~.putting_bot` says."""
        kind = game.stage
        g = self.green
        if kind == SELECT_CLUB:
            return (EXTRA, ACTION + putting_bot.action(g, seat)[0])
        if kind == PUTT_DICE:
            roll, borrow = putting_bot.putt(g, seat)
            return (EXTRA, ROLL + putting.putt_code(roll, borrow))
        if kind == USE_MALLET:
            die = putting_bot.mallet_die(g, seat)
            return (EXTRA, KEEP if die < 0 else MALLET + die)
        if kind == NEW_SIDE:
            return (EXTRA, SIDE + putting_bot.action(g, seat)[1])
        if kind == GAP_SIDE:
            t = [(self.putters[seat].target(g.card, s, False) or 99, s) for s in range(SIDES)]
            return (EXTRA, SIDE + min(t)[1])
        if kind == ACE_DICE:
            return (EXTRA, ROLL + putting.putt_code(tuple(range(DICE_PER_PLAYER)), -1))
        return None

    def state_ints(self, out):
        """The hole, the action cards laid, the pending landings, the longest putt, the green."""
        out.extend((self.hole, self.longest.holder, self.longest.target, len(self.arrived)))
        out.extend(self.laid)
        for s, came, ace, gap in self.arrived:
            out.extend((s, came[0], came[1], int(ace), int(gap)))
        if self.green is not None:
            self.green.state_ints(out)
