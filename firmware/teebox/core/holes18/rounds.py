"""Round and turn flow of 18 Holes: selecting clubs, revealing them, the initiative
order, each turn's start and end, extra turns, and the services modes call to move
the game on (tee off, next hole, award, finish, a policy's own decision).

A part of :class:`~teebox.core.holes18.engine.Game` (its state lives there).
"""

from teebox.core.holes18.policy import LAID
from teebox.core.holes18.protocol import (
    CHOOSE_ACTION, CHOOSE_CARD, CHOOSE_OUTCOME, DISCARD_FOR_HITTER, FOLLOW_SPECIAL, GAME_OVER,
    OUT_BORROWED, OUT_CHOSEN, OUT_CLUB_DISCARDED, OUT_CLUB_RETURNED, OUT_EXTRA_TURN,
    OUT_GAME_OVER, OUT_HAND_RESET, OUT_MISS_TURN, OUT_NEXT_HOLE, OUT_ORDER, OUT_REVEAL,
    OUT_SCORED, OUT_TURN, POLICY_KINDS, RESET_EMPTY, SELECT_CLUB)

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[misc]
        return x

# Steps the engine runs by itself between decisions (never returned by pending()).
BEGIN_ROUND = const(101)
NEXT_TURN = const(102)
END_TURN = const(103)
END_ROUND = const(104)
DEAL = const(105)   # the clubs are dealt (after a mode's own setup: Mode.before_hands)
PLAY_ORDER = const(106)  # the clubs are revealed: the play order is next (a golfer may ask first)

# Card-handling decisions with a single legal choice are taken without asking.
_AUTO = (FOLLOW_SPECIAL, CHOOSE_CARD, CHOOSE_OUTCOME)


