"""Legality in 18 Holes: the choices each decision offers, and the reason a player is
given when one is refused (every rule that says "you may not" is here).

A part of :class:`~teebox.core.holes18.engine.Game` (its state lives there).
"""

from teebox.core import hexgrid, terrain
from teebox.core.contract import as_choice
from teebox.core.holes18 import cards, flight
from teebox.core.holes18.protocol import (
    AIM, BIG_HIT, CHOOSE_ACTION, CHOOSE_CARD, CHOOSE_DECK, CHOOSE_OUTCOME, DECISION_NAMES, DECK,
    DECLARE_DIRECTION, DECLINE, DISCARD, DISCARD_FOR_HITTER, DRAFT_PICK, EXIT_BUNKER, EXTRA,
    FOLLOW, FOLLOW_SPECIAL, HIT_DIRECTION, KEEP, MOVE, OUTCOME, PICK, PLAY, POLICY_KINDS, RESET,
    SELECT, SELECT_CLUB, STOP, VERB_ARITY)
from teebox.core.holes18.hands import PASSED
from teebox.core.holes18.setup import player_name

# The choices without arguments offered beside a turn's clubs and moves, made once (the
# table asks every player's choices at each decision; fresh tuples were garbage).
_CLUB_EXTRAS = ((RESET,), (DECLINE,))
_ACTIONS = ((PLAY,), (BIG_HIT,), (EXIT_BUNKER,), (RESET,))
# Tuples of names imported from another module are built at every use (mpy-cross folds
# only a module's own constants): made once here, as the legal choices ask them often.
SIMULTANEOUS = (SELECT_CLUB, DRAFT_PICK)
_DIRECTION_KINDS = (DECLARE_DIRECTION, HIT_DIRECTION)
ACTION_VERBS = (PLAY, BIG_HIT, EXIT_BUNKER)


