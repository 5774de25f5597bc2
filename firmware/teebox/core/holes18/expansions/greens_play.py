"""Reading the Greens in the engine: the green deck, the card revealed at each tee, arriving
on the green (the side, the Gap Wedge, the hole-in-one roll), the two player action cards laid
in secret like clubs, the putting order, the putting and change-of-position turns, the Mallet
Putter and the longest putt card. The putting itself is :class:`~.putting.Putting`, one per
green in play: a golfer putts on the green of the hole it plays (``PlayerState.hole``), so in
Golf Racing, where golfers spread over the holes, several greens are in play at once.

Sinking the putt is the mode's arrival on the green (its ``on_reach``), so every mode that
plays the expansion scores a hole its own way; what the expansion asks of a mode is one fact,
``plays_out`` (a sunk putt ends nobody else's hole). The Chaos Golf modes do not play it
(:func:`teebox.core.holes18.expansions.refusal`, checked by ``Setup``).

Choices are ``(EXTRA, code)`` with the codes below, decisions of its own the kinds below;
outputs are tuples with the ``OUT_*`` kinds below (after the engine's own).
"""

from teebox.core import hexgrid
from teebox.core.holes18.expansions import greens, peter, putting, putting_bot
from teebox.core.holes18.expansions.greens_data import DICE_PER_PLAYER, SIDES
from teebox.core.holes18.expansions.putting import CHANGE, PUTT, SUNK
from teebox.core.holes18.policy import LAID, Module
from teebox.core.holes18.protocol import (
    EXTRA, OUT_CLUB_DISCARDED, POLICY_KINDS, SELECT_CLUB)

# Decisions of its own (Game.pending().kind): after the wind's (POLICY_KINDS + 48), as both
# modules may be played in one game and a kind names one decision.
PUTT_DICE = POLICY_KINDS + 56     # which dice to roll, whose pool die to use: ROLL + putt_code
USE_MALLET = POLICY_KINDS + 57    # discard the Mallet Putter to re-roll a die: MALLET + die, KEEP
NEW_SIDE = POLICY_KINDS + 58      # change of position: SIDE + an adjacent side
GAP_SIDE = POLICY_KINDS + 59      # Gap Wedge on the green: SIDE + the side to putt from
ACE_DICE = POLICY_KINDS + 60      # the hole-in-one roll: ROLL + putt_code (no pool die)
KINDS = (PUTT_DICE, USE_MALLET, NEW_SIDE, GAP_SIDE, ACE_DICE)

# Codes of its (EXTRA, code) choices.
ACTION = 1024    # + PUTT or CHANGE: the player action card laid at SELECT_CLUB
SIDE = 1032      # + side 0-5
MALLET = 1040    # + die 0-6
KEEP = 1047      # no Mallet re-roll
ROLL = 2048      # + putting.putt_code(roll, borrow)
_CODES = range(ACTION, ROLL + (1 << (DICE_PER_PLAYER + 3)))

# Outputs: above the modes' own (64 on), so no mode's output reads as a putt.
OUT_GREEN_CARD = 96   # (k, hole, card index in greens.cards, turn): revealed beside the green
OUT_ON_GREEN = 97     # (k, seat, side): the golfer's meeple on that side of the green card
OUT_ACTIONS = 98      # (k, ((seat, PUTT or CHANGE), ...)): action cards revealed
OUT_PUTT = 99         # (k, seat, target, throws, total, flags, outcome): ((die, face, flags)...)
OUT_POOL = 100        # (k, seat, die, face): into the dice pool
OUT_CHANGED = 101     # (k, seat, side): changed position
OUT_LONGEST_PUTT = 102  # (k, seat, target): now holds the longest putt card
OUT_RETRIEVED = 103   # (k, seat, hole): a racer takes its pool die back from that green
# (k, seat, target, throws, total, flags, outcome), as OUT_PUTT: the roll for a hole-in-one
# of a tee shot onto the green, no putt (sunk: OUT_HOLE_IN_ONE follows). Its own kind, so
# no reader of the outputs (scorecards, replay, the score history) tells it from the putts
# by the turn it came in.
OUT_ACE_ROLL = 104
# (k, seat, target, throws, total, flags, outcome), as OUT_PUTT: the putt just thrown, again
# after the Mallet Putter re-rolled one die (no stroke: it replaces that putt).
OUT_MALLET_ROLL = 105