class RoundFlow:
    """The rounds and turns: :class:`~teebox.core.holes18.engine.Game` inherits these."""

    def seats(self):
        """All seats, ``(0, ..., n - 1)``."""
        return tuple(range(len(self.players)))

    def left_of(self, seat):
        """The seat to a player's left (who discards for their big hit)."""
        return (seat + 1) % len(self.players)

    # ------------------------------------------------------------ hooks for modes

    def tee_off(self, seats, hole, outs):
        """Put these golfers on the tee of ``hole`` with hazard effects cleared."""
        par, tq, tr, gq, gr = self.course.hole(hole)
        for s in seats:
            self.players[s].new_hole(hole, tq, tr)
        outs.append((OUT_NEXT_HOLE, tuple(seats), hole, tq, tr))
        for x in self.added:
            x.new_hole(self, seats, hole, outs)  # the wind card of the hole

    def next_hole(self, outs):
        """Everyone to the next tee together, or the game ends after the last hole."""
        hole = self.players[0].hole + 1
        if hole > self.course.hole_count:
            self.finish(outs)
        else:
            self.tee_off(self.seats(), hole, outs)

    def award(self, p, hole, kind, points, outs):
        """Score ``points`` of ``kind`` (a flag, token, strokes...) for ``hole``."""
        p.score += points
        p.tokens.append((hole, kind))
        outs.append((OUT_SCORED, p.seat, hole, kind, points))

    def finish(self, outs):
        """End the game now and announce the standings."""
        self.over = True
        self.stage = GAME_OVER
        self.acting = ()
        outs.append((OUT_GAME_OVER, self.standings()))

    def ask(self, kind, seat):
        """Wait for a policy's own decision ``kind`` (``protocol.POLICY_KINDS`` and up)
        by ``seat``: its choices are the policies' EXTRA choices. The handler of one
        of them calls :meth:`resume` to go back to where the game was."""
        if kind < POLICY_KINDS:
            raise ValueError("a policy's decision kind is %d or more, not %d"
                             % (POLICY_KINDS, kind))
        self._asked = (self.stage, self.acting)
        self.stage = kind
        self.acting = (seat,)

    def resume(self):
        """Back to the decision the game waited for before :meth:`ask`."""
        self.stage, self.acting = self._asked
        self._asked = None

    def finish_turn(self):
        """End the turn being played now, from a policy's own decision (a putt) or a
        module's ``start_turn`` that plays the whole turn."""
        self._asked = None
        self.stage = END_TURN

    def lay_card(self, seat, card, outs):
        """``seat`` lays ``card`` face down at SELECT_CLUB: a club index, or
        ``policy.LAID`` for a module's own card (Reading the Greens' putt and
        change of position cards); the reveal follows the last one laid."""
        self.players[seat].chosen = card
        outs.append((OUT_CHOSEN, seat))
        # (a loop: a comprehension would make the game a cell at every club laid)
        for s in self.selecting:
            if self.players[s].chosen == -1:
                break
        else:
            self._reveal(outs)

    def use_club(self, club, owner, outs):
        """The turn's player plays ``club`` of ``owner`` in place of its own (Slick Rikesh);
        only before the turn's action."""
        self.t_club = club
        outs.append((OUT_BORROWED, self.t_player, club, owner))

    def reopen_selection(self, seat, outs):
        """Everyone but ``seat`` who laid a club face down takes it back up and chooses
        again (a card was shown before the reveal: Bunjil's B-side)."""
        for s in self.selecting:
            if s != seat:
                self.players[s].chosen = -1

    def peek(self, deck):
        """The top card (shot index) of ``deck``'s draw pile, or -1 if it is empty (Bunjil)."""
        if deck not in self.shots or not self.decks.remaining(deck):
            return -1
        return self._shot_at[self.decks.peek(deck).id]

    def face_up(self, deck):
        """The card (shot index) lying face up on top of ``deck`` for all players to see
        (Bunjil's B-side returned it so), or -1: what every seat, and every bot, may
        know of a deck's order."""
        card = self.decks.shown(deck) if deck in self.shots else None
        return -1 if card is None else self._shot_at[card.id]

    def take_top(self, deck):
        """Draw the top card of ``deck`` for a golfer to hold (Bunjil's B-side keeps it)."""
        return self._draw(deck, 0, [])

    def _start_play(self, outs):
        self.mode.start(self, outs)
        self.stage = BEGIN_ROUND
        for p in self.players:
            if p.rules.start_play(self, p.seat):
                return  # a golfer's own decision first (Dorian names his club)
        self._advance(outs)

    def _advance(self, outs):
        # Run the engine's own steps until a player must decide.
        while True:
            st = self.stage
            if (st == BEGIN_ROUND or st == NEXT_TURN) and self.mode.between_turns(self, outs):
                continue  # the mode asked a decision of its own (Kelly Golf) or ended the game
            if st == BEGIN_ROUND:
                self._begin_round(outs)
            elif st == DEAL:
                self._deal(outs)
            elif st == NEXT_TURN:
                self._next_turn(outs)
            elif st == END_TURN:
                self._end_turn(outs)
            elif st == PLAY_ORDER:
                self._play_order(outs)
            elif st == END_ROUND:
                self.mode.end_of_round(self, outs)
                if not self.over:
                    self.stage = BEGIN_ROUND
            elif st in _AUTO:
                seat = self.acting[0]
                legal = self.choices(seat)
                if len(legal) != 1:
                    return
                self._do(legal[0], seat, outs)
            elif st == DISCARD_FOR_HITTER and len(self.players) == 1:
                # Solo: "shuffle the shot cards you have as options and discard one at random".
                self._discard_pile(self.rng.below(len(self.t_piles)), self.t_player, outs)
            else:
                return

    def _begin_round(self, outs):
        self.round += 1
        for p in self.players:
            if p.rules.resets_hand(self, p.seat) and p.reset_hand():
                outs.append((OUT_HAND_RESET, p.seat, RESET_EMPTY))
        selecting = []
        for p in self.players:
            if not self.mode.takes_part(self, p):
                continue
            if p.miss_turn:
                # "On your next turn, stand your golfer up and skip the round."
                p.miss_turn = False
                p.missed += 1
                outs.append((OUT_MISS_TURN, p.seat))
                continue
            selecting.append(p.seat)
        self.order = []
        self.order_pos = 0
        self.round_keys = {}
        self.extra_queue = []
        self.in_extra = False
        if not selecting:
            self.stage = END_ROUND
            return
        self._ask_selection(selecting)

    def _ask_selection(self, seats):
        self.selecting = list(seats)
        self.acting = tuple(seats)
        self.stage = SELECT_CLUB

    def _reveal(self, outs):
        shown = []
        for s in self.selecting:
            p = self.players[s]
            if p.chosen >= 0:  # (a module's own card is no club: the module shows it)
                p.hand.remove(p.chosen)
                shown.append((s, p.chosen))
        outs.append((OUT_REVEAL, tuple(shown)))
        for x in self.added:
            x.revealed(self, outs)
        if self.in_extra:
            self._start_turn(self.selecting[0], outs)
            return
        self.stage = PLAY_ORDER
        for s in self.selecting:
            if self.players[s].rules.after_reveal(self, s, outs):
                return  # its answer resumes at PLAY_ORDER
        self._play_order(outs)

    def _play_order(self, outs):
        for s in self.selecting:
            p = self.players[s]
            key = p.rules.order_key(self, s) if p.chosen != LAID else ()
            for x in self.added:
                key = x.order_key(self, s, key)
            self.round_keys[s] = key
        self.order = sorted(self.selecting, key=lambda s: self.round_keys[s])
        outs.append((OUT_ORDER, tuple(self.order)))
        self.stage = NEXT_TURN

    def _next_turn(self, outs):
        if self.order_pos < len(self.order):
            self.order_pos += 1
            self._start_turn(self.order[self.order_pos - 1], outs)
            return
        # Extra turns (Chaos Golf fast travel) follow the round, in initiative order.
        while self.extra_queue:
            s = self.extra_queue.pop(0)
            if self.players[s].hand:  # "If you have no clubs in your hand ... no additional turns"
                self.in_extra = True
                outs.append((OUT_EXTRA_TURN, s))
                self._ask_selection((s,))
                return
        self.stage = END_ROUND

    def _clear_turn(self):
        self.t_player = -1
        self.t_club = -1
        self.t_action = 0
        self.t_deck = ""
        self.t_declared = -1
        self.t_piles = []
        self.t_discarded = -1
        self.t_pile = -1
        self.t_card = -1
        self.t_dir = -1
        self.t_outcome = -1
        self.t_out = False
        self.t_moved = False
        self.t_held = -1
        self._stay_key = None   # the (card, direction, q, r) _legal_outcomes last answered
        self._stay = None

    def _start_turn(self, seat, outs):
        self._clear_turn()
        p = self.players[seat]
        p.turns += 1
        self.t_player = seat
        self.t_club = p.rules.turn_club(self, seat)
        self.acting = (seat,)
        self.stage = CHOOSE_ACTION
        outs.append((OUT_TURN, seat, self.t_club, int(self.in_extra)))
        for x in self.added:
            x.start_turn(self, seat, outs)

    def _end_turn(self, outs):
        seat = self.t_player
        p = self.players[seat]
        for x in self.added:
            if x.before_end_turn(self, seat, outs):
                return  # its answer resumes here
        if p.chosen == LAID:
            # A module's own card (Reading the Greens): back to its owner, no club spent.
            p.chosen = -1
            p.rules.turn_ended(self, seat, outs)
            self.stage = NEXT_TURN
            return
        for pile in self.t_piles:
            for shot in pile:
                if shot != self.t_held:
                    self.decks.discard(self.shot_list[shot])
        club = self.t_club
        if club != p.chosen:
            # Another player's club was played (Slick Rikesh): it stays its owner's;
            # the club laid face down is spent or goes back as the golfer says.
            club = p.chosen
            back = self.t_out or not p.rules.spends_own_club()
        else:
            back = self.t_out or p.rules.keeps_club(self.clubs[club])
        if back:
            # "When you are out-of-bounds ... Return your club to your hand."
            p.hand.append(club)
            p.hand.sort()
            outs.append((OUT_CLUB_RETURNED, seat, club))
        else:
            p.discards.append(club)
            p.discards.sort()
            outs.append((OUT_CLUB_DISCARDED, seat, club))
        p.chosen = -1
        p.rules.turn_ended(self, seat, outs)
        if self.mode.extra_turn(self, p, self.t_moved):
            if self.in_extra:
                self.extra_queue.insert(0, seat)  # an extra turn chains straight on
            else:
                self._queue_extra(seat)
        self.stage = NEXT_TURN

    def _queue_extra(self, seat):
        key = self.round_keys[seat]
        i = 0
        while i < len(self.extra_queue) and self.round_keys[self.extra_queue[i]] < key:
            i += 1
        self.extra_queue.insert(i, seat)