class Legality:
    """Choices and refusals: :class:`~teebox.core.holes18.engine.Game` inherits these."""

    def _as_choice(self, choice):
        # A choice as a tuple of ints with the verb's number of arguments.
        return as_choice(choice, VERB_ARITY, _VERB_WORDS, "(MOVE, 2)")

    def _not_acting(self, seat):
        if self.stage in SIMULTANEOUS:
            return "%s is not choosing now" % player_name(seat)
        if self.stage == DISCARD_FOR_HITTER:
            return "%s, to the left of %s, discards for the big hit" % (
                player_name(self.acting[0]), player_name(self.t_player))
        return "it is %s's turn" % player_name(self.acting[0])

    def offers(self, seat):
        """What ``seat`` may choose at club selection now besides laying a club: a reset
        of its hand, declining an extra turn, a mode's or golfer's own choices (the
        ``(RESET,)``, ``(DECLINE,)`` and EXTRA choices of :meth:`choices`, in its
        order). The table asks this of every player at each club selection, so it
        builds no club choices and makes nothing when there is no offer (a shared
        empty tuple)."""
        if self.stage != SELECT_CLUB or seat not in self._acting():
            return ()
        out = ()
        for c in _CLUB_EXTRAS:
            if self._reason(c, seat) is None:
                out = _added(out, c)
        for x in self._extras[seat]:
            for code in x.extra_choices(self, seat, SELECT_CLUB):
                c = (EXTRA, code)
                if self._reason(c, seat) is None:
                    out = _added(out, c)
        return out

    def _candidates(self, seat):
        out = self._rule_candidates(seat)
        for x in self._extras[seat]:
            for code in x.extra_choices(self, seat, self.stage):
                out.append((EXTRA, code))
        return out

    def _rule_candidates(self, seat):
        st = self.stage
        if st >= POLICY_KINDS:
            return []  # a policy's own decision: only its EXTRA choices
        six = range(6)
        if st == DRAFT_PICK:
            return [(PICK, c) for c in self.packets[seat]]
        if st == SELECT_CLUB:
            out = [(SELECT, c) for c in self.players[seat].hand]
            out.extend(_CLUB_EXTRAS)
            return out
        if st == CHOOSE_ACTION:
            out = [(MOVE, d) for d in six]
            out.extend(_ACTIONS)
            return out
        if st == CHOOSE_DECK:
            return [(DECK, i) for i in range(len(cards.DECKS))]
        if st in _DIRECTION_KINDS:
            return [(AIM, d) for d in six]
        n = range(len(self.t_piles))
        if st == FOLLOW_SPECIAL:
            return [(FOLLOW, i) for i in n] + [(STOP,)]
        if st == DISCARD_FOR_HITTER:
            return [(DISCARD, i) for i in n]
        if st == CHOOSE_CARD:
            return [(KEEP, i) for i in n]
        return [(OUTCOME, i) for i in range(len(self.shot_list[self.t_card].outcomes))]

    def _reason(self, choice, seat):
        # None if the choice is legal now, else why not (for the player).
        verb = choice[0]
        st = self.stage
        if verb == EXTRA:
            return self._why_extra(choice[1], seat)
        expect = _VERBS.get(st, ())
        if verb not in expect:
            return "that is not a choice now: the game waits for %s (%s)" % (
                decision_name(st), ", ".join([_VERB_WORDS[v] for v in expect]) or "EXTRA")
        if verb == PICK:
            return self._why_pick(choice[1], seat)
        if verb == SELECT:
            return self._why_select(choice[1], seat)
        if verb == RESET:
            why = self.players[seat].rules.reset_reason(self, seat)
            if why is not None and st == CHOOSE_ACTION and not self._acts_besides_reset(seat):
                why = None  # a golfer's limit leaves the turn one action: the reset
            if why is None and st == SELECT_CLUB:
                why = self._why_reset(seat)
            return why
        if verb == DECLINE:
            if not self.in_extra:
                return "only an extra turn (Chaos Golf fast travel) may be declined: choose a club"
            return None
        if verb == MOVE:
            return self._why_move(choice[1], seat)
        if verb in ACTION_VERBS:
            return self._why_action(verb, seat)
        if verb == DECK:
            return self._why_deck(choice[1])
        if verb == AIM:
            return None if 0 <= choice[1] < 6 else "a direction is a number from 0 to 5"
        if verb == OUTCOME:
            return self._why_outcome(choice[1])
        return self._why_pile(verb, choice)

    def _acts_besides_reset(self, seat):
        # Whether ``seat`` has a legal action this turn other than the reset. (A method
        # of its own: a comprehension in _reason would close over the game and the seat,
        # two cells made at every call of _reason, which every legal choice asks.)
        for c in self._rule_candidates(seat):
            if c[0] != RESET and self._reason(c, seat) is None:
                return True
        return False

    def _policy_of(self, code, seat):
        # The policy that handles (EXTRA, code) for ``seat``, or None.
        for x in self._extras[seat]:
            if code in x.extras:
                return x
        return None

    def _why_extra(self, code, seat):
        x = self._policy_of(code, seat)
        if x is None or code not in x.extra_choices(self, seat, self.stage):
            return "that is not a choice now: the game waits for %s" % decision_name(self.stage)
        return x.extra_reason(self, seat, code)

    def _club_name(self, club):
        return self.clubs[club].name

    def _why_pick(self, club, seat):
        if club not in self.packets[seat]:
            return "that club is not among the cards you are picking from"
        if self.picks[seat] == PASSED:
            return "you have passed this draft round"
        return self.players[seat].rules.pick_reason(self, seat, club)

    def _why_select(self, club, seat):
        p = self.players[seat]
        if club in p.hand:
            for x in self.added:
                why = x.select_reason(self, seat, club)
                if why is not None:
                    return why
            return p.rules.select_reason(self, seat, club)
        if 0 <= club < len(self.clubs):
            if club in p.discards:
                return ("the %s is on your discard pile: play your other clubs first"
                        % self._club_name(club))
            return "the %s is not in your hand" % self._club_name(club)
        return "there is no club number %d" % club

    def _why_reset(self, seat):
        p = self.players[seat]
        for c in p.hand:  # (a loop: a comprehension would allocate a closure a call)
            if not self.usable(seat, c):
                break
        else:
            return ("you may reset your hand before choosing only when a club in it cannot "
                    "be used (like the Driver off a tee box)")
        if not p.discards:
            return "your discard pile is empty: there is nothing to take back"
        return None

    def _why_move(self, d, seat):
        if not 0 <= d < 6:
            return "a direction is a number from 0 to 5"
        if self.lie(seat) == flight.LIE_BUNKER:
            return "you are in a bunker: exit it or reset your hand (no moving one hex)"
        p = self.players[seat]
        q, r = hexgrid.neighbour(p.q, p.r, d)
        kind = self.course.terrain(q, r)
        if kind == terrain.OFF:
            return "you cannot move off the course"
        if not terrain.standable(kind):
            return "you cannot move onto the %s" % terrain.NAMES[kind]
        return self.effects.enter_reason(kind)

    def _why_action(self, verb, seat):
        club = self.t_club
        c = self.clubs[club]
        if not self.usable(seat, club):
            return "the %s can only be played from a tee box" % c.name
        in_bunker = self.lie(seat) == flight.LIE_BUNKER
        if verb == EXIT_BUNKER:
            if not in_bunker:
                return "you are not in a bunker"
            if not c.decks:
                return "the %s shows no shot deck, so it cannot get you out of a bunker" % c.name
            return self._short_of(c.decks, 1)
        if in_bunker and self.lie(seat, club) == flight.LIE_BUNKER:
            return "you are in a bunker: exit it or reset your hand"
        why = self.effects.action_reason(self, seat, verb, club)
        if why is not None:
            return why
        if verb == BIG_HIT:
            if c.big_hit_deck() is None:
                return "the %s cannot make a big hit" % c.name
            return self._short_of((c.big_hit_deck(),), c.big_hit_count())
        return self._short_of(c.decks, c.count) if c.decks else None

    def _why_deck(self, i):
        c = self.clubs[self.t_club]
        if 0 <= i < len(cards.DECKS) and cards.DECKS[i] in c.decks:
            why = self.effects.deck_reason(self, self.t_player, cards.DECKS[i])
            if why is not None:
                return why
            return self._short_of((cards.DECKS[i],),
                                  1 if self.t_action == EXIT_BUNKER else c.count)
        return "the %s draws from deck %s" % (c.name, " or ".join(c.decks))

    def _short_of(self, decks, count):
        # None if one of ``decks`` can give ``count`` cards, else why not (the first deck).
        for d in decks:
            if self._available(d) >= count:
                return None
        have = self._available(decks[0])
        return ("deck %s has %d card%s left to draw (the others are out on the table) and "
                "this needs %d: choose another action" % (decks[0], have,
                                                        "" if have == 1 else "s", count))

    def _why_pile(self, verb, choice):
        if verb == STOP:
            if self._playable_count() < self._needed_playable():
                return "no card you could play would be left: follow a special card first"
            return None
        i = choice[1]
        if not 0 <= i < len(self.t_piles):
            return "there is no card %d: %d cards are showing" % (i, len(self.t_piles))
        top = self.shot_list[self.t_piles[i][-1]]
        if verb == FOLLOW:
            if top.special not in cards.FOLLOWED:
                return "that card is not a super, short or shuffle card"
            if not self._followable(self.t_piles[i]):
                return "the deck that card sends to has no card left: every card is out"
            return None
        if verb == KEEP:
            why = self.players[self.t_player].rules.keep_reason(self, self.t_player, i)
            if why is not None:
                return why
            if i == self.t_discarded:
                return "that card was discarded by %s" % player_name(self.left_of(self.t_player))
            if not top.outcomes:
                return ("a %s card has no flight path: choose a card you can play"
                        % cards.SPECIAL_NAMES[top.special])
        return None

    def _why_outcome(self, i):
        if i not in self._legal_outcomes():
            if 0 <= i < len(self.shot_list[self.t_card].outcomes):
                return ("that outcome goes out of bounds: with a wild card you must take an "
                        "outcome that stays in play")
            return "this card has no outcome %d" % i
        return None