class GreensPlay(Module):
    """Reading the Greens for one game (``game.added``), its data ``game.green_cards``.
    ``greens``: the green in play of each hole a golfer plays, by hole number."""

    # A range, not a tuple: membership costs no 2048-int tuple on the board.
    extras = _CODES  # type: ignore[assignment]

    def __init__(self, game):
        data = game.green_cards
        if data is None:
            raise ValueError("Reading the Greens needs the putting dice and green cards: "
                             "Game(..., greens=shipped.load_default_greens())")
        self.data = data
        self.putters = []          # each seat's putting rules (Peter's), set at the first tee
        self.deck = greens.deck(data, game.course.greens, game.course.hole_count, game.rng)
        self.greens = {}           # hole -> its putting.Putting, while a golfer plays it
        self.hole = 0              # the hole whose green card was revealed last
        self.laid = []             # per seat PUTT / CHANGE laid this round, 0 none
        self.arrived = []          # (seat, came, hole_in_one, gap) landings still to settle
        self.longest = putting.LongestPutt()

    @property
    def green(self):
        """The green of the hole whose card was revealed last (None before the first tee):
        the hole in play in every mode but Golf Racing (there: :meth:`green_of`)."""
        return self.greens.get(self.hole)

    def green_of(self, game, seat):
        """The green ``seat`` putts on: its hole's (None before the first tee)."""
        return self.greens.get(game.players[seat].hole)

    # ------------------------------------------------------------ holes and arrivals

    def new_hole(self, game, seats, hole, outs):
        """"When players arrive at a new tee box. Reveal the next green card." The golfers
        teeing off together start the hole afresh ("MOVE TO NEXT HOLE ... Every one should
        take back any dice from the dice pool"); where golfers spread over the holes (Golf
        Racing) a racer joins the green of a hole others still play as it lies, and a green
        nobody plays any more is put away."""
        if not self.putters:
            self.putters = [peter.putter(p.golfer_choice) for p in game.players]
            self.laid = [0] * len(game.players)
        if not game.mode.spread:
            self.greens = {}
        playing = [p.hole for p in game.players]
        for h in list(self.greens):
            if h not in playing:
                del self.greens[h]
        if hole in self.greens:
            return
        self.hole = hole
        card = self.deck[hole - 1]
        self.greens[hole] = putting.Putting(self.data, card, self.putters, game.rng)
        outs.append((OUT_GREEN_CARD, hole, self.data.cards.index(card),
                     greens.card_turn(game.course, hole)))

    def on_green(self, game, p, hole, came, hole_in_one, outs):
        """"When a player reaches the GREEN place your meeple on the GREEN CARD on the side that
        they arrived from"; "Players no longer score flags when they reach the green". Golf
        Racing: "they leave their die on the green card until they reach the next green. At
        this point they retrieve their die and it's no longer available to be used by other
        players on that green"."""
        for h in sorted(self.greens):
            if h != hole and self.greens[h].retrieve(p.seat):
                outs.append((OUT_RETRIEVED, p.seat, h))
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
            if self.green_of(game, s).side[s] == putting.OFF:
                q, r = game.players[s].position()
                self._place(game, s, self._side_from(game, s, q, r, came), outs)
            if ace:
                self.arrived[0] = (s, came, False, False)
                game.ask(ACE_DICE, s)
                return True
            self.arrived.pop(0)
        return False

    def _side_from(self, game, seat, q, r, came):
        d = hexgrid.direction_between(q, r, came[0], came[1])
        turn = greens.card_turn(game.course, game.players[seat].hole)
        return (d - turn) % SIDES if d >= 0 else 0

    def _place(self, game, seat, side, outs):
        self.green_of(game, seat).arrive(seat, side)
        outs.append((OUT_ON_GREEN, seat, side))

    # ------------------------------------------------------------ the action cards

    def _on(self, game, seat):
        g = self.green_of(game, seat)
        return g is not None and g.side[seat] != putting.OFF and seat not in g.sunk

    def select_reason(self, game, seat, club):
        """"Players that are on the GREEN must select one of the two player actions cards." """
        if self._on(game, seat):
            return "you are on the green: lay your PUTT or CHANGE POSITION card"
        return None

    def extra_choices(self, game, seat, kind):
        """The action cards at SELECT_CLUB for a golfer on the green; the codes of its own
        decisions."""
        if kind == SELECT_CLUB:
            return (ACTION + PUTT, ACTION + CHANGE) if self._on(game, seat) else ()
        # The putts as ranges: a tuple of a 5-player putt's 767 codes was 3 kB, made again
        # for every choice the engine checks (so 767 times a listing of the choices).
        if kind == PUTT_DICE:
            if self.green_of(game, seat).side[seat] == putting.CENTRE:
                return (ROLL,)
            return range(ROLL + 1, ROLL + ((len(game.players) + 1) << DICE_PER_PLAYER))
        if kind == ACE_DICE:
            return range(ROLL + 1, ROLL + (1 << DICE_PER_PLAYER))
        if kind == USE_MALLET:
            return tuple([MALLET + d for d in range(DICE_PER_PLAYER)]) + (KEEP,)
        if kind in (NEW_SIDE, GAP_SIDE):
            return tuple([SIDE + s for s in range(SIDES)])
        return ()

    def extra_reason(self, game, seat, code):
        """Why a choice is refused now (None: legal)."""
        g = self.green_of(game, seat)
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
        g = self.green_of(game, seat)
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
                self._show(g.mallet(seat, code - MALLET), outs, OUT_MALLET_ROLL)
            self._settle(game, seat, outs)
        elif kind == NEW_SIDE:
            g.change(seat, code - SIDE)
            outs.append((OUT_CHANGED, seat, code - SIDE))
            game.finish_turn()
        elif kind == GAP_SIDE:
            self._place(game, seat, code - SIDE, outs)
            game.resume()
        else:  # ACE_DICE
            roll, borrow = putting.putt_args(code - ROLL)
            putt = g.hole_in_one(seat, roll)
            self._show(putt, outs, OUT_ACE_ROLL)
            if putt.outcome == SUNK:
                g.sunk.append(seat)
                p = game.players[seat]
                game.mode.on_reach(game, p, p.hole, True, outs)
            self.arrived.pop(0)
            game.resume()

    def _mallet(self, game, seat):
        # The Mallet Putter in the hand, or -1.
        for c in game.players[seat].hand:
            if game.clubs[c].putter:
                return c
        return -1

    def _show(self, putt, outs, kind=OUT_PUTT):
        outs.append((kind, putt.seat, putt.target, tuple(putt.throws), putt.total,
                     putt.flags, putt.outcome))

    def _settle(self, game, seat, outs):
        g = self.green_of(game, seat)
        putt = g.settle(seat)
        if putt.pooled >= 0:
            outs.append((OUT_POOL, seat, putt.pooled, g.values[seat][putt.pooled]))
        if putt.outcome == SUNK:
            # Sinking the putt completes the hole: the mode's arrival ("The player who SUNK
            # THE PUTT takes the FLAG" in Match Play, at the end of the round, which is "the
            # last round on this hole"; Stroke Play scores the strokes at once).
            p = game.players[seat]
            game.mode.on_reach(game, p, p.hole, False, outs)
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
            return self.green_of(game, seat).order_key(seat, self.laid[seat])
        return (2,) + tuple(key)

    def start_turn(self, game, seat, outs):
        """A putt or a change of position: "Players with CHANGE POSITION actions retrieve the
        card and end their turn" once the putt is sunk this round, where that ends the hole
        (not in a mode whose golfers play the hole out: ``plays_out``)."""
        if game.players[seat].chosen != LAID:
            return
        action = self.laid[seat]
        self.laid[seat] = 0
        g = self.green_of(game, seat)
        if action == PUTT:
            game.ask(PUTT_DICE, seat)
        elif (g.sunk and not game.mode.plays_out) or g.action_reason(seat, CHANGE):
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
        g = self.green_of(game, seat)
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
        """The hole, the action cards laid, the pending landings, the longest putt, the greens."""
        out.extend((self.hole, self.longest.holder, self.longest.target, len(self.arrived)))
        out.extend(self.laid)
        for s, came, ace, gap in self.arrived:
            out.extend((s, came[0], came[1], int(ace), int(gap)))
        for h in sorted(self.greens):
            out.append(h)
            self.greens[h].state_ints(out)