def _added(out, c):
    # ``out`` (a list, or the empty tuple while nothing is in it) with ``c`` appended.
    if not out:
        out = []
    out.append(c)
    return out


# Verbs each decision accepts, and how messages call them.
_VERBS = {
    DRAFT_PICK: (PICK,),
    SELECT_CLUB: (SELECT, RESET, DECLINE),
    CHOOSE_ACTION: (MOVE, PLAY, BIG_HIT, EXIT_BUNKER, RESET),
    CHOOSE_DECK: (DECK,),
    DECLARE_DIRECTION: (AIM,),
    HIT_DIRECTION: (AIM,),
    FOLLOW_SPECIAL: (FOLLOW, STOP),
    DISCARD_FOR_HITTER: (DISCARD,),
    CHOOSE_CARD: (KEEP,),
    CHOOSE_OUTCOME: (OUTCOME,),
}
_VERB_WORDS = ("", "PICK", "SELECT", "RESET", "MOVE", "PLAY", "BIG_HIT", "EXIT_BUNKER", "DECK",
               "AIM", "FOLLOW", "STOP", "DISCARD", "KEEP", "OUTCOME", "DECLINE", "EXTRA")


def decision_name(kind):
    """How messages name a decision kind (a policy's own kinds by number)."""
    if kind < len(DECISION_NAMES):
        return DECISION_NAMES[kind]
    return "decision %d of a mode or golfer" % kind

